"""The Battle Arena: one disc per region of Scar around a round arena.

A disc turned over to a new owner flips on screen (a card-like half turn) so the players
see which disc changed hands (View → Animations, `gui.storage.animations_on()`); a click
on the arena ends a flip at once.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QRadialGradient,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gui import storage
from gui.fistful.scar_map import BoardPiece, RegionBoardView, SwordsItem, blend
from gui.kit.paper import HALO, INK, paper_texture, serif_font

if TYPE_CHECKING:
    from maps.scar import ScarMap

FLIP_MS = 600
NEUTRAL = QColor("#d9ccb0")


class DiscItem(QGraphicsItem, BoardPiece):
    """A region's disc; `face` is the colour on top now, `flips` counts turns seen half-way."""

    def __init__(self, name: str, terrain: str, terrain_colour: str, radius: float) -> None:
        super().__init__()
        self.init_piece(name, f"{name} \u2014 {terrain}")
        self.radius = radius
        self.terrain_colour = QColor(terrain_colour)
        self.owner: int | None = None
        self.face = QColor(NEUTRAL)
        self.removed = False
        self.flips = 0
        self._target: QColor | None = None
        self._anim: QVariantAnimation | None = None
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._circle = QPainterPath()
        self._circle.addEllipse(QPointF(0, 0), radius, radius)
        font = serif_font(17, bold=True)
        while font.pixelSize() > 9 and QFontMetricsF(font).horizontalAdvance(name) > 2 * radius - 18:
            font.setPixelSize(font.pixelSize() - 1)
        self._name_font = font
        self.refresh_tooltip()

    @property
    def flipping(self) -> bool:
        return self._anim is not None

    def boundingRect(self) -> QRectF:
        r = self.radius + 16
        return QRectF(-r, -r, 2 * r, 2 * r + 6)

    def shape(self) -> QPainterPath:
        return self._circle

    def show_owner(self, owner: int | None, face: QColor, removed: bool, flip: QVariantAnimation | None) -> None:
        """Turn the disc to `face`; with an animation it flips there, swapping colour half-way."""
        self.removed = removed
        self.owner = owner
        self._stop()
        if flip is None:
            self.face = QColor(face)
            self.update()
            return
        self._target = QColor(face)
        self._anim = flip
        flip.setStartValue(0.0)
        flip.setEndValue(1.0)
        flip.setDuration(FLIP_MS)
        flip.setEasingCurve(QEasingCurve.Type.InOutQuad)
        flip.valueChanged.connect(self._on_flip)
        flip.finished.connect(self._stop)
        flip.start(QVariantAnimation.DeletionPolicy.DeleteWhenStopped)

    def _on_flip(self, t: float) -> None:
        if self._target is not None and t >= 0.5:
            self.face = self._target
            self._target = None
            self.flips += 1
        self.setTransform(QTransform.fromScale(max(0.03, abs(math.cos(math.pi * t))), 1.0))

    def finish_flip(self) -> None:
        """Show the new face now (the flip, if any, ends)."""
        if self.flipping:
            self._stop()

    def _stop(self) -> None:
        anim, self._anim = self._anim, None
        if anim is not None:
            anim.valueChanged.disconnect(self._on_flip)
            anim.finished.disconnect(self._stop)
            anim.stop()
        if self._target is not None:
            self.face = self._target
            self._target = None
            self.flips += 1
        self.setTransform(QTransform())
        self.update()

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.radius
        if self.removed:
            self._paint_slot(p, r)
        else:
            self._paint_disc(p, r)
        self.paint_state(p, self._circle)

    def _paint_slot(self, p: QPainter, r: float) -> None:
        g = QRadialGradient(QPointF(0, -r * 0.2), r * 1.1)
        g.setColorAt(0, QColor(90, 72, 50, 150))
        g.setColorAt(0.8, QColor(60, 45, 30, 170))
        g.setColorAt(1, QColor(30, 20, 12, 200))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(g)
        p.drawEllipse(QPointF(0, 0), r, r)
        p.setPen(QPen(QColor(245, 232, 205, 150), 2, Qt.PenStyle.DashLine))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(QPointF(0, 0), r - 3, r - 3)
        p.setFont(self._name_font)
        p.setPen(QColor(245, 232, 205, 170))
        p.drawText(QRectF(-r, -r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, self.name)

    def _paint_disc(self, p: QPainter, r: float) -> None:
        face = self.face
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 90))
        p.drawEllipse(QPointF(3, 9), r, r)
        p.setBrush(face.darker(180))
        p.drawEllipse(QPointF(0, 6), r, r)
        g = QRadialGradient(QPointF(-r * 0.35, -r * 0.45), r * 1.7)
        g.setColorAt(0, face.lighter(140))
        g.setColorAt(0.5, face)
        g.setColorAt(1, face.darker(140))
        p.setBrush(g)
        p.setPen(QPen(QColor("#6b4f1d"), 2.2))
        p.drawEllipse(QPointF(0, 0), r, r)
        p.setPen(QPen(QColor("#e2b857"), 1.6))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(QPointF(0, 0), r - 3.5, r - 3.5)
        inner = r * 0.62
        land = blend(self.terrain_colour, face, 0.15)
        lg = QRadialGradient(QPointF(-inner * 0.3, -inner * 0.4), inner * 1.6)
        lg.setColorAt(0, land.lighter(135))
        lg.setColorAt(1, land)
        medal = QPainterPath()
        medal.addEllipse(QPointF(0, 0), inner, inner)
        p.setBrush(lg)
        p.setPen(QPen(face.darker(160), 1.4))
        p.drawPath(medal)
        p.save()
        p.setClipPath(medal)
        p.fillPath(medal, paper_texture())
        p.restore()
        text = QPainterPath()
        text.addText(0, 0, self._name_font, self.name)
        text.translate(-text.boundingRect().center())
        p.strokePath(text, QPen(HALO, 4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        p.fillPath(text, INK)


class CaptionItem(QGraphicsItem):
    """Words in the middle of the arena, e.g. which battle is being fought."""

    def __init__(self, width: float) -> None:
        super().__init__()
        self._width = width
        self._text = ""
        self._font = serif_font(26, bold=True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def text(self) -> str:
        return self._text

    def set_text(self, text: str) -> None:
        self._text = text
        self.update()

    def boundingRect(self) -> QRectF:
        w = self._width
        return QRectF(-w / 2, -w / 3, w, 2 * w / 3)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if not self._text:
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        box = self.boundingRect()
        flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        p.setFont(self._font)
        p.setPen(QColor(255, 246, 225, 200))
        for dx, dy in ((-1.5, 0), (1.5, 0), (0, -1.5), (0, 1.5), (-1, -1), (1, 1), (-1, 1), (1, -1)):
            p.drawText(box.translated(dx, dy), flags, self._text)
        p.setPen(QColor("#3a2612"))
        p.drawText(box, flags, self._text)


class ArenaView(RegionBoardView):
    """The twelve regional discs; same selection and highlight calls as `ScarMapView`."""

    def __init__(self, scar: ScarMap | None = None, parent: QWidget | None = None) -> None:
        from maps.scar import default_scar

        self.scar = scar if scar is not None else default_scar()
        w, h = self.scar.arena_size
        super().__init__(QRectF(0, 0, w, h), parent)
        self.centre = QPointF(w / 2, h / 2)
        self.disc_radius = self.scar.disc_radius
        self.ring_radius = sum(math.dist(c, (w / 2, h / 2)) for c in self.scar.arena.values()) / len(self.scar.arena)
        self.discs: dict[str, DiscItem] = {}
        for r in self.scar.regions:
            disc = DiscItem(r.name, r.terrain, r.colour, self.disc_radius)
            disc.face = blend(NEUTRAL, r.colour, 0.12)
            disc.setPos(*self.scar.arena[r.name])
            self.scene().addItem(disc)
            self.discs[r.name] = disc
            self._pieces[r.name] = disc
        self.caption = CaptionItem(2 * (self.ring_radius - self.disc_radius) - 40)
        self.caption.setPos(self.centre)
        self.caption.setZValue(5)
        self.scene().addItem(self.caption)
        self.swords = SwordsItem(30)
        self.swords.setZValue(6)
        self.swords.hide()
        self.scene().addItem(self.swords)

    def skip_animations(self) -> None:
        """Every disc still turning shows its new face now (a click skips an animation)."""
        for disc in self.discs.values():
            disc.finish_flip()
        if self.highlighted is not None:
            self._follow(self.discs[self.highlighted])

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.skip_animations()
        super().mousePressEvent(event)

    def _region_at(self, point: QPointF) -> str | None:
        for name, disc in self.discs.items():
            if math.dist((point.x(), point.y()), (disc.x(), disc.y())) <= self.disc_radius:
                return name
        return None

    def set_caption(self, text: str) -> None:
        self.caption.set_text(text)

    def set_discs(self, owners: Mapping[str, int | None], colours: Sequence[str], removed: Iterable[str] = (),
                  animate: bool = True) -> None:
        """Owners (player index or None) and the discs taken out of the arena; new owners flip in."""
        gone = frozenset(removed)
        for name in (*owners, *gone):
            self._piece(name)
        for name, disc in self.discs.items():
            owner = owners.get(name)
            face = QColor(colours[owner]) if owner is not None else blend(NEUTRAL, disc.terrain_colour, 0.12)
            changed = owner != disc.owner
            if not changed and disc.face == face and disc.removed == (name in gone):
                continue
            flip = (QVariantAnimation(self) if changed and animate and storage.animations_on()
                    and name not in gone and not disc.removed else None)
            disc.show_owner(owner, face, name in gone, flip)
            if flip is not None and name == self.highlighted:
                flip.valueChanged.connect(lambda _value, d=disc: self._follow(d))
                flip.finished.connect(lambda d=disc: self._follow(d))

    def _highlight_changed(self, name: str | None, colour: QColor) -> None:
        self.swords.setVisible(name is not None)
        if name is not None:
            self.swords.colour = colour
            disc = self.discs[name]
            towards = self.centre - disc.pos()
            length = math.hypot(towards.x(), towards.y()) or 1.0
            self.swords.setPos(disc.pos() + towards * ((self.disc_radius + 8) / length))
            self.swords.update()

    def drawBackground(self, p: QPainter, rect: QRectF) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        c = self.centre
        outer = QRadialGradient(c, self.sceneRect().width() * 0.8)
        outer.setColorAt(0, QColor("#3a3140"))
        outer.setColorAt(1, QColor("#15111a"))
        p.fillRect(rect, outer)
        floor_r = min(self.ring_radius + self.disc_radius + 16, self.centre.y() - 20)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 110))
        p.drawEllipse(c + QPointF(0, 8), floor_r + 16, floor_r + 16)
        rim = QRadialGradient(c, floor_r + 16)
        rim.setColorAt(0.9, QColor("#8a7d6e"))
        rim.setColorAt(0.96, QColor("#6e6357"))
        rim.setColorAt(1, QColor("#4b433a"))
        p.setBrush(rim)
        p.drawEllipse(c, floor_r + 14, floor_r + 14)
        p.setPen(QPen(QColor(40, 32, 26, 160), 1.4))
        for k in range(48):
            a = 2 * math.pi * k / 48
            d = QPointF(math.cos(a), math.sin(a))
            p.drawLine(c + d * floor_r, c + d * (floor_r + 14))
        sand = QRadialGradient(c, floor_r)
        sand.setColorAt(0, QColor("#f0e2bf"))
        sand.setColorAt(0.7, QColor("#e2cd9c"))
        sand.setColorAt(1, QColor("#c4a672"))
        p.setPen(QPen(QColor("#4b3a24"), 2))
        p.setBrush(sand)
        p.drawEllipse(c, floor_r, floor_r)
        floor = QPainterPath()
        floor.addEllipse(c, floor_r, floor_r)
        p.fillPath(floor, paper_texture())
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(110, 80, 40, 110), 2.2, Qt.PenStyle.DashLine))
        p.drawEllipse(c, self.ring_radius, self.ring_radius)
        inner = self.ring_radius - self.disc_radius - 22
        p.setPen(QPen(QColor(110, 80, 40, 60), 1.2))
        for name in self.scar.names:
            x, y = self.scar.arena[name]
            d = QPointF(x, y) - c
            n = math.hypot(d.x(), d.y()) or 1.0
            p.drawLine(c + d * (inner / n), c + d * ((n - self.disc_radius - 6) / n))
        p.setPen(QPen(QColor(110, 80, 40, 150), 2))
        p.setBrush(QColor(255, 248, 225, 70))
        p.drawEllipse(c, inner, inner)
        p.setPen(QPen(QColor(110, 80, 40, 90), 1))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(c, inner - 8, inner - 8)
        star = QPainterPath()
        for k in range(16):
            a = -math.pi / 2 + k * math.pi / 8
            rad = (inner - 24) if k % 2 == 0 else (inner - 24) * 0.38
            point = c + QPointF(math.cos(a), math.sin(a)) * rad
            star.moveTo(point) if k == 0 else star.lineTo(point)
        star.closeSubpath()
        p.setPen(QPen(QColor(110, 80, 40, 45), 1.2))
        p.setBrush(QColor(150, 110, 60, 22))
        p.drawPath(star)
        title = serif_font(15, bold=True)
        title.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, 4)
        p.setFont(title)
        p.setPen(QColor(110, 80, 40, 170))
        p.drawText(QRectF(c.x() - inner, c.y() - inner * 0.62, 2 * inner, 24), Qt.AlignmentFlag.AlignCenter,
                   "THE BATTLE ARENA")
