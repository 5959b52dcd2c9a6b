"""Engine speed: random play, replaying a long save, scoring a 10-player throw.

Goals (watched here, never asserted): random play >= 5,000 actions/s; loading and
verifying a 1,000-action save < 100 ms. Compare runs with `pytest tests/benchmarks
--benchmark-autosave` and `pytest-benchmark compare`.
"""
from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

from core.fistful.roster import default_roster
from core.fistful.scoring import score_throws
from core.fistful.throwdown import GAME, Throw
from core.fistful.throws import Landed, throw_fistful
from core.match import Match
from tests.saves.make_saves import play

LONG_GAME_ACTIONS = 1_000


def random_games(games: int, seed: int) -> int:
    rng = random.Random(seed)
    actions = 0
    for _ in range(games):
        match = play(Match.new("throwdown", GAME.default_setup(rng.randint(1, 10)), seed=rng.randrange(2**31)), rng)
        actions += len(match.actions)
    return actions


def record_rate(benchmark, count: int, unit: str) -> None:
    stats = getattr(benchmark, "stats", None)
    if stats is not None and stats.stats.mean:
        benchmark.extra_info[f"{unit}_per_s"] = round(count / stats.stats.mean)
    benchmark.extra_info[unit] = count


def test_random_play_throughput(benchmark):
    """Random Throwdown games, 1-10 players, through Match. Goal: >= 5,000 actions/s."""
    actions = benchmark(random_games, 20, 1)
    assert actions == random_games(20, 1) > 20 * 4
    record_rate(benchmark, actions, "actions")


def long_match() -> Match:
    """A genuine 10-player table game of >= 1,000 actions: the table mostly enters all-face-up
    throws (nobody can remove), with a real throw and its removals every 100th round."""
    setup = msgspec.structs.replace(GAME.default_setup(10), mode="table")
    match = Match.new("throwdown", setup, seed=1000)
    rng = random.Random(1000)
    play(match, rng, stop=lambda m: m.state.phase != "pick")
    throws = 0
    while len(match.actions) < LONG_GAME_ACTIONS and not match.is_over:
        throws += 1
        if throws % 100 == 0:
            match.apply(match.chance_action())
            play(match, rng, stop=lambda m: m.state.phase != "remove")
        else:
            match.apply(Throw.of(tuple(tuple(Landed(f, "back") for f in fistful) if fistful else None
                                       for fistful in match.state.fistfuls)))
    return play(match, rng)


@pytest.fixture(scope="module")
def long_save(tmp_path_factory) -> Path:
    match = long_match()
    assert len(match.actions) >= LONG_GAME_ACTIONS and match.is_over
    path = tmp_path_factory.mktemp("saves") / "long.battlebox.json"
    match.save(path)
    return path


def test_load_and_verify_a_1000_action_save(benchmark, long_save):
    """Read, decode, replay and checksum a 1,000+ action save. Goal: < 100 ms."""
    match = benchmark(Match.load, long_save)
    assert len(match.actions) >= LONG_GAME_ACTIONS and match.is_over
    record_rate(benchmark, len(match.actions), "actions")


def test_score_throws_for_ten_players(benchmark):
    roster = default_roster()
    rng = random.Random(5)
    fistfuls = [GAME.random_action(GAME.new(GAME.default_setup(1)), rng).fighters for _ in range(10)]
    landed = [throw_fistful(rng, roster, f) for f in fistfuls]
    scores = benchmark(score_throws, roster, landed)
    assert len(scores) == 10
    assert sum(1 for s in scores if s.bonus) <= 1
