"""A club evening of Impact through the window: New Game dialog, clicks, a key-press race,
save, reopen, undo, and the Master of Elements at the end."""
from __future__ import annotations

import random

import msgspec
import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from core.impact.game import GAME, RaceResult, Stop
from gui.impact.race import RACE_KEYS
from gui.main_window import MainWindow
from gui.new_game import NewGameDialog
from tests.gui.drivers.impact import drive
from tests.gui.skip_ahead import near_the_end
from tests.gui.window_helpers import click_new_game
from tests.gui.window_helpers import new_window as _new_window

NAMES = ("Ada", "Bram", "Cleo")


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "0")


def new_window(qtbot, monkeypatch, save_path) -> MainWindow:
    return _new_window(qtbot, monkeypatch, save_path, size=(1400, 860))


def fill_new_game_dialog(window: MainWindow, game_id: str):
    dialog = NewGameDialog(game_id, window)
    assert dialog.players_spin.value() == 3
    for edit, name in zip(dialog.name_edits, NAMES):
        edit.selectAll()
        QTest.keyClicks(edit, name)
    QTest.keyClicks(dialog.seed_edit, "2026")
    QTest.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    return dialog.result_value()


def race_by_keys(window: MainWindow, rng: random.Random) -> None:
    """Every racer hammers their own key until done, in a random order of racers."""
    view = window.view
    needed = GAME.race_presses(window.match.state)
    racers = list(needed)
    rng.shuffle(racers)
    for p in racers:
        for _ in range(needed[p]):
            if view.page != "race":
                return
            QTest.keyClick(view.race, RACE_KEYS[p][0])


def play_step(window: MainWindow, rng: random.Random) -> None:
    """One gesture of whoever acts, as a player would make it."""
    view = window.view
    if view.page == "race":
        race_by_keys(window, rng)
    elif view.roll_button.isVisible():
        drive(view).roll()
    elif view.stop_button.isEnabled() and (rng.random() < 0.5 or not view.cautious_button.isEnabled()):
        drive(view).stop()
    elif rng.random() < 0.7:
        drive(view).cautious()
    else:
        drive(view).reckless()


def test_three_player_impact_from_the_dialog_saved_reopened_undone_finished(qtbot, monkeypatch, tmp_path):
    save_path = tmp_path / "impact-night.battlebox.json"
    window = new_window(qtbot, monkeypatch, save_path)
    monkeypatch.setattr(window, "ask_new_game", lambda game_id: fill_new_game_dialog(window, game_id))
    click_new_game(window, "impact")
    match = window.match
    assert [p.name for p in match.setup.players] == list(NAMES) and match.seed == 2026
    assert match.setup == msgspec.structs.replace(GAME.default_setup(3), players=match.setup.players)
    view = window.view
    assert view.page == "board" and window.scores_dock.widget() is view.scores_widget()

    rng = random.Random(7)
    for _ in range(300):
        play_step(window, rng)
        if isinstance(window.match.actions[-1], Stop) and not window.match.is_over:
            break
    assert isinstance(window.match.actions[-1], Stop), "no one stopped in 300 gestures"
    window.save_as_action.trigger()
    assert save_path.exists() and not window.errors
    saved_actions, saved_log = window.match.actions, window.match.log
    stopper = saved_actions[-1].player
    window.close()

    reopened = new_window(qtbot, monkeypatch, save_path)
    reopened.open_action.trigger()
    assert not reopened.errors
    assert reopened.match.actions == saved_actions and reopened.match.log == saved_log
    assert reopened.undo_action.isEnabled()
    reopened.undo_action.trigger()
    assert reopened.match.actions == saved_actions[:-1]
    assert reopened.match.actor == stopper and reopened.view.stop_button.isEnabled()

    while len(reopened.match.actions) < len(saved_actions):
        play_step(reopened, rng)
    near_the_end(reopened, save_path, 7, 20)
    assert not reopened.match.is_over
    for _ in range(3000):
        if reopened.match.is_over:
            break
        play_step(reopened, rng)
    assert reopened.match.is_over
    state = reopened.match.state
    alive = [p for p in range(3) if not state.out[p]]
    assert len(alive) == 1 and reopened.match.result.winners == tuple(alive)
    assert reopened.view.page == "over" and reopened.view.winner.name.text() == NAMES[alive[0]]
    drive(reopened.view).back_to_start()
    assert reopened.stack.currentWidget() is reopened.start_page


def test_power_of_the_elements_game_with_a_key_press_race(qtbot, monkeypatch, tmp_path):
    window = new_window(qtbot, monkeypatch, tmp_path / "powers.json")
    setup = msgspec.structs.replace(GAME.default_setup(3), powers=True, avatar_fire=True, avatar_lightning=True)
    assert window.start_new_game("impact", setup, 99)
    rng = random.Random(3)
    raced = False
    for _ in range(3000):
        if window.match.is_over:
            break
        if window.view.page == "race":
            before = len(window.match.actions)
            race_by_keys(window, rng)
            assert isinstance(window.match.actions[before], RaceResult)
            raced = True
        else:
            play_step(window, rng)
    assert raced, "no lightning storm or column of fire in the whole game"
    assert window.match.is_over and window.view.page == "over"
    assert window.match.state.activated[:2] == ("lightning", "fire")
