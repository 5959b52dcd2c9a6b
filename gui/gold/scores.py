"""The scores dock: each round's gold per player and who took the badge."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (QAbstractItemView, QHeaderView, QLabel, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from core.gold.game import GoldState
from gui.kit.tables import keep_rows_fitted

HOW = {"gold": "most gold", "final": "final duel", "tie": "nobody (tie)", "mistake": "forbidden card"}
WON_BG = QColor("#fff4cc")


class GoldScores(QWidget):
    def __init__(self, parent: QWidget | None = None, refitted: Callable[[], None] | None = None) -> None:
        """`refitted` runs after the rows are fitted to a new column width (the winner page sizes
        the table to them)."""
        super().__init__(parent)
        self.setObjectName("goldScores")
        self.badges = QLabel(objectName="scoresBadges")
        self.badges.setWordWrap(True)
        self.table = QTableWidget(0, 3, objectName="scoresTable")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        header = self.table.horizontalHeader()
        header.setMinimumSectionSize(50)
        # The columns share the width. A long name ("Green (computer)") is cut in its header, which
        # says it whole as a tooltip; the badge's column names how it was won, in the winner's
        # colour (their gold is marked too), so a narrow dock needs no sideways scrolling.
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        header.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.setWordWrap(True)
        keep_rows_fitted(self.table, refitted)  # rows grow to wrap a cut badge
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.badges)
        lay.addWidget(self.table, 1)

    def render(self, state: GoldState) -> None:
        names = [state.name(p) for p in (0, 1)]
        # a wrap never parts a count from its name, nor splits "(first to 2)"
        self.badges.setText("Badges: " + " \u00b7 ".join(f"{names[p]}\u00a0{state.badges[p]}" for p in (0, 1))
                            + f"  (first\u00a0to\u00a0{state.setup.badges_to_win})")
        self.table.setHorizontalHeaderLabels([names[0], names[1], "Badge"])
        for p in (0, 1):
            self.table.horizontalHeaderItem(p).setForeground(QBrush(QColor(state.setup.players[p].colour)))
            self.table.horizontalHeaderItem(p).setToolTip(names[p])
        rows = [(f"Round {r.number}", r.gold, r.winner, HOW[r.how]) for r in state.rounds]
        if state.phase == "duel" and state.duels:
            rows.append((f"Round {state.round} (now)", (state.gold(0), state.gold(1)), None, "playing"))
        self.table.setRowCount(len(rows))
        self.table.setVerticalHeaderLabels([r[0] for r in rows])
        for i, (_, gold, winner, how) in enumerate(rows):
            for p in (0, 1):
                item = QTableWidgetItem(str(gold[p]))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if winner == p:
                    item.setBackground(QBrush(WON_BG))
                self.table.setItem(i, p, item)
            item = QTableWidgetItem(how if how != "playing" else "\u2026")
            if winner is not None:
                item.setForeground(QBrush(QColor(state.setup.players[winner].colour)))
                item.setToolTip(f"{names[winner]} takes the badge: {how}")
            self.table.setItem(i, 2, item)
        self.table.resizeRowsToContents()
