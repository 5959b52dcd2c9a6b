"""Computer against computer, headless: how often each player spec wins, and how long it thinks.

Seats rotate between games (game g gives seat s the spec at (s + g) mod n), so no spec keeps
the first move. Wins are counted per spec position in the list, not per seat. A spec's score
counts a win 1 and a shared first place its share (a two-player draw 1/2, a game that ranks
nobody 1/n each), so the scores add up to the games played.

A one-seat game (Solitaire) is played in paired sessions: in game g every spec plays its own
session on the same seed (the same throws for the same choices, and the same player seed, so
a spec paired with itself draws every pair), and the better session wins the pair (equal ones
share it). A session is measured by the game's search evaluation of its end
(`Knowledge.evaluate`), else by its score sheet's totals.

A game is set up as the game's knowledge says strength is measured (`Knowledge.measured_setup`),
else with its default setup.

Every game and every player is seeded from `seed`, so a run repeats exactly; `start` plays games
start, start + 1, ... so a long measurement can be run in chunks and resumed.
"""
from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass, field
from typing import Any, TextIO

from core import registry
from core.ai import LEVELS, make_player
from core.ai.knowledge import knowledge
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


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank percentile (q in [0, 1]): a time at least that share of decisions kept to."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def time_summary(times: list[float]) -> dict[str, float]:
    return {"median": statistics.median(times) if times else 0.0,
            "p95": percentile(times, 0.95), "max": max(times, default=0.0)}


@dataclass
class Tally:
    """Results so far of one pairing; `report()` is what `selfplay --json` prints."""

    specs: list[str]
    games: int = 0
    wins: list[int] = field(default_factory=list)
    score: list[float] = field(default_factory=list)
    draws: int = 0
    seconds: dict[str, list[float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        n = len(self.specs)
        self.wins = self.wins or [0] * n
        self.score = self.score or [0.0] * n
        for spec in self.specs:
            self.seconds.setdefault(spec, [])

    def add(self, winners: list[int]) -> None:
        """One game's result: the spec positions sharing first place (all of them when none won)."""
        self.games += 1
        winners = winners or list(range(len(self.specs)))
        if len(winners) == 1:
            self.wins[winners[0]] += 1
        else:
            self.draws += 1
        for w in winners:
            self.score[w] += 1 / len(winners)

    def report(self) -> dict[str, Any]:
        return {"games": self.games, "players": list(self.specs), "wins": list(self.wins),
                "draws": self.draws, "score": [round(s, 6) for s in self.score],
                "decision_seconds": {level: time_summary(times) for level, times in self.seconds.items()}}


def _decide(players: list[Any], match: Match, tally: Tally, seat_spec: list[int]) -> None:
    seat = actor_players(match.actor)[0]
    start = time.perf_counter()
    action = players[seat].choose(match, seat)
    tally.seconds[tally.specs[seat_spec[seat]]].append(time.perf_counter() - start)
    match.apply(action)


def _play(match: Match, players: list[Any], tally: Tally, seat_spec: list[int],
          deadline: float | None = None) -> Match:
    while not match.is_over and match.steps < MAX_STEPS:
        if deadline is not None and time.monotonic() > deadline:
            raise TimeoutError("the game was still running at the deadline")
        if match.actor == CHANCE:
            match.play_chance()
        else:
            _decide(players, match, tally, seat_spec)
    return match


def session_score(game_id: str, state: Any) -> float:
    """How good a finished one-seat session is: the search's evaluation, else the sheet's totals."""
    evaluate = knowledge(game_id).evaluate
    if evaluate is not None:
        return float(evaluate(state)[0])
    sheet = getattr(state, "sheet", None)
    if sheet is None:
        return 0.0
    return float(sum(sheet.total(g) for g in range(state.setup.games)))


def seat_specs(g: int, n: int) -> list[int]:
    """Which spec plays each seat in game number g: the specs rotate, so none keeps the first move."""
    return [(s + g) % n for s in range(n)]


def measured_setup(game_id: str, g: int, players: int) -> Any:
    """The setup of game number g: the game's default, unless its knowledge names the setup
    strength is measured on (`Knowledge.measured_setup`)."""
    chosen = knowledge(game_id).measured_setup
    return chosen(g, players) if chosen is not None else registry.get(game_id).default_setup(players)


def play_game(game_id: str, g: int, seed: int, tally: Tally, iterations: int | None = None,
              deadline: float | None = None) -> Match | None:
    """Game number `g` of a run, added to `tally`; the finished match, for a closer look at how
    it went (None for Solitaire's paired sessions). Past `deadline` (time.monotonic()) the game
    stops with TimeoutError and counts for nothing (its decisions' times stay in `tally`)."""
    game = registry.get(game_id)
    specs = tally.specs
    n = len(specs)
    match_seed = seed * 100_003 + g
    if game.spec.max_players == 1:
        scores = []
        for i, spec in enumerate(specs):
            player = make_player(game_id, spec, seed=seed * 1_009 + g * 17, iterations=iterations)
            match = _play(Match.new(game_id, measured_setup(game_id, g, 1), seed=match_seed), [player],
                          tally, [i], deadline)
            scores.append(session_score(game_id, match.state) if match.is_over else -math.inf)
        best = max(scores)
        tally.add([i for i, s in enumerate(scores) if s == best])
        return None
    seat_spec = seat_specs(g, n)
    players = [make_player(game_id, specs[seat_spec[s]], seed=seed * 1_009 + g * 17 + s,
                           iterations=iterations) for s in range(n)]
    match = _play(Match.new(game_id, measured_setup(game_id, g, n), seed=match_seed), players, tally,
                  seat_spec, deadline)
    result = match.result
    if result is None or not result.winners:
        tally.add([])
    else:
        tally.add([seat_spec[w] for w in result.winners])
    return match


def check_specs(specs: list[str]) -> None:
    for spec in specs:
        if spec not in LEVELS:
            raise ValueError(f"unknown player {spec!r}: choose from {', '.join(LEVELS)}")


def run(game_id: str, games: int, seed: int, specs: list[str],
        iterations: int | None = None, start: int = 0) -> dict[str, Any]:
    """Play games start .. start + games - 1; the report `battlebox selfplay --json` prints."""
    check_specs(specs)
    tally = Tally(list(specs))
    for g in range(start, start + games):
        play_game(game_id, g, seed, tally, iterations)
    return tally.report()


def print_report(report: dict[str, Any], game_id: str, out: TextIO) -> None:
    games = report["games"]
    paired = registry.get(game_id).spec.max_players == 1
    how = "paired sessions on one seed each" if paired else "seats rotating"
    print(f"{games} games of {game_id}, {how}; a draw counts half", file=out)
    for i, (spec, won, score) in enumerate(zip(report["players"], report["wins"], report["score"])):
        lo, hi = wilson(score, games)
        print(f"  player {i + 1} ({spec}): {won} wins, score {score:g} = {score / games:.0%} "
              f"(95 % interval {lo:.0%}-{hi:.0%})", file=out)
    print(f"  draws: {report['draws']}", file=out)
    for level, t in report["decision_seconds"].items():
        print(f"  {level}: median {t['median']:.4f} s, 95 % within {t['p95']:.4f} s, "
              f"max {t['max']:.4f} s per decision", file=out)
