"""Key-press races (Lightning Storm, Column of Fire) as a computer player runs them.

The real race is the players' skill on a shared keyboard; this model only stands in for
random play and computer racers: every racer presses at the same set speed with a little
jitter, so fewer presses usually wins.
"""
from __future__ import annotations

import random

PRESSES_PER_SECOND = 6.0


def race_order(presses: dict[int, int], rng: random.Random, speed: float = PRESSES_PER_SECOND) -> tuple[int, ...]:
    """Racers fastest first: each needs `presses[p]` key presses at about `speed` per second."""
    times = {p: (max(n, 1) / speed) * rng.uniform(0.75, 1.35) for p, n in presses.items()}
    return tuple(sorted(times, key=lambda p: (times[p], p)))


def finish_order(needed: dict[int, int], done: dict[int, int], finished: list[int]) -> tuple[int, ...]:
    """Complete a race already under way: those finished keep their places, the others follow
    by presses still missing (a computer at one speed needs less time for fewer presses)."""
    rest = sorted((p for p in needed if p not in finished), key=lambda p: (needed[p] - done.get(p, 0), p))
    return tuple(finished) + tuple(rest)
