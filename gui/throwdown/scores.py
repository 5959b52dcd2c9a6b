"""The scores dock: every throw's totals per player, with bonuses and removals noted.

The state keeps only the latest throw, so the rows are rebuilt from the action log (RoundLog
applies only the actions it has not seen yet). A removed fighter's name wraps at its space rather
than being cut short: rows grow to their text, and no column is narrower than the longest word in
it (the table scrolls sideways when the dock cannot show every player).
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (QAbstractItemView, QHeaderView, QLabel, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from collections.abc import Sequence

from core.fistful.throwdown import RoundLog, ThrowdownAction, ThrowdownGame, ThrowdownSetup, ThrowdownState
from gui.kit.theme import LOWEST_BG
from gui.kit.tables import keep_rows_fitted

BONUS_MARK = "\u2605"
MIN_COLUMN = 60
CELL_PADDING = 14  # px a cell keeps round its text (the style's margins and the grid line)


class ThrowdownScores(QWidget):
    def __init__(self, game: ThrowdownGame, setup: ThrowdownSetup, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("throwdownScores")
        self.roster = game.roster
        self.log = RoundLog(game, setup)
        self.table = QTableWidget(0, 0, objectName="scoresTable")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setWordWrap(True)
        self.table.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setMinimumSectionSize(MIN_COLUMN)
        self.table.horizontalHeader().setTextElideMode(Qt.TextElideMode.ElideRight)
        keep_rows_fitted(self.table)
        self.empty = QLabel("No throws yet.", objectName="scoresEmpty")
        legend = QLabel(f"{BONUS_MARK} +2 bonus (most face up) \u00b7 \u2212 fighter removed \u00b7 "
                        "red: lowest total", objectName="scoresLegend")
        legend.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.empty)
        lay.addWidget(self.table, 1)
        lay.addWidget(legend)

    def render(self, state: ThrowdownState, actions: Sequence[ThrowdownAction]) -> None:
        rounds = self.log.update(actions)
        n = state.players
        self.table.setColumnCount(n)
        self.table.setHorizontalHeaderLabels([state.name(p) for p in range(n)])
        for p in range(n):
            header = self.table.horizontalHeaderItem(p)
            header.setForeground(QBrush(QColor(state.setup.players[p].colour)))
            header.setToolTip(state.name(p))
        self.table.setRowCount(len(rounds))
        for row, rnd in enumerate(rounds):  # the throw's number alone: the players' columns need the room
            head = QTableWidgetItem(str(rnd.number))
            head.setToolTip(f"Throw {rnd.number}")
            self.table.setVerticalHeaderItem(row, head)
        words: set[str] = set()
        for row, rnd in enumerate(rounds):
            for p in range(n):
                s = rnd.scores[p]
                if s is None:
                    item = QTableWidgetItem("out")
                    item.setForeground(QBrush(QColor("#9ca3af")))
                else:
                    text = str(s.total) + (f" {BONUS_MARK}" if s.bonus else "")
                    tip = f"{s.face_up} face up = {s.points} points"
                    if s.bonus:
                        tip += f" + {s.bonus} bonus"
                    removed = rnd.removed[p]
                    if removed is not None:
                        text += f"\n\u2212{self.roster.name(removed)}"
                        words.update(text.split())
                        tip += f"; removed {self.roster.name(removed)}"
                    item = QTableWidgetItem(text)
                    item.setToolTip(tip)
                    if p in rnd.removers:
                        item.setBackground(QBrush(LOWEST_BG))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(row, p, item)
        metrics = self.table.fontMetrics()
        widest = max((metrics.horizontalAdvance(w) for w in words), default=0)
        self.table.horizontalHeader().setMinimumSectionSize(max(MIN_COLUMN, widest + CELL_PADDING))
        self.table.resizeRowsToContents()
        if rounds:
            self.table.scrollToBottom()
        self.empty.setVisible(not rounds)
        self.table.setVisible(bool(rounds))
