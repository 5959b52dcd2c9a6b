"""Replays in the main window: open a save as a replay, step, jump, play, refuse the board, and
continue from a step as a new game while the replayed file stays as it was."""
from __future__ import annotations

import random
import shutil
from pathlib import Path

import msgspec
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QTextBrowser

from core.match import Match
from gui.kit.game_view import REPLAY_REFUSAL
from gui.replay import open_replay, open_replay_bytes
from tests.gui.drivers.replay import ReplayDriver
from tests.gui.drivers.window import new_window
from tests.gui.layout_check import cut_text, rect_in
from tests.saves.make_saves import play

SAVES = Path(__file__).resolve().parents[1] / "saves" / "0.1.0"


@pytest.fixture
def save(tmp_path) -> Path:
    """A finished two-player Domination game, with secret fistful picks along the way."""
    path = tmp_path / "final.battlebox.json"
    shutil.copy(SAVES / "domination-finished.battlebox.json", path)
    return path


@pytest.fixture
def window(qtbot, monkeypatch, save):
    return new_window(qtbot, monkeypatch, save)


def test_open_step_jump_play_and_continue_from_here(qtbot, window, save):
    original = save.read_bytes()
    d = ReplayDriver(window)
    d.open_as_replay()
    assert d.on_screen and window.windowTitle().startswith("Replay — Domination!")
    assert d.position() == "Step 0 of 45" and not window.errors
    assert not window.save_action.isEnabled() and not window.save_as_action.isEnabled()

    d.forward()
    d.forward()
    assert d.step() == 2 and window.match.steps == 2
    d.back()
    assert d.step() == 1
    d.last()
    assert d.step() == 45 and window.match.is_over and window.view.page == "over"
    d.first()
    assert d.step() == 0
    d.drag_to(13)  # a secret pick is due: the spectator sees no curtain and no seat's hand
    assert d.step() == 13 and window.match.game.secret(window.match.state) is not None
    assert window.view.page != "curtain" and window.view.viewer() is None
    assert window.match.state.armies == ((), ()) and window.controller.replay.state_at(13).armies[0]
    d.go_to_turn(5)
    assert window.match.steps == window.controller.replay.turn_starts[4] and d.turn() == 5
    log = window.log_view.toPlainText().splitlines()  # the log, cut back and written on, shows the steps so far
    assert log == [f"{i}. {line}" for i, line in enumerate(window.match.log, start=1)] and len(log) == d.step()

    d.activate_window()
    d.forward()  # the keys work with the focus on the timeline's buttons (the turn box keeps its own)
    d.press(Qt.Key.Key_End)
    assert d.step() == 45
    d.press(Qt.Key.Key_Home)
    d.press(Qt.Key.Key_Right)
    d.press(Qt.Key.Key_Right)
    d.press(Qt.Key.Key_Left)
    assert d.step() == 1

    d.set_speed("8×")
    d.play()
    qtbot.waitUntil(lambda: d.step() >= 4, timeout=10_000)
    d.press(Qt.Key.Key_Space)
    assert not d.playing()
    shown = d.step()

    assert "Space" in window.show_keyboard_help().findChild(QTextBrowser).toPlainText().split("In a replay")[1]
    window.keyboard_help.close()

    before = window.match.actions
    d.click_board()
    assert d.refusal() == REPLAY_REFUSAL and window.match.actions == before

    d.continue_here()
    match = window.match
    assert not window.controller.replaying and not d.on_screen
    assert match.steps == shown and match.seeded_from == shown and window.controller.dirty
    assert "Untitled" in window.windowTitle() and "Replay" not in window.windowTitle()
    play(match, random.Random(1))  # it plays on, with throws from its own seed
    assert match.is_over and save.read_bytes() == original


def test_a_replay_never_plays_a_computer_seat(qtbot, window, tmp_path):
    game = Match.new("throwdown").game
    setup = game.default_setup(2)
    setup = msgspec.structs.replace(setup, players=(setup.players[0],
                                                    msgspec.structs.replace(setup.players[1], computer="easy")))
    match = play(Match.new("throwdown", setup, seed=3), random.Random(3))
    assert open_replay(window, match, "computer game")
    d = ReplayDriver(window)
    for _ in range(12):
        d.forward()
        assert not d.find("computerThinking").isVisibleTo(window)
        assert window.match.actions == match.actions[:d.step()]


def test_ledger_bytes_open_and_a_broken_save_says_why(window):
    """A Clout match: its view hides the stacks itself (nobody's seat is in front of a replay)."""
    data = (SAVES / "clout-midgame.battlebox.json").read_bytes()
    assert open_replay_bytes(window, data, "Ledger: Clout, 2 Dec")
    d = ReplayDriver(window)
    assert d.on_screen and "Ledger: Clout, 2 Dec" in window.windowTitle()
    d.last()
    assert not d.find("stackTitle").isVisibleTo(window) and not window.controller.public
    timeline = d.find("replayTimeline")
    for size in ((800, 560), (1024, 640), (1280, 800), (2560, 1440)):  # one row or two: nothing cut
        window.resize(*size)
        QApplication.processEvents()
        assert cut_text(window, timeline) == [] and window.rect().contains(rect_in(timeline, window)), size
    assert not open_replay_bytes(window, b'{"format": "battlebox-save", "version": 2', "broken match")
    assert window.errors and "broken match" in window.errors[-1]
    assert ReplayDriver(window).on_screen  # the replay already open stays


