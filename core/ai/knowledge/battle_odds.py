"""The chance of winning one battle of Domination! or All-Out War!, sampled in bulk.

Every fighter lands face up on its own odds (the roster's back + standing), so a battle between
known fistfuls is a few thousand vectorised draws: face-up points, the +2 for most face-up
fighters, the defender's best flip from the region fought for, a carried Slaughter bonus and
Team Victory. A Domination tie goes to the best face-up fighter, else it is thrown again (each
level player then wins alike); an All-Out War tie has no winner. A Hero (landing standing) is left
out: it needs an advanced rule and lands one throw in fifty.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from core.fistful.battle_state import (SLAUGHTER_BONUS, TEAM_VICTORY_BONUS, TEAM_VICTORY_FIGHTERS,
                                       BattleState)
from core.fistful.roster import Fighter, Roster
from core.fistful.scoring import MOST_FACE_UP_BONUS

SAMPLES = 600


def win_chances(roster: Roster, state: BattleState, thrown: Sequence[Sequence[Fighter] | None], defender: int,
                region: str, rng: random.Random, samples: int = SAMPLES) -> np.ndarray:
    """Each seat's chance of winning the battle in `region` (0 for seats not throwing)."""
    gen = np.random.default_rng(rng.getrandbits(63))
    n = len(thrown)
    totals = np.full((n, samples), -1.0)
    ups = np.zeros((n, samples))
    best = np.zeros((n, samples))
    for p, fighters in enumerate(thrown):
        if fighters is None:
            continue
        if not fighters:
            totals[p] = 0.0
            continue
        values = np.array([roster.value(f) for f in fighters], dtype=float)
        odds = np.array([roster.sculpt(f).back + roster.sculpt(f).standing for f in fighters])
        home = np.array([roster.region(f) == region for f in fighters])
        up = gen.random((samples, len(fighters))) < odds
        if p == defender and home.any():
            down_home = np.where(~up & home, values, 0.0)
            flip = down_home.argmax(axis=1)
            flips = down_home.max(axis=1) > 0
            up[np.arange(samples)[flips], flip[flips]] = True
        points = up @ values
        count = up.sum(axis=1)
        if state.setup.team_victory:
            points = points + TEAM_VICTORY_BONUS * ((up & home).sum(axis=1) >= TEAM_VICTORY_FIGHTERS)
        if state.setup.slaughter and state.slaughter_next and state.slaughter_next[p]:
            points = points + SLAUGHTER_BONUS
        totals[p] = points
        ups[p] = count
        best[p] = np.where(up, values, 0.0).max(axis=1)
    most = ups.max(axis=0)
    single = (ups == most).sum(axis=0) == 1
    totals = totals + MOST_FACE_UP_BONUS * ((ups == most) & single & (most > 0))
    for p, fighters in enumerate(thrown):
        if fighters is None:
            totals[p] = -1.0
    top = totals.max(axis=0)
    level = totals == top
    if state.variant == "domination":
        tie_best = np.where(level, best, -1.0)
        level = level & (tie_best == tie_best.max(axis=0))
        share = level / level.sum(axis=0)
    else:
        share = level * (level.sum(axis=0) == 1)
    return share.mean(axis=1)
