"""Impact's exact odds of a throw finding a match, from the dice model of core/impact/dice.py
and the setup's miss, knock, kick-out and tilt chances.

A cauldron a player decides on never holds a match (matches are taken at once), so it is a set
of distinct elements and the odds are few: they are cached. Each die's fate is a distribution
over the faces it ends on (None: gone from the cauldron: missed, kicked out or blank); the
cauldron's outcome is their convolution, counted per element.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from core.impact.dice import BLANK, ELEMENTS, FACES, WATER, side_faces
from core.impact.state import CAUTIOUS, RECKLESS, ImpactSetup, ImpactState

Fate = tuple[tuple[str | None, float], ...]


def _landing(miss: float) -> Fate:
    """A thrown die: missed, or any face (a tilted die is re-settled to a random face: the same)."""
    return ((None, miss),) + tuple((f if f != BLANK else None, (1 - miss) / len(FACES)) for f in FACES)


def _tipped(face: str) -> Fate:
    return tuple((f if f != BLANK else None, 1 / 4) for f in side_faces(face))


def _shaken(face: str, knock: float, kick: float) -> Fate:
    """A cauldron die under a reckless throw: left, kicked out, or turned to a side face."""
    turned = knock * (1 - kick) / 4
    return ((face, 1 - knock), (None, knock * kick)) + tuple((f if f != BLANK else None, turned)
                                                             for f in side_faces(face))


def _combine(fates: list[Fate], swamp: bool) -> float:
    """The chance that two or more dice end on one element (water never, in a swamp)."""
    counts: dict[tuple[int, ...], float] = {(0,) * len(ELEMENTS): 1.0}
    index = {e: i for i, e in enumerate(ELEMENTS)}
    for fate in fates:
        nxt: dict[tuple[int, ...], float] = {}
        for key, p in counts.items():
            for face, q in fate:
                if q == 0:
                    continue
                if face is None or face == BLANK:
                    k = key
                else:
                    i = index[face]
                    k = key[:i] + (min(key[i] + 1, 2),) + key[i + 1:]
                nxt[k] = nxt.get(k, 0.0) + p * q
        counts = nxt
    water = index[WATER]
    return sum(p for key, p in counts.items()
               if any(c >= 2 and not (swamp and i == water) for i, c in enumerate(key)))


@lru_cache(maxsize=4096)
def _chance(cauldron: tuple[str, ...], tipped: tuple[int, ...], thrown: int, style: str,
            miss: float, knock: float, kick: float, swamp: bool) -> float:
    fates: list[Fate] = []
    for i, face in enumerate(cauldron):
        if i in tipped and style == RECKLESS:  # tipped, then maybe knocked too
            fates.append(tuple((g, p * q) for f, p in _tipped(face)
                               for g, q in (((None, 1.0),) if f is None else _shaken(f, knock, kick))))
        elif i in tipped:
            fates.append(_tipped(face))
        elif style == RECKLESS:
            fates.append(_shaken(face, knock, kick))
        else:
            fates.append(((face, 1.0),))
    fates.extend([_landing(miss)] * thrown)
    return _combine(fates, swamp)


def match_chance(state: ImpactState, style: str = CAUTIOUS, tipped: tuple[int, ...] = (), thrown: int = 1) -> float:
    """The exact chance that throwing `thrown` dice now (after tipping the cauldron dice
    `tipped`) leaves a match in the cauldron."""
    s: ImpactSetup = state.setup
    miss = (s.reckless_miss if style == RECKLESS else s.cautious_miss) / 100
    return _chance(tuple(state.cauldron), tuple(sorted(tipped)), thrown, style, miss, s.knock / 100,
                   s.kick_out / 100, state.swamp)


def best_tip(state: ImpactState, style: str = CAUTIOUS) -> tuple[tuple[int, ...], float]:
    """The cauldron dice whose tipping most raises the chance of a match (none: ()), and it."""
    best: tuple[tuple[int, ...], float] = ((), match_chance(state, style))
    n = len(state.cauldron)
    for size in range(1, min(n, 3) + 1):
        for dice in combinations(range(n), size):
            p = match_chance(state, style, dice)
            if p > best[1] + 1e-9:
                best = (dice, p)
    return best
