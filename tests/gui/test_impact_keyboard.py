"""Impact by keyboard (issue 12): the supplies and the cauldron's dice take the focus, the arrows
walk them, Enter or Space chooses; the buttons answer Enter; the race keys stay the races' own."""
from __future__ import annotations

import msgspec
import pytest
from PySide6.QtCore import Qt

from core.impact.game import GAME, LOOSE, Throw, Tip
from core.match import Match
from gui.controller import MatchController
from gui.impact.race import RACE_KEYS
from gui.impact.view import ImpactView
from tests.gui.drivers.impact import drive
from tests.gui.window_helpers import new_window


def make(qtbot, n: int = 3, seed: int = 4, **options) -> ImpactView:
    setup = msgspec.structs.replace(GAME.default_setup(n), **options)
    view = ImpactView(MatchController(Match.new("impact", setup, seed=seed)))
    qtbot.addWidget(view)
    view.resize(1200, 760)
    view.show()
    view.activateWindow()
    qtbot.waitUntil(view.isActiveWindow, timeout=5000)
    return view


def test_a_turn_by_keyboard_alone_starting_die_throw_and_tip(qtbot, monkeypatch, tmp_path):
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))
    window = new_window(qtbot, monkeypatch, tmp_path / "impact.battlebox.json")
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)
    window.start_new_game("impact", msgspec.structs.replace(GAME.default_setup(3)), seed=4)
    view = window.view
    impact = drive(view)
    impact.tab_to("rollButton")
    impact.key(Qt.Key.Key_Return)  # the starting die
    assert len(view.match.state.cauldron) == 1
    impact.tab_to("cautiousButton")
    impact.key(Qt.Key.Key_Enter)
    assert any(isinstance(a, Throw) for a in view.match.actions)
    state = view.match.state
    if state.phase != "turn" or not GAME.may_tip(state):
        pytest.skip("this seed's throw left nothing to tip")
    cauldron = impact.tab_to("cauldron")
    impact.key(Qt.Key.Key_Right)
    assert cauldron.focused == 0
    impact.key(Qt.Key.Key_Right, times=len(cauldron.dice) + 2)  # stops at the last die
    assert cauldron.focused == len(cauldron.dice) - 1
    impact.key(Qt.Key.Key_Left)
    impact.key(Qt.Key.Key_Space)
    picked = len(cauldron.dice) - 2
    assert cauldron.selected == {picked}
    assert "picked to tip" in cauldron.accessibleDescription()
    assert view.tip_button.isEnabled()
    impact.tab_to("tipButton")
    impact.key(Qt.Key.Key_Space)
    tips = [a for a in view.match.actions if isinstance(a, Tip)]
    assert tips and tips[-1].dice == (picked,)


def test_the_supplies_choose_the_source_of_the_next_throw_and_say_why_not(qtbot):
    view = make(qtbot, mode="table")
    impact = drive(view)
    impact.set_face(0, "fire")
    impact.record()
    state = view.match.state
    assert state.phase == "turn"
    supplies = impact.tab_to("supplies")
    impact.key(Qt.Key.Key_Right)
    assert supplies.focused == (0, LOOSE) and state.active == 0
    assert state.name(0) in supplies.accessibleDescription()
    impact.key(Qt.Key.Key_Return)
    assert impact.refusal() == ""
    impact.key(Qt.Key.Key_Right)  # the next supply: another player's
    assert supplies.focused[0] == 1
    impact.key(Qt.Key.Key_Space)
    assert "supply" in impact.refusal() and state.name(0) in impact.refusal()
    impact.key(Qt.Key.Key_Left, times=10)
    assert supplies.focused == (0, LOOSE)


def test_the_race_keys_act_only_in_races(qtbot):
    view = make(qtbot, mode="table", powers=True)
    impact = drive(view)
    impact.set_face(0, "fire")
    impact.record()
    before = view.match.actions
    for name in ("supplies", "cauldron", "cautiousButton"):
        impact.tab_to(name)
        for key, _ in RACE_KEYS:
            impact.key(key)
    assert view.match.actions == before and view.page == "board"
    keys_help = " ".join(k for k, _ in view.KEYS)
    assert all(label in keys_help for _, label in RACE_KEYS)
    impact.cautious()
    impact.set_face(0, "fire")
    impact.record()
    assert view.page == "race"
    impact.race_key(0)
    assert view.race.done[0] == 1


def test_a_click_lands_the_flying_dice_at_once(qtbot, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "1")
    view = make(qtbot)
    drive(view).roll()
    assert drive(view).dice_in_flight()
    drive(view).click_die(0)
    assert not drive(view).dice_in_flight()
