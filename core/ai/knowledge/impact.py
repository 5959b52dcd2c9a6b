"""Impact: the search's candidate moves, its playout policy (the Easy heuristic, which knows
the exact odds), an evaluation by dice held, and the hint's exact chance of a match."""
from __future__ import annotations

import math
import random
from typing import Any

from core.ai.heuristics.impact import choose
from core.ai.impact_odds import best_tip, match_chance
from core.ai.knowledge import Knowledge, Why
from core.impact.game import GAME
from core.impact.state import CAUTIOUS, LOOSE, RECKLESS, ImpactState, Stop, Throw, Tip

PLAYOUT_DEPTH = 80  # steps (chance included) before a playout is judged by the dice held
ROLLOUTS = {"normal": 96, "strong": 384}  # playouts per candidate move (calibrated: 95 % within 1 s / 5 s)
MARGIN = 0.0  # how much better than the Easy move another must score to be preferred
CONFIDENCE = 2.0  # ... counted in standard errors of the paired difference below its mean
ROUNDS_AHEAD = 2  # a playout stops after this many rounds of turns and is judged by the dice held


def candidates(state: ImpactState, seat: int, rng: random.Random) -> list[Any]:
    """Stop, both throws and the best tip: the moves worth comparing (the search adds random tips)."""
    if state.phase != "turn" or state.active != seat:
        return []
    moves: list[Any] = list(GAME.throw_options(state))[:2]  # loose dice (else the first pile), both ways
    if GAME.may_stop(state):
        moves.append(Stop(seat))
    if GAME.may_tip(state):
        tip, _ = best_tip(state)
        if tip:
            moves.append(Tip(seat, tip))
    return moves


def playout(state: ImpactState, rng: random.Random) -> Any:
    if state.phase == "race":
        return GAME.random_action(state, rng)
    return choose(state, state.active, rng)


def evaluate(state: ImpactState) -> list[float]:
    """Each seat's share of the dice still held by players in the game, sharpened: the game is
    won by whoever keeps dice longest."""
    held = [0.0 if state.out[p] else float(state.dice(p)) ** 2 for p in range(state.players)]
    total = sum(held)
    if total == 0:
        return [1.0 / state.players] * state.players
    return [h / total for h in held]


def _rollout(state: ImpactState, seat: int, rng: random.Random) -> float:
    """`seat`'s reward after everyone plays the Easy policy for a few turns (or to the end)."""
    turns = 0
    horizon = ROUNDS_AHEAD * len(state.in_game())
    for _ in range(400):
        actor = GAME.actor(state)
        if actor is None:
            break
        before = state.active
        if state.phase in ("start", "tip", "landing"):
            state = GAME.apply(state, GAME.sample_chance(state, rng))
        else:
            state = GAME.apply(state, playout(state, rng))
        if state.phase == "turn" and state.throws == 0 and (state.active != before or state.big_bang):
            turns += 1
            if turns >= horizon:
                break
    result = GAME.result(state)
    if result is not None:
        return 1.0 / len(result.winners) if seat in result.winners else 0.0
    return evaluate(state)[seat]


def decide(view: ImpactState, seat: int, rng: random.Random, level: str) -> Any:
    """Flat Monte Carlo over the candidate moves, each tried on the same chance draws (common
    random numbers), the Easy policy playing on; the Easy move is kept unless another is
    better by two standard errors of the paired difference (noise must not pick the move)."""
    if level not in ROLLOUTS:
        return None
    if view.phase == "race":
        return choose(view, seat, rng)
    if view.phase != "turn" or view.active != seat:
        return None
    easy = choose(view, seat, rng)
    moves = [easy] + [m for m in candidates(view, seat, rng) if m != easy]
    if len(moves) == 1:
        return easy
    seeds = [rng.random() for _ in range(ROLLOUTS[level])]
    results = [[_rollout(GAME.apply(view, move), seat, random.Random(s)) for s in seeds] for move in moves]
    best, best_gain = easy, MARGIN
    for move, result in zip(moves[1:], results[1:]):
        diffs = [a - b for a, b in zip(result, results[0])]
        gain = sum(diffs) / len(diffs)
        spread = math.sqrt(sum((d - gain) ** 2 for d in diffs) / max(len(diffs) - 1, 1) / len(diffs))
        if gain - CONFIDENCE * spread > best_gain:
            best, best_gain = move, gain - CONFIDENCE * spread
    return best


def explain(view: ImpactState, seat: int, action: Any, rng: random.Random | None = None) -> Why:
    """The exact chance that the throw (after the tip, if one) finds a match; for Stop, the
    chance a cautious throw would have had."""
    if view.phase != "turn":
        return Why()
    if isinstance(action, Tip):
        chance = match_chance(view, CAUTIOUS, action.dice)
    elif isinstance(action, Throw):
        thrown = view.dice(seat) if view.big_bang else 1 if action.pile == LOOSE else view.piles[seat][action.pile]
        chance = match_chance(view, action.style if action.style in (CAUTIOUS, RECKLESS) else CAUTIOUS,
                              thrown=thrown)
    else:
        chance = match_chance(view, CAUTIOUS)
    return Why(numbers=(("match_chance", chance),))


KNOWLEDGE = {"impact": Knowledge(candidates=candidates, playout=playout, evaluate=evaluate,
                                 playout_depth=PLAYOUT_DEPTH, explain=explain, decide=decide)}
