"""Solitaire Challenge rules and the project's rulings (GAME-DATA.md section 1, Solitaire bullet)."""
from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import msgspec
import pytest

from core.errors import IllegalAction, IllegalSetup
from core.fistful.roster import Fighter, default_roster
from core.fistful.solitaire import (
    CHALLENGES,
    GAME,
    STANDING_BONUS,
    ChooseFive,
    Enter,
    Sheet,
    SolitaireSetup,
    SolitaireState,
    SoloThrow,
    entry_points,
    five_problems,
    matching,
)
from core.fistful.throws import Landed
from core.game import CHANCE, PlayerSetup
from core.match import Match

ROSTER = default_roster()
POSE = {"b": "back", "s": "standing", "d": "down"}


def F(spec: str) -> Fighter:
    """'shadow skwall' -> Fighter('skwall', 'shadow')."""
    finish, sculpt = spec.split()
    return Fighter(sculpt, finish)


def landed(poses: str, *specs: str) -> tuple[Landed, ...]:
    """landed('bbd..', 'shadow skwall', ...): one pose letter per fighter."""
    assert len(poses) == len(specs)
    return tuple(Landed(F(s), POSE[c]) for c, s in zip(poses, specs))


def setup(mode: str = "table", games: int = 1) -> SolitaireSetup:
    return SolitaireSetup((PlayerSetup("Sol", "#d62828"),), mode, games)


def new_match(mode: str = "table", games: int = 1, seed: int = 3) -> Match:
    return Match.new("solitaire", setup(mode, games), seed=seed)


RULEBOOK_FIVE = ("shadow skwall", "shadow gregor", "crystal frost", "shadow tremmor", "hyper mantorr")
RULEBOOK_THROW = landed("bbdbd", *RULEBOOK_FIVE)


def throw_five(match: Match, poses: str, *specs: str) -> None:
    match.apply(ChooseFive(tuple(F(s) for s in specs)))
    match.apply(SoloThrow.of(landed(poses, *specs)))


def refused(match: Match, action, *words: str) -> None:
    before = (msgspec.json.encode(match.state), match.log, match.actions)
    with pytest.raises(IllegalAction) as err:
        match.apply(action)
    for w in words:
        assert w.casefold() in err.value.reason.casefold(), err.value.reason
    assert (msgspec.json.encode(match.state), match.log, match.actions) == before


# --- the rulebook example -------------------------------------------------------------------
def test_rulebook_example_matches_exactly_3_6_and_7():
    assert matching(ROSTER, RULEBOOK_THROW) == {3: 6, 6: 10, 7: 15}


def test_rulebook_example_played_offers_exactly_those_three():
    match = new_match()
    throw_five(match, "bbdbd", *RULEBOOK_FIVE)
    assert match.legal_actions() == [Enter(3), Enter(6), Enter(7)]
    assert "challenge 3 (6 pts)" in match.log[-1]
    assert "challenge 6 (10 pts)" in match.log[-1]
    assert "challenge 7 (15 pts)" in match.log[-1]
    refused(match, Enter(1), "3, 6, 7")
    match.apply(Enter(7))
    assert match.state.sheet.entry(0, 7) == 15


# --- basic challenges: exactly N face up --------------------------------------------------------
@pytest.mark.parametrize("poses", ["ddddd", "bdddd", "bbddd", "bbbdd", "bbbbd", "bbbbb"])
def test_basic_challenges_need_exactly_n_face_up(poses):
    five = ("hyper glacix", "crystal nexa", "shadow zephyx", "hyper leviak", "crystal pyrox")
    throw = landed(poses, *five)
    hits = matching(ROSTER, throw)
    n = poses.count("b")
    basic = {c: p for c, p in hits.items() if c <= 5}
    if n == 0:
        assert basic == {}
    else:
        expected = sum(ROSTER.value(x.fighter) for x in throw if x.pose == "back")
        assert basic == {n: expected}


def test_standing_counts_as_face_up_for_basic_challenges():
    throw = landed("sbddd", "hyper glacix", "crystal nexa", "shadow zephyx", "hyper leviak", "crystal pyrox")
    assert matching(ROSTER, throw).get(2) == ROSTER.value(F("hyper glacix")) + ROSTER.value(F("crystal nexa"))


