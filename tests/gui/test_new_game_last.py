"""New Game opens on the last game of its kind (in this window, or kept in the data folder from an
earlier one), and "Restore defaults" goes back."""
from __future__ import annotations

from typing import Any

import msgspec
import pytest
from PySide6.QtWidgets import QPushButton

from core import registry
from gui.new_game import NewGameDialog
from tests.gui.drivers.window import WindowDriver
from tests.gui.window_helpers import new_window
from tests.gui.workers import workers_done  # noqa: F401 (autouse: searches end with each test)
from tests.setups import tweaked


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


def test_the_next_evening_new_game_opens_on_the_last_table(qtbot, monkeypatch, tmp_path) -> None:
    from core.last_setups import FILE_NAME
    from gui import storage

    mine = tweaked("domination")
    first = new_window(qtbot, monkeypatch, tmp_path / "a.battlebox.json")
    assert first.start_new_game("domination", mine)
    first.close()
    assert (storage.data_dir() / FILE_NAME).exists()
    dialogs = shown_dialogs(monkeypatch)
    second = new_window(qtbot, monkeypatch, tmp_path / "b.battlebox.json")
    WindowDriver(second).click_new_game("domination")
    assert dialogs[-1].findChild(QPushButton, "restoreDefaults") is not None
    assert second.match.setup == mine


def test_a_damaged_file_of_last_setups_is_named_kept_and_never_written_over(qtbot, monkeypatch, tmp_path) -> None:
    from core.last_setups import FILE_NAME
    from gui import storage

    path = storage.data_dir() / FILE_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{half a file")
    dialogs = shown_dialogs(monkeypatch)
    monkeypatch.setattr(NewGameDialog, "exec", lambda dialog: dialogs.append(dialog) or 0)  # looked at, cancelled
    window = new_window(qtbot, monkeypatch, tmp_path / "a.battlebox.json")
    WindowDriver(window).click_new_game("throwdown")
    assert len(window.errors) == 1 and str(path) in window.errors[0] and "not written to" in window.errors[0]
    assert dialogs[-1].findChild(QPushButton, "restoreDefaults") is None  # the defaults show
    mine = tweaked("throwdown")
    assert window.start_new_game("throwdown", mine)
    assert path.read_text() == "{half a file"
    WindowDriver(window).click_new_game("throwdown")
    assert len(window.errors) == 1, "said once"
    assert dialogs[-1].findChild(QPushButton, "restoreDefaults") is not None  # this window remembers


def test_a_screenshot_window_leaves_the_data_folder_alone(qtbot) -> None:
    from core.last_setups import FILE_NAME
    from gui import storage
    from gui.main_window import MainWindow

    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    assert window.start_new_game("impact")
    assert not (storage.data_dir() / FILE_NAME).exists()


def test_a_game_s_entry_that_cannot_be_read_is_named_and_the_others_open(qtbot, monkeypatch, tmp_path) -> None:
    import json

    from core.last_setups import FILE_NAME, write
    from gui import storage

    path = storage.data_dir() / FILE_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    write(path, {"throwdown": tweaked("throwdown")})
    doc = json.loads(path.read_text())
    doc["games"]["impact"] = {"save_version": 2, "setup": {"players": 3}}
    path.write_text(json.dumps(doc))
    dialogs: list[NewGameDialog] = []
    monkeypatch.setattr(NewGameDialog, "exec", lambda dialog: dialogs.append(dialog) or 0)
    window = new_window(qtbot, monkeypatch, tmp_path / "a.battlebox.json")
    WindowDriver(window).click_new_game("throwdown")
    assert len(window.errors) == 1 and f"{path}: games.impact:" in window.errors[0]
    assert dialogs[-1].findChild(QPushButton, "restoreDefaults") is not None  # Throwdown's was read
    assert window.start_new_game("fistful-of-gold")
    assert json.loads(path.read_text())["games"]["impact"] == {"save_version": 2, "setup": {"players": 3}}


def test_the_same_table_again_is_not_written_again(qtbot, monkeypatch, tmp_path) -> None:
    from core import last_setups

    writes: list[str] = []
    real = last_setups.write
    monkeypatch.setattr(last_setups, "write", lambda *a: writes.append("w") or real(*a))
    window = new_window(qtbot, monkeypatch, tmp_path / "a.battlebox.json")
    mine = tweaked("throwdown")
    assert window.start_new_game("throwdown", mine)
    assert window.start_new_game("throwdown", mine)  # Play again's setup, or the same save reopened
    assert writes == ["w"]
