"""The Players tab: the registry New Game offers. Add a player, rename one (their history and old name
stay theirs), merge two entries for one person (after a confirmation; the ratings are recomputed)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QColorDialog, QComboBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit,
                               QMessageBox, QPushButton, QVBoxLayout, QWidget)

from gui.kit.style import ColourLabel
from gui.ledger.league import cell, table

COLUMNS = ("Name", "Short", "Colour", "Kind")
DEFAULT_COLOUR = "#1d4ed8"


class PlayersTab(QWidget):
    def __init__(self, query: Any, changed: Callable[[], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playersTab")
        self._query = query
        self._changed = changed
        self.players: list[Any] = []
        self.table = table("playersTable", COLUMNS, stretch=0)

        from gui.new_game import ColourButton

        self.name_edit = QLineEdit(objectName="playerName")
        self.name_edit.setPlaceholderText("Name")
        self.short_edit = QLineEdit(objectName="playerShort")
        self.short_edit.setPlaceholderText("Optional, e.g. AB")
        self.short_edit.setMaxLength(4)
        self.colour = ColourButton(DEFAULT_COLOUR)
        self.colour.clicked.connect(self._pick_colour)
        self.add_button = QPushButton("Add player", objectName="addPlayer")
        self.rename_button = QPushButton("Rename chosen", objectName="renamePlayer")
        self.rename_button.setToolTip("Give the chosen player this name, short name and colour; their results "
                                      "stay theirs and the old name still finds them")
        form = QFormLayout()
        form.addRow("Name", self.name_edit)
        form.addRow("Short name", self.short_edit)
        form.addRow("Colour", self.colour)
        row = QHBoxLayout()
        row.addWidget(self.add_button)
        row.addWidget(self.rename_button)
        row.addStretch(1)
        form.addRow(row)
        edit_box = QGroupBox("Add or rename", objectName="playerEdit")
        edit_box.setLayout(form)

        self.merge_into = QComboBox(objectName="mergeInto")
        self.merge_button = QPushButton("Merge…", objectName="mergePlayers")
        self.merge_text = QLabel("Merge the chosen player into:", objectName="mergeText")
        self.merge_text.setWordWrap(True)
        merge_box = QGroupBox("One person, two entries", objectName="playerMerge")
        merge = QVBoxLayout(merge_box)
        merge.addWidget(self.merge_text)
        merge.addWidget(self.merge_into)
        merge.addWidget(self.merge_button)
        note = QLabel("The chosen player's matches move to the one kept, and every rating is worked out again.",
                      objectName="mergeNote")
        note.setWordWrap(True)
        merge.addWidget(note)

        side = QVBoxLayout()
        side.addWidget(edit_box)
        side.addWidget(merge_box)
        side.addStretch(1)
        layout = QHBoxLayout(self)
        layout.addWidget(self.table, 3)
        layout.addLayout(side, 2)

        self.table.itemSelectionChanged.connect(self._chosen)
        self.name_edit.textChanged.connect(self._enable)
        self.add_button.clicked.connect(self.add)
        self.rename_button.clicked.connect(self.rename)
        self.merge_button.clicked.connect(self.merge)
        self._enable()

    def refresh(self) -> None:
        self._query(lambda led: led.players(include_computers=True), self._show)

    def _show(self, players: list[Any]) -> None:
        chosen = self.selected()
        self.players = sorted(players, key=lambda p: (p.computer is not None, p.name.lower()))
        t = self.table
        t.setRowCount(len(self.players))
        for r, p in enumerate(self.players):
            t.setItem(r, 0, cell(p.name, p.id))
            t.setItem(r, 1, cell(p.short or ""))
            t.setItem(r, 2, cell(""))
            swatch = ColourLabel(p.colour or "", role="chip", radius=5, objectName="playerSwatch")
            swatch.set_colour(p.colour or None)
            t.setCellWidget(r, 2, swatch)
            t.setItem(r, 3, cell(f"Computer ({p.computer.title()})" if p.computer else "Person"))
        if chosen is not None:
            self.select(chosen.id)
        self._chosen()

    def selected(self) -> Any | None:
        items = self.table.selectedItems()
        return self.players[items[0].row()] if items else None

    def select(self, player_id: int) -> bool:
        for r, p in enumerate(self.players):
            if p.id == player_id:
                self.table.selectRow(r)
                return True
        return False

    def _chosen(self) -> None:
        p = self.selected()
        self.merge_into.clear()
        if p is not None:
            self.name_edit.setText(p.name)
            self.short_edit.setText(p.short or "")
            self.colour.set_colour(p.colour or DEFAULT_COLOUR)
            for other in self.players:
                if other.id != p.id and (other.computer is None) == (p.computer is None):
                    self.merge_into.addItem(other.name, other.id)
            self.merge_text.setText(f"Merge {p.name} into:")
        else:
            self.merge_text.setText("Choose a player in the table to merge into another.")
        self._enable()

    def _enable(self) -> None:
        p = self.selected()
        name = self.name_edit.text().strip()
        taken = {q.name.lower() for q in self.players}
        self.add_button.setEnabled(bool(name) and name.lower() not in taken)
        self.rename_button.setEnabled(p is not None and p.computer is None and bool(name))
        self.merge_button.setEnabled(p is not None and self.merge_into.count() > 0)

    def _pick_colour(self) -> None:
        colour = QColorDialog.getColor(QColor(self.colour.colour), self, "Player colour")
        if colour.isValid():
            self.colour.set_colour(colour.name())

    def _done(self, player_id: int | None = None) -> Callable[[Any], None]:
        def after(_result: Any) -> None:
            if player_id is not None:
                self._query(lambda led: led.players(include_computers=True),
                            lambda rows: (self._show(rows), self.select(player_id)))
            else:
                self.refresh()
            self._changed()
        return after

    def add(self) -> None:
        name, short, colour = self.name_edit.text().strip(), self.short_edit.text().strip() or None, self.colour.colour
        if not name:
            return
        self._query(lambda led: led.add_player(name, colour, short),
                    lambda row: self._done(row.id)(row))

    def rename(self) -> None:
        p = self.selected()
        name, short, colour = self.name_edit.text().strip(), self.short_edit.text().strip() or None, self.colour.colour
        if p is None or not name:
            return
        self._query(lambda led: led.rename_player(p.id, name, colour=colour, short=short), self._done(p.id))

    def merge(self) -> None:
        gone, keep_id = self.selected(), self.merge_into.currentData()
        if gone is None or keep_id is None:
            return
        keep = self.merge_into.currentText()
        answer = QMessageBox.question(
            self, "Merge players",
            f"Merge {gone.name} into {keep}?\n\nEvery match {gone.name} played becomes {keep}'s, "
            f"\"{gone.name}\" finds {keep} from now on, and the ratings are worked out again. "
            "This cannot be undone.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Cancel)
        if answer != QMessageBox.StandardButton.Yes:
            return
        self._query(lambda led: led.merge_players(keep_id, gone.id), self._done(keep_id))
