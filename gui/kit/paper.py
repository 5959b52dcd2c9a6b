"""The printed-board look shared by the boards: paper specks, a serif face, shapes as paths, haloed labels."""
from __future__ import annotations

import functools
import math
import random
from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

INK = QColor("#2a2118")
HALO = QColor(255, 249, 232, 225)
SERIF = ["Palatino Linotype", "Book Antiqua", "Palatino", "Georgia", "DejaVu Serif", "serif"]


def serif_font(pixels: float, bold: bool = False, italic: bool = False) -> QFont:
    font = QFont()
    font.setFamilies(SERIF)
    font.setPixelSize(max(1, round(pixels)))
    font.setBold(bold)
    font.setItalic(italic)
    return font


@functools.cache
def paper_texture() -> QImage:
    """Specks and fibres of a printed board; drawn over the terrain at low opacity."""
    size = 160
    img = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    rng = random.Random(1729)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    for _ in range(900):
        dark = rng.random() < 0.5
        c = QColor(60, 40, 20, rng.randint(6, 22)) if dark else QColor(255, 250, 235, rng.randint(8, 30))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(c)
        r = rng.uniform(0.4, 1.6)
        x, y = rng.uniform(0, size), rng.uniform(0, size)
        for dx in (-size, 0, size):
            for dy in (-size, 0, size):
                p.drawEllipse(QPointF(x + dx, y + dy), r, r)
    for _ in range(40):
        p.setPen(QPen(QColor(90, 70, 40, rng.randint(8, 18)), rng.uniform(0.4, 0.9)))
        x, y = rng.uniform(0, size), rng.uniform(0, size)
        a = rng.uniform(0, math.pi)
        length = rng.uniform(4, 14)
        p.drawLine(QPointF(x, y), QPointF(x + length * math.cos(a), y + length * math.sin(a)))
    p.end()
    return img


def polygon_path(coords: Iterable[tuple[float, float]]) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(x, y) for x, y in coords]))
    path.closeSubpath()
    return path


def shape_path(geom) -> QPainterPath:
    """A shapely Polygon or MultiPolygon (holes included) as one painter path."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    parts = geom.geoms if hasattr(geom, "geoms") else [geom]
    for part in parts:
        path.addPath(polygon_path(part.exterior.coords))
        for hole in part.interiors:
            path.addPath(polygon_path(hole.coords))
    return path


class HaloText(QGraphicsItem):
    """Text centred on its position with a light halo, readable on any terrain."""

    def __init__(self, text: str, font: QFont, ink: QColor = INK, halo: QColor = HALO,
                 halo_width: float = 4.0, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self._ink, self._halo, self._halo_width = QColor(ink), QColor(halo), halo_width
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._font = font
        self.set_text(text)

    def set_text(self, text: str) -> None:
        self.prepareGeometryChange()
        self._text = text
        path = QPainterPath()
        path.addText(0, 0, self._font, text)
        box = path.boundingRect()
        self._path = path.translated(-box.center())
        self.update()

    def set_colours(self, ink: QColor, halo: QColor) -> None:
        self._ink, self._halo = QColor(ink), QColor(halo)
        self.update()

    def text(self) -> str:
        return self._text

    def boundingRect(self) -> QRectF:
        w = self._halo_width
        return self._path.boundingRect().adjusted(-w, -w, w, w)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self._halo.alpha():
            p.strokePath(self._path, QPen(self._halo, self._halo_width, Qt.PenStyle.SolidLine,
                                          Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        p.fillPath(self._path, self._ink)

