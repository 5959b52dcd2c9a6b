"""The game protocol every Battlebox game implements, and the shared small types.

A game is a stateless object whose methods are pure functions over an immutable state;
the Match (core/match.py) owns the history. Chance is an actor whose moves are actions too,
so a save is just setup + action log.
"""
from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any, Literal, Protocol

import msgspec

CHANCE: Literal["chance"] = "chance"

Mode = Literal["simulated", "table"]


class Simultaneous(msgspec.Struct, frozen=True):
    """Several seats act in any order and their choices stay secret until all have acted."""

    players: tuple[int, ...]


Actor = int | Literal["chance"] | Simultaneous | None


class PlayerSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A seat: who sits there. `computer` is None for a human, else the computer's level
    (one of LEVELS, as `core.ai.make_player` takes it); saves written before it decode as human."""

    name: str
    colour: str  # "#rrggbb"
    computer: str | None = None


LEVELS = ("random", "easy", "normal", "strong")


_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")

PALETTE = ("#d62828", "#1d4ed8", "#2a9d36", "#f4a100", "#7b2cbf",
           "#0891b2", "#db2777", "#6b4f2a", "#4b5563", "#84cc16")


def default_players(n: int, colours: tuple[str, ...] = PALETTE) -> tuple[PlayerSetup, ...]:
    """"Player 1", "Player 2"... in distinct colours: every game's default setup starts here."""
    return tuple(PlayerSetup(f"Player {i + 1}", colours[i % len(colours)]) for i in range(n))


def validate_players(players: tuple[PlayerSetup, ...], title: str, least: int, most: int) -> None:
    """The checks every game's setup shares: player count, names present and distinct, colours."""
    from core.errors import IllegalSetup

    n = len(players)
    if not least <= n <= most:
        span = f"{least}" if least == most else f"{least} to {most}"
        raise IllegalSetup(f"{title} is for {span} player{'s' if most > 1 else ''}, not {n}.")
    seen: set[str] = set()
    for i, p in enumerate(players, start=1):
        name = p.name.strip()
        if not name:
            raise IllegalSetup(f"Player {i} needs a name.")
        if len(name) > 40:
            raise IllegalSetup(f"Player {i}'s name is longer than 40 characters.")
        if name.casefold() in seen:
            raise IllegalSetup(f"Two players are called {name!r}; names must differ.")
        seen.add(name.casefold())
        if not _COLOUR.match(p.colour):
            raise IllegalSetup(f"Player {i}'s colour {p.colour!r} is not a #rrggbb colour.")
        if p.computer is not None and p.computer not in LEVELS:
            raise IllegalSetup(f"Player {i}'s computer level {p.computer!r} is not one of {', '.join(LEVELS)}.")


def validate_mode(mode: str) -> None:
    from core.errors import IllegalSetup

    if mode not in ("simulated", "table"):
        raise IllegalSetup(f"Unknown throw mode {mode!r}.")


class Result(msgspec.Struct, frozen=True):
    """How a finished game ended, as facts; the game's `result_text(state)` words it.

    `placings[seat]` is that seat's rank, 1 best, tied seats sharing a rank (1, 1, 3): the
    computer opponents and the club ledger read them. `reason` is a short fact id
    ("last-standing", "points"...) that only the game's own text reads. `winners` empty with
    draw=False means no ranking (practice).
    """

    winners: tuple[int, ...]
    draw: bool
    placings: tuple[int, ...]
    reason: str


class Secret(msgspec.Struct, frozen=True):
    """Whose secrets the screen would show now, for a shared screen to curtain first.

    `what` is a short fact id ("fistful", "duel", "stack"...) that the view words; the core
    decides it because only the rules know what a seat may see (`view(state, seat)`).
    """

    seat: int
    what: str


def screen_secret(setup: Any, secret: Secret | None) -> Secret | None:
    """The base rule of every game's `secret()`: a computer seat's secrets are never curtained
    (the app hides them itself), and one human among computers has nobody to hide from."""
    if secret is None:
        return None
    players = setup.players
    if players[secret.seat].computer is not None:
        return None
    if sum(1 for p in players if p.computer is None) < 2:
        return None
    return secret


def computer_seats(setup: Any) -> tuple[int, ...]:
    """The seats the computer plays."""
    return tuple(i for i, p in enumerate(setup.players) if p.computer is not None)


def rank(keys: Sequence[Any]) -> tuple[int, ...]:
    """Placings from one sort key per seat, higher key better; equal keys share a rank (1, 1, 3)."""
    return tuple(1 + sum(1 for other in keys if other > k) for k in keys)


