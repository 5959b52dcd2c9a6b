"""Domination! and All-Out War! battles: choosing the region, the flip, scoring, ties, removals, knock-outs, winning."""
from __future__ import annotations

import pytest

from core.fistful.battles import DISCS_TO_WIN, Attack, BattleThrow, ChooseFistful, Flip, Remove
from core.fistful.roster import Fighter
from core.fistful.throws import Landed
from core.game import CHANCE, Simultaneous
from tests.core.battle_helpers import (
    ARMY, ROSTER, VALUES, F, attack, target, battle_throw, fight, fistful, ready, refused, settle, throw_specs,
)

SUB0 = fistful("hyper skwall", "hyper frost", "hyper glacix")  # all from Sub-0: 2 + 3 + 1


def sub0_battle(n: int = 2, variant: str = "domination", fistfuls=None, **options):
    """Battle 1 on Sub-0 (P0's region) with P1 attacking; the throw is next."""
    regions = None
    match = ready(variant, n, fistfuls=fistfuls, regions=regions, **options)
    assert "Sub-0" in match.state.owned(0)
    if variant == "domination":
        attack(match, "Sub-0", 1)
    else:
        attack(match, "Sub-0", 0)
    return match


# --- choosing the battle ----------------------------------------------------------------------

def test_domination_attacker_chooses_an_opponents_region():
    match = ready("domination", 3, first_attacker=1)
    own = match.state.owned(1)[0]
    refused(match, Attack(1, own), own, "already yours")
    refused(match, Attack(0, match.state.owned(2)[0]), "turn")
    region = match.state.owned(2)[0]
    attack(match, region, 1)
    battle = match.state.battle
    assert (battle.region, battle.defender, battle.throwers) == (region, 2, (0, 1, 2))
    assert match.actor == CHANCE


def test_all_out_war_first_battle_is_in_one_of_the_defenders_own_regions():
    match = ready("all-out-war", 3, first_defender=2)
    assert match.actor == 2
    refused(match, Attack(2, match.state.owned(0)[0]), "their own regions")
    own = match.state.owned(2)[1]
    attack(match, own, 2)
    assert match.state.battle.defender == 2 and match.state.battle.region == own
    assert match.state.battle.throwers == (0, 1, 2)
    battle_throw(match, "d*", "b*", "d*")  # P1, an attacker, wins the first battle
    assert match.state.owner[match.state.index(own)] == 1
    settle(match)
    assert match.actor == 1
    refused(match, Attack(1, match.state.owned(1)[0]), "already yours")
    attack(match, target(match, 0))


def test_closed_region_cannot_be_attacked():
    match = ready("all-out-war", 2)
    attack(match, "Sub-0", 0)
    battle_throw(match, "b*", "b*")  # same fistful, all up: a tie
    settle(match)
    i = match.state.index("Sub-0")
    assert match.state.closed[i] and match.state.owner[i] is None
    assert match.actor == 0  # the defender becomes the attacker
    refused(match, Attack(0, "Sub-0"), "out of the game")
    assert "Sub-0" not in match.game.attackable(match.state, 0)


# --- the throw --------------------------------------------------------------------------------

def test_every_player_in_play_throws():
    match = ready("domination", 4, first_attacker=3)
    attack(match, target(match, 0))
    full = throw_specs(match, "b*", "d*", "d*", "d*")
    missing = BattleThrow(full.poses[:3] + (None,))
    refused(match, missing, "throws in this battle")
    refused(match, BattleThrow(full.poses[:3]), "must list 4 players")
    wrong = BattleThrow(full.poses[:3] + ("b",))
    refused(match, wrong, "pose for each")
    match.apply(full)


# --- the defender's flip ----------------------------------------------------------------------

