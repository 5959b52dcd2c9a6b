"""Painting Clout Fantasy chips: 4 cm discs in faction colours, an owner's ring, the printed numbers.

A chip is drawn at levels of detail chosen from its size on screen, because text is what must
stay readable and what costs: far out a chip is a plain disc with its owner's ring; at the
usual fitted view (a chip of 20-40 screen pixels) it prints its points big and its range and
defense on a second line, in type sized in screen pixels so it stays legible however small the
chip is drawn; zoomed in it also shows its name and type. Text is laid out once per size
(QStaticText) and reused.

A crowd (hundreds to thousands of chips in view) is painted by one `ChipCrowd` item as plain
discs, so a frame costs one item's cached pixmap instead of a Python call per chip.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
    QStaticText,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from core.clout.catalogue import FACTION_BY_ID, NEUTRAL, Chip
from core.clout.geometry import CHIP_RADIUS_CM

PX_PER_CM = 10.0
RADIUS = CHIP_RADIUS_CM * PX_PER_CM
# Screen pixels per centimetre at which the chip face gains detail: numbers once a chip is
# about 12 px across, names once it is about 48 px.
NUMBERS_PX_PER_CM = 3.0
NAMES_PX_PER_CM = 12.0
# The smallest legible type, in screen pixels, for the points and for range/defense.
POINTS_MIN_PX = 10.0
LINE_MIN_PX = 7.5
# Below this chip diameter on screen only the points fit; range and defense wait for a zoom.
LINE_MIN_CHIP_PX = 18.0
HIGHLIGHT = QColor("#ffd54f")
FOCUS = QColor("#ffffff")
SHADOW = QColor(0, 0, 0, 70)


@dataclass(frozen=True)
class ChipMarker:
    """What the canvas draws for one chip: plain data, so play mode can pass modified values."""

    id: str
    name: str
    faction: str
    kind: str  # troop, base, action, relic
    points: int
    range: int
    defense: int | None  # None for actions
    owner: int
    x_cm: float
    y_cm: float
    flies: bool = False
    tooltip: str = ""

    @classmethod
    def from_chip(cls, chip_id: str, chip: Chip, owner: int, x_cm: float, y_cm: float,
                  tooltip: str = "") -> ChipMarker:
        return cls(chip_id, chip.name, chip.faction, chip.type, chip.points, chip.range, chip.defense,
                   owner, x_cm, y_cm, chip.has("fly"), tooltip)


def faction_colour(faction: str) -> QColor:
    info = FACTION_BY_ID.get(faction) or FACTION_BY_ID[NEUTRAL]
    return QColor(info.colour)


def faction_ink(faction: str) -> QColor:
    info = FACTION_BY_ID.get(faction) or FACTION_BY_ID[NEUTRAL]
    return QColor(info.ink)


@functools.cache
def chip_font(pixels: float, bold: bool = True, stretch: int = 100) -> QFont:
    font = QFont()
    font.setFamilies(["DejaVu Sans", "Segoe UI", "Helvetica", "Arial", "sans-serif"])
    font.setPixelSize(max(1, round(pixels)))
    font.setBold(bold)
    if stretch != 100:
        font.setStretch(stretch)
    return font


Label = tuple[QStaticText, QSizeF, QFont]


@functools.cache
def static_text(text: str, pixels: float, bold: bool = True, stretch: int = 100) -> Label:
    """Laid-out text shared by every chip that prints the same thing (a '3', an 'R2')."""
    font = chip_font(pixels, bold, stretch)
    st = QStaticText(text)
    st.setTextFormat(Qt.TextFormat.PlainText)
    st.prepare(font=font)
    return st, st.size(), font


def _split_name(name: str) -> list[str]:
    """One or two lines, broken at the space that balances them best."""
    words = name.split()
    if len(words) < 2 or len(name) <= 9:
        return [name]
    best = min(range(1, len(words)),
               key=lambda k: abs(len(" ".join(words[:k])) - len(" ".join(words[k:]))))
    return [" ".join(words[:best]), " ".join(words[best:])]


NAME_PX = 6.4
NAME_WIDTH = 2 * RADIUS - 9


@functools.cache
def name_lines(name: str) -> tuple[Label, ...]:
    """The chip's name fitted inside the disc: condensed when a line is too wide."""
    lines = _split_name(name)
    metrics = QFontMetricsF(chip_font(NAME_PX))
    widest = max(metrics.horizontalAdvance(line) for line in lines)
    stretch = 100 if widest <= NAME_WIDTH else max(50, int(100 * NAME_WIDTH / widest))
    return tuple(static_text(line, NAME_PX, True, stretch) for line in lines)