# --- super challenges: the face-up set contains the pattern -------------------------------------
def test_6_three_with_the_same_finish_even_among_more():
    yes = landed("bbbbd", "crystal glacix", "crystal nexa", "crystal zephyx", "hyper leviak", "shadow pyrox")
    assert matching(ROSTER, yes)[6] == 10
    no = landed("bbbbd", "crystal glacix", "crystal nexa", "shadow zephyx", "hyper leviak", "crystal pyrox")
    assert 6 not in matching(ROSTER, no), "the third Crystal landed face down"


def test_7_three_from_three_different_lands():
    yes = landed("bbbbb", "hyper skwall", "hyper frost", "hyper gregor", "hyper tremmor", "hyper glacix")
    assert matching(ROSTER, yes)[7] == 15  # Sub-0 x3, Portal, Azure: contains three lands
    no = landed("bbbdd", "hyper skwall", "hyper frost", "hyper gregor", "hyper tremmor", "hyper mantorr")
    assert 7 not in matching(ROSTER, no), "face up: Sub-0, Sub-0, Portal = only two lands"


def test_8_three_from_the_same_land():
    yes = landed("bbbbd", "hyper skwall", "crystal frost", "shadow glacix", "hyper gregor", "hyper rimefang")
    assert matching(ROSTER, yes)[8] == 20
    no = landed("bbdbb", "hyper skwall", "crystal frost", "shadow glacix", "hyper gregor", "hyper nexa")
    assert 8 not in matching(ROSTER, no), "two Sub-0 and two Portal face up is no three of one land"


def test_9_two_pairs_from_two_different_lands():
    yes = landed("bbbbd", "hyper skwall", "crystal frost", "hyper gregor", "shadow nexa", "hyper tremmor")
    assert matching(ROSTER, yes)[9] == 25
    plus_one = landed("bbbbb", "hyper skwall", "crystal frost", "hyper gregor", "shadow nexa", "hyper tremmor")
    assert matching(ROSTER, plus_one)[9] == 25, "a fifth face-up fighter does not spoil the pattern"
    full_house = landed("bbbbb", "hyper skwall", "crystal frost", "shadow glacix", "hyper gregor", "shadow nexa")
    assert 9 in matching(ROSTER, full_house), "three of one land contain a pair"


def test_9_refuses_two_pairs_from_the_same_land():
    same_land = landed("bbbbd", "hyper skwall", "crystal frost", "shadow glacix", "hyper rimefang", "hyper gregor")
    hits = matching(ROSTER, same_land)
    assert 9 not in hits, "four Sub-0 fighters are two pairs of ONE land"
    assert 8 in hits


def test_9_needs_four_face_up():
    three = landed("bbbdd", "hyper skwall", "crystal frost", "hyper gregor", "shadow nexa", "hyper tremmor")
    assert 9 not in matching(ROSTER, three)


def test_10_one_sculpt_face_up_in_all_three_finishes():
    yes = landed("bbbdd", "hyper skwall", "crystal skwall", "shadow skwall", "hyper gregor", "hyper tremmor")
    hits = matching(ROSTER, yes)
    assert hits[10] == 30
    assert hits[8] == 20 and 6 not in hits
    no = landed("bbdbb", "hyper skwall", "crystal skwall", "shadow skwall", "hyper gregor", "hyper tremmor")
    assert 10 not in matching(ROSTER, no), "the Shadow Skwall landed face down"
    two_sculpts = landed("bbbbb", "hyper skwall", "crystal skwall", "shadow frost", "crystal frost", "hyper frost")
    assert matching(ROSTER, two_sculpts)[10] == 30
    mixed = landed("bbbbb", "hyper skwall", "crystal skwall", "shadow gregor", "crystal gregor", "hyper tremmor")
    assert 10 not in matching(ROSTER, mixed)


# --- entries, standing bonus ----------------------------------------------------------------------
def test_standing_adds_fifty_to_the_entry_even_a_zero():
    throw = landed("sdddd", "hyper glacix", "crystal nexa", "shadow zephyx", "hyper leviak", "crystal pyrox")
    assert entry_points(ROSTER, throw, 1) == ROSTER.value(F("hyper glacix")) + STANDING_BONUS
    assert entry_points(ROSTER, throw, 9) == STANDING_BONUS
    assert entry_points(ROSTER, RULEBOOK_THROW, 7) == 15
    assert entry_points(ROSTER, RULEBOOK_THROW, 1) == 0