def test_defender_may_flip_one_face_down_fighter_from_the_battles_region():
    a = fistful("hyper skwall", "hyper frost", "hyper gregor")  # two Sub-0, one Portal
    match = sub0_battle(fistfuls=[a, a])
    battle_throw(match, "ddd", "bbd")
    assert match.state.phase == "flip" and match.actor == 0
    assert match.game.flippable(match.state) == [F("hyper skwall"), F("hyper frost")]
    refused(match, Flip(1, F("hyper skwall")), "turn")
    refused(match, Flip(0, F("hyper gregor")), "from Sub-0")
    refused(match, Flip(0, F("hyper rimefang")), "from Sub-0")
    match.apply(Flip(0, F("hyper frost")))
    battle = match.state.history[-1] if match.state.battle is None else match.state.battle
    assert battle.flipped == F("hyper frost")
    s0, s1 = battle.scores
    assert (s0.face_up, s0.points) == (1, 3)
    assert (s1.face_up, s1.points) == (2, 2 + 3)


def test_a_face_up_fighter_cannot_be_flipped():
    a = fistful("hyper skwall", "hyper frost")
    match = sub0_battle(fistfuls=[a, a])
    battle_throw(match, "bd", "bb")
    assert match.game.flippable(match.state) == [F("hyper frost")]
    refused(match, Flip(0, F("hyper skwall")), "from Sub-0")


def test_the_flip_is_optional():
    a = fistful("hyper skwall", "hyper frost")
    match = sub0_battle(fistfuls=[a, a])
    battle_throw(match, "dd", "bd")
    match.apply(Flip(0, None))
    battle = match.state.battle or match.state.history[-1]
    assert battle.flipped is None
    assert battle.winner == 1
    assert battle.scores[0].total == 0


def test_flipped_fighter_counts_for_the_bonus_and_can_win():
    a = fistful("hyper skwall", "hyper frost", "hyper glacix")
    match = sub0_battle(fistfuls=[a, a])
    battle_throw(match, "bdd", "bbd")  # before the flip: P0 2, P1 2 + 3 + bonus 2 = 7
    match.apply(Flip(0, F("hyper frost")))  # now P0 has 2 + 3 = 5 with 2 up: nobody has most
    battle = match.state.battle or match.state.history[-1]
    assert [s.bonus for s in battle.scores] == [0, 0]
    assert [s.total for s in battle.scores] == [5, 5]
    match2 = sub0_battle(fistfuls=[a, a])
    battle_throw(match2, "bdd", "bdd")  # 2 vs 2, one up each
    match2.apply(Flip(0, F("hyper glacix")))  # P0: 2 up -> 2 + 1 + bonus 2 = 5
    battle = match2.state.battle or match2.state.history[-1]
    assert (battle.scores[0].bonus, battle.scores[0].total, battle.winner) == (2, 5, 0)


def test_no_flip_phase_without_a_face_down_fighter_from_the_region():
    a = fistful("hyper gregor", "crystal gregor")  # Portal fighters in a Sub-0 battle
    match = sub0_battle(fistfuls=[a, a])
    battle_throw(match, "dd", "bd")
    assert match.state.phase != "flip"
    match = sub0_battle(fistfuls=[SUB0, SUB0])
    battle_throw(match, "bbb", "ddd")  # Sub-0 fighters, but all face up
    assert match.state.phase != "flip"


def test_only_the_defender_flips():
    match = sub0_battle(fistfuls=[SUB0, SUB0])
    battle_throw(match, "bbb", "ddd")  # the attacker has face-down Sub-0 fighters: still no flip
    assert match.state.phase == "remove" and match.actor == 1


# --- scoring and winning ----------------------------------------------------------------------

