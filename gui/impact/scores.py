"""The scores dock: supplies, boulder piles, who is out and (tournament) points lost."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (QAbstractItemView, QHeaderView, QLabel, QStyle, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from core.impact.game import POWER_NAMES, ImpactState

NAME_CHARS = 16  # the widest a player's name stands in the table, in average letters


class ImpactScores(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("impactScores")
        self.heading = QLabel(objectName="scoresHeading")
        self.heading.setWordWrap(True)
        self.table = QTableWidget(0, 0, objectName="scoresTable")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        # A name of forty letters would push the figures out of the dock: it is cut, whole on hover.
        self.table.verticalHeader().setMaximumWidth(self.fontMetrics().averageCharWidth() * NAME_CHARS)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.heading)
        lay.addWidget(self.table, 1)

    def render(self, state: ImpactState) -> None:
        parts = []
        if state.setup.tournament:
            parts.append(f"Tournament: game {min(state.game + 1, state.players)} of {state.players}")
        if state.activated:
            parts.append("Powers: " + ", ".join(POWER_NAMES[e] for e in state.activated))
        parts.append(f"In the cauldron {len(state.cauldron)} \u00b7 removed {state.removed} \u00b7 set aside {state.aside}")
        self.heading.setText("\n".join(parts))
        columns = ["Dice", "Piles", "Status"] + (["Lost"] if state.setup.tournament else [])
        self.table.setColumnCount(len(columns))
        self.table.setHorizontalHeaderLabels(columns)
        self.table.setRowCount(state.players)
        header = self.table.verticalHeader()
        room = header.maximumWidth() - 2 * header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin) - 4
        cut = header.fontMetrics().elidedText
        self.table.setVerticalHeaderLabels([cut(state.name(p), Qt.TextElideMode.ElideRight, room)
                                            for p in range(state.players)])
        for p in range(state.players):
            self.table.verticalHeaderItem(p).setForeground(QBrush(QColor(state.setup.players[p].colour)))
            self.table.verticalHeaderItem(p).setToolTip(state.name(p))
            values = [str(state.dice(p)), " + ".join(str(x) for x in state.piles[p]) or "\u2013",
                      "out" if state.out[p] else ("to play" if state.active == p and state.phase != "over" else "in")]
            if state.setup.tournament:
                values.append(str(state.lost[p]))
            for c, v in enumerate(values):
                item = QTableWidgetItem(v)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if state.out[p]:
                    item.setForeground(QBrush(QColor("#9ca3af")))
                self.table.setItem(p, c, item)
