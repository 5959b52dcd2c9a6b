"""Issue 12 in Domination and All-Out War: throws that land before the eyes (and hold the curtain
until they have), battle-panel tokens that say why they may not be chosen, and the fistful
picker by keyboard."""
from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt

from core.fistful.battles import BattleThrow
from core.fistful.roster import Fighter
from gui.fistful.battle_panel import WARLORDS
from gui.fistful.battle_view import BattleView
from tests.gui.drivers.fistful import battle_page, finish_chip
from tests.gui.test_battle_view import advance, make_view

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))


def after_chance(view: BattleView):
    """The state the seeded throw about to be made will give."""
    return view.game.apply(view.match.state, view.match.chance_action())


# --- throws land ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["domination", "all-out-war"])
def test_a_simulated_throw_lands_one_fistful_after_another(qtbot, monkeypatch, game_id):
    view = make_view(qtbot, game_id, seed=3)
    advance(view, lambda s: s.phase == "throw" and after_chance(view).battle is not None)
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "1")
    d = battle_page(view)
    steps = len(view.match.actions)
    d.throw()
    assert len(view.match.actions) == steps + 1 and isinstance(view.match.actions[-1], BattleThrow)
    assert d.landing() and d.tokens_waiting(d.panel_tokens())
    assert not view.panel.throw_button.isEnabled() and not view.panel.skip_button.isEnabled()
    assert not view.panel.result.isVisibleTo(view) and not view.panel.table.isVisibleTo(view), \
        "the outcome waits for the fighters to land"
    qtbot.waitUntil(lambda: not d.landing(), timeout=15000)
    assert not d.tokens_waiting(d.panel_tokens())
    assert view.panel.result.isVisibleTo(view) and view.panel.table.isVisibleTo(view)
    assert len(view.match.actions) == steps + 1


def test_a_click_skips_the_landing_and_does_nothing_else(qtbot, monkeypatch):
    view = make_view(qtbot, "all-out-war", seed=9)
    advance(view, lambda s: s.phase == "throw" and after_chance(view).phase == "remove")
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "1")
    d = battle_page(view)
    d.throw()
    steps = len(view.match.actions)
    assert d.landing()
    d.remove_first_removable()  # the click that lands on a token while the fighters land only shows them
    assert not d.landing() and not d.tokens_waiting(d.panel_tokens())
    assert len(view.match.actions) == steps, "the click did not also remove a fighter"
    d.remove_first_removable()
    assert len(view.match.actions) == steps + 1


def test_a_key_skips_the_landing(qtbot, monkeypatch):
    view = make_view(qtbot, "domination", seed=3)
    advance(view, lambda s: s.phase == "throw" and after_chance(view).battle is not None)
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "1")
    d = battle_page(view)
    d.activate_window()
    d.throw()
    assert d.landing()
    d.key(Qt.Key.Key_Escape)
    assert not d.landing()


def test_the_throw_that_ends_a_battle_lands_before_the_curtain_falls(qtbot, monkeypatch):
    view = make_view(qtbot, "all-out-war", seed=2)
    advance(view, lambda s: s.phase == "throw" and after_chance(view).phase == "reselect", random.Random(3))
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "1")
    d = battle_page(view)
    number = view.match.state.battle.number
    d.throw()
    assert view.match.state.phase == "reselect"
    assert view.page == "board" and d.landing(), "the table shows the throw land first"
    assert f"Battle {number}" in view.panel.title.text()
    assert d.tokens_waiting(d.panel_tokens())
    qtbot.waitUntil(lambda: view.page == "curtain", timeout=15000)
    assert not d.landing()


def test_without_animations_the_curtain_falls_at_once(qtbot):
    view = make_view(qtbot, "all-out-war", seed=2)
    advance(view, lambda s: s.phase == "throw" and after_chance(view).phase == "reselect", random.Random(3))
    battle_page(view).throw()
    assert view.page == "curtain" and not battle_page(view).landing()


def test_table_entry_never_animates(qtbot, monkeypatch):
    view = make_view(qtbot, "all-out-war", mode="table")
    advance(view, lambda s: s.phase == "throw")
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "1")
    d = battle_page(view)
    for side, f in d.poses_to_enter():
        d.set_pose(side, f, "back")
    d.record_throw()
    assert isinstance(view.match.actions[-1], BattleThrow)
    assert not d.landing() and not d.tokens_waiting(d.panel_tokens())


def test_the_champion_fight_lands_the_champion_then_the_warlords(qtbot, monkeypatch):
    view = make_view(qtbot, "domination", seed=1, ultimate_champion=True)
    advance(view, lambda s: s.phase == "champion_throw", random.Random(4))
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "1")
    d = battle_page(view)
    d.throw()
    warlords = [t for (side, _f), t in view.panel.tokens.items() if side == WARLORDS]
    assert d.landing() and all(t.landing is not None for t in warlords)
    qtbot.waitUntil(lambda: not d.landing(), timeout=20000)


