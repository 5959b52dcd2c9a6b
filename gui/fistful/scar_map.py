"""The map of Scar as a board: terrain, owners' counters, closed regions, clickable regions.

`RegionBoardView` holds what the map and the Battle Arena share (selection, hover, clicks,
tooltips, the battle highlight) on the kit's BoardView (fit, zoom, pan), so a game view can
show either one through the same calls. Neither knows a rule: they draw the data they are given.
"""
from __future__ import annotations

import math
import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from PySide6.QtCore import QEasingCurve, QPoint, QPointF, QRectF, Qt, QVariantAnimation, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QRadialGradient,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QStyleOptionGraphicsItem, QWidget

from gui import storage
from gui.kit.board_view import BoardView
from gui.kit.paper import HaloText, paper_texture, serif_font, shape_path
from gui.kit.theme import text_colour_on

if TYPE_CHECKING:
    from maps.scar import ScarMap

HIGHLIGHT = "#ffc83d"
HOVER = QColor("#fff4c2")


def blend(base: str | QColor, over: str | QColor, amount: float) -> QColor:
    """`over` laid on `base` at `amount` (0..1) opacity."""
    a, b = QColor(base), QColor(over)
    t = max(0.0, min(1.0, amount))
    return QColor.fromRgbF(a.redF() + (b.redF() - a.redF()) * t, a.greenF() + (b.greenF() - a.greenF()) * t,
                           a.blueF() + (b.blueF() - a.blueF()) * t)


def greyed(colour: str | QColor, amount: float) -> QColor:
    """Drained towards a grey of the same lightness, so a closed land still reads as itself."""
    c = QColor(colour)
    lum = 0.2126 * c.redF() + 0.7152 * c.greenF() + 0.0722 * c.blueF()
    grey = QColor.fromRgbF(lum * 0.85 + 0.08, lum * 0.85 + 0.08, lum * 0.85 + 0.1)
    return blend(c, grey, amount)


