"""Power Spike game speed: random play through Match, loading a long save, and the checks the
view runs live.

Goals (watched here, never asserted): random play of the default armies >= 5,000 actions/s
(every action validated, measured on the table and logged); loading a save of 1,000+ actions
(decoded, validated, replayed, logged) costs no more than 1,000 steps of random play, so
`load_actions_per_s` >= `actions_per_s`; a move check while a unit is dragged well under 1 ms;
targets, entitlements and odds for an attack in about 1 ms; the odds as if the dragged unit
stood at the ghost's place (`odds_if_moved`, run on every drag step) a few ms at most.
"""
from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

from core.game import CHANCE
from core.match import Match
from core.powerspike.game import GAME, Activate
from core.powerspike.measure import clear_caches
from tests.core.powerspike.game_helpers import draw_go, fresh, step
from tests.benchmarks.rates import record_rate

FULL_ARMIES = {"cdc_roster": "cdc-full-death-commando", "scs_roster": "scs-full-neon-samurai"}
LONG_GAME_ACTIONS = 1_000


def random_match(seed: int, **setup: object) -> Match:
    match = Match(GAME, msgspec.structs.replace(GAME.default_setup(), **setup), seed)
    rng = random.Random(seed)
    while not match.is_over:
        if match.actor == CHANCE:
            match.play_chance()
        else:
            match.apply(match.random_action(rng))
    return match


def random_games(games: int, first_seed: int) -> int:
    return sum(len(random_match(seed).actions) for seed in range(first_seed, first_seed + games))


def test_random_play_throughput(benchmark):
    """Random games of the default armies through Match. Goal: >= 5,000 actions/s."""
    seeds = iter(range(0, 10_000, 4))
    counts: list[int] = []

    def play() -> int:
        counts.append(random_games(4, next(seeds)))
        return counts[-1]

    actions = benchmark.pedantic(play, rounds=3, iterations=1)
    assert actions > 4 * 50
    record_rate(benchmark, round(sum(counts) / len(counts)), "actions")


@pytest.fixture(scope="module")
def long_save(tmp_path_factory) -> Path:
    match = next(m for seed in range(20)
                 if len((m := random_match(seed, **FULL_ARMIES)).actions) >= LONG_GAME_ACTIONS)
    path = tmp_path_factory.mktemp("saves") / "power-spike-long.battlebox.json"
    match.save(path)
    return path


def test_random_play_of_the_long_game_setup(benchmark):
    """Random play of the full armies, the same setup as the long save: the yardstick for loading."""
    seeds = iter(range(10_000))
    counts: list[int] = []

    def play() -> int:
        counts.append(len(random_match(next(seeds), **FULL_ARMIES).actions))
        return counts[-1]

    actions = benchmark.pedantic(play, rounds=2, iterations=1)
    assert actions > 100
    record_rate(benchmark, round(sum(counts) / len(counts)), "actions")


def test_load_a_1000_action_save(benchmark, long_save):
    """Read, decode, validate and replay a 1,000+ action save. Goal: load_actions_per_s at least
    the random play rate of the same setup (test_random_play_of_the_long_game_setup)."""
    match = benchmark.pedantic(Match.load, args=(long_save,), setup=clear_caches, rounds=3, iterations=1)
    assert len(match.actions) >= LONG_GAME_ACTIONS and match.is_over
    record_rate(benchmark, len(match.actions), "load_actions")


DUEL = {"CDC:u2": (36, 4, 90.0), "SCS:u2": (36, 14, 270.0), "CDC:u1": (44, 4, 90.0)}


def test_move_check_while_dragging(benchmark):
    s = step(draw_go(fresh(DUEL), "CDC"), Activate(0, "CDC:u2"))
    poses = iter([(38.0 - 1e-6 * k, 8.0, 80.0) for k in range(1_000_000)])

    def check():  # a new ghost place each time, as a real drag would give (no warm cache)
        return GAME.move_problems(s, "CDC:u2", *next(poses))

    problems = benchmark(check)
    assert problems == []


def test_attack_preview(benchmark):
    s = step(draw_go(fresh(DUEL), "CDC"), Activate(0, "CDC:u2"))

    def preview():
        targets = GAME.fire_targets(s, ("CDC:u2",))
        return targets, GAME.odds(s, ("CDC:u2",), targets[0])

    targets, odds = benchmark(preview)
    assert targets == ["SCS:u2"] and odds.total == 1


def test_odds_while_dragging(benchmark):
    s = step(draw_go(fresh(DUEL), "CDC"), Activate(0, "CDC:u2"))
    poses = iter([(36.0 - 0.01 * (k % 400), 8.0, 80.0) for k in range(1_000_000)])

    def drag_step():  # a new ghost place each time, as a real drag would give (no warm cache)
        x, y, facing = next(poses)
        return GAME.odds_if_moved(s, "CDC:u2", x, y, facing, ("CDC:u2",), "SCS:u2")

    odds = benchmark(drag_step)
    assert odds.total == 1