class Rules:
    """Defaults for the optional parts of the game protocol; games inherit and override.

    `chance_model` is bumped whenever a game's chance sampler changes what a seed draws, so a
    save made under another model is replayed without checking its draws against the seed.
    """

    chance_model: int = 1

    def chance_draws(self, state: Any, action: Any) -> Any:
        """The random draws in a chance outcome (faces, cards, poses, scatter), for comparing a
        recorded outcome with the seeded one; a game whose outcome also holds a physics result
        returns only the draws, since physics may differ in the last bits between platforms."""
        return action

    def sample_draws(self, state: Any, rng: random.Random) -> Any:
        """The draws the seeded `rng` gives at this chance step; override when sampling the
        whole outcome is costly (Clout: the scatter without the physics)."""
        return self.chance_draws(state, self.sample_chance(state, rng))  # type: ignore[attr-defined]

    def migrate_action(self, action: dict[str, Any], version: int) -> dict[str, Any]:
        """An action as written by save format `version`, rewritten for `version + 1`."""
        return action

    def secret(self, state: Any) -> Secret | None:
        """The seat whose hidden information a shared screen would show now (None: nothing
        hidden, or nobody else at the screen: table mode, one player, a computer opponent)."""
        return None

    def migrate_setup(self, setup: dict[str, Any], version: int) -> dict[str, Any]:
        """A setup as written by save format `version`, rewritten for `version + 1`."""
        return setup

    def redact(self, action: Any, seat: int, before: Any, now: Any) -> Any:
        """`action` as `seat` may know it now: the action itself, or a copy with what the seat
        may not see blanked. `before` is the state the action was played on, `now` the current
        state (a secret revealed since is known). The default hides nothing."""
        return action

    def determinize(self, state_view: Any, seat: int, rng: random.Random) -> Any:
        """A full state consistent with what `seat`'s view shows, its hidden parts drawn from
        `rng`, for the computer's search to play on. The default is the view itself: right for
        a game that hides nothing; a game with secrets overrides it."""
        return state_view


class Game(Protocol):
    id: str
    title: str
    setup_type: type
    action_type: Any  # a tagged Union of msgspec Structs
    spec: Any  # core.spec.GameSpec: players, options, modes and per-seat choices for New Game

    def default_setup(self, players: int | None = None) -> Any: ...
    def validate_setup(self, setup: Any) -> None: ...
    def new(self, setup: Any) -> Any: ...
    def actor(self, state: Any) -> Actor: ...
    def legal_actions(self, state: Any) -> list[Any] | None: ...
    def validate(self, state: Any, action: Any) -> None: ...
    def apply(self, state: Any, action: Any) -> Any: ...
    def view(self, state: Any, player: int | None) -> Any: ...
    def result(self, state: Any) -> Result | None: ...
    def result_text(self, state: Any) -> str: ...
    def phase_text(self, state: Any) -> str: ...
    def random_action(self, state: Any, rng: random.Random) -> Any: ...
    def sample_chance(self, state: Any, rng: random.Random) -> Any: ...
    def describe(self, before: Any, action: Any, after: Any) -> str: ...
    def is_barrier(self, state: Any, action: Any) -> bool: ...
    def mode(self, setup: Any) -> Mode: ...
    chance_model: int
    def chance_draws(self, state: Any, action: Any) -> Any: ...
    def sample_draws(self, state: Any, rng: random.Random) -> Any: ...
    def migrate_action(self, action: dict[str, Any], version: int) -> dict[str, Any]: ...
    def migrate_setup(self, setup: dict[str, Any], version: int) -> dict[str, Any]: ...
    def secret(self, state: Any) -> Secret | None: ...
    def redact(self, action: Any, seat: int, before: Any, now: Any) -> Any: ...
    def determinize(self, state_view: Any, seat: int, rng: random.Random) -> Any: ...


def actor_players(actor: Actor) -> tuple[int, ...]:
    """The seats that may act now (empty for chance or a finished game)."""
    if isinstance(actor, Simultaneous):
        return actor.players
    seat = lone_seat(actor)
    return () if seat is None else (seat,)


def lone_seat(actor: Actor) -> int | None:
    """The one seat to act now (None for chance, simultaneous choices or a finished game)."""
    return actor if isinstance(actor, int) and not isinstance(actor, bool) else None


class Action(msgspec.Struct, frozen=True, tag_field="kind", forbid_unknown_fields=True):
    """Base of every action: a small frozen record whose `kind` tag names it in saves."""


def with_computers(setup: Any, levels: dict[int, str | None]) -> Any:
    """`setup` with the given seats played by the computer at those levels (None: a human)."""
    players = tuple(msgspec.structs.replace(p, computer=levels[i]) if i in levels else p
                    for i, p in enumerate(setup.players))
    return msgspec.structs.replace(setup, players=players)