def test_standing_bonus_on_the_sheet_and_in_the_log():
    match = new_match()
    throw_five(match, "sbddd", "hyper glacix", "crystal nexa", "shadow zephyx", "hyper leviak", "crystal pyrox")
    assert match.state.last.standing
    match.apply(Enter(2))
    points = ROSTER.value(F("hyper glacix")) + ROSTER.value(F("crystal nexa"))
    assert match.state.sheet.entry(0, 2) == points + STANDING_BONUS
    assert f"+ {STANDING_BONUS} standing" in match.log[-1]


def test_zero_on_any_unused_challenge_when_nothing_matches():
    match = new_match()
    throw_five(match, "ddddd", *RULEBOOK_FIVE)
    assert match.legal_actions() == [Enter(c) for c in CHALLENGES]
    assert "No unused challenge matches" in match.log[-1]
    match.apply(Enter(10))
    assert match.state.sheet.entry(0, 10) == 0
    throw_five(match, "sdddd", *RULEBOOK_FIVE)
    assert match.state.last.matches == ((1, 2),)
    match.apply(Enter(1))
    # the only match (1) is now used: everything unused is offered for 0 (+50 standing)
    throw_five(match, "sdddd", *RULEBOOK_FIVE)
    assert match.legal_actions() == [Enter(c) for c in range(2, 10)]
    assert "Already used: 1" in match.log[-1]
    match.apply(Enter(5))
    assert match.state.sheet.entry(0, 5) == STANDING_BONUS


def test_must_choose_among_matching_unused_challenges():
    match = new_match()
    throw_five(match, "bbdbd", *RULEBOOK_FIVE)
    match.apply(Enter(6))
    throw_five(match, "bbdbd", *RULEBOOK_FIVE)
    assert match.legal_actions() == [Enter(3), Enter(7)]
    refused(match, Enter(6), "already used")
    refused(match, Enter(2), "3, 7", "one of them")
    refused(match, Enter(11), "no challenge")
    refused(match, Enter(0), "no challenge")
    match.apply(Enter(3))
    throw_five(match, "bbdbd", *RULEBOOK_FIVE)
    assert match.legal_actions() == [Enter(7)]
    refused(match, Enter(4), "that one")


def test_each_challenge_used_once_and_ten_throws_end_the_game():
    match = new_match()
    rng = random.Random(1)
    seen = []
    for throw in range(1, 11):
        assert match.state.throw_number == throw
        assert match.actor == 0 and match.state.phase == "choose"
        five = tuple(rng.sample(ROSTER.fighters, 5))
        match.apply(ChooseFive(five))
        assert match.actor == CHANCE
        match.apply(match.chance_action())
        choice = match.legal_actions()[0]
        seen.append(choice.challenge)
        match.apply(choice)
    assert sorted(seen) == list(CHALLENGES)
    assert match.is_over and match.legal_actions() == []
    sheet = match.state.sheet
    entries = [sheet.entry(0, c) for c in CHALLENGES]
    assert None not in entries
    assert sheet.basic(0) == sum(entries[:5]) and sheet.super(0) == sum(entries[5:])
    assert sheet.total(0) == sum(entries)
    result = match.result
    assert result.winners == () and not result.draw
    assert result.placings == (1,) and result.reason == "sheet-complete"
    assert str(sheet.total(0)) in GAME.result_text(match.state)
    assert "complete" in match.log[-1]
    refused(match, ChooseFive(tuple(rng.sample(ROSTER.fighters, 5))), "over")


def test_a_three_game_session_fills_three_columns():
    match = new_match(mode="simulated", games=3, seed=11)
    rng = random.Random(2)
    for game in range(3):
        for throw in range(10):
            assert match.state.game == game
            match.apply(ChooseFive(tuple(rng.sample(ROSTER.fighters, 5))))
            match.play_chance()
            match.apply(rng.choice(match.legal_actions()))
        if game < 2:
            assert not match.is_over
            assert match.state.phase == "choose" and match.state.game == game + 1
            assert match.log[-1].startswith(f"Game {game + 1}, throw 10")
    assert match.is_over
    sheet = match.state.sheet
    assert all(sheet.complete(g) for g in range(3))
    for g in range(3):
        assert f"game {g + 1}: {sheet.total(g)}" in GAME.result_text(match.state)


def test_game_counts_and_players_are_checked():
    for games in (0, 4):
        with pytest.raises(IllegalSetup, match="1 to 3"):
            GAME.validate_setup(setup(games=games))
    with pytest.raises(IllegalSetup, match="for 1 player, not 2"):
        GAME.validate_setup(GAME.default_setup(2))
    with pytest.raises(IllegalSetup, match="name"):
        GAME.validate_setup(SolitaireSetup((PlayerSetup("  ", "#112233"),)))
    with pytest.raises(IllegalSetup, match="colour"):
        GAME.validate_setup(SolitaireSetup((PlayerSetup("Sol", "red"),)))
    GAME.validate_setup(GAME.default_setup())


