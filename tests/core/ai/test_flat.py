"""Sequential halving: the close contenders get the playouts, the budget is kept, the prior counts."""
from __future__ import annotations

import random

from core.ai.flat import halving

MEANS = [0.30, 0.42, 0.50, 0.47, 0.20, 0.49, 0.10, 0.35]


def _noisy(calls: list[int]):
    def play(world: object, option: int, draws: random.Random) -> float:
        calls[option] += 1
        return 1.0 if draws.random() < MEANS[option] else 0.0
    return play


def _world(view: object, seat: int, rng: random.Random) -> object:
    return view


def test_the_best_option_wins_most_often_and_gets_the_most_playouts():
    wins = 0
    for seed in range(60):
        calls = [0] * len(MEANS)
        best = halving(None, 0, random.Random(seed), list(range(len(MEANS))), 800, _world, _noisy(calls))
        wins += best in (2, 5)  # 0.50 and 0.49: a coin decides between them
        assert sum(calls) <= 800 + len(MEANS)
        assert calls[2] >= calls[6]
    assert wins >= 45


def test_common_draws_tell_two_near_equal_options_apart():
    """Both options see the same draw, so 0.50 never falls behind 0.49; with independent draws
    the pick between them would be nearly a coin toss."""
    picks = [halving(None, 0, random.Random(s), [5, 2], 400, _world, _noisy([0] * len(MEANS)))
             for s in range(20)]
    assert picks.count(1) >= 16


def test_a_prior_keeps_the_first_option_in_a_tie():
    tie = lambda w, o, d: 0.5  # noqa: E731
    assert halving(None, 0, random.Random(3), ["b", "a", "c"], 30, _world, tie, [0.0, 0.01, 0.0]) == 1
    assert halving(None, 0, random.Random(3), ["b", "a", "c"], 30, _world, tie) == 0
