"""A measuring tape between two points of a board, with its length written beside it."""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gui.kit.paper import HaloText, serif_font


class RulerItem(QGraphicsItem):
    """A measuring tape between the nearest edges of two trays, with its length."""

    def __init__(self) -> None:
        super().__init__()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(40)
        self.a = QPointF()
        self.b = QPointF()
        self.text = ""
        self._label = HaloText("", serif_font(12, bold=True), ink=QColor("#1a1a1a"), parent=self)

    def set_ends(self, a: QPointF, b: QPointF, text: str) -> None:
        self.prepareGeometryChange()
        self.a, self.b, self.text = QPointF(a), QPointF(b), text
        self._label.set_text(text)
        mid = (self.a + self.b) / 2
        dx, dy = self.b.x() - self.a.x(), self.b.y() - self.a.y()
        n = math.hypot(dx, dy) or 1.0
        self._label.setPos(mid + QPointF(-dy / n * 12, dx / n * 12))
        self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(self.a, self.b).normalized().adjusted(-8, -8, 8, 8)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor(20, 20, 20, 160), 4.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.drawLine(self.a, self.b)
        p.setPen(QPen(QColor("#ffeb3b"), 2.2, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap))
        p.drawLine(self.a, self.b)
        p.setBrush(QColor("#ffeb3b"))
        p.setPen(QPen(QColor("#1a1a1a"), 1))
        for end in (self.a, self.b):
            p.drawEllipse(end, 3, 3)
