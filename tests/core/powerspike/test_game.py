"""Power Spike combat through the game: extra cards, every row of the loss table, hold and
retreat, ties, fire exchange, tank last, ornithopters, Orbital Artillery Strikes, victory."""
from __future__ import annotations

import pytest

from core.errors import IllegalAction
from core.powerspike.game import (GAME, Activate, CombatDraw, EndActivation, Fire, Move, OrbitalStrike, TakeLosses,
                                  profile)
from core.powerspike.narration import combat_notes
from tests.core.powerspike.game_helpers import combat_draw, draw_go, fresh, hurt, step

DC, DC2, CDC_CMD = "CDC:u2", "CDC:u3", "CDC:u1"
NS, SCS_CMD = "SCS:u2", "SCS:u1"
FACE_UP, FACE_DOWN, FACE_RIGHT = 270.0, 90.0, 0.0
# Death Commando facing down the table at y 4; Neon Samurai facing it 9" away (edge to edge).
DUEL = {DC: (36, 4, FACE_DOWN), NS: (36, 14, FACE_UP)}


def attack(state, attackers=(DC,), target=NS, side="CDC"):
    """Draw a go for the side, activate the first attacker and fire."""
    state = draw_go(state, side)
    seat = 0 if side == "CDC" else 1
    state = step(state, Activate(seat, attackers[0]))
    return step(state, Fire(seat, tuple(attackers), target))


def extras(state):
    c = state.combat
    return set(c.attacker_entitlement.extras), set(c.target_entitlement.extras)


# --- extra cards ----------------------------------------------------------------------------------
def test_head_on_fire_draws_the_unit_allowances_only():
    s = attack(fresh(DUEL))
    c = s.combat
    assert s.phase == "combat"
    assert (c.attacker_entitlement.total, c.target_entitlement.total) == (3, 3)
    assert extras(s) == (set(), set())


@pytest.mark.parametrize("attacker, target, arc", [
    ((30, 14, FACE_RIGHT), (40, 14, FACE_UP), "flank"),
    ((36, 4, FACE_DOWN), (36, 14, FACE_DOWN), "rear"),
])
def test_flank_and_rear_give_the_attacker_a_card(attacker, target, arc):
    s = attack(fresh({DC: attacker, NS: target}))
    assert extras(s) == ({"flank or rear"}, set())
    assert [(e.unit, e.bonus) for e in s.combat.extra_cards] == [(DC, arc)]
    assert any(arc in note for note in combat_notes(s, s.combat))


def test_target_in_cover_draws_a_card():
    s = attack(fresh({DC: (36, 15, FACE_DOWN), NS: (36, 25, FACE_UP)}))  # NS in the Ruined outpost
    assert extras(s) == (set(), {"cover"})
    assert s.combat.cover == ("Ruined outpost",)
    assert any("Ruined outpost" in n for n in combat_notes(s, s.combat))


def test_unhurt_against_hurt_goes_to_whichever_side_is_unhurt():
    s = attack(hurt(fresh(DUEL), NS))
    assert extras(s) == ({"unhurt against hurt"}, set())
    s = attack(hurt(fresh(DUEL), DC))
    assert extras(s) == (set(), {"unhurt against hurt"})
    s = attack(hurt(hurt(fresh(DUEL), DC), NS))
    assert extras(s) == (set(), set())


def test_commander_within_12_inches_gives_a_card_to_its_own_side_only():
    near = attack(fresh({**DUEL, CDC_CMD: (44, 4, FACE_DOWN)}))  # 5" from the attacker
    assert extras(near) == ({"commander"}, set())
    far = attack(fresh({**DUEL, CDC_CMD: (58, 4, FACE_DOWN)}))  # 19" away
    assert extras(far) == (set(), set())
    theirs = attack(fresh({**DUEL, SCS_CMD: (40, 14, FACE_UP)}))
    assert extras(theirs) == (set(), {"commander"})


def test_extras_add_up():
    s = fresh({DC: (30, 14, FACE_RIGHT), NS: (40, 14, FACE_UP), CDC_CMD: (30, 8, FACE_DOWN)})
    s = attack(hurt(s, NS))
    assert s.combat.attacker_entitlement.total == 3 + 3


def test_odds_and_entitlements_helpers_match_the_fire():
    s = draw_go(fresh({**DUEL, CDC_CMD: (44, 4, FACE_DOWN)}), "CDC")
    a, t = GAME.entitlements(s, (DC,), NS)
    assert (a.total, t.total) == (4, 3)
    odds = GAME.odds(s, (DC,), NS)
    assert odds.total == 1 and odds.attacker_win > odds.target_win


