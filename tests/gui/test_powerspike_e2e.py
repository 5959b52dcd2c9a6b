"""A Power Spike battle played through the window: start page card, New Game dialog, then
only the view's click helpers (deploy, draw, activate, drag, fire, hold/retreat, strike).

The players close in and fire: each activation fires at the nearest enemy in range, or else
drags the unit towards the nearest enemy. Only the file dialogs are answered by the test.
"""
from __future__ import annotations

import math
import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QComboBox, QPushButton

from core.powerspike import game as ps
from core.powerspike.game import GAME
from gui.main_window import MainWindow
from gui.new_game import NewGameDialog
from gui.start_page import GameCard
from tests.gui.drivers.powerspike import drive
from tests.gui.skip_ahead import near_the_end

pytestmark = pytest.mark.gui
MAX_GESTURES = 4000


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))


def registered() -> bool:
    from core import registry

    return registry.INFO["power-spike"].available


def new_window(qtbot, monkeypatch, save_path) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    errors: list[str] = []
    monkeypatch.setattr(window, "show_error", lambda title, text: errors.append(text))
    monkeypatch.setattr(window, "ask_save_path", lambda suggested: str(save_path))
    monkeypatch.setattr(window, "ask_open_path", lambda: str(save_path))
    monkeypatch.setattr(window, "confirm_discard", lambda: "discard")
    window.errors = errors
    window.resize(1280, 800)
    window.show()
    return window


def choose(combo: QComboBox, data: object) -> None:
    index = combo.findData(data)
    assert index >= 0, f"{data!r} is not offered"
    combo.setCurrentIndex(index)


def start_from_card(window: MainWindow, monkeypatch, names: tuple[str, str], rosters: tuple[str, str],
                    seed: int) -> None:
    def answer(gid: str):
        dialog = NewGameDialog(gid, window)
        for edit, name in zip(dialog.name_edits, names):
            edit.selectAll()
            QTest.keyClicks(edit, name)
        choose(dialog.value_inputs["cdc_roster"], rosters[0])
        choose(dialog.value_inputs["scs_roster"], rosters[1])
        QTest.keyClicks(dialog.seed_edit, str(seed))
        QTest.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
        return dialog.result_value()

    monkeypatch.setattr(window, "ask_new_game", answer)
    card = next(c for c in window.findChildren(GameCard) if c.info.id == "power-spike")
    button = next(b for b in card.findChildren(QPushButton) if b.text() == "New game")
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    assert window.match is not None and window.match.game_id == "power-spike", window.errors
    assert (window.match.setup.cdc_roster, window.match.setup.scs_roster) == rosters


def nearest_enemy(state, uid: str) -> tuple[str, float] | None:
    me = GAME.unit_tray(state, uid)
    side = state.unit(uid).side
    best = None
    for u in state.units:
        if u.side != side and u.on_table and u.placed:
            d = math.dist(me.centre, GAME.unit_tray(state, u.id).centre)
            if best is None or d < best[1]:
                best = (u.id, d)
    return best


def closing_move(state, uid: str) -> tuple[float, float] | None:
    """A legal end position towards the nearest enemy (the engine judges each try)."""
    found = nearest_enemy(state, uid)
    if found is None:
        return None
    me = GAME.unit_tray(state, uid)
    goal = GAME.unit_tray(state, found[0]).centre
    reach = ps.profile(state.unit(uid)).move - 0.6
    gap = found[1]
    heading = math.atan2(goal[1] - me.centre[1], goal[0] - me.centre[0])
    for turn in (0.0, 0.4, -0.4, 0.8, -0.8, 1.3, -1.3):
        for frac in (1.0, 0.7, 0.45, 0.25):
            length = min(reach, max(gap - 3.5, 0.8)) * frac
            x = me.centre[0] + math.cos(heading + turn) * length
            y = me.centre[1] + math.sin(heading + turn) * length
            if not GAME.move_problems(state, uid, x, y, me.facing_deg):
                return x, y
    return None


