"""The search sees only its seat's view: hidden differences never change its choice."""
from __future__ import annotations

import random

import pytest

from core.ai import make_player
from core.ai.ismcts import rewards
from core.game import Result
from core.gold.game import Discard, Play
from core.gold.cards import CARDS, HIDDEN
from core.gold.determinize import determinize
from core.match import Match


def gold_after(plays: int, seed: int) -> Match:
    """A Fistful of Gold after set-up and `plays` random cards."""
    match = Match.new("fistful-of-gold", seed=seed)
    rng = random.Random(seed)
    for _ in range(2 + plays):
        if match.is_over:
            break
        match.apply(match.random_action(rng))
    return match


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_hidden_differences_do_not_change_the_choice(level: str) -> None:
    seat = 0
    # The same view from two states whose hidden set-up discards of the rival differ.
    base = Match.new("fistful-of-gold", seed=5)
    twin = Match.new("fistful-of-gold", seed=5)
    rival = 1 - seat
    base.apply(Discard(rival, (7, 8)))
    twin.apply(Discard(rival, (1, 2)))
    assert base.view(seat) == twin.view(seat)
    assert base.state != twin.state
    a = make_player("fistful-of-gold", level, seed=9, iterations=60).choose(base, seat)
    b = make_player("fistful-of-gold", level, seed=9, iterations=60).choose(twin, seat)
    assert a == b


def test_hidden_chosen_card_does_not_change_the_choice() -> None:
    base, twin = (Match.new("fistful-of-gold", seed=2) for _ in range(2))
    for m in (base, twin):
        m.apply(Discard(0, (7, 8)))
        m.apply(Discard(1, (7, 8)))
    base.apply(Play(1, 1))
    twin.apply(Play(1, 6))
    assert base.view(0) == twin.view(0)
    a = make_player("fistful-of-gold", "normal", seed=4, iterations=80).choose(base, 0)
    assert a == make_player("fistful-of-gold", "normal", seed=4, iterations=80).choose(twin, 0)
    assert a.player == 0


@pytest.mark.parametrize("plays", [0, 3, 8, 15, 24])
def test_determinisations_are_consistent_with_the_view(plays: int) -> None:
    for seed in range(6):
        match = gold_after(plays, seed)
        if match.is_over:
            continue
        for seat in (0, 1):
            view = match.view(seat)
            for draw in range(5):
                state = determinize(view, seat, random.Random(draw))
                assert match.game.view(state, seat) == view
                assert HIDDEN not in state.hands[1 - seat]
                assert state.pending[1 - seat] != HIDDEN
                match.game.legal_actions(state)


def test_the_true_hand_is_among_the_determinisations_once_a_round_is_over() -> None:
    match = gold_after(30, 1)
    while match.state.round < 2 and not match.is_over:
        match.apply(match.random_action(random.Random(match.steps)))
    if match.state.rounds and match.state.rounds[-1].how != "mistake" and not match.is_over:
        state = determinize(match.view(0), 0, random.Random(0))
        assert state.hands[1] == match.state.hands[1]


def test_rewards_rank_the_seats() -> None:
    assert rewards(Result((0,), False, (1, 2), "x")) == [1.0, 0.0]
    assert rewards(Result((0, 1), True, (1, 1), "x")) == [0.5, 0.5]
    assert rewards(Result((1,), False, (2, 1, 3), "x")) == [0.5, 1.0, 0.0]
    assert rewards(None) == []
