"""Game-over pieces every game's winner page shares."""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget


class Trophy(QWidget):
    """A gold cup, painted so it needs no emoji font."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFixedSize(84, 84)
        self.colour = QColor("#f5b301")

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.scale(self.width() / 84, self.height() / 84)
        gold, dark = self.colour, self.colour.darker(150)
        p.setPen(QPen(dark, 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawArc(QRectF(8, 14, 22, 24), 90 * 16, 180 * 16)
        p.drawArc(QRectF(54, 14, 22, 24), -90 * 16, 180 * 16)
        cup = QPainterPath()
        cup.moveTo(20, 10)
        cup.lineTo(64, 10)
        cup.cubicTo(64, 40, 54, 52, 42, 54)
        cup.cubicTo(30, 52, 20, 40, 20, 10)
        p.setPen(QPen(dark, 2))
        p.setBrush(gold)
        p.drawPath(cup)
        p.drawRect(QRectF(38, 54, 8, 12))
        p.drawRoundedRect(QRectF(26, 66, 32, 10), 3, 3)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(255, 255, 255, 110))
        p.drawEllipse(QRectF(28, 14, 8, 22))
        p.end()
