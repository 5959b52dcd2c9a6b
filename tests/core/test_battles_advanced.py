"""Advanced rules (Hero, Slaughter, Ambush, Team Victory) and the Frontline variant: on when set, off when not."""
from __future__ import annotations

import pytest

from core.fistful.battles import Attack, BattleThrow, ChooseFistful, Flip, HeroClaim, Remove
from maps.scar import default_scar
from tests.core.battle_helpers import (
    VALUES, F, attack, battle_throw, fight, fistful, ready, refused, settle, target, throw_specs,
)

VARIANTS = ("domination", "all-out-war")
FOUR = fistful("hyper skwall", "hyper frost", "hyper glacix", "crystal glacix")  # 2 + 3 + 1 + 1 = 7
FOUR_B = fistful("crystal skwall", "hyper frost", "hyper glacix", "crystal glacix")  # FOUR after losing hyper skwall


def first_battle(variant: str, n: int = 2, fistfuls=None, **options):
    """Battle 1 in one of P0's regions (no flips), P0 defending and P1 attacking; the throw is next."""
    match = ready(variant, n, fistfuls=fistfuls, first_attacker=1, first_defender=0, **options)
    attack(match, target(match, 0), 1 if variant == "domination" else 0)
    return match


def last_battle(match):
    return match.state.battle or match.state.history[-1]


# --- Hero -------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
def test_attacking_hero_wins_outright_and_must_take_a_second_region(variant):
    match = first_battle(variant, hero=True)
    region = match.state.battle.region
    battle_throw(match, "b*", "sdd")  # P0 8 points against P1's 2: the Hero wins anyway
    battle = match.state.battle
    assert (battle.winner, battle.outcome) == (1, "hero")
    assert battle.scores[0].total > battle.scores[1].total
    assert match.state.owner[match.state.index(region)] == 1
    assert match.state.phase == "hero_claim" and match.actor == 1
    refused(match, HeroClaim(1, None), "must place")
    refused(match, HeroClaim(0, target(match, 0)), "turn")
    refused(match, HeroClaim(1, region), "cannot be claimed")
    refused(match, HeroClaim(1, match.state.owned(1)[0]), "cannot be claimed")
    second = target(match, 0)
    assert match.game.hero_claimable(match.state) == list(match.state.owned(0))
    match.apply(HeroClaim(1, second))
    assert match.state.owner[match.state.index(second)] == 1
    assert len(match.state.owned(1)) == 8
    settle(match)
    assert match.actor == 1


@pytest.mark.parametrize("variant", VARIANTS)
def test_defending_hero_keeps_the_region_and_may_take_another(variant):
    match = first_battle(variant, hero=True)
    region = match.state.battle.region
    battle_throw(match, "sdd", "b*")
    assert match.state.battle.outcome == "hero" and match.state.battle.winner == 0
    assert match.state.phase == "hero_claim" and match.actor == 0
    match.apply(HeroClaim(0, None))
    assert match.state.owner[match.state.index(region)] == 0
    assert len(match.state.owned(0)) == 6
    match2 = first_battle(variant, hero=True)
    battle_throw(match2, "sdd", "b*")
    taken = target(match2, 1)
    match2.apply(HeroClaim(0, taken))
    assert match2.state.owner[match2.state.index(taken)] == 0 and len(match2.state.owned(0)) == 7


@pytest.mark.parametrize("variant", VARIANTS)
def test_hero_off_a_standing_fighter_is_just_face_up(variant):
    match = first_battle(variant)
    battle_throw(match, "b*", "sdd")
    battle = last_battle(match)
    assert (battle.winner, battle.outcome) == (0, "won")
    assert battle.scores[1].face_up == 1 and battle.scores[1].standing == 1
    assert match.state.phase != "hero_claim"


