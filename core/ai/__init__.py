"""Computer players for every game: one entry, `make_player(game_id, level, seed=S)`.

A player decides from `match.view(seat)` only, never from the match's true state, so a
computer seat cannot cheat whatever the game hides. Each decision draws from its own
generator, seeded by (seed, step, seat): the same seed gives the same choice at the same
point of a game, whatever was asked before and however loaded the machine is.
"""
from __future__ import annotations

import random
from typing import Any

from core import registry
from core.errors import IllegalAction
from core.game import Game, actor_players

LEVELS = ("random", "easy", "normal", "strong")


def decision_rng(seed: int, step: int, seat: int) -> random.Random:
    """The generator for one decision (string seeds hash the same on every platform)."""
    return random.Random(f"{seed}:{step}:{seat}")


def action_seat(action: Any, seat: int) -> int:
    """Whose action this is: simultaneous steps name their player; other steps are the actor's."""
    player = getattr(action, "player", seat)
    return player if isinstance(player, int) else seat


def random_choice(game: Game, view: Any, seat: int, rng: random.Random) -> Any:
    """A uniformly drawn legal action for `seat` on its view.

    The game's own `random_action` knows the shape of continuous choices (throws, aims), so it
    is used when the seat acts alone; in a simultaneous step it would pick any seat, maybe one
    whose hand the view hides, so the seat's share of `legal_actions` is drawn from instead."""
    seats = actor_players(game.actor(view))
    if seat not in seats:
        raise IllegalAction(f"it is not seat {seat}'s turn")
    legal = game.legal_actions(view) if len(seats) > 1 else None
    if legal is None:
        # A game's random_action may draw for any pending seat (Throwdown's picks): keep the seat's.
        for _ in range(100):
            action = game.random_action(view, rng)
            if action_seat(action, seat) == seat:
                return action
        raise IllegalAction(f"no random action found for seat {seat}")
    mine = [a for a in legal if action_seat(a, seat) == seat]
    if not mine:
        raise IllegalAction(f"seat {seat} has no legal action this view shows")
    return rng.choice(mine)


def easy_players() -> dict[str, Any]:
    """The per-game easy players, empty while none is written."""
    try:
        from core.ai.heuristics import HEURISTICS
    except ImportError:
        return {}
    return dict(HEURISTICS)


class Player:
    """A computer player of one game at one level; `choose(match, seat)` is its only question."""

    def __init__(self, game_id: str, level: str, seed: int = 0, iterations: int | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
        self.game: Game = registry.get(game_id)
        self.level = level
        self.seed = seed
        self.iterations = iterations  # None: the level's budget (core.ai.ismcts.ITERATIONS)
        self.heuristic = easy_players().get(game_id) if level == "easy" else None

    @property
    def plays_random(self) -> bool:
        """Whether this player only draws at random (an easy player of a game without a heuristic)."""
        return self.level == "random" or (self.level == "easy" and self.heuristic is None)

    def choose(self, match: Any, seat: int) -> Any:
        """A legal action for `seat`, from what that seat may see now."""
        if seat not in actor_players(match.actor):
            raise IllegalAction(f"it is not seat {seat}'s turn")
        return self.choose_from_view(match.view(seat), seat, match.steps)

    def choose_from_view(self, view: Any, seat: int, step: int = 0) -> Any:
        rng = decision_rng(self.seed, step, seat)
        if self.plays_random:
            return random_choice(self.game, view, seat, rng)
        if self.heuristic is not None:
            return self.heuristic(view, seat, rng)
        from core.ai.ismcts import budget_override, search
        from core.ai.knowledge import knowledge
        with budget_override(self.iterations):
            decide = knowledge(self.game.id).decide
            if decide is not None:
                action = decide(view, seat, rng, self.level)
                if action is not None:
                    return action
            return search(self.game, view, seat, rng, self.level)


def make_player(game_id: str, level: str, seed: int = 0, iterations: int | None = None) -> Player:
    """`iterations` overrides the search budget of normal and strong (tests use tiny ones)."""
    return Player(game_id, level, seed, iterations)
