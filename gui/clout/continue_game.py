""""Continue as a game": a Clout game starting from the position on the layout board.

The dialog asks only what a layout does not hold: a side's stack when the layout has none
(one of the ready stacks; an own-built stack is entered on the layout board itself), who throws
next, and whether the throws happen at the table. The rules decide everything else:
`core.clout.from_layout.setup_from_layout` builds and checks the setup, and its reason is shown
while the position cannot start a game.
"""
from __future__ import annotations

from collections import Counter

import msgspec
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QButtonGroup, QCheckBox, QComboBox, QDialog, QDialogButtonBox,
                               QFormLayout, QLabel, QRadioButton, QVBoxLayout, QWidget)

from core.clout.from_layout import setup_from_layout
from core.clout.layout import Layout
from core.clout.stacks import ready_stacks
from core.clout.state import CloutSetup
from core.errors import IllegalSetup
from gui.kit.style import set_role

CHOOSE = ""  # the stack list's "choose a stack" row


class ContinueGameDialog(QDialog):
    """Both sides' stacks and who throws next; `setup()` is the game to start."""

    def __init__(self, layout: Layout, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("continueGame")
        self.setWindowTitle("Continue as a game")
        self._layout = layout
        names = [p.name.strip() or f"Player {i + 1}" for i, p in enumerate(layout.players)]
        intro = QLabel("The chips on the area stay in play where they lie; the rest of each stack is in "
                       "hand, and nothing is pending.", objectName="continueIntro")
        intro.setWordWrap(True)
        form = QFormLayout()
        self.stack_combos: list[QComboBox | None] = []
        for p, slot in enumerate(layout.players):
            if slot.stack:
                shown = QLabel(f"{_stack_name(slot.stack)} (from the layout)", objectName=f"continueStack{p}")
                self.stack_combos.append(None)
            else:
                combo = QComboBox(objectName=f"continueStack{p}")
                combo.addItem("Choose a ready stack…", CHOOSE)
                for key, stack in ready_stacks().items():
                    combo.addItem(stack.name or key, key)
                combo.currentIndexChanged.connect(self._refresh)
                self.stack_combos.append(combo)
                shown = combo
            form.addRow(f"{names[p]}'s stack", shown)
        self.first_group = QButtonGroup(self)
        self.first_buttons: list[QRadioButton] = []
        box = QVBoxLayout()
        for p, name in enumerate(names):
            button = QRadioButton(name, objectName=f"continueFirst{p}")
            button.setChecked(p == 0)
            self.first_group.addButton(button, p)
            self.first_buttons.append(button)
            box.addWidget(button)
        self.first_group.idToggled.connect(self._refresh)
        form.addRow("Throws next", box)
        self.table_box = QCheckBox("Throw at the table (enter where the chips land)", objectName="continueTable")
        form.addRow("", self.table_box)
        self.status = QLabel(objectName="continueStatus")
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.start_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.start_button.setText("Start the game")
        self.start_button.setObjectName("continueStart")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(intro)
        lay.addLayout(form)
        lay.addWidget(self.status)
        lay.addStretch(1)
        lay.addWidget(buttons)
        self.resize(520, 320)
        self._refresh()

    def layout_with_stacks(self) -> Layout:
        """The layout with the stacks chosen here filled in."""
        layout = self._layout
        for p, combo in enumerate(self.stack_combos):
            key = combo.currentData() if combo is not None else CHOOSE
            if key:
                slot = msgspec.structs.replace(layout.players[p], stack=ready_stacks()[key].chips)
                layout = layout.with_player(p, slot)
        return layout

    def setup(self) -> CloutSetup:
        """The game to start; IllegalSetup says why this position cannot start one."""
        return setup_from_layout(self.layout_with_stacks(), max(0, self.first_group.checkedId()),
                                 mode="table" if self.table_box.isChecked() else "simulated")

    def accept(self) -> None:
        if self._refresh():
            super().accept()

    def _refresh(self) -> bool:
        try:
            self.setup()
        except IllegalSetup as e:
            self.status.setText(str(e))
            set_role(self.status, "problem")
            self.start_button.setEnabled(False)
            return False
        self.status.setText("Ready to start.")
        set_role(self.status, "hint")
        self.start_button.setEnabled(True)
        return True


def _stack_name(chips: tuple[str, ...]) -> str:
    want = Counter(chips)
    ready = next((s for s in ready_stacks().values() if Counter(s.chips) == want), None)
    return ready.name if ready is not None and ready.name else f"{len(chips)} chips"


def ask_continue(layout: Layout, parent: QWidget) -> CloutSetup | None:
    """Ask for what the layout lacks: the setup to start the game from, or None when cancelled."""
    dialog = ContinueGameDialog(layout, parent)
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.setup()
    finally:
        dialog.deleteLater()
