"""Whole Clout Fantasy games played through the play view with real clicks and drags only.

`step` looks at the screen's question (curtain, stack, prompt, movement destination) and
answers it with the view's click helpers, choosing at random among what the screen offers;
the engine alone says what is legal. A game must reach the winner screen, and the score the
screen shows must be the engine's.
"""
from __future__ import annotations

import math
import random

import msgspec
import pytest
from PySide6.QtWidgets import QApplication

from core import registry
from core.clout import game as cg
from core.match import Match
from gui.clout.play_view import CloutPlayView
from gui.controller import MatchController
from tests.gui.drivers.clout import drive
from tests.gui.drivers.clout_canvas import click_area, click_chip, drag_chip

pytestmark = pytest.mark.gui
MAX_STEPS = 1500


@pytest.fixture(autouse=True)
def no_animations(monkeypatch, tmp_path):
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "0")
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))


def open_view(qtbot, match: Match) -> CloutPlayView:
    view = CloutPlayView(MatchController(match))
    qtbot.addWidget(view)
    view.resize(1000, 760)
    view.show()
    qtbot.waitExposed(view)
    return view


def free_point_near(view: CloutPlayView, slot: cg.Slot, mover: str, rng: random.Random):
    """A destination the engine accepts, judged at the spot a drag there really ends on."""
    board = view.game.board(view.state)
    cx, cy = board.pos(mover)
    limit = slot.value * board.increment(board.controller(slot.source))
    for _ in range(60):
        r, t = rng.uniform(0, limit * 0.8), rng.uniform(0, 2 * math.pi)
        x, y = cx + r * math.cos(t), cy + r * math.sin(t)
        targets = () if slot.ability == "move" else (mover,)
        if not view._legal(cg.Choose(slot.decider, slot.id, True, targets, x, y)):
            return x, y
    return None


def step(view: CloutPlayView, rng: random.Random) -> str:
    """One gesture (or a short series) that answers what the screen asks now; returns what it did."""
    QApplication.processEvents()
    if drive(view).curtain_up():
        drive(view).reveal_curtain()
        return "reveal"
    s = view.state
    p = view.acting_player()
    assert p is not None, f"nobody to act in phase {s.phase}"
    if s.phase == "choose":
        ways = view.game.playable(s, p)
        if not ways:
            drive(view).answer("Discard")
            return "discard"
        uid = rng.choice(sorted(ways))
        drive(view).choose_chip(uid)
        assert view.chosen == uid
        if "replace" in ways[uid]:
            targets = [c for c, colour in view.canvas.marks.items()]
            assert targets, "replace offers no chip to replace"
            click_chip(view.canvas, rng.choice(targets))
            return "replace"
        if "place" in ways[uid] and rng.random() < 0.5:
            drive(view).toggle_place()
            for _ in range(40):
                x, y = rng.uniform(10, 90), rng.uniform(10, 90)
                if not view._legal(cg.PlaceChip(p, uid, x, y)):
                    before = len(view.match.actions)
                    click_area(view.canvas, x, y)
                    if len(view.match.actions) > before:
                        return "place"
            drive(view).toggle_place()
        drive(view).throw(rng.uniform(15, 85), rng.uniform(15, 85), rng.choice((0.0, 0.15, 0.3)))
        return "throw"
    if s.phase in ("throw", "precision"):
        if s.phase == "precision" and rng.random() < 0.5:
            drive(view).answer("Keep it here")
            return "keep"
        drive(view).throw(rng.uniform(15, 85), rng.uniform(15, 85), 0.1)
        return "rethrow"
    assert s.phase == "resolve", s.phase
    slot = view.current_slot()
    assert slot is not None
    labels = drive(view).prompt_answers()
    assert view.prompt.isVisible() and view.prompt.question.text()
    if len(view.my_slots()) > 1 and rng.random() < 0.3:
        drive(view).answer("First:")
        return "order"
    if slot.optional and rng.random() < 0.2:
        drive(view).answer("Don't use")
        return "decline"
    name = slot.ability
    if slot.fixed:
        drive(view).answer("Use")
        return "use"
    assert set(slot.options) <= set(view.canvas.marks), "eligible chips are ringed"
    if slot.needs_point:
        mover = slot.source if name == "move" else rng.choice(slot.options)
        spot = free_point_near(view, slot, mover, rng)
        if spot is not None:
            before = len(view.match.actions)
            drag_chip(view.canvas, mover, tuple(spot))
            if len(view.match.actions) > before:
                return name
        assert any(label.startswith("Don't use") for label in labels), "a stuck compulsory move"
        drive(view).answer("Don't use")
        return "decline"
    if name == "reanimate":
        click_chip(view.canvas, rng.choice(slot.options))
        drive(view).answer("Bring back")
        return name
    if name in ("command", "trap", "attract", "repulse"):
        need = min(slot.count, len(slot.options)) if name != "command" else rng.randint(1, min(slot.count,
                                                                                                len(slot.options)))
        for t in rng.sample(slot.options, need):
            click_chip(view.canvas, t)
        drive(view).answer("Confirm")
        return name
    click_chip(view.canvas, rng.choice(slot.options))
    return name


