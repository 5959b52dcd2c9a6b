"""The Clout Fantasy winner screen (the view's "over" page): the result, each player's clout chip by
chip, the final area."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from core.clout.scoring import ChipScore
from gui.clout.scores import PlayerTally, breakdown_html, tally_html
from gui.kit.over import NO_WINNER, Trophy, back_to_start, end_buttons, play_again, review_button, result_label

class CloutOver(QWidget):
    finished_requested = Signal()
    again_requested = Signal()
    review_requested = Signal()

    def __init__(self, board: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cloutOver")
        self.board = board
        self.trophy = Trophy()
        self.summary = result_label()
        self.table = QLabel(objectName="winnerTable")
        self.table.setTextFormat(Qt.TextFormat.RichText)
        self.breakdown = QLabel(objectName="winnerBreakdown")
        self.breakdown.setTextFormat(Qt.TextFormat.RichText)
        self.breakdown.setWordWrap(True)
        self.breakdown.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        scroll = QScrollArea(objectName="winnerScroll")
        scroll.setWidget(self.breakdown)
        scroll.setWidgetResizable(True)
        self.back = back_to_start(self.finished_requested)
        self.again = play_again(self.again_requested)
        self.review = review_button(self.review_requested)
        right = QVBoxLayout()
        right.setSpacing(8)
        right.addWidget(self.trophy, 0, Qt.AlignmentFlag.AlignHCenter)
        right.addWidget(self.summary)
        right.addWidget(self.table)
        right.addWidget(scroll, 1)
        right.addLayout(end_buttons(self.again, self.review, self.back, column=True))
        side = QWidget()
        side.setLayout(right)
        side.setFixedWidth(380)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(16, 12, 16, 12)
        lay.setSpacing(16)
        lay.addWidget(board, 1)
        lay.addWidget(side)

    def render(self, summary: str, winner_colour: str | None, tallies: Sequence[PlayerTally],
               scores: Sequence[ChipScore], chip_name: Callable[[str], str]) -> None:
        self.trophy.crown(bool(winner_colour))
        self.summary.setText(summary)
        self.summary.set_colour(winner_colour or NO_WINNER)
        self.table.setText(tally_html(tallies))
        self.breakdown.setText(breakdown_html(scores, tallies, chip_name))
