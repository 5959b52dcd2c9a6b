"""Clout Fantasy's Normal and Strong decision: the Easy player's best plays, weighed by playing them.

The Easy player ranks each chip's best aim by where the scatter model says it will probably
rest, on a copy of the table. That misses what the real throw does: the spread of landings
(a near miss that leaves the target out of reach, a chip knocked aside, a throw off the area),
the abilities that then fire (an ambush, a rival's answer) and the chips still to come. So the
search takes the Easy player's best few plays (and a second aim for the best chips) and plays
each through the real rules from the same determinisations with the same landing draws
(common random numbers, as `core.ai.flat` does), to the end of the turn or, for Strong, into
the rival's answer, and judges the table there (`core.ai.knowledge.clout.evaluate`). The Easy
player's own choice stands unless another is better by a margin: with a few dozen landings per play the
comparison is noisy, and a swap on noise throws away what the ranking knew.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from core.ai.flat import common_draws
from core.clout.game import GAME, CloutState, Keep, ThrowChip
from core.clout.validation import playable, why_not
from core.game import CHANCE

Policy = Callable[[CloutState, random.Random], Any]
Evaluate = Callable[[CloutState], list[float]]
Reply = Callable[[CloutState, random.Random], Any]  # a turn's opening action, or None to stop there
MAX_STEPS = 400


def run(state: CloutState, seat: int, action: Any, rng: random.Random, turns: int,
        policy: Policy, evaluate: Evaluate, reply: Reply | None = None) -> float:
    """`seat`'s evaluation after `action`, played on by `policy` and chance until `turns` more
    turns have started after this one (0: the end of this turn), or the game ends. A later turn
    opens with `reply`'s action; where it has none, the table is judged there."""
    s = GAME.apply(state, action)
    started = 0
    for _ in range(MAX_STEPS):
        who = GAME.actor(s)
        if who is None:
            break
        if s.phase == "choose":  # a turn starts (a chip is chosen at once, so never twice)
            if started == turns:
                break
            started += 1
            opening = reply(s, rng) if reply is not None else policy(s, rng)
            if opening is None:
                break
            s = GAME.apply(s, opening)
            continue
        s = GAME.apply(s, GAME.sample_chance(s, rng) if who == CHANCE else policy(s, rng))
    return evaluate(s)[seat]


def weigh(view: CloutState, seat: int, rng: random.Random, options: list[Any], runs: int, turns: int,
          policy: Policy, evaluate: Evaluate, reply: Reply | None = None) -> list[float]:
    """Each option's mean evaluation over `runs` determinisations, the same draws for every option."""
    return common_draws(view, seat, rng, options, runs, GAME.determinize,
                        lambda world, action, draws: run(world, seat, action, draws, turns, policy,
                                                         evaluate, reply))


def pick(view: CloutState, seat: int, rng: random.Random, first: Any, others: list[Any], runs: int,
         turns: int, margin: float, policy: Policy, evaluate: Evaluate, reply: Reply | None = None) -> Any:
    """`first` (the Easy player's choice) unless another option beats it by `margin`."""
    options = [first] + [a for a in dict.fromkeys(others) if a != first and not why_not(view, a)]
    if len(options) == 1 or runs <= 0:
        return first
    values = weigh(view, seat, rng, options, runs, turns, policy, evaluate, reply)
    best = max(range(len(options)), key=lambda i: values[i])
    return options[best] if values[best] > values[0] + margin else first


def throwing_now(view: CloutState, seat: int) -> bool:
    """Whether the seat is choosing a chip to play (not discarding, not answering)."""
    return view.phase == "choose" and bool(playable(view, seat))


def keep_or_throw(view: CloutState, seat: int, easy_choice: Any, aims: list[Any]) -> list[Any]:
    """The options of a rethrow (precision, aversion): keeping where it rests, and other aims."""
    out = [a for a in aims if isinstance(a, ThrowChip)]
    if view.phase == "precision" and not isinstance(easy_choice, Keep):
        out.insert(0, Keep(seat))
    return out