def _draw_centred(p: QPainter, text: Label, x: float, y: float) -> None:
    st, size, font = text
    p.setFont(font)
    p.drawStaticText(QPointF(x - size.width() / 2, y - size.height() / 2), st)


@functools.cache
def _bolt() -> QPolygonF:
    pts = [(1.5, -5), (-3, 1), (0, 1), (-1.5, 5), (3, -1), (0, -1)]
    return QPolygonF([QPointF(x, y) for x, y in pts])


@functools.cache
def _tower() -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(x, y) for x, y in
                               [(-3, 3), (-3, -2), (-3, -3), (-1.8, -3), (-1.8, -2), (-0.6, -2), (-0.6, -3),
                                (0.6, -3), (0.6, -2), (1.8, -2), (1.8, -3), (3, -3), (3, 3)]]))
    path.closeSubpath()
    return path


BOUNDS = QRectF(-RADIUS - 5, -RADIUS - 5, 2 * RADIUS + 10, 2 * RADIUS + 10)


@functools.cache
def _disc_path() -> QPainterPath:
    path = QPainterPath()
    path.addEllipse(QPointF(0, 0), RADIUS, RADIUS)
    return path


def _scene_px(screen_px: float, scale: float) -> float:
    """A type size in scene units that shows as `screen_px` on screen, rounded to share layouts."""
    return round(2 * screen_px / scale) / 2