def test_bonus_for_the_single_most_face_up_and_higher_total_wins():
    a = fistful("hyper rimefang", "hyper glacix", "crystal glacix")
    match = ready("domination", 3, fistfuls=[a, a, a], first_attacker=1)
    attack(match, target(match, 2))
    battle_throw(match, "bdd", "dbb", "ddd")  # P0 4 (1 up), P1 1 + 1 + bonus 2 = 4 ... tie-break
    battle = match.state.battle or match.state.history[-1]
    assert [s.bonus for s in battle.scores] == [0, 2, 0]
    assert [s.total for s in battle.scores] == [4, 4, 0]
    assert battle.winner == 0  # equal totals: the highest single face-up fighter (4) wins


def test_tied_most_face_up_gives_nobody_the_bonus():
    a = fistful("hyper rimefang", "hyper glacix")
    match = ready("domination", 2, fistfuls=[a, a])
    attack(match, target(match, 0))
    battle_throw(match, "bd", "db")
    battle = match.state.battle or match.state.history[-1]
    assert [s.bonus for s in battle.scores] == [0, 0]
    assert battle.winner == 0


@pytest.mark.parametrize("variant", ["domination", "all-out-war"])
def test_attacker_win_takes_the_region_and_attacks_next(variant):
    match = ready(variant, 3, first_attacker=2, first_defender=0)
    if variant == "all-out-war":
        fight(match, match.state.owned(0)[0], "b*", "d*", "d*")  # first battle: defender holds
    region = target(match, 1)
    assert match.actor == (2 if variant == "domination" else 0)
    attack(match, region)
    battle_throw(match, "d*", "d*", "b*")
    assert match.state.owner[match.state.index(region)] == 2
    settle(match)
    assert match.state.phase == "attack" and match.actor == 2


def test_any_attacker_can_win_and_then_attacks():
    match = ready("domination", 3, first_attacker=1)
    region = match.state.owned(0)[0]
    attack(match, region, 1)
    battle_throw(match, "d*", "d*", "b*")  # P2 did not choose the region but wins it
    assert match.state.owner[match.state.index(region)] == 2
    settle(match)
    assert match.actor == 2


@pytest.mark.parametrize("variant", ["domination", "all-out-war"])
def test_defender_win_keeps_the_region_and_the_defender_attacks_next(variant):
    match = ready(variant, 3, first_attacker=1, first_defender=0)
    if variant == "all-out-war":
        fight(match, match.state.owned(0)[0], "d*", "b*", "d*")
        assert match.actor == 1
    region = target(match, 2)
    attack(match, region)
    battle_throw(match, "d*", "d*", "b*")
    assert match.state.owner[match.state.index(region)] == 2
    settle(match)
    assert match.actor == 2


# --- ties -------------------------------------------------------------------------------------

def test_domination_tie_goes_to_the_highest_single_face_up_fighter():
    a = fistful("hyper rimefang", "hyper glacix", "hyper skwall")  # 4, 1, 2
    b = fistful("hyper frost", "crystal frost", "hyper skwall")  # 3, 3, 2
    match = ready("domination", 2, fistfuls=[a, b])
    attack(match, target(match, 0))
    battle_throw(match, "bbd", "bdb")  # P0 4 + 1 = 5, P1 3 + 2 = 5; best 4 vs 3
    battle = match.state.battle or match.state.history[-1]
    assert [s.total for s in battle.scores] == [5, 5]
    assert [s.best for s in battle.scores] == [4, 3]
    assert battle.winner == 0


def test_domination_full_tie_only_the_tied_players_throw_again():
    a = fistful("hyper rimefang", "hyper glacix")
    match = ready("domination", 3, fistfuls=[a, a, a], first_attacker=1)
    attack(match, target(match, 0), 1)
    battle_throw(match, "db", "bd", "bd")  # P0 1; P1 and P2 4 with best 4: still tied
    assert match.state.phase == "throw" and match.actor == CHANCE
    battle = match.state.battle
    assert battle.throwers == (1, 2) and battle.winner is None
    refused(match, throw_specs(match, "bb", "bd", "db"), "does not throw now")
    refused(match, throw_specs(match, None, "bd", None), "throws in this battle")
    battle_throw(match, None, "bd", "db")
    battle = match.state.battle
    assert battle.throws == 2 and battle.winner == 1
    assert battle.scores[0] is None  # P0 is not scored in the re-throw
    # P0's first throw still counts for its removal: its face-down rimefang
    assert match.state.phase == "remove" and match.state.to_remove == (0, 2)
    assert match.game.removable(match.state, 0) == [F("hyper rimefang")]
    assert match.game.removable(match.state, 2) == [F("hyper rimefang")]


