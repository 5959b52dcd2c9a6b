"""The review's dialog (gui/review.py): a row per decision, the move played beside the computer's."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QDialog, QDialogButtonBox, QHeaderView, QLabel,
                               QPushButton, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from gui.kit.tables import keep_rows_fitted
from gui.review import moves_text, summary

if TYPE_CHECKING:
    from core.ai.review import Moment
    from core.match import Match

COLUMNS = ("Step", "Player", "Played", "The computer (Normal) would")


class ReviewDialog(QDialog):
    """Only the decisions where the computer would have chosen otherwise, unless asked for all;
    "Show in replay" (or a double click) closes it with the chosen row's step (`chosen`)."""

    def __init__(self, match: Match, moments: tuple[Moment, ...], parent: QWidget | None = None) -> None:
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
        self.all_box = QCheckBox("Show every decision, also those the computer would have made the same way",
                                 objectName="reviewAll")
        self.all_box.toggled.connect(self._fill)
        self.table = QTableWidget(0, len(COLUMNS), objectName="reviewTable")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setWordWrap(True)
        header = self.table.horizontalHeader()
        for column, mode in enumerate((QHeaderView.ResizeMode.ResizeToContents, QHeaderView.ResizeMode.ResizeToContents,
                                       QHeaderView.ResizeMode.Stretch, QHeaderView.ResizeMode.Stretch)):
            header.setSectionResizeMode(column, mode)
        keep_rows_fitted(self.table)
        self.table.itemSelectionChanged.connect(self._selected)
        self.table.cellDoubleClicked.connect(lambda *_: self._show())
        self.empty = QLabel("The computer would have made every one of these decisions the same way.",
                            objectName="reviewEmpty")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.show_button = QPushButton("Show in replay", objectName="reviewShow")
        self.show_button.setToolTip("Open the game as a replay at this decision; \"Continue from here\" "
                                    "there plays on from it")
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

    def shown(self) -> list[Moment]:
        return [m for m in self.moments if self.all_box.isChecked() or not m.agrees]

    def _fill(self) -> None:
        shown = self.shown()
        self.table.setRowCount(len(shown))
        for row, moment in enumerate(shown):
            player = self.match.setup.players[moment.seat]
            played, advised = moves_text(self.match, moment)
            if moment.agrees:
                advised = "The same"
            cells = (f"{moment.step:,}", player.name, played, advised)
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, moment.step)
                item.setToolTip(text)
                if column == 1:
                    item.setForeground(QColor(player.colour))
                self.table.setItem(row, column, item)
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


def ask_review(parent: QWidget, match: Match, moments: tuple[Moment, ...]) -> int | None:
    """The step of the decision to show in a replay, or None when the dialog was only read."""
    dialog = ReviewDialog(match, moments, parent)
    dialog.exec()
    return dialog.chosen
