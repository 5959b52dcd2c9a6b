"""The winner screen of the battle games, in Throwdown's style: the result, the final board
and where every player ended.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.fistful.battles import BattleState
from core.text import plural
from gui.fistful.battle_scores import held
from gui.kit.over import NO_WINNER, Trophy, back_to_start, end_buttons, play_again, review_button, result_label
from gui.kit.tables import keep_rows_fitted, whole_height


def knocked_out_after(state: BattleState) -> dict[int, int]:
    """Player -> the battle after which they had no regions or fighters left."""
    return {p: state.knocked_out[p] for p in range(state.players) if state.out[p]}


class BattleOverPage(QWidget):
    finished_requested = Signal()
    again_requested = Signal()
    review_requested = Signal()

    def __init__(self, board: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("battleOver")
        self.board = board
        self.trophy = Trophy()
        self.summary = result_label()
        self.detail = QLabel(objectName="winnerDetail")
        self.detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.detail.setWordWrap(True)
        self.table = QTableWidget(0, 5, objectName="standingsTable")
        keep_rows_fitted(self.table, lambda: self.table.setFixedHeight(whole_height(self.table)))
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(30)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        hh = self.table.horizontalHeader()
        hh.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        hh.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.back = back_to_start(self.finished_requested)
        self.again = play_again(self.again_requested)
        self.review = review_button(self.review_requested)

        right = QVBoxLayout()
        right.setSpacing(10)
        right.addStretch(1)
        right.addWidget(self.trophy, 0, Qt.AlignmentFlag.AlignHCenter)
        right.addWidget(self.summary)
        right.addWidget(self.detail)
        right.addWidget(self.table)
        right.addLayout(end_buttons(self.again, self.review, self.back))
        right.addStretch(1)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(20, 16, 20, 16)
        lay.setSpacing(18)
        lay.addWidget(board, 1)
        lay.addLayout(right, 1)

    def render(self, state: BattleState, word: str, text: str) -> None:
        """`text` is the game's result sentence (BattleGame.result_text)."""
        result = state.result
        winners = result.winners if result else ()
        colour = state.setup.players[winners[0]].colour if len(winners) == 1 and not result.draw else NO_WINNER
        self.trophy.crown(bool(winners))
        self.summary.setText(text or "Game over")
        self.summary.set_colour(colour)
        n = len(state.history)
        self.detail.setText(f"{plural(n, 'battle')} fought.")
        gone = knocked_out_after(state)
        wins = {p: sum(1 for b in state.history if b.winner == p) for p in range(state.players)}
        order = sorted(range(state.players), key=lambda p: (p not in winners, state.out[p], -held(state, p),
                                                           -gone.get(p, 0), p))
        # Two-word headers take two lines, so the figures' columns stay narrow and the result
        # ("Out after battle 8") is not cut off in a narrow window.
        self.table.setHorizontalHeaderLabels(["Player", "Result", f"{word.capitalize()}s", "Army\nleft", "Battles\nwon"])
        self.table.setRowCount(len(order))
        for r, p in enumerate(order):
            if p in winners:
                what = "Draw" if result.draw else "Winner"
            elif state.out[p]:
                what = f"Out after battle {gone[p]}"
            else:
                what = "Defeated"
            cells = [state.name(p), what, str(held(state, p)), str(len(state.armies[p])), str(wins[p])]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter if c else
                                      Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
                if c == 0:
                    item.setForeground(QBrush(QColor(state.setup.players[p].colour)))
                    f = item.font()
                    f.setBold(True)
                    item.setFont(f)
                if p in winners:
                    item.setBackground(QBrush(QColor("#fff4cc")))
                self.table.setItem(r, c, item)
        self.table.setFixedHeight(whole_height(self.table))
