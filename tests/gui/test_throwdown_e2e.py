"""A new user's evening: a 3-player Throwdown through the window, saved, reopened, finished.

Everything goes through widgets and menu actions (the way a mouse would), only the file
dialogs are answered by the test.
"""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from core.fistful.roster import Fighter
from core.fistful.throwdown import Remove
from core.game import CHANCE
from gui.main_window import MainWindow
from gui.new_game import NewGameDialog
from tests.gui.drivers.fistful import throwdown
from tests.gui.window_helpers import click_new_game
from tests.gui.window_helpers import new_window

NAMES = ("Ada", "Bram", "Cleo")
FISTFULS = (
    [Fighter("skwall", "shadow"), Fighter("gregor", "shadow"), Fighter("tremmor", "shadow"),
     Fighter("frost", "crystal"), Fighter("glacix", "hyper")],
    [Fighter("nexa", "hyper"), Fighter("riftor", "crystal"), Fighter("warpling", "shadow"),
     Fighter("skylar", "hyper")],
    [Fighter("mantorr", "hyper"), Fighter("bogrot", "crystal"), Fighter("slurm", "shadow"),
     Fighter("quagg", "hyper"), Fighter("tidus", "crystal"), Fighter("marauk", "hyper")],
)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))


def fill_new_game_dialog(window: MainWindow, game_id: str):
    """Answer the New Game dialog by typing and clicking, as a player would."""
    dialog = NewGameDialog(game_id, window)
    dialog.players_spin.setValue(3)
    for edit, name in zip(dialog.name_edits, NAMES):
        edit.selectAll()
        QTest.keyClicks(edit, name)
    dialog.seed_edit.clear()
    QTest.keyClicks(dialog.seed_edit, "2026")
    QTest.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    return dialog.result_value()


def play_step(window: MainWindow) -> None:
    """One gesture of whoever acts: throw for chance, click a face-down token to remove."""
    view = window.view
    if window.match.actor == CHANCE:
        throwdown(view).throw()
    else:
        throwdown(view).remove_first_removable()


def test_three_player_throwdown_saved_reopened_undone_and_finished(qtbot, monkeypatch, tmp_path):
    save_path = tmp_path / "club-night.battlebox.json"
    window = new_window(qtbot, monkeypatch, save_path)
    monkeypatch.setattr(window, "ask_new_game", lambda game_id: fill_new_game_dialog(window, game_id))
    click_new_game(window, "throwdown")
    match = window.match
    assert [p.name for p in match.setup.players] == list(NAMES)
    assert match.seed == 2026

    view = window.view
    for fistful in FISTFULS:
        assert view.page == "curtain"
        throwdown(view).reveal_curtain()
        assert view.page == "pick"
        throwdown(view).pick_fighters(fistful)
        throwdown(view).confirm_pick()
    assert [sorted(f) for f in window.match.state.fistfuls] == [sorted(f) for f in FISTFULS]
    assert view.page == "board"

    # Play until a removal has just been made, then save there (a removal can be undone).
    for _ in range(200):
        play_step(window)
        if isinstance(window.match.actions[-1], Remove) and not window.match.is_over:
            break
    assert isinstance(window.match.actions[-1], Remove), "no removal happened in 200 gestures"
    window.save_as_action.trigger()
    assert save_path.exists() and not window.errors
    saved_actions = window.match.actions
    saved_log = window.match.log
    window.close()

    reopened = new_window(qtbot, monkeypatch, save_path)
    reopened.open_action.trigger()
    assert not reopened.errors
    assert reopened.match.actions == saved_actions
    assert reopened.match.log == saved_log
    assert reopened.view.page == "board"

    assert reopened.undo_action.isEnabled()
    reopened.undo_action.trigger()
    assert reopened.match.actions == saved_actions[:-1]
    undone: Remove = saved_actions[-1]
    assert undone.fighter in reopened.match.state.fistfuls[undone.player]
    assert throwdown(reopened.view).removable_tokens(), "the undone removal is offered again"

    for _ in range(500):
        if reopened.match.is_over:
            break
        play_step(reopened)
    assert reopened.match.is_over
    result = reopened.match.result
    assert result is not None and reopened.match.game.result_text(reopened.match.state)
    alive = [i for i, f in enumerate(reopened.match.state.fistfuls) if f]
    assert len(alive) <= 1
    assert reopened.view.page == "over"
    assert set(result.winners) == (set(alive) if alive else set(result.winners))

    throwdown(reopened.view).back_to_start()
    assert reopened.stack.currentWidget() is reopened.start_page
