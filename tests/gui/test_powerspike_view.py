"""The Power Spike view phase by phase: deployment, the movement card, activation, moves with
live legality, the odds before an attack, combat cards, losses, strikes, table mode and the end."""
from __future__ import annotations

import math
import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from core.game import PlayerSetup
from core.match import Match
from core.powerspike import game as ps
from core.powerspike.cards import card
from core.powerspike.game import GAME, PowerSpikeSetup
from gui.controller import MatchController
from gui.powerspike.combat_panel import CombatPanel
from gui.powerspike.view import PowerSpikeView
from tests.gui.drivers.powerspike import drive, enter_cards

pytestmark = pytest.mark.gui
PLAYERS = (PlayerSetup("Ada", "#c62828"), PlayerSetup("Bram", "#202328"))
RED_TWO, BLACK_TWO = card(2, 2), card(2, 0)  # two of hearts (CDC), two of clubs (SCS)


def new_match(seed=5, **setup) -> Match:
    setup.setdefault("cdc_roster", "cdc-small-mag-lev")
    setup.setdefault("scs_roster", "scs-small-robo-cavalry")
    return Match(GAME, PowerSpikeSetup(PLAYERS, **setup), seed)


def make_view(qtbot, seed=5, match: Match | None = None, **setup) -> PowerSpikeView:
    view = PowerSpikeView(MatchController(match or new_match(seed, **setup)))
    qtbot.addWidget(view)
    view.resize(1000, 760)
    view.show()
    qtbot.waitExposed(view)
    return view


def apply(view: PowerSpikeView, action) -> None:
    assert view.controller.apply(action), drive(view).refusal()


def close_in(view: PowerSpikeView) -> tuple[str, str]:
    """Deploy by clicks, then walk an SCS Robo-Cavalry up to the CDC line (actions through the
    controller), and give the CDC a go: returns (activated CDC unit, SCS unit in its range)."""
    drive(view).deploy_all_default()
    state = view.match.state
    rider = next(u.id for u in state.living("SCS") if u.profile == "robo-cavalry")
    apply(view, ps.MovementDraw(BLACK_TWO))
    apply(view, ps.Activate(1, rider))
    tray = GAME.unit_tray(view.match.state, rider)
    for length in (11.5, 10.0, 8.0, 6.0):
        x, y = tray.centre[0], tray.centre[1] - length
        if not GAME.move_problems(view.match.state, rider, x, y, tray.facing_deg):
            apply(view, ps.Move(1, rider, x, y, tray.facing_deg))
            break
    apply(view, ps.EndActivation(1))
    apply(view, ps.MovementDraw(RED_TWO))
    state = view.match.state
    shooter = next(u for u in GAME.activatable(state) if rider in GAME.fire_targets(state, (u,)))
    drive(view).activate(shooter)
    return shooter, rider


def test_deployment_refuses_with_the_reason_then_places_every_unit_by_clicks(qtbot):
    view = make_view(qtbot)
    assert view.match.state.phase == "deploy" and drive(view).find("unitList").count() == 5
    first = drive(view).picked()
    drive(view).click_table(36, 30)  # no man's land
    assert view.match.state.phase == "deploy" and not view.match.actions
    assert "deployment" in drive(view).refusal() and "cannot be deployed" in drive(view).refusal()
    view.preview_deploy(first, 36, 6)
    assert "may deploy here" in drive(view).deploy_preview()
    placed = drive(view).deploy_all_default()
    assert placed == 12 and view.match.state.phase == "draw"
    assert set(view.tabletop.markers) == {u.id for u in view.match.state.units}
    assert view.primary.isVisible() and "movement card" in view.primary.text()


