"""Element dice painted with simple symbols, so no emoji font is needed."""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF

FACE_COLOURS = {"fire": "#e4572e", "water": "#1f78d1", "stone": "#7a6a58", "air": "#6cc3c9",
                "lightning": "#f2c14e", "blank": "#f4f1ea"}
FACE_LABELS = {"fire": "Fire", "water": "Water", "stone": "Stone", "air": "Air", "lightning": "Lightning",
               "blank": "Blank"}
INK = "#f3f1ec"  # the table's light ink, for painters (the stylesheet's @dark-ink)


def paint_die(p: QPainter, rect: QRectF, face: str, selected: bool = False, dim: bool = False) -> None:
    """A rounded die showing `face` in its colour with its symbol in white."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    colour = QColor(FACE_COLOURS.get(face, "#888888"))
    if dim:
        colour.setAlpha(110)
    radius = rect.width() * 0.18
    p.setPen(QPen(QColor("#ffffff") if selected else colour.darker(160), 4 if selected else 1.5))
    p.setBrush(colour)
    p.drawRoundedRect(rect, radius, radius)
    if selected:
        p.setPen(QPen(QColor("#8a5cf6"), 2, Qt.PenStyle.DashLine))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(rect.adjusted(-5, -5, 5, 5), radius + 4, radius + 4)
    inner = rect.adjusted(rect.width() * 0.18, rect.height() * 0.18, -rect.width() * 0.18, -rect.height() * 0.18)
    paint_symbol(p, inner, face)
    p.restore()


def paint_symbol(p: QPainter, r: QRectF, face: str) -> None:
    white = QColor("#ffffff")
    w, h, x, y = r.width(), r.height(), r.x(), r.y()
    p.setPen(QPen(white.darker(105), max(1.5, w * 0.08), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                  Qt.PenJoinStyle.RoundJoin))
    p.setBrush(white)
    if face == "fire":
        path = QPainterPath(QPointF(x + w * 0.5, y))
        path.cubicTo(x + w * 0.95, y + h * 0.45, x + w * 0.95, y + h, x + w * 0.5, y + h)
        path.cubicTo(x + w * 0.05, y + h, x + w * 0.05, y + h * 0.55, x + w * 0.3, y + h * 0.35)
        path.cubicTo(x + w * 0.35, y + h * 0.55, x + w * 0.45, y + h * 0.55, x + w * 0.5, y)
        p.drawPath(path)
    elif face == "water":
        path = QPainterPath(QPointF(x + w * 0.5, y))
        path.cubicTo(x + w * 0.6, y + h * 0.3, x + w * 0.9, y + h * 0.5, x + w * 0.85, y + h * 0.7)
        path.arcTo(QRectF(x + w * 0.15, y + h * 0.35, w * 0.7, h * 0.65), 0, -180)
        path.cubicTo(x + w * 0.1, y + h * 0.5, x + w * 0.4, y + h * 0.3, x + w * 0.5, y)
        p.drawPath(path)
    elif face == "stone":
        pts = [(0.1, 0.65), (0.25, 0.25), (0.6, 0.1), (0.9, 0.4), (0.85, 0.85), (0.35, 0.95)]
        p.drawPolygon(QPolygonF([QPointF(x + a * w, y + b * h) for a, b in pts]))
    elif face == "air":
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(white, max(2.0, w * 0.12), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        path = QPainterPath()
        cx, cy = x + w / 2, y + h / 2
        for i in range(60):
            t = i / 59 * 2.3 * math.pi
            rad = w * 0.05 + w * 0.42 * i / 59
            pt = QPointF(cx + rad * math.cos(t), cy + rad * math.sin(t))
            if i == 0:
                path.moveTo(pt)
            else:
                path.lineTo(pt)
        p.drawPath(path)
    elif face == "lightning":
        pts = [(0.6, 0.0), (0.15, 0.55), (0.45, 0.55), (0.35, 1.0), (0.85, 0.4), (0.55, 0.4), (0.7, 0.0)]
        p.setPen(QPen(QColor("#7a5a00"), max(1.0, w * 0.05)))
        p.drawPolygon(QPolygonF([QPointF(x + a * w, y + b * h) for a, b in pts]))
