"""Every player's supply, always in sight (the rules require it): loose dice, boulder piles,
who is out, whose turn it is and, in a tournament, the points lost so far.

Each supply's loose dice and each boulder pile is a stop: a click, or Enter or Space on the stop
the keyboard's focus ring is on (the arrows walk the stops of every supply), asks the view to
throw from it next (`source_chosen(player, pile)`); the view says why when it may not."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QHelpEvent, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from core.impact.game import LOOSE, ImpactState
from gui.kit.theme import text_colour_on

DIE_GREY = "#d8d2c4"
PILE_BROWN = "#7a6a58"
DIE_SIZE = 11.0
FOCUS_RING = QColor("#ffd27a")  # palette.json "focus-on-dark"


class SupplyStrip(QWidget):
    source_chosen = Signal(int, int)  # player, pile (LOOSE or a boulder pile's index)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("supplies")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.focused: tuple[int, int] | None = None  # the stop the keyboard's focus ring is on
        self.state: ImpactState | None = None
        self.setMinimumHeight(118)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def render(self, state: ImpactState) -> None:
        self.state = state
        if self.focused is not None and self.focused not in self.stops():
            self.focused = None
        self.update()

    def stops(self) -> list[tuple[int, int]]:
        """(player, pile) of every supply's loose dice and boulder piles, left to right."""
        s = self.state
        if s is None:
            return []
        return [(i, pile) for i in range(s.players)
                for pile in ([LOOSE] if s.loose[i] else []) + list(range(len(s.piles[i])))]

    def stop_rect(self, stop: tuple[int, int]) -> QRectF:
        """The bounds of a stop's dice, for the focus ring and clicks."""
        player, pile = stop
        rects = [rect for rect, _, _, p in self._spots(player) if p == pile]
        box = rects[0]
        for rect in rects[1:]:
            box = box.united(rect)
        return box.adjusted(-3, -3, 3, 3)

    def stop_at(self, pos: QPointF) -> tuple[int, int] | None:
        return next((stop for stop in self.stops() if self.stop_rect(stop).contains(pos)), None)

    def stop_text(self, stop: tuple[int, int]) -> str:
        player, pile = stop
        text = next(t for _, _, t, p in self._spots(player) if p == pile)
        return f"{self.state.name(player)}: {text}"

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        stop = self.stop_at(event.position())
        if stop is not None and event.button() == Qt.MouseButton.LeftButton:
            self.focused = stop
            self.update()
            self.source_chosen.emit(*stop)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        stops = self.stops()
        key = event.key()
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down) and stops:
            forward = key in (Qt.Key.Key_Right, Qt.Key.Key_Down)
            k = stops.index(self.focused) if self.focused in stops else (-1 if forward else len(stops))
            self.focus_stop(stops[max(0, min(len(stops) - 1, k + (1 if forward else -1)))])
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and self.focused in stops:
            if not event.isAutoRepeat():
                self.source_chosen.emit(*self.focused)
        else:
            super().keyPressEvent(event)

    def focus_stop(self, stop: tuple[int, int]) -> None:
        """Put the focus ring on a stop and say what it holds, as hovering it would."""
        from PySide6.QtWidgets import QToolTip

        self.focused = stop
        text = self.stop_text(stop)
        self.setAccessibleDescription(text)
        QToolTip.showText(self.mapToGlobal(self.stop_rect(stop).bottomLeft().toPoint()), text, self)
        self.update()

    def focusInEvent(self, event) -> None:  # noqa: N802, ANN001 (Qt's name and event)
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event) -> None:  # noqa: N802, ANN001 (Qt's name and event)
        super().focusOutEvent(event)
        self.update()

    def card_rect(self, player: int) -> QRectF:
        n = self.state.players if self.state else 1
        gap = 10
        w = (self.width() - gap * (n + 1)) / n
        return QRectF(gap + player * (w + gap), 8, w, self.height() - 16)

    def dice_spots(self, player: int) -> list[tuple[QRectF, str, str]]:
        """(rect, "loose" or "pile", tooltip) for every die drawn in `player`'s supply card."""
        return [(rect, kind, text) for rect, kind, text, _ in self._spots(player)]

    def _spots(self, player: int) -> list[tuple[QRectF, str, str, int]]:
        """dice_spots, each with its stop's pile (LOOSE or the boulder pile's index)."""
        s = self.state
        body = self.card_rect(player).adjusted(8, 32, -8, -6)
        size = DIE_SIZE
        x, y = body.x(), body.y() + 22
        out: list[tuple[QRectF, str, str, int]] = []
        loose = s.loose[player]
        for _ in range(loose):
            if x + size > body.right():
                x, y = body.x(), y + size + 3
            out.append((QRectF(x, y, size, size), "loose",
                        f"A loose die ({loose} loose): thrown one at a time into the cauldron", LOOSE))
            x += size + 3
        for index, pile in enumerate(s.piles[player]):
            x += 4
            if x + size > body.right():
                x, y = body.x(), y + size * 2 + 3
            for k in range(pile):
                out.append((QRectF(x, y + size - k * (size * 0.55), size, size * 0.6), "pile",
                            f"A boulder pile of {pile} {'die' if pile == 1 else 'dice'}: thrown together", index))
            x += size + 3
        return out

    def tooltip_at(self, pos: QPointF) -> str:
        """The tooltip of the supply die under `pos`, or "" between dice."""
        if self.state is None:
            return ""
        for i in range(self.state.players):
            for rect, _, text in reversed(self.dice_spots(i)):
                if rect.adjusted(-1, -1, 1, 1).contains(pos):
                    return f"{self.state.name(i)}: {text}"
        return ""

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            text = self.tooltip_at(QPointF(event.pos()))
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

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
            p.setPen(QPen(QColor("#8f887a"), 1))
            for rect, kind, _ in self.dice_spots(i):
                p.setBrush(QColor(DIE_GREY if kind == "loose" else PILE_BROWN))
                p.drawRoundedRect(rect, 2, 2)
        if self.hasFocus():
            p.setPen(QPen(FOCUS_RING, 2, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            if self.focused is not None:
                p.drawRoundedRect(self.stop_rect(self.focused), 3, 3)
            else:
                p.drawRoundedRect(QRectF(self.rect()).adjusted(2, 2, -2, -2), 10, 10)
        p.end()