@pytest.mark.parametrize("variant", VARIANTS)
def test_two_heroes_draw_and_the_region_leaves_the_game(variant):
    match = ready(variant, 3, first_attacker=1, first_defender=0, hero=True)
    attack(match, target(match, 0), 1 if variant == "domination" else 0)
    region = match.state.battle.region
    battle_throw(match, "bbb", "sdd", "dsd")
    battle = match.state.battle
    assert battle.outcome == "hero-draw" and battle.winner is None
    i = match.state.index(region)
    assert match.state.closed[i] and match.state.owner[i] is None
    assert match.state.to_remove == (1, 2)  # no winner: everyone with a face-down fighter
    settle(match)
    assert match.actor == 0  # the defender becomes the attacker
    refused(match, Attack(0, region), "out of the game")


# --- Slaughter --------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
def test_slaughter_gives_three_in_the_next_battle_only(variant):
    match = first_battle(variant, fistfuls=[FOUR, FOUR], slaughter=True)
    battle_throw(match, "bbbb", "dddd")  # P0 wins with all 4 face up
    assert last_battle(match).scores[0].slaughter == 0
    settle(match, fistfuls={1: FOUR_B})
    assert match.actor == 0
    attack(match, target(match, 1))
    battle_throw(match, "bddd", "bddd")  # 2 + 3 against 2: the +3 decides
    battle = last_battle(match)
    assert [s.slaughter for s in battle.scores] == [3, 0]
    assert [s.total for s in battle.scores] == [2 + 3, 2]
    assert battle.winner == 0
    settle(match)
    attack(match, target(match, 1))
    battle_throw(match, "bddd", "d*")
    assert [s.slaughter for s in last_battle(match).scores] == [0, 0]


def test_slaughter_counts_in_every_throw_of_the_next_battle():
    a = fistful("hyper rimefang", "hyper glacix", "hyper skwall", "hyper frost")
    b = fistful("hyper rimefang", "crystal rimefang", "hyper skwall", "hyper frost")
    match = first_battle("domination", fistfuls=[a, b], slaughter=True)
    battle_throw(match, "bbbb", "dddd")
    settle(match, fistfuls={1: fistful("crystal rimefang", "shadow rimefang", "hyper skwall", "hyper frost")})
    attack(match, target(match, 1))
    battle_throw(match, "bbdd", "bbdd")  # 4 + 1 + 3 = 8 against 4 + 4 = 8, best 4 each: throw again
    battle = match.state.battle
    assert battle.outcome == "rethrow" and [s.total for s in battle.scores] == [8, 8]
    battle_throw(match, "bddd", "bddd")
    assert [s.slaughter for s in last_battle(match).scores] == [3, 0]
    assert [s.total for s in last_battle(match).scores] == [7, 4]


def test_slaughter_needs_four_thrown_and_all_face_up_standing_included():
    three = FOUR[:3]
    match = first_battle("domination", fistfuls=[three, three], slaughter=True)
    battle_throw(match, "bbb", "ddd")
    settle(match)
    attack(match, target(match, 1))
    battle_throw(match, "bdd", "d*")
    assert last_battle(match).scores[0].slaughter == 0
    match = first_battle("domination", fistfuls=[FOUR, FOUR], slaughter=True)
    battle_throw(match, "bsbb", "dddd")
    settle(match)
    attack(match, target(match, 1))
    battle_throw(match, "dddd", "d*")
    assert last_battle(match).scores[0].slaughter == 3


def test_slaughter_off_gives_nothing():
    match = first_battle("domination", fistfuls=[FOUR, FOUR])
    battle_throw(match, "bbbb", "dddd")
    settle(match)
    attack(match, target(match, 1))
    battle_throw(match, "bddd", "d*")
    battle = last_battle(match)
    assert [s.slaughter for s in battle.scores] == [0, 0]
    assert [s.total for s in battle.scores] == [2 + 2, 0]


# --- Ambush -----------------------------------------------------------------------------------

FULL = fistful("hyper rimefang", "crystal rimefang", "hyper frost", "hyper skwall", "hyper glacix",
               "crystal glacix")  # 6 fighters, 4 + 4 + 3 + 2 + 1 + 1 = 15 points


