"""The game protocol every Battlebox game implements, and the shared small types.

A game is a stateless object whose methods are pure functions over an immutable state;
the Match (core/match.py) owns the history. Chance is an actor whose moves are actions too,
so a save is just setup + action log.
"""
from __future__ import annotations

import random
from typing import Any, Literal, Protocol

import msgspec

CHANCE: Literal["chance"] = "chance"

Mode = Literal["simulated", "table"]


class Simultaneous(msgspec.Struct, frozen=True):
    """Several seats act in any order and their choices stay secret until all have acted."""

    players: tuple[int, ...]


Actor = int | Literal["chance"] | Simultaneous | None


class PlayerSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    colour: str  # "#rrggbb"


class Result(msgspec.Struct, frozen=True):
    """How a finished game ended; `winners` empty with draw=False means no ranking (practice)."""

    winners: tuple[int, ...]
    draw: bool
    summary: str


class Game(Protocol):
    id: str
    title: str
    setup_type: type
    action_type: Any  # a tagged Union of msgspec Structs

    def default_setup(self, players: int | None = None) -> Any: ...
    def validate_setup(self, setup: Any) -> None: ...
    def new(self, setup: Any) -> Any: ...
    def actor(self, state: Any) -> Actor: ...
    def legal_actions(self, state: Any) -> list[Any] | None: ...
    def validate(self, state: Any, action: Any) -> None: ...
    def apply(self, state: Any, action: Any) -> Any: ...
    def view(self, state: Any, player: int | None) -> Any: ...
    def result(self, state: Any) -> Result | None: ...
    def random_action(self, state: Any, rng: random.Random) -> Any: ...
    def sample_chance(self, state: Any, rng: random.Random) -> Any: ...
    def describe(self, before: Any, action: Any, after: Any) -> str: ...
    def is_barrier(self, state: Any, action: Any) -> bool: ...
    def mode(self, setup: Any) -> Mode: ...


def actor_players(actor: Actor) -> tuple[int, ...]:
    """The seats that may act now (empty for chance or a finished game)."""
    if isinstance(actor, Simultaneous):
        return actor.players
    if isinstance(actor, int) and not isinstance(actor, bool):
        return (actor,)
    return ()


class Action(msgspec.Struct, frozen=True, tag_field="kind", forbid_unknown_fields=True):
    """Base of every action: a small frozen record whose `kind` tag names it in saves."""
