"""Impact: Battle of Elements rules and rulings (GAME-DATA.md section 4), one test per rule."""
from __future__ import annotations

import random

import msgspec
import pytest

from core.errors import IllegalAction, IllegalSetup
from core.game import CHANCE, Simultaneous
from core.impact.dice import FACES, OPPOSITE, side_faces
from core.impact.game import (GAME, ImpactState, Knock, Landing, RaceResult, StartingDie, Stop, Throw, Tip,
                              Tipped)
from core.match import Match
from tests.core.impact_table import Table


def setup(n: int = 3, mode: str = "table", **options):
    return msgspec.structs.replace(GAME.default_setup(n), mode=mode, **options)


def table(n: int = 3, start: str = "fire", **options) -> Table:
    match = Table(setup(n, **options), seed=11)
    match.apply(StartingDie(start))
    return match


def play(match: Table, *actions) -> Table:
    for a in actions:
        match.apply(a)
    return match


def place(match: Table, **fields) -> Table:
    """A table whose current position is edited, arranged for one rule."""
    return match.place(**fields)


def refused(match: Table, action, *words: str) -> None:
    before = (msgspec.json.encode(match.state), match.log, match.actions)
    with pytest.raises(IllegalAction) as err:
        match.apply(action)
    for w in words:
        assert w.casefold() in err.value.reason.casefold(), err.value.reason
    assert (msgspec.json.encode(match.state), match.log, match.actions) == before


def C(*faces: str) -> tuple[str, ...]:
    return tuple(faces)


# --- setup ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("n,each", [(2, 8), (3, 7), (4, 6), (5, 5)])
def test_dice_per_player_one_starting_die_rest_aside(n, each):
    match = table(n, "stone")
    s = match.state
    assert s.loose == (each,) * n
    assert s.cauldron == ("stone",)
    assert s.aside == 26 - each * n - 1
    assert s.total_dice() == 26
    assert match.actor == 0 and s.phase == "turn"


@pytest.mark.parametrize("n", [1, 6])
def test_two_to_five_players(n):
    with pytest.raises(IllegalSetup):
        GAME.validate_setup(setup(n))


def test_percent_options_are_checked():
    with pytest.raises(IllegalSetup, match="miss"):
        GAME.validate_setup(setup(3, cautious_miss=101))


def test_starting_die_never_blank():
    match = Match.new("impact", setup(3), seed=1)
    assert match.actor == CHANCE
    refused(match, StartingDie("blank"), "blank")
    sim = Match.new("impact", setup(3, mode="simulated"), seed=1)
    faces = {GAME.sample_chance(sim.state, random.Random(i)).face for i in range(300)}
    assert faces == set(FACES) - {"blank"}


def test_opposites_and_side_faces():
    assert OPPOSITE["fire"] == "water" and OPPOSITE["stone"] == "air" and OPPOSITE["lightning"] == "blank"
    for face in FACES:
        sides = side_faces(face)
        assert len(sides) == 4 and face not in sides and OPPOSITE[face] not in sides


# --- the rulebook's example ------------------------------------------------------------------------

def test_rulebook_example_reckless_throws_win_four_dice_leave_one_stone():
    match = table(3, "fire")
    play(match, Throw(0), Landing(C("water")), Stop(0), Throw(1), Landing(C("stone")), Stop(1))
    assert match.state.cauldron == C("fire", "water", "stone") and match.actor == 2
    play(match, Throw(2, "reckless"), Landing(C("air"), knocked=(Knock(2, "lightning"),)))
    assert sorted(match.state.cauldron) == sorted(C("fire", "water", "lightning", "air"))
    assert match.actor == 2 and GAME.may_stop(match.state)
    play(match, Throw(2, "reckless"), Landing(C("fire"), knocked=(Knock(2, "stone"), Knock(3, "water"))))
    s = match.state
    assert s.cauldron == C("stone")
    assert s.taken_by == 2 and sorted(s.taken) == sorted(C("fire", "fire", "water", "water"))
    assert s.loose == (6, 6, 7 - 2 + 4)
    assert match.actor == 0
    assert s.total_dice() == 26


