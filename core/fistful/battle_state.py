"""The battle games' records: setup, actions and state, shared by the engine's parts.

Saved actions name fighters as [sculpt, finish] and throws as pose codes
(core.fistful.throws), so a long game's log stays small.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import msgspec

from core.errors import IllegalAction
from core.fistful.roster import Fighter
from core.fistful.throws import Landed, encode_poses
from core.game import Action, Mode, PlayerSetup, Result
from core.spec import GameSpec, Option, ReservedColour

Variant = Literal["domination", "all-out-war"]

MIN_PLAYERS = 2
MAX_PLAYERS = 4
ARMY_SIZE = 15
CHAMPION_FIGHTERS = 4
QUOTA = {2: 6, 3: 4, 4: 3}
DISCS_TO_WIN = {2: 10, 3: 8, 4: 7}
SLAUGHTER_BONUS = 3
TEAM_VICTORY_BONUS = 5
TEAM_VICTORY_FIGHTERS = 3
ADVANCED_MIN_THROWN = 4
AMBUSH_FINISH = "shadow"

WARLORD_COLOUR = "#6b21a8"  # the Warlords' tokens in the Ultimate Champion fight; no player may take it

_ADVANCED = (
    Option("hero", "Hero: a fighter landing on its feet wins the battle", advanced=True),
    Option("slaughter", "Slaughter: all face up (4+ thrown) gives +3 next battle", advanced=True),
    Option("ambush", "Ambush: all face down (4+ thrown) gives opponents a bonus Shadow fighter", advanced=True),
    Option("team_victory", "Team Victory: 3 face-up fighters from the battle's region give +5", advanced=True),
)
_FRONTLINE = Option("frontline", "Frontline (not in the rulebook): attack only regions bordering your own")
DOMINATION_SPEC = GameSpec(
    MIN_PLAYERS, MAX_PLAYERS,
    options=(Option("ultimate_champion", "Ultimate Champion fight against the three Warlords at the end"),
             _FRONTLINE, *_ADVANCED,
             Option("first_defender", "First defender (the oldest player)", "seat"),
             Option("first_attacker", "First attacker (the youngest player)", "seat")),
    reserved_colours=(ReservedColour(WARLORD_COLOUR, "the Warlords"),))
ALL_OUT_WAR_SPEC = GameSpec(
    MIN_PLAYERS, MAX_PLAYERS,
    options=(_FRONTLINE, *_ADVANCED, Option("first_defender", "First defender (the oldest player)", "seat")))



class BattleSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    players: tuple[PlayerSetup, ...]
    mode: Mode = "simulated"
    first_defender: int = 0  # Domination: the oldest player; All-Out War: who defends first
    first_attacker: int = 1  # Domination only: the youngest player
    hero: bool = False
    slaughter: bool = False
    ambush: bool = False
    team_victory: bool = False
    frontline: bool = False
    ultimate_champion: bool = True  # Domination only


# --- actions ----------------------------------------------------------------------------
class Claim(Action, tag="claim"):
    """Domination: turn a disc to your colour. All-Out War: place a counter on a region."""
    player: int
    region: str


class ChooseArmy(Action, tag="army"):
    player: int
    fighters: tuple[Fighter, ...]


class ChooseFistful(Action, tag="fistful"):
    """A secret fistful from the army; `extra` is an Ambush's bonus Shadow fighter."""
    player: int
    fighters: tuple[Fighter, ...]
    extra: Fighter | None = None


class Attack(Action, tag="attack"):
    """The attacker names the battle's region (All-Out War's first: the defender, own region)."""
    player: int
    region: str


class BattleThrow(Action, tag="battle_throw"):
    """Chance or the table: per seat the pose code of what it threw (fistful and any Ambush
    fighter, see core.fistful.throws); None for those not throwing."""
    poses: tuple[str | None, ...]

    @classmethod
    def of(cls, landed: Sequence[Sequence[Landed] | None]) -> BattleThrow:
        return cls(tuple(None if x is None else encode_poses(x) for x in landed))


class Flip(Action, tag="flip"):
    """The defender's optional flip of one face-down fighter from the battle's region."""
    player: int
    fighter: Fighter | None


class HeroClaim(Action, tag="hero_claim"):
    """After a Hero win: one more region of the Hero thrower's choice (None: decline)."""
    player: int
    region: str | None


class Remove(Action, tag="remove"):
    player: int
    fighter: Fighter


