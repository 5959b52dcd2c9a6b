"""The New Game dialog: players, colours, throw mode, options and seed for any game's setup.

It builds the setup as plain data and lets the game's own `validate_setup` judge it, so the
rules stay in core and a refused setup is explained inside the dialog. Options come from the
setup struct itself: a checkbox per `bool` field (labelled by the module's `OPTION_LABELS`)
and a player combo for `first_defender` / `first_attacker`.
"""
from __future__ import annotations

import sys
from typing import Any

import msgspec
from PySide6.QtCore import QRegularExpression, Qt
from PySide6.QtGui import QColor, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QDoubleSpinBox,
    QColorDialog,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from core import registry
from core.errors import IllegalSetup

MODES = (("simulated", "Simulated throws"), ("table", "Results entered at the table"))
SEAT_FIELDS = {"first_defender": "First defender (the oldest player)",
               "first_attacker": "First attacker (the youngest player)"}
# Setup fields a game carries but ignores, so the dialog does not offer them.
HIDDEN_FIELDS: dict[str, frozenset[str]] = {
    "all-out-war": frozenset({"ultimate_champion", "first_attacker"}),
}
ADVANCED_MARK = "(advanced)"


class ColourButton(QPushButton):
    def __init__(self, colour: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFixedSize(64, 28)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.set_colour(colour)

    @property
    def colour(self) -> str:
        return self._colour

    def set_colour(self, colour: str) -> None:
        self._colour = colour
        self.setToolTip(f"Colour {colour} — click to change")
        self.setStyleSheet(f"QPushButton {{ background: {colour}; border: 2px solid #ffffff; "
                           "border-radius: 6px; outline: 1px solid #999; }"
                           "QPushButton:focus { border: 2px solid #333; }")


class NewGameDialog(QDialog):
    def __init__(self, game_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = registry.get(game_id)
        module = sys.modules.get(type(self.game).__module__)
        default = self.game.default_setup()
        self.min_players = getattr(module, "MIN_PLAYERS", 1)
        self.max_players = getattr(module, "MAX_PLAYERS", max(len(default.players), 1))
        fields = getattr(self.game.setup_type, "__struct_fields__", ())
        self.has_mode = "mode" in fields
        hidden = HIDDEN_FIELDS.get(game_id, frozenset())
        labels: dict[str, str] = getattr(module, "OPTION_LABELS", {})
        self.option_boxes: dict[str, QCheckBox] = {}
        self.seat_combos: dict[str, QComboBox] = {}
        self.value_inputs: dict[str, QSpinBox | QDoubleSpinBox | QComboBox] = {}
        self.setup: Any = None
        self.seed: int | None = None

        self.setWindowTitle(f"New game — {self.game.title}")
        self.setMinimumWidth(600 if labels else 480)

        heading = QLabel(f"New game of {self.game.title}")
        heading.setStyleSheet("font-size: 16pt; font-weight: bold;")

        self.players_spin = QSpinBox()
        self.players_spin.setRange(self.min_players, self.max_players)
        self.players_spin.setValue(len(default.players))
        self.players_spin.setSuffix(" players" if self.max_players > 1 else " player")
        self.players_spin.setMinimumWidth(120)
        self.players_spin.valueChanged.connect(self._show_rows)

        full = self.game.default_setup(self.max_players).players
        self.name_edits: list[QLineEdit] = []
        self.colour_buttons: list[ColourButton] = []
        self._row_labels: list[QLabel] = []
        players_box = QGroupBox("Players")
        grid = QGridLayout(players_box)
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(6)
        for i, p in enumerate(full):
            label = QLabel(f"{i + 1}.")
            edit = QLineEdit(p.name)
            edit.setMaxLength(40)
            edit.setPlaceholderText("Name")
            button = ColourButton(p.colour)
            button.clicked.connect(lambda _=False, b=button: self._pick_colour(b))
            grid.addWidget(label, i, 0)
            grid.addWidget(edit, i, 1)
            grid.addWidget(button, i, 2)
            self._row_labels.append(label)
            self.name_edits.append(edit)
            self.colour_buttons.append(button)
        grid.setColumnStretch(1, 1)

        self.mode_buttons: dict[str, QRadioButton] = {}
        self._mode_group = QButtonGroup(self)
        mode_title, modes = getattr(module, "MODE_LABELS", ("Throws", MODES))
        mode_box = QGroupBox(mode_title)
        mode_layout = QVBoxLayout(mode_box)
        current_mode = getattr(default, "mode", "simulated")
        for mode, text in modes:
            radio = QRadioButton(text)
            radio.setChecked(mode == current_mode)
            self._mode_group.addButton(radio)
            self.mode_buttons[mode] = radio
            mode_layout.addWidget(radio)
        mode_box.setVisible(self.has_mode)

        seats_form = QFormLayout()
        for field, text in SEAT_FIELDS.items():
            if field in fields and field not in hidden:
                combo = QComboBox(objectName=f"seat:{field}")
                self.seat_combos[field] = combo
                seats_form.addRow(text, combo)
        self._seat_defaults = {f: getattr(default, f) for f in self.seat_combos}
        for edit in self.name_edits:
            edit.textChanged.connect(self._fill_seats)

        options_box = QGroupBox("Options", objectName="optionsBox")
        options_layout = QVBoxLayout(options_box)
        bools = [f for f in fields if f not in hidden and isinstance(getattr(default, f, None), bool)]
        basic = [f for f in bools if ADVANCED_MARK not in labels.get(f, "")]
        advanced = [f for f in bools if ADVANCED_MARK in labels.get(f, "")]
        for group in (basic, advanced):
            if group is advanced and advanced:
                advanced_heading = QLabel("Advanced rules", objectName="advancedHeading")
                advanced_heading.setStyleSheet("font-weight: 700; margin-top: 4px;")
                options_layout.addWidget(advanced_heading)
            for field in group:
                text = labels.get(field, field.replace("_", " ").capitalize()).replace(ADVANCED_MARK, "").strip()
                box = QCheckBox(text, objectName=f"option:{field}")
                box.setChecked(getattr(default, field))
                self.option_boxes[field] = box
                options_layout.addWidget(box)
        self._add_value_options(module, default, fields, hidden, labels, seats_form)
        options_layout.addLayout(seats_form)
        options_box.setVisible(bool(self.option_boxes or self.seat_combos or self.value_inputs))

        self.seed_edit = QLineEdit()
        self.seed_edit.setPlaceholderText("Random")
        self.seed_edit.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,18}"), self))
        self.seed_edit.setToolTip("The same seed and the same choices give the same throws.")

        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft)
        form.addRow("Number of players", self.players_spin)
        form.addRow("Seed (optional, for a reproducible game)", self.seed_edit)

        self.error_label = QLabel()
        self.error_label.setObjectName("setupError")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("QLabel { color: #8b1a10; background: #fdecea; border: 1px solid #f2b8b0;"
                                       " border-radius: 6px; padding: 8px; }")
        self.error_label.hide()

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start game")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(22, 18, 22, 16)
        layout.setSpacing(12)
        layout.addWidget(heading)
        layout.addLayout(form)
        layout.addWidget(players_box)
        layout.addWidget(mode_box)
        layout.addWidget(options_box)
        layout.addWidget(self.error_label)
        layout.addWidget(buttons)
        self._show_rows(self.players_spin.value())

    # --- behaviour ---------------------------------------------------------------------
    def _show_rows(self, count: int) -> None:
        for i, (label, edit, button) in enumerate(zip(self._row_labels, self.name_edits, self.colour_buttons)):
            for w in (label, edit, button):
                w.setVisible(i < count)
        self._fill_seats()
        self.adjustSize()

    def _add_value_options(self, module: Any, default: Any, fields: tuple[str, ...], hidden: frozenset[str],
                           labels: dict[str, str], form: QFormLayout) -> None:
        """Numbers with a range (`OPTION_RANGES`) get a spin box; fixed sets (`OPTION_CHOICES`) a combo."""
        ranges: dict[str, tuple[float, float]] = getattr(module, "OPTION_RANGES", {})
        choices: dict[str, tuple[tuple[Any, str], ...]] = getattr(module, "OPTION_CHOICES", {})
        for field in fields:
            if field in hidden or field in self.option_boxes or field in self.seat_combos:
                continue
            value = getattr(default, field, None)
            text = labels.get(field, field.replace("_", " ").capitalize())
            widget: QSpinBox | QDoubleSpinBox | QComboBox
            if field in choices:
                widget = QComboBox(objectName=f"option:{field}")
                for option, name in choices[field]:
                    widget.addItem(name, option)
                widget.setCurrentIndex(max(0, widget.findData(value)))
            elif field in ranges and isinstance(value, int) and not isinstance(value, bool):
                widget = QSpinBox(objectName=f"option:{field}")
                widget.setRange(int(ranges[field][0]), int(ranges[field][1]))
                widget.setValue(value)
            elif field in ranges and isinstance(value, float):
                widget = QDoubleSpinBox(objectName=f"option:{field}")
                widget.setRange(float(ranges[field][0]), float(ranges[field][1]))
                widget.setDecimals(2)
                widget.setSingleStep(0.01)
                widget.setValue(value)
            else:
                continue
            self.value_inputs[field] = widget
            form.addRow(text, widget)

    def _fill_seats(self) -> None:
        """The seat combos list the players as named now, keeping each choice where it can."""
        count = self.players_spin.value()
        names = [e.text().strip() or f"Player {i + 1}" for i, e in enumerate(self.name_edits[:count])]
        for field, combo in self.seat_combos.items():
            current = combo.currentIndex() if combo.count() else self._seat_defaults[field]
            combo.blockSignals(True)
            combo.clear()
            for i, name in enumerate(names):
                combo.addItem(f"{i + 1}. {name}", i)
            combo.setCurrentIndex(current if 0 <= current < count else 0)
            combo.blockSignals(False)

    def ask_colour(self, current: str) -> str | None:
        colour = QColorDialog.getColor(QColor(current), self, "Player colour")
        return colour.name() if colour.isValid() else None

    def _pick_colour(self, button: ColourButton) -> None:
        colour = self.ask_colour(button.colour)
        if colour:
            button.set_colour(colour)

    def setup_data(self) -> dict[str, Any]:
        count = self.players_spin.value()
        data: dict[str, Any] = {"players": [{"name": e.text().strip(), "colour": b.colour}
                                            for e, b in zip(self.name_edits[:count], self.colour_buttons[:count])]}
        if self.has_mode:
            data["mode"] = next(m for m, r in self.mode_buttons.items() if r.isChecked())
        for field, box in self.option_boxes.items():
            data[field] = box.isChecked()
        for field, combo in self.seat_combos.items():
            data[field] = combo.currentData()
        for field, widget in self.value_inputs.items():
            data[field] = widget.currentData() if isinstance(widget, QComboBox) else widget.value()
        return data

    def show_error(self, message: str) -> None:
        self.error_label.setText(message)
        self.error_label.show()

    def accept(self) -> None:
        try:
            setup = msgspec.convert(self.setup_data(), self.game.setup_type)
            self.game.validate_setup(setup)
        except msgspec.ValidationError as e:
            self.show_error(f"This setup cannot start: {e}")
            return
        except IllegalSetup as e:
            self.show_error(str(e))
            return
        text = self.seed_edit.text().strip()
        self.setup = setup
        self.seed = int(text) if text else None
        self.error_label.hide()
        super().accept()

    def result_value(self) -> tuple[Any, int | None] | None:
        """(setup, seed or None) after OK; None if cancelled."""
        if self.result() != QDialog.DialogCode.Accepted:
            return None
        return self.setup, self.seed