def play_out(view: CloutPlayView, rng: random.Random) -> list[str]:
    done: list[str] = []
    for _ in range(MAX_STEPS):
        if view.match.is_over:
            return done
        before = len(view.match.actions)
        what = step(view, rng)
        done.append(what)
        if what != "reveal" and what != "order":
            assert len(view.match.actions) > before, f"{what} did nothing: {drive(view).refusal()}"
    raise AssertionError(f"no end after {MAX_STEPS} gestures; last: {done[-10:]}")


@pytest.mark.parametrize("seed", [3, 11])
def test_a_whole_game_through_the_view_ends_with_the_engines_score(qtbot, seed):
    match = Match(cg.GAME, cg.GAME.default_setup(), seed)
    view = open_view(qtbot, match)
    scores = view.scores_widget()
    done = play_out(view, random.Random(seed))
    assert "throw" in done and "reveal" in done
    assert view.page == "over"
    totals = cg.GAME.totals(match.state)
    result = match.result
    assert result is not None and view.over.summary.text() == view.game.result_text(view.state)
    shown = [t.total for t in scores.tallies]
    assert shown == list(totals)
    assert all(str(t) in view.over.table.text() for t in totals)
    # every scoring chip of the breakdown is on the winner screen
    for s in cg.GAME.scores(match.state):
        assert view.chip_name(s.uid) in view.over.breakdown.text()


def test_a_table_mode_game_is_entered_by_dragging_where_chips_landed(qtbot):
    setup = msgspec.structs.replace(cg.GAME.default_setup(), mode="table")
    match = Match(cg.GAME, setup, 5)
    view = open_view(qtbot, match)
    rng = random.Random(5)
    landings = 0
    for _ in range(MAX_STEPS):
        if match.is_over:
            break
        if match.state.phase == "land":
            s = match.state
            uid = s.ctx.chip
            assert uid in view.canvas.markers, "the chip in the air waits on the canvas to be dragged"
            for _ in range(50):
                x, y = rng.uniform(10, 90), rng.uniform(10, 90)
                if all(math.dist((x, y), (c.x, c.y)) > 4.5 for c in s.chips):
                    break
            drag_chip(view.canvas, uid, (x, y))
            drive(view).confirm()
            assert match.state.phase != "land", drive(view).refusal()
            here = match.state.on_area(uid)
            assert here is None or math.dist((here.x, here.y), (x, y)) < 0.6
            landings += 1
            continue
        step(view, rng)
    assert match.is_over and view.page == "over"
    assert landings >= 30


def test_registered_game_plays_through_the_window_with_save_reopen_and_undo(qtbot, monkeypatch, tmp_path):
    if "clout" not in registry.GAMES or not registry.INFO["clout"].available:
        pytest.skip("Clout Fantasy is not registered yet (core/registry.py)")
    from gui.views import VIEWS
    from tests.gui.window_helpers import click_new_game, new_window

    assert VIEWS["clout"] == "gui.clout.play_view:CloutPlayView"
    save = tmp_path / "clout.battlebox.json"
    window = new_window(qtbot, monkeypatch, save)
    monkeypatch.setattr(window, "ask_new_game", lambda gid: (cg.GAME.default_setup(), 8))
    click_new_game(window, "clout")
    assert window.match is not None and window.match.game_id == "clout", window.errors
    view = window.view
    assert isinstance(view, CloutPlayView)
    rng = random.Random(8)
    for _ in range(MAX_STEPS):
        step(view, rng)
        if len(window.match.actions) >= 12 and window.match.can_undo and not drive(view).curtain_up():
            break
    assert window.match.can_undo, "a decision to undo"
    window.save_as_action.trigger()
    assert save.exists() and not window.errors
    saved = window.match.actions
    reopened = new_window(qtbot, monkeypatch, save)
    reopened.open_action.trigger()
    assert not reopened.errors and reopened.match.actions == saved
    reopened.undo_action.trigger()
    assert reopened.match.actions == saved[:-1]
    view = reopened.view
    play_out(view, rng)
    assert view.page == "over" and reopened.match.is_over