class ChampionPick(Action, tag="champion_pick"):
    player: int
    fighters: tuple[Fighter, ...]


class ChampionThrow(Action, tag="champion_throw"):
    """The pose codes of the champion's fighters and of the Warlords still fighting."""
    champion: str
    warlords: str

    @classmethod
    def of(cls, champion: Sequence[Landed], warlords: Sequence[Landed]) -> ChampionThrow:
        return cls(encode_poses(champion), encode_poses(warlords))


class ChampionRemove(Action, tag="champion_remove"):
    """The side that lost a champion fight removes a face-down fighter; `player` is who decides."""
    player: int
    fighter: Fighter


BattleAction = (Claim | ChooseArmy | ChooseFistful | Attack | BattleThrow | Flip | HeroClaim | Remove
                | ChampionPick | ChampionThrow | ChampionRemove)

Phase = Literal["claim", "army", "fistful", "attack", "throw", "flip", "hero_claim", "remove",
                "reselect", "champion_pick", "champion_throw", "champion_remove", "over"]


# --- state ------------------------------------------------------------------------------
class BattleScore(msgspec.Struct, frozen=True):
    face_up: int
    face_down: int
    standing: int
    points: int
    bonus: int  # +2 most face-up
    slaughter: int  # +3 carried from the previous battle
    team_victory: int  # +5
    total: int
    best: int  # highest single face-up value (Domination tie-break)


class Battle(msgspec.Struct, frozen=True):
    number: int
    region: str
    defender: int
    throwers: tuple[int, ...]  # who throws the next (or last) throw
    throws: int = 0
    landed: tuple[tuple[Landed, ...] | None, ...] = ()  # each player's latest throw in this battle
    flipped: Fighter | None = None
    scores: tuple[BattleScore | None, ...] = ()
    winner: int | None = None
    outcome: str = ""  # "", "won", "hero", "tie", "hero-draw"


class Champion(msgspec.Struct, frozen=True):
    player: int
    fighters: tuple[Fighter, ...] = ()
    warlords: tuple[Fighter, ...] = ()
    fights: int = 0
    landed: tuple[tuple[Landed, ...], tuple[Landed, ...]] | None = None
    scores: tuple[BattleScore, BattleScore] | None = None
    loser: str = ""  # "", "champion", "warlords", "tie"


class BattleState(msgspec.Struct, frozen=True):
    setup: BattleSetup
    variant: Variant
    phase: Phase
    regions: tuple[str, ...]
    owner: tuple[int | None, ...]  # per region; None = unclaimed or out of the game
    closed: tuple[bool, ...]  # per region: its disc/counter left the game
    claims: tuple[int, ...]  # per player, during set-up
    claim_turn: int
    armies: tuple[tuple[Fighter, ...], ...]
    fistfuls: tuple[tuple[Fighter, ...], ...]
    extra: tuple[Fighter | None, ...]
    pending: tuple[int, ...] = ()  # players still to pick (army/fistful/reselect)
    ambush_right: tuple[bool, ...] = ()
    slaughter_next: tuple[int, ...] = ()
    slaughter_now: tuple[int, ...] = ()
    out: tuple[bool, ...] = ()
    knocked_out: tuple[int, ...] = ()  # per player: the battle that knocked them out, 0 = still in
    attacker: int = 0
    battle: Battle | None = None
    history: tuple[Battle, ...] = ()
    to_remove: tuple[int, ...] = ()
    champion: Champion | None = None
    result: Result | None = None

    @property
    def players(self) -> int:
        return len(self.setup.players)

    def name(self, player: int) -> str:
        return self.setup.players[player].name

    def index(self, region: str) -> int:
        return self.regions.index(region)

    def owned(self, player: int) -> tuple[str, ...]:
        return tuple(r for r, o in zip(self.regions, self.owner) if o == player)

    def in_play(self) -> tuple[int, ...]:
        return tuple(i for i in range(self.players) if not self.out[i])

    def thrown(self, player: int) -> tuple[Fighter, ...]:
        extra = self.extra[player]
        return self.fistfuls[player] + ((extra,) if extra is not None else ())


def replace_at(t: tuple, i: int, value: object) -> tuple:
    return t[:i] + (value,) + t[i + 1:]


def check_seat(state: BattleState, player: object, action: object) -> None:
    if type(player) is not int or not 0 <= player < state.players:
        seat = player + 1 if type(player) is int else repr(player)
        raise IllegalAction(f"There is no player {seat} in this game.", action)

