"""The side column of the Clout Fantasy play view: the acting player's stack, what to do, the buttons, the log.

The widgets only; what they say for each phase is written by the phase helpers (choosing, landing).
"""
from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from core.clout import game as cg
from core.clout.catalogue import describe_chip
from gui.kit.style import set_role

PANEL_WIDTH = 320


WHY_ROLE = Qt.ItemDataRole.UserRole + 1  # why a greyed chip cannot be played


class StackList(QListWidget):
    """The acting player's stack: one row per chip, greyed with the reason when it cannot be played.

    A click on a greyed row reports the reason (`refused`): a disabled row gets no click of its own.
    """

    refused = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setWordWrap(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        item = self.itemAt(event.position().toPoint())
        if item is not None and not item.flags() & Qt.ItemFlag.ItemIsEnabled and item.data(WHY_ROLE):
            self.refused.emit(f"{item.data(WHY_ROLE)}.")
        super().mousePressEvent(event)


class SidePanel(QScrollArea):
    """The fixed-width column beside the canvas, scrolling when the window is short."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panelScroll")
        panel = QWidget(objectName="sidePanel")
        self.stack_title = QLabel(objectName="stackTitle")
        self.stack_title.setWordWrap(True)
        self.stack_list = StackList()
        self.stack_list.setObjectName("stackList")
        self.stack_list.setMinimumHeight(170)
        self.chip_info = QLabel(objectName="chipInfo")
        self.chip_info.setWordWrap(True)
        self.how = QLabel(objectName="howTo")
        self.how.setWordWrap(True)
        self.aim_readout = QLabel(objectName="aimReadout")
        self.aim_readout.setWordWrap(True)
        self.aim_readout.hide()
        self.place_button = QPushButton("Place it instead of throwing", objectName="placeButton")
        self.place_button.setCheckable(True)
        set_role(self.place_button, "secondary")
        self.primary = QPushButton(objectName="primaryButton")
        set_role(self.primary, "primary")
        self.primary.setMinimumHeight(38)
        self.secondary = QPushButton(objectName="secondaryButton")
        set_role(self.secondary, "secondary")
        self.secondary.setMinimumHeight(32)
        happened_title = QLabel("What just happened", objectName="happenedTitle")
        self.happened = QLabel(objectName="happened")
        self.happened.setWordWrap(True)
        self.happened.setTextFormat(Qt.TextFormat.RichText)
        pl = QVBoxLayout(panel)
        pl.setContentsMargins(0, 0, 6, 0)
        pl.setSpacing(6)
        for w in (self.stack_title, self.stack_list, self.chip_info, self.how, self.aim_readout, self.place_button,
                  self.primary, self.secondary, happened_title, self.happened):
            pl.addWidget(w)
        pl.addStretch(1)
        panel.setMaximumWidth(PANEL_WIDTH - 14)
        self.setWidget(panel)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFixedWidth(PANEL_WIDTH)

    def clear_phase(self) -> None:
        """Hide what belongs to one phase only, before the phase helper fills it in."""
        for w in (self.place_button, self.primary, self.secondary, self.chip_info, self.aim_readout):
            w.hide()
        self.how.setText("")

    @staticmethod
    def button(button: QPushButton, text: str, enabled: bool = True) -> None:
        button.setText(text)
        button.setEnabled(enabled)
        button.show()

    def fill_stack(self, game: cg.CloutGame, s: cg.CloutState, player: int, hidden: bool,
                   chosen: str | None) -> None:
        self.stack_list.clear()
        if hidden:
            self.stack_list.setEnabled(False)
            return
        self.stack_list.setEnabled(True)
        ways = game.playable(s, player) if s.phase == "choose" and player == s.turn else {}
        for uid in s.stacks[player]:
            kind = s.kind(uid)
            if not kind:
                continue
            chip = game.catalogue.chip(kind)
            defense = "\u26a1" if chip.defense is None else f"D{chip.defense}"
            text = f"{chip.name} \u2014 {chip.type}, {chip.points} pt, R{chip.range} {defense}"
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, uid)
            item.setToolTip(describe_chip(chip))
            if s.phase == "choose" and player == s.turn and uid not in ways and ways:
                why = game._why_unplayable(s, player, uid)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
                item.setData(WHY_ROLE, f"{chip.name} cannot be played now: {why}")
                item.setText(text + f"\n   ({why})")
            self.stack_list.addItem(item)
            if uid == chosen:
                item.setSelected(True)

    def show_happened(self, log: Sequence[str]) -> None:
        lines = list(log[-4:])
        start = len(log) - len(lines) + 1
        self.happened.setText("<br>".join(f"<b>{start + i}.</b> {html.escape(line)}" for i, line in enumerate(lines))
                              or "Nothing yet.")