# --- refusals --------------------------------------------------------------------------------------
def test_a_fighter_that_may_not_be_flipped_says_why(qtbot):
    view = make_view(qtbot, "domination", seed=3, team_victory=True, slaughter=True)
    advance(view, lambda s: s.phase == "flip" and any(
        x.pose != "down" for x in s.battle.landed[s.battle.defender]), random.Random(8))
    state = view.match.state
    d = battle_page(view)
    up = next(x.fighter for x in state.battle.landed[state.battle.defender] if x.pose != "down")
    d.click_token(state.battle.defender, up)
    assert "face up" in d.refusal()
    assert d.refusal() == view.game.why_not_fighter(state, state.battle.defender, up)
    other = next(p for p in state.battle.throwers if p != state.battle.defender)
    d.click_token(other, state.battle.landed[other][0].fighter)
    assert "Only the defender" in d.refusal()
    assert view.match.state.phase == "flip"


def test_a_face_up_fighter_may_not_be_removed_and_says_why(qtbot):
    view = make_view(qtbot, "all-out-war", seed=9)
    advance(view, lambda s: s.phase == "remove" and any(
        x.pose != "down" for x in s.battle.landed[s.to_remove[0]]))
    state = view.match.state
    remover = state.to_remove[0]
    up = next(x.fighter for x in state.battle.landed[remover] if x.pose != "down")
    d = battle_page(view)
    d.activate_window()
    d.focus_token(d.token(remover, up))
    d.key(Qt.Key.Key_Return)
    assert "face up" in d.refusal() and view.match.state == state


def test_a_token_clicked_when_no_fighter_is_chosen_says_so(qtbot):
    view = make_view(qtbot, "all-out-war", seed=3)
    advance(view, lambda s: s.phase == "throw")
    d = battle_page(view)
    side, f = next(iter(view.panel.tokens))
    d.click_token(side, f)
    assert d.refusal().startswith("No fighter is chosen now.")


def test_table_entry_on_the_tokens_by_keyboard(qtbot):
    view = make_view(qtbot, "all-out-war", mode="table")
    advance(view, lambda s: s.phase == "throw")
    d = battle_page(view)
    side, f = d.poses_to_enter()[0]
    d.activate_window()
    d.focus_token(d.token(side, f))
    d.key(Qt.Key.Key_Return)
    assert view.panel.poses[(side, f)] == "back"
    d.settle()
    d.key(Qt.Key.Key_D)
    assert view.panel.poses[(side, f)] == "down" and d.refusal() == ""


# --- the fistful picker by keyboard ------------------------------------------------------------------
def army_picker(qtbot):
    view = make_view(qtbot, "all-out-war", seed=3)
    advance(view, lambda s: s.phase == "fistful")
    d = battle_page(view)
    d.reveal_curtain()
    assert view.page == "pick"
    d.activate_window()
    return view, d


def test_finish_chips_by_arrows_and_enter(qtbot):
    view, d = army_picker(qtbot)
    p = view.picker.player
    army = sorted(view.match.view(p).armies[p], key=lambda f: list(view.roster.sculpts).index(f.sculpt))
    first = army[0]
    d.focus_chip("armyPicker", first)
    d.key(Qt.Key.Key_Return)
    assert view.picker.selection == (first,)
    assert d.focused_token_name() == finish_chip(view.picker, first).objectName(), "the chip keeps the focus"
    d.key(Qt.Key.Key_Down)
    below = d.focused_token_name()
    assert below.startswith("pick:") and below != finish_chip(view.picker, first).objectName()
    d.key(Qt.Key.Key_Space)
    assert len(view.picker.selection) == 2
    second = view.picker.selection[1]
    assert below == finish_chip(view.picker, second).objectName()
    d.key(Qt.Key.Key_Up)
    assert d.focused_token_name() == finish_chip(view.picker, first).objectName()
    assert "Left/Right" in finish_chip(view.picker, first).toolTip()


def test_left_and_right_move_between_the_finishes_of_a_fighter(qtbot):
    view, d = army_picker(qtbot)
    chips = view.picker.rows[0].chips
    first, second = list(chips.values())[:2]
    first.setVisible(True), second.setVisible(True)
    first.setFocus(Qt.FocusReason.TabFocusReason)
    d.key(Qt.Key.Key_Right)
    assert d.focused_token_name() == second.objectName()
    d.key(Qt.Key.Key_Left)
    assert d.focused_token_name() == first.objectName()


def test_putting_a_picked_fighter_back_keeps_the_keyboard_in_the_fistful(qtbot):
    view, d = army_picker(qtbot)
    p = view.picker.player
    three = sorted(view.match.view(p).armies[p])[:3]
    d.pick_fistful(three)
    d.focus_picked("armyPicker", three[0])
    d.key(Qt.Key.Key_Return)
    assert view.picker.selection == tuple(three[1:])
    d.settle()
    assert d.focused_token_name() == f"fistful:{three[1].sculpt}:{three[1].finish}"
    d.key(Qt.Key.Key_Return)
    d.settle()
    d.key(Qt.Key.Key_Return)
    d.settle()
    assert view.picker.selection == ()
    assert d.focused_token_name() == finish_chip(view.picker, three[2]).objectName(), \
        "the last one put back leaves the focus on its chip"
