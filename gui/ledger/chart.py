"""A player's rating over time, painted with QPainter (QtCharts is not in PySide6-Essentials).

The solid line is the conservative rating (μ − 3σ) the league sorts by; the shaded band reaches up
to μ, so a new player's wide band shows how little the ledger yet knows of them.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QMouseEvent, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

RATING = QColor("#15803d")
MU = QColor("#1d4ed8")
BAND = QColor(29, 78, 216, 38)
GRID = QColor("#d1d5db")
INK = QColor("#1f2937")
MUTED = QColor("#4b5563")


def nice_ticks(low: float, high: float, most: int = 6) -> list[float]:
    """Round tick values covering [low, high], at most about `most` of them (steps of 1, 2 or 5 × 10ⁿ)."""
    if high <= low:
        high = low + 1.0
    raw = (high - low) / max(1, most - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    ticks = []
    value = first
    while value <= high + step * 1e-9:
        ticks.append(round(value, 10))
        value += step
    if ticks[-1] < high:
        ticks.append(round(value, 10))
    return ticks


def _date_label(when: datetime, span_days: float) -> str:
    local = when.astimezone()
    if span_days < 2:
        return local.strftime("%d %b %H:%M")
    if span_days < 400:
        return local.strftime("%d %b")
    return local.strftime("%b %Y")


class RatingChart(QWidget):
    """The chart of one player's `RatingPoint`s in one game; empty text when there are none."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ratingChart")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumHeight(160)
        self.points: tuple[Any, ...] = ()
        self.title = ""
        self._xs: list[tuple[float, float]] = []  # each point's painted (x, y), for the tooltip
        self.setMouseTracking(True)
        self.empty_text = "Choose a player in the table to see their rating over time."

    def sizeHint(self) -> QSize:
        return QSize(480, 260)

    def set_points(self, points: Sequence[Any], title: str) -> None:
        """Show `points` (RatingPoint: finished_at, mu, sigma, rating), oldest first."""
        self.points = tuple(sorted(points, key=lambda p: p.finished_at))
        self.title = title
        self.update()

    def clear(self, text: str | None = None) -> None:
        self.points = ()
        self._xs = []
        self.title = ""
        if text is not None:
            self.empty_text = text
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#ffffff"))
        fm = QFontMetricsF(self.font())
        if not self.points:
            p.setPen(MUTED)
            p.drawText(QRectF(self.rect()).adjusted(12, 12, -12, -12),
                       Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, self.empty_text)
            p.end()
            return
        self._paint_chart(p, fm)
        p.end()

    def _paint_chart(self, p: QPainter, fm: QFontMetricsF) -> None:
        pts = self.points
        low = min(pt.rating for pt in pts)
        high = max(pt.mu for pt in pts)
        pad = max(0.5, (high - low) * 0.08)
        line = fm.height()
        ticks = nice_ticks(low - pad, high + pad, max(3, min(10, int(self.height() / (line * 4)))))
        y_lo, y_hi = ticks[0], ticks[-1]
        left = max(fm.horizontalAdvance(f"{t:g}") for t in ticks) + 14
        plot = QRectF(left, line * 2.6, self.width() - left - 16, self.height() - line * 5.2)
        if plot.width() < 40 or plot.height() < 30:
            return
        t0 = pts[0].finished_at.timestamp()
        t1 = pts[-1].finished_at.timestamp()
        span = max(t1 - t0, 1.0)

        def x_of(i: int) -> float:
            if len(pts) == 1:
                return plot.center().x()
            return plot.left() + (pts[i].finished_at.timestamp() - t0) / span * plot.width()

        def y_of(v: float) -> float:
            return plot.bottom() - (v - y_lo) / (y_hi - y_lo) * plot.height()

        p.setPen(INK)
        p.drawText(QRectF(0, 0, self.width(), line * 1.4), Qt.AlignmentFlag.AlignCenter, self.title)
        self._legend(p, fm, line * 1.4)
        for t in ticks:
            y = y_of(t)
            p.setPen(QPen(GRID, 1))
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            p.setPen(MUTED)
            p.drawText(QRectF(0, y - line / 2, left - 6, line), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                       f"{t:g}")
        self._date_axis(p, fm, plot, x_of, span / 86400)

        band = QPainterPath()
        band.moveTo(x_of(0), y_of(pts[0].mu))
        for i in range(1, len(pts)):
            band.lineTo(x_of(i), y_of(pts[i].mu))
        for i in reversed(range(len(pts))):
            band.lineTo(x_of(i), y_of(pts[i].rating))
        band.closeSubpath()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(BAND)
        p.drawPath(band)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(MU, 1.5, Qt.PenStyle.DashLine))
        for i in range(1, len(pts)):
            p.drawLine(QPointF(x_of(i - 1), y_of(pts[i - 1].mu)), QPointF(x_of(i), y_of(pts[i].mu)))
        p.setPen(QPen(RATING, 2.5))
        for i in range(1, len(pts)):
            p.drawLine(QPointF(x_of(i - 1), y_of(pts[i - 1].rating)), QPointF(x_of(i), y_of(pts[i].rating)))
        self._xs = [(x_of(i), y_of(pts[i].rating)) for i in range(len(pts))]
        p.setBrush(RATING)
        radius = 3.5 if len(pts) < 60 else 2.0
        for i in range(len(pts)):
            p.drawEllipse(QPointF(x_of(i), y_of(pts[i].rating)), radius, radius)
        p.setPen(QPen(MUTED, 1))
        p.drawLine(plot.bottomLeft(), plot.bottomRight())
        p.drawLine(plot.bottomLeft(), plot.topLeft())

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        """The nearest match's figures under the pointer (the axes alone are too coarse to read them)."""
        if not self._xs:
            return
        x = event.position().x()
        i = min(range(len(self._xs)), key=lambda k: abs(self._xs[k][0] - x))
        if abs(self._xs[i][0] - x) > 24:
            QToolTip.hideText()
            return
        pt = self.points[i]
        text = (f"{pt.finished_at.astimezone():%Y-%m-%d %H:%M}\nRating {pt.rating:.2f}  (μ {pt.mu:.2f}, σ {pt.sigma:.2f})")
        QToolTip.showText(event.globalPosition().toPoint(), text, self)

    def _legend(self, p: QPainter, fm: QFontMetricsF, top: float) -> None:
        items = [("Rating (μ − 3σ)", RATING, Qt.PenStyle.SolidLine), ("μ (skill estimate)", MU, Qt.PenStyle.DashLine)]
        widths = [fm.horizontalAdvance(text) + 34 for text, _, _ in items]
        x = (self.width() - sum(widths) - 16) / 2
        y = top + fm.height() * 0.6
        for (text, colour, style), w in zip(items, widths):
            p.setPen(QPen(colour, 2.5, style))
            p.drawLine(QPointF(x, y), QPointF(x + 22, y))
            p.setPen(INK)
            p.drawText(QPointF(x + 28, y + fm.ascent() / 2 - 1), text)
            x += w + 16

    def _date_axis(self, p: QPainter, fm: QFontMetricsF, plot: QRectF, x_of: Any, span_days: float) -> None:
        pts = self.points
        label_w = fm.horizontalAdvance("00 Mmm 00:00") + 16
        room = max(1, int(plot.width() // label_w))
        count = min(len(pts), room)
        chosen = sorted({round(k * (len(pts) - 1) / max(1, count - 1)) for k in range(count)}) if count > 1 else [0]
        last_right = -1e9
        for i in chosen:
            text = _date_label(pts[i].finished_at, span_days)
            w = fm.horizontalAdvance(text)
            x = min(max(x_of(i) - w / 2, plot.left() - 8), self.width() - w - 4)
            if x < last_right + 8:
                continue
            p.setPen(QPen(GRID, 1))
            p.drawLine(QPointF(x_of(i), plot.bottom()), QPointF(x_of(i), plot.bottom() + 4))
            p.setPen(MUTED)
            p.drawText(QPointF(x, plot.bottom() + 6 + fm.ascent()), text)
            last_right = x + w
