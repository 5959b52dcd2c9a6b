"""Power Spike armies: build the CDC and SCS rosters, then start a game with them.

Two army builders (one per side, each starting from a ready-made roster and keeping its side)
sit in tabs; under them both armies are compared side by side with their points, and every
problem of either roster is listed (the builder's own list, so the counts agree), and "Start a game with these armies" stays
disabled, with the reasons, until both rosters are legal for their side. Starting asks for the
table, the players and the mode, then hands a setup with both rosters embedded
(`cdc_custom` / `scs_custom`) to the caller's `start` function, so the save replays on any
machine. The rules stay in core: problems come from `army.problems` and
`GAME.validate_setup` has the last word.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QButtonGroup, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QFrame,
                               QHBoxLayout, QLabel, QLineEdit, QPushButton, QRadioButton, QScrollArea,
                               QTabWidget, QVBoxLayout, QWidget)

from core.game import PlayerSetup
from core.powerspike import game as ps
from core.powerspike.army import Roster, ready_made
from core.powerspike.cards import SIDES
from gui.kit.style import set_role
from gui.powerspike.army_builder import ArmyBuilder
from gui.powerspike.army_compare import ArmyComparison
from maps.powerspike.table import available_tables, load_table

SIDE_TITLES = {"CDC": "CDC army (player 1, red suits)", "SCS": "SCS army (player 2, black suits)"}
START_TEXT = "Start a game with these armies"


class StartOptions(QDialog):
    """Table, player names and mode for a game started from the armies dialog."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Start a Power Spike game")
        default = ps.GAME.default_setup()
        self.table_combo = QComboBox(objectName="startTable")
        for t in available_tables():
            self.table_combo.addItem(load_table(t).title, t)
        self.table_combo.setCurrentIndex(max(0, self.table_combo.findData(default.table)))
        self.name_edits = []
        form = QFormLayout()
        form.addRow("Table", self.table_combo)
        for seat, side in enumerate(SIDES):
            edit = QLineEdit(default.players[seat].name, objectName=f"playerName{seat}")
            edit.setPlaceholderText(default.players[seat].name)
            self.name_edits.append(edit)
            form.addRow(f"Player {seat + 1} ({side})", edit)
        title, modes = ps.MODE_LABELS
        self.mode_group = QButtonGroup(self)
        self.mode_buttons: dict[str, QRadioButton] = {}
        mode_box = QVBoxLayout()
        for key, text in modes:
            button = QRadioButton(text, objectName=f"mode:{key}")
            button.setChecked(key == default.mode)
            self.mode_group.addButton(button)
            self.mode_buttons[key] = button
            mode_box.addWidget(button)
        form.addRow(title, mode_box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(buttons)

    def options(self) -> dict[str, Any]:
        """{'table', 'names', 'mode'}: what the setup needs besides the rosters."""
        default = ps.GAME.default_setup()
        names = tuple(e.text().strip() or default.players[i].name for i, e in enumerate(self.name_edits))
        mode = next(k for k, b in self.mode_buttons.items() if b.isChecked())
        return {"table": self.table_combo.currentData(), "names": names, "mode": mode}


class ArmiesDialog(QDialog):
    """`start(setup) -> bool` starts the game (the main window's start_new_game); the dialog
    closes when it returns True and stays open (rosters kept) when the start was refused."""

    def __init__(self, start: Callable[[ps.PowerSpikeSetup], bool] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("armiesDialog")
        self.setWindowTitle("Power Spike armies")
        self._start = start
        ready = ready_made()
        self.builders: dict[str, ArmyBuilder] = {
            "CDC": ArmyBuilder(ready[ps.DEFAULT_CDC_ROSTER], side="CDC"),
            "SCS": ArmyBuilder(ready[ps.DEFAULT_SCS_ROSTER], side="SCS"),
        }
        intro = QLabel("Build an army for each side: start from a ready-made roster, add or remove "
                       "formations and units, load 'thopters; open and save roster files. When both "
                       "armies are legal, start a game with them.")
        intro.setObjectName("armiesIntro")
        intro.setWordWrap(True)
        self.tabs = QTabWidget(objectName="armiesTabs")
        for side, builder in self.builders.items():
            builder.setObjectName(f"builder:{side}")
            self.tabs.addTab(builder, SIDE_TITLES[side])
            builder.roster_changed.connect(self._refresh)
        self.comparison = ArmyComparison(tuple(self.builders))  # type: ignore[arg-type]
        self.comparison.setMaximumHeight(150)

        self.status = QLabel(objectName="armiesStatus")
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.start_button = QPushButton(START_TEXT, objectName="startArmies")
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(self.start_game)
        close = QPushButton("Close")
        close.clicked.connect(self.reject)
        status_area = QScrollArea(objectName="armiesStatusArea")
        status_area.setWidgetResizable(True)
        status_area.setFrameShape(QFrame.Shape.NoFrame)
        status_area.setMaximumHeight(120)
        status_area.setWidget(self.status)
        bottom = QHBoxLayout()
        bottom.addWidget(status_area, 1)
        bottom.addWidget(close, 0, Qt.AlignmentFlag.AlignBottom)
        bottom.addWidget(self.start_button, 0, Qt.AlignmentFlag.AlignBottom)

        lay = QVBoxLayout(self)
        lay.addWidget(intro)
        lay.addWidget(self.tabs, 1)
        lay.addWidget(self.comparison)
        lay.addLayout(bottom)
        self.resize(1100, 720)
        self._refresh()

    # --- public -------------------------------------------------------------------------------
    def builder(self, side: str) -> ArmyBuilder:
        return self.builders[side]

    def rosters(self) -> tuple[Roster, Roster]:
        return self.builders["CDC"].roster(), self.builders["SCS"].roster()

    def problems(self) -> dict[str, list[str]]:
        """Every reason each side's roster cannot start a game (empty lists when both can)."""
        return {side: b.problems() for side, b in self.builders.items()}

    def can_start(self) -> bool:
        return not any(self.problems().values())

    def setup(self, options: dict[str, Any]) -> ps.PowerSpikeSetup:
        default = ps.GAME.default_setup()
        players = tuple(PlayerSetup(name, p.colour) for name, p in zip(options["names"], default.players))
        cdc, scs = self.rosters()
        return ps.PowerSpikeSetup(players, mode=options["mode"], table=options["table"],  # type: ignore[arg-type]
                                  cdc_custom=cdc, scs_custom=scs)

    def ask_start_options(self) -> dict[str, Any] | None:
        """Tests replace this (the options dialog is modal)."""
        dialog = StartOptions(self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.options()

    def start_game(self) -> bool:
        if not self.can_start():
            self._refresh()
            return False
        options = self.ask_start_options()
        if options is None:
            return False
        setup = self.setup(options)
        if self._start is not None and not self._start(setup):
            return False
        self.accept()
        return True

    # --- drawing ------------------------------------------------------------------------------
    def _refresh(self, *_: object) -> None:
        found = self.problems()
        self.comparison.render({side: b.roster() for side, b in self.builders.items()})
        for i, side in enumerate(self.builders):
            n = len(found[side])
            self.tabs.setTabText(i, SIDE_TITLES[side] + (f" \u2014 {n} problem{'s' if n != 1 else ''}" if n else
                                                         " \u2014 ready"))
        lines = [f"{side}: {p}" for side, reasons in found.items() for p in reasons]
        if lines:
            self.status.setText("Both armies must be legal to start:\n" + "\n".join(lines))
            set_role(self.status, "psProblem")
            self.start_button.setToolTip("\n".join(lines))
        else:
            cdc, scs = self.rosters()
            self.status.setText(f"Both armies are ready: {cdc.name or 'CDC army'} against {scs.name or 'SCS army'}.")
            set_role(self.status, "psReady")
            self.start_button.setToolTip("Choose the table and the players, then play")
        self.start_button.setEnabled(not lines)
