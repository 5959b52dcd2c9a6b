"""Loading saves: replaying 1,000 actions must cost no more than 1,000 steps of random play,
in every game, and the largest save the caps allow must load within seconds.

Goals (watched here, never asserted): for each game, `load` time per action <= `play` time
per action (compare the two `actions_per_s` figures of a game); the largest legal save
(core.saves.MAX_ACTIONS actions of a 10-player Throwdown table game) loads in <= 10 s.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from core import registry, saves
from core.match import Match
from tests.benchmarks.test_engine_speed import long_match
from tests.benchmarks.rates import record_rate
from tests.saves.make_saves import play

GAMES = sorted(registry.GAMES)
STEPS = 1_000


def games_of(game_id: str, steps: int) -> list[Match]:
    """Random games (seeded) until they hold `steps` actions between them."""
    matches, total, seed = [], 0, 0
    while total < steps:
        seed += 1
        match = play(Match.new(game_id, seed=seed), random.Random(seed))
        matches.append(match)
        total += len(match.actions)
    return matches


@pytest.mark.parametrize("game_id", GAMES)
def test_random_play(benchmark, game_id):
    matches = benchmark.pedantic(games_of, args=(game_id, STEPS), rounds=3, iterations=1)
    record_rate(benchmark, sum(len(m.actions) for m in matches), "actions")


@pytest.mark.parametrize("game_id", GAMES)
def test_load(benchmark, tmp_path, game_id):
    paths = []
    total = 0
    for i, match in enumerate(games_of(game_id, STEPS)):
        path = tmp_path / f"{i}.battlebox.json"
        match.save(path)
        paths.append(path)
        total += len(match.actions)

    def load_all() -> int:
        return sum(len(Match.load(p).actions) for p in paths)

    assert benchmark.pedantic(load_all, rounds=3, iterations=1) == total
    record_rate(benchmark, total, "actions")


@pytest.fixture(scope="module")
def largest_save(tmp_path_factory) -> Path:
    """A genuine 10-player table game of MAX_ACTIONS actions: the table keeps entering
    all-face-up throws, which remove nobody, so the game can go on to the cap."""
    match = long_match(saves.MAX_ACTIONS, finish=False, real_every=saves.MAX_ACTIONS)
    path = tmp_path_factory.mktemp("largest") / "largest.battlebox.json"
    match.save(path)
    return path


def test_largest_legal_save(benchmark, largest_save):
    size = largest_save.stat().st_size
    assert size <= saves.MAX_SAVE_BYTES
    match = benchmark.pedantic(Match.load, args=(largest_save,), rounds=1, iterations=1)
    assert len(match.actions) == saves.MAX_ACTIONS
    benchmark.extra_info["bytes"] = size
    record_rate(benchmark, len(match.actions), "actions")
