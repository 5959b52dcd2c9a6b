"""Power Spike (2 players): the whole game — deployment, the movement deck's goes and
activations, combat with the combat deck, losses with the hold/retreat choice, Orbital
Artillery Strikes, and the end of the game.

The foundations do the rules' arithmetic (cards.py: decks; combat.py: entitlements and the
loss table; odds.py: exact odds; units.py/army.py: units and rosters; geometry.py: the
measured table). This module sequences them and measures the table to answer their questions
(in range? flank? cover?). Seat 0 plays the CDC (red suits), seat 1 the SCS (black suits).
Rulings the other notes leave open are in resources/notes/power-spike.md; the main ones:
- pooled attackers: the activated unit may be joined by units of its side activated earlier
  in the same go that have not fired yet; every attacker must have the target in range (or
  be in base contact) and counts its own cards and extras;
- the attacker that answers a fire exchange (takes an outscored attack's losses, and a tie's
  figure) is the first attacker, in the order given, within the target's range or in contact;
- a go whose side has no unit it may activate is lost; the consecutive rule then lapses,
  because a go in which a unit was not activated came in between;
- a pass of the movement deck ends at each reshuffle (a joker or its last card); with a
  passes limit the game ends when the next draw is due after that many passes, and the side
  with more points left wins (points: figures left x the unit's combat cards);
- a unit aboard an ornithopter has no tray of its own: it moves with the carrier, cannot
  fire or be targeted, and gets off by moving (its move measured from the carrier's centre);
  it cannot board again.
"""
from __future__ import annotations

import functools
import math
import random
from collections.abc import Iterable, Sequence
from typing import Literal

import msgspec

from core.errors import IllegalAction, IllegalSetup
from core.game import CHANCE, Action, Actor, Mode, PlayerSetup, Result, default_players, validate_mode, validate_players, Rules
from core.powerspike import geometry as geo
from core.powerspike.army import Roster, muster, ready_made, require_valid
from core.powerspike.cards import (SIDES, Deck, card_name, cards_text, is_joker, movement_meaning,
                                   sample_draw, sample_movement_card)
from core.powerspike.combat import (OAS_CARDS, CombatResult, DrawEntitlement, Hand, LossOption, entitlement,
                                    oas_target_entitlement, resolve_combat, resolve_oas)
from core.powerspike.odds import Odds, deck_odds
from core.powerspike.units import Profile, Unit, default_units
from maps.powerspike.table import DEFAULT_TABLE, Table, available_tables, load_table

MIN_PLAYERS = 2
MAX_PLAYERS = 2
MAX_PASSES = 10
DEFAULT_COLOURS = ("#c62828", "#202328")
DEFAULT_CDC_ROSTER = "cdc-small-death-commando"
DEFAULT_SCS_ROSTER = "scs-small-neon-samurai"
SIDE_SEAT = {"CDC": 0, "SCS": 1}

OPTION_LABELS: dict[str, str] = {
    "cdc_roster": "CDC army (player 1, red suits)",
    "scs_roster": "SCS army (player 2, black suits)",
    "table": "Table",
    "passes_limit": "End on points after this many movement-deck passes (0: fight to the last unit)",
    "mirror_positions": "Track unit positions on screen (at the table: untick to leave them out)",
}
MODE_LABELS = ("Cards and table", (("simulated", "The app draws the cards and keeps the table"),
                                   ("table", "Real miniatures: enter the cards drawn from real decks")))
OPTION_RANGES: dict[str, tuple[int, int]] = {"passes_limit": (0, MAX_PASSES)}


def _roster_choices(side: str) -> tuple[tuple[object, str], ...]:
    return tuple((key, r.name or key) for key, r in ready_made().items() if r.side == side)


OPTION_CHOICES: dict[str, tuple[tuple[object, str], ...]] = {
    "cdc_roster": _roster_choices("CDC"),
    "scs_roster": _roster_choices("SCS"),
    "table": tuple((t, load_table(t).title) for t in available_tables()),
}


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