class CounterItem(QGraphicsItem):
    """An owner's counter: a round wooden-looking token, stacked when there are several."""

    RADIUS = 15.0

    def __init__(self, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.colour = QColor("#888888")
        self.count = 1
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_counter(self, colour: str | QColor, count: int) -> None:
        self.prepareGeometryChange()
        self.colour, self.count = QColor(colour), max(1, count)
        self.update()

    def _layers(self) -> int:
        return min(self.count, 3)

    def boundingRect(self) -> QRectF:
        r = self.RADIUS
        lift = 4 * (self._layers() - 1)
        return QRectF(-r - 3, -r - 3 - lift, 2 * r + 8, 2 * r + 10 + lift)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.RADIUS
        c = self.colour
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 80))
        p.drawEllipse(QPointF(2, 4), r, r * 0.92)
        layers = self._layers()
        for k in range(layers):
            y = -4 * k
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(c.darker(165))
            p.drawEllipse(QPointF(0, y + 2.5), r, r)
            g = QRadialGradient(QPointF(-r * 0.35, y - r * 0.4), r * 1.6)
            g.setColorAt(0, c.lighter(135))
            g.setColorAt(0.55, c)
            g.setColorAt(1, c.darker(135))
            p.setBrush(g)
            p.setPen(QPen(c.darker(190), 1.2))
            p.drawEllipse(QPointF(0, y), r, r)
        top = -4 * (layers - 1)
        ink = text_colour_on(c)
        ring = QColor(ink)
        ring.setAlpha(110)
        p.setPen(QPen(ring, 1.1))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(QPointF(0, top), r - 4, r - 4)
        if self.count > 1:
            p.setFont(serif_font(15, bold=True))
            p.setPen(ink)
            p.drawText(QRectF(-r, top - r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, str(self.count))
        else:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(ring)
            star = QPolygonF()
            for k in range(10):
                rad = 6.5 if k % 2 == 0 else 2.8
                a = -math.pi / 2 + k * math.pi / 5
                star.append(QPointF(rad * math.cos(a), top + rad * math.sin(a)))
            p.drawPolygon(star)


class SwordsItem(QGraphicsItem):
    """Crossed swords: where the battle is fought."""

    def __init__(self, size: float = 34.0, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.size = size
        self.colour = QColor(HIGHLIGHT)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        s = self.size * 0.75
        return QRectF(-s, -s, 2 * s, 2 * s)

    def _sword(self) -> QPainterPath:
        s = self.size / 2
        blade = QPainterPath()
        blade.moveTo(0, -s)
        blade.lineTo(s * 0.11, -s * 0.82)
        blade.lineTo(s * 0.11, s * 0.42)
        blade.lineTo(-s * 0.11, s * 0.42)
        blade.lineTo(-s * 0.11, -s * 0.82)
        blade.closeSubpath()
        blade.addRoundedRect(QRectF(-s * 0.36, s * 0.42, s * 0.72, s * 0.12), 2, 2)
        blade.addRect(QRectF(-s * 0.07, s * 0.54, s * 0.14, s * 0.32))
        blade.addEllipse(QPointF(0, s * 0.93), s * 0.1, s * 0.1)
        return blade.simplified()

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(30, 20, 10, 150))
        p.drawEllipse(QPointF(0, 1.5), self.size * 0.66, self.size * 0.66)
        g = QRadialGradient(QPointF(-4, -4), self.size * 0.8)
        g.setColorAt(0, QColor("#fffaf0"))
        g.setColorAt(1, QColor("#e8dcc0"))
        p.setBrush(g)
        p.setPen(QPen(self.colour, 2.4))
        p.drawEllipse(QPointF(0, 0), self.size * 0.6, self.size * 0.6)
        sword = self._sword()
        for angle in (45, -45):
            p.save()
            p.rotate(angle)
            p.setPen(QPen(QColor("#2b2118"), 1.1))
            p.setBrush(QColor("#c9ced6"))
            p.drawPath(sword)
            p.restore()


class ClosedStamp(QGraphicsItem):
    """A red ink stamp: the region is closed."""

    def __init__(self, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setRotation(-12)
        self._font = serif_font(14, bold=True)
        self._font.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, 2.5)

    def boundingRect(self) -> QRectF:
        return QRectF(-48, -15, 96, 30)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        red = QColor("#9b1c1c")
        box = QRectF(-44, -12, 88, 24)
        p.setBrush(QColor(255, 246, 230, 215))
        p.setPen(QPen(red, 2.4))
        p.drawRoundedRect(box, 4, 4)
        p.setPen(QPen(red, 0.8))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(box.adjusted(3, 3, -3, -3), 2, 2)
        p.setFont(self._font)
        p.setPen(red)
        p.drawText(box.adjusted(2, 0, 0, 0), Qt.AlignmentFlag.AlignCenter, "CLOSED")


class BoardPiece:
    """What the shared view sets on each region's item (a map region or an arena disc)."""

    def init_piece(self, name: str, title: str) -> None:
        self.name = name
        self.title = title
        self.info = ""
        self.selectable = True
        self.selecting = False
        self.hovered = False
        self.highlight: QColor | None = None

    @property
    def dimmed(self) -> bool:
        return self.selecting and not self.selectable

    def refresh_tooltip(self) -> None:
        lines = [self.title, self.info]
        if self.selecting and self.selectable:
            lines.append("Click to choose it (arrows, then Enter or Space).")
        self.setToolTip("\n".join(line for line in lines if line))  # type: ignore[attr-defined]

    def paint_state(self, p: QPainter, path: QPainterPath) -> None:
        """Dimming and hover: the same look on the map and in the arena."""
        if self.dimmed:
            p.save()
            p.setClipPath(path)
            p.fillPath(path, QColor(18, 24, 38, 70))
            p.restore()
        if self.selecting and self.selectable and not self.hovered:
            p.strokePath(path, QPen(QColor(255, 252, 235, 200), 2.2, Qt.PenStyle.DashLine,
                                    Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        if self.hovered:
            p.save()
            p.setClipPath(path)
            p.fillPath(path, QColor(255, 255, 255, 45))
            p.restore()
            p.strokePath(path, QPen(QColor(255, 255, 255, 120), 9, Qt.PenStyle.SolidLine,
                                    Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
            p.strokePath(path, QPen(HOVER, 3.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                                    Qt.PenJoinStyle.RoundJoin))


class GlowItem(QGraphicsItem):
    """The battle region's outline (`halo` is the soft glow that pulses through its opacity).

    Kept apart from the region and cached, so the pulse only blends a ready picture.
    """

    def __init__(self, halo: bool) -> None:
        super().__init__()
        self.halo = halo
        self.path = QPainterPath()
        self.colour = QColor(HIGHLIGHT)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(5 if halo else 6)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def follow(self, path: QPainterPath, colour: QColor) -> None:
        self.prepareGeometryChange()
        self.path, self.colour = path, QColor(colour)
        self.update()

    def boundingRect(self) -> QRectF:
        return self.path.boundingRect().adjusted(-12, -12, 12, 12)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        join = (Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
        if self.halo:
            glow = QColor(self.colour)
            glow.setAlphaF(0.3)
            p.strokePath(self.path, QPen(glow, 20, *join))
            glow.setAlphaF(0.55)
            p.strokePath(self.path, QPen(glow, 12, *join))
        else:
            p.strokePath(self.path, QPen(QColor(40, 25, 0), 6, *join))
            p.strokePath(self.path, QPen(self.colour, 4, *join))


class RegionItem(QGraphicsPathItem, BoardPiece):
    """One region of Scar; its brush is the flat colour a player sees (terrain, tint, grey)."""

    def __init__(self, name: str, terrain: str, colour: str, path: QPainterPath, label: QPointF) -> None:
        super().__init__(path)
        self.init_piece(name, f"{name} \u2014 {terrain}")
        self.terrain_colour = QColor(colour)
        self.owner_colour: QColor | None = None
        self.closed = False
        self.label = label
        self.setBrush(self.terrain_colour)
        self.setPen(QPen(QColor("#3b2f22"), 1.6))
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        box = path.boundingRect()
        self._shade = QRadialGradient(label, max(box.width(), box.height()) * 0.75)
        self._shade.setColorAt(0, QColor(255, 255, 255, 46))
        self._shade.setColorAt(0.6, QColor(255, 255, 255, 0))
        self._shade.setColorAt(1, QColor(40, 25, 10, 40))
        self._hatch = QPainterPath()
        step = 11.0
        x = box.left() - box.height()
        while x < box.right():
            self._hatch.moveTo(x, box.top())
            self._hatch.lineTo(x + box.height(), box.bottom())
            self._hatch.moveTo(x + box.height(), box.top())
            self._hatch.lineTo(x, box.bottom())
            x += step
        self.refresh_tooltip()

    def set_state(self, owner_colour: QColor | None, closed: bool) -> None:
        self.owner_colour, self.closed = owner_colour, closed
        fill = self.terrain_colour if owner_colour is None else blend(self.terrain_colour, owner_colour, 0.42)
        self.setBrush(greyed(fill, 0.72) if closed else fill)
        self.update()

    def boundingRect(self) -> QRectF:
        return self.path().boundingRect().adjusted(-12, -12, 12, 12)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        path = self.path()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillPath(path, self.brush())
        p.save()
        p.setClipPath(path)
        p.fillPath(path, QBrush(paper_texture()))
        p.fillPath(path, self._shade)
        p.strokePath(path, QPen(QColor(30, 20, 10, 34), 16))
        p.strokePath(path, QPen(QColor(30, 20, 10, 40), 6))
        if self.closed:
            p.strokePath(self._hatch, QPen(QColor(45, 45, 52, 120), 1.3))
        if self.owner_colour is not None:
            band = QColor(self.owner_colour)
            p.strokePath(path, QPen(band, 13, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                                    Qt.PenJoinStyle.RoundJoin))
            p.strokePath(path, QPen(band.darker(150), 1.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                                    Qt.PenJoinStyle.RoundJoin))
        p.restore()
        p.strokePath(path, self.pen())
        self.paint_state(p, path)


class RegionBoardView(BoardView):
    """The part the map and the arena share: one item per region, selection, clicks, tooltips.

    Fit, zoom, pan and click-versus-drag are the kit's BoardView; an offered (selectable)
    region is the only piece, so a click on it is `piece_clicked`, and the offered regions are
    what the arrow keys visit (Enter or Space chooses); a drag pans, wherever it starts. A click
    on a region that is not offered is `region_refused`, so the game view can say why.
    """

    MAX_ZOOM: ClassVar[float] = 6.0
    region_clicked = Signal(str)
    region_refused = Signal(str)

    def __init__(self, scene_rect: QRectF, parent: QWidget | None = None) -> None:
        super().__init__(parent, scene_rect)
        self.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        self._pieces: dict[str, BoardPiece] = {}
        self._selectable: frozenset[str] | None = None
        self._highlighted: str | None = None
        self._drag_from = QPoint()
        self._pulse = QVariantAnimation(self)
        self._pulse.setStartValue(0.0)
        self._pulse.setKeyValueAt(0.5, 1.0)
        self._pulse.setEndValue(0.0)
        self._pulse.setDuration(1600)
        self._pulse.setLoopCount(-1)
        self._pulse.setEasingCurve(QEasingCurve.Type.InOutSine)
        self._pulse.valueChanged.connect(self._on_pulse)
        self.glow, self.ring = GlowItem(halo=True), GlowItem(halo=False)
        for item in (self.glow, self.ring):
            item.hide()
            self.scene().addItem(item)

    # --- what subclasses provide --------------------------------------------------------
    def _region_at(self, point: QPointF) -> str | None:
        """The region under a scene point; each board (map or arena) answers from its own shapes."""
        raise TypeError(f"{type(self).__name__} must say which region lies under a point")

    def _highlight_changed(self, name: str | None, colour: QColor) -> None:
        """Place the battle marker; the outline is the view's glow."""

    def _scale_changed(self) -> None:
        """Zoom or fit changed the scale."""

    # --- the board view's hooks -------------------------------------------------------------
    def piece_at(self, view_pos: QPoint) -> str | None:
        name = self._region_at(self.mapToScene(view_pos))
        return name if name is not None and self._selectable is not None and name in self._selectable else None

    def piece_clicked(self, piece: Hashable, scene_pos: QPointF, modifiers: Qt.KeyboardModifier) -> None:
        self.region_clicked.emit(str(piece))

    def board_clicked(self, scene_pos: QPointF, modifiers: Qt.KeyboardModifier) -> None:
        name = self._region_at(scene_pos)
        if name is not None:
            self.region_refused.emit(name)

    def focus_pieces(self) -> list[tuple[Hashable, QRectF]]:
        """The offered regions (none while nothing is offered: then the arrows pan)."""
        if self._selectable is None:
            return []
        return [(name, piece.sceneBoundingRect()) for name, piece in self._pieces.items()  # type: ignore[attr-defined]
                if name in self._selectable]

    def piece_drag_started(self, piece: Hashable, scene_pos: QPointF) -> bool:
        """A region is never moved: a drag that starts on one pans the board, as on the sea."""
        self._drag_from = self.mapFromScene(scene_pos)
        self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        return True

    def piece_drag_moved(self, piece: Hashable, scene_pos: QPointF) -> None:
        at = self.mapFromScene(scene_pos)
        self.pan_by(self._drag_from.x() - at.x(), self._drag_from.y() - at.y())
        self._drag_from = at

    def piece_drag_ended(self, piece: Hashable, commit: bool) -> None:
        self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)

    def piece_hovered(self, piece: Hashable | None) -> None:
        self._set_hovered(None if piece is None else str(piece))

    def detail_changed(self, px_per_unit: float) -> None:
        self._scale_changed()

    # --- shared API -----------------------------------------------------------------------
    @property
    def highlighted(self) -> str | None:
        return self._highlighted

    def _piece(self, name: str) -> BoardPiece:
        try:
            return self._pieces[name]
        except KeyError:
            raise KeyError(f"no region {name!r} on this board") from None

    def set_selectable(self, names: Iterable[str]) -> None:
        """Offer these regions to click; an empty set ends the offer."""
        chosen = frozenset(names)
        for name in chosen:
            self._piece(name)
        self._selectable = chosen or None
        for name, piece in self._pieces.items():
            piece.selecting = self._selectable is not None
            piece.selectable = self._selectable is None or name in chosen
            piece.hovered = False
            piece.refresh_tooltip()
            piece.update()  # type: ignore[attr-defined]
        self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)

    def region_outline(self, name: str) -> QPainterPath:
        """A region's (or disc's) outline in scene coordinates."""
        piece = self._piece(name)
        return piece.mapToScene(piece.shape())  # type: ignore[attr-defined]

    def set_highlight(self, name: str | None, colour: str | QColor = HIGHLIGHT) -> None:
        if name is not None:
            self._piece(name)
        if self._highlighted is not None:
            old = self._piece(self._highlighted)
            old.highlight = None
            old.setZValue(1 if old.hovered else 0)  # type: ignore[attr-defined]
            old.update()  # type: ignore[attr-defined]
        self._highlighted = name
        c = QColor(colour)
        if name is not None:
            piece = self._piece(name)
            piece.highlight = c
            piece.setZValue(2)  # type: ignore[attr-defined]
            piece.update()  # type: ignore[attr-defined]
            self.glow.setOpacity(0.7)
            self._follow(piece)
            if storage.animations_on():
                self._pulse.start()
        else:
            self._pulse.stop()
        self.glow.setVisible(name is not None)
        self.ring.setVisible(name is not None)
        self._highlight_changed(name, c)

    def set_region_info(self, info: Mapping[str, str]) -> None:
        """Hover text per region; regions left out keep only their name."""
        for name in info:
            self._piece(name)
        for name, piece in self._pieces.items():
            piece.info = info.get(name, "")
            piece.refresh_tooltip()

    # --- drawing the state ------------------------------------------------------------------
    def _on_pulse(self, value: float) -> None:
        if self._highlighted is not None:
            self.glow.setOpacity(0.35 + 0.65 * float(value))

    def _follow(self, piece: BoardPiece) -> None:
        """Fit the highlight to the piece (again after an arena disc has moved or flipped)."""
        path = piece.mapToScene(piece.shape())  # type: ignore[attr-defined]
        for item in (self.glow, self.ring):
            item.follow(path, piece.highlight or item.colour)

    def _set_hovered(self, name: str | None) -> None:
        if name is not None and (self._selectable is None or name not in self._selectable):
            name = None
        for other, piece in self._pieces.items():
            if piece.hovered != (other == name):
                piece.hovered = other == name
                z = 2 if piece.highlight is not None else 1 if piece.hovered else 0
                piece.setZValue(z)  # type: ignore[attr-defined]
                piece.update()  # type: ignore[attr-defined]
        if self.dragged_piece is None:
            self.viewport().setCursor(Qt.CursorShape.PointingHandCursor if name is not None
                                      else Qt.CursorShape.OpenHandCursor)


class ScarMapView(RegionBoardView):
    """The map of Scar: a sea, twelve lands, owners' counters and the battle marker."""

    def __init__(self, scar: ScarMap | None = None, parent: QWidget | None = None) -> None:
        import shapely

        from maps.scar import default_scar

        self.scar = scar if scar is not None else default_scar()
        w, h = self.scar.size
        super().__init__(QRectF(0, 0, w, h), parent)
        scene = self.scene()
        land = shapely.union_all([r.polygon for r in self.scar.regions])
        self._sea_marks = self._wave_points(land, w, h)
        self._coast = self._coast_layers(land)
        self._compass = self._open_sea(land, w, h)

        self._grow = 1.0
        self.regions: dict[str, RegionItem] = {}
        self.labels: dict[str, HaloText] = {}
        self.terrain_labels: dict[str, HaloText] = {}
        self.counters: dict[str, CounterItem] = {}
        self.stamps: dict[str, ClosedStamp] = {}
        for r in self.scar.regions:
            label = QPointF(*r.label)
            item = RegionItem(r.name, r.terrain, r.colour, shape_path(r.polygon), label)
            scene.addItem(item)
            self.regions[r.name] = item
            self._pieces[r.name] = item
            name = HaloText(r.name, serif_font(20, bold=True), halo_width=4.5)
            name.setPos(label + QPointF(0, -8))
            name.setZValue(10)
            scene.addItem(name)
            self.labels[r.name] = name
            terrain = HaloText(r.terrain, serif_font(12, italic=True), ink=QColor("#3d3226"), halo_width=3.5)
            terrain.setPos(label + QPointF(0, 11))
            terrain.setZValue(10)
            scene.addItem(terrain)
            self.terrain_labels[r.name] = terrain
            counter = CounterItem()
            counter.setZValue(11)
            counter.hide()
            scene.addItem(counter)
            self.counters[r.name] = counter
            stamp = ClosedStamp()
            stamp.setZValue(12)
            stamp.hide()
            scene.addItem(stamp)
            self.stamps[r.name] = stamp
        self.swords = SwordsItem()
        self.swords.setZValue(13)
        self.swords.hide()
        scene.addItem(self.swords)
        self._layout_tokens()

    def _wave_points(self, land, w: float, h: float) -> list[tuple[float, float, float]]:
        import shapely

        rng = random.Random(7)
        points: list[tuple[float, float, float]] = []
        for _ in range(700):
            x, y = rng.uniform(14, w - 14), rng.uniform(10, h - 10)
            if shapely.distance(land, shapely.Point(x, y)) < 26:
                continue
            if any((x - a) ** 2 + (y - b) ** 2 < 46 ** 2 for a, b, _s in points):
                continue
            points.append((x, y, rng.uniform(0.7, 1.2)))
        return points

    def _open_sea(self, land, w: float, h: float) -> tuple[float, float, float] | None:
        """Centre and size of a compass rose where the sea is widest, if it fits anywhere."""
        import shapely

        best = max(((shapely.distance(land, shapely.Point(x, y)), x, y)
                    for x in range(50, int(w) - 49, 10) for y in range(80, int(h) - 49, 10)), default=None)
        if best is None or best[0] < 34:
            return None
        dist, x, y = best
        return x, y, min(dist - 14, 44)

    def _coast_layers(self, land) -> list[tuple[QPainterPath, QPen, QBrush]]:
        """Shadow, shallows and ripple lines around the coast: painted once into the cached sea."""
        none_pen, none_brush = QPen(Qt.PenStyle.NoPen), QBrush(Qt.BrushStyle.NoBrush)
        layers = [(shape_path(land.buffer(d, quad_segs=4)), none_pen, QBrush(QColor(150, 205, 225, a)))
                  for d, a in ((26, 38), (14, 52))]
        layers.append((shape_path(land).translated(4, 6), none_pen, QBrush(QColor(8, 22, 40, 70))))
        layers += [(shape_path(land.buffer(d, quad_segs=4)), QPen(QColor(235, 248, 255, a), 1.2), none_brush)
                   for d, a in ((6, 120), (12, 70), (19, 38))]
        layers.append((shape_path(land), QPen(QColor("#2b2218"), 5), none_brush))
        return layers

    def drawBackground(self, p: QPainter, rect: QRectF) -> None:
        scene = self.sceneRect()
        g = QRadialGradient(scene.center(), max(scene.width(), scene.height()) * 0.75)
        g.setColorAt(0, QColor("#4d8fb5"))
        g.setColorAt(0.7, QColor("#2f6690"))
        g.setColorAt(1, QColor("#1c4466"))
        p.fillRect(rect, g)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(QColor(225, 242, 255, 95), 1.4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        for x, y, s in self._sea_marks:
            wave = QPainterPath(QPointF(x - 9 * s, y))
            wave.quadTo(QPointF(x - 4.5 * s, y - 4 * s), QPointF(x, y))
            wave.quadTo(QPointF(x + 4.5 * s, y + 4 * s), QPointF(x + 9 * s, y))
            p.drawPath(wave)
        frame = QLinearGradient(scene.topLeft(), scene.bottomLeft())
        frame.setColorAt(0, QColor(255, 255, 255, 22))
        frame.setColorAt(1, QColor(0, 0, 0, 30))
        p.fillRect(rect, frame)
        for path, pen, brush in self._coast:
            p.setPen(pen)
            p.setBrush(brush)
            p.drawPath(path)
        if self._compass is not None:
            self._paint_compass(p, *self._compass)

    def _paint_compass(self, p: QPainter, x: float, y: float, size: float) -> None:
        p.save()
        p.translate(x, y)
        p.setPen(QPen(QColor(235, 245, 255, 110), 1))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(QPointF(0, 0), size * 0.62, size * 0.62)
        for k in range(8):
            long = k % 2 == 0
            reach = size if long else size * 0.55
            p.save()
            p.rotate(45 * k)
            for side, shade in ((-1, QColor(245, 236, 210, 210)), (1, QColor(120, 95, 60, 210))):
                blade = QPolygonF([QPointF(0, 0), QPointF(side * size * (0.16 if long else 0.12), -reach * 0.3),
                                   QPointF(0, -reach)])
                p.setPen(QPen(QColor(50, 35, 20, 160), 0.8))
                p.setBrush(shade)
                p.drawPolygon(blade)
            p.restore()
        p.setFont(serif_font(size * 0.3, bold=True))
        p.setPen(QColor(245, 236, 210, 230))
        p.drawText(QRectF(-20, -size - 22, 40, 20), Qt.AlignmentFlag.AlignCenter, "N")
        p.restore()

    def _layout_tokens(self) -> None:
        f = self._grow
        for name, item in self.regions.items():
            base = item.label + QPointF(0, 40 * f)
            counter, stamp = self.counters[name], self.stamps[name]
            self.labels[name].setPos(item.label + QPointF(0, -8 * f))
            for token in (self.labels[name], counter, stamp):
                token.setScale(f)
            if stamp.isVisible() and counter.isVisible():
                counter.setPos(base + QPointF(-62 * f, 0))
                stamp.setPos(base + QPointF(8 * f, 0))
            else:
                counter.setPos(base)
                stamp.setPos(base)
        self.swords.setScale(f)
        if self.highlighted is not None:
            self.swords.setPos(self.regions[self.highlighted].label + QPointF(0, -42 * f))

    def _scale_changed(self) -> None:
        """On a small view (a mini-map) names and counters grow a little and the terrain words go."""
        if not hasattr(self, "terrain_labels"):
            return
        scale = self.transform().m11()
        self._grow = max(1.0, min(1.6, 0.55 / scale)) if scale > 0 else 1.0
        for label in self.terrain_labels.values():
            label.setVisible(scale >= 0.55)
        self._layout_tokens()

    def _region_at(self, point: QPointF) -> str | None:
        return self.scar.region_at(point.x(), point.y())

    def set_board(self, owners: Mapping[str, int | None], colours: Sequence[str], closed: Iterable[str] = (),
                  counters: Mapping[str, int] | None = None) -> None:
        """Owners (player index or None), the players' colours, closed regions, counters per region."""
        shut = frozenset(closed)
        for name in (*owners, *shut, *(counters or {})):
            self._piece(name)
        for name, item in self.regions.items():
            owner = owners.get(name)
            colour = QColor(colours[owner]) if owner is not None else None
            item.set_state(colour, name in shut)
            counter = self.counters[name]
            if colour is not None:
                counter.set_counter(colour, (counters or {}).get(name, 1))
            counter.setVisible(colour is not None)
            self.stamps[name].setVisible(name in shut)
        self._layout_tokens()

    def _highlight_changed(self, name: str | None, colour: QColor) -> None:
        self.swords.setVisible(name is not None)
        if name is not None:
            self.swords.colour = colour
            self._layout_tokens()
            self.swords.update()
