"""The scores dock: every throw's totals per player, with bonuses and removals noted.

The state keeps only the latest throw, so the table is rebuilt from the action log (RoundLog
applies only the actions it has not seen yet). A row per player, so a table of ten players fits
a narrow dock, and a column per throw, the latest first: the history is what scrolls sideways,
never a player. A removed fighter's name wraps at its space rather than being cut short: rows grow
to their text, and no column is narrower than the longest word in it.
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
NAME_COLUMN = 110  # px at most for the players' names; a longer one is cut, whole in its tooltip
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
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.horizontalHeader().setDefaultSectionSize(MIN_COLUMN)
        self.table.verticalHeader().setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.verticalHeader().setMaximumWidth(NAME_COLUMN)
        keep_rows_fitted(self.table)
        self.empty = QLabel("No throws yet.", objectName="scoresEmpty")
        legend = QLabel(f"Columns: the throws, latest first \u00b7 {BONUS_MARK} +2 bonus (most face up) \u00b7 "
                        "\u2212 fighter removed \u00b7 red: lowest total", objectName="scoresLegend")
        legend.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.empty)
        lay.addWidget(self.table, 1)
        lay.addWidget(legend)

    def render(self, state: ThrowdownState, actions: Sequence[ThrowdownAction]) -> None:
        rounds = self.log.update(actions)
        n = state.players
        self.table.setRowCount(n)
        for p in range(n):
            head = QTableWidgetItem(state.name(p))
            head.setForeground(QBrush(QColor(state.setup.players[p].colour)))
            head.setToolTip(state.name(p))
            self.table.setVerticalHeaderItem(p, head)
        latest_first = list(reversed(rounds))
        self.table.setColumnCount(len(latest_first))
        for column, rnd in enumerate(latest_first):
            head = QTableWidgetItem(str(rnd.number))
            head.setToolTip(f"Throw {rnd.number}")
            self.table.setHorizontalHeaderItem(column, head)
        words: set[str] = set()
        for column, rnd in enumerate(latest_first):
            for p in range(n):
                s = rnd.scores[p]
                if s is None:
                    item = QTableWidgetItem("out")
                    item.setForeground(QBrush(QColor("#9ca3af")))
                else:
                    text = str(s.total) + (f" {BONUS_MARK}" if s.bonus else "")
                    tip = f"Throw {rnd.number}: {s.face_up} face up = {s.points} points"
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
                self.table.setItem(p, column, item)
        metrics = self.table.fontMetrics()
        widest = max((metrics.horizontalAdvance(w) for w in words), default=0)
        width = max(MIN_COLUMN, widest + CELL_PADDING)
        for column in range(len(latest_first)):
            self.table.setColumnWidth(column, width)
        self.table.resizeRowsToContents()
        self.table.horizontalScrollBar().setValue(0)
        self.empty.setVisible(not rounds)
        self.table.setVisible(bool(rounds))
