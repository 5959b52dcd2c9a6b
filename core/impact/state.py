"""Impact's records: setup and options, actions, and the state (facts only), shared by the
rules (core.impact.game) and their wording (core.impact.text)."""
from __future__ import annotations

from typing import Literal

import msgspec

from core.game import Action, Mode, PlayerSetup, Result
from core.impact.dice import AIR, DICE_PER_PLAYER, FIRE, LIGHTNING, STONE, WATER
from core.impact.events import Event
from core.spec import GameSpec, Option

MIN_PLAYERS = 2
MAX_PLAYERS = 5
DEFAULT_COLOURS = ("#d62828", "#1d4ed8", "#2a9d36", "#f4a100", "#7b2cbf")
CAUTIOUS, RECKLESS = "cautious", "reckless"
LOOSE = -1
# The rulebook's recommended order when several elements are activated (Avatar).
POWER_ORDER = (LIGHTNING, FIRE, STONE, AIR, WATER)

_PERCENT = "int", 0, 100
SPEC = GameSpec(MIN_PLAYERS, MAX_PLAYERS, options=(
    Option("tournament", "Tournament of the Elements (one game per player, fewest points lost wins)"),
    Option("powers", "Power of the Elements (the starting die's element is activated)"),
    Option("avatar_lightning", "Avatar: activate Lightning Storm", advanced=True),
    Option("avatar_fire", "Avatar: activate Column of Fire", advanced=True),
    Option("avatar_stone", "Avatar: activate Boulders", advanced=True),
    Option("avatar_air", "Avatar: activate Hurricane", advanced=True),
    Option("avatar_water", "Avatar: activate Swamp", advanced=True),
    Option("cautious_miss", "Cautious drop: chance to miss the cauldron (%)", *_PERCENT),
    Option("reckless_miss", "Reckless throw: chance to miss the cauldron (%)", *_PERCENT),
    Option("knock", "Reckless throw: chance to knock each die over (%)", *_PERCENT),
    Option("kick_out", "Knocked dice kicked out of the cauldron and the game (% of knocks)", *_PERCENT),
    Option("tilt", "Full tilt: chance a die lands tilted (%)", *_PERCENT),
))
AVATAR_FIELDS = {LIGHTNING: "avatar_lightning", FIRE: "avatar_fire", STONE: "avatar_stone",
                 AIR: "avatar_air", WATER: "avatar_water"}


class ImpactSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    players: tuple[PlayerSetup, ...]
    mode: Mode = "simulated"
    tournament: bool = False
    powers: bool = False
    avatar_lightning: bool = False
    avatar_fire: bool = False
    avatar_stone: bool = False
    avatar_air: bool = False
    avatar_water: bool = False
    cautious_miss: int = 3
    reckless_miss: int = 10
    knock: int = 25
    tilt: int = 2
    kick_out: int = 20

    def avatar(self) -> tuple[str, ...]:
        return tuple(e for e in POWER_ORDER if getattr(self, AVATAR_FIELDS[e]))


class Knock(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A die already in the cauldron (by position) knocked over by a reckless throw."""
    die: int
    face: str


class StartingDie(Action, tag="start"):
    """Chance (or the table): the face of the surplus die that starts the cauldron."""
    face: str


class Tip(Action, tag="tip"):
    """Transforming: before a throw the player tips these cauldron dice (positions)."""
    player: int
    dice: tuple[int, ...]


class Tipped(Action, tag="tipped"):
    """Chance: the side face each tipped die fell to, in the order they were tipped."""
    faces: tuple[str, ...]


class Throw(Action, tag="throw"):
    """The player throws one loose die (pile=-1) or a boulder pile (its index), cautiously or
    recklessly; in a Big Bang every die they own goes in at once."""
    player: int
    style: str = CAUTIOUS
    pile: int = LOOSE


class Landing(Action, tag="landing"):
    """Chance: the faces of the dice that landed, how many missed, dice knocked over, which
    landed dice came down tilted (their face is the one they were re-settled to), and the
    cauldron dice (by position) kicked out of the game. `kicked` came after 0.1.0: older saves
    have none, which is what its default says."""
    faces: tuple[str, ...]
    missed: int = 0
    knocked: tuple[Knock, ...] = ()
    tilted: tuple[int, ...] = ()
    kicked: tuple[int, ...] = ()


class Stop(Action, tag="stop"):
    """No matches: the player ends the turn instead of throwing again."""
    player: int


class RaceResult(Action, tag="race"):
    """The racers' finishing order on the shared keyboard, fastest first."""
    order: tuple[int, ...]


ImpactAction = StartingDie | Tip | Tipped | Throw | Landing | Stop | RaceResult

Phase = Literal["start", "turn", "tip", "landing", "race", "over"]
ThrowKind = Literal["single", "pile", "bigbang", "storm"]
RaceKind = Literal["", "storm", "column"]


class GameRecord(msgspec.Struct, frozen=True):
    """One finished game: who won (several: a draw), who went out together in what order, and
    everyone's points lost so far (running totals)."""
    number: int
    winners: tuple[int, ...]
    out_order: tuple[tuple[int, ...], ...]
    lost: tuple[int, ...]


class ImpactState(msgspec.Struct, frozen=True):
    setup: ImpactSetup
    phase: Phase
    active: int
    loose: tuple[int, ...]
    piles: tuple[tuple[int, ...], ...]
    out: tuple[bool, ...]
    aside: int
    cauldron: tuple[str, ...] = ()
    removed: int = 0
    flying: int = 0
    throwers: tuple[int, ...] = ()
    style: str = CAUTIOUS
    kind: ThrowKind = "single"
    throws: int = 0
    tipping: tuple[int, ...] = ()
    tipped: bool = False
    big_bang: bool = False
    stormed: bool = False
    race: RaceKind = ""
    racers: tuple[int, ...] = ()
    activated: tuple[str, ...] = ()
    game: int = 0
    first: int = 0
    out_order: tuple[tuple[int, ...], ...] = ()  # who went out, one group per turn
    lost: tuple[int, ...] = ()
    games: tuple[GameRecord, ...] = ()
    events: tuple[Event, ...] = ()
    taken_by: int = -1
    taken: tuple[str, ...] = ()
    result: Result | None = None

    @property
    def players(self) -> int:
        return len(self.setup.players)

    def name(self, player: int) -> str:
        return self.setup.players[player].name

    def dice(self, player: int) -> int:
        """All of a player's dice: loose ones and those in boulder piles."""
        return self.loose[player] + sum(self.piles[player])

    def in_game(self) -> tuple[int, ...]:
        return tuple(p for p in range(self.players) if not self.out[p])

    @property
    def games_total(self) -> int:
        return self.players if self.setup.tournament else 1

    @property
    def swamp(self) -> bool:
        return WATER in self.activated

    def total_dice(self) -> int:
        """Every die of the box, wherever it is: the 26 are conserved."""
        return (sum(self.dice(p) for p in range(self.players)) + len(self.cauldron) + self.removed
                + self.aside + self.flying)


def dice_per_player(players: int) -> int:
    return DICE_PER_PLAYER[players]


def next_seat(state: ImpactState, after: int) -> int:
    """The first player still in the game to the left of (clockwise after) seat `after`."""
    n = state.players
    for k in range(1, n + 1):
        p = (after + k) % n
        if not state.out[p]:
            return p
    return after
