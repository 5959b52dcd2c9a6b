"""Solitaire Challenge, Easy: high-value fives shaped for the patterns, and a par per challenge.

Every sculpt lands alike, so a five's only levers are its values (the basic challenges score
face-up values: take fours) and its lands, finishes and repeated sculpts (the super challenges'
patterns). `SHAPES` builds the fives worth throwing, each aimed at a group of patterns; Normal
(core.ai.knowledge.solitaire) chooses among them exactly. Easy always throws one sculpt in all
three finishes with two fours of other lands in the same finish (aiming at challenges 6, 7, 10
and high basics), and enters a throw where it beats the challenge's par by most; a throw that
matches nothing writes its 0 on the challenge with the lowest par.
"""
from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable

from core.fistful.roster import Fighter, Roster
from core.fistful.solitaire import GAME, ChooseFive, Enter, SolitaireState, matching
from core.fistful.throws import Landed

Outcomes = tuple[tuple[float, tuple[tuple[int, int], ...]], ...]

# What a challenge is worth on average when it is kept for later (a rough, fixed guess).
PAR = {1: 3.0, 2: 6.0, 3: 8.0, 4: 7.0, 5: 4.0, 6: 6.0, 7: 9.0, 8: 5.0, 9: 5.0, 10: 6.0}


def _lands(roster: Roster, rng: random.Random) -> list[list[str]]:
    """Per land (in random order) its sculpt ids, highest value first."""
    by_land: dict[str, list[str]] = {}
    for sid, s in roster.sculpts.items():
        by_land.setdefault(s.region, []).append(sid)
    lands = [sorted(ids, key=lambda i: -roster.sculpts[i].value) for ids in by_land.values()]
    rng.shuffle(lands)
    return lands


def _triple(roster: Roster, lands: list[list[str]]) -> list[Fighter]:
    return [Fighter(lands[0][0], f.id) for f in roster.finishes]


def _shape_land(roster: Roster, lands: list[list[str]], fin: list[str]) -> list[Fighter]:
    """One land: its best sculpt in every finish and the next in two (8, 10)."""
    return _triple(roster, lands) + [Fighter(lands[0][1], fin[0]), Fighter(lands[0][1], fin[1])]


def _shape_finish(roster: Roster, lands: list[list[str]], fin: list[str]) -> list[Fighter]:
    """Five lands' best sculpts in one finish (6, 7)."""
    return [Fighter(land[0], fin[0]) for land in lands[:5]]


def _shape_pairs(roster: Roster, lands: list[list[str]], fin: list[str]) -> list[Fighter]:
    """Two lands twice and a third once, one finish (6, 7, 9)."""
    a, b, c = lands[:3]
    return [Fighter(a[0], fin[0]), Fighter(a[1], fin[0]), Fighter(b[0], fin[0]), Fighter(b[1], fin[0]),
            Fighter(c[0], fin[0])]


def _shape_triple(roster: Roster, lands: list[list[str]], fin: list[str]) -> list[Fighter]:
    """One sculpt in every finish and two other lands' best in the same finish (6, 7, 10)."""
    return _triple(roster, lands) + [Fighter(lands[1][0], fin[0]), Fighter(lands[2][0], fin[0])]


def _shape_triple_pair(roster: Roster, lands: list[list[str]], fin: list[str]) -> list[Fighter]:
    """One sculpt in every finish and another land's best in two finishes (8, 9, 10)."""
    return _triple(roster, lands) + [Fighter(lands[1][0], fin[0]), Fighter(lands[1][0], fin[1])]


def _shape_one_finish_land(roster: Roster, lands: list[list[str]], fin: list[str]) -> list[Fighter]:
    """A whole land in one finish and another land's best (6, 8)."""
    return [Fighter(s, fin[0]) for s in lands[0][:4]] + [Fighter(lands[1][0], fin[0])]


SHAPES: dict[str, Callable[[Roster, list[list[str]], list[str]], list[Fighter]]] = {
    "land": _shape_land, "finish": _shape_finish, "pairs": _shape_pairs, "triple": _shape_triple,
    "triple-pair": _shape_triple_pair, "finish-land": _shape_one_finish_land}


def five(roster: Roster, shape: str, rng: random.Random) -> tuple[Fighter, ...]:
    """A five of this shape, its lands and finishes drawn at random (they land alike)."""
    fin = [f.id for f in roster.finishes]
    rng.shuffle(fin)
    return tuple(SHAPES[shape](roster, _lands(roster, rng), fin))


def outcomes(roster: Roster, fighters: tuple[Fighter, ...]) -> Outcomes:
    """Every face-up pattern of a five, grouped by what it matches: (probability, matches)."""
    ups = [roster.sculpt(f).back + roster.sculpt(f).standing for f in fighters]
    grouped: dict[tuple[tuple[int, int], ...], float] = {}
    for pattern in itertools.product((True, False), repeat=len(fighters)):
        p = 1.0
        for up, chance in zip(pattern, ups):
            p *= chance if up else 1.0 - chance
        landed = [Landed(f, "back" if up else "down") for f, up in zip(fighters, pattern)]
        key = tuple(matching(roster, landed).items())
        grouped[key] = grouped.get(key, 0.0) + p
    return tuple((p, key) for key, p in grouped.items())


@functools.cache
def shape_outcomes() -> dict[str, Outcomes]:
    """Each shape's outcomes on the game's roster (which lands and finishes it takes is immaterial)."""
    roster = GAME.roster
    return {shape: outcomes(roster, five(roster, shape, random.Random(0))) for shape in SHAPES}


def _gain(unused: tuple[int, ...], hits: tuple[tuple[int, int], ...]) -> float:
    """What the best entry of a throw gains over the par of the challenge it uses up."""
    open_hits = [points - PAR[c] for c, points in hits if c in unused]
    return max(open_hits) if open_hits else -min(PAR[c] for c in unused)


def choose(view: SolitaireState, seat: int, rng: random.Random) -> ChooseFive | Enter:
    unused = view.sheet.unused(view.game)
    if view.phase == "choose":
        shape = max(shape_outcomes().items(),
                    key=lambda kv: sum(p * _gain(unused, hits) for p, hits in kv[1]))[0]
        return ChooseFive(five(GAME.roster, shape, rng))
    hits = dict(view.last.matches)
    allowed = GAME.allowed(view)
    if not any(c in hits for c in allowed):
        return Enter(min(allowed, key=lambda c: (PAR[c], rng.random())))
    return Enter(max(allowed, key=lambda c: (hits[c] - PAR[c], rng.random())))


HEURISTICS = {"solitaire": choose}
