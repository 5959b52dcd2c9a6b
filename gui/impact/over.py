"""The winner screen: the Master of Elements and, for a tournament, the table of points lost."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (QAbstractItemView, QHeaderView, QLabel, QPushButton, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from core.impact.game import ImpactState
from gui.kit.actions import LEAVES_GAME
from gui.kit.names import ElidedColourLabel
from gui.kit.over import Trophy, end_buttons, play_again, review_button
from gui.kit.tables import keep_rows_fitted, whole_height


def points_per_game(state: ImpactState) -> list[tuple[int, ...]]:
    """Points each player lost in each game (the records hold running totals)."""
    rows, before = [], (0,) * state.players
    for g in state.games:
        rows.append(tuple(a - b for a, b in zip(g.lost, before)))
        before = g.lost
    return rows


class WinnerPage(QWidget):
    finished_requested = Signal()
    again_requested = Signal()
    review_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("winnerPage")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.trophy = Trophy()
        self.title = QLabel("Master of Elements", objectName="winnerTitle")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.name = ElidedColourLabel(objectName="winnerName", radius=14.0)
        self.name.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.summary = QLabel(objectName="winnerSummary")
        self.summary.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.summary.setWordWrap(True)
        self.table = QTableWidget(0, 0, objectName="tournamentTable")
        keep_rows_fitted(self.table, lambda: self.table.setFixedHeight(whole_height(self.table)))
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setMinimumWidth(620)
        self.table.setMaximumWidth(820)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.back = QPushButton("Back to the games", objectName="winnerBack")
        self.back.setProperty("role", "impact-primary")
        self.back.clicked.connect(self.finished_requested)
        self.back.setProperty(LEAVES_GAME, True)
        self.again = play_again(self.again_requested, height=0, role="impact-primary")
        self.review = review_button(self.review_requested, height=0, role="impact")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(30, 30, 30, 30)
        lay.setSpacing(10)
        lay.addStretch(1)
        lay.addWidget(self.trophy, 0, Qt.AlignmentFlag.AlignHCenter)
        lay.addWidget(self.title)
        lay.addWidget(self.name, 0, Qt.AlignmentFlag.AlignHCenter)
        lay.addWidget(self.summary)
        lay.addWidget(self.table, 0, Qt.AlignmentFlag.AlignHCenter)
        lay.addLayout(end_buttons(self.again, self.review, self.back))
        lay.addStretch(1)

    def render(self, state: ImpactState, text: str) -> None:
        """`text` is the game's result sentence (GAME.result_text), worded where it is shown."""
        result = state.result
        winners = result.winners if result else ()
        title = "Master of Elements" if len(winners) <= 1 else "A draw"
        self.title.setText("Tournament of the Elements" if state.setup.tournament else title)
        self.name.setText(" & ".join(state.name(p) for p in winners))  # cut to fit: the summary says it whole
        self.name.set_colour(state.setup.players[winners[0]].colour if len(winners) == 1 else None)
        self.summary.setText(text)
        if state.setup.tournament:
            per_game = points_per_game(state)
            headers = [f"Game {g.number}\n{'won by' if len(g.winners) == 1 else 'drawn by'} "
                       f"{' & '.join(state.name(p) for p in g.winners)}" for g in state.games] + ["Total\nlost"]
            self.table.setColumnCount(len(headers))
            self.table.setHorizontalHeaderLabels(headers)
            self.table.setRowCount(state.players)
            self.table.setVerticalHeaderLabels([state.name(p) for p in range(state.players)])
            for p in range(state.players):
                values = [str(row[p]) for row in per_game] + [str(state.lost[p])]
                for c, v in enumerate(values):
                    item = QTableWidgetItem(v)
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                    if p in winners:
                        item.setBackground(QBrush(QColor("#fff3c4")))
                    self.table.setItem(p, c, item)
        else:
            placings = result.placings if result else ()
            order = sorted(range(len(placings)), key=lambda p: (placings[p], p))
            self.table.setColumnCount(1)
            self.table.setHorizontalHeaderLabels(["Player"])
            self.table.setRowCount(len(order))
            self.table.setVerticalHeaderLabels([str(placings[p]) for p in order])
            master = len(winners) == 1
            for row, p in enumerate(order):
                item = QTableWidgetItem(state.name(p) + (" \u2014 Master of Elements" if master and row == 0 else ""))
                item.setForeground(QBrush(QColor(state.setup.players[p].colour)))
                self.table.setItem(row, 0, item)
        self.table.resizeRowsToContents()
        self.table.setFixedHeight(whole_height(self.table))
