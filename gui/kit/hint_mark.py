"""Where a hint points on a board: the spot it aims at, the tray it would place, the piece it names.

The advice line says a move in words ("aimed at (85, 13) cm", "at (49.5", 11") facing 90°"),
which a player cannot find on the board by eye; the mark shows the same move in place. It is
drawn in the hint bar's colour, dashed, the same line width at any zoom, and never takes a click.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gui.kit.paper import HaloText, serif_font

HINT_COLOUR = "#d500f9"  # no game uses it for anything else


def hint_pen(width: float = 3.0) -> QPen:
    """The dashes every hint frame is drawn in, on a board, a card, a die, a chip or a token."""
    return QPen(QColor(HINT_COLOUR), width, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap)


@dataclass(frozen=True)
class HintSpot:
    """One place a hint points at, in scene units: a circle `width` across, or, with `depth`, a
    tray `depth` along its facing and `width` across it; `facing` (degrees, the scene's x axis
    turned clockwise) adds an arrow; `origin` draws the path from where the piece stands now;
    `shape` (a region's outline) replaces the circle."""

    centre: QPointF
    width: float
    depth: float | None = None
    facing: float | None = None
    origin: QPointF | None = None
    shape: QPainterPath | None = None

    @classmethod
    def outlining(cls, shape: QPainterPath) -> HintSpot:
        """A spot that is a shape of the board (a region, a disc)."""
        return cls(shape.boundingRect().center(), 0.0, shape=shape)

    def outline(self) -> QPainterPath:
        if self.shape is not None:
            return self.shape
        path = QPainterPath()
        if self.depth is None:
            path.addEllipse(self.centre, self.width / 2, self.width / 2)
            return path
        path.addRect(QRectF(-self.depth / 2, -self.width / 2, self.depth, self.width))
        turn = QTransform().translate(self.centre.x(), self.centre.y()).rotate(self.facing or 0.0)
        return turn.map(path)

    def arrow(self) -> QPolygonF | None:
        """A head past the front, pointing the way the piece would face."""
        if self.facing is None:
            return None
        a = math.radians(self.facing)
        ux, uy = math.cos(a), math.sin(a)
        reach = (self.depth if self.depth is not None else self.width) / 2
        size = max(self.width, self.depth or 0.0) * 0.3
        tip = self.centre + QPointF(ux, uy) * (reach + size)
        base = self.centre + QPointF(ux, uy) * reach
        side = QPointF(-uy, ux) * size * 0.6
        return QPolygonF([tip, base + side, base - side])


class HintMark(QGraphicsItem):
    """The hint's spots on one board; hidden while no hint is shown."""

    def __init__(self) -> None:
        super().__init__()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(45)
        self.spots: tuple[HintSpot, ...] = ()
        self._label = HaloText("Hint", serif_font(12, bold=True), ink=QColor(HINT_COLOUR).darker(160), parent=self)
        self._label.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self._label.setTransform(QTransform.fromTranslate(0, -12))  # screen pixels above the spot
        self.hide()

    def set_spots(self, spots: Sequence[HintSpot]) -> None:
        self.prepareGeometryChange()
        self.spots = tuple(spots)
        if self.spots:
            top = self.spots[0].outline().boundingRect()
            self._label.setPos(QPointF(top.center().x(), top.top()))
        self.setVisible(bool(self.spots))
        self.update()

    def boundingRect(self) -> QRectF:
        box = QRectF()
        for spot in self.spots:
            box = box.united(spot.outline().boundingRect())
            if (head := spot.arrow()) is not None:
                box = box.united(head.boundingRect())
            if spot.origin is not None:
                box = box.united(QRectF(spot.origin, spot.origin))
        return box.adjusted(-6, -6, 6, 6)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = QColor(HINT_COLOUR)
        halo = QPen(QColor(255, 255, 255, 200), 5.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        for spot in self.spots:
            outline, head = spot.outline(), spot.arrow()
            for pen in (halo, hint_pen(2.5)):
                pen.setCosmetic(True)
                p.setPen(pen)
                p.setBrush(Qt.BrushStyle.NoBrush)
                if spot.origin is not None:
                    p.drawLine(spot.origin, outline.boundingRect().center())
                p.drawPath(outline)
            if head is not None:
                edge = QPen(QColor(255, 255, 255, 220), 1.5)
                edge.setCosmetic(True)
                p.setPen(edge)
                p.setBrush(colour)
                p.drawPolygon(head)