def test_all_out_war_tie_closes_the_region_and_everyone_removes():
    match = ready("all-out-war", 3, first_defender=0)
    region = match.state.owned(0)[0]
    attack(match, region, 0)
    battle_throw(match, "bdd", "bdd", "ddd")  # P0 and P1 2 each, one up each: a tie
    battle = match.state.battle
    assert battle.outcome == "tie" and battle.winner is None
    i = match.state.index(region)
    assert match.state.closed[i] and match.state.owner[i] is None
    assert match.state.to_remove == (0, 1, 2)  # the defender too: there is no winner
    settle(match, until="reselect")
    assert match.state.pending == (0, 1, 2)
    settle(match)
    assert match.actor == 0
    assert all(len(match.state.armies[p]) == 14 for p in range(3))
    assert match.state.closed[i] and match.state.owner[i] is None


def test_all_out_war_tie_has_no_highest_fighter_tie_break():
    a = fistful("hyper rimefang", "hyper glacix", "hyper skwall")
    b = fistful("hyper frost", "crystal frost", "hyper skwall")
    match = ready("all-out-war", 2, fistfuls=[a, b])
    attack(match, target(match, 0), 0)
    battle_throw(match, "bbd", "bdb")
    battle = match.state.battle
    assert battle.outcome == "tie" and battle.winner is None


# --- after a battle ---------------------------------------------------------------------------

def test_every_non_winner_with_a_face_down_fighter_removes_one_of_their_choice():
    strong = fistful("hyper rimefang", "hyper frost", "hyper skwall")
    match = ready("domination", 4, first_attacker=1, fistfuls=[SUB0, strong, SUB0, SUB0])
    attack(match, target(match, 0), 1)
    battle_throw(match, "bbd", "b*", "ddb", "bbb")  # P1 wins with 9; P3 has all face up
    assert match.state.battle.winner == 1
    assert match.state.to_remove == (0, 2)
    assert match.actor == 0
    refused(match, Remove(0, F("hyper skwall")), "did not land face down")  # face up
    refused(match, Remove(0, F("crystal rimefang")), "did not land face down")  # not thrown
    refused(match, Remove(1, F("hyper skwall")), "turn")  # the winner removes nothing
    refused(match, Remove(2, F("hyper skwall")), "turn")  # not yet P2's turn
    match.apply(Remove(0, F("hyper glacix")))
    assert match.actor == 2
    assert set(match.game.removable(match.state, 2)) == {F("hyper skwall"), F("hyper frost")}
    match.apply(Remove(2, F("hyper frost")))
    assert F("hyper glacix") not in match.state.armies[0]
    assert F("hyper frost") not in match.state.armies[2]
    assert [len(a) for a in match.state.armies] == [14, 15, 14, 15]


def test_removed_fighters_leave_the_army_for_good_and_non_winners_reselect():
    match = ready("domination", 3, first_attacker=1)
    attack(match, target(match, 0), 1)
    battle_throw(match, "b*", "bbd", "ddd")
    assert match.state.battle.winner == 0
    match.apply(Remove(1, F("hyper glacix")))
    match.apply(Remove(2, F("hyper skwall")))
    assert match.state.phase == "reselect"
    assert match.actor == Simultaneous((1, 2))
    refused(match, ChooseFistful(0, SUB0), "nothing to choose")  # the winner keeps theirs
    refused(match, ChooseFistful(1, fistful("hyper glacix", "hyper rimefang")), "not in your army")
    match.apply(ChooseFistful(1, fistful("crystal glacix", "hyper rimefang")))
    match.apply(ChooseFistful(2, fistful("hyper frost")))
    assert match.state.phase == "attack"
    assert match.state.fistfuls == (SUB0, fistful("crystal glacix", "hyper rimefang"), fistful("hyper frost"))