def ambushed(variant: str = "domination", **options):
    """P0 (defending) throws 4 all face down; P1 wins and may add a bonus Shadow fighter."""
    match = first_battle(variant, fistfuls=[FOUR, FULL], ambush=True, **options)
    battle_throw(match, "dddd", "bbbbbd")
    assert match.state.battle.winner == 1
    settle(match, until="reselect")
    return match


def test_ambush_lets_each_opponent_add_one_shadow_fighter_beyond_the_limits():
    assert len(FULL) == 6 and sum(VALUES[f.sculpt] for f in FULL) == 15
    match = ambushed()
    assert match.state.ambush_right == (False, True)
    assert set(match.state.pending) == {0, 1}  # the winner too, for the bonus fighter only
    refused(match, ChooseFistful(1, FULL, F("hyper gregor")), "Shadow")
    refused(match, ChooseFistful(1, FULL, F("shadow marauk")), "not in your army")
    refused(match, ChooseFistful(1, FULL[:5], F("shadow rimefang")), "keeps the same fistful")
    refused(match, ChooseFistful(0, FOUR[1:], F("shadow rimefang")), "ambushed")
    match.apply(ChooseFistful(1, FULL, F("shadow rimefang")))
    match.apply(ChooseFistful(0, match.state.fistfuls[0]))
    assert match.state.thrown(1) == FULL + (F("shadow rimefang"),)
    attack(match, target(match, 0))
    short = throw_specs(match, "d*", "b*")
    refused(match, BattleThrow((short.poses[0], short.poses[1][:6])), "pose for each of the 7")
    battle_throw(match, "b*", "dddddds")  # the bonus fighter is thrown; P1 loses this battle
    assert last_battle(match).scores[1].face_up == 1 and last_battle(match).scores[1].points == 4
    assert match.state.phase == "remove" and match.actor == 1
    match.apply(Remove(1, F("hyper rimefang")))
    assert F("hyper rimefang") not in match.state.armies[1]


def test_the_ambush_fighter_can_be_removed_and_lasts_one_battle():
    match = ambushed()
    match.apply(ChooseFistful(1, FULL, F("shadow frost")))
    match.apply(ChooseFistful(0, match.state.fistfuls[0]))
    attack(match, target(match, 0))
    battle_throw(match, "b*", "bbbbbbd")  # P1 wins again; the extra landed face down
    assert last_battle(match).winner == 1
    match2 = ambushed()
    match2.apply(ChooseFistful(1, FULL, F("shadow frost")))
    match2.apply(ChooseFistful(0, match2.state.fistfuls[0]))
    attack(match2, target(match2, 0))
    battle_throw(match2, "bbb", "dddddd" + "d")
    assert match2.state.phase == "remove" and match2.actor == 1
    match2.apply(Remove(1, F("shadow frost")))
    assert F("shadow frost") not in match2.state.armies[1]
    assert match2.state.extra[1] is None
    settle(match2)
    assert match2.state.thrown(1) == FULL  # the bonus was for one battle
    settle(match)
    assert match.state.thrown(1) == FULL and match.state.extra == (None, None)


def test_ambush_needs_four_all_face_down_and_the_flag():
    match = first_battle("domination", fistfuls=[FOUR[:3], FULL], ambush=True)
    battle_throw(match, "ddd", "b*")
    settle(match, until="reselect")
    assert match.state.ambush_right == (False, False)
    assert match.state.pending == (0,)
    match = first_battle("domination", fistfuls=[FOUR, FULL])
    battle_throw(match, "dddd", "b*")
    settle(match, until="reselect")
    assert match.state.ambush_right == (False, False)
    refused(match, ChooseFistful(0, FOUR[1:], F("shadow rimefang")), "ambushed")


# --- Team Victory -----------------------------------------------------------------------------

SUB0_FOUR = fistful("hyper skwall", "hyper frost", "hyper glacix", "hyper gregor")  # three Sub-0, one Portal