# --- the loss table ---------------------------------------------------------------------------------
@pytest.mark.parametrize("best_a, best_t, hold, retreat", [
    (8, 7, 1, 0), (13, 7, 1, 0),  # 1-6
    (10, 3, 2, 1), (12, 3, 2, 1),  # 7-9
    (13, 3, 3, 2), (13, 1, 3, 2),  # 10-12
])
def test_every_row_offers_hold_or_retreat_with_its_losses(best_a, best_t, hold, retreat):
    s = attack(fresh(DUEL))
    s = step(s, combat_draw(s, [best_a], [best_t]))
    assert s.phase == "loss" and GAME.actor(s) == 1
    pending = s.losses[0]
    assert pending.unit == NS
    assert [(o.kind, o.losses) for o in pending.options] == [("hold", hold), ("retreat", retreat)]
    held = step(s, TakeLosses(1, NS, "hold"))
    assert len(held.unit(NS).figures) == 4 - hold
    assert held.unit(NS).y == 14
    fled = step(s, TakeLosses(1, NS, "retreat"))
    assert len(fled.unit(NS).figures) == 4 - retreat
    assert (fled.unit(NS).x, fled.unit(NS).y) == pytest.approx((36, 14 + profile(fled.unit(NS)).move))


def test_a_difference_of_13_against_a_hand_of_jokers_uses_the_top_row():
    s = attack(fresh(DUEL, scs_roster="scs-small-robo-cavalry"))  # Robo-Cavalry draws 2 cards
    assert s.combat.target_entitlement.total == 2
    s = step(s, CombatDraw(combat_draw(s, [13], [2]).attacker_cards, (52, 53)))
    assert s.combat.result.difference == 13
    assert [(o.kind, o.losses) for o in s.losses[0].options] == [("hold", 3), ("retreat", 2)]


def test_a_unit_that_cannot_retreat_must_hold():
    s = attack(fresh({DC: (36, 38, FACE_DOWN), NS: (36, 47.3, FACE_UP)}))  # NS against the edge
    s = step(s, combat_draw(s, [13], [5]))
    assert [o.kind for o in s.losses[0].options] == ["hold"]
    with pytest.raises(IllegalAction, match="no room to retreat"):
        step(s, TakeLosses(1, NS, "retreat"))
    s = step(s, TakeLosses(1, NS, "hold"))
    assert len(s.unit(NS).figures) == 4 - 2


def test_only_the_losing_unit_and_a_known_choice_are_accepted():
    s = attack(fresh(DUEL))
    s = step(s, combat_draw(s, [13], [5]))
    with pytest.raises(IllegalAction):
        step(s, TakeLosses(1, DC, "hold"))
    with pytest.raises(IllegalAction):
        step(s, TakeLosses(0, NS, "hold"))


# --- ties and the fire exchange ---------------------------------------------------------------------------
CAVALRY = "SCS:u2"  # Robo-Cavalry: range 8"


def test_tie_in_range_of_each_other_costs_both_a_figure():
    s = attack(fresh(DUEL))
    s = step(s, combat_draw(s, [9], [9]))
    assert len(s.unit(DC).figures) == 3 and len(s.unit(NS).figures) == 3
    assert s.phase == "act"  # back to the activation: it may still move


def test_tie_out_of_the_targets_range_does_nothing():
    s = attack(fresh({DC: (36, 4, FACE_DOWN), CAVALRY: (36, 14, FACE_UP)}, scs_roster="scs-small-robo-cavalry"))
    assert s.combat.answering is None  # 8.5" away: beyond the cavalry's 8"
    s = step(s, combat_draw(s, [9], [9]))
    assert len(s.unit(DC).figures) == 4 and len(s.unit(CAVALRY).figures) == 3


def test_outscored_attacker_in_the_targets_range_suffers_the_result():
    s = attack(fresh({DC: (36, 10, FACE_DOWN), CAVALRY: (36, 18, FACE_UP)}, scs_roster="scs-small-robo-cavalry"))
    assert s.combat.answering == DC  # 6.5" away: within the cavalry's 8"
    s = step(s, combat_draw(s, [3], [12]))
    assert s.phase == "loss" and s.losses[0].unit == DC and GAME.actor(s) == 0
    assert [(o.kind, o.losses) for o in s.losses[0].options] == [("hold", 2), ("retreat", 1)]
    s = step(s, TakeLosses(0, DC, "retreat"))
    assert len(s.unit(DC).figures) == 3
    assert (s.unit(DC).x, s.unit(DC).y) == pytest.approx((36, 10 - 6))  # straight away from the cavalry