# --- choosing and throwing ----------------------------------------------------------------------
def test_exactly_five_distinct_fighters_of_the_collection():
    match = new_match()
    refused(match, ChooseFive(tuple(F(s) for s in RULEBOOK_FIVE[:4])), "exactly 5", "4 chosen")
    six = tuple(F(s) for s in RULEBOOK_FIVE) + (F("hyper glacix"),)
    refused(match, ChooseFive(six), "6 chosen")
    twice = tuple(F(s) for s in RULEBOOK_FIVE[:4]) + (F("shadow skwall"),)
    refused(match, ChooseFive(twice), "twice")
    refused(match, ChooseFive(tuple(F(s) for s in RULEBOOK_FIVE[:4]) + (Fighter("nobody", "hyper"),)),
            "not in the collection")
    refused(match, Enter(1), "no throw")
    assert five_problems(ROSTER, [F(s) for s in RULEBOOK_FIVE]) == []
    # any five: the same sculpt in all three finishes is allowed
    match.apply(ChooseFive((F("hyper skwall"), F("crystal skwall"), F("shadow skwall"), F("hyper gregor"),
                            F("hyper frost"))))


def test_a_throw_must_pose_exactly_the_five():
    match = new_match()
    match.apply(ChooseFive(tuple(F(s) for s in RULEBOOK_FIVE)))
    refused(match, ChooseFive(tuple(F(s) for s in RULEBOOK_FIVE)), "already chosen")
    refused(match, SoloThrow.of(RULEBOOK_THROW[:4]), "each of the 5")
    refused(match, SoloThrow("bbdbdb"), "each of the 5")
    refused(match, SoloThrow("bbdbx"), "not a pose")
    refused(match, Enter(3), "no throw")
    match.apply(SoloThrow.of(RULEBOOK_THROW))
    refused(match, SoloThrow.of(RULEBOOK_THROW), "not time")


def test_simulated_throw_is_a_barrier_but_choices_and_entries_undo():
    match = new_match(mode="simulated")
    match.apply(ChooseFive(tuple(F(s) for s in RULEBOOK_FIVE)))
    assert match.can_undo
    match.play_chance()
    assert not match.can_undo
    match.apply(match.legal_actions()[0])
    assert match.can_undo
    match.undo()
    assert match.state.phase == "enter"


def test_saves_replay_the_sheet(tmp_path):
    match = new_match(games=2)
    throw_five(match, "bbdbd", *RULEBOOK_FIVE)
    match.apply(Enter(6))
    throw_five(match, "sbddd", *RULEBOOK_FIVE)
    path = tmp_path / "sol.json"
    match.save(path)
    loaded = Match.load(path)
    assert isinstance(loaded.state, SolitaireState)
    assert loaded.state == match.state
    assert loaded.log == match.log


def test_sheet_subtotals():
    sheet = Sheet.blank(2)
    for c, p in ((1, 3), (5, 12), (6, 10), (10, 80)):
        sheet = sheet.with_entry(1, c, p)
    assert sheet.basic(1) == 15 and sheet.super(1) == 90 and sheet.total(1) == 105
    assert sheet.total(0) == 0 and sheet.used(1) == (1, 5, 6, 10)
    assert sheet.unused(1) == (2, 3, 4, 7, 8, 9)


def test_a_game_key_is_the_one_0_1_0_gave():
    """Personal bests name a game by a hash of its throws: compact saves must not change it."""
    from core.fistful.bests import game_key

    match = Match.load(Path(__file__).resolve().parents[1] / "saves" / "0.1.0" / "solitaire-finished.battlebox.json")
    doc = json.loads((Path(__file__).resolve().parents[1] / "saves" / "0.1.0" /
                      "solitaire-finished.battlebox.json").read_text())
    landed = [a["landed"] for a in doc["actions"] if a["kind"] == "solo-throw"]
    raw = msgspec.json.encode([match.seed, 0, landed])
    assert game_key(match.seed, match.state, 0) == hashlib.sha256(raw).hexdigest()[:16]


def test_nothing_is_ever_curtained_in_a_game_for_one():
    match = Match.new("solitaire", GAME.default_setup(1), seed=2)
    assert GAME.secret(match.state) is None
