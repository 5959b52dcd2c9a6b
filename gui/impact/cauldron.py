"""The cauldron, painted: dice show their element; fresh dice fly in and settle (~0.5 s).

Clicking dice selects them for tipping when the view allows it; the widget only reports the
selection, the view turns it into a Tip action.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QPointF, QRectF, QVariantAnimation, Qt, Signal
from PySide6.QtGui import QColor, QFont, QHelpEvent, QMouseEvent, QPainter, QPaintEvent, QPen, QRadialGradient
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from gui.impact.symbols import FACE_LABELS, INK, paint_die


class CauldronWidget(QWidget):
    selection_changed = Signal()
    ANIMATE = True  # tests switch the throw animation off
    DURATION_MS = 500

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cauldron")
        self.setMinimumSize(360, 320)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.dice: tuple[str, ...] = ()
        self.fresh = 0
        self.flying = 0
        self.marked: set[int] = set()
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
        if fresh and self.ANIMATE:
            self._progress = 0.0
            self._anim.stop()
            self._anim.start()
        else:
            self._progress = 1.0
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
        cols = max(2, math.ceil(math.sqrt(n * 1.4)))
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
        if not self.selectable:
            return
        i = self.die_at(event.position())
        if i is None:
            return
        self.selected ^= {i}
        self.selection_changed.emit()
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
        if self.flying:
            p.setPen(QColor("#ffd27a"))
            p.drawText(QRectF(0, bowl.bottom() - 2, self.width(), 24), Qt.AlignmentFlag.AlignCenter,
                       f"{self.flying} {'die' if self.flying == 1 else 'dice'} in the air")
        p.end()