def sub0_battle(**options):
    match = ready("domination", 2, fistfuls=[SUB0_FOUR, SUB0_FOUR], first_attacker=1, **options)
    assert "Sub-0" in match.state.owned(0)
    attack(match, "Sub-0", 1)
    return match


def test_team_victory_three_face_up_from_the_battles_region():
    match = sub0_battle(team_victory=True)
    battle_throw(match, "ddbb", "bbbd")  # P1: skwall, frost, glacix from Sub-0 face up
    assert match.state.phase == "flip"
    match.apply(Flip(0, None))
    s0, s1 = last_battle(match).scores
    assert (s1.team_victory, s1.total) == (5, 2 + 3 + 1 + 2 + 5)
    assert (s0.team_victory, s0.total) == (0, 1 + 2)


def test_team_victory_two_are_not_enough_and_the_flip_counts():
    match = sub0_battle(team_victory=True)
    battle_throw(match, "bbdd", "bbdb")  # two Sub-0 each
    assert [s for s in match.game.score(match.state, match.state.battle)][1].team_victory == 0
    match.apply(Flip(0, F("hyper glacix")))  # the defender's third Sub-0 fighter
    s0, s1 = last_battle(match).scores
    assert s0.team_victory == 5 and s1.team_victory == 0
    assert (s0.bonus, s0.total) == (0, 2 + 3 + 1 + 5)  # 3 face up each after the flip: no +2


def test_team_victory_off_gives_nothing():
    match = sub0_battle()
    battle_throw(match, "ddbb", "bbbd")
    match.apply(Flip(0, None))
    assert [s.team_victory for s in last_battle(match).scores] == [0, 0]
    assert last_battle(match).scores[1].total == 2 + 3 + 1 + 2


# --- Frontline --------------------------------------------------------------------------------

WEST = ("Sub-0", "Ironspire", "Thornwild", "Duskmire", "Molobog", "Portal")
EAST = ("Bonereach", "Stormcrag", "Azure", "Cinderhold", "Glasswaste", "Mar")


def frontline(variant: str, on: bool = True):
    match = ready(variant, 2, regions=[WEST, EAST], first_attacker=1, first_defender=0, frontline=on)
    if variant == "all-out-war":
        fight(match, "Sub-0", "d*", "b*")  # P1 wins the first battle and attacks next
        assert match.actor == 1
    return match


def test_the_real_map_has_one_border_between_west_and_east():
    scar = default_scar()
    crossings = {(w, e) for w in WEST for e in EAST if e in scar.neighbours(w)}
    assert crossings == {("Portal", "Bonereach")}


@pytest.mark.parametrize("variant", VARIANTS)
def test_frontline_attacks_only_bordering_regions(variant):
    match = frontline(variant)
    scar = default_scar()
    own = set(match.state.owned(1))
    expected = [r for r in match.state.owned(0) if own & set(scar.neighbours(r))]
    assert match.game.attackable(match.state, 1) == expected
    reason = refused(match, Attack(1, "Molobog"), "Frontline", "Molobog", "border")
    assert "Frontline" in reason
    attack(match, "Portal", 1)
    assert match.state.battle.region == "Portal"


@pytest.mark.parametrize("variant", VARIANTS)
def test_without_frontline_any_opponent_region(variant):
    match = frontline(variant, on=False)
    assert set(match.game.attackable(match.state, 1)) == set(match.state.owned(0))
    attack(match, "Molobog", 1)


def test_the_board_is_checked_against_the_roster_home_regions():
    """A roster whose fighters come from a region the map lacks is refused when the board is first needed."""
    import dataclasses

    import pytest as _pytest

    from core.fistful.battles import BattleGame
    from core.fistful.roster import default_roster
    from maps.datafile import DataError
    from maps.scar import default_scar

    assert BattleGame("all-out-war").board() is default_scar()
    roster = default_roster()
    odd = dataclasses.replace(roster, regions=roster.regions[:-1] + ("Atlantis",))
    with _pytest.raises(DataError, match="Atlantis"):
        BattleGame("all-out-war", roster=odd).board()
