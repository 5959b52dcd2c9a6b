"""Power Spike game speed: random play through Match, and the checks the view runs live.

Goals (watched here, never asserted): random play of the default armies >= 2,000 actions/s
(every action validated, measured on the table and logged); a move check while a unit is
dragged well under 1 ms; targets, entitlements and odds for an attack in about 1 ms; the odds
as if the dragged unit stood at the ghost's place (`odds_if_moved`, run on every drag step) a
few ms at most, so the drag stays fluid.
"""
from __future__ import annotations

import random

from core.game import CHANCE
from core.match import Match
from core.powerspike.game import GAME, Activate
from tests.core.powerspike.game_helpers import draw_go, fresh, step


def random_game(seed: int) -> int:
    match = Match(GAME, GAME.default_setup(), seed)
    rng = random.Random(seed)
    while not match.is_over:
        if match.actor == CHANCE:
            match.play_chance()
        else:
            match.apply(match.random_action(rng))
    return len(match.actions)


def test_random_play_throughput(benchmark):
    seeds = iter(range(10_000))
    actions = benchmark.pedantic(lambda: random_game(next(seeds)), rounds=5, iterations=1)
    assert actions > 0
    stats = getattr(benchmark, "stats", None)
    if stats is not None and stats.stats.mean:
        benchmark.extra_info["actions_per_s_last_game"] = round(actions / stats.stats.mean)


DUEL = {"CDC:u2": (36, 4, 90.0), "SCS:u2": (36, 14, 270.0), "CDC:u1": (44, 4, 90.0)}


def test_move_check_while_dragging(benchmark):
    s = step(draw_go(fresh(DUEL), "CDC"), Activate(0, "CDC:u2"))
    problems = benchmark(GAME.move_problems, s, "CDC:u2", 38.0, 8.0, 80.0)
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