def test_a_solitaire_replay_reaching_its_end_writes_no_personal_best(qtbot, monkeypatch, tmp_path):
    from gui.solitaire.bests import bests_path

    path = tmp_path / "solitaire.battlebox.json"
    shutil.copy(SAVES / "solitaire-finished.battlebox.json", path)
    window = new_window(qtbot, monkeypatch, path)
    d = ReplayDriver(window)
    d.open_as_replay()
    d.last()
    assert window.match.is_over and window.view.page == "over"
    assert not bests_path().exists()


@pytest.mark.parametrize("button", ["playAgain", "backToStart"])
def test_at_its_end_a_replay_s_winner_page_buttons_work(qtbot, window, save, button):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QPushButton

    d = ReplayDriver(window)
    d.open_as_replay()
    replayed = window.match.setup
    d.last()
    assert window.view.page == "over"
    qtbot.mouseClick(window.view.findChild(QPushButton, button), Qt.MouseButton.LeftButton)
    assert not window.view.refusal.isVisible(), "the way out is not a move on the replayed table"
    if button == "playAgain":
        assert not window.controller.replaying and not window.match.actions and window.match.setup == replayed
    else:
        assert window.stack.currentWidget() is window.start_page


def test_a_jump_lands_no_throw_and_a_step_onto_one_lands_it(qtbot, monkeypatch, tmp_path):
    """Jumping past a battle's throw (as the review's "Show in replay" does) showed that throw's
    "the fighters land" banner over the position after it."""
    from core.fistful.battle_state import BattleThrow
    from gui.replay.controller import ReplayHost

    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "1")  # the throw may land visibly here
    window = new_window(qtbot, monkeypatch, tmp_path / "jump.battlebox.json")
    match = play(Match.new("domination", None, 5), random.Random(5))
    assert open_replay(window, match, "arena.battlebox.json")
    host, view = window.view.findChild(ReplayHost), window.view
    throws = [s for s, a in enumerate(match.actions) if isinstance(a, BattleThrow)]
    later = throws[2] + 3  # the loser's removal and the next fistful came after that throw
    host.go(later)
    assert "the fighters land" not in view.banner.text()
    host.go(throws[3])
    host.go(throws[3] + 1)  # one step forward, onto the throw: it lands before the players' eyes
    assert view.banner.text().endswith("the fighters land") or view.panel.landing


def test_an_impact_jump_flies_no_die_in_and_a_step_onto_a_landing_does(qtbot, monkeypatch, tmp_path):
    """A jump onto a landing (the review's Decision buttons make many) had the dice already in the
    cauldron fly in from outside it; a redraw at the same step flew them in again too."""
    from core.impact.game import Landing
    from gui.replay.controller import ReplayHost
    from tests.gui.drivers.impact import ImpactDriver

    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "1")
    window = new_window(qtbot, monkeypatch, tmp_path / "impact.battlebox.json")
    match = play(Match.new("impact", None, 4), random.Random(4))
    assert open_replay(window, match, "cauldron.battlebox.json")
    host, view = window.view.findChild(ReplayHost), window.view
    landings = [s + 1 for s, a in enumerate(match.actions) if isinstance(a, Landing) and a.faces]
    onto = next(s for s in landings[2:] if match.state_at(s).cauldron and not match.state_at(s).taken)
    host.go(onto)
    assert view.page == "board" and not ImpactDriver(window).dice_in_flight(), "jumped onto: nothing flies"
    host.go(onto - 1)
    host.go(onto)  # stepped onto: the dice thrown fly in
    driver = ImpactDriver(window)
    assert driver.dice_in_flight()
    qtbot.waitUntil(lambda: not driver.dice_in_flight(), timeout=5000)
    view.refresh()
    assert not ImpactDriver(window).dice_in_flight(), "a redraw at the same step does not throw them again"


def test_a_clout_jump_flies_no_chip_and_a_step_onto_a_landing_does(qtbot, monkeypatch, tmp_path):
    """A jump onto a landing showed the chip flying in and "Your throw is landing" over the step."""
    from core.clout.game import Landed
    from gui.replay.controller import ReplayHost

    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "1")
    window = new_window(qtbot, monkeypatch, tmp_path / "clout.battlebox.json")
    match = play(Match.new("clout", None, 4), random.Random(4))
    assert open_replay(window, match, "area.battlebox.json")
    host, view = window.view.findChild(ReplayHost), window.view
    flown = None
    for step in (s + 1 for s, a in enumerate(match.actions) if isinstance(a, Landed) and not a.out):
        host.go(step - 1)
        host.go(step)  # stepped onto: the throw flies and lands
        if view.canvas.animating:
            flown = step
            break
    assert flown is not None, "a step onto some landing shows it flying"
    view.canvas.skip_animation()
    assert open_replay(window, match, "area.battlebox.json")  # afresh, at step 0
    host, view = window.view.findChild(ReplayHost), window.view
    host.go(flown)
    assert not view.canvas.animating and "landing" not in view.how.text(), "jumped onto: it stands"
