"""The cauldron, painted: dice show their element; fresh dice fly in and settle (~0.5 s, when
View → Animations is on; a click lands them at once).

Clicking dice selects them for tipping when the view allows it; the widget only reports the
selection, the view turns it into a Tip action. By keyboard the cauldron takes the focus, the
arrows walk a focus ring over the dice (saying each die's element as its tooltip would), and
Enter or Space picks or unpicks the focused die. No letter keys: Impact's race keys stay free.
"""
from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QEvent, QPointF, QRectF, QVariantAnimation, Qt, Signal
from PySide6.QtGui import (QColor, QFont, QHelpEvent, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen,
                           QRadialGradient)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from gui.impact.symbols import FACE_LABELS, INK, paint_die
from gui.kit.hint_mark import hint_pen
from gui.storage import animations_on

FOCUS_RING = QColor("#ffd27a")  # palette.json "focus-on-dark"
ACT_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)


class CauldronWidget(QWidget):
    selection_changed = Signal()
    DURATION_MS = 500

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cauldron")
        self.setMinimumSize(360, 320)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setToolTip("")
        self.focused: int | None = None  # the die the keyboard's focus ring is on
        self.dice: tuple[str, ...] = ()
        self.fresh = 0
        self.flying = 0
        self.marked: set[int] = set()
        self.hinted: set[int] = set()  # the dice the shown hint would tip
        self.selected: set[int] = set()
        self.selectable = False
        self.caption = ""
        self._progress = 1.0
        self._anim = QVariantAnimation(self, startValue=0.0, endValue=1.0, duration=self.DURATION_MS)
        self._anim.valueChanged.connect(self._step)

    # --- state ----------------------------------------------------------------------------
    def render(self, dice: tuple[str, ...], fresh: int = 0, flying: int = 0, marked: tuple[int, ...] = (),
               caption: str = "") -> None:
        if tuple(dice) != self.dice:
            self.selected.clear()
        self.dice, self.fresh, self.flying, self.caption = tuple(dice), fresh, flying, caption
        self.marked = set(marked)
        if self.focused is not None and self.focused >= len(self.dice):
            self.focused = len(self.dice) - 1 if self.dice else None
        if fresh and animations_on():
            self._progress = 0.0
            self._anim.stop()
            self._anim.start()
        else:
            self._progress = 1.0
        self.update()

    def set_hinted(self, dice: Iterable[int]) -> None:
        self.hinted = set(dice)
        self.update()

    def set_selectable(self, on: bool) -> None:
        self.selectable = on
        if not on and self.selected:
            self.selected.clear()
            self.selection_changed.emit()
        self.setCursor(Qt.CursorShape.PointingHandCursor if on else Qt.CursorShape.ArrowCursor)
        self.update()

    def _step(self, value: float) -> None:
        self._progress = float(value)
        self.update()

    # --- geometry -------------------------------------------------------------------------
    def bowl(self) -> QRectF:
        side = min(self.width() - 20, self.height() - 60)
        return QRectF((self.width() - side) / 2, 40, side, side * 0.92)

    def die_rect(self, i: int) -> QRectF:
        bowl = self.bowl()
        n = max(len(self.dice), 1)
        cols = self._columns()
        rows = math.ceil(n / cols)
        area = bowl.adjusted(bowl.width() * 0.17, bowl.height() * 0.2, -bowl.width() * 0.17, -bowl.height() * 0.17)
        cell = min(area.width() / cols, area.height() / max(rows, 1), bowl.width() / 4.2)
        size = cell * 0.8
        row, col = divmod(i, cols)
        in_row = min(cols, n - row * cols)
        x0 = area.center().x() - in_row * cell / 2
        y0 = area.center().y() - rows * cell / 2
        wobble = ((i * 37) % 7 - 3) * cell * 0.02
        return QRectF(x0 + col * cell + (cell - size) / 2 + wobble, y0 + row * cell + (cell - size) / 2 - wobble,
                      size, size)

    def die_at(self, pos: QPointF) -> int | None:
        for i in range(len(self.dice)):
            if self.die_rect(i).adjusted(-3, -3, 3, 3).contains(pos):
                return i
        return None

    def die_tooltip(self, i: int) -> str:
        """What hovering die `i` says: its element, and whether it is picked for tipping."""
        text = f"{FACE_LABELS.get(self.dice[i], self.dice[i])} die"
        if i in self.selected or i in self.marked:
            text += " (picked to tip)"
        elif self.selectable:
            text += ": click to pick it for tipping"
        return text

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            i = self.die_at(QPointF(event.pos()))
            if i is None:
                QToolTip.hideText()
                event.ignore()
            else:
                QToolTip.showText(event.globalPos(), self.die_tooltip(i), self)
            return True
        return super().event(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self._progress < 1.0:  # a click lands the flying dice at once
            self._anim.stop()
            self._step(1.0)
            return
        if not self.selectable:
            return
        i = self.die_at(event.position())
        if i is None:
            return
        self.toggle(i)

    def toggle(self, i: int) -> None:
        """Pick or unpick die `i` for tipping."""
        self.selected ^= {i}
        self.selection_changed.emit()
        self.update()

    # --- keyboard ---------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        key = event.key()
        steps = {Qt.Key.Key_Left: -1, Qt.Key.Key_Right: 1, Qt.Key.Key_Up: -self._columns(),
                 Qt.Key.Key_Down: self._columns()}
        if key in steps and self.dice:
            start = self.focused if self.focused is not None else -1 if steps[key] > 0 else len(self.dice)
            self.focus_die(max(0, min(len(self.dice) - 1, start + steps[key])))
        elif key in ACT_KEYS and not event.isAutoRepeat() and self.focused is not None:
            if self.selectable:
                self.toggle(self.focused)
            self._say(self.focused)
        else:
            super().keyPressEvent(event)

    def focus_die(self, i: int) -> None:
        """Put the focus ring on die `i` and say what it is, as hovering it would."""
        self.focused = i
        self._say(i)
        self.update()

    def _say(self, i: int) -> None:
        text = self.die_tooltip(i)
        if self.selectable and i not in self.selected:
            text = text.replace("click to pick", "Enter or Space picks")
        self.setAccessibleDescription(text)
        QToolTip.showText(self.mapToGlobal(self.die_rect(i).bottomLeft().toPoint()), text, self)

    def _columns(self) -> int:
        return max(2, math.ceil(math.sqrt(max(len(self.dice), 1) * 1.4)))

    def focusInEvent(self, event) -> None:  # noqa: N802, ANN001 (Qt's name and event)
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event) -> None:  # noqa: N802, ANN001 (Qt's name and event)
        super().focusOutEvent(event)
        self.update()

    # --- painting -------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        bowl = self.bowl()
        p.setPen(QPen(QColor("#0f1218"), 6))
        grad = QRadialGradient(bowl.center(), bowl.width() / 2)
        grad.setColorAt(0, QColor("#4b3b2f"))
        grad.setColorAt(0.85, QColor("#2a1f18"))
        grad.setColorAt(1, QColor("#15100c"))
        p.setBrush(grad)
        p.drawEllipse(bowl)
        p.setPen(QPen(QColor("#8b6b4a"), 5))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(bowl.adjusted(6, 6, -6, -6))
        p.setPen(QColor(INK))
        font = QFont(self.font())
        font.setPointSize(13)
        font.setBold(True)
        p.setFont(font)
        p.drawText(QRectF(0, 4, self.width(), 30), Qt.AlignmentFlag.AlignCenter, self.caption)
        if not self.dice:
            p.setPen(QColor("#b8a38a"))
            p.drawText(bowl, Qt.AlignmentFlag.AlignCenter, "The cauldron is empty")
        if self.hasFocus() and (self.focused is None or not self.dice):
            p.setPen(QPen(FOCUS_RING, 3, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(bowl.adjusted(-3, -3, 3, 3))
        start = len(self.dice) - self.fresh
        for i, face in enumerate(self.dice):
            rect = self.die_rect(i)
            if i >= start and self._progress < 1.0:
                t = 1 - (1 - self._progress) ** 3
                origin = QPointF(self.width() + 40, -60 - 30 * (i - start))
                centre = rect.center()
                c = QPointF(origin.x() + (centre.x() - origin.x()) * t,
                            origin.y() + (centre.y() - origin.y()) * t - math.sin(t * math.pi) * 60)
                scale = 1.5 - 0.5 * t
                rect = QRectF(c.x() - rect.width() * scale / 2, c.y() - rect.height() * scale / 2,
                              rect.width() * scale, rect.height() * scale)
            paint_die(p, rect, face, selected=i in self.selected or i in self.marked)
            if i in self.hinted:
                p.setPen(hint_pen())
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), 5, 5)
            if i == self.focused and self.hasFocus():
                p.setPen(QPen(FOCUS_RING, 3, Qt.PenStyle.DashLine))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(rect.adjusted(-5, -5, 5, 5), 6, 6)
        if self.flying:
            p.setPen(QColor("#ffd27a"))
            p.drawText(QRectF(0, bowl.bottom() - 2, self.width(), 24), Qt.AlignmentFlag.AlignCenter,
                       f"{self.flying} {'die' if self.flying == 1 else 'dice'} in the air")
        p.end()
