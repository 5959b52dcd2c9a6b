"""Domination! and All-Out War! set-up: players, claims, armies, fistfuls, secrecy and undo barriers."""
from __future__ import annotations

import pytest

from core.errors import IllegalSetup
from core.fistful.battles import ARMY_SIZE, QUOTA, Attack, ChooseArmy, ChooseFistful, Claim
from core.fistful.roster import Fighter
from core.game import Simultaneous
from core.match import Match
from tests.core.battle_helpers import (
    ARMY, GAMES, ROSTER, VALUES, army_of, claim_all, fistful, new_match, ready, refused, settle, setup, throw_specs,
)

VARIANTS = ("domination", "all-out-war")


# --- players --------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_two_to_four_players_start(variant, n):
    match = new_match(variant, n)
    assert len(match.state.armies) == n
    assert match.state.phase == ("claim" if variant == "domination" else "army")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("n", [1, 5])
def test_one_and_five_players_refused(variant, n):
    with pytest.raises(IllegalSetup, match="2 to 4 players"):
        Match.new(variant, GAMES[variant].default_setup(n))


def test_domination_first_attacker_must_differ_from_first_defender():
    with pytest.raises(IllegalSetup, match="different players"):
        Match.new("domination", setup("domination", 3, first_defender=1, first_attacker=1))
    Match.new("domination", setup("domination", 3, first_defender=1, first_attacker=2))


def test_all_out_war_ignores_first_attacker():
    match = Match.new("all-out-war", setup("all-out-war", 3, first_defender=1, first_attacker=1))
    assert match.state.attacker == 1


@pytest.mark.parametrize("variant", VARIANTS)
def test_first_defender_must_be_a_seat(variant):
    with pytest.raises(IllegalSetup, match="first defender"):
        Match.new(variant, setup(variant, 2, first_defender=2, first_attacker=0))


# --- claims ---------------------------------------------------------------------------------

