"""Saying which catalogue chip and which player each found chip is, with suggestions.

A photo shows a chip's face colour, which is its faction's (the colours the app paints chips
in, core.clout.catalogue.FACTIONS); the players' stacks (PlayerSlot.stack) say which chips of
that faction each side still has off the board. So a found chip's suggestion is a chip of the
nearest faction that a side still has unplaced, taken from the side with most of them left.
With no stacks entered only the faction can be guessed: the chip list opens on that faction
and the player chooses.

A found chip with no catalogue chip chosen is listed as needing a label, and the dialog adds
nothing until every found chip has one (or was removed as a false find).
"""
from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QAbstractItemView, QComboBox, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

from core.clout.catalogue import FACTION_BY_ID, FACTIONS, Catalogue
from core.clout.layout import Layout
from gui.clout.layout_parts import chip_icon


@functools.cache
def _icon(faction: str) -> QIcon:
    return chip_icon(faction)

NO_CHIP = "— choose a chip —"


def faction_for_colour(colour: Sequence[float]) -> str:
    """The faction whose chip colour is nearest (in RGB, each channel weighted as the eye does)."""
    r, g, b = (float(v) for v in colour[:3])

    def distance(hex_colour: str) -> float:
        fr, fg, fb = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
        return 2 * (r - fr) ** 2 + 4 * (g - fg) ** 2 + 3 * (b - fb) ** 2

    return min(FACTIONS, key=lambda f: distance(f.colour)).id


@dataclass(frozen=True)
class Label:
    chip: str | None  # catalogue id, None while it needs one
    owner: int


def unplaced(layout: Layout) -> list[Counter[str]]:
    """Each side's stack less the chips it already has on the board."""
    pools = []
    for owner, slot in enumerate(layout.players):
        pool = Counter(slot.stack)
        pool.subtract(c.chip for c in layout.chips if c.owner == owner)
        pools.append(Counter({k: n for k, n in pool.items() if n > 0}))
    return pools


def suggest_labels(factions: Sequence[str], layout: Layout, catalogue: Catalogue,
                   default_owner: int = 0) -> list[Label]:
    """One label per found chip (in order), each taking a chip out of a side's unplaced stack."""
    pools = unplaced(layout)
    labels = []
    for faction in factions:
        best: tuple[int, int, str] | None = None  # (-left of faction, owner, chip)
        for owner, pool in enumerate(pools):
            of_faction = [(n, cid) for cid, n in pool.items() if cid in catalogue and catalogue.chip(cid).faction == faction]
            if not of_faction:
                continue
            left = sum(n for n, _ in of_faction)
            chip = max(of_faction, key=lambda nc: (nc[0], -list(pool).index(nc[1])))[1]
            if best is None or (-left, owner) < best[:2]:
                best = (-left, owner, chip)
        if best is None:
            labels.append(Label(None, default_owner))
            continue
        _, owner, chip = best
        pools[owner][chip] -= 1
        if pools[owner][chip] <= 0:
            del pools[owner][chip]
        labels.append(Label(chip, owner))
    return labels


class LabelTable(QTableWidget):
    """One row per found chip: its number, the catalogue chip and the player (combo boxes)."""

    labels_changed = Signal()
    row_chosen = Signal(str)  # the chip's key

    def __init__(self, catalogue: Catalogue, parent: QWidget | None = None) -> None:
        super().__init__(0, 3, parent)
        self.setObjectName("photoLabels")
        self.catalogue = catalogue
        self.setHorizontalHeaderLabels(["#", "Chip", "Player"])
        self.verticalHeader().hide()
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.keys: list[str] = []
        self.itemSelectionChanged.connect(self._selection)

    def fill(self, rows: Sequence[tuple[str, str, str, Label, str]], players: Sequence[str]) -> None:
        """rows: (key, number text, guessed faction, label, how it was found)."""
        self.blockSignals(True)
        self.setRowCount(0)
        self.keys = []
        for key, number, faction, label, how in rows:
            r = self.rowCount()
            self.insertRow(r)
            self.keys.append(key)
            item = QTableWidgetItem(_icon(faction), number)
            item.setToolTip(f"{how}; its colour is nearest the {FACTION_BY_ID[faction].name} faction's")
            self.setItem(r, 0, item)
            chip_box = QComboBox(objectName=f"labelChip_{key}")
            chip_box.addItem(NO_CHIP, None)
            order = sorted(self.catalogue, key=lambda c: (c.faction != faction, c.faction, c.name))
            for chip in order:
                chip_box.addItem(_icon(chip.faction), chip.name, chip.id)
            chip_box.setCurrentIndex(max(0, chip_box.findData(label.chip)) if label.chip else 0)
            chip_box.currentIndexChanged.connect(lambda _i: self.labels_changed.emit())
            self.setCellWidget(r, 1, chip_box)
            owner_box = QComboBox(objectName=f"labelOwner_{key}")
            for k, name in enumerate(players):
                owner_box.addItem(name, k)
            owner_box.setCurrentIndex(label.owner)
            owner_box.currentIndexChanged.connect(lambda _i: self.labels_changed.emit())
            self.setCellWidget(r, 2, owner_box)
        self.blockSignals(False)

    def label(self, key: str) -> Label:
        r = self.keys.index(key)
        return Label(self.cellWidget(r, 1).currentData(), self.cellWidget(r, 2).currentData())

    def labels(self) -> dict[str, Label]:
        return {key: self.label(key) for key in self.keys}

    def choose_row(self, key: str | None) -> None:
        self.blockSignals(True)
        if key in self.keys:
            self.selectRow(self.keys.index(key))
            self.scrollToItem(self.item(self.keys.index(key), 0))
        else:
            self.clearSelection()
        self.blockSignals(False)

    def _selection(self) -> None:
        rows = self.selectionModel().selectedRows()
        if rows:
            self.row_chosen.emit(self.keys[rows[0].row()])


def needing_label(labels: dict[str, Label]) -> list[str]:
    return [key for key, label in labels.items() if label.chip is None]

