"""The Easy computer players: one rules-aware heuristic per game, no search.

Each is `choose(view, seat, rng) -> action`: it reads only `view` (the seat's `match.view(seat)`)
and returns a legal action for `seat` when the seat acts. A game's module here exports a
`HEURISTICS` dict of its own game ids; modules not written yet are simply absent, so a game
without one plays Easy at random (and `Player.plays_random` says so).
"""
from __future__ import annotations

import importlib
import importlib.util

from core.ai.heuristics.common import Heuristic

MODULES = ("throwdown", "solitaire", "battles", "gold", "impact", "clout", "powerspike")


def _collect() -> dict[str, Heuristic]:
    found: dict[str, Heuristic] = {}
    for name in MODULES:
        if importlib.util.find_spec(f"core.ai.heuristics.{name}") is None:
            continue
        found.update(importlib.import_module(f"core.ai.heuristics.{name}").HEURISTICS)
    return found


HEURISTICS: dict[str, Heuristic] = _collect()

__all__ = ["HEURISTICS", "Heuristic"]
