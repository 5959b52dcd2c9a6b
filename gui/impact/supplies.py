"""Every player's supply, always in sight (the rules require it): loose dice, boulder piles,
who is out, whose turn it is and, in a tournament, the points lost so far."""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from core.impact.game import ImpactState
from gui.kit.theme import text_colour_on

DIE_GREY = "#d8d2c4"


class SupplyStrip(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("supplies")
        self.state: ImpactState | None = None
        self.setMinimumHeight(118)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def render(self, state: ImpactState) -> None:
        self.state = state
        self.update()

    def card_rect(self, player: int) -> QRectF:
        n = self.state.players if self.state else 1
        gap = 10
        w = (self.width() - gap * (n + 1)) / n
        return QRectF(gap + player * (w + gap), 8, w, self.height() - 16)

    def paintEvent(self, event: QPaintEvent) -> None:
        if self.state is None:
            return
        s = self.state
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        base = QFont(self.font())
        for i in range(s.players):
            r = self.card_rect(i)
            colour = QColor(s.setup.players[i].colour)
            active = s.phase in ("turn", "tip", "landing") and s.active == i and not s.out[i]
            p.setPen(QPen(QColor("#ffffff") if active else QColor("#454c5e"), 3 if active else 1))
            p.setBrush(QColor("#2b3140"))
            p.drawRoundedRect(r, 10, 10)
            head = QRectF(r.x(), r.y(), r.width(), 28)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(colour if not s.out[i] else colour.darker(250))
            p.drawRoundedRect(head, 10, 10)
            p.drawRect(QRectF(head.x(), head.y() + 14, head.width(), 14))
            f = QFont(base)
            f.setBold(True)
            f.setPointSize(11)
            p.setFont(f)
            p.setPen(text_colour_on(colour))
            name = s.name(i) + ("  \u25c0 turn" if active else "")
            p.drawText(head.adjusted(8, 0, -8, 0), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                       p.fontMetrics().elidedText(name, Qt.TextElideMode.ElideRight, int(head.width() - 16)))
            f.setPointSize(10)
            f.setBold(False)
            p.setFont(f)
            p.setPen(QColor("#f3f1ec"))
            body = r.adjusted(8, 32, -8, -6)
            total = s.dice(i)
            text = "OUT" if s.out[i] else f"{total} {'die' if total == 1 else 'dice'}"
            if s.piles[i]:
                text += "  \u00b7 piles " + " + ".join(str(x) for x in s.piles[i])
            if s.setup.tournament:
                text += f"  \u00b7 lost {s.lost[i]}"
            p.drawText(body, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft,
                       p.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, int(body.width())))
            size = 11.0
            x, y = body.x(), body.y() + 22
            p.setPen(QPen(QColor("#8f887a"), 1))
            p.setBrush(QColor(DIE_GREY))
            for _ in range(s.loose[i]):
                if x + size > body.right():
                    x, y = body.x(), y + size + 3
                p.drawRoundedRect(QRectF(x, y, size, size), 2, 2)
                x += size + 3
            p.setBrush(QColor("#7a6a58"))
            for pile in s.piles[i]:
                x += 4
                if x + size > body.right():
                    x, y = body.x(), y + size * 2 + 3
                for k in range(pile):
                    p.drawRoundedRect(QRectF(x, y + size - k * (size * 0.55), size, size * 0.6), 2, 2)
                x += size + 3
        p.end()
