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
    value = roster.value
    rows: list[tuple[int, int, int, int] | None] = []
    for t in throws:
        if t is None:
            rows.append(None)
            continue
        up = points = standing = 0
        for x in t:
            if is_face_up(x.pose):
                up += 1
                points += value(x.fighter)
                standing += x.pose == "standing"
        rows.append((up, len(t) - up, standing, points))
    return _with_bonus(rows)


def score_codes(values: Sequence[Sequence[int]], codes: Sequence[str | None]) -> tuple[ThrowScore | None, ...]:
    """`score_throws` read straight from pose codes (core.fistful.throws): `values[i]` lists seat
    i's fighter values in its code's order. Replaying a long log scores thousands of throws."""
    rows: list[tuple[int, int, int, int] | None] = []
    for vals, code in zip(values, codes):
        if code is None:
            rows.append(None)
            continue
        down = code.count("d")
        points = sum(v for v, c in zip(vals, code) if c != "d")
        rows.append((len(code) - down, down, code.count("s"), points))
    return _with_bonus(rows)


def _with_bonus(rows: Sequence[tuple[int, int, int, int] | None]) -> tuple[ThrowScore | None, ...]:
    """Scores from per-seat (face up, face down, standing, points), the +2 bonus added."""
    present = [r[0] for r in rows if r is not None]
    best = max(present, default=0)
    bonus_to = None
    if best > 0 and present.count(best) == 1:
        bonus_to = next(i for i, r in enumerate(rows) if r is not None and r[0] == best)
    out: list[ThrowScore | None] = []
    for i, r in enumerate(rows):
        if r is None:
            out.append(None)
            continue
        bonus = MOST_FACE_UP_BONUS if i == bonus_to else 0
        out.append(ThrowScore(face_up=r[0], face_down=r[1], standing=r[2], points=r[3], bonus=bonus,
                              total=r[3] + bonus))
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
