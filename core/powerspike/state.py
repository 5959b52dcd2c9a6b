"""Power Spike's records: the setup, the actions (small JSON: ids, card ints, inches) and the
immutable state, with the small lookups every other module of the game shares.

The state holds facts only (unit ids, card ints, counts, enums): the words a player reads are
built where they are shown (narration.py), so rewording never changes a saved game's state.
"""
from __future__ import annotations

from typing import Literal

import msgspec

from core.game import Action, Mode, PlayerSetup, Result
from core.spec import GameSpec, Option, SeatOption
from core.powerspike.army import Roster, ready_made
from core.powerspike.cards import Deck
from core.powerspike.combat import CombatResult, DrawEntitlement, LossOption
from core.powerspike.units import Profile, default_units
from maps.powerspike.table import DEFAULT_TABLE, available_tables, load_table


MIN_PLAYERS = 2
MAX_PLAYERS = 2
MAX_PASSES = 10
DEFAULT_COLOURS = ("#c62828", "#202328")
DEFAULT_CDC_ROSTER = "cdc-small-death-commando"
DEFAULT_SCS_ROSTER = "scs-small-neon-samurai"
SIDE_SEAT = {"CDC": 0, "SCS": 1}

MODE_LABELS = ("Cards and table", (("simulated", "The app draws the cards and keeps the table"),
                                   ("table", "Real miniatures: enter the cards drawn from real decks")))


def _roster_choices(side: str) -> tuple[tuple[object, str], ...]:
    return tuple((key, r.name or key) for key, r in ready_made().items() if r.side == side)


SPEC = GameSpec(
    MIN_PLAYERS, MAX_PLAYERS,
    options=(Option("table", "Table", "choice", choices=tuple((t, load_table(t).title) for t in available_tables())),
             Option("passes_limit", "End on points after this many movement-deck passes (0: fight to the last unit)",
                    "int", 0, MAX_PASSES),
             Option("mirror_positions", "Track unit positions on screen (at the table: untick to leave them out)")),
    seat_options=(SeatOption("roster", "Army", seat_choices=(_roster_choices("CDC"), _roster_choices("SCS")),
                             seat_fields=("cdc_roster", "scs_roster")),),
    modes=MODE_LABELS)


class PowerSpikeSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    players: tuple[PlayerSetup, PlayerSetup]  # seat 0 = CDC (red suits), seat 1 = SCS (black)
    mode: Mode = "simulated"
    cdc_roster: str = DEFAULT_CDC_ROSTER  # a ready_made() id; rosters by id keep saves small
    scs_roster: str = DEFAULT_SCS_ROSTER
    table: str = DEFAULT_TABLE
    passes_limit: int = 0  # 0: until a side has no units; N: points after N passes
    mirror_positions: bool = True  # table mode only: False leaves positions out (flags declared)
    # A roster built in the army builder travels inside the setup (and so inside every save),
    # so the game replays on a machine that never saw the roster file; it wins over the id.
    cdc_custom: Roster | None = None
    scs_custom: Roster | None = None


def setup_rosters(setup: PowerSpikeSetup) -> tuple[Roster | None, Roster | None]:
    """The CDC and SCS rosters the setup plays: the embedded one, else the ready-made id
    (None when that id is unknown; `validate_setup` says so)."""
    ready = ready_made()
    return (setup.cdc_custom if setup.cdc_custom is not None else ready.get(setup.cdc_roster),
            setup.scs_custom if setup.scs_custom is not None else ready.get(setup.scs_roster))


# --- actions -----------------------------------------------------------------------------------
class Deploy(Action, tag="deploy"):
    player: int
    unit: str
    x: float
    y: float
    facing: float


class MovementDraw(Action, tag="movement_draw"):
    """Chance or the table: the card turned from the movement deck."""
    card: int


class Activate(Action, tag="activate"):
    player: int
    unit: str


