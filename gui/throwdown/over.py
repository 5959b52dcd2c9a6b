"""The winner screen: the result in the winner's colour and who lasted how long."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QHeaderView, QLabel, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)
from PySide6.QtGui import QBrush, QColor

from core.fistful.throwdown import ThrowdownState
from core.text import plural
from gui.kit.over import NO_WINNER, Trophy, back_to_start, end_buttons, play_again, review_button, result_label
from gui.kit.tables import keep_rows_fitted, whole_height


def standings(state: ThrowdownState) -> list[tuple[int, int]]:
    """(place, player) best first, from the result's placings (later out ranks higher)."""
    placings = state.result.placings if state.result else ()
    if len(placings) != state.players:
        placings = (1,) * state.players
    return sorted((placings[p], p) for p in range(state.players))


class WinnerPage(QWidget):
    finished_requested = Signal()
    again_requested = Signal()
    review_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("winnerPage")
        self.trophy = Trophy()
        self.summary = result_label()
        self.detail = QLabel(objectName="winnerDetail")
        self.detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.table = QTableWidget(0, 3, objectName="standingsTable")
        keep_rows_fitted(self.table, lambda: self.table.setFixedHeight(whole_height(self.table)))
        self.table.setHorizontalHeaderLabels(["Place", "Player", "Lasted"])
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(32)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setMaximumWidth(520)
        self.table.setMinimumWidth(420)
        hh = self.table.horizontalHeader()
        hh.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        hh.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        hh.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.back = back_to_start(self.finished_requested)
        self.again = play_again(self.again_requested)
        self.review = review_button(self.review_requested)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(30, 24, 30, 24)
        lay.setSpacing(10)
        lay.addStretch(1)
        lay.addWidget(self.trophy, 0, Qt.AlignmentFlag.AlignHCenter)
        lay.addWidget(self.summary)
        lay.addWidget(self.detail)
        lay.addSpacing(8)
        lay.addWidget(self.table, 0, Qt.AlignmentFlag.AlignHCenter)
        lay.addSpacing(8)
        lay.addLayout(end_buttons(self.again, self.review, self.back))
        lay.addStretch(1)

    def render(self, state: ThrowdownState, text: str) -> None:
        """`text` is the game's result sentence (ThrowdownGame.result_text)."""
        result = state.result
        winners = result.winners if result else ()
        colour = state.setup.players[winners[0]].colour if len(winners) == 1 and not result.draw else NO_WINNER
        self.trophy.crown(bool(winners))
        self.summary.setText(text or "Game over")
        self.summary.set_colour(colour)
        self.detail.setText(f"{plural(state.throws, 'throw')} played.")
        rows = standings(state)
        self.table.setRowCount(len(rows))
        for r, (place, p) in enumerate(rows):
            if p in winners:
                lasted = "Draw \u2014 out in the same throw" if result.draw else "Winner \u2014 still standing"
                if state.players == 1:
                    lasted = f"Out after throw {state.out_after[p]}"
            else:
                lasted = f"Out after throw {state.out_after[p]}"
            items = [QTableWidgetItem(str(place)), QTableWidgetItem(state.name(p)), QTableWidgetItem(lasted)]
            items[0].setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            items[1].setForeground(QBrush(QColor(state.setup.players[p].colour)))
            f = items[1].font()
            f.setBold(True)
            items[1].setFont(f)
            for c, item in enumerate(items):
                if p in winners:
                    item.setBackground(QBrush(QColor("#fff4cc")))
                self.table.setItem(r, c, item)
        self.table.setFixedHeight(whole_height(self.table))
