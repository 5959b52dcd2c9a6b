"""Throwdown, Normal and Strong: the fistful shape simulation found best, the cheapest removal.

Every sculpt lands alike (roster pose odds), so a fistful is only its values. Simulated games
between value shapes (lowest-value removal on both sides) put six fighters worth fifteen points
first, and among them three fours and three ones: over 20,000 two-player games against it, no
legal six-fighter shape scores more than it does against itself (50.5 %); the next best,
4-4-2-2-2-1, scores 49.1 %, three threes and three twos 43.0 %. Against random fistfuls every
full shape does alike (86-89 % with two players, 67-73 % of four-player games, 1,000-1,500 each). So the pick is
decided, not searched: the search cannot tell shapes apart that close in a second's playouts.
A removal takes the lowest-value face-down fighter: every fighter lands alike, so a fistful
whose values are higher, fighter for fighter, never throws a lower total, and keeping the high
values is never worse. The search, tried on removals (200 iterations), took a four instead of
one of several ones in 17 of 76 choices (the ones split its visits between them), and lost 15
of 20 games to Easy; so neither choice is searched, and `iterations` stays unset. The
`candidates` and `playout` hooks remain for a search asked anyway (a tiny budget in tests).
"""
from __future__ import annotations

import random

from core.ai.knowledge import Knowledge, Why
from core.fistful.throwdown import GAME, Pick, Remove, ThrowdownState
from core.fistful.throwdown_secrets import FULL_SHAPES, fighters_of, plausible_fistful

BEST_SHAPE = FULL_SHAPES[0]


def face_up_chance(fighter: object) -> float:
    sculpt = GAME.roster.sculpt(fighter)
    return sculpt.back + sculpt.standing


def expected_points(fistful: tuple) -> float:
    """A fistful's expected face-up points in one throw, exact from the roster's pose odds."""
    return sum(GAME.roster.value(f) * face_up_chance(f) for f in fistful)


def candidates(state: ThrowdownState, seat: int, rng: random.Random) -> list[Pick]:
    """The full shapes as fistfuls: what a pick worth searching looks like."""
    return [Pick(seat, fighters_of(GAME.roster, shape, rng)) for shape in FULL_SHAPES]


def playout(state: ThrowdownState, rng: random.Random) -> Pick | Remove:
    """Quick play: rivals still picking take a plausible fistful, removals take the cheapest."""
    if state.phase == "pick":
        seat = next(i for i, p in enumerate(state.picked) if not p)
        return Pick(seat, plausible_fistful(GAME.roster, rng))
    seat = state.to_remove[0]
    return Remove(seat, min(GAME.removable(state, seat), key=lambda f: (GAME.roster.value(f), rng.random())))


def decide(view: ThrowdownState, seat: int, rng: random.Random, level: str) -> Pick | Remove | None:
    """The best shape's pick and the cheapest removal (see above)."""
    if view.phase == "pick":
        return Pick(seat, fighters_of(GAME.roster, BEST_SHAPE, rng))
    if view.phase == "remove":
        return playout(view, rng)
    return None


def explain(view: ThrowdownState, seat: int, action: Pick | Remove, rng: random.Random | None = None) -> Why:
    """The expected face-up points of one throw of the fistful picked, or of the one left after
    the removal."""
    if isinstance(action, Pick):
        fistful = tuple(action.fighters)
    else:
        fistful = tuple(f for f in view.fistfuls[seat] if f != action.fighter)
    return Why(numbers=(("expected_score", round(expected_points(fistful), 2)),))


KNOWLEDGE = {"throwdown": Knowledge(candidates=candidates, playout=playout, decide=decide, explain=explain)}