class EndGo(Action, tag="end_go"):
    """Give up the go's remaining activations."""
    player: int


class Move(Action, tag="move"):
    """Move the activated unit (without tracked positions x, y and facing are ignored)."""
    player: int
    unit: str
    x: float
    y: float
    facing: float


Arc = Literal["front", "flank", "rear"]


class Declared(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What the players measured at the table when positions are not tracked.

    Firing declares that the target is within the attackers' range (or in contact).
    `in_range`: the (first) attacker is within the target's range, so an outscored attack is
    answered and a tie costs both a figure. `arc`: where the attackers stand (all of them).
    `near_commander`: ids of the units in this combat within 12" of their own Commander.
    """

    in_range: bool = True
    in_contact: bool = False
    arc: Arc = "front"
    target_in_cover: bool = False
    near_commander: tuple[str, ...] = ()


class Fire(Action, tag="fire"):
    """The activated unit (first) and any pooled units of its go attack one enemy unit."""
    player: int
    attackers: tuple[str, ...]
    target: str
    declared: Declared | None = None


class Aim(Action, tag="aim"):
    """The activated unit's player chooses the enemy unit it means to attack. Logged (so undo
    takes it back and a reopened save keeps it) but binding nothing: Fire names its own target."""
    player: int
    target: str


class EndActivation(Action, tag="end_activation"):
    player: int


class CombatDraw(Action, tag="combat_draw"):
    """Chance or the table: the attackers' cards (drawn first), then the target's."""
    attacker_cards: tuple[int, ...]
    target_cards: tuple[int, ...]


class TakeLosses(Action, tag="take_losses"):
    player: int
    unit: str
    choice: Literal["hold", "retreat"]


class OrbitalStrike(Action, tag="orbital_strike"):
    player: int
    target: str


PowerSpikeAction = (Deploy | MovementDraw | Activate | EndGo | Move | Aim | Fire | EndActivation | CombatDraw
                    | TakeLosses | OrbitalStrike)

Phase = Literal["deploy", "draw", "activate", "act", "combat", "loss", "oas", "over"]
Step = Literal["choose", "moved", "fired"]


# --- state ---------------------------------------------------------------------------------------
class UnitState(msgspec.Struct, frozen=True):
    """A unit in the game. `figures` are the models left in removal order (tank last).

    Positions are None before deployment, while aboard an ornithopter (`carried_by`) and
    when the players do not mirror positions. `activated_last`: activated in its side's
    previous go (the consecutive-activation rule).
    """

    id: str
    side: str
    profile: str
    name: str
    figures: tuple[str, ...]
    start_figures: int
    x: float | None = None
    y: float | None = None
    facing: float = 0.0
    carried_by: str | None = None
    carrying: tuple[str, ...] = ()
    activated_last: bool = False

    @property
    def destroyed(self) -> bool:
        return not self.figures

    @property
    def losses(self) -> int:
        return self.start_figures - len(self.figures)

    @property
    def hurt(self) -> bool:
        return self.losses > 0

    @property
    def on_table(self) -> bool:
        """Alive and standing on its own tray (not aboard an ornithopter)."""
        return bool(self.figures) and self.carried_by is None

    @property
    def placed(self) -> bool:
        return self.x is not None and self.y is not None


class Go(msgspec.Struct, frozen=True):
    """One side's go from a movement card: `left` activations of distinct units."""

    seat: int
    card: int
    activations: int
    left: int
    activated: tuple[str, ...] = ()
    fired: tuple[str, ...] = ()


class Activation(msgspec.Struct, frozen=True):
    """`target`: the enemy unit last aimed at in this activation (None until an Aim)."""

    unit: str
    step: Step = "choose"
    moved: bool = False
    fired: bool = False
    target: str | None = None


Bonus = Literal["flank", "rear", "unhurt", "commander", "cover"]
HoldReason = Literal["strike", "no-room"]


