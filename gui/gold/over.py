"""The winner screen: the result in the winner's colour and every round's gold."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

from core.gold.game import GoldState
from gui.gold.scores import GoldScores
from gui.kit.over import NO_WINNER, Trophy, back_to_start, end_buttons, play_again, review_button, result_label
from gui.kit.tables import whole_height


class GoldOver(QWidget):
    finished_requested = Signal()
    again_requested = Signal()
    review_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("goldOver")
        self.trophy = Trophy()
        self.summary = result_label(role="winner")
        self.scores = GoldScores(refitted=self._fit_table)
        self.scores.setFixedWidth(520)
        self.scores.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.back = back_to_start(self.finished_requested)
        self.again = play_again(self.again_requested)
        self.review = review_button(self.review_requested)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(30, 24, 30, 24)
        lay.setSpacing(10)
        lay.addStretch(1)
        lay.addWidget(self.trophy, 0, Qt.AlignmentFlag.AlignHCenter)
        lay.addWidget(self.summary)
        lay.addWidget(self.scores, 0, Qt.AlignmentFlag.AlignHCenter)
        lay.addLayout(end_buttons(self.again, self.review, self.back))
        lay.addStretch(1)

    def render(self, state: GoldState, text: str) -> None:
        """`text` is the game's result sentence (its result_text), worded where it is shown."""
        result = state.result
        single = result is not None and len(result.winners) == 1 and not result.draw
        colour = state.setup.players[result.winners[0]].colour if single else NO_WINNER
        self.trophy.crown(single)
        self.summary.setText(text or "Game over")
        self.summary.set_colour(colour)
        self.scores.render(state)
        self._fit_table()

    def _fit_table(self) -> None:
        self.scores.table.setFixedHeight(whole_height(self.scores.table))
