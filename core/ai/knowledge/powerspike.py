"""Power Spike, Normal and Strong: the Easy player's best few moves, weighed by playing them out.

Moves and facings are continuous, so the search tries candidates the Easy player's measures
rank highest (core/ai/heuristics/powerspike.py): its best attack now, the moves that reach the
best attack (flank arcs, unhurt against hurt, the Commander's radius), the moves into cover and
range bands out of enemy reach, turning to face the nearest enemy, and ending the activation.
A Power Spike game runs to some four hundred steps, so playouts stop after a few goes and are
scored by `evaluate`: the points left on each side (figures x combat cards, the game's own
points) and the units left. The playout policy is the game's purposeful random play, taking
the smaller loss.

The decision itself (`decide`) is weighed flat, like the battle games' fistfuls: each candidate
is played out from the same determinisations with the same generator (common random numbers,
so the luck of the cards cancels between candidates) and the best mean wins. A tree over
candidates would spend its budget re-measuring the table at every new node; a flat weighing
spends it on playouts. Choices without a real trade-off are the Easy player's: the loss taken
(retreating loses a figure fewer) and deployment.

Pace: a game asks some three hundred questions of each side, so a decision must cost
milliseconds for the strength table to fit its hours. Normal weighs an activation's steps (move,
fire, stop) with 64 short playouts and leaves the choice of unit to Easy (40 playouts of 24 steps
over every choice took 42 s a game against Easy); Strong weighs the choice of unit too, with four
times the playouts, over twice the candidate moves, by sequential halving (core.ai.flat.halving:
the weaker half of the candidates drops out after each round, so the close ones get most of the
playouts): 61.2 % of 94 games against Normal (seed 0, the README's table), where a flat weighing
of Normal's four moves with those 256 playouts scored 52.9 % of 70.

Normal had 16 until Easy learnt to keep room to retreat (CORNERED in the heuristic): against
that Easy, 16 scored 58.2 % of 200 games (seed 0) and 64 scored 66.8 % (the README's table), at
some 17 CPU s a game instead of 8. Playouts never walk a unit into a spot
with no retreat from an enemy in reach, unless it stands in one already.

Playouts fire as Easy would (its best attack, when worth making) instead of at random: measured
against the Easy of the time on seed 11, Normal with 16 playouts went from 63.7 % (200 games, README) to 68.5 % (137 of 200
games, 95 % interval 62-75 %) at 7.9 CPU s a game, and Strong with 96 playouts scored 72.9 % against that Normal (17.5 of 24 games, seed 11,
95 % interval 53-87 %, 61 CPU s a game on a loaded machine; 48 random playouts had scored 53 %
of 32). Doubling Normal's random playouts instead scored 70.8 % of 60 games at 10.6 s a game.
Decisions, 95th percentile of CPU (tests/benchmarks/test_ai_powerspike.py): Normal 0.16 s, Strong 0.79 s.
"""
from __future__ import annotations

import math
import random
from typing import Any

from core.ai.heuristics.powerspike import (best_attack, cornered, promise, choose as easy, fire_at, hit_chance,
                                           move_options, move_value, poolable)
from core.ai import flat
from core.ai.knowledge import Knowledge, Why, within
from core.powerspike.cards import SIDES
from core.powerspike.measure import fire_targets
from core.powerspike.random_play import _random_move as random_move, random_action
from core.powerspike.state import (Activate, Deploy, EndActivation, Fire, Move, PowerSpikeState, TakeLosses,
                                   side_points, tracks_positions)
from core.powerspike.whatif import as_if_moved

PLAYOUT_DEPTH = 12  # steps: the attack and its answer, the next go or two
UNIT_WEIGHT = 3.0  # a unit left counts as many points as a figure of three cards
SCALE = 12.0  # points of lead that make a playout's end a near-certain win
MOVES = (4, 8)  # candidate moves kept per activation (normal, strong)
ACTIVATIONS = 3  # candidate units to activate
EASY_PRIOR = 0.01  # the Easy choice is kept unless playouts find one better by more than this
NORMAL, STRONG = 64, 256  # playouts per decision (see tests/benchmarks/test_ai_powerspike.py)
SEARCHED = {"normal": ("act",), "strong": ("act", "activate")}  # the phases each level weighs


def strength(state: PowerSpikeState, side: str) -> float:
    living = state.living(side)
    return side_points(state, side) + UNIT_WEIGHT * len(living)


def evaluate(state: PowerSpikeState) -> list[float]:
    """Each seat's expected reward where a playout stops: a smooth step in the lead of points
    and units left, the result itself once the game is over."""
    if state.result is not None:
        from core.ai.ismcts import rewards  # the search imports this package's hooks
        return rewards(state.result)
    lead = strength(state, SIDES[0]) - strength(state, SIDES[1])
    p0 = 0.5 + 0.5 * math.tanh(lead / SCALE)
    return [p0, 1.0 - p0]


def _game() -> Any:
    from core.powerspike.game import GAME
    return GAME