def test_outscored_attacker_out_of_the_targets_range_loses_nothing():
    before = attack(fresh({DC: (36, 4, FACE_DOWN), CAVALRY: (36, 14, FACE_UP)}, scs_roster="scs-small-robo-cavalry"))
    action = combat_draw(before, [3], [12])
    s = step(before, action)
    assert s.phase == "act" and not s.losses
    assert len(s.unit(DC).figures) == 4
    assert "simply fails" in GAME.describe(before, action, s)


def test_fire_out_of_range_is_refused_with_the_distance():
    s = draw_go(fresh({DC: (36, 4, FACE_DOWN), NS: (36, 20, FACE_UP)}), "CDC")
    s = step(s, Activate(0, DC))
    with pytest.raises(IllegalAction, match="out of .*range"):
        step(s, Fire(0, (DC,), NS))


# --- figures: tank last, ornithopters ---------------------------------------------------------------------
def test_a_tank_loses_its_droids_before_the_tank():
    tank = "CDC:u2"
    s = fresh({tank: (36, 14, FACE_UP), NS: (36, 4, FACE_DOWN)}, cdc_roster="cdc-small-mag-lev")
    s = attack(s, (NS,), tank, "SCS")
    s = step(s, combat_draw(s, [13], [4]))
    s = step(s, TakeLosses(0, tank, "hold"))
    assert s.unit(tank).figures == ("Mag-Lev Tank",)


THOPTER, CARGO_A, CARGO_B = "CDC:u2", "CDC:u3", "CDC:u4"


def thopter_state():
    return fresh({THOPTER: (36, 14, FACE_UP), NS: (36, 4, FACE_DOWN)}, cdc_roster="cdc-full-death-commando")


def test_each_thopter_lost_takes_its_cargo():
    s = thopter_state()
    assert s.unit(THOPTER).carrying == (CARGO_A, CARGO_B)
    s = attack(s, (NS,), THOPTER, "SCS")
    s = step(s, combat_draw(s, [13], [5]))  # 8: hold and lose 2
    s = step(s, TakeLosses(0, THOPTER, "hold"))
    assert len(s.unit(THOPTER).figures) == 1
    assert s.unit(CARGO_A).destroyed and s.unit(CARGO_B).destroyed
    assert s.unit(THOPTER).carrying == ()


def test_cargo_moves_with_its_ornithopter_and_gets_off_by_moving():
    s = draw_go(thopter_state(), "CDC", 12)  # Queen: 3 activations
    s = step(s, Activate(0, THOPTER), Move(0, THOPTER, 36, 24, FACE_UP))
    assert GAME.unit_tray(s, CARGO_A).centre == (36, 24)
    s = step(s, EndActivation(0), Activate(0, CARGO_A))
    with pytest.raises(IllegalAction, match="aboard"):
        step(s, Fire(0, (CARGO_A,), NS))
    s = step(s, Move(0, CARGO_A, 40, 24, FACE_UP))
    assert s.unit(CARGO_A).carried_by is None and s.unit(THOPTER).carrying == (CARGO_B,)
    assert (s.unit(CARGO_A).x, s.unit(CARGO_A).y) == (40, 24)


def test_units_aboard_cannot_be_targeted():
    s = draw_go(thopter_state(), "SCS")
    s = step(s, Activate(1, NS))
    with pytest.raises(IllegalAction, match="aboard"):
        step(s, Fire(1, (NS,), CARGO_A))


# --- pooling -------------------------------------------------------------------------------------------------
def test_units_activated_earlier_in_the_go_may_pool_their_cards():
    s = fresh({DC: (36, 4, FACE_DOWN), DC2: (39, 4, FACE_DOWN), NS: (37, 14, FACE_UP)})
    s = draw_go(s, "CDC", 11)  # Jack: 2 activations
    s = step(s, Activate(0, DC2), EndActivation(0), Activate(0, DC))
    s = step(s, Fire(0, (DC, DC2), NS))
    assert s.combat.attacker_entitlement.base == 6
    assert s.go.fired == (DC, DC2)


