"""Painting Clout Fantasy chips: 4 cm discs in faction colours, an owner's ring, the printed numbers.

A chip is drawn at three levels of detail chosen from the view's scale, because a table can
hold a thousand chips and text is the costly part: far out a chip is a plain disc with its
owner's ring; at the usual fitted view it shows its points, range and defense; zoomed in it
also shows its name and type. Text is laid out once per chip (QStaticText) and reused.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QStaticText,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from core.clout.catalogue import FACTION_BY_ID, NEUTRAL, Chip
from core.clout.geometry import CHIP_RADIUS_CM

PX_PER_CM = 10.0
RADIUS = CHIP_RADIUS_CM * PX_PER_CM
# Screen pixels per centimetre at which the chip face gains detail.
NUMBERS_PX_PER_CM = 3.2
NAMES_PX_PER_CM = 12.0
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
        r = RADIUS + 5
        return QRectF(-r, -r, 2 * r, 2 * r)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), RADIUS, RADIUS)
        return path

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
            _draw_centred(p, static_text(str(m.points), 15), 0, -3.5)
            _draw_centred(p, static_text(f"R{m.range}", 8.5), -7.5, 8.5)
            if m.defense is None:
                self._paint_bolt(p, 7.5, 8.5, 1.0)
            else:
                _draw_centred(p, static_text(f"D{m.defense}", 8.5), 7.5, 8.5)
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
