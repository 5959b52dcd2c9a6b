"""Painted pieces of A Fistful of Gold: revolver cards, Dynamite, card backs, coins, badges.

Painted rather than drawn from images or emoji so they look the same on every machine.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (QColor, QFocusEvent, QFont, QKeyEvent, QMouseEvent, QPainter, QPainterPath, QPaintEvent,
                           QPen, QPolygonF)
from PySide6.QtWidgets import QScrollArea, QSizePolicy, QWidget

from core.gold.cards import DYNAMITE, HIDDEN
from gui.kit.hint_mark import hint_pen

GOLD = QColor("#e0a800")
GOLD_DARK = QColor("#8a6400")
PAPER = QColor("#fbf6e9")
FOCUS = QColor("#1d4ed8")  # the focus ring's blue (palette.json "focus")
ARROWS = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}
ACT_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)
PLAIN = (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.KeypadModifier)
INK = QColor("#2b2118")


def draw_coin(p: QPainter, centre: QPointF, r: float) -> None:
    p.setPen(QPen(GOLD_DARK, max(1.0, r / 6)))
    p.setBrush(GOLD)
    p.drawEllipse(centre, r, r)
    p.setPen(QPen(QColor(255, 240, 170), max(1.0, r / 8)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawEllipse(centre, r * 0.62, r * 0.62)


def draw_coins(p: QPainter, rect: QRectF, count: int) -> None:
    """A pile of up to eight coins with the amount written beside it."""
    if count <= 0:
        return
    r = min(rect.height() / 2.4, 9.0)
    shown = min(count, 8)
    step = r * 0.9
    width = 2 * r + (shown - 1) * step
    font = QFont(p.font())
    font.setPixelSize(int(r * 1.8))
    font.setBold(True)
    p.setFont(font)
    label = str(count)
    text_w = p.fontMetrics().horizontalAdvance(label) + 4
    x0 = rect.center().x() - (width + text_w) / 2 + r
    y = rect.center().y()
    for i in range(shown):
        draw_coin(p, QPointF(x0 + i * step, y), r)
    p.setPen(GOLD_DARK)
    p.drawText(QRectF(x0 - r + width + 2, rect.top(), text_w + 4, rect.height()),
               Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, label)


def star_polygon(centre: QPointF, outer: float, points: int = 6) -> QPolygonF:
    poly = QPolygonF()
    for i in range(points * 2):
        r = outer if i % 2 == 0 else outer * 0.5
        a = math.pi * i / points - math.pi / 2
        poly.append(QPointF(centre.x() + r * math.cos(a), centre.y() + r * math.sin(a)))
    return poly


def draw_badge(p: QPainter, centre: QPointF, r: float, won: bool) -> None:
    p.setPen(QPen(GOLD_DARK if won else QColor("#b8b2a6"), 1.5))
    p.setBrush(GOLD if won else QColor("#ece8df"))
    p.drawPolygon(star_polygon(centre, r))
    if won:
        p.setBrush(QColor(255, 240, 170))
        p.setPen(Qt.PenStyle.NoPen)
        p.drawEllipse(centre, r * 0.22, r * 0.22)


def draw_revolver(p: QPainter, rect: QRectF, colour: QColor) -> None:
    """A small side-view revolver: barrel, cylinder and grip."""
    w, h = rect.width(), rect.height()
    x, y = rect.left(), rect.top()
    p.setPen(QPen(colour.darker(170), 1))
    p.setBrush(colour.darker(130))
    p.drawRoundedRect(QRectF(x + w * 0.30, y + h * 0.18, w * 0.66, h * 0.18), 2, 2)
    p.drawEllipse(QRectF(x + w * 0.22, y + h * 0.10, w * 0.26, h * 0.40))
    grip = QPainterPath()
    grip.moveTo(x + w * 0.24, y + h * 0.36)
    grip.lineTo(x + w * 0.40, y + h * 0.40)
    grip.lineTo(x + w * 0.22, y + h * 0.95)
    grip.lineTo(x + w * 0.04, y + h * 0.86)
    grip.closeSubpath()
    p.setBrush(QColor("#7a4a21"))
    p.drawPath(grip)


def draw_dynamite(p: QPainter, rect: QRectF) -> None:
    w, h = rect.width(), rect.height()
    stick_w = w / 4
    p.setPen(QPen(QColor("#7f1d1d"), 1))
    p.setBrush(QColor("#dc2626"))
    for i in range(3):
        p.drawRoundedRect(QRectF(rect.left() + w * 0.12 + i * stick_w * 1.05, rect.top() + h * 0.30,
                                 stick_w, h * 0.62), 3, 3)
    p.setBrush(QColor("#1f2937"))
    p.drawRect(QRectF(rect.left() + w * 0.08, rect.top() + h * 0.52, w * 0.84, h * 0.08))
    fuse = QPainterPath(QPointF(rect.center().x(), rect.top() + h * 0.30))
    fuse.cubicTo(rect.center().x() + w * 0.05, rect.top() + h * 0.12, rect.center().x() + w * 0.25,
                 rect.top() + h * 0.22, rect.center().x() + w * 0.30, rect.top() + h * 0.06)
    p.setPen(QPen(QColor("#44403c"), 2))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(fuse)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor("#fbbf24"))
    p.drawPolygon(star_polygon(QPointF(rect.center().x() + w * 0.30, rect.top() + h * 0.06), w * 0.10, 5))


def paint_back(p: QPainter, r: QRectF, radius: float, colour: QColor) -> None:
    """A card's back in its player's colour."""
    p.setPen(QPen(colour.darker(150), 2))
    p.setBrush(colour)
    p.drawRoundedRect(r, radius, radius)
    p.setPen(QPen(QColor(255, 255, 255, 90), 1.5))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(r.adjusted(5, 5, -5, -5), radius * 0.7, radius * 0.7)
    p.setPen(QPen(colour.darker(160), 1))
    p.setBrush(QColor(255, 255, 255, 70))
    p.drawPolygon(star_polygon(r.center(), r.width() * 0.26))


class HandBacks(QWidget):
    """A hidden hand: its cards' backs, fanned to fit the room they get.

    Nine backs side by side are wider than a player's row leaves them, and as nine widgets
    a layout could only pile them up; one widget overlaps them evenly instead."""

    def __init__(self, count: int, colour: str, size: QSize, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.count = count
        self.colour = QColor(colour)
        self.card_size = size
        self.setFixedHeight(size.height())
        self.setMinimumWidth(size.width() if count else 0)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        return QSize(self.count * (self.card_size.width() + 2), self.card_size.height())

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.count:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w = self.card_size.width()
        step = min(w + 2.0, (self.width() - w) / max(1, self.count - 1))
        for i in range(self.count):
            r = QRectF(i * step, 0, w, self.card_size.height()).adjusted(2, 2, -2, -2)
            paint_back(p, r, r.width() * 0.10, self.colour)
        p.end()


class CardWidget(QWidget):
    """One card: face (number or Dynamite), or back for HIDDEN; gold on it; clickable if enabled.

    A clickable card takes the keyboard focus: Enter or Space clicks it, an arrow asks the hand
    to move the focus (`step(dx, dy)`), and the focused card wears a blue ring."""

    clicked = Signal(int)
    step = Signal(int, int)

    def __init__(self, card: int, colour: str, size: QSize = QSize(72, 104), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card = card
        self.colour = QColor(colour)
        self.gold = 0
        self.selected = False
        self.clickable = False
        self.blocked = False  # forbidden now: greyed out
        self.dim = False  # e.g. the wrong card of a mistake
        self.hinted = False  # the shown hint plays or discards it
        self.setFixedSize(size)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def set_hinted(self, on: bool) -> None:
        if on != self.hinted:
            self.hinted = on
            self.update()

    def set_clickable(self, on: bool) -> None:
        self.clickable = on
        self.setCursor(Qt.CursorShape.PointingHandCursor if on else Qt.CursorShape.ArrowCursor)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if on else Qt.FocusPolicy.NoFocus)
        self.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        if self.clickable and event.key() in ACT_KEYS and not event.isAutoRepeat():
            self.clicked.emit(self.card)
        elif event.key() in ARROWS and event.modifiers() in PLAIN:
            self.step.emit(*ARROWS[Qt.Key(event.key())])
        else:
            super().keyPressEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 (Qt's name)
        """The focused card scrolls into sight (a narrow window scrolls the hand sideways)."""
        super().focusInEvent(event)
        area = self.parentWidget()
        while area is not None and not isinstance(area, QScrollArea):
            area = area.parentWidget()
        if area is not None:
            area.ensureWidgetVisible(self, 16, 16)
        self.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802 (Qt's name)
        super().focusOutEvent(event)
        self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self.clickable and event.button() == Qt.MouseButton.LeftButton and self.rect().contains(event.position().toPoint()):
            self.clicked.emit(self.card)

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect()).adjusted(2, 2, -2, -2)
        if self.selected:
            r = r.adjusted(0, 0, 0, 0)
        radius = r.width() * 0.10
        if self.card == HIDDEN:
            self._paint_back(p, r, radius)
        else:
            self._paint_face(p, r, radius)
        if self.blocked or self.dim:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(90, 90, 90, 120))
            p.drawRoundedRect(r, radius, radius)
            if self.blocked:
                p.setPen(QPen(QColor("#b91c1c"), 3))
                p.drawLine(r.topLeft() + QPointF(8, 8), r.bottomRight() - QPointF(8, 8))
        if self.selected:
            p.setPen(QPen(QColor("#f59e0b"), 4))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r.adjusted(1, 1, -1, -1), radius, radius)
        if self.hinted:
            p.setPen(hint_pen())
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r.adjusted(1, 1, -1, -1), radius, radius)
        if self.hasFocus():
            p.setPen(QPen(FOCUS, 3))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5), radius + 2, radius + 2)
        p.end()

    def _paint_back(self, p: QPainter, r: QRectF, radius: float) -> None:
        paint_back(p, r, radius, self.colour)

    def _paint_face(self, p: QPainter, r: QRectF, radius: float) -> None:
        p.setPen(QPen(self.colour.darker(130), 2.5))
        p.setBrush(PAPER)
        p.drawRoundedRect(r, radius, radius)
        band = QRectF(r.left(), r.top(), r.width(), r.height() * 0.20)
        clip = QPainterPath()
        clip.addRoundedRect(r, radius, radius)
        p.save()
        p.setClipPath(clip)
        p.fillRect(band, self.colour)
        p.restore()
        if r.width() < 50:
            self._paint_mini(p, r, band)
            return
        art = QRectF(r.left() + r.width() * 0.18, r.top() + r.height() * 0.24, r.width() * 0.64, r.height() * 0.40)
        font = QFont(p.font())
        if self.card == DYNAMITE:
            draw_dynamite(p, art)
            font.setPixelSize(max(8, int(r.width() * 0.14)))
            font.setBold(True)
            p.setFont(font)
            p.setPen(QColor("white"))
            p.drawText(band, Qt.AlignmentFlag.AlignCenter, "DYNAMITE")
        else:
            draw_revolver(p, art.adjusted(0, 0, 0, -art.height() * 0.25), self.colour)
            font.setPixelSize(int(r.height() * 0.30))
            font.setBold(True)
            p.setFont(font)
            p.setPen(INK)
            p.drawText(QRectF(r.left(), r.top() + r.height() * 0.42, r.width(), r.height() * 0.34),
                       Qt.AlignmentFlag.AlignCenter, str(self.card))
            font.setPixelSize(max(8, int(r.height() * 0.12)))
            p.setFont(font)
            p.setPen(QColor("white"))
            p.drawText(band.adjusted(6, 0, 0, 0), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                       str(self.card))
            if self.card < 8 and not self.gold:
                font.setPixelSize(max(8, int(r.height() * 0.09)))
                font.setBold(False)
                p.setFont(font)
                p.setPen(QColor("#8b1a10"))
                p.drawText(QRectF(r.left(), r.bottom() - r.height() * 0.2, r.width(), r.height() * 0.17),
                           Qt.AlignmentFlag.AlignCenter, f"then no {self.card + 1}")
        if self.gold:
            coins = QRectF(r.left(), r.top() + r.height() * 0.77, r.width(), r.height() * 0.2)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(255, 255, 255, 215))
            p.drawRoundedRect(coins.adjusted(3, 0, -3, 0), 6, 6)
            draw_coins(p, coins, self.gold)


    def _paint_mini(self, p: QPainter, r: QRectF, band: QRectF) -> None:
        font = QFont(p.font())
        font.setBold(True)
        font.setPixelSize(int(r.height() * (0.28 if self.card == DYNAMITE else 0.45)))
        p.setFont(font)
        p.setPen(QColor("#b91c1c") if self.card == DYNAMITE else INK)
        p.drawText(r.adjusted(0, band.height() * 0.5, 0, 0), Qt.AlignmentFlag.AlignCenter,
                   "DYN" if self.card == DYNAMITE else str(self.card))


class CoinPile(QWidget):
    """Gold put aside between the rows (ties)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.count = 0
        self.setFixedSize(130, 26)

    def set_count(self, count: int) -> None:
        self.count = count
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.count:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        draw_coins(p, QRectF(self.rect()), self.count)
        p.end()


class BadgeStrip(QWidget):
    """Sheriff's badges: won ones in gold, the ones still needed as pale stars."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.won = 0
        self.needed = 2
        self.setFixedSize(3 * 30 + 6, 30)

    def set_badges(self, won: int, needed: int) -> None:
        self.won, self.needed = won, needed
        self.setFixedWidth(max(won, needed) * 30 + 6)
        self.setToolTip(f"{won} of {needed} sheriff's badges")
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        for i in range(max(self.won, self.needed)):
            draw_badge(p, QPointF(16 + i * 30, 15), 13, i < self.won)
        p.end()
