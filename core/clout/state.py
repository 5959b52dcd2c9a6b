"""Clout Fantasy's records: the setup, the actions a player or chance takes, and the state.

Everything here is plain frozen data: ids, numbers and enums, never sentences. What a step
did is kept as `Note` facts (a kind, the chips and the numbers); `core.clout.text` words
them where they are shown, so rewording never changes a saved game's state.

A chip's uid is "player.index": the index into `kinds[player]`, the player's stack as set up.
"""
from __future__ import annotations

import functools
import os
from typing import Literal

import msgspec

from core.clout.catalogue import Catalogue, default_catalogue
from core.clout.stacks import STACK_SUFFIX, Stack, load_stack, ready_stacks
from core.game import Action, Mode, PlayerSetup, Result
from core.spec import GameSpec, Option, SeatOption
from maps.clout.areas import PlayArea, available_areas, load_area, range_increment_cm

PLAYERS = 2
DEFAULT_COLOURS = ("#15803d", "#111827")
DEFAULT_STACKS = ("elves-greenwood-vanguard", "undead-grave-legion")


def read_stack_file(path: str) -> tuple[str, Stack]:
    """A stack file for New Game: (its name as a seat shows it, the whole stack). A damaged file
    raises DataError naming the file and the entry; whether the stack is legal is
    `validate_setup`'s question, asked with the rest of the setup."""
    stack = load_stack(path)
    name = stack.name or os.path.basename(path).removesuffix(".json").removesuffix(".cfstack")
    return f"{name} (file)", Stack(name, stack.chips)


SPEC = GameSpec(
    PLAYERS, PLAYERS,
    options=(Option("area", "Playing area", "choice",
                    choices=tuple((a, load_area(a).title) for a in available_areas())),
             Option("first_player", "First to throw", "seat")),
    seat_options=(SeatOption("stacks", "Stack",
                             choices=tuple((key, s.name or key) for key, s in ready_stacks().items()),
                             file_field="custom_stacks", file_label="Stack file…",
                             file_filter=f"Clout Fantasy stacks (*{STACK_SUFFIX} *.json)",
                             read_file=read_stack_file),))


