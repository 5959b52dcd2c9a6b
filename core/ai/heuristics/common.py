"""What every heuristic player shares: the seat's own legal moves and a plain match runner.

A heuristic reads the seat's view only; `seat_actions` asks the rules for the legal moves in
that view (the moves of a seat never depend on what it may not see), keeping the seat's own.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from core.game import CHANCE, Simultaneous
from core.match import Match
from core.registry import GAMES

Heuristic = Callable[[Any, int, random.Random], Any]


def acts(actor: Any, seat: int) -> bool:
    """Whether `seat` is among those who act now."""
    if isinstance(actor, Simultaneous):
        return seat in actor.players
    return actor == seat


def seat_actions(game: Any, view: Any, seat: int) -> list[Any]:
    """The legal moves of `seat` in its own view (a Simultaneous step lists every seat's)."""
    moves = game.legal_actions(view) or []
    return [a for a in moves if getattr(a, "player", seat) == seat]


def random_seat_action(match: Match, seat: int, rng: random.Random) -> Any:
    """A uniformly random legal move of `seat`: the baseline the heuristics are measured against."""
    if isinstance(match.actor, Simultaneous):
        moves = seat_actions(match.game, match.state, seat)
        if moves:
            return rng.choice(moves)
        for _ in range(200):
            action = match.random_action(rng)
            if getattr(action, "player", seat) == seat:
                return action
        raise RuntimeError(f"no random move found for seat {seat}")
    return match.random_action(rng)


def play_out(game_id: str, players: dict[int, Heuristic | None], seed: int,
             setup: Any = None, max_steps: int = 20000) -> Match:
    """One game with a heuristic (or None: random) per seat; chance from the match's seed."""
    match = Match.new(game_id, setup if setup is not None else GAMES[game_id].default_setup(len(players)),
                      seed=seed)
    rng = random.Random(seed * 7919 + 1)
    for _ in range(max_steps):
        actor = match.actor
        if actor is None:
            return match
        if actor == CHANCE:
            match.play_chance()
            continue
        seat = actor.players[0] if isinstance(actor, Simultaneous) else actor
        policy = players.get(seat)
        if policy is None:
            match.apply(random_seat_action(match, seat, rng))
        else:
            match.apply(policy(match.view(seat), seat, rng))
    raise RuntimeError(f"{game_id} did not end in {max_steps} steps")


def score(match: Match, seat: int) -> float:
    """1 for a win, 0.5 for a draw (shared first place), 0 for a loss."""
    result = match.result
    assert result is not None
    if result.draw:
        return 0.5 if result.placings[seat] == 1 else 0.0
    return 1.0 if result.placings[seat] == 1 and seat in result.winners else 0.0
