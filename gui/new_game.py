"""The New Game dialog: players, colours, mode, options and seed, built from the game's spec.

Everything game-specific comes from `game.spec` (core/spec.py): the player range, each option's
control and label, the words for the mode (no box at all when nothing is thrown or drawn by
chance), the choices made per seat (a stack, an army) and the colours kept for something else.
The dialog builds the setup as plain data and lets the game's own `validate_setup` judge it, so
the rules stay in core and a refused setup is explained inside the dialog.
"""
from __future__ import annotations

from typing import Any

import msgspec
from PySide6.QtCore import QRectF, QRegularExpression, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QColorDialog,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
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
from core.spec import SeatOption, refuse_reserved
from maps.datafile import DataError

# Wider than this, a label wraps instead of widening the dialog (1024 px screens).
LABEL_WIDTH = 300
SHORT_LABEL = 200
# A seat combo's item data for "choose a file…" and for the value a file (or a tool) gave.
PICK_FILE = "\x00pick-file"
FROM_FILE = "\x00from-file"


def fitted_combo(name: str, choices: tuple[tuple[Any, str], ...], value: Any) -> QComboBox:
    """A combo box never narrower than its longest choice (no "Deat" for "Death Commando…")."""
    combo = QComboBox(objectName=name)
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
    for option, text in choices:
        combo.addItem(text, option)
    combo.setCurrentIndex(max(0, combo.findData(value)))
    combo.setMinimumWidth(combo.sizeHint().width())
    return combo


