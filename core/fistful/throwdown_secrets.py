"""Throwdown's secrets for the computer players: a rival's fistful while fistfuls are picked.

A fistful is chosen in secret and revealed when the last player picks, so during picking a
seat knows only who has picked. The search plays on full states: each rival who has picked is
given a plausible fistful, drawn from the shapes players choose (the fullest fistfuls, as a
careful player builds them, and random legal ones). Every sculpt lands alike, so only the
fistful's values matter to the outcome; which fighters carry them is drawn at random.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import msgspec

from core.fistful.roster import Fighter, Roster

if TYPE_CHECKING:
    from core.fistful.throwdown import ThrowdownState

FULL_SHAPES = ((4, 4, 4, 1, 1, 1), (4, 4, 2, 2, 2, 1), (4, 3, 2, 2, 2, 2), (3, 3, 3, 2, 2, 2),
               (4, 4, 3, 2, 1, 1), (3, 3, 3, 3, 2, 1))  # six fighters worth fifteen points


def fighters_of(roster: Roster, values: tuple[int, ...], rng: random.Random) -> tuple[Fighter, ...]:
    """Distinct fighters with these values, drawn at random from the roster."""
    by_value: dict[int, list[Fighter]] = {}
    for f in roster.fighters:
        by_value.setdefault(roster.value(f), []).append(f)
    out: list[Fighter] = []
    for v in sorted(set(values)):
        out.extend(rng.sample(by_value[v], values.count(v)))
    rng.shuffle(out)
    return tuple(out)


def plausible_fistful(roster: Roster, rng: random.Random) -> tuple[Fighter, ...]:
    """A rival's fistful as the search imagines it: half the time the fullest shape a careful
    player picks, else another full shape or any legal fistful."""
    from core.fistful.throwdown import random_fistful
    roll = rng.random()
    if roll < 0.5:
        return fighters_of(roster, FULL_SHAPES[0], rng)
    if roll < 0.75:
        return fighters_of(roster, rng.choice(FULL_SHAPES[1:]), rng)
    return random_fistful(roster, rng)


def determinize(roster: Roster, view: ThrowdownState, seat: int, rng: random.Random) -> ThrowdownState:
    """The view with every picked rival's hidden fistful drawn (after picking nothing is hidden)."""
    if view.phase != "pick":
        return view
    fistfuls = tuple(plausible_fistful(roster, rng) if picked and not fistful and p != seat else fistful
                     for p, (picked, fistful) in enumerate(zip(view.picked, view.fistfuls)))
    return msgspec.structs.replace(view, fistfuls=fistfuls)


def redact(action: Any, seat: int, now: ThrowdownState) -> Any:
    """A rival's pick shows no fighters while fistfuls are still being picked; once all are
    revealed it is shown whole."""
    from core.fistful.throwdown import Pick
    if isinstance(action, Pick) and action.player != seat and now.phase == "pick":
        return msgspec.structs.replace(action, fighters=())
    return action
