"""The review's dialog (gui/review.py): a row per decision, the move played beside the computer's."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QDialog, QDialogButtonBox, QHeaderView, QLabel,
                               QPushButton, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from gui.kit.hints import gap_text
from gui.kit.tables import keep_rows_fitted
from gui.review import listed, moves_text, summary

if TYPE_CHECKING:
    from core.ai.review import Moment
    from core.match import Match

SORT = Qt.ItemDataRole.UserRole + 1

COLUMNS = ("Step", "Player", "Computer's edge", "Played", "The computer (Normal) would")
NAME_WIDTH = 140  # px at most for the player column
EDGE_TIP = ("How much better the computer's move is by the figures shown (pts: percentage points); "
            "blank where the two moves' figures do not compare. Click a heading to sort.")


class _Sorted(QTableWidgetItem):
    """A cell that sorts by its number, not its words (steps, edges; no edge sorts last)."""

    def __lt__(self, other: QTableWidgetItem) -> bool:
        mine, theirs = self.data(SORT), other.data(SORT)
        if mine is None or theirs is None:
            return theirs is None and mine is not None
        return bool(mine < theirs)


class ReviewDialog(QDialog):
    """The decisions where the computer would have chosen otherwise, less the moves its figures
    rate as well, unless all are asked for (`every`); "Show in replay" (a double click, Enter)
    closes it with the chosen row's step (`chosen`). The row of step `at` starts selected."""

    def __init__(self, match: Match, moments: tuple[Moment, ...], parent: QWidget | None = None,
                 every: bool = False, at: int | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reviewDialog")
        self.setWindowTitle(f"Review — {match.game.title}")
        self.match, self.moments = match, moments
        self.chosen: int | None = None
        lines = summary(match, moments)
        lines.append("The computer sees only what the player saw then. Steps count as in a replay: "
                     "step 12 is the position after twelve moves.")
        intro = QLabel("\n".join(lines), objectName="reviewSummary")
        intro.setWordWrap(True)
        self.all_box = QCheckBox("Show every decision, also those the computer would have made the same way "
                                 "or rates as well", objectName="reviewAll")
        self.all_box.setChecked(every)
        self.all_box.toggled.connect(self._fill)
        self.table = QTableWidget(0, len(COLUMNS), objectName="reviewTable")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setWordWrap(True)
        self.table.setTabKeyNavigation(False)  # Tab leaves the list, as gui.keyboard_help.free_tab has it
        header = self.table.horizontalHeader()
        fitted, stretched = QHeaderView.ResizeMode.ResizeToContents, QHeaderView.ResizeMode.Stretch
        for column, mode in enumerate((fitted, QHeaderView.ResizeMode.Interactive, fitted, stretched, stretched)):
            header.setSectionResizeMode(column, mode)
        names = [p.name for p in match.setup.players] + [COLUMNS[1]]
        widest = max(self.table.fontMetrics().horizontalAdvance(n) for n in names) + 16
        self.table.setColumnWidth(1, min(widest, NAME_WIDTH))  # a long name wraps, the moves keep their room
        self.table.horizontalHeaderItem(2).setToolTip(EDGE_TIP)
        header.setSortIndicator(0, Qt.SortOrder.AscendingOrder)
        keep_rows_fitted(self.table)
        self.table.itemSelectionChanged.connect(self._selected)
        self.table.cellDoubleClicked.connect(lambda *_: self._show())
        self.empty = QLabel("The computer would have made every one of these decisions the same way, "
                            "or one as good by its figures.",
                            objectName="reviewEmpty")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.show_button = QPushButton("Show in replay", objectName="reviewShow")
        self.show_button.setToolTip("Open the game as a replay at this decision; its Decision buttons go "
                                    "on to the others listed, and \"Continue from here\" plays on")
        self.show_button.clicked.connect(self._show)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.show_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.all_box)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.empty, 1)
        layout.addWidget(buttons)
        if parent is not None:
            room = parent.size()
            self.resize(min(1000, room.width() - 48), min(640, room.height() - 48))
        self._fill()
        rows = [r for r in range(self.table.rowCount()) if self.table.item(r, 0).data(Qt.ItemDataRole.UserRole) == at]
        if rows:
            self.table.setCurrentCell(rows[0], 0)  # Enter shows it again, the arrows go on from it

    def shown(self) -> tuple[Moment, ...]:
        return listed(self.moments, self.all_box.isChecked())

    def _fill(self) -> None:
        shown = self.shown()
        self.table.setSortingEnabled(False)  # rows are filled in step order, then sorted as asked
        self.table.setRowCount(len(shown))
        for row, moment in enumerate(shown):
            player = self.match.setup.players[moment.seat]
            played, advised = moves_text(self.match, moment)
            if moment.agrees:
                advised = "The same"
            edge = moment.edge
            cells = ((f"{moment.step:,}", moment.step), (player.name, None),
                     (gap_text(*edge) if edge else "", edge[1] if edge else None), (played, None), (advised, None))
            for column, (text, order) in enumerate(cells):
                item = _Sorted(text) if column in (0, 2) else QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, moment.step)
                item.setData(SORT, order)
                item.setToolTip(text)
                if column == 1:
                    item.setForeground(QColor(player.colour))
                if column == 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, item)
        self.table.setSortingEnabled(True)
        self.table.resizeRowsToContents()
        self.table.setVisible(bool(shown))
        self.empty.setVisible(not shown)
        self._selected()

    def _selected(self) -> None:
        self.show_button.setEnabled(bool(self.table.selectedItems()))

    def _show(self) -> None:
        items = self.table.selectedItems()
        if items:
            self.chosen = int(items[0].data(Qt.ItemDataRole.UserRole))
            self.accept()


def ask_review(parent: QWidget, match: Match, moments: tuple[Moment, ...], every: bool,
               at: int | None) -> tuple[int | None, bool]:
    """The step of the decision to show in a replay (None when the dialog was only read), and
    whether every decision was listed when it closed."""
    dialog = ReviewDialog(match, moments, parent, every, at)
    dialog.exec()
    return dialog.chosen, dialog.all_box.isChecked()
