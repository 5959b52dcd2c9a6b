"""The Power Spike winner screen: the result, each side's survivors and the final table."""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from gui.kit.over import NO_WINNER, Trophy, back_to_start, end_buttons, play_again, review_button, result_label
from gui.powerspike.scores import SideTally, tally_html


class PowerSpikeOver(QWidget):
    finished_requested = Signal()
    again_requested = Signal()
    review_requested = Signal()

    def __init__(self, board: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("powerSpikeOver")
        self.board = board
        self.trophy = Trophy()
        self.summary = result_label(role="psSummary")
        self.detail = QLabel(objectName="winnerDetail")
        self.detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.detail.setWordWrap(True)
        self.table = QLabel(objectName="winnerTable")
        self.table.setTextFormat(Qt.TextFormat.RichText)
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
        right.addLayout(end_buttons(self.again, self.review, self.back, column=True))
        right.addStretch(1)
        side = QWidget()
        side.setLayout(right)
        side.setFixedWidth(340)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(16, 12, 16, 12)
        lay.setSpacing(16)
        lay.addWidget(board, 1)
        lay.addWidget(side)

    def render(self, summary: str, winner_colour: str | None, detail: str, tallies: Sequence[SideTally]) -> None:
        colour = winner_colour or NO_WINNER
        self.trophy.crown(bool(winner_colour))
        self.summary.setText(summary)
        self.summary.set_colour(colour)
        self.detail.setText(detail)
        self.table.setText(tally_html(tallies))
