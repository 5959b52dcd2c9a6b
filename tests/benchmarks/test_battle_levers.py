"""What each skill of the battle games' Easy player is worth: the evidence behind issue 13's
unmet battle bars.

Easy is taken apart one skill at a time, the skill replaced by a random legal choice:
- "attack": which enemy region to attack (Easy: the one where the defender's flip is weakest);
- "removal": which face-down fighter a loser gives up (Easy: the one the army misses least);
- "fistful": which six fighters to throw (Easy: the fullest value shape, fifteen points);
and the first two together.
Each variant plays random (the heuristic bar: 97 % in All-Out War, 95 % in Domination) and
Normal (the bar for Normal against a sensible heuristic: 65 %). A skill is a lever when Normal
scores clearly more against the Easy that lacks it. What the runs showed (docs/computer-players.md):
in All-Out War the attack at random is the only variant that Normal beats by 65 %, and it is
at the heuristic bar against random (98.5 % of these 400 games, 96.4 % of 2,000 more), so taking
skills away from Easy does not meet both bars.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from core.ai import make_player
from core.ai.heuristics import HEURISTICS
from core.ai.heuristics.common import Heuristic, play_out, score, seat_actions
from core.fistful.battle_state import ChooseFistful
from core.fistful.throwdown import MAX_FIGHTERS, MAX_POINTS
from core.registry import GAMES

GAMES_EACH = {"all-out-war": 400, "domination": 200}
LEVERS = ("attack", "removal", "fistful", "attack+removal")
MARGIN = 0.04  # how much more Normal must score against Easy without a lever for it to count


def without(game_id: str, lever: str) -> Heuristic:
    """Easy with some skills ("attack+removal": both) replaced by a random legal choice."""
    game = GAMES[game_id]
    easy = HEURISTICS[game_id]
    skills = set(lever.split("+"))

    def choose(view: Any, seat: int, rng: random.Random) -> Any:
        phase = view.phase
        if "attack" in skills and phase == "attack":
            return rng.choice(seat_actions(game, view, seat))
        if "removal" in skills and phase == "remove":
            return rng.choice(seat_actions(game, view, seat))
        if "fistful" in skills and phase in ("fistful", "reselect") and not (
                phase == "reselect" and game._winner_keeps(view, seat)):
            army = list(view.armies[seat])
            for _ in range(400):
                pick = rng.sample(army, min(MAX_FIGHTERS, len(army)))
                if sum(game.roster.value(f) for f in pick) <= MAX_POINTS:
                    return ChooseFistful(seat, tuple(pick), None)
        return easy(view, seat, rng)

    return choose


def normal(game_id: str, seed: int) -> Heuristic:
    player = make_player(game_id, "normal", seed=seed)
    steps = iter(range(10**9))
    return lambda view, seat, rng: player.choose_from_view(view, seat, next(steps))


def share(game_id: str, first: Callable[[int], Heuristic | None], second: Callable[[int], Heuristic | None],
          games: int) -> float:
    """The first player's score, seats alternating, a draw counting half."""
    total = 0.0
    for g in range(games):
        seat = g % 2
        total += score(play_out(game_id, {seat: first(g), 1 - seat: second(g)}, seed=10_000 + g), seat)
    return total / games


@pytest.mark.timeout(3600)
@pytest.mark.parametrize("game_id", sorted(GAMES_EACH))
def test_each_skill_of_easy_is_a_lever(benchmark: Any, game_id: str) -> None:
    n = GAMES_EACH[game_id]

    def measure() -> dict[str, tuple[float, float]]:
        rows = {"easy": (share(game_id, lambda g: HEURISTICS[game_id], lambda g: None, n),
                         share(game_id, lambda g: normal(game_id, g), lambda g: HEURISTICS[game_id], n))}
        for lever in LEVERS:
            variant = without(game_id, lever)
            rows[f"easy without {lever}"] = (share(game_id, lambda g: variant, lambda g: None, n),
                                            share(game_id, lambda g: normal(game_id, g), lambda g: variant, n))
        return rows

    rows = benchmark.pedantic(measure, rounds=1, iterations=1)
    print(f"\n{game_id}, {n} games each: player | vs random | Normal's score against it")
    for name, (vs_random, normal_score) in rows.items():
        benchmark.extra_info[name] = {"vs_random": vs_random, "normal_against": normal_score}
        print(f"  {name:28} | {vs_random:6.1%} | {normal_score:6.1%}")
    base = rows["easy"][1]
    assert base >= 0.5, rows  # Normal is never the weaker of the two
    assert rows["easy without attack"][1] >= base + MARGIN, rows  # the attack choice is a lever
