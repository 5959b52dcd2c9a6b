"""New Game starts from the last game of its kind in the window, and "Restore defaults" goes back."""
from __future__ import annotations

from typing import Any

import msgspec
import pytest
from PySide6.QtWidgets import QPushButton

from core import registry
from core.errors import IllegalSetup
from core.game import with_computers
from gui.new_game import NewGameDialog
from tests.gui.drivers.window import WindowDriver
from tests.gui.window_helpers import new_window
from tests.gui.workers import workers_done  # noqa: F401 (autouse: searches end with each test)

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo")
COLOURS = ("#123456", "#2a7f62", "#d2691e", "#b8860b", "#5f9ea0", "#8b4513", "#4682b4", "#6b8e23", "#9932cc",
           "#2f4f4f")


def tweaked(game_id: str) -> Any:
    """A legal setup unlike the game's default in every field the dialog shows."""
    game = registry.get(game_id)
    spec, default = game.spec, game.default_setup()
    count = len(default.players) + (1 if len(default.players) < spec.max_players else 0)
    setup = game.default_setup(count)
    players = tuple(msgspec.structs.replace(p, name=NAMES[i], colour=COLOURS[i]) for i, p in enumerate(setup.players))
    changes: dict[str, Any] = {"players": players}
    if spec.modes is not None:
        changes["mode"] = next(m for m, _ in spec.modes[1] if m != default.mode)
    seats = iter(range(count - 1, -1, -1))  # seat choices (first attacker, first defender) must differ
    for option in spec.options:
        value = getattr(default, option.field)
        if option.kind == "bool":
            changes[option.field] = not value
        elif option.kind == "choice":
            changes[option.field] = next(c for c, _ in reversed(option.choices) if c != value)
        elif option.kind in ("int", "float"):
            changes[option.field] = type(value)(option.high)
        elif option.kind == "seat":
            changes[option.field] = next(seats)
    for option in spec.seat_options:
        values = [option.choices_for(i)[-1][0] for i in range(count)]
        if option.seat_fields:
            changes.update(zip(option.seat_fields, values))
        else:
            changes[option.field] = tuple(values)
    setup = msgspec.structs.replace(setup, **changes)
    try:
        game.validate_setup(with_computers(setup, {count - 1: "normal"}))
        setup = with_computers(setup, {count - 1: "normal"})
    except IllegalSetup:  # Gold's computer needs simulated cards, and the tweak chose the table's
        game.validate_setup(setup)
    assert setup != default
    return setup


def dialog_for(qtbot, game_id: str, last: Any = None) -> NewGameDialog:
    dialog = NewGameDialog(game_id, last=last)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def accepted(dialog: NewGameDialog) -> Any:
    dialog.accept()
    answer = dialog.result_value()
    assert answer is not None, dialog.error_label.text()
    return answer[0]


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_the_last_game_fills_every_field_and_restore_defaults_goes_back(qtbot, game_id) -> None:
    last = tweaked(game_id)
    dialog = dialog_for(qtbot, game_id, last)
    reset = dialog.findChild(QPushButton, "restoreDefaults")
    assert reset.isVisible() and f"your last game of {registry.get(game_id).title}" in reset.toolTip()
    assert accepted(dialog) == last
    again = dialog_for(qtbot, game_id, last)
    again.findChild(QPushButton, "restoreDefaults").click()
    assert accepted(again) == registry.get(game_id).default_setup()


def test_without_a_last_game_the_dialog_shows_the_defaults_and_no_reset(qtbot) -> None:
    dialog = dialog_for(qtbot, "throwdown")
    assert dialog.findChild(QPushButton, "restoreDefaults") is None


def test_fewer_players_than_last_time_keeps_the_first_names(qtbot) -> None:
    dialog = dialog_for(qtbot, "throwdown", tweaked("throwdown"))
    dialog.players_spin.setValue(2)
    setup = accepted(dialog)
    assert [p.name for p in setup.players] == ["Ann", "Bo"]


def test_a_clout_stack_from_a_file_comes_back_as_the_last_game_s(qtbot) -> None:
    from core.clout.stacks import Stack, ready_stacks
    from tests.gui.drivers.clout import seat_stack_text

    night = Stack("Night shift", ready_stacks()["undead-grave-legion"].chips)
    game = registry.get("clout")
    last = msgspec.structs.replace(game.default_setup(), custom_stacks=(None, night))
    dialog = dialog_for(qtbot, "clout", last)
    assert seat_stack_text(dialog, 1) == "Night shift (last game)"
    assert accepted(dialog).custom_stacks == (None, night)
    again = dialog_for(qtbot, "clout", last)
    again.findChild(QPushButton, "restoreDefaults").click()
    assert seat_stack_text(again, 1) != "Night shift (last game)"
    assert accepted(again) == game.default_setup()


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    return new_window(qtbot, monkeypatch, tmp_path / "last.battlebox.json")


def shown_dialogs(monkeypatch) -> list[NewGameDialog]:
    """New Game's dialogs as the window opens them, each accepted at once as shown."""
    dialogs: list[NewGameDialog] = []

    def exec_(dialog: NewGameDialog) -> int:
        dialogs.append(dialog)
        dialog.accept()
        return dialog.result()

    monkeypatch.setattr(NewGameDialog, "exec", exec_)
    return dialogs


def test_the_window_offers_the_last_game_of_each_kind(monkeypatch, window) -> None:
    dialogs = shown_dialogs(monkeypatch)
    mine = tweaked("throwdown")
    assert window.start_new_game("throwdown", mine)
    window.start_new_game("impact")
    WindowDriver(window).click_new_game("throwdown")
    assert dialogs[-1].findChild(QPushButton, "restoreDefaults") is not None
    assert window.match.setup == mine and window.match.game_id == "throwdown"
    WindowDriver(window).click_new_game("fistful-of-gold")  # never played here: the defaults
    assert window.match.setup == registry.get("fistful-of-gold").default_setup()
    assert dialogs[-1].findChild(QPushButton, "restoreDefaults") is None


def test_after_a_seat_change_new_game_offers_today_s_seats(monkeypatch, window) -> None:
    dialogs = shown_dialogs(monkeypatch)
    window.start_new_game("fistful-of-gold")
    monkeypatch.setattr(window, "ask_seats", lambda match: {0: None, 1: "strong"})
    WindowDriver(window).menu_action("Edit", "Seats…").trigger()
    WindowDriver(window).click_new_game("fistful-of-gold")
    assert len(dialogs) == 1
    assert [p.computer for p in window.match.setup.players] == [None, "strong"]


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_with_the_last_game_and_every_seat_the_dialog_still_fits_1024x640(qtbot, game_id) -> None:
    dialog = dialog_for(qtbot, game_id, tweaked(game_id))
    dialog.players_spin.setValue(dialog.max_players)
    qtbot.wait(10)
    assert dialog.width() <= 1024 and dialog.height() <= 640 - 40  # a title bar's room
