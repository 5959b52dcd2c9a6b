"""Computer against computer, headless: how often each player spec wins, and how long it thinks.

Seats rotate between games (game g gives seat s the spec at (s + g) mod n), so no spec keeps
the first move. Wins are counted per spec position in the list, not per seat; a draw counts
for nobody and is reported apart. Every game and every player is seeded from `seed`, so a run
repeats exactly.
"""
from __future__ import annotations

import math
import statistics
import time
from typing import Any, TextIO

from core import registry
from core.ai import LEVELS, make_player
from core.game import CHANCE, actor_players
from core.match import Match

MAX_STEPS = 20_000  # a game still running after this many actions counts as a draw


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a win rate (sound at 0 and at every game won)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def run(game_id: str, games: int, seed: int, specs: list[str],
        iterations: int | None = None) -> dict[str, Any]:
    """Play `games` games; the report `battlebox selfplay --json` prints."""
    for spec in specs:
        if spec not in LEVELS:
            raise ValueError(f"unknown player {spec!r}: choose from {', '.join(LEVELS)}")
    game = registry.get(game_id)
    n = len(specs)
    wins = [0] * n
    draws = 0
    seconds: dict[str, list[float]] = {spec: [] for spec in specs}
    for g in range(games):
        match = Match.new(game_id, game.default_setup(n), seed=seed * 100_003 + g)
        seat_spec = [(s + g) % n for s in range(n)]
        players = [make_player(game_id, specs[seat_spec[s]], seed=seed * 1_009 + g * 17 + s,
                               iterations=iterations) for s in range(n)]
        while not match.is_over and match.steps < MAX_STEPS:
            if match.actor == CHANCE:
                match.play_chance()
                continue
            seat = actor_players(match.actor)[0]
            start = time.perf_counter()
            action = players[seat].choose(match, seat)
            seconds[specs[seat_spec[seat]]].append(time.perf_counter() - start)
            match.apply(action)
        result = match.result
        if result is None or result.draw or not result.winners:
            draws += 1
            continue
        for w in result.winners:
            wins[seat_spec[w]] += 1
    return {"games": games, "players": list(specs), "wins": wins, "draws": draws,
            "decision_seconds": {level: {"median": statistics.median(times) if times else 0.0,
                                         "max": max(times, default=0.0)}
                                 for level, times in seconds.items()}}


def print_report(report: dict[str, Any], game_id: str, out: TextIO) -> None:
    games = report["games"]
    print(f"{games} games of {game_id}, seats alternating", file=out)
    for i, (spec, won) in enumerate(zip(report["players"], report["wins"])):
        lo, hi = wilson(won, games)
        print(f"  player {i + 1} ({spec}): {won} wins, {won / games:.0%} "
              f"(95 % interval {lo:.0%}-{hi:.0%})", file=out)
    print(f"  draws: {report['draws']}", file=out)
    for level, t in report["decision_seconds"].items():
        print(f"  {level}: median {t['median']:.4f} s, max {t['max']:.4f} s per decision", file=out)
