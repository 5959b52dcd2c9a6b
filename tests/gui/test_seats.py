"""Edit → Seats…: a seat handed to the computer mid-game, or taken over from it, in the window."""
from __future__ import annotations

import random

import pytest

from core.errors import IllegalSetup
from core.game import CHANCE, actor_players
from core.match import Match
from gui.seats_dialog import SeatsDialog
from tests.gui.drivers.hints import start_with_seats
from tests.gui.drivers.window import WindowDriver
from tests.gui.window_helpers import new_window
from tests.saves.make_saves import play
from tests.gui.workers import workers_done  # noqa: F401 (autouse: searches end with each test)


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    return new_window(qtbot, monkeypatch, tmp_path / "seats.battlebox.json")


def seats_action(window):
    return WindowDriver(window).menu_action("Edit", "Seats…")


def change(monkeypatch, window, levels) -> None:
    """Edit → Seats…, answered with `levels` as the dialog would answer."""
    monkeypatch.setattr(window, "ask_seats", lambda match: levels)
    seats_action(window).trigger()


def human_move(window, seat: int, rng: random.Random) -> None:
    match = window.match
    action = next(a for a in (match.legal_actions() or []) if getattr(a, "player", seat) == seat)
    assert window.controller.apply(action)


def test_a_seat_handed_to_the_computer_plays_on_and_is_saved(qtbot, monkeypatch, window, tmp_path) -> None:
    start_with_seats(monkeypatch, window, "fistful-of-gold", {0: None, 1: None})
    rng = random.Random(2)
    for seat in (0, 1):
        human_move(window, seat, rng)
    before = window.match
    assert window.view.stack.currentWidget() is window.view.curtain  # two people share the screen
    change(monkeypatch, window, {0: None, 1: "easy"})
    assert window.match is not before and window.match.actions == before.actions
    assert window.match.setup.players[1].computer == "easy"
    assert window.view.stack.currentWidget() is not window.view.curtain  # nobody to hide from now
    assert "Green's seat is played by the computer (Easy) from here." in window.log_view.toPlainText()
    assert window.statusBar().currentMessage() == "Green's seat is played by the computer (Easy) from here."
    assert window.windowTitle().endswith("*")
    human_move(window, 0, rng)
    qtbot.waitUntil(lambda: window.match.steps >= 4, timeout=10000)  # the computer chose its card
    assert window.save()
    assert window.open_file(tmp_path / "seats.battlebox.json")
    reopened = window.match
    assert reopened.setup.players[1].computer == "easy" and [r.seat for r in reopened.reseats] == [1]
    lines = window.log_view.toPlainText().splitlines()
    assert lines.index("Green's seat is played by the computer (Easy) from here.") == 2  # after its step


def test_a_player_takes_over_the_computers_seat(qtbot, monkeypatch, window) -> None:
    start_with_seats(monkeypatch, window, "fistful-of-gold", {0: None, 1: "easy"})
    assert window.view.stack.currentWidget() is not window.view.curtain
    change(monkeypatch, window, {1: None})
    match = window.match
    assert [p.computer for p in match.setup.players] == [None, None]
    assert window.view.stack.currentWidget() is window.view.curtain  # the discards are secret again
    assert not window.view.thinking.isVisible()
    assert "Green's seat is played by a person from here." in window.log_view.toPlainText()


def test_the_dialog_offers_new_games_choices_for_every_seat(qtbot, window) -> None:
    match = Match.new("impact", seed=1)
    dialog = SeatsDialog(match, window)
    qtbot.addWidget(dialog)
    assert len(dialog.combos) == len(match.setup.players)
    assert [dialog.combos[0].itemText(i) for i in range(dialog.combos[0].count())] == \
        ["Human", "Easy", "Normal", "Strong"]
    dialog.combos[2].setCurrentIndex(dialog.combos[2].findText("Strong"))
    assert dialog.levels() == {0: None, 1: None, 2: "strong"}


def test_nothing_changes_when_the_player_cancels_or_keeps_the_seats(monkeypatch, window) -> None:
    start_with_seats(monkeypatch, window, "throwdown", {})
    match = window.match
    change(monkeypatch, window, None)
    change(monkeypatch, window, {0: None, 1: None, 2: None})
    assert window.match is match and not window.windowTitle().endswith("*")


def test_a_refused_change_keeps_the_game(qtbot, monkeypatch, window) -> None:
    start_with_seats(monkeypatch, window, "domination", {0: None, 1: "easy"})
    match = window.match

    def refuse(self, levels, progress=None):
        raise IllegalSetup("These seats are refused.")

    monkeypatch.setattr(Match, "reseated", refuse)
    change(monkeypatch, window, {0: "easy", 1: "easy"})
    assert window.errors == ["These seats are refused."]
    assert window.match is match and window.view is not None