def test_the_winner_is_not_asked_to_remove_or_reselect():
    match = ready("all-out-war", 2)
    fight(match, match.state.owned(0)[0], "d*", "b*")
    assert match.state.history[-1].winner == 1
    assert len(match.state.armies[1]) == 15 and len(match.state.armies[0]) == 14


# --- knock-outs and the end ---------------------------------------------------------------------

def hold(match, victim: int, last: str = "d*"):
    """One battle between the two non-victims: the attacker attacks the other, the defender holds."""
    state = match.state
    me = match.actor
    own_first = match.game.attackable(state, me)
    if set(own_first) <= set(state.owned(me)):
        region = own_first[0]
    else:
        other = next(p for p in state.in_play() if p not in (me, victim))
        region = state.owned(other)[0]
    attack(match, region)
    defender = match.state.battle.defender
    specs = ["b*" if p == defender else "d*" for p in range(3)]
    specs[victim] = last
    battle_throw(match, *specs)
    return settle(match)


def two_left_for_the_victim(variant: str):
    """3 players; P0 and P1 hold 5 regions each, P2 (the victim) 2, so a winner taking P2's stays below 8."""
    match = ready(variant, 3, first_attacker=0, first_defender=1)
    if variant == "all-out-war":
        fight(match, target(match, 1), "d*", "b*", "d*")  # the first battle: P1 holds its own region
        fight(match, target(match, 2), "d*", "b*", "d*")  # P1 takes one of P2's
    else:
        fight(match, target(match, 2), "b*", "d*", "d*")  # P0 takes one of P2's
    fight(match, target(match, 2), "d*" if variant == "domination" else "b*",
          "b*" if variant == "domination" else "d*", "d*")
    assert [len(match.state.owned(p)) for p in range(3)] == [5, 5, 2]
    return match


@pytest.mark.parametrize("variant", ["domination", "all-out-war"])
def test_a_player_out_of_fighters_is_out_and_their_regions_go_to_the_winner(variant):
    match = two_left_for_the_victim(variant)
    victims_regions = match.state.owned(2)
    while len(match.state.armies[2]) > 1:
        hold(match, victim=2)
    assert not match.state.out[2]
    hold(match, victim=2)
    winner = match.state.history[-1].winner
    assert match.state.out[2] and winner in (0, 1)
    assert all(match.state.owner[match.state.index(r)] == winner for r in victims_regions)
    # the knocked-out player never acts again
    assert match.state.phase == "attack"
    attack(match, match.state.owned(1 - winner)[0])
    assert match.state.battle.throwers == (0, 1)
    full = throw_specs(match, "b*", "d*", None)
    refused(match, BattleThrow(full.poses[:2] + ("b",)), "does not throw now")


def test_a_player_knocked_out_in_a_battle_without_winner_takes_their_regions_out_of_the_game():
    match = two_left_for_the_victim("all-out-war")
    victims_regions = match.state.owned(2)
    while len(match.state.armies[2]) > 1:
        hold(match, victim=2)
    region = match.state.owned(0)[0] if match.actor == 1 else match.state.owned(1)[0]
    attack(match, region)
    battle_throw(match, "d*", "d*", "d*")  # 0 - 0 - 0: a tie, no winner
    settle(match)
    assert match.state.out[2]
    for r in victims_regions + (region,):
        i = match.state.index(r)
        assert match.state.closed[i] and match.state.owner[i] is None