# The first defender claims two, then seats take turns one at a time until everyone holds their share.
CLAIM_ORDERS = {
    2: [0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 1],
    3: [0, 0, 1, 2, 0, 1, 2, 0, 1, 2, 1, 2],
    4: [0, 0, 1, 2, 3, 0, 1, 2, 3, 1, 2, 3],
}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_domination_claim_order(n):
    match = new_match("domination", n)
    assert claim_all(match) == CLAIM_ORDERS[n]
    assert [len(match.state.owned(p)) for p in range(n)] == [QUOTA[n]] * n == [12 // n] * n
    assert match.state.phase == "army"


def test_claim_order_starts_from_the_first_defender():
    match = new_match("domination", 3, first_defender=2, first_attacker=0)
    assert claim_all(match) == [2, 2, 0, 1, 2, 0, 1, 2, 0, 1, 0, 1]


def test_quotas_are_six_four_three():
    assert QUOTA == {2: 6, 3: 4, 4: 3}


def test_taken_region_refused():
    match = new_match("domination", 2)
    match.apply(Claim(0, "Sub-0"))
    refused(match, Claim(0, "Sub-0"), "Sub-0", "already taken")
    match.apply(Claim(0, "Portal"))
    refused(match, Claim(1, "Portal"), "already taken")


def test_claim_out_of_turn_or_unknown_region_refused():
    match = new_match("domination", 2)
    refused(match, Claim(1, "Sub-0"), "turn")
    refused(match, Claim(0, "Atlantis"), "no region")
    refused(match, Claim(2, "Sub-0"), "no player 3")


def test_domination_order_claims_then_armies_then_fistfuls_then_attack():
    match = new_match("domination", 3, first_defender=0, first_attacker=2)
    assert match.state.phase == "claim" and match.actor == 0
    refused(match, ChooseArmy(0, ARMY), "not possible now")
    claim_all(match)
    assert match.state.phase == "army" and match.actor == Simultaneous((0, 1, 2))
    refused(match, ChooseFistful(0, fistful("hyper skwall")), "not possible now")
    for p in range(3):
        match.apply(ChooseArmy(p, ARMY))
    assert match.state.phase == "fistful" and match.actor == Simultaneous((0, 1, 2))
    for p in range(3):
        match.apply(ChooseFistful(p, fistful("hyper skwall")))
    assert match.state.phase == "attack"
    assert match.actor == 2


def test_all_out_war_order_armies_then_fistfuls_then_placement_then_first_battle():
    match = new_match("all-out-war", 3, first_defender=1)
    assert match.state.phase == "army"
    refused(match, Claim(1, "Sub-0"), "not possible now")
    for p in range(3):
        match.apply(ChooseArmy(p, ARMY))
    assert match.state.phase == "fistful"
    for p in range(3):
        match.apply(ChooseFistful(p, fistful("hyper skwall")))
    assert match.state.phase == "claim"
    order = claim_all(match)
    assert order == [1, 1, 2, 0, 1, 2, 0, 1, 2, 0, 2, 0]
    assert [len(match.state.owned(p)) for p in range(3)] == [4, 4, 4]
    assert all(o is not None for o in match.state.owner)
    assert match.state.phase == "attack" and match.actor == 1


@pytest.mark.parametrize("n", [2, 4])
def test_all_out_war_placement_is_even(n):
    match = ready("all-out-war", n)
    assert sorted(len(match.state.owned(p)) for p in range(n)) == [12 // n] * n


# --- armies ---------------------------------------------------------------------------------

def army_match(variant: str = "domination") -> Match:
    match = new_match(variant, 2)
    if variant == "domination":
        claim_all(match)
    return match


@pytest.mark.parametrize("size", [14, 16])
def test_army_must_have_exactly_fifteen(size):
    fighters = army_of("Sub-0", "Portal")[:14] if size == 14 else army_of("Sub-0", "Portal")[:15] + army_of("Mar", "Azure")[:1]
    assert len(fighters) == size
    refused(army_match(), ChooseArmy(0, fighters), f"exactly {ARMY_SIZE}", str(size))


def test_army_has_no_point_limit_but_no_duplicates_or_strangers():
    match = army_match("all-out-war")
    dup = ARMY[:14] + ARMY[:1]
    refused(match, ChooseArmy(0, dup), "twice")
    refused(match, ChooseArmy(0, ARMY[:14] + (Fighter("nobody", "hyper"),)), "not in the roster")
    refused(match, ChooseArmy(0, ARMY[:14] + (ROSTER.warlord_fighters[0],)), "not in the roster")
    fours = tuple(f for f in ROSTER.fighters if VALUES[f.sculpt] == 4)[:15]
    assert sum(VALUES[f.sculpt] for f in fours) == 60
    match.apply(ChooseArmy(0, fours))
    assert match.state.armies[0] == fours


def test_a_player_chooses_one_army():
    match = army_match()
    match.apply(ChooseArmy(0, ARMY))
    refused(match, ChooseArmy(0, ARMY), "nothing to choose")


# --- fistfuls -------------------------------------------------------------------------------

def fistful_match(variant: str = "domination") -> Match:
    match = army_match(variant)
    for p in range(2):
        match.apply(ChooseArmy(p, ARMY))
    return match


def test_fistful_of_seven_refused():
    seven = fistful("hyper glacix", "crystal glacix", "shadow glacix", "hyper skwall", "crystal skwall",
                    "shadow skwall", "hyper gregor")
    assert sum(VALUES[f.sculpt] for f in seven) <= 15
    refused(fistful_match(), ChooseFistful(0, seven), "at most 6 fighters")


def test_fistful_over_fifteen_points_refused_and_fifteen_accepted():
    match = fistful_match("all-out-war")
    sixteen = fistful("hyper rimefang", "crystal rimefang", "shadow rimefang", "hyper frost", "hyper glacix")
    assert sum(VALUES[f.sculpt] for f in sixteen) == 16
    refused(match, ChooseFistful(0, sixteen), "at most 15 points", "16")
    fifteen = fistful("hyper rimefang", "crystal rimefang", "shadow rimefang", "hyper frost")
    assert sum(VALUES[f.sculpt] for f in fifteen) == 15
    match.apply(ChooseFistful(0, fifteen))
    assert match.state.fistfuls[0] == fifteen


def test_fistful_only_from_own_army():
    match = new_match("domination", 2)
    claim_all(match)
    match.apply(ChooseArmy(0, ARMY))
    other = army_of("Mar", "Azure")
    match.apply(ChooseArmy(1, other))
    refused(match, ChooseFistful(0, fistful("hyper marauk")), "not in your army")
    refused(match, ChooseFistful(1, fistful("hyper skwall")), "not in your army")
    refused(match, ChooseFistful(0, ()), "at least one")
    refused(match, ChooseFistful(0, fistful("hyper skwall", "hyper skwall")), "twice")
    match.apply(ChooseFistful(1, fistful("hyper marauk")))


# --- secrecy and undo barriers --------------------------------------------------------------

def test_armies_are_secret_until_all_have_chosen():
    match = army_match()
    a, b = ARMY, army_of("Mar", "Azure")
    match.apply(ChooseArmy(1, b))
    assert match.view(1).armies == ((), b)
    assert match.view(0).armies == ((), ())
    assert match.view(None).armies == ((), ())
    match.apply(ChooseArmy(0, a))
    for p in (0, 1, None):
        assert match.view(p).armies == (a, b)


def test_fistfuls_are_secret_until_all_have_chosen():
    match = fistful_match()
    a, b = fistful("hyper skwall"), fistful("hyper frost", "hyper glacix")
    match.apply(ChooseFistful(0, a))
    assert match.view(0).fistfuls == (a, ())
    assert match.view(1).fistfuls == ((), ())
    assert match.view(None).fistfuls == ((), ())
    match.apply(ChooseFistful(1, b))
    for p in (0, 1, None):
        assert match.view(p).fistfuls == (a, b)


def test_revealing_picks_are_undo_barriers_in_simulated_mode():
    match = new_match("domination", 3, mode="simulated")
    claim_all(match)
    assert match.can_undo  # a claim is public and can be taken back
    match.apply(ChooseArmy(0, ARMY))
    assert match.can_undo
    match.apply(ChooseArmy(1, ARMY))
    assert match.can_undo
    match.apply(ChooseArmy(2, ARMY))
    assert not match.can_undo
    match.apply(ChooseFistful(2, fistful("hyper skwall")))
    assert match.can_undo
    match.undo()
    assert match.state.fistfuls[2] == ()
    match.apply(ChooseFistful(2, fistful("hyper skwall")))
    match.apply(ChooseFistful(0, fistful("hyper skwall")))
    match.apply(ChooseFistful(1, fistful("hyper skwall")))
    assert not match.can_undo


def test_all_out_war_fistful_reveal_is_a_barrier_and_table_mode_can_undo():
    sim = new_match("all-out-war", 2, mode="simulated")
    table = new_match("all-out-war", 2, mode="table")
    for match in (sim, table):
        for p in range(2):
            match.apply(ChooseArmy(p, ARMY))
        for p in range(2):
            match.apply(ChooseFistful(p, fistful("hyper skwall")))
    assert not sim.can_undo
    assert table.can_undo


def reselecting(mode: str = "table") -> Match:
    """3 players after battle 1, which the defender (P0) won: P1 and P2 reselect."""
    match = ready("domination", 3, mode=mode, first_attacker=1)
    match.apply(Attack(1, match.state.owned(0)[0]))
    match.apply(throw_specs(match, "b*", "d*", "d*"))
    settle(match, until="reselect")
    assert match.state.pending == (1, 2)
    return match


def test_last_reselection_is_an_undo_barrier_in_simulated_mode():
    match = reselecting("simulated")
    match.apply(ChooseFistful(1, fistful("hyper rimefang")))
    assert match.can_undo
    match.apply(ChooseFistful(2, fistful("hyper rimefang")))
    assert match.state.phase == "attack"
    assert not match.can_undo


def test_reselected_fistfuls_stay_secret_until_all_have_chosen():
    match = reselecting()
    new = fistful("hyper rimefang")
    match.apply(ChooseFistful(1, new))
    assert match.state.pending == (2,)
    assert match.view(2).fistfuls[1] != new
    assert match.view(None).fistfuls[1] != new
    assert match.view(1).fistfuls[1] == new


def test_settle_helper_finishes_a_battle():
    match = reselecting()
    settle(match)
    assert match.state.phase == "attack"