def test_seats_cannot_change_without_a_game_or_after_it(monkeypatch, window) -> None:
    action = seats_action(window)
    assert not action.isEnabled() and action.toolTip() == "No game is open."
    start_with_seats(monkeypatch, window, "throwdown", {})
    assert action.isEnabled()
    rng = random.Random(4)
    match = window.match
    while not match.is_over:
        window.controller.play_chance() if match.actor == CHANCE else \
            window.controller.apply(match.random_action(rng))
    assert not action.isEnabled() and action.toolTip() == "The game is over."
    assert actor_players(match.actor) == ()


def test_several_seats_change_at_once(qtbot, monkeypatch, window) -> None:
    start_with_seats(monkeypatch, window, "throwdown", {})
    change(monkeypatch, window, {1: "easy", 2: "normal"})
    assert [p.computer for p in window.match.setup.players] == [None, "easy", "normal"]
    assert window.statusBar().currentMessage() == "2 seats changed hands; the log says who plays them now."
    log = window.log_view.toPlainText()
    assert "Player 2's seat is played by the computer (Easy) from here." in log
    assert "Player 3's seat is played by the computer (Normal) from here." in log


def test_with_every_seat_handed_over_the_hint_says_how_to_take_one_back(qtbot, monkeypatch, window) -> None:
    from gui import storage
    from tests.gui.drivers.hints import HintDriver, set_hints

    monkeypatch.setenv(storage.ENV_COMPUTER_SPEED, "Slow")  # the game is still on when it is looked at
    start_with_seats(monkeypatch, window, "domination", {0: None, 1: "easy"})
    set_hints(window, True)
    change(monkeypatch, window, {0: "easy"})
    hints = HintDriver(window.view)
    assert not hints.can_ask() and not window.match.is_over
    assert hints.button().toolTip().startswith("The computer plays every seat: Edit \u2192 Seats\u2026")


def test_a_replay_shows_seat_changes_as_they_came_and_a_what_if_saves(qtbot, monkeypatch, window, tmp_path) -> None:
    from tests.gui.drivers.replay import ReplayDriver

    rng = random.Random(6)
    match = play(Match.new("throwdown", seed=6), rng, stop=lambda m: m.steps >= 6).reseated({1: "easy"})
    match = play(match, rng, stop=lambda m: m.steps >= 9).reseated({1: None})
    match = play(match, rng, stop=lambda m: m.steps >= 12)
    saved = tmp_path / "seats.battlebox.json"
    match.save(saved)
    d = ReplayDriver(window)
    d.open_as_replay()
    assert d.on_screen and seats_action(window).toolTip().startswith("A replay cannot change its seats")
    line = "Player 2's seat is played by the computer (Easy) from here."
    d.drag_to(4)
    assert d.step() == 4 and "seat is played by" not in window.log_view.toPlainText()
    d.last()
    assert line in window.log_view.toPlainText()
    d.drag_to(4)
    d.continue_here()
    what_if = window.match
    assert not window.controller.replaying and [(r.step, r.seat, r.computer) for r in what_if.reseats] == [(4, 1, None)]
    monkeypatch.setattr(window, "ask_save_path", lambda suggested: str(tmp_path / "what-if.battlebox.json"))
    assert window.save_as() and window.open_file(tmp_path / "what-if.battlebox.json")
    assert window.match.reseats == what_if.reseats and not window.errors


def test_a_hint_used_before_the_change_stays_in_the_log(qtbot, monkeypatch, tmp_path) -> None:
    from tests.gui.drivers.hints import asked

    window, _view, _hints = asked(qtbot, monkeypatch, tmp_path, "fistful-of-gold")
    before = [line for line in window.log_view.toPlainText().splitlines() if line.startswith("Hint for Red")]
    assert before
    monkeypatch.setattr(window, "ask_seats", lambda match: {1: "normal"})
    seats_action(window).trigger()
    assert window.match.setup.players[1].computer == "normal"
    log = window.log_view.toPlainText().splitlines()
    assert [line for line in log if line.startswith("Hint for Red")] == before


def test_the_computer_holds_still_while_the_seats_are_chosen(qtbot, monkeypatch, window) -> None:
    start_with_seats(monkeypatch, window, "domination", {0: "easy", 1: "easy"})
    match = window.match
    seen: list[int] = []

    def ask(m):
        before = m.steps
        qtbot.wait(300)  # the dialog's own event loop runs: no computer move lands meanwhile
        seen.append(m.steps - before)
        return None

    monkeypatch.setattr(window, "ask_seats", ask)
    seats_action(window).trigger()
    assert seen == [0] and window.match is match
    steps = match.steps
    qtbot.waitUntil(lambda: match.steps > steps, timeout=10000)  # cancelled: the computers play on