# --- throwing --------------------------------------------------------------------------------------

def test_first_throw_is_mandatory_then_stop_or_throw_again():
    match = table(2, "fire")
    refused(match, Stop(0), "mandatory")
    refused(match, Throw(1), "turn")
    play(match, Throw(0), Landing(C("air")))
    assert match.actor == 0 and match.state.throws == 1
    play(match, Throw(0), Landing(C("stone")))
    assert match.actor == 0
    play(match, Stop(0))
    assert match.actor == 1 and match.state.cauldron == C("fire", "air", "stone")
    assert match.state.loose == (6, 8)


def test_matches_anywhere_in_the_cauldron_are_won_and_end_the_turn():
    match = place(table(2, "fire"), cauldron=C("fire", "air", "air", "stone"))
    play(match, Throw(0), Landing(C("fire")))
    assert match.state.cauldron == C("stone")
    assert match.state.loose == (7 + 4, 8) and match.actor == 1


def test_blanks_are_removed_before_matching():
    match = place(table(2, "fire"), cauldron=C("fire", "water"))
    play(match, Throw(0, "reckless"), Landing(C("blank"), knocked=(Knock(1, "blank"),)))
    s = match.state
    assert s.cauldron == C("fire") and s.removed == 2 and match.actor == 0


def test_missed_dice_are_removed_from_the_game():
    match = table(2, "fire")
    play(match, Throw(0), Landing((), missed=1))
    assert match.state.removed == 1 and match.state.cauldron == C("fire")
    assert match.state.total_dice() == 26


def test_cautious_drop_never_knocks_and_knocks_fall_to_side_faces():
    match = place(table(2, "fire"), cauldron=C("fire", "stone"))
    play(match, Throw(0, "cautious"))
    refused(match, Landing(C("air"), knocked=(Knock(0, "stone"),)), "cautious")
    match.undo()
    play(match, Throw(0, "reckless"))
    refused(match, Landing(C("air"), knocked=(Knock(0, "water"),)), "side face")
    refused(match, Landing(C("air"), knocked=(Knock(5, "air"),)), "not in the cauldron")
    refused(match, Landing(C("air", "air")), "1 dice landed")
    play(match, Landing(C("lightning"), knocked=(Knock(0, "stone"),)))
    assert match.state.cauldron == C("lightning")  # the two stones are won
    assert match.state.loose == (7 + 2, 8)


def test_simulated_throws_use_the_setup_percentages():
    match = Table(setup(2, mode="simulated", reckless_miss=0, knock=100, tilt=100, kick_out=0), seed=3)
    match.play_chance()
    place(match, cauldron=C("fire", "water", "stone"))
    play(match, Throw(0, "reckless"))
    landing = match.chance_action()
    assert len(landing.knocked) == 3 and landing.tilted == (0,) and landing.missed == 0
    for k in landing.knocked:
        assert k.face in side_faces(match.state.cauldron[k.die])
    match.undo()
    place(match, setup=msgspec.structs.replace(match.setup, cautious_miss=100))
    play(match, Throw(0, "cautious"))
    landing = GAME.sample_chance(match.state, random.Random(5))
    assert landing.missed == 1 and landing.faces == () and landing.knocked == ()


# --- transforming ------------------------------------------------------------------------------------

def test_tipping_turns_chosen_dice_to_side_faces_then_the_player_must_throw():
    match = place(table(2, "fire"), cauldron=C("fire", "stone", "air"))
    refused(match, Tip(0, (0, 0)), "once")
    refused(match, Tip(0, (7,)), "no die")
    play(match, Tip(0, (0, 2)))
    assert match.actor == CHANCE
    refused(match, Tipped(C("water", "lightning")), "side face")
    play(match, Tipped(C("stone", "fire")))
    assert match.state.cauldron == C("stone", "stone", "fire")
    refused(match, Tip(0, (1,)), "already tipped")
    refused(match, Stop(0), "throw")
    assert GAME.legal_actions(match.state) == GAME.throw_options(match.state)
    play(match, Throw(0), Landing(C("air")))
    assert match.state.cauldron == C("fire", "air") and match.state.loose == (7 + 2, 8)


