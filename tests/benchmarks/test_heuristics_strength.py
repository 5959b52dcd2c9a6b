"""The Easy heuristics against a random player, 200 games per game, seats alternating.

Issue 13's bars (a draw counts half) are asserted: each heuristic must beat random at least as
often as the simple heuristic measured when the issue was written. The win rate is printed and
kept in the benchmark's extra_info.
"""
from __future__ import annotations

from typing import Any

import pytest

from core.ai.heuristics import HEURISTICS
from core.ai.heuristics.common import play_out, score

GAMES = 200
BARS = {"impact": 0.68, "throwdown": 0.85, "fistful-of-gold": 0.74, "solitaire": 0.93,
        "domination": 0.95, "all-out-war": 0.97, "clout": 0.97, "power-spike": 1.00}


def win_rate(game_id: str, games: int = GAMES) -> float:
    total = 0.0
    for seed in range(games):
        seat = seed % 2
        match = play_out(game_id, {seat: HEURISTICS[game_id], 1 - seat: None}, seed=seed)
        total += score(match, seat)
    return total / games


BELOW_BAR: dict[str, str] = {}


@pytest.mark.parametrize("game_id", [
    pytest.param(g, marks=pytest.mark.xfail(reason=BELOW_BAR[g], strict=False)) if g in BELOW_BAR else g
    for g in sorted(HEURISTICS) if g != "solitaire"])  # one seat: paired sessions in test_ai_throwdown.py
def test_heuristic_against_random(benchmark: Any, game_id: str) -> None:
    rate = benchmark.pedantic(win_rate, args=(game_id,), rounds=1, iterations=1)
    benchmark.extra_info["win_rate"] = rate
    print(f"{game_id}: easy beats random in {rate:.1%} of {GAMES} games")
    assert rate >= BARS[game_id]
