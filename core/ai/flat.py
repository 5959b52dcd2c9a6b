"""Flat Monte Carlo with common random numbers: each candidate played out from the same
determinisations with the same chance, so the comparison between them is not drowned by luck.

Games whose Normal decides among a handful of candidates (the battles, Power Spike) use it in
place of the tree, which spends its budget re-measuring the table at every new node.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from core.game import CHANCE, Game

Policy = Callable[[Any, random.Random], Any]
Evaluate = Callable[[Any], list[float]]


def play_out(game: Game, state: Any, action: Any, seat: int, rng: random.Random, depth: int,
             policy: Policy, evaluate: Evaluate) -> float:
    """`seat`'s evaluation after `action` and up to `depth` steps of `policy` and chance."""
    state = game.apply(state, action)
    for _ in range(depth):
        actor = game.actor(state)
        if actor is None:
            break
        move = game.sample_chance(state, rng) if actor == CHANCE else policy(state, rng)
        state = game.apply(state, move)
    return evaluate(state)[seat]


def common_draws(view: Any, seat: int, rng: random.Random, options: list[Any], runs: int,
                 determinize: Callable[[Any, int, random.Random], Any],
                 play: Callable[[Any, Any, random.Random], float]) -> list[float]:
    """Each option's mean `play(world, option, rng)` over `runs` determinisations, every option
    played on the same world with the same chance draws."""
    totals = [0.0] * len(options)
    for _ in range(runs):
        world = determinize(view, seat, rng)
        seed = rng.random()
        for i, action in enumerate(options):
            totals[i] += play(world, action, random.Random(seed))
    return [t / runs for t in totals]


def weigh(game: Game, view: Any, seat: int, rng: random.Random, options: list[Any], runs: int,
          depth: int, policy: Policy, evaluate: Evaluate,
          determinize: Callable[[Any, int, random.Random], Any] | None = None) -> list[float]:
    """Each option's mean evaluation after `depth` steps of `policy`, over `runs` shared
    determinisations (drawn by `determinize`, else by the game's)."""
    return common_draws(view, seat, rng, options, runs, determinize or game.determinize,
                        player(game, seat, depth, policy, evaluate))


def player(game: Game, seat: int, depth: int, policy: Policy,
           evaluate: Evaluate) -> Callable[[Any, Any, random.Random], float]:
    """`play_out` as `common_draws` and `halving` call it: (world, option, draws) to `seat`'s value."""
    return lambda world, action, draws: play_out(game, world, action, seat, draws, depth, policy, evaluate)


def halving(view: Any, seat: int, rng: random.Random, options: list[Any], budget: int,
            determinize: Callable[[Any, int, random.Random], Any],
            play: Callable[[Any, Any, random.Random], float], prior: list[float] | None = None) -> int:
    """The index of the option sequential halving (Karnin, Koren and Somekh 2013) keeps: the
    budget is shared by rounds, each option still in plays the round's common draws, and the
    better half goes on. A wide list thus costs no more than a flat weighing, and the close
    contenders get most of the playouts. `prior` is added to each option's mean."""
    bonus = prior or [0.0] * len(options)
    alive = list(range(len(options)))
    totals = [0.0] * len(options)
    done = 0
    rounds = max(1, math.ceil(math.log2(len(options))))
    while len(alive) > 1:
        for _ in range(max(1, budget // (rounds * len(alive)))):
            world = determinize(view, seat, rng)
            seed = rng.random()
            for i in alive:
                totals[i] += play(world, options[i], random.Random(seed))
            done += 1
        alive.sort(key=lambda i: (-(totals[i] / done + bonus[i]), i))
        alive = alive[:(len(alive) + 1) // 2]
    return alive[0]