# --- Big Bang and elimination ----------------------------------------------------------------------------

def test_big_bang_without_matches_eliminates_the_player():
    match = place(table(3, "fire"), cauldron=(), big_bang=True, loose=(3, 7, 7))
    refused(match, Throw(0, pile=0), "together")
    play(match, Throw(0, "reckless"))
    assert match.state.flying == 3 and match.state.kind == "bigbang"
    play(match, Landing(C("fire", "water", "stone")))
    s = match.state
    assert s.out == (True, False, False) and match.actor == 1
    assert "out" in match.log[-1]


def test_big_bang_storm_without_matches_still_eliminates():
    match = place(table(3, "lightning", powers=True), cauldron=(), big_bang=True, loose=(2, 7, 7))
    play(match, Throw(0), Landing(C("lightning", "lightning")), RaceResult((1, 2)))
    play(match, Landing(C("fire"), missed=1, knocked=(Knock(0, "stone"), Knock(1, "water"))))
    assert match.state.out == (True, False, False) and match.actor == 1


def test_big_bang_announced_when_the_cauldron_is_emptied_and_matches_are_won():
    match = place(table(3, "fire"), cauldron=C("fire"))
    play(match, Throw(0), Landing(C("fire")))
    assert match.state.cauldron == () and match.state.big_bang and match.actor == 1
    assert "Big Bang" in match.log[-1]
    play(match, Throw(1), Landing(C("air", "air", "water", "fire", "stone", "lightning", "blank")))
    s = match.state
    assert s.loose[1] == 2 and s.cauldron == C("water", "fire", "stone", "lightning") and match.actor == 2


def test_empty_supply_at_the_end_of_a_turn_eliminates():
    match = place(table(3, "fire"), loose=(1, 7, 7))
    play(match, Throw(0), Landing(C("air")))
    assert match.legal_actions() == [Stop(0)]
    play(match, Stop(0))
    assert match.state.out == (True, False, False) and match.actor == 1


def test_last_player_with_dice_is_master_of_elements():
    match = place(table(2, "fire"), loose=(1, 8))
    play(match, Throw(0), Landing(C("air")), Stop(0))
    assert match.is_over and match.result.winners == (1,) and not match.result.draw
    assert "Master of Elements" in GAME.result_text(match.state)
    assert match.legal_actions() == []


# --- tournament ------------------------------------------------------------------------------------------

def finish_game_by_stops(match: Table, loser_order: list[int]) -> None:
    """Each loser in turn throws their dice away one by one (no matches) and goes out."""
    for p in loser_order:
        s = match.state
        place(match, loose=tuple(1 if q == p else s.loose[q] for q in range(s.players)),
              active=p, cauldron=C("fire"), big_bang=False, throws=0)
        play(match, Throw(p), Landing((), missed=1), Stop(p))


def test_tournament_points_rotation_and_shared_win():
    match = table(3, "fire", tournament=True)
    finish_game_by_stops(match, [0, 1])
    s = match.state
    assert s.game == 1 and s.lost == (2, 1, 0) and s.phase == "start" and s.first == 1
    assert s.games[0].winners == (2,) and s.loose == (7, 7, 7) and s.total_dice() == 26
    play(match, StartingDie("air"))
    assert match.actor == 1
    finish_game_by_stops(match, [2, 0])
    assert match.state.lost == (3, 1, 2) and match.state.first == 2
    play(match, StartingDie("air"))
    assert match.actor == 2
    finish_game_by_stops(match, [1, 2])
    assert match.is_over
    assert match.state.lost == (3, 3, 3)
    assert match.result.winners == (0, 1, 2) and match.result.draw
    assert len(match.state.games) == 3


def test_tournament_single_winner():
    match = table(2, "fire", tournament=True)
    finish_game_by_stops(match, [0])
    play(match, StartingDie("stone"))
    finish_game_by_stops(match, [0])
    assert match.state.lost == (2, 0)
    assert match.result.winners == (1,) and not match.result.draw
    assert "Tournament" in GAME.result_text(match.state)