PowerSpikeAction = (Deploy | MovementDraw | Activate | EndGo | Move | Fire | EndActivation | CombatDraw
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
    unit: str
    step: Step = "choose"
    moved: bool = False
    fired: bool = False


class Combat(msgspec.Struct, frozen=True):
    """A combat being (or last) resolved. `strike` is the seat of an Orbital Artillery Strike
    (then `attackers` is empty). `answering`: the attacker that answers a fire exchange.
    `notes` say why each extra card was given."""

    attackers: tuple[str, ...]
    target: str
    attacker_entitlement: DrawEntitlement
    target_entitlement: DrawEntitlement
    answering: str | None = None
    in_contact: bool = False
    strike: int | None = None
    notes: tuple[str, ...] = ()
    attacker_cards: tuple[int, ...] = ()
    target_cards: tuple[int, ...] = ()
    result: CombatResult | None = None


class PendingLoss(msgspec.Struct, frozen=True):
    """A loser's choice: `options` (hold first); `retreat_to` where a retreat ends (None
    without tracked positions); `no_retreat` why retreating is refused."""

    unit: str
    seat: int
    options: tuple[LossOption, ...]
    retreat_to: tuple[float, float] | None = None
    no_retreat: str = ""


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


def _fmt(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 'es' if word.endswith('s') else 's'}"


def _rep(state: PowerSpikeState, **kw: object) -> PowerSpikeState:
    return msgspec.structs.replace(state, **kw)


def _with_unit(state: PowerSpikeState, new: UnitState) -> PowerSpikeState:
    return _rep(state, units=tuple(new if u.id == new.id else u for u in state.units))


def _tray_at(u: UnitState, x: float, y: float, facing: float) -> geo.Tray:
    w, d = profile(u).tray
    return geo.Tray((float(x), float(y)), float(facing), w, d)


@functools.lru_cache(maxsize=256)
def _board(units: tuple[UnitState, ...]) -> dict[str, geo.Tray]:
    """The trays of the units standing on the table (cached: states are immutable)."""
    return {u.id: _tray_at(u, u.x, u.y, u.facing) for u in units  # type: ignore[arg-type]
            if u.on_table and u.placed}


def _table(state: PowerSpikeState) -> Table:
    return load_table(state.setup.table)


def _named(state: PowerSpikeState, trays: dict[str, geo.Tray], skip: Iterable[str] = ()) -> dict[str, geo.Tray]:
    """Trays keyed by the unit names geometry puts into its reasons."""
    skip = set(skip)
    out: dict[str, geo.Tray] = {}
    for uid, tray in trays.items():
        if uid not in skip:
            name = state.unit(uid).name or uid
            out[name if name not in out else uid] = tray
    return out


# --- the game -----------------------------------------------------------------------------------------
class PowerSpikeGame(Rules):
    id = "power-spike"
    title = "Power Spike"
    setup_type = PowerSpikeSetup
    action_type = PowerSpikeAction
    state_type = PowerSpikeState

    # --- setup ------------------------------------------------------------------------------------
    def default_setup(self, players: int | None = None) -> PowerSpikeSetup:
        n = 2 if players is None else players
        return PowerSpikeSetup(default_players(n, DEFAULT_COLOURS))  # type: ignore[arg-type]

    def validate_setup(self, setup: PowerSpikeSetup) -> None:
        validate_players(setup.players, self.title, MIN_PLAYERS, MAX_PLAYERS)
        validate_mode(setup.mode)
        rosters = ready_made()
        customs = (setup.cdc_custom, setup.scs_custom)
        for side, key, custom, roster in zip(SIDES, (setup.cdc_roster, setup.scs_roster), customs,
                                             setup_rosters(setup)):
            if roster is None:
                raise IllegalSetup(f"There is no ready-made army {key!r} (choose one of {', '.join(rosters)}).")
            name = roster.name or (key if custom is None else f"The roster given for the {side}")
            if roster.side != side:
                raise IllegalSetup(f"{name} is an army for the {roster.side}, not the {side}.")
            require_valid(roster)
        if setup.table not in available_tables():
            raise IllegalSetup(f"There is no table {setup.table!r} (choose one of {', '.join(available_tables())}).")
        if not 0 <= setup.passes_limit <= MAX_PASSES:
            raise IllegalSetup(f"The passes limit must be 0 to {MAX_PASSES}, not {setup.passes_limit}.")

    def mode(self, setup: PowerSpikeSetup) -> Mode:
        return setup.mode

    def new(self, setup: PowerSpikeSetup) -> PowerSpikeState:
        units: list[UnitState] = []
        for roster in setup_rosters(setup):
            assert roster is not None, "validate_setup first"
            mustered = muster(roster)
            carrier_of = {c: u.id for u in mustered for c in u.cargo}
            units += [UnitState(u.id, u.side, u.type, u.name, u.figures, u.start_figures,
                                carried_by=carrier_of.get(u.id), carrying=u.cargo) for u in mustered]
        state = PowerSpikeState(setup, "deploy", tuple(units))
        if not tracks_positions(setup):
            return _rep(state, phase="draw")
        return state

    # --- whose turn --------------------------------------------------------------------------------
    def actor(self, state: PowerSpikeState) -> Actor:
        phase = state.phase
        if phase == "deploy":
            return state.deploy_turn
        if phase in ("draw", "combat"):
            return CHANCE
        if phase in ("activate", "act"):
            assert state.go is not None
            return state.go.seat
        if phase == "loss":
            return state.losses[0].seat
        if phase == "oas":
            return state.oas_strikes[0]
        return None

    # --- public helpers for the view -------------------------------------------------------------------
    def to_deploy(self, state: PowerSpikeState, seat: int) -> list[str]:
        """Units of the seat's side still to be placed (cargo goes down with its ornithopter)."""
        return [u.id for u in state.units if u.side == SIDES[seat] and u.on_table and not u.placed]

    def unit_tray(self, state: PowerSpikeState, unit_id: str) -> geo.Tray:
        """Where the unit stands; a unit aboard an ornithopter stands where its carrier does."""
        u = state.unit(unit_id)
        if u.carried_by is not None:
            c = state.unit(u.carried_by)
            if c.placed:
                return _tray_at(u, c.x, c.y, c.facing)  # type: ignore[arg-type]
        if not u.placed:
            raise ValueError(f"{u.name or u.id} has no position on the table")
        return _tray_at(u, u.x, u.y, u.facing)  # type: ignore[arg-type]

    def activatable(self, state: PowerSpikeState) -> list[str]:
        go = state.go
        if go is None or state.phase not in ("activate",):
            return []
        return self._activatable(state, go)

    def _activatable(self, state: PowerSpikeState, go: Go) -> list[str]:
        living = state.living(SIDES[go.seat])
        only = len(living) == 1
        return [u.id for u in living if u.id not in go.activated and (only or not u.activated_last)]

    def move_problems(self, state: PowerSpikeState, unit_id: str, x: float, y: float, facing: float) -> list[str]:
        """Why the unit may not move there (empty when it may); geometry's reasons."""
        u = state.find(unit_id)
        if u is None or u.destroyed:
            return [f"there is no unit {unit_id!r} on the table"]
        if not all(math.isfinite(v) for v in (x, y, facing)):
            return ["the position is not a number"]
        if not tracks_positions(state.setup):
            return []
        start = self.unit_tray(state, unit_id)
        trays = _board(state.units)
        table = _table(state)
        return geo.check_move(start, (x, y), facing, profile(u).move, _named(state, trays, (unit_id,)),
                              table.terrain, table)

    def fire_targets(self, state: PowerSpikeState, attackers: Sequence[str]) -> list[str]:
        """Enemy units every attacker has in range (or in base contact)."""
        if not attackers:
            return []
        first = state.find(attackers[0])
        if first is None:
            return []
        enemies = [u for u in state.units if u.side != first.side and u.on_table]
        if not tracks_positions(state.setup):
            return [u.id for u in enemies]
        trays = _board(state.units)
        if any(a not in trays for a in attackers):
            return []
        out = []
        for e in enemies:
            t = trays.get(e.id)
            if t is not None and all(self._reaches(state, trays[a], a, t) for a in attackers):
                out.append(e.id)
        return out

    def _reaches(self, state: PowerSpikeState, tray: geo.Tray, uid: str, target: geo.Tray) -> bool:
        return geo.in_range(tray, target, profile(state.unit(uid)).range)

    def entitlements(self, state: PowerSpikeState, attackers: Sequence[str], target: str,
                     declared: Declared | None = None) -> tuple[DrawEntitlement, DrawEntitlement]:
        c = self._combat(state, tuple(attackers), target, declared)
        return c.attacker_entitlement, c.target_entitlement

    def odds(self, state: PowerSpikeState, attackers: Sequence[str], target: str,
             declared: Declared | None = None) -> Odds:
        a, t = self.entitlements(state, attackers, target, declared)
        return deck_odds(state.combat_deck, a.total, t.total)

    def as_if_moved(self, state: PowerSpikeState, unit_id: str, x: float, y: float,
                    facing: float) -> PowerSpikeState:
        """The state with only this unit's tray at (x, y, facing): the table the odds panel
        measures while the unit is dragged, before the move is made (or refused).

        Nothing is validated (move_problems says whether the end is legal) and no step of the
        activation is spent; a unit aboard an ornithopter is taken off it, as a real move would.
        Without tracked positions there is nothing to move: the state comes back unchanged.
        """
        if not tracks_positions(state.setup):
            return state
        u = state.unit(unit_id)
        state = _with_unit(state, msgspec.structs.replace(u, x=float(x), y=float(y),
                                                          facing=float(facing) % 360.0, carried_by=None))
        if u.carried_by is not None:
            carrier = state.unit(u.carried_by)
            state = _with_unit(state, msgspec.structs.replace(
                carrier, carrying=tuple(c for c in carrier.carrying if c != u.id)))
        return state

    def odds_if_moved(self, state: PowerSpikeState, unit_id: str, x: float, y: float, facing: float,
                      attackers: Sequence[str], target: str, declared: Declared | None = None) -> Odds:
        """`odds` as if the unit stood at (x, y, facing): fast enough to follow a drag, because
        it only re-measures the table (arc, cover, commander radius) and recounts the deck."""
        return self.odds(self.as_if_moved(state, unit_id, x, y, facing), attackers, target, declared)

    def strike_entitlement(self, state: PowerSpikeState, target: str) -> DrawEntitlement:
        return self._strike(state, target).target_entitlement

    def retreat_position(self, state: PowerSpikeState, unit_id: str,
                         enemies: Sequence[str]) -> tuple[float, float] | None:
        """Where a full-move retreat directly away from `enemies` ends (None: no room)."""
        trays = _board(state.units)
        table = _table(state)
        u = state.unit(unit_id)
        end = geo.retreat_position(trays[unit_id], [trays[e] for e in enemies if e in trays] or [trays[unit_id]],
                                   profile(u).move, _named(state, trays, (unit_id,)), table.terrain, table)
        return None if end is None else end.centre

    def points(self, state: PowerSpikeState) -> tuple[int, int]:
        return side_points(state, "CDC"), side_points(state, "SCS")

    # --- combat set-up ---------------------------------------------------------------------------------
    def _commander_trays(self, state: PowerSpikeState, side: str) -> list[geo.Tray]:
        return [self.unit_tray(state, u.id) for u in state.living(side)
                if profile(u).commander and (u.placed or u.carried_by is not None)]

    def _near_commander(self, state: PowerSpikeState, uid: str, declared: Declared | None) -> bool:
        if declared is not None:
            return uid in declared.near_commander
        u = state.unit(uid)
        tray = self.unit_tray(state, uid)
        return any(geo.within_commander(tray, c) for c in self._commander_trays(state, u.side))

    def _combat(self, state: PowerSpikeState, attackers: tuple[str, ...], target: str,
                declared: Declared | None) -> Combat:
        """Measure the table (or read the players' declaration) into the draw entitlements."""
        positions = tracks_positions(state.setup)
        if not positions and declared is None:
            declared = Declared()
        if positions:
            declared = None
        tgt = state.unit(target)
        tprof = profile(tgt)
        notes: list[str] = []
        if declared is None:
            trays = _board(state.units)
            t_tray = trays[target]
            covers = geo.cover_under(t_tray, _table(state).terrain)
            in_cover = bool(covers)
            cover_note = ", ".join(p.name for p in covers)
        else:
            in_cover = declared.target_in_cover
            cover_note = "declared"
        base, extras = 0, []
        answering: str | None = None
        contact = False
        for aid in attackers:
            a = state.unit(aid)
            if declared is None:
                a_tray = trays[aid]
                arc = geo.arc_of(a_tray, t_tray)
                touching = geo.in_contact(a_tray, t_tray)
                answers = touching or geo.in_range(a_tray, t_tray, tprof.range)
            else:
                arc = declared.arc
                touching = declared.in_contact and aid == attackers[0]
                answers = (declared.in_range or declared.in_contact) and aid == attackers[0]
            if answers and answering is None:
                answering, contact = aid, touching
            near = self._near_commander(state, aid, declared)
            unhurt = not a.hurt and tgt.hurt
            e = entitlement(profile(a).cards, "attacker", flank_or_rear=arc != "front",
                            unhurt_vs_hurt=unhurt, near_commander=near)
            base += e.base
            extras += list(e.extras)
            if arc != "front":
                notes.append(f"{a.name}: +1 for attacking {tgt.name}'s {arc}")
            if unhurt:
                notes.append(f"{a.name}: +1, unhurt against a hurt target")
            if near:
                notes.append(f"{a.name}: +1, within 12\" of its Commander")
        t_unhurt = not tgt.hurt and any(state.unit(a).hurt for a in attackers)
        t_near = self._near_commander(state, target, declared)
        te = entitlement(tprof.cards, "target", target_in_cover=in_cover, unhurt_vs_hurt=t_unhurt,
                         near_commander=t_near)
        if in_cover:
            notes.append(f"{tgt.name}: +1 for cover ({cover_note})")
        if t_unhurt:
            notes.append(f"{tgt.name}: +1, unhurt against a hurt attacker")
        if t_near:
            notes.append(f"{tgt.name}: +1, within 12\" of its Commander")
        return Combat(attackers, target, DrawEntitlement(base, tuple(extras)), te, answering, contact,
                      notes=tuple(notes))

    def _strike(self, state: PowerSpikeState, target: str) -> Combat:
        tgt = state.unit(target)
        positions = tracks_positions(state.setup)
        near = positions and self._near_commander(state, target, None)
        te = oas_target_entitlement(profile(tgt).cards, near_commander=near)
        notes = (f"{tgt.name}: +1, within 12\" of its Commander",) if near else ()
        return Combat((), target, DrawEntitlement(OAS_CARDS), te, strike=1 - seat_of(tgt), notes=notes)

    # --- legal actions -----------------------------------------------------------------------------------
    def legal_actions(self, state: PowerSpikeState) -> list[PowerSpikeAction] | None:
        phase = state.phase
        if phase == "over":
            return []
        if phase == "activate":
            assert state.go is not None
            p = state.go.seat
            return [Activate(p, u) for u in self.activatable(state)] + [EndGo(p)]
        if phase == "loss":
            pl = state.losses[0]
            return [TakeLosses(pl.seat, pl.unit, o.kind) for o in pl.options]
        if phase == "oas":
            p = state.oas_strikes[0]
            return [OrbitalStrike(p, u.id) for u in state.units if seat_of(u) != p and u.on_table]
        return None  # positions, card draws and attacks are too many to list

    # --- validation -------------------------------------------------------------------------------------
    def validate(self, state: PowerSpikeState, action: PowerSpikeAction) -> None:
        reason = self._why_not(state, action)
        if reason:
            raise IllegalAction(reason, action)

    def _why_not(self, state: PowerSpikeState, action: PowerSpikeAction) -> str:
        phase = state.phase
        if phase == "over":
            return "The game is over."
        expected = {"deploy": (Deploy,), "draw": (MovementDraw,), "activate": (Activate, EndGo),
                    "act": (Move, Fire, EndActivation), "combat": (CombatDraw,), "loss": (TakeLosses,),
                    "oas": (OrbitalStrike,)}[phase]
        if not isinstance(action, expected):
            return f"That is not possible now: {self.phase_text(state)}"
        player = getattr(action, "player", None)
        if player is not None and player != self.actor(state):
            if type(player) is not int or not 0 <= player < 2:
                return f"There is no player {player!r} in this game."
            return f"It is not {state.name(player)}'s turn: {self.phase_text(state)}"
        if isinstance(action, Deploy):
            return self._why_not_deploy(state, action)
        if isinstance(action, MovementDraw):
            if type(action.card) is not int or not 0 <= action.card < 54:
                return f"{action.card!r} is not a card."
            if action.card not in state.movement_deck.pile:
                return f"The {card_name(action.card)} is not in the movement deck's draw pile."
            return ""
        if isinstance(action, Activate):
            return self._why_not_activate(state, action.unit)
        if isinstance(action, EndGo):
            return ""
        if isinstance(action, Move):
            return self._why_not_move(state, action)
        if isinstance(action, Fire):
            return self._why_not_fire(state, action)
        if isinstance(action, EndActivation):
            return ""
        if isinstance(action, CombatDraw):
            return self._why_not_draw(state, action)
        if isinstance(action, TakeLosses):
            pl = state.losses[0]
            u = state.unit(pl.unit)
            if action.unit != pl.unit:
                return f"{u.name} is the unit taking losses now."
            if action.choice not in ("hold", "retreat"):
                return f"{action.choice!r} is neither hold nor retreat."
            if not any(o.kind == action.choice for o in pl.options):
                return pl.no_retreat or f"{u.name} cannot {action.choice}."
            return ""
        if isinstance(action, OrbitalStrike):
            t = state.find(action.target)
            if t is None or t.destroyed:
                return f"There is no unit {action.target!r} to strike."
            if seat_of(t) == action.player:
                return f"{t.name} is one of your own units."
            if not t.on_table:
                return f"{t.name} is aboard an ornithopter; strike the ornithopter."
            return ""
        return "Unknown action."

    def _why_not_deploy(self, state: PowerSpikeState, action: Deploy) -> str:
        u = state.find(action.unit)
        if u is None or action.unit not in self.to_deploy(state, action.player):
            if u is not None and u.carried_by is not None:
                return f"{u.name} is aboard an ornithopter and is deployed with it."
            if u is not None and u.placed:
                return f"{u.name} is already deployed."
            return f"{action.unit!r} is not one of your units waiting to be deployed."
        if not all(math.isfinite(v) for v in (action.x, action.y, action.facing)):
            return "The position is not a number."
        table = _table(state)
        tray = _tray_at(u, action.x, action.y, action.facing)
        reasons = geo.check_deployment(tray, u.side, _named(state, _board(state.units)), table.terrain, table)
        return f"{u.name} cannot be deployed there: {'; '.join(reasons)}." if reasons else ""

    def _why_not_activate(self, state: PowerSpikeState, uid: str) -> str:
        go = state.go
        assert go is not None
        u = state.find(uid)
        if u is None or u.side != SIDES[go.seat]:
            return f"{uid!r} is not one of your units."
        if u.destroyed:
            return f"{u.name} has been destroyed."
        if uid in go.activated:
            return f"{u.name} has already been activated in this go; a go activates different units."
        if u.activated_last and len(state.living(u.side)) > 1:
            return (f"{u.name} was activated in your previous go; a unit may not be activated in two "
                    f"goes in a row unless it is your only unit.")
        return ""

    def _why_not_move(self, state: PowerSpikeState, action: Move) -> str:
        act = state.activation
        assert act is not None
        if action.unit != act.unit:
            return f"Only the activated unit, {state.unit(act.unit).name}, may move."
        if act.moved:
            return f"{state.unit(act.unit).name} has already moved in this activation."
        problems = self.move_problems(state, action.unit, action.x, action.y, action.facing)
        if problems:
            return f"{state.unit(act.unit).name} cannot move there: {'; '.join(problems)}."
        return ""

    def _why_not_fire(self, state: PowerSpikeState, action: Fire) -> str:
        act, go = state.activation, state.go
        assert act is not None and go is not None
        me = state.unit(act.unit)
        if act.fired:
            return f"{me.name} has already fired in this activation."
        if not action.attackers or action.attackers[0] != act.unit:
            return f"The activated unit, {me.name}, must lead the attack (list it first)."
        if len(set(action.attackers)) != len(action.attackers):
            return "A unit is listed twice among the attackers."
        if me.carried_by is not None:
            return f"{me.name} is aboard an ornithopter; it must get off (move) before it can fire."
        for aid in action.attackers[1:]:
            a = state.find(aid)
            if a is None or a.side != me.side:
                return f"{aid!r} is not one of your units."
            if not a.on_table:
                return f"{a.name} cannot join the attack: it is destroyed or aboard an ornithopter."
            if aid not in go.activated:
                return f"{a.name} cannot join the attack: only units activated in this go may pool their cards."
            if aid in go.fired:
                return f"{a.name} has already fired in this go."
        t = state.find(action.target)
        if t is None or t.destroyed:
            return f"There is no unit {action.target!r} to attack."
        if t.side == me.side:
            return f"{t.name} is on your own side."
        if not t.on_table:
            return f"{t.name} is aboard an ornithopter; attack the ornithopter."
        if tracks_positions(state.setup):
            if action.declared is not None:
                return "Positions are tracked, so ranges are measured, not declared."
            trays = _board(state.units)
            for aid in action.attackers:
                if not self._reaches(state, trays[aid], aid, trays[t.id]):
                    a = state.unit(aid)
                    return (f"{t.name} is out of {a.name}'s range ({_fmt(profile(a).range)}\"; it is "
                            f"{_fmt(geo.distance_in(trays[aid], trays[t.id]))}\" away).")
        else:
            d = action.declared
            if d is not None and any(state.find(x) is None for x in d.near_commander):
                return "A unit declared near its Commander is not in the game."
        return ""

    def _why_not_draw(self, state: PowerSpikeState, action: CombatDraw) -> str:
        c = state.combat
        assert c is not None
        a, t = len(action.attacker_cards), len(action.target_cards)
        who = "The strike" if c.strike is not None else "The attackers"
        if a != c.attacker_entitlement.total:
            return f"{who} draw {c.attacker_entitlement.total} cards, not {a}."
        if t != c.target_entitlement.total:
            return f"The target draws {c.target_entitlement.total} cards, not {t}."
        try:
            state.combat_deck.after_draw(action.attacker_cards + action.target_cards)
        except ValueError as e:
            return f"Those cards cannot have been drawn from the combat deck: {e}."
        return ""

    # --- applying -----------------------------------------------------------------------------------------
    def apply(self, state: PowerSpikeState, action: PowerSpikeAction) -> PowerSpikeState:
        if isinstance(action, Deploy):
            return self._deploy(state, action)
        if isinstance(action, MovementDraw):
            return self._movement_draw(state, action.card)
        if isinstance(action, Activate):
            go = state.go
            assert go is not None
            go = msgspec.structs.replace(go, activated=go.activated + (action.unit,))
            return _rep(state, phase="act", go=go, activation=Activation(action.unit))
        if isinstance(action, EndGo):
            return self._end_go(state)
        if isinstance(action, Move):
            return self._move(state, action)
        if isinstance(action, EndActivation):
            return self._end_activation(state)
        if isinstance(action, Fire):
            go, act = state.go, state.activation
            assert go is not None and act is not None
            combat = self._combat(state, action.attackers, action.target, action.declared)
            go = msgspec.structs.replace(go, fired=go.fired + action.attackers)
            act = msgspec.structs.replace(act, fired=True, step="fired")
            return _rep(state, phase="combat", go=go, activation=act, combat=combat)
        if isinstance(action, CombatDraw):
            return self._resolve(state, action)
        if isinstance(action, TakeLosses):
            return self._take_losses(state, action)
        if isinstance(action, OrbitalStrike):
            return _rep(state, phase="combat", combat=self._strike(state, action.target),
                        oas_strikes=state.oas_strikes[1:])
        raise IllegalAction("Unknown action.", action)

    def _deploy(self, state: PowerSpikeState, action: Deploy) -> PowerSpikeState:
        u = state.unit(action.unit)
        state = _with_unit(state, msgspec.structs.replace(u, x=float(action.x), y=float(action.y),
                                                          facing=float(action.facing) % 360.0))
        other = 1 - action.player
        if self.to_deploy(state, other):
            return _rep(state, deploy_turn=other)
        if self.to_deploy(state, action.player):
            return state
        return self._to_draw(state)

    def _movement_draw(self, state: PowerSpikeState, c: int) -> PowerSpikeState:
        reshuffle = is_joker(c) or len(state.movement_deck.pile) == 1
        deck = state.movement_deck.after_movement_draw(c)
        state = _rep(state, movement_deck=deck, card=c, draws=state.draws + 1,
                     passes=state.passes + (1 if reshuffle else 0), go=None, activation=None)
        meaning = movement_meaning(c)
        if meaning is None:
            return self._to_draw(state)  # the same player draws again
        seat = SIDE_SEAT[meaning.side]
        go = Go(seat, c, meaning.activations, meaning.activations)
        state = _rep(state, drawer=1 - state.drawer, go=go, phase="activate")
        if not self._activatable(state, go):
            return self._end_go(state)
        return state

    def _end_go(self, state: PowerSpikeState) -> PowerSpikeState:
        go = state.go
        assert go is not None
        side = SIDES[go.seat]
        units = tuple(msgspec.structs.replace(u, activated_last=u.id in go.activated) if u.side == side else u
                      for u in state.units)
        return self._to_draw(_rep(state, units=units, activation=None))

    def _to_draw(self, state: PowerSpikeState) -> PowerSpikeState:
        limit = state.setup.passes_limit
        if limit and state.passes >= limit:
            return self._points_end(state)
        return _rep(state, phase="draw", activation=None)

    def _points_end(self, state: PowerSpikeState) -> PowerSpikeState:
        cdc, scs = self.points(state)
        passes = _plural(state.passes, "pass")
        if cdc == scs:
            result = Result((0, 1), True, f"After {passes} of the movement deck both sides have "
                                          f"{cdc} points: a draw.")
        else:
            w = 0 if cdc > scs else 1
            result = Result((w,), False, f"{state.name(w)} ({SIDES[w]}) wins on points after {passes} of "
                                         f"the movement deck, {max(cdc, scs)} to {min(cdc, scs)}.")
        return _rep(state, phase="over", result=result, activation=None)

    def _move(self, state: PowerSpikeState, action: Move) -> PowerSpikeState:
        act = state.activation
        assert act is not None
        u = state.unit(action.unit)
        positions = tracks_positions(state.setup)
        new = msgspec.structs.replace(u, x=float(action.x) if positions else None,
                                      y=float(action.y) if positions else None,
                                      facing=float(action.facing) % 360.0 if positions else u.facing,
                                      carried_by=None)
        state = _with_unit(state, new)
        if u.carried_by is not None:
            carrier = state.unit(u.carried_by)
            state = _with_unit(state, msgspec.structs.replace(
                carrier, carrying=tuple(c for c in carrier.carrying if c != u.id)))
        act = msgspec.structs.replace(act, moved=True, step="moved")
        state = _rep(state, activation=act)
        if act.fired:
            return self._end_activation(state)
        return state

    def _end_activation(self, state: PowerSpikeState) -> PowerSpikeState:
        go = state.go
        assert go is not None
        go = msgspec.structs.replace(go, left=go.left - 1)
        state = _rep(state, go=go, activation=None, phase="activate")
        if go.left <= 0 or not self._activatable(state, go):
            return self._end_go(state)
        return state

    # combat ----------------------------------------------------------------------------------------------
    def _resolve(self, state: PowerSpikeState, action: CombatDraw) -> PowerSpikeState:
        c = state.combat
        assert c is not None
        a_cards, t_cards = tuple(action.attacker_cards), tuple(action.target_cards)
        deck = state.combat_deck.after_draw(a_cards + t_cards).end_combat()
        tgt = state.unit(c.target)
        t_seat = seat_of(tgt)
        a_seat = 1 - t_seat
        a_enemies = len(state.living(SIDES[t_seat]))
        t_enemies = len(state.living(SIDES[a_seat]))
        losses: list[PendingLoss] = []
        if c.strike is not None:
            res = resolve_oas(a_cards, t_cards, striker_enemy_units=a_enemies, target_enemy_units=t_enemies)
            if res.winner == "attacker":
                losses.append(PendingLoss(tgt.id, t_seat, res.options,
                                          no_retreat=f"{tgt.name} is the target of an Orbital Artillery "
                                                     f"Strike and may not retreat: it must hold."))
        else:
            kw = {"attacker_enemy_units": a_enemies, "target_enemy_units": t_enemies,
                  "attacker_in_target_range": c.answering is not None, "in_contact": c.in_contact}
            res = resolve_combat(a_cards, t_cards, **kw)  # type: ignore[arg-type]
            if res.loser_suffers and res.winner is not None:
                loser = tgt.id if res.winner == "attacker" else c.answering
                assert loser is not None
                enemies = c.attackers if loser == tgt.id else (tgt.id,)
                spot, why = self._retreat(state, loser, enemies)
                if why:
                    flag = "target_may_retreat" if loser == tgt.id else "attacker_may_retreat"
                    res = resolve_combat(a_cards, t_cards, **kw, **{flag: False})  # type: ignore[arg-type]
                losses.append(PendingLoss(loser, seat_of(state.unit(loser)), res.options, spot, why))
        state = _rep(state, combat_deck=deck, combat=msgspec.structs.replace(
            c, attacker_cards=a_cards, target_cards=t_cards, result=res))
        if res.tie_losses:
            state = self._lose(state, tgt.id, 1)
            if c.answering is not None:
                state = self._lose(state, c.answering, 1)
        strikes = (a_seat,) * res.attacker_oas + (t_seat,) * res.target_oas
        state = _rep(state, losses=tuple(losses), oas_strikes=state.oas_strikes + strikes)
        return self._after_combat(state)

    def _retreat(self, state: PowerSpikeState, uid: str,
                 enemies: Sequence[str]) -> tuple[tuple[float, float] | None, str]:
        if not tracks_positions(state.setup):
            return None, ""
        spot = self.retreat_position(state, uid, enemies)
        if spot is None:
            u = state.unit(uid)
            return None, (f"{u.name} has no room to retreat a full move ({_fmt(profile(u).move)}\") directly "
                          f"away from the enemy, so it must hold.")
        return spot, ""

    def _lose(self, state: PowerSpikeState, uid: str, n: int) -> PowerSpikeState:
        """Remove n figures (tank last); a lost 'thopter takes its cargo with it."""
        u = state.unit(uid)
        unit = Unit(u.id, u.profile, u.side, u.figures, u.start_figures, u.name, u.carrying)
        out = unit.take_losses(n)
        state = _with_unit(state, msgspec.structs.replace(u, figures=out.unit.figures, carrying=out.unit.cargo))
        for cid in out.cargo_destroyed:
            cargo = state.unit(cid)
            state = _with_unit(state, msgspec.structs.replace(cargo, figures=()))
        return state

    def _take_losses(self, state: PowerSpikeState, action: TakeLosses) -> PowerSpikeState:
        pl = state.losses[0]
        option = next(o for o in pl.options if o.kind == action.choice)
        if action.choice == "retreat" and pl.retreat_to is not None:
            u = state.unit(pl.unit)
            state = _with_unit(state, msgspec.structs.replace(u, x=pl.retreat_to[0], y=pl.retreat_to[1]))
        state = self._lose(state, pl.unit, option.losses)
        return self._after_combat(_rep(state, losses=state.losses[1:]))

    def _after_combat(self, state: PowerSpikeState) -> PowerSpikeState:
        """Victory first; then the loser's choice, the strikes earned, and back to the activation."""
        alive = [bool(state.living(s)) for s in SIDES]
        if not all(alive):
            if not any(alive):
                result = Result((0, 1), True, "Both armies were wiped out in the same combat: a draw.")
            else:
                w = alive.index(True)
                result = Result((w,), False, f"{state.name(w)} ({SIDES[w]}) wins: the {SIDES[1 - w]} "
                                             f"has no units left.")
            return _rep(state, phase="over", result=result, losses=(), oas_strikes=(), activation=None)
        if state.losses:
            return _rep(state, phase="loss")
        if state.oas_strikes:
            return _rep(state, phase="oas")
        act = state.activation
        if act is None or state.unit(act.unit).destroyed or (act.moved and act.fired):
            return self._end_activation(state)
        return _rep(state, phase="act")

    # --- information ----------------------------------------------------------------------------------------
    def view(self, state: PowerSpikeState, player: int | None) -> PowerSpikeState:
        """Power Spike has no secrets: both decks' piles are unordered, so the full state."""
        return state

    def result(self, state: PowerSpikeState) -> Result | None:
        return state.result

    def is_barrier(self, state: PowerSpikeState, action: PowerSpikeAction) -> bool:
        return isinstance(action, (MovementDraw, CombatDraw))

    def phase_text(self, state: PowerSpikeState) -> str:
        phase = state.phase
        if phase == "deploy":
            p = state.deploy_turn
            return (f"Deployment: {state.name(p)} places a {SIDES[p]} unit "
                    f"({len(self.to_deploy(state, p))} to place).")
        if phase == "draw":
            return f"{state.name(state.drawer)} draws from the movement deck."
        if phase == "activate":
            go = state.go
            assert go is not None
            return (f"{state.name(go.seat)}'s go ({card_name(go.card)}): activate a unit "
                    f"({go.left} of {_plural(go.activations, 'activation')} left).")
        if phase == "act":
            act, go = state.activation, state.go
            assert act is not None and go is not None
            u = state.unit(act.unit)
            todo = {"choose": "move and fire, in either order", "moved": "fire or end the activation",
                    "fired": "move or end the activation"}[act.step]
            return f"{state.name(go.seat)}: {u.name} is activated — {todo}."
        if phase == "combat":
            c = state.combat
            assert c is not None
            t = state.unit(c.target)
            if c.strike is not None:
                return (f"Orbital Artillery Strike on {t.name}: draw {OAS_CARDS} cards for the strike and "
                        f"{c.target_entitlement.total} for the target.")
            return (f"Combat: draw {c.attacker_entitlement.total} cards for the attack and "
                    f"{c.target_entitlement.total} for {t.name}.")
        if phase == "loss":
            pl = state.losses[0]
            u = state.unit(pl.unit)
            choices = " or ".join(f"{o.kind} (lose {o.losses})" for o in pl.options)
            return f"{state.name(pl.seat)}: {u.name} lost the combat — {choices}."
        if phase == "oas":
            p = state.oas_strikes[0]
            n = sum(1 for s in state.oas_strikes if s == p)
            return f"{state.name(p)} aims an Orbital Artillery Strike at any enemy unit ({n} to aim)."
        return state.result.summary if state.result else "The game is over."

    # --- chance and random play --------------------------------------------------------------------------------
    def sample_chance(self, state: PowerSpikeState, rng: random.Random) -> PowerSpikeAction:
        if state.phase == "draw":
            return MovementDraw(sample_movement_card(state.movement_deck, rng))
        c = state.combat
        assert state.phase == "combat" and c is not None
        a, t = c.attacker_entitlement.total, c.target_entitlement.total
        drawn = sample_draw(state.combat_deck, a + t, rng)
        return CombatDraw(drawn[:a], drawn[a:])

    def random_action(self, state: PowerSpikeState, rng: random.Random) -> PowerSpikeAction:
        """Purposeful random play: deploy facing the enemy, close in, fire when in range."""
        phase = state.phase
        if phase in ("draw", "combat"):
            return self.sample_chance(state, rng)
        if phase == "deploy":
            return self._random_deploy(state, rng)
        if phase == "act":
            return self._random_act(state, rng)
        legal = self.legal_actions(state)
        if not legal:
            raise IllegalAction("The game is over.")
        if phase == "activate" and len(legal) > 1 and rng.random() < 0.97:
            legal = legal[:-1]  # EndGo only now and then
        return rng.choice(legal)

    def _random_deploy(self, state: PowerSpikeState, rng: random.Random) -> Deploy:
        p = state.deploy_turn
        uid = rng.choice(self.to_deploy(state, p))
        u = state.unit(uid)
        table = _table(state)
        zone = table.zone(u.side).polygon
        enemy = table.zone(SIDES[1 - p]).polygon.centroid
        minx, miny, maxx, maxy = zone.bounds
        others = _named(state, _board(state.units))
        # Square to the table, facing the enemy zone: random trays at odd angles waste room.
        facing = float(round(math.degrees(math.atan2(enemy.y - zone.centroid.y, enemy.x - zone.centroid.x)) / 90)
                       * 90 % 360)
        w, d = profile(u).tray
        half_x, half_y = (d / 2, w / 2) if facing in (0.0, 180.0) else (w / 2, d / 2)
        for _ in range(60):
            x = round(rng.uniform(minx + half_x, maxx - half_x) * 2) / 2
            y = round(rng.uniform(miny + half_y, maxy - half_y) * 2) / 2
            if not geo.check_deployment(_tray_at(u, x, y, facing), u.side, others, table.terrain, table):
                return Deploy(p, uid, x, y, facing)
        # A crowded zone: pack from one corner.
        for j in range(int((maxy - miny) * 4) + 1):
            for i in range(int((maxx - minx) * 4) + 1):
                x, y = minx + half_x + i * 0.25, miny + half_y + j * 0.25
                if not geo.check_deployment(_tray_at(u, x, y, facing), u.side, others, table.terrain, table):
                    return Deploy(p, uid, x, y, facing)
        raise IllegalAction(f"No room found to deploy {u.name}.")

    def _random_act(self, state: PowerSpikeState, rng: random.Random) -> PowerSpikeAction:
        act, go = state.activation, state.go
        assert act is not None and go is not None
        p = go.seat
        me = state.unit(act.unit)
        if not act.fired and me.on_table:
            targets = self.fire_targets(state, (me.id,))
            if targets and rng.random() < 0.9:
                target = rng.choice(targets)
                pool = [a for a in go.activated if a != me.id and a not in go.fired and state.unit(a).on_table
                        and target in self.fire_targets(state, (a,)) and rng.random() < 0.5]
                declared = None
                if not tracks_positions(state.setup):
                    declared = Declared(in_range=rng.random() < 0.6, in_contact=rng.random() < 0.1,
                                        arc=rng.choice(("front", "front", "flank", "rear")),
                                        target_in_cover=rng.random() < 0.3)
                return Fire(p, (me.id, *pool), target, declared)
        if not act.moved and (act.step == "choose" or rng.random() < 0.3):
            move = self._random_move(state, me, rng)
            if move is not None:
                return move
        return EndActivation(p)

    def _random_move(self, state: PowerSpikeState, u: UnitState, rng: random.Random) -> Move | None:
        p = seat_of(u)
        if not tracks_positions(state.setup):
            return Move(p, u.id, 0.0, 0.0, 0.0)
        start = self.unit_tray(state, u.id)
        trays = _board(state.units)
        enemies = [trays[e.id] for e in state.units if e.side != u.side and e.id in trays]
        if not enemies:
            return None
        sx, sy = start.centre
        goal = min(enemies, key=lambda t: math.dist(t.centre, start.centre)).centre
        gap = math.dist(goal, start.centre)
        heading = math.atan2(goal[1] - sy, goal[0] - sx)
        reach = profile(u).move
        for attempt in range(12):
            turn = 0.0 if attempt < 4 else rng.uniform(-1.2, 1.2)
            length = min(reach, max(gap - 3.0, 0.5)) * (1.0, 0.75, 0.5, 0.25)[attempt % 4]
            a = heading + turn
            x, y = sx + math.cos(a) * length, sy + math.sin(a) * length
            facing = round(math.degrees(heading), 1) % 360.0
            if not self.move_problems(state, u.id, x, y, facing):
                return Move(p, u.id, x, y, facing)
        return None

    # --- the log ------------------------------------------------------------------------------------------
    def describe(self, before: PowerSpikeState, action: PowerSpikeAction, after: PowerSpikeState) -> str:
        s = before
        tail = self._ending(after) if before.result is None else ""
        if isinstance(action, Deploy):
            u = s.unit(action.unit)
            aboard = [after.unit(c).name for c in u.carrying]
            extra = f", carrying {', '.join(aboard)}" if aboard else ""
            line = (f"{s.name(action.player)} deploys {u.name} at ({_fmt(action.x)}\", {_fmt(action.y)}\") "
                    f"facing {_fmt(action.facing % 360)}°{extra}.")
            if after.phase == "draw":
                line += " Deployment is complete; the movement deck decides who goes."
            return line + tail
        if isinstance(action, MovementDraw):
            return self._describe_draw(s, action.card, after) + tail
        if isinstance(action, Activate):
            go = after.go
            assert go is not None
            u = s.unit(action.unit)
            where = f" (aboard {s.unit(u.carried_by).name})" if u.carried_by else ""
            return (f"{s.name(action.player)} activates {u.name}{where} — activation {len(go.activated)} "
                    f"of {go.activations}.")
        if isinstance(action, EndGo):
            go = s.go
            assert go is not None
            return f"{s.name(action.player)} ends the go with {_plural(go.left, 'activation')} unused." + tail
        if isinstance(action, Move):
            u = s.unit(action.unit)
            if not tracks_positions(s.setup):
                line = f"{u.name} moves."
            else:
                start = self.unit_tray(s, u.id).centre
                line = (f"{u.name} moves {_fmt(math.dist(start, (action.x, action.y)))}\" to "
                        f"({_fmt(action.x)}\", {_fmt(action.y)}\") facing {_fmt(action.facing % 360)}°.")
            if u.carried_by is not None:
                line = line[:-1] + f", getting off {s.unit(u.carried_by).name}."
            if u.carrying:
                line = line[:-1] + f", carrying {', '.join(s.unit(c).name for c in u.carrying)}."
            return line + self._activation_over(s, after) + tail
        if isinstance(action, EndActivation):
            assert s.activation is not None
            name = s.unit(s.activation.unit).name
            return f"{name} ends its activation." + self._activation_over(s, after) + tail
        if isinstance(action, Fire):
            c = after.combat
            assert c is not None
            names = " and ".join(s.unit(a).name for a in action.attackers)
            t = s.unit(action.target)
            how = "assaults" if c.in_contact else "fires at"
            line = (f"{names} {how} {t.name}: the attack draws {self._draws(c.attacker_entitlement)}, "
                    f"the target {self._draws(c.target_entitlement)}.")
            if c.notes:
                line += " Extra cards: " + "; ".join(c.notes) + "."
            if c.answering is None:
                line += f" The attackers are out of {t.name}'s range: no fire exchange."
            return line
        if isinstance(action, CombatDraw):
            return self._describe_combat(s, after) + tail
        if isinstance(action, TakeLosses):
            return self._describe_losses(s, action, after) + tail
        if isinstance(action, OrbitalStrike):
            c = after.combat
            assert c is not None
            t = s.unit(action.target)
            line = (f"{s.name(action.player)} calls an Orbital Artillery Strike on {t.name}: {OAS_CARDS} cards "
                    f"against {self._draws(c.target_entitlement)} (no cover card, no retreat).")
            return line + (" Extra cards: " + "; ".join(c.notes) + "." if c.notes else "")
        return str(action)

    def _draws(self, e: DrawEntitlement) -> str:
        if not e.extras:
            return _plural(e.total, "card")
        return f"{_plural(e.total, 'card')} ({e.base} + {len(e.extras)} extra)"

    def _ending(self, after: PowerSpikeState) -> str:
        return f" {after.result.summary}" if after.result is not None else ""

    def _activation_over(self, before: PowerSpikeState, after: PowerSpikeState) -> str:
        if after.phase == "draw" or after.phase == "over":
            return " The go is over."
        if after.phase == "activate" and after.go is not None:
            return f" {_plural(after.go.left, 'activation')} left in this go."
        return ""

    def _describe_draw(self, s: PowerSpikeState, c: int, after: PowerSpikeState) -> str:
        who = s.name(s.drawer)
        if is_joker(c):
            return (f"{who} draws a Joker: the movement deck is reshuffled (pass {after.passes} ends) and "
                    f"{who} draws again.")
        meaning = movement_meaning(c)
        assert meaning is not None
        seat = SIDE_SEAT[meaning.side]
        line = (f"{who} draws the {card_name(c)}: the {meaning.side}'s go ({s.name(seat)}), "
                f"{_plural(meaning.activations, 'activation')}.")
        if len(s.movement_deck.pile) == 1:
            line += f" That was the last card: the deck is reshuffled (pass {after.passes} ends)."
        if after.phase != "activate" and after.result is None:
            line += (f" No {meaning.side} unit may be activated (all were activated in the side's previous go), "
                     f"so the go is lost.")
        return line

    def _describe_combat(self, s: PowerSpikeState, after: PowerSpikeState) -> str:
        c = after.combat
        assert c is not None and c.result is not None
        r = c.result
        t = s.unit(c.target)
        atk = "The strike" if c.strike is not None else "The attack"

        def hand(cards_: tuple[int, ...], h: Hand) -> str:
            value = f"best {card_name(h.best)} ({h.value})" if h.best is not None else "no number: 0"
            return f"{cards_text(cards_)}, {value}"

        line = f"{atk} draws {hand(c.attacker_cards, r.attacker)}; {t.name} draws {hand(c.target_cards, r.target)}."
        if r.winner is None:
            if r.tie_losses:
                ans = s.unit(c.answering).name if c.answering else "the attacker"
                line += f" A tie within range of each other: {t.name} and {ans} each lose a figure."
            else:
                line += " A tie" + (": a strike tie does nothing." if c.strike is not None
                                    else ", but not in range of each other: no effect.")
        else:
            assert r.band is not None
            winner = (atk[4:] if r.winner == "attacker" else t.name)
            line += f" {winner[0].upper() + winner[1:]} wins by {r.difference} (row {r.band.label})."
            if not r.loser_suffers:
                line += (" The strike has nobody to hit back: nothing happens." if c.strike is not None
                         else " The attackers were out of the target's range: the attack simply fails.")
            elif after.losses:
                pl = after.losses[0]
                u = after.unit(pl.unit)
                opts = " or ".join(f"{o.kind} and lose {o.losses}" for o in pl.options)
                line += f" {u.name} must {'choose: ' if len(pl.options) > 1 else ''}{opts}."
                if pl.no_retreat:
                    line += f" ({pl.no_retreat})"
        earned = len(after.oas_strikes) - len(s.oas_strikes)
        if earned > 0:
            for whose, n in ((atk.lower(), r.attacker_oas), (t.name, r.target_oas)):
                if n:
                    line += f" Jokers: {whose}'s side earns {_plural(n, 'Orbital Artillery Strike')}."
        line += self._losses_text(s, after)
        return line

    def _losses_text(self, s: PowerSpikeState, after: PowerSpikeState) -> str:
        out = []
        for b in s.units:
            a = after.unit(b.id)
            lost = len(b.figures) - len(a.figures)
            if lost > 0:
                if a.destroyed and b.carried_by is not None:
                    out.append(f"{b.name} is lost with its 'thopter")
                elif a.destroyed:
                    out.append(f"{b.name} is destroyed")
                else:
                    out.append(f"{b.name} loses {_plural(lost, 'figure')} ({len(a.figures)} left)")
        return (" " + "; ".join(out) + ".") if out else ""

    def _describe_losses(self, s: PowerSpikeState, action: TakeLosses, after: PowerSpikeState) -> str:
        pl = s.losses[0]
        u = s.unit(pl.unit)
        option = next(o for o in pl.options if o.kind == action.choice)
        if action.choice == "retreat":
            where = f" to ({_fmt(pl.retreat_to[0])}\", {_fmt(pl.retreat_to[1])}\")" if pl.retreat_to else ""
            line = f"{u.name} retreats a full move{where}"
        else:
            line = f"{u.name} holds its ground"
        if option.losses == 0:
            return line + " without loss." + self._activation_over(s, after)
        return line + ":" + self._losses_text(s, after) + self._activation_over(s, after)


GAME = PowerSpikeGame()