def play_gesture(view, rng: random.Random) -> str:
    """One gesture by whoever acts, on the screen that shows; returns what it did."""
    state = view.match.state
    phase = state.phase
    if phase == "deploy":
        drive(view).deploy_one()
        return "deploy"
    if phase in ("draw", "combat"):
        drive(view).draw()
        return phase
    if phase == "activate":
        ok = [u for u in GAME.activatable(state)]
        if not ok:
            drive(view).end_go()
            return "end go"
        ok.sort(key=lambda u: (nearest_enemy(state, u) or ("", 1e9))[1])
        drive(view).activate(ok[0])
        return "activate"
    if phase == "act":
        act = state.activation
        uid = act.unit
        if not act.fired:
            targets = GAME.fire_targets(state, (uid,))
            if targets:
                target = min(targets, key=lambda t: len(state.unit(t).figures))
                pool = [a for a in drive(view).poolable() if target in GAME.fire_targets(state, (a,))]
                drive(view).fire((uid, *pool[:1]), target)
                return "fire"
        if not act.moved:
            spot = closing_move(state, uid)
            if spot is not None:
                drive(view).drag_unit(uid, *spot)
                if view.match.state is not state:
                    return "move"
        drive(view).end_activation()
        return "end activation"
    if phase == "loss":
        if view.combat.retreat_button.isEnabled() and rng.random() < 0.3:
            drive(view).retreat()
            return "retreat"
        drive(view).hold()
        return "hold"
    if phase == "oas":
        p = view.read.acting_player()
        enemies = [u.id for u in state.units if u.on_table and ps.seat_of(u) != p]
        drive(view).strike(enemies[0])
        return "strike"
    raise AssertionError(f"no gesture for phase {phase}")


def play_until(view_of, rng: random.Random, done, what: str) -> list[str]:
    gestures: list[str] = []
    for _ in range(MAX_GESTURES):
        if done():
            return gestures
        view = view_of()
        before = len(view.match.actions)
        kind = play_gesture(view, rng)
        gestures.append(kind)
        # Firing is two actions when the target was not aimed at yet (Aim, then Fire).
        applied = len(view.match.actions) - before
        assert applied == 1 or (kind == "fire" and applied == 2 and isinstance(view.match.actions[-2], ps.Aim)), \
            f"the {kind} gesture in phase {view.match.state.phase} did not apply: {drive(view).refusal()}"
    raise AssertionError(f"{what} did not happen within {MAX_GESTURES} gestures; last gestures "
                         f"{gestures[-12:]}, phase {view_of().match.state.phase}")


@pytest.mark.skipif(not registered(), reason="power-spike is not registered in core/registry.py yet")
def test_a_power_spike_battle_saved_reopened_undone_and_won(qtbot, monkeypatch, tmp_path):
    save_path = tmp_path / "spike.battlebox.json"
    window = new_window(qtbot, monkeypatch, save_path)
    start_from_card(window, monkeypatch, ("Ada", "Bram"), ("cdc-small-mag-lev", "scs-small-robo-cavalry"), 99)
    rng = random.Random(99)
    assert window.view.page == "board"
    gestures = play_until(lambda: window.view, rng,
                          lambda: sum(isinstance(a, ps.CombatDraw) for a in window.match.actions) >= 2
                          and window.match.state.phase == "act" and not window.match.state.activation.moved,
                          "two combats and a move to undo")
    assert "deploy" in gestures and "fire" in gestures
    uid = window.match.state.activation.unit
    spot = closing_move(window.match.state, uid)
    assert spot is not None
    drive(window.view).drag_unit(uid, *spot)
    assert isinstance(window.match.actions[-1], ps.Move), drive(window.view).refusal()
    window.save_as_action.trigger()
    assert save_path.exists() and not window.errors
    saved_actions, saved_log = window.match.actions, window.match.log
    window.close()

    reopened = new_window(qtbot, monkeypatch, save_path)
    reopened.open_action.trigger()
    assert not reopened.errors
    assert reopened.match.actions == saved_actions and reopened.match.log == saved_log
    assert reopened.undo_action.isEnabled()
    reopened.undo_action.trigger()
    assert reopened.match.actions == saved_actions[:-1]
    assert not reopened.match.state.activation.moved, "the undone move may be made again"
    assert reopened.view.tabletop.markers[uid].centre != (saved_actions[-1].x, saved_actions[-1].y)

    play_until(lambda: reopened.view, rng, lambda: len(reopened.match.actions) >= len(saved_actions),
               "a gesture after the undo")
    near_the_end(reopened, save_path, 99, 25)
    assert not reopened.match.is_over
    gestures = play_until(lambda: reopened.view, rng, lambda: reopened.match.is_over, "the end of the battle")
    assert "fire" in gestures
    result = reopened.match.result
    assert reopened.view.page == "over"
    assert reopened.match.game.result_text(reopened.match.state) in reopened.view.over.summary.text()
    state = reopened.match.state
    if not state.setup.passes_limit:
        assert len(result.winners) == 1
        loser = ps.SIDES[1 - result.winners[0]]
        assert not state.living(loser)
    tallies = reopened.scores_dock.widget().tallies
    assert [t.units_left for t in tallies] == [len(state.living(s)) for s in ps.SIDES]
