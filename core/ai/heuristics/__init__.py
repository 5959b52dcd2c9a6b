"""The Easy computer players: one rules-aware heuristic per game, no search.

Each is `choose(view, seat, rng) -> action`: it reads only `view` (the seat's `match.view(seat)`)
and returns a legal action for `seat` when the seat acts. Games without one here are not yet
covered.
"""
from __future__ import annotations

from core.ai.heuristics import battles, gold, throwdown
from core.ai.heuristics.common import Heuristic

HEURISTICS: dict[str, Heuristic] = {
    "throwdown": throwdown.choose,
    "domination": battles.make("domination"),
    "all-out-war": battles.make("all-out-war"),
    "fistful-of-gold": gold.choose,
}

__all__ = ["HEURISTICS", "Heuristic"]
