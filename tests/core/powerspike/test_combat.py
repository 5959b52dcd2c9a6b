"""Power Spike combat: extra cards, the difference table, ties, fire exchange, jokers and OAS."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.powerspike.cards import FULL_DECK, JOKERS, card, rank
from core.powerspike.combat import (
    BANDS,
    LossOption,
    band_for,
    cards_to_draw,
    entitlement,
    hand,
    oas_strikes,
    oas_target_entitlement,
    resolve_combat,
    resolve_oas,
)

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


def c(r: int, s: int = CLUBS) -> int:
    return card(r, s)


def fight(attacker, target, **kw):
    args = {"attacker_enemy_units": 5, "target_enemy_units": 5, "attacker_in_target_range": True}
    args.update(kw)
    return resolve_combat(attacker, target, **args)


# Extra cards

def test_flank_or_rear_card_goes_to_the_attacker_only():
    assert cards_to_draw(3, "attacker", flank_or_rear=True) == 4
    assert cards_to_draw(3, "target", flank_or_rear=True) == 3


def test_cover_card_goes_to_the_target_only():
    assert cards_to_draw(2, "target", target_in_cover=True) == 3
    assert cards_to_draw(2, "attacker", target_in_cover=True) == 2


@pytest.mark.parametrize("role", ["attacker", "target"])
def test_unhurt_against_hurt_and_commander_go_to_whichever_side_qualifies(role):
    assert cards_to_draw(1, role, unhurt_vs_hurt=True) == 2
    assert cards_to_draw(1, role, near_commander=True) == 2
    assert cards_to_draw(1, role) == 1


def test_extra_cards_add_up_and_are_named():
    att = entitlement(3, "attacker", flank_or_rear=True, target_in_cover=True, unhurt_vs_hurt=True,
                      near_commander=True)
    assert att.extras == ("flank or rear", "unhurt against hurt", "commander") and att.total == 6
    tgt = entitlement(3, "target", flank_or_rear=True, target_in_cover=True, near_commander=True)
    assert tgt.extras == ("cover", "commander") and tgt.total == 5


def test_oas_target_gets_no_cover_card():
    assert oas_target_entitlement(2).total == 2
    assert oas_target_entitlement(2, near_commander=True).total == 3


# The difference table

@pytest.mark.parametrize(("diff", "hold", "retreat"),
                         [(1, 1, 0), (6, 1, 0), (7, 2, 1), (9, 2, 1), (10, 3, 2), (12, 3, 2), (13, 3, 2)])
def test_every_table_row(diff, hold, retreat):
    band = band_for(diff)
    assert (band.hold, band.retreat) == (hold, retreat)


@pytest.mark.parametrize(("high", "low"), [(2, 1), (7, 1), (8, 1), (10, 1), (11, 1), (13, 1), (13, 7), (12, 6)])
def test_attacker_win_offers_the_target_hold_or_retreat(high, low):
    result = fight([c(high), c(2, HEARTS)], [c(low, SPADES)])
    diff = high - low
    band = band_for(diff)
    assert result.winner == "attacker" and result.loser == "target"
    assert result.difference == diff and result.band == band
    assert result.options == (LossOption("hold", band.hold), LossOption("retreat", band.retreat))
    assert result.target_suffers and not result.attacker_suffers


def test_band_for_refuses_impossible_differences():
    with pytest.raises(ValueError):
        band_for(0)
    with pytest.raises(ValueError):
        band_for(14)
    assert [b.label for b in BANDS] == ["1-6", "7-9", "10-12"]


def test_only_the_best_card_counts():
    h = hand([c(3), c(12, HEARTS), c(12, SPADES), c(1)])
    assert h.value == 12 and rank(h.best) == 12 and h.jokers == 0


def test_a_target_that_cannot_retreat_must_hold():
    result = fight([c(13)], [c(3, HEARTS)], target_may_retreat=False)
    assert result.options == (LossOption("hold", 3),)


# Ties

def test_tie_in_range_of_each_other_costs_both_one():
    result = fight([c(9)], [c(9, HEARTS)], attacker_in_target_range=True, target_in_attacker_range=True)
    assert result.winner is None and result.tie_losses
    assert result.attacker_suffers and result.target_suffers and result.options == ()


@pytest.mark.parametrize(("att_in", "tgt_in"), [(False, True), (True, False), (False, False)])
def test_tie_out_of_mutual_range_does_nothing(att_in, tgt_in):
    result = fight([c(9)], [c(9, HEARTS)], attacker_in_target_range=att_in, target_in_attacker_range=tgt_in)
    assert result.winner is None and not result.tie_losses
    assert not result.attacker_suffers and not result.target_suffers


def test_tie_in_base_contact_costs_both_one():
    result = fight([c(4)], [c(4, HEARTS)], attacker_in_target_range=False, target_in_attacker_range=False,
                   in_contact=True)
    assert result.tie_losses


# Fire exchange

def test_outscored_attacker_within_the_targets_range_suffers():
    result = fight([c(2)], [c(10, HEARTS)], attacker_in_target_range=True)
    assert result.winner == "target" and result.loser == "attacker"
    assert result.loser_suffers and result.attacker_suffers
    assert result.options == (LossOption("hold", 2), LossOption("retreat", 1))


def test_outscored_attacker_outside_the_targets_range_takes_nothing():
    result = fight([c(2)], [c(10, HEARTS)], attacker_in_target_range=False)
    assert result.winner == "target" and not result.loser_suffers
    assert not result.attacker_suffers and result.options == ()


def test_outscored_attacker_in_base_contact_suffers():
    result = fight([c(1)], [c(13, HEARTS)], attacker_in_target_range=False, in_contact=True)
    assert result.attacker_suffers and result.options[0] == LossOption("hold", 3)


def test_outscored_attacker_that_cannot_retreat_must_hold():
    result = fight([c(1)], [c(5, HEARTS)], attacker_may_retreat=False)
    assert result.options == (LossOption("hold", 1),)


# Jokers and Orbital Artillery Strikes

@pytest.mark.parametrize(("units", "strikes"), [(1, 1), (10, 1), (11, 2), (20, 2), (21, 3), (0, 0)])
def test_one_strike_per_ten_enemy_units_or_part(units, strikes):
    assert oas_strikes(1, units) == strikes
    assert oas_strikes(2, units) == 2 * strikes


def test_jokers_are_set_aside_and_grant_strikes():
    result = fight([JOKERS[0], c(5)], [c(4, HEARTS), JOKERS[1]], attacker_enemy_units=11,
                   target_enemy_units=21)
    assert result.attacker.value == 5 and result.target.value == 4
    assert result.winner == "attacker" and result.difference == 1
    assert (result.attacker_oas, result.target_oas) == (2, 3)


def test_a_hand_of_jokers_only_counts_as_zero():
    result = fight(list(JOKERS), [c(13, HEARTS)], attacker_enemy_units=3)
    assert result.attacker.value == 0 and result.attacker.best is None
    assert result.winner == "target" and result.difference == 13 and result.band == BANDS[-1]
    assert result.attacker_oas == 2
    both = fight([JOKERS[0]], [JOKERS[1]])
    assert both.winner is None and both.attacker_oas == both.target_oas == 1


def test_oas_win_must_be_held():
    result = resolve_oas([c(13), c(2), c(3), c(4)], [c(2, HEARTS)], striker_enemy_units=4, target_enemy_units=4)
    assert result.strike and result.winner == "attacker"
    assert result.options == (LossOption("hold", 3),)


def test_oas_tie_does_nothing():
    result = resolve_oas([c(8), c(2), c(3), c(4)], [c(8, HEARTS)], striker_enemy_units=4, target_enemy_units=4)
    assert result.winner is None and not result.tie_losses and not result.target_suffers


def test_outscored_oas_does_nothing():
    result = resolve_oas([c(2), c(3), c(4), c(5)], [c(12, HEARTS)], striker_enemy_units=4, target_enemy_units=4)
    assert result.winner == "target" and not result.attacker_suffers and result.options == ()


def test_jokers_in_an_oas_grant_strikes_too():
    result = resolve_oas([JOKERS[0], c(2), c(3), c(4)], [JOKERS[1], c(9, HEARTS)],
                         striker_enemy_units=12, target_enemy_units=1)
    assert (result.attacker_oas, result.target_oas) == (2, 1)


@given(st.permutations(FULL_DECK), st.integers(1, 8), st.integers(1, 8), st.booleans(), st.booleans(),
       st.booleans())
def test_results_are_consistent(order, a, t, att_in, tgt_in, contact):
    att, tgt = order[:a], order[a:a + t]
    r = fight(att, tgt, attacker_in_target_range=att_in, target_in_attacker_range=tgt_in, in_contact=contact)
    assert r.difference == abs(r.attacker.value - r.target.value)
    best_a = max((rank(x) for x in att), default=0)
    best_t = max((rank(x) for x in tgt), default=0)
    assert (r.attacker.value, r.target.value) == (best_a, best_t)
    assert r.attacker.jokers + r.target.jokers == sum(x in JOKERS for x in order[:a + t])
    if r.winner is None:
        assert r.band is None and r.options == ()
    else:
        assert r.band == band_for(r.difference)
        assert bool(r.options) == r.loser_suffers
    assert not (r.attacker_suffers and r.target_suffers) or r.tie_losses