def test_one_save_holds_a_whole_tournament(tmp_path):
    match = Match.new("impact", setup(3, mode="simulated", tournament=True, powers=True), seed=8)
    rng = random.Random(8)
    path = tmp_path / "t.json"
    saved_in_game_two = False
    while not match.is_over:
        match.apply(match.chance_action() if match.actor == CHANCE else match.random_action(rng))
        if match.state.game == 1 and not saved_in_game_two:
            match.save(path)
            loaded = Match.load(path)
            assert loaded.state == match.state and loaded.state.games == match.state.games
            saved_in_game_two = True
    assert saved_in_game_two and len(match.state.games) == 3
    match.save(path)
    assert Match.load(path).result == match.result


# --- Power of the Elements --------------------------------------------------------------------------------

def test_starting_die_activates_its_element_only_with_the_variant():
    assert table(3, "stone", powers=True).state.activated == ("stone",)
    assert table(3, "stone").state.activated == ()
    assert table(3, "air", avatar_fire=True, avatar_lightning=True).state.activated == ("lightning", "fire")


def test_lightning_storm_race_then_everyone_throws_and_active_takes_all():
    match = place(table(3, "lightning", powers=True), cauldron=C("lightning", "fire"))
    play(match, Throw(0), Landing(C("lightning")))
    assert match.actor == Simultaneous((1, 2)) and match.state.race == "storm"
    assert GAME.race_presses(match.state) == {1: 1, 2: 1}
    refused(match, RaceResult((1,)), "each racer")
    play(match, RaceResult((2, 1)))
    s = match.state
    assert match.actor == CHANCE and s.flying == 2 and s.kind == "storm" and s.loose == (6, 6, 6)
    assert s.style == "reckless"
    play(match, Landing(C("fire", "lightning")))
    s = match.state
    assert sorted(s.taken) == sorted(C("lightning",) * 3 + ("fire", "fire")) and s.taken_by == 0
    assert s.loose == (6 + 5, 6, 6) and s.cauldron == () and match.actor == 1


def test_no_second_storm_from_the_same_lightning():
    match = place(table(3, "lightning", powers=True), cauldron=C("lightning", "stone"))
    play(match, Throw(0, "reckless"), Landing(C("lightning")), RaceResult((1, 2)))
    # the storm dice knock both lightning over, then bring two new ones
    play(match, Landing(C("lightning", "lightning"), knocked=(Knock(0, "fire"), Knock(2, "fire"))))
    s = match.state
    assert s.phase == "turn" and s.taken_by == 0
    assert sorted(s.taken) == sorted(C("fire", "fire", "lightning", "lightning"))


def test_hurricane_passes_every_supply_left_skipping_the_eliminated():
    match = place(table(4, "air", powers=True), out=(False, False, True, False), loose=(6, 5, 0, 4),
                  piles=((), (2,), (), ()), cauldron=C("air"))
    assert match.state.total_dice() == 26
    play(match, Throw(0), Landing(C("air")))
    s = match.state
    # player 0 took 2 air (6-1+2 = 7) then: 0 -> 1, 1 -> 3 (2 is out), 3 -> 0
    assert s.loose == (4, 7, 0, 5) and s.piles == ((), (), (), (2,))
    assert match.actor == 1 and "Hurricane" in match.log[-1]


def test_boulders_form_a_pile_thrown_together_as_one_throw():
    match = place(table(2, "stone", powers=True), cauldron=C("stone", "fire"))
    play(match, Throw(0), Landing(C("stone")))
    assert match.state.piles == ((2,), ()) and match.state.loose == (7, 8)
    play(match, Throw(1), Landing(C("air")), Stop(1))
    play(match, Throw(0, pile=0))
    assert match.state.flying == 2 and match.state.kind == "pile" and match.state.piles == ((), ())
    refused(match, Landing(C("air")), "2 dice landed")
    play(match, Landing(C("water", "lightning")))
    assert match.state.loose == (7, 7) and match.state.throws == 1 and match.actor == 0
    assert match.state.cauldron == C("fire", "air", "water", "lightning")


