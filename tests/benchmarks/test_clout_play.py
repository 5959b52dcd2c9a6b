"""Clout Fantasy game speed: random play through Match, and loading saved games.

Goals (watched here, never asserted): random play >= 5,000 actions/s (every action validated
and logged, every throw settled by the physics); loading saves (decoded, validated, replayed,
logged, draws checked against the seed) costs no more than random play for the same number of
actions, so `load_actions_per_s` >= `actions_per_s` over 1,000+ actions.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from core.clout.game import GAME
from core.match import Match
from tests.saves.make_saves import play
from tests.benchmarks.rates import record_rate

LOAD_ACTIONS = 1_000


def random_games(games: int, seed: int) -> int:
    rng = random.Random(seed)
    actions = 0
    for _ in range(games):
        match = play(Match.new("clout", GAME.default_setup(), seed=rng.randrange(2**31)), rng)
        actions += len(match.actions)
    return actions


def test_random_play_throughput(benchmark):
    """Random Clout games through Match. Goal: >= 5,000 actions/s."""
    actions = benchmark(random_games, 10, 1)
    assert actions == random_games(10, 1) > 10 * 30
    record_rate(benchmark, actions, "actions")


@pytest.fixture(scope="module")
def saved_games(tmp_path_factory) -> list[Path]:
    """Finished random games, saved, until they hold 1,000+ actions between them."""
    folder = tmp_path_factory.mktemp("clout-saves")
    rng = random.Random(7)
    paths: list[Path] = []
    total = 0
    while total < LOAD_ACTIONS:
        match = play(Match.new("clout", GAME.default_setup(), seed=rng.randrange(2**31)), rng)
        path = folder / f"game-{len(paths)}.battlebox.json"
        match.save(path)
        paths.append(path)
        total += len(match.actions)
    return paths


def load_all(paths: list[Path]) -> int:
    return sum(len(Match.load(p).actions) for p in paths)


def test_load_1000_actions(benchmark, saved_games):
    """Load and verify saved games holding 1,000+ actions. Goal: load_actions_per_s >= the
    random-play actions_per_s above."""
    actions = benchmark(load_all, saved_games)
    assert actions >= LOAD_ACTIONS
    record_rate(benchmark, actions, "load_actions")
