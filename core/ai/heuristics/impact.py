"""Impact, Easy: tip the cauldron dice that most raise the chance of a match, throw the way
whose exact odds are best, and throw again while a match is likely enough for the dice at stake.

A die thrown without a match is a die given to the cauldron (the next player's to win), so
the bar for throwing again rises as the player's supply runs low; with one die left the turn
ends rather than risk going out.
"""
from __future__ import annotations

import random
from typing import Any

from core.ai.impact_odds import best_tip, match_chance
from core.impact.state import CAUTIOUS, LOOSE, RECKLESS, ImpactState, RaceResult, Stop, Throw, Tip

AGAIN = 0.5  # throw again when a match is at least this likely (more with few dice)
LOW_SUPPLY = 3


def _source(state: ImpactState, seat: int) -> int:
    return LOOSE if state.loose[seat] or state.big_bang else 0


def again_bar(dice: int) -> float:
    """How likely a match must be to throw another die, with `dice` in the supply."""
    if dice <= 1:
        return 1.01
    return AGAIN + (0.15 if dice <= LOW_SUPPLY else 0.0)


def choose(view: ImpactState, seat: int, rng: random.Random) -> Any:
    if view.phase == "race":
        order = sorted(view.racers, key=lambda p: (p != seat, rng.random()))
        return RaceResult(tuple(order))
    if view.big_bang:
        return Throw(seat, CAUTIOUS)
    source = _source(view, seat)
    cautious = match_chance(view, CAUTIOUS)
    reckless = match_chance(view, RECKLESS)
    style = RECKLESS if reckless > cautious else CAUTIOUS
    chance = max(cautious, reckless)
    tip: tuple[int, ...] = ()
    if not view.tipped and view.cauldron and view.dice(seat):
        tip, tipped_chance = best_tip(view, CAUTIOUS)
        if tip and tipped_chance > chance + 0.05:
            chance = tipped_chance
        else:
            tip = ()
    may_stop = view.throws > 0 and not view.tipped
    if may_stop and chance < again_bar(view.dice(seat)):
        return Stop(seat)
    if tip:
        return Tip(seat, tip)
    if view.tipped:
        style = RECKLESS if match_chance(view, RECKLESS) > match_chance(view, CAUTIOUS) else CAUTIOUS
    return Throw(seat, style, source)


HEURISTICS = {"impact": choose}