def test_the_movement_card_shows_whose_go_and_greys_units_by_the_consecutive_rule(qtbot):
    view = make_view(qtbot)
    drive(view).deploy_all_default()
    apply(view, ps.MovementDraw(RED_TWO))
    assert view.card_box.slot.itemAt(0).widget().card == RED_TWO
    assert "Ada (CDC)" in view.card_box.text.text() and "Activations left: <b>1</b>" in view.card_box.text.text()
    unit = drive(view).picked()
    drive(view).activate(unit)
    assert view.match.state.phase == "act" and view.read.active_unit() == unit
    drive(view).end_activation()
    apply(view, ps.MovementDraw(card(12, 1)))  # queen of diamonds: CDC again, 3 activations
    assert view.match.state.phase == "activate" and "Activations left: <b>3</b>" in view.card_box.text.text()
    item = drive(view).list_item("activateList", unit)
    assert item is not None and not item.flags() & item.flags().ItemIsEnabled
    assert "previous go" in item.text()
    drive(view).table.click_unit(unit)
    assert "cannot be activated" in drive(view).refusal() and "previous go" in drive(view).refusal()
    assert drive(view).picked() != unit or not view.primary.isEnabled()


def test_a_drag_shows_live_legality_and_a_refused_move_its_reason(qtbot):
    view = make_view(qtbot)
    drive(view).deploy_all_default()
    apply(view, ps.MovementDraw(RED_TWO))
    uid = drive(view).picked()
    drive(view).activate(uid)
    tray = GAME.unit_tray(view.match.state, uid)
    far = (tray.centre[0], tray.centre[1] + 20)
    drive(view).table.drag_unit(uid, far, release=False)
    assert not view.tabletop.ghost_legal and "its move is" in view.tabletop.ghost_reason
    drive(view).table.drag_unit(uid, far)  # a fresh press-move-release
    assert not view.match.state.activation.moved
    assert "cannot move there" in drive(view).refusal() and "its move is" in drive(view).refusal()
    near = (tray.centre[0], tray.centre[1] + 4)
    drive(view).drag_unit(uid, *near)
    assert view.match.state.activation.moved, drive(view).refusal()
    moved = GAME.unit_tray(view.match.state, uid).centre
    assert math.dist(moved, near) < 0.5


def test_the_odds_panel_shows_the_engines_exact_odds_before_the_attack(qtbot):
    view = make_view(qtbot)
    shooter, target = close_in(view)
    assert drive(view).odds().isHidden()
    drive(view).table.click_unit(target)
    assert drive(view).target() == target and drive(view).odds().isVisible()
    odds = GAME.odds(view.match.state, (shooter,), target)
    shown = drive(view).odds().values
    assert shown["attacker 1-6"] == odds.attacker_wins[0] and shown["target 10-12"] == odds.target_wins[2]
    assert shown["tie"] == odds.tie and shown["attacker joker"] == odds.attacker_joker
    assert sum(v for k, v in shown.items() if "joker" not in k) == 1
    a, t = GAME.entitlements(view.match.state, (shooter,), target)
    assert f"draws {a.total} card" in drive(view).odds().draws.text() and f"draws {t.total} card" in drive(view).odds().draws.text()
    assert drive(view).table.ruler_text and view.fire_button.isEnabled()


def test_combat_cards_are_revealed_and_the_loser_chooses(qtbot):
    view = make_view(qtbot, seed=11)
    shooter, target = close_in(view)
    drive(view).fire((shooter,), target)
    state = view.match.state
    assert state.phase == "combat"
    a, t = state.combat.attacker_entitlement.total, state.combat.target_entitlement.total
    assert [c.card for c in view.combat.attacker_row.cards] == [None] * a
    assert [c.card for c in view.combat.target_row.cards] == [None] * t
    drive(view).draw()
    c = view.match.state.combat
    assert [w.card for w in view.combat.attacker_row.cards] == list(c.attacker_cards)
    best = [w.card for w in view.combat.attacker_row.cards if w.highlight]
    assert best == ([c.result.attacker.best] if c.result.attacker.best is not None else [])
    assert view.combat.result.text()
    if view.match.state.phase == "loss":
        pl = view.match.state.losses[0]
        assert view.combat.hold_button.isVisible()
        assert view.combat.retreat_button.isEnabled() == any(o.kind == "retreat" for o in pl.options)
        before = len(view.match.state.unit(pl.unit).figures)
        drive(view).hold()
        hold = next(o.losses for o in pl.options if o.kind == "hold")
        assert len(view.match.state.unit(pl.unit).figures) == max(0, before - hold)