class ChipItem(QGraphicsItem):
    """One chip; the canvas sets `owner_colour`, `focus` and `in_range` and calls update()."""

    def __init__(self, marker: ChipMarker, owner_colour: QColor) -> None:
        super().__init__()
        self.focus = False
        self.in_range = False
        self.owner_colour = QColor(owner_colour)
        self.setAcceptHoverEvents(False)
        # Faces are redrawn only when the zoom or the chip changes: a thousand-chip frame is then
        # a thousand pixmap copies, not a thousand text layouts.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.set_marker(marker)

    def set_marker(self, marker: ChipMarker) -> None:
        self.marker = marker
        self.fill = faction_colour(marker.faction)
        self.ink = faction_ink(marker.faction)
        self.setPos(marker.x_cm * PX_PER_CM, marker.y_cm * PX_PER_CM)
        if marker.tooltip:
            self.setToolTip(marker.tooltip)
        self.update()

    def boundingRect(self) -> QRectF:
        return BOUNDS

    def shape(self) -> QPainterPath:
        return _disc_path()

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        px_per_cm = option.levelOfDetailFromTransform(p.worldTransform()) * PX_PER_CM
        r = RADIUS
        p.setRenderHint(QPainter.RenderHint.Antialiasing, px_per_cm >= NUMBERS_PX_PER_CM)
        if self.focus or self.in_range:
            p.setPen(QPen(FOCUS if self.focus else HIGHLIGHT, 5 if self.focus else 4))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(QPointF(0, 0), r + 2.5, r + 2.5)
        if px_per_cm < NUMBERS_PX_PER_CM:
            p.setPen(QPen(self.owner_colour, 6))
            p.setBrush(self.fill)
            p.drawEllipse(QPointF(0, 0), r - 3, r - 3)
            return
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(SHADOW)
        p.drawEllipse(QPointF(1.5, 2), r, r)
        p.setBrush(self.owner_colour)
        p.drawEllipse(QPointF(0, 0), r, r)
        p.setBrush(self.fill)
        p.setPen(QPen(QColor(255, 255, 255, 200), 1.2))
        p.drawEllipse(QPointF(0, 0), r - 4.2, r - 4.2)
        p.setPen(self.ink)
        m = self.marker
        if px_per_cm < NAMES_PX_PER_CM:
            self._paint_numbers(p, px_per_cm / PX_PER_CM)
            return
        self._paint_kind(p)
        lines = name_lines(m.name)
        top = -4.5 - 3.4 * (len(lines) - 1)
        for k, line in enumerate(lines):
            _draw_centred(p, line, 0, top + 6.8 * k)
        _draw_centred(p, static_text(str(m.points), 8.5), 0, 8.5)
        _draw_centred(p, static_text(f"R{m.range}", 5.5), -9.5, 7.5)
        if m.defense is None:
            self._paint_bolt(p, 9.5, 7.5, 0.75)
        else:
            _draw_centred(p, static_text(f"D{m.defense}", 5.5), 9.5, 7.5)

    def _paint_numbers(self, p: QPainter, scale: float) -> None:
        """Points big on top, range and defense under them: never smaller than the legible minimum.

        A chip under `LINE_MIN_CHIP_PX` across shows its points alone (range and defense come
        with a zoom step, or the range ring on hover). The type grows past the chip's own print when the chip is small on screen; the letters R
        and D are dropped while the line would not fit the disc, leaving "range | defense".
        """
        m = self.marker
        points_px = max(15.0, _scene_px(POINTS_MIN_PX, scale))
        if 2 * RADIUS * scale < LINE_MIN_CHIP_PX:
            _draw_centred(p, static_text(str(m.points), points_px), 0, 0)
            return
        line_px = max(8.5, _scene_px(LINE_MIN_PX, scale))
        top = -3.5 - max(0.0, points_px - 15) * 0.45
        line_y = min(14.0, 8.5 + max(0.0, line_px - 8.5) * 0.55)
        _draw_centred(p, static_text(str(m.points), points_px), 0, top)
        lettered = line_px <= 10
        gap = 7.5 if lettered else 2.5 + line_px * 0.45
        _draw_centred(p, static_text(f"R{m.range}" if lettered else str(m.range), line_px), -gap, line_y)
        if m.defense is None:
            self._paint_bolt(p, gap, line_y, line_px / 8.5)
        else:
            _draw_centred(p, static_text(f"D{m.defense}" if lettered else str(m.defense), line_px), gap, line_y)
        if not lettered:
            p.drawLine(QPointF(0, line_y - line_px * 0.4), QPointF(0, line_y + line_px * 0.4))

    def _paint_bolt(self, p: QPainter, x: float, y: float, scale: float) -> None:
        p.save()
        p.translate(x, y)
        p.scale(scale, scale)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#ffd600"))
        p.drawPolygon(_bolt())
        p.restore()

    def _paint_kind(self, p: QPainter) -> None:
        """The printed type symbol above the name: tower for a base, a jewel for a relic."""
        kind = self.marker.kind
        if kind not in ("base", "relic"):
            return
        p.save()
        p.translate(0, -12.5)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(self.ink)
        if kind == "base":
            p.drawPath(_tower())
        else:
            p.drawPolygon(QPolygonF([QPointF(0, -2.6), QPointF(2.6, 0), QPointF(0, 2.6), QPointF(-2.6, 0)]))
        p.restore()