def test_losing_the_last_region_knocks_a_player_out_at_once():
    match = ready("domination", 4, first_attacker=1)
    for region in match.state.owned(0)[:-1]:
        fight(match, region, "d*", "b*", "d*", "d*")
    last = match.state.owned(0)
    assert len(last) == 1 and not match.state.out[0]
    attack(match, last[0])
    battle_throw(match, "d*", "b*", "d*", "d*")
    assert match.state.out[0]
    assert match.state.to_remove == (2, 3)  # the knocked-out player does not remove
    settle(match, until="reselect")
    assert match.state.pending == (2, 3)
    settle(match)
    assert 0 not in match.state.in_play() and match.result is None
    attack(match, target(match, 2))
    assert match.state.battle.throwers == (1, 2, 3)


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("champion", [False, True])
def test_domination_is_won_at_ten_eight_seven_discs(n, champion):
    need = DISCS_TO_WIN[n]
    assert need == {2: 10, 3: 8, 4: 7}[n]
    match = ready("domination", n, first_attacker=1, ultimate_champion=champion)
    while True:
        victim = max((p for p in match.state.in_play() if p != 1), key=lambda p: len(match.state.owned(p)))
        region = match.state.owned(victim)[0]
        last = len(match.state.owned(1)) + 1 == need
        if last:
            assert match.state.phase == "attack" and match.result is None
        attack(match, region)
        battle_throw(match, *["b*" if p == 1 else "d*" for p in range(n)])
        settle(match)
        if last:
            break
    assert len(match.state.owned(1)) == need
    assert all(not o for o in match.state.out)  # won by discs, nobody was knocked out
    if champion:
        assert match.state.phase == "champion_pick" and match.actor == 1
    else:
        assert match.is_over
        assert match.result.winners == (1,) and not match.result.draw
        assert f"{need} discs" in match.game.result_text(match.state)
        assert match.result.reason == "discs" and match.result.placings[1] == 1


def test_all_out_war_is_won_by_the_last_player_with_counters():
    match = ready("all-out-war", 2, first_defender=0)
    fight(match, match.state.owned(0)[0], "d*", "b*")
    while not match.is_over:
        assert match.actor == 1
        fight(match, match.state.owned(0)[0], "d*", "b*")
    assert match.state.out == (True, False)
    assert match.result.winners == (1,) and not match.result.draw
    assert "last player" in match.game.result_text(match.state)
    assert match.result.reason == "last-standing" and match.result.placings == (2, 1)
    assert len(match.state.owned(1)) == 12


def test_everyone_knocked_out_in_the_same_battle_is_a_draw():
    strong = tuple(f for f in ROSTER.fighters if VALUES[f.sculpt] >= 2)[:15]
    match = ready("all-out-war", 2, first_defender=0, armies=[strong, ARMY],
                  fistfuls=[strong[:1], fistful("hyper glacix")])

    def battle(region, p0, p1):
        attack(match, region)
        battle_throw(match, p0, p1)
        settle(match, until="reselect")
        if 0 in match.state.pending:
            match.apply(ChooseFistful(0, match.state.armies[0][:1]))
        settle(match)

    battle(match.state.owned(0)[0], "b", "b")  # P0 holds; P1 all face up removes nothing
    for _ in range(5):
        battle(match.state.owned(1)[0], "b", "b")
    assert len(match.state.owned(1)) == 1 and len(match.state.armies[1]) == 15
    while len(match.state.armies[0]) > 1:
        battle(match.state.owned(1)[0], "d", "b")  # P1 holds its last region, P0 loses a fighter
        battle(match.state.owned(0)[0], "b", "b")  # P0 holds
    assert match.actor == 0 and match.result is None
    attack(match, target(match, 1))
    battle_throw(match, "d", "d")  # 0 - 0: the region leaves; P1 has none, P0 loses its last fighter
    settle(match)
    assert match.state.out == (True, True)
    assert match.is_over
    assert match.result.draw and match.result.winners == (0, 1)