def test_a_retreat_that_is_impossible_is_disabled_with_its_reason(qtbot):
    panel = CombatPanel()
    qtbot.addWidget(panel)
    panel.offer_choice("Neon Samurai 1", 2, None, "it has no room to retreat a full move")
    assert not panel.retreat_button.isEnabled()
    assert "no room" in panel.retreat_reason.text()
    panel.offer_choice("Neon Samurai 1", 2, 1)
    assert panel.retreat_button.isEnabled() and panel.retreat_reason.isHidden()


def test_table_mode_enters_real_cards_and_a_joker_brings_an_orbital_strike(qtbot):
    view = make_view(qtbot, mode="table")
    shooter, target = close_in(view)
    drive(view).fire((shooter,), target)
    c = view.match.state.combat
    assert view.entry.picker.isVisible() and not view.primary.isVisible()
    attack = [52] + [card(13, 1)] + [card(r, 3) for r in range(2, 2 + c.attacker_entitlement.total - 2)]
    defend = [card(r, 0) for r in range(2, 2 + c.target_entitlement.total)]
    enter_cards(view.entry.picker, attack[:1])
    assert not view.entry.picker.joker_buttons[52].isEnabled(), "a card already drawn is not offered again"
    view.entry.picker.take_back()
    drive(view).enter_cards(attack, defend)
    state = view.match.state
    assert state.combat.attacker_cards == tuple(attack) and state.combat.target_cards == tuple(defend)
    if state.phase == "loss":
        drive(view).hold()
    assert view.match.state.phase == "oas", view.match.state.phase
    enemy = next(u.id for u in view.match.state.living("SCS"))
    drive(view).strike(enemy)
    assert view.match.state.phase == "combat" and view.match.state.combat.strike == 0
    assert view.match.state.combat.attacker_entitlement.total == 4


def test_without_positions_the_table_is_hidden_and_fire_asks_what_the_table_shows(qtbot):
    view = make_view(qtbot, mode="table", mirror_positions=False)
    assert view.tabletop.isHidden() and view.no_positions.isVisible()
    assert view.match.state.phase == "draw"
    assert not view.entry.picker.rank_buttons[2].isHidden()
    drive(view).enter_cards([RED_TWO])
    assert view.match.state.phase == "activate"
    shooter = drive(view).picked()
    drive(view).activate(shooter)
    assert view.moved_button.isVisible()
    drive(view).press("movedButton")
    assert view.match.state.activation.moved
    target = next(u.id for u in view.match.state.living("SCS"))
    drive(view).click_list("enemyList", target)
    assert drive(view).find("declareBox").isVisible()
    drive(view).press("declare:target_in_cover")
    drive(view).press("declare:arc:rear")
    assert drive(view).odds().isVisible()
    a, t = GAME.entitlements(view.match.state, (shooter,), target, drive(view).declaration())
    assert "cover" in t.extras and "flank or rear" in a.extras
    drive(view).press("fireButton")
    fired = view.match.actions[-1]
    assert isinstance(fired, ps.Fire) and fired.declared.arc == "rear" and fired.declared.target_in_cover


def test_the_winner_screen_and_the_scores(qtbot):
    # The game random play through the view makes; the view opens it five actions before the
    # end (as it opens a save), since refreshing through the whole battle shows nothing more.
    rng = random.Random(3)
    ended = new_match(seed=3)
    for _ in range(5000):
        if ended.is_over:
            break
        ended.apply(ended.random_action(rng))
    match = new_match(seed=3)
    for action in ended.actions[:-5]:
        match.apply(action)
    view = make_view(qtbot, match=match)
    for action in ended.actions[-5:]:
        apply(view, action)
    QApplication.processEvents()
    assert view.match.is_over and view.page == "over"
    assert view.game.result_text(view.match.state) == view.over.summary.text()
    scores = view.scores_widget()
    state = view.match.state
    assert [t.units_left for t in scores.tallies] == [len(state.living(s)) for s in ps.SIDES]
    assert [t.points for t in scores.tallies] == list(GAME.points(state))