def _label(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setMaximumWidth(LABEL_WIDTH)
    # A wrapped label in a form can lose its last line to a short row: wrap only long ones.
    width = label.fontMetrics().horizontalAdvance(text) + 4
    if width <= SHORT_LABEL:
        label.setMinimumWidth(width)
    return label


class WrappedCheck(QWidget):
    """A check box whose long label wraps (a QCheckBox's own text never does, and one long rule
    would widen the dialog past a 1024 px screen). Clicking the label ticks the box."""

    def __init__(self, text: str, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.box = QCheckBox(objectName=name)
        self.box.setAccessibleName(text)
        self.label = _label(text)
        self.label.setBuddy(self.box)
        self.label.mouseReleaseEvent = lambda _event: self.box.toggle()  # type: ignore[method-assign]
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(6)
        row.addWidget(self.box, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.label, 1)


class ColourButton(QPushButton):
    """A player's colour swatch: it paints the colour itself, since a stylesheet cannot know it."""

    def __init__(self, colour: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("colourButton")
        self.setFixedSize(64, 28)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.set_colour(colour)

    @property
    def colour(self) -> str:
        return self._colour

    def set_colour(self, colour: str) -> None:
        self._colour = colour
        self.setToolTip(f"Colour {colour} — click to change")
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        outer = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        p.setPen(QPen(QColor("#999999"), 1))
        p.setBrush(QColor("#333333") if self.hasFocus() else QColor("#ffffff"))
        p.drawRoundedRect(outer, 7, 7)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(self._colour))
        p.drawRoundedRect(outer.adjusted(2.5, 2.5, -2.5, -2.5), 5, 5)
        p.end()


class NewGameDialog(QDialog):
    """`last`, the setup of the last game of this kind in the window, fills the dialog: a club
    that plays on tweaks its table instead of typing every name again. "Restore defaults" goes
    back to the game's own setup."""

    def __init__(self, game_id: str, parent: QWidget | None = None, last: Any = None) -> None:
        super().__init__(parent)
        self.game = registry.get(game_id)
        self.spec = spec = self.game.spec
        default = self.game.default_setup()
        self.default = default
        self.min_players = spec.min_players
        self.max_players = spec.max_players
        self.has_mode = spec.modes is not None
        self.option_boxes: dict[str, QCheckBox] = {}
        self.seat_combos: dict[str, QComboBox] = {}
        self.value_inputs: dict[str, QSpinBox | QDoubleSpinBox | QComboBox] = {}
        self.seat_inputs: dict[str, list[QComboBox]] = {}
        self.file_values: dict[tuple[str, int], Any] = {}
        self.setup: Any = None
        self.seed: int | None = None
        self.registered: dict[str, Any] = {}

        self.setWindowTitle(f"New game — {self.game.title}")

        heading = QLabel(f"New game of {self.game.title}", objectName="newGameHeading")

        self.players_spin = QSpinBox(objectName="playerCount")
        self.players_spin.setRange(self.min_players, self.max_players)
        self.players_spin.setValue(len(default.players))
        self.players_spin.setSuffix(" players" if self.max_players > 1 else " player")
        self.players_spin.setMinimumWidth(120)
        self.players_spin.setEnabled(self.min_players != self.max_players)
        self.players_spin.valueChanged.connect(self._show_rows)

        players_box = QGroupBox("Players", objectName="playersBox")
        players_box.setLayout(self._players_grid())

        self.mode_buttons: dict[str, QRadioButton] = {}
        self._mode_group = QButtonGroup(self)
        mode_title, modes = spec.modes or ("", ())
        mode_box = QGroupBox(mode_title, objectName="modeBox")
        mode_layout = QVBoxLayout(mode_box)
        current_mode = getattr(default, "mode", "simulated")
        for mode, text in modes:
            radio = QRadioButton(text, objectName=f"mode:{mode}")
            radio.setChecked(mode == current_mode)
            self._mode_group.addButton(radio)
            self.mode_buttons[mode] = radio
            mode_layout.addWidget(radio)
        mode_box.setVisible(self.has_mode)

        options_box = QGroupBox("Options", self, objectName="optionsBox")
        options_box.setLayout(self._options_layout(default))
        options_box.setVisible(bool(spec.options))
        self._seat_defaults = {f: getattr(default, f) for f in self.seat_combos}

        self.seed_edit = QLineEdit(objectName="seed")
        self.seed_edit.setPlaceholderText("Random")
        self.seed_edit.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,18}"), self))
        self.seed_edit.setToolTip("The same seed and the same choices give the same throws.")

        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft)
        form.addRow("Number of players", self.players_spin)
        form.addRow(_label("Seed (optional, for a reproducible game)"), self.seed_edit)

        self.error_label = QLabel()
        self.error_label.setObjectName("setupError")
        self.error_label.setWordWrap(True)
        self.error_label.hide()

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start game")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        if last is not None:  # a button, not a line of text: ten players' rows must still fit 640 px
            defaults = buttons.addButton("Restore defaults", QDialogButtonBox.ButtonRole.ResetRole)
            defaults.setObjectName("restoreDefaults")
            defaults.setToolTip(f"The dialog shows the players and options of your last game of {self.game.title}; "
                                "this goes back to those a new game starts with")
            defaults.clicked.connect(lambda: self.fill(self.default))

        # Two columns, so ten players or a long list of options stay on a 640 px high screen:
        # the mode sits beside the players when there are no options to show there.
        left = QVBoxLayout()
        left.addLayout(form)
        left.addWidget(players_box)
        right = QVBoxLayout()
        right.addWidget(options_box if spec.options else mode_box)
        if spec.options:
            left.addWidget(mode_box)
        left.addStretch(1)
        right.addStretch(1)
        columns = QHBoxLayout()
        columns.setSpacing(16)
        columns.addLayout(left, 1)
        columns.addLayout(right)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(22, 18, 22, 16)
        layout.setSpacing(12)
        layout.addWidget(heading)
        layout.addLayout(columns)
        layout.addWidget(self.error_label)
        layout.addWidget(buttons)
        for edit in self.name_edits:
            edit.textChanged.connect(self._fill_seats)
        self._offer_players()
        self._show_rows(self.players_spin.value())
        if last is not None:
            self.fill(last)

    def fill(self, setup: Any) -> None:
        """Show `setup`'s players, mode, options and per-seat choices; seats beyond its players
        get the game's default names and colours."""
        full = self.game.default_setup(self.max_players).players
        count = len(setup.players)
        self.players_spin.setValue(count)
        for i, (edit, button) in enumerate(zip(self.name_edits, self.colour_buttons)):
            player = setup.players[i] if i < count else full[i]
            edit.setText(player.name)
            button.set_colour(player.colour)
        if self.has_mode and getattr(setup, "mode", None) in self.mode_buttons:
            self.mode_buttons[setup.mode].setChecked(True)
        for field, box in self.option_boxes.items():
            box.setChecked(bool(getattr(setup, field)))
        for option in self.spec.options:
            widget = self.value_inputs.get(option.field)
            if isinstance(widget, QComboBox):
                widget.setCurrentIndex(max(0, widget.findData(getattr(setup, option.field))))
            elif widget is not None:
                widget.setValue(getattr(setup, option.field))
        self._seat_defaults = {f: getattr(setup, f) for f in self.seat_combos}
        for field, combo in self.seat_combos.items():
            combo.setCurrentIndex(max(0, combo.findData(getattr(setup, field))))
        for option in self.spec.all_seat_options:
            customs = getattr(setup, option.file_field) if option.file_field else ()
            for i, combo in enumerate(self.seat_inputs[option.field]):
                custom = customs[i] if i < len(customs) else None
                if custom is not None:
                    name = getattr(custom, "name", "") or option.label
                    self.set_seat_value(option.field, i, f"{name} (last game)", custom)
                    continue
                self.file_values.pop((option.field, i), None)
                if (at := combo.findData(FROM_FILE)) >= 0:
                    combo.blockSignals(True)  # the index may land on "Stack file…", which would ask for a file
                    combo.removeItem(at)
                    combo.blockSignals(False)
                value = option.value(setup, i) if i < count or option.seat_fields else None
                self._back_to(combo, max(0, combo.findData(value)))
                combo.setProperty("lastIndex", combo.currentIndex())
        self.error_label.hide()

    def _offer_players(self) -> None:
        """Every name field completes the ledger's registered players (as the ledger last listed
        them; none before it opened); choosing one fills their colour. A new name needs nothing
        here: the ledger registers it when the match is recorded."""
        from PySide6.QtWidgets import QCompleter

        from gui.kit.ledger_service import ledger_service

        self.registered = {p.name.casefold(): p for p in ledger_service().players_cache}
        if not self.registered:
            return
        names = sorted((p.name for p in self.registered.values()), key=str.casefold)
        for i, edit in enumerate(self.name_edits):
            completer = QCompleter(names, edit)
            completer.setObjectName(f"playerCompleter:{i}")
            completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
            completer.setFilterMode(Qt.MatchFlag.MatchContains)
            completer.activated.connect(lambda name, i=i: self.use_player(i, name))
            edit.setCompleter(completer)
            edit.setToolTip("Type to find a registered player; a new name is registered when the game is recorded.")

    def use_player(self, seat: int, name: str) -> bool:
        """A registered player chosen for `seat`: their name as registered, and their colour unless it
        is kept for something else in this game."""
        player = self.registered.get(name.strip().casefold())
        if player is None:
            return False
        self.name_edits[seat].setText(player.name)
        try:
            clash = self.spec.colour_clash(player.colour)
        except ValueError:
            return True
        if clash is None:
            self.colour_buttons[seat].set_colour(player.colour)
        return True

    def _players_grid(self) -> QGridLayout:
        """A row per seat: number, name, colour, then one combo per per-seat option."""
        full = self.game.default_setup(self.max_players).players
        self.name_edits: list[QLineEdit] = []
        self.colour_buttons: list[ColourButton] = []
        self._row_widgets: list[list[QWidget]] = []
        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(6)
        seat_options = self.spec.all_seat_options
        top = 1 if seat_options else 0
        for column, option in enumerate(seat_options, start=3):
            grid.addWidget(QLabel(option.label, objectName=f"seatOptionHeading:{option.field}"), 0, column)
            self.seat_inputs[option.field] = []
        for i, p in enumerate(full):
            label = QLabel(f"{i + 1}.")
            edit = QLineEdit(p.name, objectName=f"name:{i}")
            edit.setMaxLength(40)
            edit.setPlaceholderText("Name")
            edit.setMinimumWidth(120)
            button = ColourButton(p.colour)
            button.setObjectName(f"colour:{i}")
            button.clicked.connect(lambda _=False, b=button: self._pick_colour(b))
            row: list[QWidget] = [label, edit, button]
            for column, option in enumerate(seat_options, start=3):
                combo = fitted_combo(f"seatOption:{option.field}:{i}", option.choices_for(i),
                                     option.value(self.default, i) if i < len(self.default.players) else None)
                if option.read_file is not None:
                    self._offer_file(combo, option, i)
                self.seat_inputs[option.field].append(combo)
                if option.seat_fields and i < len(option.seat_fields):
                    self.value_inputs[option.seat_fields[i]] = combo
                grid.addWidget(combo, top + i, column)
                row.append(combo)
            for column, widget in enumerate(row[:3]):
                grid.addWidget(widget, top + i, column)
            self.name_edits.append(edit)
            self.colour_buttons.append(button)
            self._row_widgets.append(row)
        grid.setColumnStretch(1, 1)
        return grid

    def _offer_file(self, combo: QComboBox, option: SeatOption, seat: int) -> None:
        """The seat's combo ends with "from a file…"; choosing it asks for the file at once."""
        combo.addItem(option.file_label, PICK_FILE)
        combo.setItemData(combo.count() - 1, f"Play with a {option.label.lower()} saved in a file",
                          Qt.ItemDataRole.ToolTipRole)
        combo.setProperty("lastIndex", combo.currentIndex())
        combo.currentIndexChanged.connect(lambda index, c=combo: self._seat_choice_changed(c, option, seat, index))

    def _seat_choice_changed(self, combo: QComboBox, option: SeatOption, seat: int, index: int) -> None:
        if combo.itemData(index) != PICK_FILE:
            combo.setProperty("lastIndex", index)
            return
        path = self.ask_seat_file(option)
        if path:
            self.use_seat_file(option.field, seat, path)
        else:
            self._back_to(combo, combo.property("lastIndex"))

    def use_seat_file(self, field: str, seat: int, path: str) -> bool:
        """Read `path` for `seat`'s per-seat choice `field`: a file that cannot be read is said in
        the dialog and every choice stays as it was; a readable one is checked with the rest of
        the setup at once, so a stack that breaks a rule is named before Start."""
        option = next(o for o in self.spec.all_seat_options if o.field == field)
        combo = self.seat_inputs[field][seat]
        assert option.read_file is not None
        try:
            text, value = option.read_file(path)
        except (DataError, OSError, ValueError) as e:
            self._back_to(combo, combo.property("lastIndex"))
            self.show_error(f"Cannot use that file for {self._seat_name(seat)}: {e}")
            return False
        self.set_seat_value(field, seat, text, value)
        combo.setItemData(combo.currentIndex(), path, Qt.ItemDataRole.ToolTipRole)
        return True

    def set_seat_value(self, field: str, seat: int, text: str, value: Any) -> None:
        """Put a value that came from elsewhere (a file, the stack builder's stack) in a seat, shown
        as `text`, and check the setup at once so a choice that cannot start is named now."""
        combo = self.seat_inputs[field][seat]
        self.file_values[(field, seat)] = value
        at = combo.findData(FROM_FILE)
        if at < 0:
            combo.insertItem(combo.count() - 1, text, FROM_FILE)
            at = combo.count() - 2
        else:
            combo.setItemText(at, text)
        self._back_to(combo, at)
        combo.setProperty("lastIndex", at)
        combo.setMinimumWidth(combo.sizeHint().width())
        self.error_label.hide()
        self._check_now()

    def _back_to(self, combo: QComboBox, index: int) -> None:
        combo.blockSignals(True)
        combo.setCurrentIndex(index)
        combo.blockSignals(False)

    def _seat_name(self, seat: int) -> str:
        return self.name_edits[seat].text().strip() or f"Player {seat + 1}"

    def _check_now(self) -> None:
        try:
            self.game.validate_setup(msgspec.convert(self.setup_data(), self.game.setup_type))
        except (IllegalSetup, msgspec.ValidationError) as e:
            self.show_error(str(e))

    def ask_seat_file(self, option: SeatOption) -> str | None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(self, f"Open a {option.label.lower()}", "", option.file_filter)
        return path or None

    def _options_layout(self, default: Any) -> QVBoxLayout:
        """Check boxes (basic, then "Advanced rules"), then a form of numbers, choices and seats."""
        layout = QVBoxLayout()
        bools = [o for o in self.spec.options if o.kind == "bool"]
        for advanced in (False, True):
            group = [o for o in bools if o.advanced is advanced]
            if advanced and group:
                advanced_heading = QLabel("Advanced rules", objectName="advancedHeading")
                layout.addWidget(advanced_heading)
            for option in group:
                check = WrappedCheck(option.label, f"option:{option.field}")
                check.box.setChecked(bool(getattr(default, option.field)))
                self.option_boxes[option.field] = check.box
                layout.addWidget(check)
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.DontWrapRows)
        for option in self.spec.options:
            value = getattr(default, option.field)
            widget: QSpinBox | QDoubleSpinBox | QComboBox
            if option.kind == "seat":
                combo = QComboBox(objectName=f"seat:{option.field}")
                combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
                self.seat_combos[option.field] = combo
                form.addRow(_label(option.label), combo)
                continue
            if option.kind == "choice":
                widget = fitted_combo(f"option:{option.field}", option.choices, value)
            elif option.kind == "int":
                widget = QSpinBox(objectName=f"option:{option.field}")
                widget.setRange(int(option.low or 0), int(option.high or 0))
                widget.setValue(value)
            elif option.kind == "float":
                widget = QDoubleSpinBox(objectName=f"option:{option.field}")
                widget.setRange(float(option.low or 0), float(option.high or 0))
                widget.setDecimals(2)
                widget.setSingleStep(0.01)
                widget.setValue(value)
            else:
                continue
            self.value_inputs[option.field] = widget
            form.addRow(_label(option.label), widget)
        layout.addLayout(form)
        return layout

    # --- behaviour ---------------------------------------------------------------------
    def _show_rows(self, count: int) -> None:
        for i, row in enumerate(self._row_widgets):
            for w in row:
                w.setVisible(i < count)
        self._fill_seats()
        # Not adjustSize(): with wrapping labels it caps the width at 2/3 of the screen and
        # squeezes the combo boxes; the layout's own width hint fits every choice.
        hint = self.sizeHint()
        self.setMinimumWidth(hint.width())
        self.resize(hint.width(), self.heightForWidth(hint.width()) if self.hasHeightForWidth() else hint.height())

    def _fill_seats(self) -> None:
        """The seat combos list the players as named now, keeping each choice where it can."""
        count = self.players_spin.value()
        names = [e.text().strip() or f"Player {i + 1}" for i, e in enumerate(self.name_edits[:count])]
        for field, combo in self.seat_combos.items():
            current = combo.currentIndex() if combo.count() else self._seat_defaults.get(field, 0)
            combo.blockSignals(True)
            combo.clear()
            for i, name in enumerate(names):
                combo.addItem(f"{i + 1}. {name}", i)
            combo.setCurrentIndex(current if 0 <= current < count else 0)
            combo.setMinimumWidth(combo.sizeHint().width())
            combo.blockSignals(False)

    def ask_colour(self, current: str) -> str | None:
        colour = QColorDialog.getColor(QColor(current), self, "Player colour")
        return colour.name() if colour.isValid() else None

    def _pick_colour(self, button: ColourButton) -> None:
        colour = self.ask_colour(button.colour)
        if not colour:
            return
        clash = self.spec.colour_clash(colour)
        if clash is not None:
            self.show_error(f"{colour} is too close to {clash.owner}' colour {clash.colour}, which is kept "
                            "for them: pick another colour.")
            return
        button.set_colour(colour)
        self.error_label.hide()

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
        for option in self.spec.all_seat_options:
            values = [c.currentData() for c in self.seat_inputs[option.field][:count]]
            if option.player_field:
                for seat, value in zip(data["players"], values):
                    if value is not None:
                        seat[option.player_field] = value
                continue
            if option.file_field and FROM_FILE in values:
                data[option.file_field] = [self.file_values[(option.field, i)] if v == FROM_FILE else None
                                           for i, v in enumerate(values)]
                values = ["" if v == FROM_FILE else v for v in values]
            if option.seat_fields:
                data.update(zip(option.seat_fields, values))
            else:
                data[option.field] = values
        return data

    def show_error(self, message: str) -> None:
        self.error_label.setText(message)
        self.error_label.show()

    def accept(self) -> None:
        try:
            setup = msgspec.convert(self.setup_data(), self.game.setup_type)
            refuse_reserved(self.spec, tuple(p.colour for p in setup.players))
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