class StartChip(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A chip already in play when the game starts: copy `index` of `player`'s stack as set up
    (so its uid is "player.index"), its centre in area centimetres."""

    player: int
    index: int
    x: float
    y: float


class StartPosition(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A game continued from a position, such as a club's layout: these chips are in play (in
    this order, the oldest first), the rest of each stack is in hand, nothing is discarded,
    `CloutSetup.first_player` throws next and no effect is pending."""

    chips: tuple[StartChip, ...] = ()


class CloutSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    players: tuple[PlayerSetup, ...]
    mode: Mode = "simulated"
    stacks: tuple[str, ...] = DEFAULT_STACKS  # ready-stack ids, one per player
    custom_stacks: tuple[Stack | None, ...] = ()  # an embedded stack wins over the id
    area: str = "standard"
    increments_cm: tuple[float, ...] = ()  # per player (handicap); empty: the area's default
    skills_cm: tuple[float, ...] = ()  # throw scatter per player; empty: club players
    first_player: int = 0
    # Added after 0.1.0. UNSET (a new game) is left out of a save, so every older save and its
    # checksum read as before; a build without this field refuses a save that has one.
    start: StartPosition | msgspec.UnsetType = msgspec.UNSET


# --- actions ---------------------------------------------------------------------------------------
class ThrowChip(Action, tag="throw"):
    player: int
    chip: str
    x: float = 50.0  # aim point, cm
    y: float = 50.0
    strength: float = 0.3


class PlaceChip(Action, tag="place"):
    player: int
    chip: str
    x: float
    y: float


class ReplaceChip(Action, tag="replace"):
    player: int
    chip: str
    target: str


class DiscardChip(Action, tag="discard"):
    player: int
    chip: str


class Keep(Action, tag="keep"):
    player: int


class Choose(Action, tag="choose"):
    player: int
    slot: int
    use: bool = True
    targets: tuple[str, ...] = ()
    x: float | None = None
    y: float | None = None


class Spot(msgspec.Struct, frozen=True):
    chip: str
    x: float
    y: float


class Landed(Action, tag="landed"):
    """A throw's outcome. `spots` is the settled table (the thrown chip unless out, and every
    chip it knocked): a physics result. `draws` is what the throw drew from the seeded
    generator, the landing point and arrival speed, so a replay can check the throw was the
    seed's without rerunning physics; None when entered at the table or saved by 0.1.0."""

    chip: str
    spots: tuple[Spot, ...]
    out: bool = False
    draws: tuple[float, float, float] | None = None


CloutAction = ThrowChip | PlaceChip | ReplaceChip | DiscardChip | Keep | Choose | Landed


# --- state -------------------------------------------------------------------------------------------
class OnArea(msgspec.Struct, frozen=True):
    uid: str
    x: float
    y: float
    trapped_by: str | None = None
    possessed_by: str | None = None
    marked: bool = False  # used a remove-modifier ability: leaves play at the end of the turn


class ThrowCtx(msgspec.Struct, frozen=True):
    chip: str
    purpose: Literal["turn", "rally"]
    aim: tuple[float, float, float] | None = None  # x, y, strength
    precision_left: int = 0
    aversion_used: bool = False
    first_landing: bool = True


class Round(msgspec.Struct, frozen=True):
    """Chips activating together. `thrown`: the round of the throw (or place, replace) that put
    its chip down; only then may Move, Push and Exchange be used."""

    chips: tuple[str, ...]
    no_rally: bool = False
    throw: str | None = None  # a rally throw comes first (rethrow, reanimate)
    thrown: bool = False


class Slot(msgspec.Struct, frozen=True):
    """A pending decision; `core.clout.text.slot_text` words its question."""

    id: int
    source: str
    ability: str
    decider: int
    options: tuple[str, ...] = ()
    count: int = 1
    optional: bool = True
    needs_point: bool = False
    fixed: bool = False  # the targets are set by the rules; only "use it?" may be a choice
    subject: str | None = None  # the troop that triggered it (ambush) or the attacker (counterattack)
    extra: tuple[str, ...] = ()  # reanimate: troops in the discard stack; destroy/raze: the surely removed
    value: int = 0
    against: int = 0  # ambush, counterattack: the subject's defense as measured now
    kind: Literal["", "conflict"] = ""  # conflict: `options` are the sources competing for `subject`


class Decl(msgspec.Struct, frozen=True):
    source: str
    ability: str
    targets: tuple[str, ...]
    value: int = 0
    ignores: tuple[str, ...] = ()
    remove_self: bool = False


NoteKind = Literal[
    "throw", "keep", "place", "replace", "discard", "out", "lands", "aversion", "stopped", "lost",
    "declines", "declares", "move", "push", "exchange", "attract", "repulse", "attack", "removes",
    "bomb", "trap", "possess", "settle", "command", "rethrow", "reanimate", "removed", "over",
]
RemovedWhy = Literal["", "replaced", "end-of-turn"]


class Note(msgspec.Struct, frozen=True, omit_defaults=True):
    """One thing a step did, as facts. `chips` starts with the chip that acted (if any);
    `numbers` carries measured values (a landing point, defense and attack value...)."""

    kind: NoteKind
    chips: tuple[str, ...] = ()
    player: int = -1
    ability: str = ""
    numbers: tuple[float, ...] = ()
    why: RemovedWhy = ""
    ok: bool = False  # attack: the target is removed


Phase = Literal["choose", "throw", "land", "precision", "resolve", "over"]
Stage = Literal["", "movement", "declare", "counter", "settle", "rally"]


class CloutState(msgspec.Struct, frozen=True):
    setup: CloutSetup
    kinds: tuple[tuple[str, ...], ...]
    stacks: tuple[tuple[str, ...], ...]
    discards: tuple[tuple[str, ...], ...]
    chips: tuple[OnArea, ...] = ()
    turn: int = 0
    turn_no: int = 1
    first_done: tuple[bool, ...] = ()
    phase: Phase = "choose"
    ctx: ThrowCtx | None = None
    round: Round | None = None
    rounds: tuple[Round, ...] = ()
    new_rounds: tuple[Round, ...] = ()
    stage: Stage = ""
    slots: tuple[Slot, ...] = ()
    decls: tuple[Decl, ...] = ()
    next_slot: int = 1
    last_thrown: str | None = None
    revealed: tuple[int, ...] = ()
    notes: tuple[Note, ...] = ()
    result: Result | None = None

    def kind(self, uid: str) -> str:
        p, k = uid.split(".")
        return self.kinds[int(p)][int(k)]

    def name(self, player: int) -> str:
        return self.setup.players[player].name

    def on_area(self, uid: str) -> OnArea | None:
        return next((c for c in self.chips if c.uid == uid), None)

    def knows(self, uid: object) -> bool:
        """Is `uid` one of this game's chips? (Checked before any lookup by a player's input.)"""
        if not isinstance(uid, str) or uid.count(".") != 1:
            return False
        p, k = uid.split(".")
        if not (p.isdigit() and k.isdigit() and p.isascii() and k.isascii()):
            return False
        return int(p) < len(self.kinds) and int(k) < len(self.kinds[int(p)]) and uid == f"{int(p)}.{int(k)}"


def rep(s: CloutState, **kw: object) -> CloutState:
    return msgspec.structs.replace(s, **kw)


def owner(uid: str) -> int:
    return int(uid.split(".")[0])


@functools.lru_cache(maxsize=16)
def play_area(name: str) -> PlayArea:
    return load_area(name)


def catalogue() -> Catalogue:
    return default_catalogue()


def setup_stacks(setup: CloutSetup) -> list[Stack | None]:
    ready = ready_stacks()
    out: list[Stack | None] = []
    for p in range(len(setup.players)):
        custom = setup.custom_stacks[p] if p < len(setup.custom_stacks) else None
        key = setup.stacks[p] if p < len(setup.stacks) else None
        out.append(custom if custom is not None else ready.get(key or ""))
    return out


@functools.lru_cache(maxsize=64)
def increments(setup: CloutSetup) -> tuple[float, ...]:
    default = range_increment_cm(play_area(setup.area))
    return tuple(setup.increments_cm[p] if p < len(setup.increments_cm) else default
                 for p in range(len(setup.players)))


def without(groups: tuple[tuple[str, ...], ...], p: int, uid: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(u for u in g if u != uid) if i == p else g for i, g in enumerate(groups))


def with_(groups: tuple[tuple[str, ...], ...], p: int, uid: str) -> tuple[tuple[str, ...], ...]:
    return tuple(g + (uid,) if i == p else g for i, g in enumerate(groups))


def set_at(values: tuple[bool, ...], p: int, v: bool) -> tuple[bool, ...]:
    return tuple(v if i == p else x for i, x in enumerate(values))