def playout(state: PowerSpikeState, rng: random.Random) -> Any:
    """A cheap purposeful policy: the game's own random play (deploy facing the enemy, close in),
    except that a unit fires its best attack when Easy would find it worth making, holds fire
    otherwise, and a loser takes the smaller loss. Random fire at any target in range made every
    position near the enemy look like a brawl of even trades; an exchange at the real odds is
    what separates a good move from a bad one."""
    if state.phase == "loss":
        pl = state.losses[0]
        best = min(pl.options, key=lambda o: (o.losses, o.kind != "hold"))
        return TakeLosses(pl.seat, pl.unit, best.kind)
    if state.phase == "act" and tracks_positions(state.setup):
        act, go = state.activation, state.go
        assert act is not None and go is not None
        if not act.fired:
            attack = best_attack(state, act.unit)
            if attack is not None and attack[0] > fire_at(state):
                return Fire(go.seat, attack[1], attack[2])
        if not act.moved and (act.step == "choose" or rng.random() < 0.3):
            move = random_move(state, state.unit(act.unit), rng)
            if move is not None and not (cornered(as_if_moved(state, move.unit, move.x, move.y, move.facing), move.unit)
                                         and not cornered(state, move.unit)):
                return move
        return EndActivation(go.seat)
    return random_action(state, rng, _game().legal_actions)


def candidates(state: PowerSpikeState, seat: int, rng: random.Random, kept: int = MOVES[0]) -> list[Any]:
    """Actions worth weighing for the seat's continuous choice (a deployment or an activation's step):
    the `kept` best-ranked moves among them."""
    phase = state.phase
    spots = random.Random()
    spots.setstate(rng.getstate())  # the spots Easy looks at first: their values are remembered
    out: list[Any] = [easy(state, seat, rng)]
    if phase == "act":
        act, go = state.activation, state.go
        assert act is not None and go is not None
        if not act.fired:
            for target in fire_targets(state, (act.unit,)):
                pool = poolable(state, act.unit)
                out.append(Fire(seat, (act.unit, *(a for a in pool if target in fire_targets(state, (a,)))), target))
        if not act.moved:
            moves = move_options(state, act.unit, spots)
            ranked = sorted(moves, key=lambda m: -move_value(state, m, fire_after=not act.fired))
            out += ranked[:kept]
        out.append(EndActivation(seat))
    elif phase == "activate":
        go = state.go
        assert go is not None
        units = sorted(_game().activatable(state), key=lambda uid: -promise(state, uid))
        out += [Activate(go.seat, uid) for uid in units[:ACTIVATIONS]]
    seen: set[Any] = set()
    unique = []
    for a in out:
        if a not in seen:
            seen.add(a)
            unique.append(a)
    return unique


def weigh(view: PowerSpikeState, seat: int, rng: random.Random, options: list[Any], runs: int,
          depth: int = PLAYOUT_DEPTH) -> list[float]:
    """Each option's mean reward over the same determinisations and the same cards drawn."""
    return flat.weigh(_game(), view, seat, rng, options, runs, depth, playout, evaluate)


def decide(view: PowerSpikeState, seat: int, rng: random.Random, level: str,
           budget: int | None = None) -> Any:
    """The candidate with the best mean playout; forced and trade-off-free choices directly."""
    if view.phase not in SEARCHED.get(level, SEARCHED["strong"]):
        return easy(view, seat, rng)
    strong = level == "strong"
    options = candidates(view, seat, rng, MOVES[strong])
    if len(options) == 1:
        return options[0]
    if budget is None:
        from core.ai.ismcts import budget as level_budget
        budget = level_budget("power-spike", level)
    if strong:
        prior = [EASY_PRIOR] + [0.0] * (len(options) - 1)
        game = _game()
        play = flat.player(game, seat, PLAYOUT_DEPTH, playout, evaluate)
        return options[flat.halving(view, seat, rng, options, budget, game.determinize, play, prior)]
    runs = max(1, budget // len(options))
    means = weigh(view, seat, rng, options, runs, PLAYOUT_DEPTH)
    means[0] += EASY_PRIOR
    best = max(range(len(options)), key=lambda i: (means[i], -i))
    return options[best]


def explain(view: PowerSpikeState, seat: int, action: Any, rng: random.Random | None = None) -> Why:
    """The exact chance the attack hits: for a Fire its own, for a move the best attack it reaches."""
    if isinstance(action, Fire):
        return Why(numbers=(("hit_chance", hit_chance(view, action.attackers, action.target)),))
    if isinstance(action, Move) and view.activation is not None and not view.activation.fired:
        after = as_if_moved(view, action.unit, action.x, action.y, action.facing)
        best = best_attack(after, action.unit)
        if best is not None:
            return Why(numbers=(("hit_chance", hit_chance(after, best[1], best[2])),))
    return Why()


def alike(played: Any, advised: Any) -> bool:
    """A deployment or a move within an inch and an eighth of a turn is the same choice."""
    moved = isinstance(played, (Deploy, Move))
    return played == advised or (moved and within(played, advised, 1.0, facing=45.0))


KNOWLEDGE = {"power-spike": Knowledge(candidates=candidates, playout=playout, evaluate=evaluate,
                                      playout_depth=PLAYOUT_DEPTH, explain=explain, alike=alike,
                                      iterations=(NORMAL, STRONG), decide=decide)}
