"""Engine speed: random play, replaying a long save, scoring a 10-player throw, and the memory
and apply time of a 5,000-action Throwdown match.

Goals (watched here, never asserted): random play >= 5,000 actions/s; loading and
verifying a 1,000-action save <= 50 ms; one 5,000-action Throwdown match <= 30 MB above an
empty match, with `apply` as fast at step 5,000 as at step 100. Compare runs with
`pytest tests/benchmarks --benchmark-autosave` and `pytest-benchmark compare`.
"""
from __future__ import annotations

import random
import time
import tracemalloc
from pathlib import Path

import msgspec
import pytest

from core.fistful.roster import default_roster
from core.fistful.scoring import score_throws
from core.fistful.throwdown import GAME, Throw
from core.fistful.throws import Landed, throw_fistful
from core.match import Match
from tests.saves.make_saves import play
from tests.benchmarks.rates import record_rate

LONG_GAME_ACTIONS = 1_000
MEMORY_GAME_ACTIONS = 5_000


def random_games(games: int, seed: int) -> int:
    rng = random.Random(seed)
    actions = 0
    for _ in range(games):
        match = play(Match.new("throwdown", GAME.default_setup(rng.randint(1, 10)), seed=rng.randrange(2**31)), rng)
        actions += len(match.actions)
    return actions


def test_random_play_throughput(benchmark):
    """Random Throwdown games, 1-10 players, through Match. Goal: >= 5,000 actions/s."""
    actions = benchmark(random_games, 20, 1)
    assert actions == random_games(20, 1) > 20 * 4
    record_rate(benchmark, actions, "actions")


def long_match(actions: int = LONG_GAME_ACTIONS, finish: bool = True, real_every: int = 100) -> Match:
    """A genuine 10-player table game of >= `actions` actions: the table mostly enters all-face-up
    throws (nobody can remove), with a real throw and its removals every `real_every`th round."""
    setup = msgspec.structs.replace(GAME.default_setup(10), mode="table")
    match = Match.new("throwdown", setup, seed=1000)
    rng = random.Random(1000)
    play(match, rng, stop=lambda m: m.state.phase != "pick")
    throws = 0
    while len(match.actions) < actions and not match.is_over:
        throws += 1
        if throws % real_every == 0:
            match.apply(match.chance_action())
            play(match, rng, stop=lambda m: m.state.phase != "remove")
        else:
            match.apply(Throw.of(tuple(tuple(Landed(f, "back") for f in fistful) if fistful else None
                                       for fistful in match.state.fistfuls)))
    return play(match, rng) if finish else match


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


def apply_seconds(state, action, repeat: int = 2_000) -> float:
    """Mean seconds for one `GAME.apply(state, action)`."""
    start = time.perf_counter()
    for _ in range(repeat):
        GAME.apply(state, action)
    return (time.perf_counter() - start) / repeat


def all_face_up(state) -> Throw:
    return Throw.of(tuple(tuple(Landed(f, "back") for f in fistful) if fistful else None
                          for fistful in state.fistfuls))


def memory_and_apply_time() -> dict[str, float]:
    """Memory of one 5,000-action 10-player Throwdown match above an empty one (tracemalloc), and
    apply time for the same throw at step 100 and at step 5,000 (the table enters all-face-up
    throws, so the fistfuls at both steps are the same and only the log's length differs)."""
    tracemalloc.start()
    try:
        empty = Match.new("throwdown", msgspec.structs.replace(GAME.default_setup(10), mode="table"), seed=1000)
        base = tracemalloc.get_traced_memory()[0]
        match = long_match(MEMORY_GAME_ACTIONS, finish=False, real_every=MEMORY_GAME_ACTIONS)
        used = tracemalloc.get_traced_memory()[0] - base
        del empty
    finally:
        tracemalloc.stop()
    early_step = next(i for i in range(100, match.steps) if match.state_at(i).phase == "throw")
    early = match.state_at(early_step)
    late = match.state
    return {"steps": match.steps, "mib_above_empty": used / 2**20,
            "apply_us_at_100": apply_seconds(early, all_face_up(early)) * 1e6,
            "apply_us_at_5000": apply_seconds(late, all_face_up(late)) * 1e6}


def test_memory_and_flat_apply_of_a_5000_action_match(benchmark):
    """Goal: <= 30 MB above an empty match; apply at step 5,000 no slower than at step 100."""
    figures = benchmark.pedantic(memory_and_apply_time, rounds=1, iterations=1)
    assert figures["steps"] >= MEMORY_GAME_ACTIONS
    benchmark.extra_info.update({k: round(v, 2) for k, v in figures.items()})
    benchmark.extra_info["apply_ratio_5000_to_100"] = round(figures["apply_us_at_5000"] / figures["apply_us_at_100"], 2)
