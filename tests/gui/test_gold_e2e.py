"""A Fistful of Gold through the main window: a hot-seat game from the start page, saved
mid-duel, reopened, undone and finished; and a game against the computer.

Only the dialogs are answered by the test; everything else is clicks on widgets and menu actions.
"""
from __future__ import annotations

import msgspec
import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from core.game import actor_players, with_computers
from core.gold.cards import HIDDEN
from core.gold.game import GAME, Play
from gui.gold.view import GoldView
from gui.main_window import MainWindow
from gui.new_game import NewGameDialog
from tests.gui.drivers.gold import drive
from tests.gui.window_helpers import click_new_game
from tests.gui.window_helpers import new_window as _new_window

GAME_ID = "fistful-of-gold"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))


def new_window(qtbot, monkeypatch, save_path) -> MainWindow:
    return _new_window(qtbot, monkeypatch, save_path, size=(1280, 860))


def accept_default_dialog(window: MainWindow, game_id: str):
    """The New Game dialog with its default options, only a seed typed in."""
    dialog = NewGameDialog(game_id, window)
    QTest.keyClicks(dialog.seed_edit, "77")
    QTest.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    return dialog.result_value()


def play_step(window: MainWindow) -> None:
    """One gesture: lift the curtain, or discard / play the first card the view offers."""
    view: GoldView = window.view
    if view.page == "curtain":
        drive(view).reveal_curtain()
        return
    seat = drive(view).choosing()[0]
    if window.match.state.phase == "discard":
        drive(view).discard(seat, sorted(window.match.state.hands[seat])[-2:])
    else:
        drive(view).click_card(seat, drive(view).playable_cards(seat)[-1])


def test_hot_seat_game_from_the_start_page_saved_reopened_undone_and_finished(qtbot, monkeypatch, tmp_path):
    save_path = tmp_path / "saloon.battlebox.json"
    window = new_window(qtbot, monkeypatch, save_path)
    monkeypatch.setattr(window, "ask_new_game", lambda game_id: accept_default_dialog(window, game_id))
    click_new_game(window, GAME_ID)
    match = window.match
    assert match.game_id == GAME_ID and match.seed == 77
    assert match.setup == GAME.default_setup()
    assert isinstance(window.view, GoldView) and window.view.page == "curtain"

    # Play into round 2, then stop right after Red chose a card in secret.
    for _ in range(300):
        play_step(window)
        m = window.match
        if m.state.round >= 2 and m.actions and isinstance(m.actions[-1], Play) \
                and m.state.pending[0] is not None:
            break
    assert window.match.state.pending[0] is not None and window.match.state.round >= 2
    assert window.match.can_undo
    window.save_as_action.trigger()
    assert save_path.exists() and not window.errors
    saved = window.match.actions
    window.close()

    reopened = new_window(qtbot, monkeypatch, save_path)
    reopened.open_action.trigger()
    assert not reopened.errors and reopened.match.actions == saved
    view = reopened.view
    assert view.page == "curtain" and view.curtain.name == "Green"
    assert reopened.undo_action.isEnabled()
    reopened.undo_action.trigger()
    assert reopened.match.actions == saved[:-1]
    assert reopened.match.state.pending == (None, None)
    assert reopened.view.page == "curtain" and reopened.view.curtain.name == "Red"

    for _ in range(600):
        if reopened.match.is_over:
            break
        play_step(reopened)
    match = reopened.match
    assert match.is_over and match.result.placings and match.game.result_text(match.state)
    assert reopened.view.page == "over"
    assert reopened.view.winner.summary.text() == match.game.result_text(match.state)
    if not match.result.draw:
        (w,) = match.result.winners
        assert match.state.badges[w] >= match.state.badges[1 - w]
    drive(reopened.view).back_to_start()
    assert reopened.stack.currentWidget() is reopened.start_page


@pytest.mark.parametrize("computer", [0, 1])
def test_a_game_against_the_computer_to_the_end(qtbot, monkeypatch, tmp_path, computer):
    window = new_window(qtbot, monkeypatch, tmp_path / "vs-computer.json")
    setup = with_computers(msgspec.structs.replace(GAME.default_setup(), badges_to_win=3), {computer: "easy"})
    assert window.start_new_game(GAME_ID, setup, 5)
    human = 1 - computer
    for _ in range(300):
        qtbot.waitUntil(lambda: window.match.is_over or human in actor_players(window.match.actor))
        if window.match.is_over:
            break
        view = window.view
        assert view.page == "table", "no curtain against the computer"
        assert drive(view).choosing() == (human,)
        assert HIDDEN in view.match.view(human).hands[computer], "the view is the human's"
        play_step(window)
    match = window.match
    assert match.is_over and not window.errors
    qtbot.waitUntil(lambda: window.view.page == "over")
    assert {a.player for a in match.actions} == {0, 1}
    assert max(match.state.badges) >= 3 or "ran out" in match.game.result_text(match.state)
