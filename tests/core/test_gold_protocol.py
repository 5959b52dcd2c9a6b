"""A Fistful of Gold and the game protocol: secrets stay secret (the face-down discards of
every round included), results with placings worded outside the state, malformed actions,
compact actions."""
from __future__ import annotations

import random

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import core.gold.game as gold_game
from core.errors import IllegalAction
from core.gold.cards import CARDS, DYNAMITE, HIDDEN
from core.gold.game import GAME, Discard, GoldAction, Play
from core.impact.game import Throw
from core.match import Match
from tests.core.state_facts import encoded, sentences_in

D = DYNAMITE


def setup(**options):
    return msgspec.structs.replace(GAME.default_setup(), **options)


def random_states(seed: int, **options) -> list:
    rng = random.Random(seed)
    state = GAME.new(setup(**options))
    states = [state]
    while GAME.actor(state) is not None:
        state = GAME.apply(state, GAME.random_action(state, rng))
        states.append(state)
    return states


def table_states(seed: int) -> list:
    """A table-mode game where players sometimes play a forbidden card (a mistake round)."""
    rng = random.Random(seed)
    state = GAME.new(setup(mode="table"))
    states = [state]
    while GAME.actor(state) is not None:
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, rng.choice(legal))
        states.append(state)
    return states


SAMPLE = [s for seed in range(6) for s in random_states(seed, badges_to_win=2 + seed % 2)] + table_states(1)


def finished_match(seed: int = 2, **options) -> Match:
    match = Match.new("fistful-of-gold", setup(**options), seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        match.apply(match.random_action(rng))
    return match


# --- the leak through the round records -------------------------------------------------------------

def round_one(open_discards: bool) -> Match:
    match = Match.new("fistful-of-gold", setup(open_discards=open_discards), seed=1)
    match.apply(Discard(0, (7, 8)))
    match.apply(Discard(1, (7, 8)))
    for r, g in ((4, 1), (D, D), (6, 6), (2, 2), (5, 5), (3, 3)):
        match.apply(Play(0, r))
        match.apply(Play(1, g))
    return match


@pytest.mark.parametrize("open_discards", [False, True])
def test_the_card_left_in_hand_is_hidden_from_the_rival_in_the_round_record(open_discards):
    match = round_one(open_discards)
    assert match.state.rounds[0].discarded == (1, 4)
    assert match.view(0).rounds[0].discarded == ((1, 4) if open_discards else (1, HIDDEN))
    assert match.view(1).rounds[0].discarded == ((1, 4) if open_discards else (HIDDEN, 4))
    assert match.view(None).rounds[0].discarded == ((1, 4) if open_discards else (HIDDEN, HIDDEN))
    assert match.view(0).discards[1] == ((7, 8, 4) if open_discards else (HIDDEN,) * 3)


# --- two states that differ only in what a seat may not see -------------------------------------------

def twin(state, seat: int, rng: random.Random, open_discards: bool):
    """`state` with the rival's secrets replaced at random: their hand (until the game is over),
    their secret choice, and, with face-down discards, every card they put out of the game."""
    rival = 1 - seat

    def cards(n: int) -> tuple[int, ...]:
        return tuple(rng.choice(CARDS) for _ in range(n))

    hands = list(state.hands)
    if state.phase != "over":
        hands[rival] = cards(len(hands[rival]))
    pending = list(state.pending)
    if pending[rival] is not None:
        pending[rival] = rng.choice(CARDS)
    discards, rounds = list(state.discards), state.rounds
    if not open_discards:
        discards[rival] = cards(len(discards[rival]))
        rounds = tuple(msgspec.structs.replace(r, discarded=tuple(
            rng.choice(CARDS) if p == rival and c is not None else c for p, c in enumerate(r.discarded)))
            for r in rounds)
    return msgspec.structs.replace(state, hands=tuple(hands), pending=tuple(pending), discards=tuple(discards),
                                   rounds=rounds)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(SAMPLE) - 1), seat=st.sampled_from([0, 1]), seed=st.integers(0, 2**32))
