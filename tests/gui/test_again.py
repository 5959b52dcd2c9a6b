"""Play Again: the winner page's button and File → Play Again start the same setup afresh."""
from __future__ import annotations

import random

import msgspec
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from core import registry
from core.game import with_computers
from core.match import Match
from gui.controller import MatchController
from tests.gui.drivers.hints import start_with_seats
from tests.gui.drivers.window import WindowDriver
from tests.gui.window_helpers import new_window
from tests.saves.make_saves import play
from tests.gui.workers import workers_done  # noqa: F401 (autouse: searches end with each test)


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    return new_window(qtbot, monkeypatch, tmp_path / "again.battlebox.json")


def again_action(window):
    return WindowDriver(window).menu_action("File", "Play Again")


def named(setup, names: list[str]):
    """`setup` with its seats renamed, so a test can tell it from the game's default."""
    players = tuple(msgspec.structs.replace(p, name=n) for p, n in zip(setup.players, names))
    return msgspec.structs.replace(setup, players=players)


def finished_in(window, game_id: str, seed: int) -> Match:
    setup = named(registry.get(game_id).default_setup(), ["Ann", "Bo", "Cy", "Di"])
    match = play(Match.new(game_id, setup, seed), random.Random(seed))
    assert window._install(MatchController(match))
    return match


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_every_winner_page_plays_the_same_setup_again(qtbot, window, game_id) -> None:
    old = finished_in(window, game_id, seed=5)
    assert window.view.page == "over"
    button = window.view.findChild(QPushButton, "playAgain")
    assert button is not None and button.isVisibleTo(window), "the winner page offers Play again"
    assert button.toolTip() == "A new game with the same players, seats and options"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    new = window.match
    assert new is not old and new.setup == old.setup and not new.actions and not new.is_over
    assert window.view.page != "over"
    names = [p.name for p in old.setup.players]
    assert window.statusBar().currentMessage().startswith(f"A new game of {old.game.title} for {names[0]}")
    assert window.statusBar().currentMessage().endswith(f"{names[-1]}.")
    assert not window.errors


def test_play_again_draws_a_new_seed(window) -> None:
    old = finished_in(window, "throwdown", seed=5)
    seeds = set()
    for _ in range(3):
        assert again_action(window).isEnabled()
        again_action(window).trigger()
        seeds.add(window.match.seed)
        assert window.match.setup == old.setup
    assert len(seeds | {old.seed}) > 1  # 31 random bits each: four equal seeds would be a bug


def test_play_again_keeps_the_seats_of_today(monkeypatch, window) -> None:
    start_with_seats(monkeypatch, window, "fistful-of-gold", {0: None, 1: None})
    monkeypatch.setattr(window, "ask_seats", lambda match: {0: None, 1: "easy"})
    WindowDriver(window).menu_action("Edit", "Seats…").trigger()
    assert window.match.reseats
    again_action(window).trigger()
    assert window.match.setup.players[1].computer == "easy" and not window.match.reseats
    assert window.match.setup == with_computers(registry.get("fistful-of-gold").default_setup(), {1: "easy"})


def test_unsaved_changes_are_asked_about_and_cancel_keeps_the_game(monkeypatch, window) -> None:
    start_with_seats(monkeypatch, window, "throwdown", {})
    match = play(window.match, random.Random(3), stop=lambda m: m.steps >= 4)
    window.controller.dirty = True  # as a move made through the window leaves it
    asked = []
    monkeypatch.setattr(window, "confirm_discard", lambda: asked.append(1) or "cancel")
    again_action(window).trigger()
    assert asked and window.match is match and window.match.steps >= 4
    monkeypatch.setattr(window, "confirm_discard", lambda: "discard")
    again_action(window).trigger()
    assert window.match is not match and not window.match.actions


def test_play_again_is_greyed_without_a_game_and_says_why(window) -> None:
    action = again_action(window)
    assert not action.isEnabled() and action.toolTip() == "No game is open."
    window.start_new_game("impact", seed=2)
    assert action.isEnabled() and action.toolTip() == "A new game with the same players, seats and options"
    window.close_game()
    assert not action.isEnabled()


def test_ctrl_shift_n_plays_again_and_help_keyboard_lists_it(qtbot, window) -> None:
    from gui.keyboard_help import action_keys

    qtbot.waitUntil(lambda: bool(window.again_action.shortcuts()), timeout=5000)
    assert ("Ctrl+Shift+N", "Play Again") in action_keys([window.again_action])
    old = finished_in(window, "impact", seed=4)
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.match is not old and window.match.setup == old.setup and not window.match.actions
