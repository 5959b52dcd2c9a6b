"""The Clout Fantasy winner screen: the result, each player's clout chip by chip, the final area."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from core.clout.scoring import ChipScore
from gui.clout.scores import PlayerTally, breakdown_html, tally_html
from gui.kit.over import Trophy
from gui.kit.theme import PRIMARY_BUTTON
from gui.kit.theme import text_colour_on


class CloutOver(QWidget):
    finished_requested = Signal()

    def __init__(self, board: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cloutOver")
        self.board = board
        self.trophy = Trophy()
        self.summary = QLabel(objectName="winnerSummary")
        self.summary.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.summary.setWordWrap(True)
        self.table = QLabel(objectName="winnerTable")
        self.table.setTextFormat(Qt.TextFormat.RichText)
        self.table.setStyleSheet("font-size: 14px; background: #ffffff; border: 1px solid #d1d5db;"
                                 " border-radius: 8px; padding: 6px;")
        self.breakdown = QLabel(objectName="winnerBreakdown")
        self.breakdown.setTextFormat(Qt.TextFormat.RichText)
        self.breakdown.setWordWrap(True)
        self.breakdown.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.breakdown.setStyleSheet("font-size: 12px; background: #ffffff; padding: 6px;")
        scroll = QScrollArea()
        scroll.setWidget(self.breakdown)
        scroll.setWidgetResizable(True)
        scroll.setStyleSheet("QScrollArea { border: 1px solid #d1d5db; border-radius: 8px; background: #ffffff; }")
        self.back = QPushButton("Back to start page", objectName="backToStart")
        self.back.setMinimumHeight(44)
        self.back.setStyleSheet(PRIMARY_BUTTON)
        self.back.setCursor(Qt.CursorShape.PointingHandCursor)
        self.back.clicked.connect(self.finished_requested)
        right = QVBoxLayout()
        right.setSpacing(8)
        right.addWidget(self.trophy, 0, Qt.AlignmentFlag.AlignHCenter)
        right.addWidget(self.summary)
        right.addWidget(self.table)
        right.addWidget(scroll, 1)
        right.addWidget(self.back, 0, Qt.AlignmentFlag.AlignHCenter)
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
        colour = winner_colour or "#374151"
        self.trophy.colour = QColor("#f5b301") if winner_colour else QColor("#9ca3af")
        self.trophy.update()
        ink = text_colour_on(colour).name()
        self.summary.setText(summary)
        self.summary.setStyleSheet(f"background: {colour}; color: {ink}; font-size: 20px; font-weight: 800;"
                                   " border-radius: 12px; padding: 12px 18px;")
        self.table.setText(tally_html(tallies))
        self.breakdown.setText(breakdown_html(scores, tallies, chip_name))