def test_swamp_water_never_leaves_unless_transformed():
    match = place(table(2, "water", powers=True), cauldron=C("water", "fire"))
    play(match, Throw(0), Landing(C("water")))
    assert match.state.cauldron == C("water", "fire", "water") and match.actor == 0
    assert GAME.may_stop(match.state)
    play(match, Throw(0), Landing(C("fire")))
    assert match.state.cauldron == C("water", "water") and match.state.taken == C("fire", "fire")
    play(match, Tip(1, (0,)), Tipped(C("stone")), Throw(1), Landing(C("stone")))
    assert match.state.cauldron == C("water") and match.state.taken == C("stone", "stone")


def test_column_of_fire_race_winner_takes_and_the_player_to_their_left_goes_next():
    match = place(table(3, "fire", powers=True), cauldron=C("fire", "air", "air"), loose=(7, 2, 7),
                  piles=((), (3,), ()))
    assert match.state.total_dice() == 26
    play(match, Throw(0), Landing(C("fire")))
    assert match.actor == Simultaneous((0, 1, 2)) and match.state.race == "column"
    assert GAME.race_presses(match.state) == {0: 6, 1: 3, 2: 7}
    play(match, RaceResult((1, 0, 2)))
    s = match.state
    assert s.taken_by == 1 and s.loose == (6, 2 + 4, 7) and s.piles[1] == (3,)
    assert match.actor == 2 and s.cauldron == ()


def test_avatar_order_storm_before_column_of_fire_then_boulders():
    match = place(table(3, "air", avatar_lightning=True, avatar_fire=True, avatar_stone=True),
                  cauldron=C("lightning", "stone"))
    assert match.state.activated == ("lightning", "fire", "stone")
    play(match, Throw(0), Landing(C("lightning")))
    assert match.state.race == "storm"
    play(match, RaceResult((1, 2)), Landing(C("fire", "fire")))
    assert match.state.race == "column"
    play(match, RaceResult((2, 0, 1)))
    s = match.state
    assert s.taken_by == 2 and sorted(s.taken) == sorted(C("lightning", "lightning", "fire", "fire"))
    assert s.cauldron == C("stone") and match.actor == 0
    play(match, Throw(0), Landing(C("stone")))
    assert match.state.piles[0] == (2,)


# --- random play ---------------------------------------------------------------------------------------------

def test_random_races_rank_every_racer_and_favour_fewer_presses():
    match = place(table(3, "fire", powers=True), cauldron=C("fire"), loose=(1, 7, 7))
    play(match, Throw(0), Landing(C("fire")))
    assert match.actor == Simultaneous((1, 2))
    place(match, loose=(0, 1, 13))
    wins = [GAME.random_action(match.state, random.Random(i)).order[0] for i in range(200)]
    assert wins.count(1) > wins.count(2)
    assert all(isinstance(GAME.random_action(match.state, random.Random(i)), RaceResult) for i in range(5))


def test_random_play_only_takes_legal_actions():
    rng = random.Random(4)
    for g in range(30):
        match = Match.new("impact", setup(rng.choice([2, 3, 4, 5]), mode="simulated", powers=True), seed=g)
        while not match.is_over:
            a = match.chance_action() if match.actor == CHANCE else match.random_action(rng)
            legal = match.legal_actions()
            assert legal is None or a in legal
            match.apply(a)
        assert isinstance(match.state, ImpactState) and match.result.winners


def test_a_tip_of_one_die_is_worded_in_the_singular():
    rng = random.Random(3)
    for seed in range(40):
        match = Match.new("impact", setup(3, mode="simulated"), seed)
        while not match.is_over:
            state = match.state
            if GAME.may_tip(state) and len(state.cauldron) >= 2:
                for dice, words in (((0,), " tips 1 die ("), ((0, 1), " tips 2 dice (")):
                    tip = Tip(state.active, dice)
                    text = GAME.describe(state, tip, GAME.apply(state, tip))
                    assert words in text, text
                return
            match.apply(match.random_action(rng))
    raise AssertionError("no tip was possible")