def flank_spot(state, shooter: str, target: str) -> tuple[float, float] | None:
    """A legal end of the shooter's move from which it would attack the target's flank or rear."""
    from core.powerspike import geometry as geo

    start = GAME.unit_tray(state, shooter)
    t = GAME.unit_tray(state, target)
    reach = ps.profile(state.unit(shooter)).move - 0.5
    for step in range(72):
        angle = math.radians(step * 5)
        for r in (reach, reach * 0.75, reach * 0.5):
            x, y = start.centre[0] + r * math.cos(angle), start.centre[1] + r * math.sin(angle)
            if GAME.move_problems(state, shooter, x, y, start.facing_deg):
                continue
            moved = GAME.as_if_moved(state, shooter, x, y, start.facing_deg)
            if geo.arc_of(GAME.unit_tray(moved, shooter), t) != "front" and target in GAME.fire_targets(moved, (shooter,)):
                return x, y
    return None


def face_to_face(view: PowerSpikeView) -> tuple[str, str]:
    """close_in, then give up goes until the rider may go again, and stand it 6" in front of the
    shooter: the shooter's move then reaches the rider's flank. Returns (shooter, rider)."""
    shooter, rider = close_in(view)
    apply(view, ps.EndActivation(0))
    for c in (card(3, 0), card(3, 2)):
        apply(view, ps.MovementDraw(c))
        apply(view, ps.EndGo(GAME.actor(view.match.state)))
    apply(view, ps.MovementDraw(card(4, 0)))
    apply(view, ps.Activate(1, rider))
    sx, sy = GAME.unit_tray(view.match.state, shooter).centre
    apply(view, ps.Move(1, rider, sx, sy + 8, 270.0))
    apply(view, ps.EndActivation(1))
    apply(view, ps.MovementDraw(card(4, 2)))
    drive(view).activate(shooter)
    return shooter, rider


def test_the_odds_follow_a_dragged_attacker_and_come_back_when_the_drag_is_cancelled(qtbot):
    view = make_view(qtbot)
    shooter, target = face_to_face(view)
    drive(view).table.click_unit(target)
    state = view.match.state
    real = GAME.odds(state, (shooter,), target)
    real_a, _ = GAME.entitlements(state, (shooter,), target)
    assert "flank or rear" not in real_a.extras and drive(view).odds().values["tie"] == real.tie
    spot = flank_spot(state, shooter, target)
    assert spot is not None, "no flank position within the shooter's move"
    poses: list[tuple] = []
    view.tabletop.drag_moved.connect(lambda *pose: poses.append(pose))
    drive(view).table.drag_unit(shooter, spot, release=False)
    uid, x, y, facing = poses[-1]
    assert uid == shooter and math.dist((x, y), spot) < 0.5
    moved = GAME.apply(state, ps.Move(0, shooter, x, y, facing))  # the unit really moved there
    odds = GAME.odds(moved, (shooter,), target)
    a, _ = GAME.entitlements(moved, (shooter,), target)
    assert "flank or rear" in a.extras and a.total == real_a.total + 1
    assert odds != real
    shown = drive(view).odds().values
    assert shown["attacker 1-6"] == odds.attacker_wins[0] and shown["tie"] == odds.tie
    assert shown["target 10-12"] == odds.target_wins[2]
    assert f"draw {a.total} card" in drive(view).odds().draws.text() or f"draws {a.total} card" in drive(view).odds().draws.text()
    assert "as if moved to the ghost" in drive(view).odds().title.text() and view.match.state is state  # nothing applied
    QTest.keyClick(view.tabletop, Qt.Key.Key_Escape)  # cancel the drag
    assert view.tabletop.dragging is None
    assert drive(view).odds().values["tie"] == real.tie and drive(view).odds().values["attacker 1-6"] == real.attacker_wins[0]
    assert f"draws {real_a.total} card" in drive(view).odds().draws.text() and "ghost" not in drive(view).odds().title.text()


def test_dropping_the_attacker_on_the_flank_keeps_the_moved_odds(qtbot):
    view = make_view(qtbot)
    shooter, target = face_to_face(view)
    drive(view).table.click_unit(target)
    spot = flank_spot(view.match.state, shooter, target)
    assert spot is not None
    drive(view).drag_unit(shooter, *spot)
    assert view.match.state.activation.moved, drive(view).refusal()
    odds = GAME.odds(view.match.state, (shooter,), target)
    assert "flank or rear" in GAME.entitlements(view.match.state, (shooter,), target)[0].extras
    assert drive(view).target() == target and drive(view).odds().values["tie"] == odds.tie
    assert "ghost" not in drive(view).odds().title.text()
