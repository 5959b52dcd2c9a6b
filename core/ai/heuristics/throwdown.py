"""Throwdown, Easy: a full, even fistful, and the cheapest fighter removed.

Six fighters are six lives and more points on the table, so the fistful fills both limits, as
a club player's even spread of threes and twos (simulation puts three fours and three ones
ahead of it, 57 % to 43 %: that sharper shape is Normal's, core/ai/knowledge/throwdown.py).
When a fighter must go, the lowest value one goes, keeping the totals of later throws high.
`best_fistful` (the fullest fistful an army allows) also serves the battle games' Easy player.
"""
from __future__ import annotations

import random

from core.fistful.roster import Fighter, Roster
from core.fistful.throwdown import GAME, MAX_FIGHTERS, MAX_POINTS, Pick, Remove, ThrowdownState
from core.fistful.throwdown_secrets import fighters_of

EVEN_SHAPE = (3, 3, 3, 2, 2, 2)


def best_fistful(roster: Roster, rng: random.Random, size: int = MAX_FIGHTERS,
                 points: int = MAX_POINTS) -> tuple[Fighter, ...]:
    """`size` fighters (or fewer) worth as many points as fit under `points`, sturdy ones first."""
    pool = list(roster.fighters)
    rng.shuffle(pool)
    pool.sort(key=lambda f: roster.sculpt(f).back)
    chosen: list[Fighter] = []
    left = points
    for slot in range(size):
        still = size - slot - 1
        fits = [f for f in pool if f not in chosen and roster.value(f) + still <= left]
        if not fits:
            break
        top = min(max(roster.value(f) for f in fits), left - still)
        pick = next(f for f in fits if roster.value(f) == top) if any(
            roster.value(f) == top for f in fits) else max(fits, key=roster.value)
        chosen.append(pick)
        left -= roster.value(pick)
    return tuple(chosen)


def choose(view: ThrowdownState, seat: int, rng: random.Random) -> Pick | Remove:
    if view.phase == "pick":
        return Pick(seat, fighters_of(GAME.roster, EVEN_SHAPE, rng))
    options = GAME.removable(view, seat)
    return Remove(seat, min(options, key=lambda f: (GAME.roster.value(f), rng.random())))


HEURISTICS = {"throwdown": choose}