class ChipCrowd(QGraphicsItem):
    """Every chip as a plain disc, painted by one item: how a crowd of chips is drawn.

    The canvas hands it the chips (`set_chips`, in drawing order) and moves one during a drag
    (`move`); it tells it which chip has focus and which are in range. Each disc is a copy of a
    pixmap drawn once per colour pair and scale, placed at whole device pixels, and only the
    chips in the exposed rectangle are copied. Its face is cached in device coordinates too, so
    an unchanged frame is one pixmap copy however many chips there are.
    """

    def __init__(self, bounds: QRectF) -> None:
        super().__init__()
        self._bounds = QRectF(bounds)
        self._row: dict[str, int] = {}
        self._xy = np.zeros((0, 2))
        self._look = np.zeros(0, dtype=np.int64)
        self._colours: list[tuple[QColor, QColor]] = []
        self._sprites: dict[int, QPixmap] = {}
        self._sprite_key: tuple[float, float] | None = None
        self.focus: str | None = None
        self.in_range: frozenset[str] = frozenset()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_bounds(self, bounds: QRectF) -> None:
        self.prepareGeometryChange()
        self._bounds = QRectF(bounds)

    def set_chips(self, chips: dict[str, tuple[float, float, QColor, QColor]]) -> None:
        """`chips`: id -> (x_cm, y_cm, faction fill, owner colour), in drawing order."""
        looks: dict[tuple[int, int], int] = {}
        self._colours = []
        look = []
        for x, y, fill, owner in chips.values():
            key = (fill.rgba(), owner.rgba())
            k = looks.get(key)
            if k is None:
                k = looks[key] = len(self._colours)
                self._colours.append((fill, owner))
            look.append(k)
        self._row = {cid: k for k, cid in enumerate(chips)}
        self._xy = np.array([(x, y) for x, y, _f, _o in chips.values()], dtype=float).reshape(-1, 2) * PX_PER_CM
        self._look = np.array(look, dtype=np.int64)
        self._sprites = {}
        self._sprite_key = None
        self.update()

    def move(self, chip_id: str, x_cm: float, y_cm: float) -> None:
        row = self._row.get(chip_id)
        if row is not None:
            self._xy[row] = (x_cm * PX_PER_CM, y_cm * PX_PER_CM)
            self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def _sprite(self, look: int, diameter: float, ratio: float) -> QPixmap:
        if self._sprite_key != (diameter, ratio):
            self._sprites = {}
            self._sprite_key = (diameter, ratio)
        sprite = self._sprites.get(look)
        if sprite is None:
            fill, owner = self._colours[look]
            side = max(1, math.ceil(diameter * ratio))
            sprite = QPixmap(side, side)
            sprite.fill(Qt.GlobalColor.transparent)
            q = QPainter(sprite)
            q.setRenderHint(QPainter.RenderHint.Antialiasing)
            q.setPen(Qt.PenStyle.NoPen)
            q.setBrush(owner)
            q.drawEllipse(QRectF(0, 0, side, side))
            ring = max(1.0, side * 3 / (2 * RADIUS))
            q.setBrush(fill)
            q.drawEllipse(QRectF(ring, ring, side - 2 * ring, side - 2 * ring))
            q.end()
            sprite.setDevicePixelRatio(ratio)
            self._sprites[look] = sprite
        return sprite

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if not len(self._xy):
            return
        t = p.worldTransform()
        scale = math.hypot(t.m11(), t.m12())
        diameter = 2 * RADIUS * scale
        ratio = p.device().devicePixelRatioF() if p.device() is not None else 1.0
        box = option.exposedRect.adjusted(-RADIUS, -RADIUS, RADIUS, RADIUS)
        xy = self._xy
        shown = np.flatnonzero((xy[:, 0] >= box.left()) & (xy[:, 0] <= box.right())
                               & (xy[:, 1] >= box.top()) & (xy[:, 1] <= box.bottom()))
        dev_x = np.rint(xy[shown, 0] * t.m11() + xy[shown, 1] * t.m21() + t.dx() - diameter / 2).astype(int)
        dev_y = np.rint(xy[shown, 0] * t.m12() + xy[shown, 1] * t.m22() + t.dy() - diameter / 2).astype(int)
        sprites = [self._sprite(k, diameter, ratio) for k in range(len(self._colours))]
        p.save()
        p.resetTransform()
        draw = p.drawPixmap
        for x, y, k in zip(dev_x.tolist(), dev_y.tolist(), self._look[shown].tolist()):
            draw(x, y, sprites[k])
        p.restore()
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(HIGHLIGHT, 4))
        for cid in self.in_range:
            self._ring(p, cid)
        if self.focus is not None:
            p.setPen(QPen(FOCUS, 5))
            self._ring(p, self.focus)

    def _ring(self, p: QPainter, chip_id: str) -> None:
        row = self._row.get(chip_id)
        if row is not None:
            x, y = self._xy[row]
            p.drawEllipse(QPointF(float(x), float(y)), RADIUS + 2.5, RADIUS + 2.5)
