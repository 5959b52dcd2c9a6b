"""Scoring a throw: face-up points, the +2 most-face-up bonus, who is lowest.

Shared by Throwdown and the battle games, which score a throw the same way.
"""
from __future__ import annotations

from collections.abc import Sequence

import msgspec

from core.fistful.roster import Roster
from core.fistful.throws import Landed, is_face_up

MOST_FACE_UP_BONUS = 2


class ThrowScore(msgspec.Struct, frozen=True):
    face_up: int
    face_down: int
    standing: int
    points: int  # sum of face-up values
    bonus: int
    total: int


def score_throws(roster: Roster, throws: Sequence[Sequence[Landed] | None]) -> tuple[ThrowScore | None, ...]:
    """Score every player's throw; None stands for a player who did not throw.

    The bonus goes to the single player with the most face-up fighters; a tie for most
    means nobody gets it, and a throw with no face-up fighter never earns it.
    """
    counts = [None if t is None else sum(1 for x in t if is_face_up(x.pose)) for t in throws]
    present = [c for c in counts if c is not None]
    best = max(present, default=0)
    bonus_to = None
    if best > 0 and present.count(best) == 1:
        bonus_to = counts.index(best)
    out: list[ThrowScore | None] = []
    for i, t in enumerate(throws):
        if t is None:
            out.append(None)
            continue
        up = [x for x in t if is_face_up(x.pose)]
        points = sum(roster.value(x.fighter) for x in up)
        bonus = MOST_FACE_UP_BONUS if i == bonus_to else 0
        out.append(ThrowScore(face_up=len(up), face_down=len(t) - len(up),
                              standing=sum(1 for x in t if x.pose == "standing"),
                              points=points, bonus=bonus, total=points + bonus))
    return tuple(out)


def lowest_total_removers(scores: Sequence[ThrowScore | None]) -> tuple[int, ...]:
    """Players who must remove a face-down fighter: the lowest total among those who have one.

    A player with every fighter face up cannot remove one, so is not a candidate at all.
    """
    candidates = [(s.total, i) for i, s in enumerate(scores) if s is not None and s.face_down > 0]
    if not candidates:
        return ()
    low = min(t for t, _ in candidates)
    return tuple(i for t, i in candidates if t == low)
