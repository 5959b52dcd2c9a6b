"""Battle engine speed: random Domination! and All-Out War! games through Match.

Goal (watched here, never asserted): random play >= 5,000 actions/s, as for Throwdown.
Compare runs with `pytest tests/benchmarks --benchmark-autosave` and `pytest-benchmark compare`.
"""
from __future__ import annotations

import random

import pytest

from core.match import Match
from core.registry import GAMES
from tests.benchmarks.rates import record_rate
from tests.saves.make_saves import play


def random_games(game_id: str, games: int, seed: int) -> int:
    rng = random.Random(seed)
    actions = 0
    for _ in range(games):
        setup = GAMES[game_id].default_setup(rng.randint(2, 4))
        match = play(Match.new(game_id, setup, seed=rng.randrange(2**31)), rng)
        assert match.is_over
        actions += len(match.actions)
    return actions


@pytest.mark.parametrize("game_id", ["domination", "all-out-war"])
def test_random_play_throughput(benchmark, game_id):
    """20 random games, 2-4 players, simulated throws. Goal: >= 5,000 actions/s."""
    actions = benchmark(random_games, game_id, 20, 1)
    assert actions == random_games(game_id, 20, 1) > 20 * 20
    record_rate(benchmark, actions, "actions")
