"""What the search knows of each game beyond its rules: where search alone is weak.

A game's module here exports `KNOWLEDGE: dict[game_id, Knowledge]`; a game without one is
searched with its rules alone (random playouts to the end, random continuous choices).
Every hook reads a state the search may see: a determinisation, never the match's true state.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from core.ai.discover import collect

MODULES = ("throwdown", "solitaire", "battles", "gold", "impact", "clout", "powerspike")


@dataclass(frozen=True)
class Why:
    """The numbers behind a hint, as facts: the view words them.

    `numbers` are named figures, e.g. ("match_chance", 0.42); `chips` are the Clout chip ids
    (`"seat.k"`) a throw aims to reach."""

    numbers: tuple[tuple[str, float], ...] = ()
    chips: tuple[str, ...] = ()


@dataclass(frozen=True)
class Knowledge:
    """Optional hooks; None means the search's default.

    - `candidates(state, seat, rng)`: actions worth trying for a continuous choice (aims,
      moves), tried before the random ones progressive widening adds.
    - `playout(state, rng)`: the action a quick playout takes for whoever acts (not chance).
    - `evaluate(state)`: each seat's expected reward in [0, 1] where a playout stops early,
      and the reward of a finished game that ranks nobody (a one-seat session: its score).
    - `playout_depth`: steps a playout runs before `evaluate` (or a draw) ends it.
    - `explain(view, seat, action, rng)`: the numbers a hint shows for `action`; `rng` is a fresh
      copy of the decision's generator, so figures that come from a sampled solve (Gold's duels)
      describe the move the decision chose.
    - `explain_all(view, seat, actions, rng)`: figures for several moves weighed alike (the same
      draws), where `explain`'s figures are estimates that would not compare: a review sets the
      move played beside the move advised.
    - `alike(played, advised)`: whether a review counts two moves as the same choice: a position
      or an aim a little apart is the same choice, which exact equality would never find.
    - `decide(view, seat, rng, level)`: the game's own Normal/Strong decision in place of the
      search, or None to search (A Fistful of Gold's duels: a solved mixed strategy). Work that
      grows with the level should be sized by `core.ai.ismcts.budget(game_id, level)`, which
      answers a player's explicit `iterations` while it decides (tests use tiny ones).
    - `iterations`: the (normal, strong) search budgets calibrated for this game on the
      reference machine (95 % of Normal decisions within 1 s, of Strong within 5 s).
    - `measured_setup(g, players)`: the setup of game number g when self-play measures strength,
      where the default setup would measure the setup rather than the players (Clout's default
      stacks are so unequal that the stronger stack wins between players of any level)."""

    candidates: Callable[[Any, int, random.Random], list[Any]] | None = None
    playout: Callable[[Any, random.Random], Any] | None = None
    evaluate: Callable[[Any], list[float]] | None = None
    playout_depth: int | None = None
    explain: Callable[[Any, int, Any, random.Random], Why] | None = None
    explain_all: Callable[[Any, int, list[Any], random.Random], list[Why]] | None = None
    alike: Callable[[Any, Any], bool] | None = None
    iterations: tuple[int, int] | None = None
    decide: Callable[[Any, int, random.Random, str], Any] | None = None
    measured_setup: Callable[[int, int], Any] | None = None


def within(a: Any, b: Any, reach: float, **spans: float) -> bool:
    """Two moves of one kind alike but for where they go: `x`, `y` at most `reach` apart, each
    field named in `spans` at most its span apart (`facing` in degrees, round the circle), and
    every other field equal."""
    if type(a) is not type(b):
        return False
    fields = set(a.__struct_fields__) - {"x", "y"} - set(spans)
    if any(getattr(a, f) != getattr(b, f) for f in fields):
        return False
    for name, span in spans.items():
        gap = abs(getattr(a, name) - getattr(b, name))
        if name == "facing":
            gap = min(gap % 360, 360 - gap % 360)
        if gap > span:
            return False
    return math.hypot(a.x - b.x, a.y - b.y) <= reach


KNOWLEDGE: dict[str, Knowledge] = collect(__name__, MODULES, "KNOWLEDGE")


def knowledge(game_id: str) -> Knowledge:
    return KNOWLEDGE.get(game_id, Knowledge())