def test_pooling_is_refused_for_units_not_activated_in_this_go():
    s = fresh({DC: (36, 4, FACE_DOWN), DC2: (39, 4, FACE_DOWN), NS: (37, 14, FACE_UP)})
    s = step(draw_go(s, "CDC", 11), Activate(0, DC))
    with pytest.raises(IllegalAction, match="activated in this go"):
        step(s, Fire(0, (DC, DC2), NS))
    with pytest.raises(IllegalAction, match="lead the attack"):
        step(s, Fire(0, (DC2, DC), NS))


# --- Orbital Artillery Strikes ------------------------------------------------------------------------------
@pytest.mark.parametrize("roster, target, strikes", [("cdc-small-death-commando", "CDC:u2", 1),
                                                     ("cdc-full-death-commando", "CDC:u5", 3)])
def test_a_joker_earns_one_strike_per_ten_enemy_units(roster, target, strikes):
    s = fresh({NS: (36, 14, FACE_UP), target: (36, 4, FACE_DOWN)}, cdc_roster=roster)
    assert len(s.living("CDC")) == {1: 7, 3: 26}[strikes]
    s = attack(s, (NS,), target, "SCS")
    s = step(s, combat_draw(s, [0, 9], [9]))
    assert s.oas_strikes == (1,) * strikes
    if s.phase == "oas":
        assert GAME.actor(s) == 1


def oas_state():
    """The CDC attack draws a joker and wins nothing (tie out of range): one strike."""
    s = attack(fresh({DC: (36, 4, FACE_DOWN), CAVALRY: (36, 14, FACE_UP),
                      "SCS:u3": (36, 25, FACE_UP)}, scs_roster="scs-small-robo-cavalry"))
    s = step(s, combat_draw(s, [0, 6], [6]))
    assert s.phase == "oas" and s.oas_strikes == (0,)
    return s


def test_strike_target_draws_no_cover_card_and_may_not_retreat():
    s = step(oas_state(), OrbitalStrike(0, "SCS:u3"))  # in the Ruined outpost
    assert s.phase == "combat" and s.combat.attacker_entitlement.total == 4
    assert "cover" not in s.combat.target_entitlement.extras
    s = step(s, combat_draw(s, [13], [4]))
    assert [o.kind for o in s.losses[0].options] == ["hold"]
    with pytest.raises(IllegalAction, match="may not retreat"):
        step(s, TakeLosses(1, "SCS:u3", "retreat"))
    s = step(s, TakeLosses(1, "SCS:u3", "hold"))
    assert len(s.unit("SCS:u3").figures) == 3 - 2
    assert s.phase == "act"


@pytest.mark.parametrize("strike, target", [(7, 7), (3, 12)])
def test_strike_tie_or_outscored_strike_does_nothing(strike, target):
    s = step(oas_state(), OrbitalStrike(0, "SCS:u3"))
    s = step(s, combat_draw(s, [strike], [target]))
    assert not s.losses and len(s.unit("SCS:u3").figures) == 3


def test_strikes_target_only_enemy_units():
    with pytest.raises(IllegalAction, match="your own"):
        step(oas_state(), OrbitalStrike(0, DC))


# --- victory ---------------------------------------------------------------------------------------------------------
def test_destroying_the_last_enemy_unit_wins():
    others = tuple(u for u in ("SCS:u1", "SCS:u3", "SCS:u4", "SCS:u5", "SCS:u6", "SCS:u7"))
    s = hurt(fresh(DUEL, remove=others), NS, 3)
    s = attack(s)
    s = step(s, combat_draw(s, [13], [4]), TakeLosses(1, NS, "hold"))
    assert s.phase == "over" and GAME.actor(s) is None
    assert s.result.winners == (0,) and not s.result.draw
    assert GAME.legal_actions(s) == []


def test_both_last_units_falling_in_a_tie_is_a_draw():
    cdc = tuple(f"CDC:u{i}" for i in (1, 3, 4, 5, 6, 7))
    scs = tuple(f"SCS:u{i}" for i in (1, 3, 4, 5, 6, 7))
    s = hurt(hurt(fresh(DUEL, remove=cdc + scs), NS, 3), DC, 3)
    s = attack(s)
    s = step(s, combat_draw(s, [8], [8]))
    assert s.result.draw and s.result.winners == (0, 1)


def test_view_is_the_whole_state_for_everyone():
    s = attack(fresh(DUEL))
    assert GAME.view(s, 0) == GAME.view(s, 1) == GAME.view(s, None) == s