class ExtraCard(msgspec.Struct, frozen=True):
    """One extra combat card and why it was given: `unit` (an attacker or the target) earned it
    for attacking a flank or the rear, being unhurt against a hurt enemy, standing within 12"
    of its Commander, or (the target) being in cover."""

    unit: str
    bonus: Bonus


class Combat(msgspec.Struct, frozen=True):
    """A combat being (or last) resolved. `strike` is the seat of an Orbital Artillery Strike
    (then `attackers` is empty). `answering`: the attacker that answers a fire exchange.
    `extra_cards` say who earned each extra card and why; `cover` names the terrain pieces
    that give the target cover (empty when the players declared cover at the table)."""

    attackers: tuple[str, ...]
    target: str
    attacker_entitlement: DrawEntitlement
    target_entitlement: DrawEntitlement
    answering: str | None = None
    in_contact: bool = False
    strike: int | None = None
    extra_cards: tuple[ExtraCard, ...] = ()
    cover: tuple[str, ...] = ()
    attacker_cards: tuple[int, ...] = ()
    target_cards: tuple[int, ...] = ()
    result: CombatResult | None = None


class PendingLoss(msgspec.Struct, frozen=True):
    """A loser's choice: `options` (hold first); `retreat_to` where a retreat ends (None
    without tracked positions); `must_hold` why retreating is refused ("strike": the target of
    an Orbital Artillery Strike; "no-room": no room for a full retreat), None when it is not."""

    unit: str
    seat: int
    options: tuple[LossOption, ...]
    retreat_to: tuple[float, float] | None = None
    must_hold: HoldReason | None = None


class PowerSpikeState(msgspec.Struct, frozen=True):
    setup: PowerSpikeSetup
    phase: Phase
    units: tuple[UnitState, ...]
    movement_deck: Deck = Deck()
    combat_deck: Deck = Deck()
    drawer: int = 0  # whose turn it is to draw from the movement deck
    deploy_turn: int = 0
    card: int | None = None  # the last movement card drawn
    go: Go | None = None
    activation: Activation | None = None
    combat: Combat | None = None
    losses: tuple[PendingLoss, ...] = ()
    oas_strikes: tuple[int, ...] = ()  # the seat of each strike still to aim, in order
    passes: int = 0  # movement-deck reshuffles so far
    draws: int = 0
    result: Result | None = None

    def name(self, seat: int) -> str:
        return self.setup.players[seat].name

    def unit(self, uid: str) -> UnitState:
        for u in self.units:
            if u.id == uid:
                return u
        raise KeyError(uid)

    def find(self, uid: object) -> UnitState | None:
        for u in self.units:
            if u.id == uid:
                return u
        return None

    def living(self, side: str) -> tuple[UnitState, ...]:
        return tuple(u for u in self.units if u.side == side and u.figures)


# --- small helpers ---------------------------------------------------------------------------------
def profile(u: UnitState) -> Profile:
    return default_units().profiles[u.profile]


def seat_of(u: UnitState) -> int:
    return SIDE_SEAT[u.side]


def tracks_positions(setup: PowerSpikeSetup) -> bool:
    """Simulated play always keeps the table; at the table the players may leave it out."""
    return setup.mode == "simulated" or setup.mirror_positions


def unit_value(u: UnitState) -> int:
    """Points a unit is worth at a points-based end: figures left x its combat cards."""
    return len(u.figures) * profile(u).cards


def side_points(state: PowerSpikeState, side: str) -> int:
    return sum(unit_value(u) for u in state.living(side))


def replace_state(state: PowerSpikeState, **changes: object) -> PowerSpikeState:
    return msgspec.structs.replace(state, **changes)


def with_unit(state: PowerSpikeState, new: UnitState) -> PowerSpikeState:
    """The state with one unit record replaced (by id)."""
    return replace_state(state, units=tuple(new if u.id == new.id else u for u in state.units))
