"""Impact's computer: the exact odds behind its hints, and legal, reproducible decisions."""
from __future__ import annotations

import random

import msgspec
import pytest

from core.ai import make_player
from core.ai.heuristics.common import play_out, score
from core.ai.heuristics.impact import choose
from core.ai.impact_odds import best_tip, match_chance
from core.ai.knowledge import knowledge
from core.ai.knowledge.impact import decide
from core.game import CHANCE
from core.impact.state import CAUTIOUS, RECKLESS, ImpactState, Stop, Throw, Tip
from core.match import Match
from core.registry import GAMES


def _turn(seed: int = 1, players: int = 2) -> Match:
    match = Match.new("impact", GAMES["impact"].default_setup(players), seed=seed)
    while match.actor == CHANCE:
        match.play_chance()
    return match


def _with(state: ImpactState, cauldron: tuple[str, ...], **changes: object) -> ImpactState:
    return msgspec.structs.replace(state, cauldron=cauldron, **changes)


def test_a_cautious_drop_matches_one_face_in_six_per_element_present() -> None:
    state = _turn().state
    for k, cauldron in enumerate([("fire",), ("fire", "water"), ("fire", "water", "stone")], start=1):
        assert match_chance(_with(state, cauldron)) == pytest.approx(0.97 * k / 6)


def test_the_odds_follow_the_setups_percentages() -> None:
    state = _turn().state
    sure = msgspec.structs.replace(state.setup, cautious_miss=0)
    assert match_chance(_with(state, ("fire", "air"), setup=sure)) == pytest.approx(2 / 6)
    calm = msgspec.structs.replace(state.setup, knock=0, reckless_miss=3)
    assert match_chance(_with(state, ("fire", "air"), setup=calm), RECKLESS) == pytest.approx(0.97 * 2 / 6)


def test_tipping_two_dice_can_match_them_before_the_throw() -> None:
    state = _with(_turn().state, ("fire", "water"))
    tip, chance = best_tip(state)
    assert tip == (0, 1)
    # fire and water share their four side faces: 3 of 16 tips match two elements outright
    assert chance > 3 / 16 and chance > match_chance(state)


def test_the_hint_is_the_exact_match_chance() -> None:
    state = _with(_turn().state, ("fire", "water", "stone"))
    why = knowledge("impact").explain(state, state.active, Throw(state.active, CAUTIOUS))
    assert dict(why.numbers) == {"match_chance": pytest.approx(0.97 * 3 / 6)}
    why = knowledge("impact").explain(state, state.active, Tip(state.active, (0, 1)))
    assert dict(why.numbers)["match_chance"] == pytest.approx(match_chance(state, CAUTIOUS, (0, 1)))


def test_easy_stops_with_its_last_die_and_throws_again_on_good_odds() -> None:
    state = _turn().state
    seat = state.active
    loose = tuple(1 if p == seat else d for p, d in enumerate(state.loose))
    last = _with(state, ("fire", "water", "stone", "air"), loose=loose, throws=1)
    assert choose(last, seat, random.Random(0)) == Stop(seat)
    rich = _with(state, ("fire", "water", "stone", "air"), throws=1)
    assert not isinstance(choose(rich, seat, random.Random(0)), Stop)


def test_easy_beats_random_more_often_than_not() -> None:
    total = sum(score(play_out("impact", {g % 2: choose, 1 - g % 2: None}, seed=g,
                               setup=GAMES["impact"].default_setup(2)), g % 2) for g in range(40))
    assert total / 40 >= 0.6


def test_normal_decides_legally_and_reproducibly() -> None:
    match = _turn()
    view = match.view(match.state.active)
    a = decide(view, view.active, random.Random(4), "normal")
    assert a == decide(view, view.active, random.Random(4), "normal")
    match.apply(a)


@pytest.mark.parametrize("players", [2, 4])
def test_normal_plays_a_whole_game(players: int) -> None:
    match = Match.new("impact", GAMES["impact"].default_setup(players), seed=5)
    bots = [make_player("impact", "normal" if s == 0 else "easy", seed=s) for s in range(players)]
    while not match.is_over:
        if match.actor == CHANCE:
            match.play_chance()
            continue
        seat = match.state.active if match.state.phase == "turn" else match.actor.players[0]
        match.apply(bots[seat].choose(match, seat))
    assert match.result is not None