def test_a_seat_sees_the_same_view_whatever_it_may_not_see(index, seat, seed):
    state = SAMPLE[index]
    other = twin(state, seat, random.Random(seed), open_discards=False)
    assert encoded(GAME.view(state, seat)) == encoded(GAME.view(other, seat))


def test_the_twin_check_can_tell_views_apart():
    """With open discards the rival's discards are visible: changing them changes the view."""
    state = round_one(True).state
    other = msgspec.structs.replace(state, discards=(state.discards[0], (1, 2, 3)))
    assert encoded(GAME.view(state, 0)) != encoded(GAME.view(other, 0))
    mine = msgspec.structs.replace(state, hands=((8,) * len(state.hands[0]), state.hands[1]))
    assert encoded(GAME.view(state, 0)) != encoded(GAME.view(mine, 0))


# --- results -------------------------------------------------------------------------------------------

def test_results_carry_placings_and_a_reason():
    seen = set()
    for seed in range(40):
        state = random_states(seed, badges_to_win=3)[-1]
        r = state.result
        seen.add((r.reason, r.draw))
        if r.draw:
            assert r.winners == (0, 1) and r.placings == (1, 1) and state.badges[0] == state.badges[1]
        else:
            w = r.winners[0]
            assert r.placings[w] == 1 and r.placings[1 - w] == 2 and state.badges[w] > state.badges[1 - w]
            assert (r.reason == "badges") == (state.badges[w] >= 3)
        assert state.name(r.winners[0]) in GAME.result_text(state) or r.draw
    assert ("badges", False) in seen


def test_states_hold_ids_and_numbers_never_sentences():
    for state in SAMPLE:
        assert sentences_in(state) == [], sentences_in(state)[:3]


def test_rewording_the_result_keeps_saves_loading(tmp_path, monkeypatch):
    match = finished_match()
    path = tmp_path / "gold.battlebox.json"
    match.save(path)
    before = encoded(match.state)
    monkeypatch.setattr(gold_game, "result_text", lambda state: "REWORDED RESULT")
    loaded = Match.load(path)
    assert encoded(loaded.state) == before
    assert loaded.game.result_text(loaded.state) == "REWORDED RESULT"
    assert loaded.log[-1].endswith("REWORDED RESULT")


# --- malformed actions ---------------------------------------------------------------------------------

ints = st.one_of(st.integers(-3, 10), st.integers(-2**63, 2**63 - 1))
actions = st.one_of(
    st.builds(Discard, ints, st.lists(ints, max_size=4).map(tuple)),
    st.builds(Play, ints, ints),
    st.builds(Throw, ints),
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
    assert isinstance(GAME.describe(state, action, after), str)


def test_unknown_cards_and_seats_are_refused():
    state = SAMPLE[0]
    for action in (Discard(0, (7, 99)), Discard(2, (7, 8)), Discard(-1, (7, 8)), Play(0, 3)):
        with pytest.raises(IllegalAction):
            GAME.validate(state, action)
    duel = next(s for s in SAMPLE if s.phase == "duel")
    for action in (Play(0, 42), Play(5, 1), Play(-2, 1), Play(0, HIDDEN)):
        with pytest.raises(IllegalAction):
            GAME.validate(duel, action)


# --- compact actions -------------------------------------------------------------------------------------

def test_actions_average_at_most_200_bytes_over_a_long_game():
    sizes = []
    for seed in range(10):
        match = finished_match(seed, badges_to_win=3)
        sizes += [len(msgspec.json.encode(a)) for a in match.actions]
        assert msgspec.json.decode(msgspec.json.encode(match.actions[0]), type=GoldAction) == match.actions[0]
    assert len(sizes) > 200
    assert sum(sizes) / len(sizes) <= 200, sum(sizes) / len(sizes)
