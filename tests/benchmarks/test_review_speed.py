"""How long the review of a finished game takes (Edit → Review with the Computer…), in every game.

The review asks the Normal computer once per decision a person made, and weighs both moves'
figures, on a worker thread with a progress bar. Each decision is the hint the player could have
asked for then, so it is held to a hint's bar plus the figures: 95 % of decisions within 1.5 CPU
seconds. The game is an Easy one with seat 0 a person (its moves Easy's too), seeded; the median,
95th percentile, maximum and the whole review's seconds are printed and kept in extra_info.
Run: BATTLEBOX_BENCH=1 .venv/bin/python -m pytest -q -s tests/benchmarks/test_review_speed.py
"""
from __future__ import annotations

import time
from typing import Any

import pytest

from core import registry
from core.ai import make_player
from core.ai.review import review
from core.ai.selfplay import time_summary
from core.game import CHANCE, actor_players, with_computers
from core.match import Match

GAMES = [info.id for info in registry.CATALOGUE if info.available]
BAR = 1.5  # CPU seconds within which 95 % of a review's decisions must end


def easy_game(game_id: str, seed: int = 1) -> Match:
    setup = registry.get(game_id).default_setup()
    setup = with_computers(setup, {s: "easy" for s in range(1, len(setup.players))})
    match = Match.new(game_id, setup, seed)
    easy = make_player(game_id, "easy", seed=seed)
    while not match.is_over:
        if match.actor == CHANCE:
            match.play_chance()
        else:
            match.apply(easy.choose(match, actor_players(match.actor)[0]))
    return match


def reviewed(match: Match) -> tuple[list[float], float]:
    """CPU seconds of each decision reviewed, and the wall seconds of the whole review."""
    times: list[float] = []
    last = [time.process_time()]

    def heard(done: int, total: int) -> None:
        now = time.process_time()
        times.append(now - last[0])
        last[0] = now

    start = time.perf_counter()
    review(match, match.seed, heard)
    return times, time.perf_counter() - start


@pytest.mark.timeout(1800)
@pytest.mark.parametrize("game_id", GAMES)
def test_review_speed(benchmark: Any, game_id: str) -> None:
    match = easy_game(game_id)
    times, whole = benchmark.pedantic(reviewed, args=(match,), rounds=1, iterations=1)
    summary = time_summary(times)
    benchmark.extra_info.update(summary)
    benchmark.extra_info.update(decisions=len(times), whole_seconds=whole, steps=match.steps)
    print(f"\n{game_id}: {len(times)} decisions of {match.steps} steps reviewed in {whole:.1f} s; CPU per "
          f"decision: median {summary['median']:.3f} s, 95 % within {summary['p95']:.3f} s, max {summary['max']:.3f} s")
    assert times and summary["p95"] <= BAR
