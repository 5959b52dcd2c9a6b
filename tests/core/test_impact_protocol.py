"""Impact and the game protocol: facts-only state, reworded text, views, malformed actions,
deterministic chance and compact actions."""
from __future__ import annotations

import random

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import core.impact.game as impact_game
import core.impact.text as impact_text
from core.errors import IllegalAction
from core.game import CHANCE
from core.gold.game import Play
from core.impact.dice import FACES
from core.impact.game import (GAME, ImpactAction, Knock, Landing, RaceResult, StartingDie, Stop, Throw, Tip,
                              Tipped)
from core.match import Match
from tests.core.state_facts import encoded, sentences_in


def setup(n: int = 3, **options):
    return msgspec.structs.replace(GAME.default_setup(n), **options)


def random_states(seed: int, n: int = 3, **options) -> list:
    """Every state of one random game (chance sampled), start to finish."""
    rng = random.Random(seed)
    state = GAME.new(setup(n, **options))
    states = [state]
    while GAME.actor(state) is not None:
        action = GAME.sample_chance(state, rng) if GAME.actor(state) == CHANCE else GAME.random_action(state, rng)
        state = GAME.apply(state, action)
        states.append(state)
    return states


VARIANTS = [dict(), dict(powers=True), dict(tournament=True, powers=True),
            dict(avatar_lightning=True, avatar_fire=True, avatar_stone=True, avatar_air=True, avatar_water=True)]
SAMPLE = [s for seed, opts in enumerate(VARIANTS) for s in random_states(seed, 2 + seed % 4, **opts)]
CHANCE_STATES = [s for s in SAMPLE if GAME.actor(s) == CHANCE]


def finished_match(seed: int = 5, **options) -> Match:
    match = Match.new("impact", setup(4, mode="simulated", **options), seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        match.apply(match.chance_action() if match.actor == CHANCE else match.random_action(rng))
    return match


# --- facts, not sentences ------------------------------------------------------------------------

@pytest.mark.parametrize("opts", VARIANTS, ids=lambda o: "-".join(o) or "plain")
def test_states_hold_ids_and_numbers_never_sentences(opts):
    for seed in range(4):
        for state in random_states(seed, 2 + seed, **opts):
            assert sentences_in(state) == [], sentences_in(state)[:3]


def test_the_check_finds_a_sentence():
    state = msgspec.structs.replace(SAMPLE[-1], phase="Player 1 is the Master of Elements.")
    assert sentences_in(state)


@pytest.mark.parametrize("opts", [dict(), dict(tournament=True, powers=True)], ids=["single", "tournament"])
def test_rewording_results_and_events_keeps_saves_loading(opts, tmp_path, monkeypatch):
    match = finished_match(**opts)
    path = tmp_path / "impact.battlebox.json"
    match.save(path)
    before = encoded(match.state)
    monkeypatch.setattr(impact_game, "result_text", lambda state: "REWORDED RESULT")
    monkeypatch.setattr(impact_text, "event_text", lambda state, e: f"REWORDED {e.what}")
    loaded = Match.load(path)
    assert encoded(loaded.state) == before
    assert loaded.game.result_text(loaded.state) == "REWORDED RESULT"
    assert "REWORDED" in loaded.log[-1]
    again = tmp_path / "again.battlebox.json"
    loaded.save(again)
    monkeypatch.undo()
    assert encoded(Match.load(again).state) == before


# --- views -----------------------------------------------------------------------------------------

def test_nothing_is_secret_so_every_seat_sees_the_whole_state():
    """Two states that differ only in what a seat may not see are the same state in Impact:
    supplies, the cauldron and the setup are open to all, so each view is the state itself."""
    for state in SAMPLE[::7]:
        for seat in list(range(state.players)) + [None]:
            assert encoded(GAME.view(state, seat)) == encoded(state)
    a, b = SAMPLE[10], SAMPLE[11]
    assert encoded(GAME.view(a, 0)) != encoded(GAME.view(b, 0))


# --- malformed actions -----------------------------------------------------------------------------

ints = st.one_of(st.integers(-3, 12), st.integers(-2**63, 2**63 - 1))
faces = st.one_of(st.sampled_from(FACES), st.text(max_size=6))
small = dict(max_size=6)
actions = st.one_of(
    st.builds(StartingDie, faces),
    st.builds(Tip, ints, st.lists(ints, **small).map(tuple)),
    st.builds(Tipped, st.lists(faces, **small).map(tuple)),
    st.builds(Throw, ints, st.one_of(st.sampled_from(["cautious", "reckless"]), st.text(max_size=6)), ints),
    st.builds(Landing, st.lists(faces, **small).map(tuple), ints,
              st.lists(st.builds(Knock, ints, faces), **small).map(tuple),
              st.lists(ints, **small).map(tuple), st.lists(ints, **small).map(tuple)),
    st.builds(Stop, ints),
    st.builds(RaceResult, st.lists(ints, **small).map(tuple)),
    st.builds(Play, ints, ints),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=st.sampled_from(SAMPLE), action=actions)
def test_any_malformed_action_is_refused_with_a_reason_never_a_crash(state, action):
    try:
        GAME.validate(state, action)
    except IllegalAction as e:
        assert e.reason
        return
    after = GAME.apply(state, action)
    assert after.total_dice() == 26
    assert isinstance(GAME.describe(state, action, after), str)


def test_out_of_range_seats_and_dice_are_refused():
    turn = next(s for s in SAMPLE if s.phase == "turn")
    for action in (Throw(99), Throw(-1), Stop(7), Tip(turn.active, (10**6,)), Throw(turn.active, pile=10**9)):
        with pytest.raises(IllegalAction):
            GAME.validate(turn, action)


# --- chance ------------------------------------------------------------------------------------------

def test_sample_chance_depends_only_on_the_state_and_the_rng():
    assert {s.phase for s in CHANCE_STATES} == {"start", "tip", "landing"}
    for state in CHANCE_STATES:
        for k in range(3):
            first = GAME.sample_chance(state, random.Random(k))
            assert GAME.sample_chance(msgspec.json.decode(encoded(state), type=type(state)), random.Random(k)) == first
            assert GAME.sample_draws(state, random.Random(k)) == GAME.chance_draws(state, first)
            GAME.validate(state, first)


# --- compact actions ---------------------------------------------------------------------------------

@pytest.mark.parametrize("mode", ["simulated", "table"])
def test_actions_average_at_most_200_bytes_over_a_long_game(mode):
    match = Match.new("impact", setup(5, mode=mode, tournament=True, powers=True, avatar_stone=True), seed=3)
    rng = random.Random(3)
    while not match.is_over:
        match.apply(match.chance_action() if match.actor == CHANCE else match.random_action(rng))
    sizes = [len(msgspec.json.encode(a)) for a in match.actions]
    assert len(sizes) > 300
    assert sum(sizes) / len(sizes) <= 200, sum(sizes) / len(sizes)
    assert msgspec.json.decode(msgspec.json.encode(match.actions[-1]), type=ImpactAction) == match.actions[-1]
