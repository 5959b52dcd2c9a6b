"""The Easy computer players: one rules-aware heuristic per game, no search.

Each is `choose(view, seat, rng) -> action`: it reads only `view` (the seat's `match.view(seat)`)
and returns a legal action for `seat` when the seat acts. A game's module here exports a
`HEURISTICS` dict of its own game ids; modules not written yet are simply absent, so a game
without one plays Easy at random (and `Player.plays_random` says so).
"""
from __future__ import annotations

from core.ai.discover import collect
from core.ai.heuristics.common import Heuristic

MODULES = ("throwdown", "solitaire", "battles", "gold", "impact", "clout", "powerspike")

HEURISTICS: dict[str, Heuristic] = collect(__name__, MODULES, "HEURISTICS")

__all__ = ["HEURISTICS", "Heuristic"]
