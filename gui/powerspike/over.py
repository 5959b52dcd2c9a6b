"""The Power Spike winner screen: the result, each side's survivors and the final table."""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from gui.powerspike.scores import SideTally, tally_html
from gui.kit.over import Trophy
from gui.kit.theme import PRIMARY_BUTTON
from gui.kit.theme import text_colour_on


class PowerSpikeOver(QWidget):
    finished_requested = Signal()

    def __init__(self, board: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("powerSpikeOver")
        self.board = board
        self.trophy = Trophy()
        self.summary = QLabel(objectName="winnerSummary")
        self.summary.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.summary.setWordWrap(True)
        self.detail = QLabel(objectName="winnerDetail")
        self.detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.detail.setWordWrap(True)
        self.detail.setStyleSheet("color: #4b5563; font-size: 14px;")
        self.table = QLabel(objectName="winnerTable")
        self.table.setTextFormat(Qt.TextFormat.RichText)
        self.table.setStyleSheet("font-size: 14px; background: #ffffff; border: 1px solid #d1d5db;"
                                 " border-radius: 8px; padding: 8px;")
        self.back = QPushButton("Back to start page", objectName="backToStart")
        self.back.setMinimumHeight(44)
        self.back.setStyleSheet(PRIMARY_BUTTON)
        self.back.setCursor(Qt.CursorShape.PointingHandCursor)
        self.back.clicked.connect(self.finished_requested)
        right = QVBoxLayout()
        right.setSpacing(10)
        right.addStretch(1)
        right.addWidget(self.trophy, 0, Qt.AlignmentFlag.AlignHCenter)
        right.addWidget(self.summary)
        right.addWidget(self.detail)
        right.addWidget(self.table)
        right.addWidget(self.back, 0, Qt.AlignmentFlag.AlignHCenter)
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
        colour = winner_colour or "#374151"
        self.trophy.colour = QColor("#f5b301") if winner_colour else QColor("#9ca3af")
        self.trophy.update()
        ink = text_colour_on(colour).name()
        self.summary.setText(summary)
        self.summary.setStyleSheet(f"background: {colour}; color: {ink}; font-size: 20px; font-weight: 800;"
                                   " border-radius: 12px; padding: 12px 18px;")
        self.detail.setText(detail)
        self.table.setText(tally_html(tallies))
