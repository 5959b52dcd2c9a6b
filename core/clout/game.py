"""Clout Fantasy (2 players): throwing chips, every ability in the rulebook's order, scoring.

API for views (names are stable):
- `GAME` (CloutGame), setup `CloutSetup(players, mode, stacks, area, increments_cm, skills_cm)`;
  stacks are ready-stack ids (`core.clout.stacks.ready_stacks()`) or embedded `custom_stacks`.
- State `CloutState`: `chips` (OnArea: uid, x, y, trapped_by, possessed_by, marked) in arrival
  order; `stacks`/`discards` per player (uids); `state.kind(uid)` -> catalogue id (a uid is
  "player.index"); `phase` in choose | throw | land | precision | resolve | over; `turn`;
  `ctx` (the chip being thrown); `slots` (pending decisions, each with `id`, `source`,
  `ability`, `decider`, `options`, `count`, `optional`, `needs_point`, `prompt`, `kind`:
  "conflict" for a chip claimed twice, whose `options` are the competing sources); `notes`
  (what the last action did, plain words); `result`.
- Actions: `ThrowChip(player, chip, x, y, strength)` (aim; also rethrows for precision,
  aversion, rethrow, reanimate), `PlaceChip(player, chip, x, y)`, `ReplaceChip(player, chip,
  target)`, `DiscardChip(player, chip)` (unable to play), `Keep(player)` (accept a landing
  instead of a precision rethrow), `Choose(player, slot, use, targets, x, y)` (answer a slot),
  and chance `Landed(chip, spots, out)` (the settled table; table mode enters it by hand).
- Helpers: `GAME.board(state)` (abilities.Board: ranges, control, defense...),
  `GAME.playable(state, player)` -> {uid: ways}, `GAME.scores(state)` -> per-chip ChipScore,
  `GAME.totals(state)`, `GAME.throw_origin(state, player)`, `GAME.phase_text(state)`.

The resolution order is the rulebook's: continuous effects are derived live (abilities.py);
after a chip comes to rest its movement abilities resolve one at a time in the order the
player picks; then every other activating ability (and every triggered ambush, poison, bomb)
is declared with its targets, counterattacks are declared against the declared attacks, the
turn's player settles any chip claimed by two traps or two possessions (stage "settle"), and
all apply together, removals last (measured as declared, so their order never matters); then rally abilities queue new rounds, each resolved
separately. Rulings are in resources/notes/clout.md.
"""
from __future__ import annotations

import functools
import math
import random
from typing import Literal

import msgspec

from core.clout import throwing
from core.clout.abilities import Board, optional
from core.clout.catalogue import ABILITIES, Ability, Catalogue, default_catalogue
from core.clout.geometry import inside_area, wholly_inside
from core.clout.scoring import ChipScore, score_board, totals
from core.clout.stacks import Stack, problems, ready_stacks
from core.errors import IllegalAction, IllegalSetup
from core.game import (
    Rules,
    CHANCE,
    Action,
    Actor,
    Mode,
    PlayerSetup,
    Result,
    validate_mode,
    validate_players,
)
from maps.clout.areas import PlayArea, available_areas, load_area, range_increment_cm

PLAYERS = 2
DEFAULT_COLOURS = ("#15803d", "#111827")
DEFAULT_STACKS = ("elves-greenwood-vanguard", "undead-grave-legion")
THROW_DISTANCE_CM = 30.0  # players stand this far outside the area's edge (invented)
MOVEMENT = ("move", "push", "exchange", "attract", "repulse")
DECLARED = ("strike", "siege", "possess", "trap", "destroy", "raze", "poison", "bomb")
ATTACKS = ("strike", "siege", "ambush", "counterattack")
RALLY = ("command", "rethrow", "reanimate")
TIE_CM = 1e-6  # two chips this close in distance are equally near (destroy, raze: closer first)


class CloutSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    players: tuple[PlayerSetup, ...]
    mode: Mode = "simulated"
    stacks: tuple[str, ...] = DEFAULT_STACKS  # ready-stack ids, one per player
    custom_stacks: tuple[Stack | None, ...] = ()  # an embedded stack wins over the id
    area: str = "standard"
    increments_cm: tuple[float, ...] = ()  # per player (handicap); empty: the area's default
    skills_cm: tuple[float, ...] = ()  # throw scatter per player; empty: club players
    first_player: int = 0


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
    chip: str
    spots: tuple[Spot, ...]  # the thrown chip (unless out) and every chip it knocked
    out: bool = False


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
    chips: tuple[str, ...]
    no_rally: bool = False
    throw: str | None = None  # a rally throw comes first (rethrow, reanimate)


class Slot(msgspec.Struct, frozen=True):
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
    extra: tuple[str, ...] = ()  # reanimate: troops in the discard stack
    value: int = 0
    prompt: str = ""
    kind: Literal["", "conflict"] = ""  # conflict: `options` are the sources competing for `subject`


class Decl(msgspec.Struct, frozen=True):
    source: str
    ability: str
    targets: tuple[str, ...]
    value: int = 0
    ignores: tuple[str, ...] = ()
    remove_self: bool = False


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
    notes: tuple[str, ...] = ()
    result: Result | None = None

    def kind(self, uid: str) -> str:
        p, k = uid.split(".")
        return self.kinds[int(p)][int(k)]

    def name(self, player: int) -> str:
        return self.setup.players[player].name

    def on_area(self, uid: str) -> OnArea | None:
        return next((c for c in self.chips if c.uid == uid), None)


def _rep(s: CloutState, **kw: object) -> CloutState:
    return msgspec.structs.replace(s, **kw)


def _owner(uid: str) -> int:
    return int(uid.split(".")[0])


@functools.lru_cache(maxsize=16)
def _area(name: str) -> PlayArea:
    return load_area(name)


def setup_stacks(setup: CloutSetup) -> list[Stack | None]:
    ready = ready_stacks()
    out: list[Stack | None] = []
    for p in range(len(setup.players)):
        custom = setup.custom_stacks[p] if p < len(setup.custom_stacks) else None
        key = setup.stacks[p] if p < len(setup.stacks) else None
        out.append(custom if custom is not None else ready.get(key or ""))
    return out


def increments(setup: CloutSetup) -> tuple[float, ...]:
    default = range_increment_cm(_area(setup.area))
    return tuple(setup.increments_cm[p] if p < len(setup.increments_cm) else default
                 for p in range(len(setup.players)))


class CloutGame(Rules):
    id = "clout"
    title = "Clout Fantasy"
    setup_type = CloutSetup
    action_type = CloutAction
    state_type = CloutState

    @property
    def catalogue(self) -> Catalogue:
        return default_catalogue()

    # --- setup ------------------------------------------------------------------------------------
    def default_setup(self, players: int | None = None) -> CloutSetup:
        n = PLAYERS if players is None else players
        return CloutSetup(tuple(PlayerSetup(f"Player {i + 1}", DEFAULT_COLOURS[i % 2]) for i in range(n)))

    def validate_setup(self, setup: CloutSetup) -> None:
        validate_players(setup.players, self.title, PLAYERS, PLAYERS)
        validate_mode(setup.mode)
        if setup.area not in available_areas():
            raise IllegalSetup(f"There is no playing area {setup.area!r} (choose one of {', '.join(available_areas())}).")
        for p, stack in enumerate(setup_stacks(setup)):
            if stack is None:
                key = setup.stacks[p] if p < len(setup.stacks) else "(none)"
                raise IllegalSetup(f"{setup.players[p].name} has no stack: there is no ready stack {key!r} "
                                   f"(choose one of {', '.join(ready_stacks())}).")
            bad = problems(stack, self.catalogue)
            if bad:
                raise IllegalSetup(f"{setup.players[p].name}'s stack is not legal: {bad[0]}")
        for label, values in (("range increment", setup.increments_cm), ("throw scatter", setup.skills_cm)):
            if values and (len(values) != len(setup.players) or any(not (0 <= v < 1000) for v in values)):
                raise IllegalSetup(f"Give one {label} per player, in centimetres (0 to 1000).")
        if any(v <= 0 for v in setup.increments_cm):
            raise IllegalSetup("A range increment must be more than 0 cm.")
        if not 0 <= setup.first_player < len(setup.players):
            raise IllegalSetup("The first player must be one of the players.")

    def mode(self, setup: CloutSetup) -> Mode:
        return setup.mode

    def new(self, setup: CloutSetup) -> CloutState:
        stacks = setup_stacks(setup)
        kinds = tuple(tuple(s.chips) for s in stacks if s is not None)
        uids = tuple(tuple(f"{p}.{k}" for k in range(len(kinds[p]))) for p in range(len(kinds)))
        n = len(kinds)
        return CloutState(setup, kinds, uids, ((),) * n, turn=setup.first_player,
                          first_done=(False,) * n)

    # --- reading ------------------------------------------------------------------------------------
    def board(self, state: CloutState) -> Board:
        return Board(state, self.catalogue, _area(state.setup.area), increments(state.setup))

    def area(self, state: CloutState) -> PlayArea:
        return _area(state.setup.area)

    def scores(self, state: CloutState) -> list[ChipScore]:
        return score_board(self.board(state), state.last_thrown)

    def totals(self, state: CloutState) -> tuple[int, ...]:
        return totals(self.scores(state), len(state.setup.players))

    def throw_origin(self, state: CloutState, player: int) -> tuple[float, float]:
        """Players stand evenly around the area; seat 0 at the bottom edge."""
        minx, miny, maxx, maxy = self.area(state).bounds_cm
        cx, cy = (minx + maxx) / 2, (miny + maxy) / 2
        r = max(maxx - minx, maxy - miny) / 2 + THROW_DISTANCE_CM
        ang = math.pi / 2 + 2 * math.pi * player / len(state.setup.players)
        return (cx + r * math.cos(ang), cy + r * math.sin(ang))

    def playable(self, state: CloutState, player: int) -> dict[str, tuple[str, ...]]:
        """Stack chips the player may put into play now and how: throw, place, replace."""
        b = self.board(state)
        in_play = {state.kind(u) for u in b.on}
        out: dict[str, tuple[str, ...]] = {}
        for uid in state.stacks[player]:
            chip = b.cat.chip(state.kind(uid))
            if not state.first_done[player] and chip.type != "base":
                continue
            if chip.unique and chip.id in in_play:
                continue
            if chip.has("replace"):
                if any(b.controller(u) == player and not b.stopped_at(b.pos(u), player, uid) for u in b.on):
                    out[uid] = ("replace",)
                continue
            out[uid] = ("throw", "place") if chip.has("place") else ("throw",)
        return out

    def actor(self, state: CloutState) -> Actor:
        if state.phase == "over":
            return None
        if state.phase == "land":
            return CHANCE
        if state.phase == "resolve" and state.slots:
            mine = [s for s in state.slots if s.decider == state.turn]
            return state.turn if mine else state.slots[0].decider
        return state.turn

    def legal_actions(self, state: CloutState) -> list[CloutAction] | None:
        if state.phase == "over":
            return []
        if state.phase == "choose" and not self.playable(state, state.turn):
            return [DiscardChip(state.turn, u) for u in state.stacks[state.turn]]
        return None

    # --- validation --------------------------------------------------------------------------------
    def validate(self, state: CloutState, action: CloutAction) -> None:
        why = self._why_not(state, action)
        if why:
            raise IllegalAction(why, action)

    def _why_not(self, s: CloutState, a: CloutAction) -> str:
        actor = self.actor(s)
        if isinstance(a, Landed):
            if actor != CHANCE:
                return "no chip is in the air"
            return self._why_not_landed(s, a)
        if actor == CHANCE:
            return "the thrown chip has not landed yet"
        if a.player != actor:
            return f"it is {s.name(actor)}'s decision, not {s.name(a.player)}'s" if isinstance(actor, int) \
                else "nobody acts now"
        if isinstance(a, Choose):
            return self._why_not_choose(s, a)
        if isinstance(a, Keep):
            return "" if s.phase == "precision" else "there is no landing to keep"
        if isinstance(a, ThrowChip):
            if not (0.0 <= a.strength <= 1.0) or not (math.isfinite(a.x) and math.isfinite(a.y)):
                return "aim at a point with a strength from 0 to 1"
            if s.phase in ("throw", "precision"):
                return "" if s.ctx and a.chip == s.ctx.chip else "that is not the chip to throw"
            if s.phase != "choose":
                return "this is not the time to throw"
            ways = self.playable(s, a.player).get(a.chip)
            if ways is None:
                return self._why_unplayable(s, a.player, a.chip)
            return "" if "throw" in ways else "this chip is not thrown: it replaces one of your chips"
        if isinstance(a, PlaceChip):
            if s.phase != "choose":
                return "this is not the time to place a chip"
            ways = self.playable(s, a.player).get(a.chip)
            if ways is None:
                return self._why_unplayable(s, a.player, a.chip)
            if "place" not in ways:
                return "only a chip with Place may be placed"
            b = self.board(s)
            pt = (a.x, a.y)
            if not wholly_inside(pt, b.area):
                return "place the chip wholly on the playing area"
            if not b.free_spot(pt):
                return "another chip is in the way there"
            if b.stopped_at(pt, a.player, a.chip):
                return "a chip with Stop reaches that spot: Place cannot be used there (throw it instead)"
            return ""
        if isinstance(a, ReplaceChip):
            if s.phase != "choose":
                return "this is not the time to replace a chip"
            ways = self.playable(s, a.player).get(a.chip)
            if ways is None or "replace" not in ways:
                return "only a chip with Replace may replace another" if ways is not None \
                    else self._why_unplayable(s, a.player, a.chip)
            b = self.board(s)
            if a.target not in b.on or b.controller(a.target) != a.player:
                return "replace one of your own chips on the area"
            if b.stopped_at(b.pos(a.target), a.player, a.chip):
                return "a chip with Stop reaches that chip: Replace cannot be used there"
            return ""
        if isinstance(a, DiscardChip):
            if s.phase != "choose":
                return "this is not the time to discard"
            if self.playable(s, a.player):
                return "you can still play a chip"
            return "" if a.chip in s.stacks[a.player] else "that chip is not in your stack"
        return "unknown action"

    def _why_unplayable(self, s: CloutState, player: int, uid: str) -> str:
        if uid not in s.stacks[player]:
            return "that chip is not in your stack"
        chip = self.catalogue.chip(s.kind(uid))
        if not s.first_done[player] and chip.type != "base":
            return "your first chip must be one of your bases"
        if chip.unique:
            return f"another {chip.name} is on the area (Unique)"
        return f"{chip.name} has nothing to replace"

    def _why_not_landed(self, s: CloutState, a: Landed) -> str:
        assert s.ctx is not None
        if a.chip != s.ctx.chip:
            return "that is not the chip in the air"
        area = self.area(s)
        seen = set()
        on = {c.uid for c in s.chips}
        for sp in a.spots:
            if sp.chip in seen:
                return "a chip is given twice"
            seen.add(sp.chip)
            if sp.chip != a.chip and sp.chip not in on:
                return f"chip {sp.chip} is not on the area"
            if not (math.isfinite(sp.x) and math.isfinite(sp.y)):
                return "positions must be numbers"
            if not inside_area((sp.x, sp.y), area):
                return "a chip in play must touch the playing area"
        if a.out == (a.chip in seen):
            return "a chip that went out has no position" if a.out else "say where the thrown chip landed"
        return ""

    def _slot(self, s: CloutState, sid: int) -> Slot | None:
        return next((x for x in s.slots if x.id == sid), None)

    def _why_not_choose(self, s: CloutState, a: Choose) -> str:
        if s.phase != "resolve":
            return "there is nothing to decide"
        slot = self._slot(s, a.slot)
        if slot is None:
            return "there is no such decision pending"
        if slot.decider != a.player:
            return "that decision is not yours"
        if not a.use:
            return "" if slot.optional else f"{ABILITIES[slot.ability].name} must be used"
        if slot.fixed:
            return ""
        b = self.board(s)
        name = slot.ability
        if name == "reanimate":
            if len(a.targets) != 2 or a.targets[0] not in slot.options or a.targets[1] not in slot.extra:
                return "choose one of your troops in range to remove and a troop from your discard stack"
            return ""
        if len(set(a.targets)) != len(a.targets) or any(t not in slot.options for t in a.targets):
            return "choose among the chips offered"
        if name == "command":
            if not 1 <= len(a.targets) <= slot.count:
                return f"choose 1 to {slot.count} chips (or decline)"
        elif name in ("attract", "repulse", "trap", "destroy", "raze"):
            need = min(slot.count, len(slot.options))
            if len(a.targets) != need:
                return f"choose {need} chip{'s' if need != 1 else ''}"
        elif slot.options and len(a.targets) != 1:
            return "choose one chip"
        if slot.needs_point:
            if a.x is None or a.y is None:
                return "say where the chip goes"
            mover = a.targets[0] if name == "push" else slot.source
            pt = (a.x, a.y)
            limit = slot.value * b.increment(b.controller(slot.source))
            if math.dist(pt, b.pos(mover)) > limit + 1e-6:
                return f"that is farther than {slot.value} range increment{'s' if slot.value != 1 else ''}"
            if not wholly_inside(pt, b.area):
                return "the chip must end wholly on the playing area"
            if not b.free_spot(pt, (mover,)):
                return "another chip is in the way there"
        return ""

    # --- applying ----------------------------------------------------------------------------------
    def apply(self, state: CloutState, action: CloutAction) -> CloutState:
        s = _rep(state, notes=())
        if isinstance(action, ThrowChip):
            return self._throw(s, action)
        if isinstance(action, Landed):
            return self._landed(s, action)
        if isinstance(action, Keep):
            return self._activate_thrown(_rep(s, notes=(f"{s.name(action.player)} keeps the throw",)))
        if isinstance(action, PlaceChip):
            return self._put(s, action.player, action.chip, (action.x, action.y), "places")
        if isinstance(action, ReplaceChip):
            b = self.board(s)
            pt = b.pos(action.target)
            s = self._remove(s, (action.target,), "replaced")
            return self._put(s, action.player, action.chip, pt, "replaces with")
        if isinstance(action, DiscardChip):
            name = self.catalogue.chip(s.kind(action.chip)).name
            p = action.player
            s = _rep(s, stacks=_without(s.stacks, p, action.chip), discards=_with(s.discards, p, action.chip),
                     revealed=tuple(sorted(set(s.revealed) | {p})),
                     notes=(f"{s.name(p)} cannot play any chip: reveals the stack and discards {name}",))
            return self._next_turn(s)
        if isinstance(action, Choose):
            return self._choose(s, action)
        raise IllegalAction("unknown action", action)

    def _throw(self, s: CloutState, a: ThrowChip) -> CloutState:
        aim = (a.x, a.y, a.strength)
        if s.phase == "choose":
            chip = self.catalogue.chip(s.kind(a.chip))
            ctx = ThrowCtx(a.chip, "turn", aim)
            name = chip.name
        else:
            assert s.ctx is not None
            ctx = _rep_ctx(s.ctx, aim=aim)
            if s.phase == "precision":
                ctx = _rep_ctx(ctx, precision_left=ctx.precision_left - 1)
            name = self.catalogue.chip(s.kind(a.chip)).name
        return _rep(s, ctx=ctx, phase="land", notes=(f"{s.name(a.player)} throws {name}",))

    def _put(self, s: CloutState, player: int, uid: str, pt: tuple[float, float], verb: str) -> CloutState:
        """Place and replace: the chip is put down, not thrown (no precision, no aversion)."""
        name = self.catalogue.chip(s.kind(uid)).name
        s = _rep(s, stacks=_without(s.stacks, player, uid), chips=s.chips + (OnArea(uid, pt[0], pt[1]),),
                 first_done=_set(s.first_done, player, True), last_thrown=uid,
                 notes=s.notes + (f"{s.name(player)} {verb} {name}",))
        return self._start_round(_rep(s, rounds=(Round((uid,)),) + s.rounds, ctx=None))

    def _landed(self, s: CloutState, a: Landed) -> CloutState:
        assert s.ctx is not None
        ctx = s.ctx
        uid = a.chip
        p = _owner(uid)
        name = self.catalogue.chip(s.kind(uid)).name
        moved = {sp.chip: (sp.x, sp.y) for sp in a.spots}
        old = s.on_area(uid)
        chips = tuple(msgspec.structs.replace(c, x=moved[c.uid][0], y=moved[c.uid][1]) if c.uid in moved else c
                      for c in s.chips if c.uid != uid)
        stacks, discards = s.stacks, s.discards
        if uid in stacks[p]:
            stacks = _without(stacks, p, uid)
        if uid in discards[p]:
            discards = _without(discards, p, uid)
        knocked = sum(1 for c in moved if c != uid)
        extra = f", knocking {knocked} chip{'s' if knocked != 1 else ''}" if knocked else ""
        first_done = _set(s.first_done, p, True) if ctx.purpose == "turn" else s.first_done
        if a.out:
            s = _rep(s, chips=chips, stacks=stacks, discards=_with(discards, p, uid), first_done=first_done,
                     last_thrown=uid, ctx=None,
                     notes=s.notes + (f"{name} ends outside the area{extra}: removed without activating",))
            s = self._clear_links(s, (uid,))
            return self._next_round_or_end(s)
        keep = old if old is not None else OnArea(uid, 0, 0)
        here = msgspec.structs.replace(keep, x=moved[uid][0], y=moved[uid][1])
        s = _rep(s, chips=chips + (here,), stacks=stacks, discards=discards, first_done=first_done,
                 last_thrown=uid, notes=s.notes + (f"{name} lands at ({here.x:.1f}, {here.y:.1f}) cm{extra}",))
        b = self.board(s)
        if ctx.first_landing:
            prec = b.ability(uid, "precision")
            ctx = _rep_ctx(ctx, first_landing=False,
                           precision_left=prec.value or 0 if prec and b.usable(uid, prec) else 0)
        if not ctx.aversion_used and b.chip(uid).type == "troop" and not b.immune(uid, "aversion"):
            me = b.controller(uid)
            for o in b.on:
                av = b.ability(o, "aversion")
                if o != uid and av and b.controller(o) != me and b.usable(o, av) and b.within(o, uid):
                    return _rep(s, ctx=_rep_ctx(ctx, aversion_used=True), phase="throw",
                                notes=s.notes + (f"{b.chip(o).name}'s Aversion: {name} must be thrown again",))
        if ctx.precision_left > 0 and not b.stopped(uid):
            return _rep(s, ctx=ctx, phase="precision")
        return self._activate_thrown(_rep(s, ctx=ctx))

    def _activate_thrown(self, s: CloutState) -> CloutState:
        assert s.ctx is not None
        r = Round((s.ctx.chip,), no_rally=s.ctx.purpose == "rally")
        return self._start_round(_rep(s, ctx=None, rounds=(r,) + s.rounds))

    # --- rounds of activation ----------------------------------------------------------------------
    def _next_round_or_end(self, s: CloutState) -> CloutState:
        if s.rounds:
            return self._start_round(s)
        return self._end_turn(s)

    def _start_round(self, s: CloutState) -> CloutState:
        r, rest = s.rounds[0], s.rounds[1:]
        if r.throw is not None:
            return _rep(s, rounds=rest, round=None, phase="throw", stage="",
                        ctx=ThrowCtx(r.throw, "rally"))
        s = _rep(s, rounds=rest, round=r, phase="resolve", stage="movement", decls=(), new_rounds=())
        return self._proceed(self._movement_slots(s))

    def _proceed(self, s: CloutState) -> CloutState:
        while True:
            s = self._auto(s)
            if s.slots:
                return s
            if s.stage == "movement":
                s = self._declare_slots(s)
            elif s.stage == "declare":
                s = self._counter_slots(s)
            elif s.stage == "counter":
                s = self._conflict_slots(s)
            elif s.stage == "settle":
                s = self._rally_slots(self._apply_declared(s))
            else:
                s = _rep(s, rounds=s.new_rounds + s.rounds, new_rounds=(), round=None, stage="")
                return self._next_round_or_end(s)

    def _add_slots(self, s: CloutState, slots: list[Slot], stage: Stage) -> CloutState:
        numbered = tuple(msgspec.structs.replace(x, id=s.next_slot + i) for i, x in enumerate(slots))
        return _rep(s, slots=s.slots + numbered, next_slot=s.next_slot + len(slots), stage=stage)

    def _auto(self, s: CloutState) -> CloutState:
        """Resolve decisions that are no decision: compulsory, with exactly what the rules give."""
        while True:
            for slot in s.slots:
                if slot.optional or slot.needs_point:
                    continue
                if slot.fixed or slot.ability in ("attract", "repulse", "trap") and len(slot.options) <= slot.count \
                        or len(slot.options) == 1 and slot.ability not in ("reanimate",) \
                        or slot.ability == "reanimate" and len(slot.options) == 1 and len(slot.extra) == 1:
                    targets = slot.options[:slot.count] if slot.ability != "reanimate" else slot.options + slot.extra
                    s = self._resolve(s, slot, True, tuple(targets), None)
                    break
            else:
                return s

    def _chip_name(self, s: CloutState, uid: str) -> str:
        return self.catalogue.chip(s.kind(uid)).name

    def _prompt(self, s: CloutState, uid: str, a: Ability, words: str) -> str:
        return f"{self._chip_name(s, uid)}: {ABILITIES[a.name].name}{f' {a.value}' if a.value else ''} — {words}"

    def _movement_slots(self, s: CloutState) -> CloutState:
        assert s.round is not None
        b = self.board(s)
        slots: list[Slot] = []
        for uid in s.round.chips:
            if uid not in b.on:
                continue
            stopped = b.stopped(uid)
            for a in b.abilities(uid):
                if a.name not in MOVEMENT or not b.usable(uid, a):
                    continue
                if stopped:
                    s = _rep(s, notes=s.notes + ((f"{self._chip_name(s, uid)} is within range of Stop: "
                                                 f"{ABILITIES[a.name].name} cannot be used"),))
                    continue
                opts = () if a.name == "move" else tuple(b.targets(uid, a, exclude=(uid,)))
                if a.name != "move" and not opts:
                    continue
                words = {"move": "move this chip (drag it) or decline",
                         "push": "choose one of your chips to move and where",
                         "exchange": "choose a chip to swap places with, or decline",
                         "attract": f"choose {a.value} troop(s) to pull in",
                         "repulse": f"choose {a.value} troop(s) to push away"}[a.name]
                slots.append(Slot(0, uid, a.name, b.controller(uid), opts, a.value or 1, optional(a),
                                  a.name in ("move", "push"), value=a.value or 0,
                                  prompt=self._prompt(s, uid, a, words)))
        return self._add_slots(s, slots, "movement")

    def _declare_slots(self, s: CloutState) -> CloutState:
        assert s.round is not None
        b = self.board(s)
        slots: list[Slot] = []
        activated = [u for u in s.round.chips if u in b.on]
        for uid in activated:
            for a in b.abilities(uid):
                if a.name not in DECLARED or not b.usable(uid, a):
                    continue
                slot = self._declared_slot(s, b, uid, a, resting=None)
                if slot:
                    slots.append(slot)
        resting = [u for u in activated if b.chip(u).type != "action"]
        for src in b.on:
            for a in b.abilities(src):
                if a.name not in ("ambush", "poison", "bomb") or not b.usable(src, a):
                    continue
                if a.name != "ambush" and src in activated:
                    continue
                if a.name == "ambush":
                    for t in resting:
                        if t in b.targets(src, a):
                            v = b.attack_value(src, a)
                            slots.append(Slot(0, src, "ambush", b.controller(src), (t,), 1, optional(a),
                                              fixed=True, subject=t, value=v,
                                              prompt=self._prompt(s, src, a, f"ambush {self._chip_name(s, t)} "
                                                                  f"(defense {b.defense(t, a.ignores)} vs {v})?")))
                else:
                    slot = self._declared_slot(s, b, src, a, resting=resting)
                    if slot:
                        slots.append(slot)
        return self._add_slots(s, slots, "declare")

    def _declared_slot(self, s: CloutState, b: Board, uid: str, a: Ability, resting: list[str] | None) -> Slot | None:
        me = b.controller(uid)
        if a.name in ("strike", "siege"):
            opts = b.attack_targets(uid, a)
            v = b.attack_value(uid, a)
            words = f"choose a target (value {v}) or decline"
            fixed = False
        elif a.name in ("possess", "trap"):
            opts = b.targets(uid, a)
            v, fixed = a.value or 1, False
            words = "choose the chip(s) to " + a.name
        elif a.name in ("destroy", "raze"):
            sure, tied, need = self._nearest(b, uid, a)
            v = a.value or 1
            if tied:
                # Chips at the same distance tie for "closer first": the turn's player picks.
                words = (f"choose {need} of the equally near chips to remove"
                         + (" (also removes " + ", ".join(self._chip_name(s, t) for t in sure) + ")" if sure else ""))
                return Slot(0, uid, a.name, s.turn, tied, need, optional(a), extra=sure, value=v,
                            prompt=self._prompt(s, uid, a, words))
            opts = list(sure)
            fixed, words = True, "removes the nearest: " + ", ".join(self._chip_name(s, t) for t in sure)
        elif a.name == "poison":
            opts = [t for t in b.targets(uid, a) if not b.ability(t, "poison") and (resting is None or t in resting)]
            v, fixed, words = 0, True, "removes every chip without Poison in range"
        else:  # bomb
            opts = [t for t in b.targets(uid, a) if resting is None or t in resting]
            v, fixed, words = 0, True, "removes the opponents' troops in range and itself"
        if not opts:
            return None
        return Slot(0, uid, a.name, me, tuple(opts), len(opts) if fixed else (a.value or 1) if a.name == "trap" else 1,
                    optional(a), fixed=fixed, value=v, prompt=self._prompt(s, uid, a, words))

    @staticmethod
    def _nearest(b: Board, uid: str, a: Ability) -> tuple[tuple[str, ...], tuple[str, ...], int]:
        """Destroy / raze: the chips surely removed, and the tied group at the cut (with how many of it go).

        The tied group is empty when the nearest `value` chips are unambiguous."""
        found = b.targets(uid, a, side="all")
        n = a.value or 1
        if len(found) <= n:
            return tuple(found), (), 0
        cut = b.gap_cm(uid, found[n - 1])
        if abs(b.gap_cm(uid, found[n]) - cut) > TIE_CM:
            return tuple(found[:n]), (), 0
        sure = tuple(t for t in found if b.gap_cm(uid, t) < cut - TIE_CM)
        tied = tuple(t for t in found if abs(b.gap_cm(uid, t) - cut) <= TIE_CM)
        return sure, tied, n - len(sure)

    def _conflict_slots(self, s: CloutState) -> CloutState:
        """Two traps or two possessions declared on one chip: the turn's player picks the one that applies."""
        slots: list[Slot] = []
        for ability in ("trap", "possess"):
            claims: dict[str, list[str]] = {}
            for d in s.decls:
                if d.ability == ability:
                    for t in d.targets:
                        if d.source not in claims.setdefault(t, []):
                            claims[t].append(d.source)
            for t, sources in claims.items():
                if len(sources) < 2:
                    continue
                verb = "traps" if ability == "trap" else "takes control of"
                words = (f"{len(sources)} chips' {ABILITIES[ability].name} claim it: "
                         f"choose the chip whose effect applies (the others' are ignored)")
                slots.append(Slot(0, t, ability, s.turn, tuple(sources), 1, False, subject=t, kind="conflict",
                                  prompt=f"{self._chip_name(s, t)}: which chip {verb} it? — {words}"))
        return self._add_slots(s, slots, "settle")

    def _counter_slots(self, s: CloutState) -> CloutState:
        b = self.board(s)
        slots: list[Slot] = []
        for d in s.decls:
            if d.ability not in ("strike", "siege", "ambush") or b.chip(d.source).type != "troop":
                continue
            for t in d.targets:
                ca = b.ability(t, "counterattack", d.ignores)
                if not ca or not b.usable(t, ca) or b.controller(t) == b.controller(d.source):
                    continue
                if b.immune(d.source, "counterattack") or not b.within(t, d.source):
                    continue
                v = b.attack_value(t, ca)
                slots.append(Slot(0, t, "counterattack", b.controller(t), (d.source,), 1, optional(ca), fixed=True,
                                  subject=d.source, value=v,
                                  prompt=self._prompt(s, t, ca, f"counterattack {self._chip_name(s, d.source)} "
                                                      f"(defense {b.defense(d.source)} vs {v})?")))
        return self._add_slots(s, slots, "counter")

    def _rally_slots(self, s: CloutState) -> CloutState:
        assert s.round is not None
        b = self.board(s)
        slots: list[Slot] = []
        if not s.round.no_rally:
            for uid in s.round.chips:
                if uid not in b.on:
                    continue
                for a in b.abilities(uid):
                    if a.name not in RALLY or not b.usable(uid, a):
                        continue
                    opts = tuple(b.targets(uid, a, exclude=(uid,)))
                    extra: tuple[str, ...] = ()
                    if a.name == "reanimate":
                        me = b.controller(uid)
                        extra = tuple(d for d in s.discards[me] if b.cat.chip(s.kind(d)).type == "troop")
                        if not extra:
                            continue
                    if not opts:
                        continue
                    words = {"command": f"activate up to {a.value} of your chips, or decline",
                             "rethrow": "pick up one of your chips and throw it again, or decline",
                             "reanimate": "remove one of your troops, then throw a troop from your discard stack"}[a.name]
                    slots.append(Slot(0, uid, a.name, b.controller(uid), opts, a.value or 1, optional(a),
                                      extra=extra, prompt=self._prompt(s, uid, a, words)))
        return self._add_slots(s, slots, "rally")

    # --- answering ------------------------------------------------------------------------------------
    def _choose(self, s: CloutState, a: Choose) -> CloutState:
        slot = self._slot(s, a.slot)
        assert slot is not None
        targets = slot.options if slot.fixed and a.use else a.targets
        point = (a.x, a.y) if a.x is not None and a.y is not None else None
        return self._proceed(self._resolve(s, slot, a.use, tuple(targets), point))

    def _resolve(self, s: CloutState, slot: Slot, use: bool, targets: tuple[str, ...],
                 point: tuple[float, float] | None) -> CloutState:
        s = _rep(s, slots=tuple(x for x in s.slots if x.id != slot.id))
        if slot.kind == "conflict":
            return self._settle_conflict(s, slot, targets[0])
        name = self._chip_name(s, slot.source)
        ab = ABILITIES[slot.ability].name
        if not use:
            return _rep(s, notes=s.notes + (f"{name} does not use {ab}",))
        b = self.board(s)
        if slot.source not in b.on and s.stage != "counter":
            return s
        mods = b.chip(slot.source).ability(slot.ability)
        remove_self = bool(mods and "remove" in mods.modifiers)
        if remove_self:
            s = _rep(s, chips=tuple(msgspec.structs.replace(c, marked=True) if c.uid == slot.source else c
                                    for c in s.chips))
        tnames = ", ".join(self._chip_name(s, t) for t in targets)
        if s.stage == "movement":
            if b.stopped(slot.source):
                return _rep(s, notes=s.notes + (f"{name} is now within range of Stop: {ab} is lost",))
            return self._move_effect(s, b, slot, targets, point)
        if s.stage in ("declare", "counter"):
            if slot.ability in ("destroy", "raze") and not slot.fixed:
                targets = slot.extra + targets
                tnames = ", ".join(self._chip_name(s, t) for t in targets)
            ability = mods or Ability(slot.ability)
            value = slot.value
            d = Decl(slot.source, slot.ability, targets, value, ability.ignores, remove_self)
            return _rep(s, decls=s.decls + (d,), notes=s.notes + (f"{name} declares {ab} on {tnames}",))
        # rally
        if slot.ability == "command":
            return _rep(s, new_rounds=s.new_rounds + (Round(targets, no_rally=True),),
                        notes=s.notes + (f"{name} commands {tnames}",))
        if slot.ability == "rethrow":
            return _rep(s, new_rounds=s.new_rounds + (Round((), True, throw=targets[0]),),
                        notes=s.notes + (f"{name}: {tnames} will be thrown again",))
        gone, back = targets
        s = self._remove(s, (gone,), f"removed by {name}'s Reanimate")
        return _rep(s, new_rounds=s.new_rounds + (Round((), True, throw=back),),
                    notes=s.notes + (f"{name} reanimates {self._chip_name(s, back)} from the discard stack",))

    def _settle_conflict(self, s: CloutState, slot: Slot, winner: str) -> CloutState:
        """Only the winner's effect reaches the contested chip; the other declarations keep their other targets."""
        t = slot.subject
        decls = tuple(msgspec.structs.replace(d, targets=tuple(x for x in d.targets if x != t))
                      if d.ability == slot.ability and d.source != winner else d for d in s.decls)
        losers = ", ".join(self._chip_name(s, o) for o in slot.options if o != winner)
        return _rep(s, decls=decls, notes=s.notes + (
            f"{s.name(slot.decider)} lets {self._chip_name(s, winner)}'s {ABILITIES[slot.ability].name} "
            f"apply to {self._chip_name(s, t)}; {losers}'s is ignored",))

    def _move_effect(self, s: CloutState, b: Board, slot: Slot, targets: tuple[str, ...],
                     point: tuple[float, float] | None) -> CloutState:
        name = self._chip_name(s, slot.source)
        pos = {c.uid: (c.x, c.y) for c in s.chips}
        src = b.pos(slot.source)
        if slot.ability == "move":
            assert point is not None
            pos[slot.source] = point
            note = f"{name} moves"
        elif slot.ability == "push":
            assert point is not None
            pos[targets[0]] = point
            note = f"{name} pushes {self._chip_name(s, targets[0])}"
        elif slot.ability == "exchange":
            t = targets[0]
            pos[slot.source], pos[t] = pos[t], pos[slot.source]
            note = f"{name} swaps places with {self._chip_name(s, t)}"
        elif slot.ability == "attract":
            for t in targets:
                tx, ty = pos[t]
                d = math.dist(src, (tx, ty)) or 1.0
                k = 4.0 / d
                pos[t] = (src[0] + (tx - src[0]) * k, src[1] + (ty - src[1]) * k)
            note = f"{name} attracts {', '.join(self._chip_name(s, t) for t in targets)}"
        else:  # repulse
            from core.clout.geometry import push_inside
            reach = b.reach_units(slot.source) * b.increment(b.controller(slot.source))
            for t in targets:
                tx, ty = pos[t]
                d = math.dist(src, (tx, ty))
                ux, uy = ((tx - src[0]) / d, (ty - src[1]) / d) if d > 1e-9 else (0.0, 1.0)
                far = 4.0 + reach + 0.01
                pt = (src[0] + ux * far, src[1] + uy * far)
                if not inside_area(pt, b.area):
                    pt = push_inside(pt, b.area, [p for u, p in pos.items() if u != t])
                pos[t] = pt
            note = f"{name} repulses {', '.join(self._chip_name(s, t) for t in targets)}"
        chips = tuple(msgspec.structs.replace(c, x=round(pos[c.uid][0], 4), y=round(pos[c.uid][1], 4))
                      for c in s.chips)
        return _rep(s, chips=chips, notes=s.notes + (note,))

    def _apply_declared(self, s: CloutState) -> CloutState:
        """All declared effects at once; removals after every effect has been applied."""
        b = self.board(s)
        removed: list[str] = []
        notes: list[str] = []
        traps: dict[str, str] = {}
        poss: dict[str, str] = {}
        for d in s.decls:
            src = self._chip_name(s, d.source)
            if d.ability in ATTACKS:
                for t in d.targets:
                    if t not in b.on:
                        continue
                    df = b.defense(t, d.ignores)
                    ok = df <= d.value
                    verb = {"strike": "strikes", "siege": "besieges", "ambush": "ambushes",
                            "counterattack": "counterattacks"}[d.ability]
                    notes.append(f"{src} {verb} "
                                 f"{self._chip_name(s, t)}: defense {df} {'<=' if ok else '>'} "
                                 f"{d.ability} {d.value}, {'removed' if ok else 'survives'}")
                    if ok:
                        removed.append(t)
            elif d.ability in ("destroy", "raze", "poison"):
                removed += d.targets
                notes.append(f"{src}'s {ABILITIES[d.ability].name} removes "
                             f"{', '.join(self._chip_name(s, t) for t in d.targets)}")
            elif d.ability == "bomb":
                removed += list(d.targets) + [d.source]
                notes.append(f"{src} explodes, taking {', '.join(self._chip_name(s, t) for t in d.targets)}")
            elif d.ability == "trap":
                for t in d.targets:
                    traps[t] = d.source
                notes.append(f"{src} traps {', '.join(self._chip_name(s, t) for t in d.targets)}")
            elif d.ability == "possess":
                for t in d.targets:
                    poss[t] = d.source
                notes.append(f"{src} takes control of {', '.join(self._chip_name(s, t) for t in d.targets)}")
        chips = tuple(msgspec.structs.replace(c, trapped_by=traps.get(c.uid, c.trapped_by),
                                              possessed_by=poss.get(c.uid, c.possessed_by)) for c in s.chips)
        s = _rep(s, chips=chips, decls=(), notes=s.notes + tuple(notes))
        gone = tuple(dict.fromkeys(u for u in removed if u in b.on))
        return self._remove(s, gone, None) if gone else s

    # --- removing and ending ------------------------------------------------------------------------
    def _clear_links(self, s: CloutState, gone: tuple[str, ...]) -> CloutState:
        g = set(gone)
        return _rep(s, chips=tuple(msgspec.structs.replace(
            c, trapped_by=None if c.trapped_by in g else c.trapped_by,
            possessed_by=None if c.possessed_by in g else c.possessed_by) for c in s.chips))

    def _remove(self, s: CloutState, uids: tuple[str, ...], why: str | None) -> CloutState:
        """Off the area into each owner's discard stack; traps and possessions they held end."""
        g = set(uids)
        discards = s.discards
        for u in uids:
            discards = _with(discards, _owner(u), u)
        s = _rep(s, chips=tuple(c for c in s.chips if c.uid not in g), discards=discards)
        if why:
            s = _rep(s, notes=s.notes + (f"{', '.join(self._chip_name(s, u) for u in uids)} {why}",))
        return self._clear_links(s, uids)

    def _end_turn(self, s: CloutState) -> CloutState:
        b = self.board(s)
        gone = tuple(c.uid for c in s.chips if c.marked or b.chip(c.uid).type == "action")
        if gone:
            s = self._remove(s, gone, "leave(s) play at the end of the turn")
        return self._next_turn(s)

    def _next_turn(self, s: CloutState) -> CloutState:
        n = len(s.setup.players)
        s = _rep(s, ctx=None, round=None, rounds=(), slots=(), decls=(), stage="")
        for k in range(1, n + 1):
            p = (s.turn + k) % n
            if s.stacks[p]:
                return _rep(s, turn=p, turn_no=s.turn_no + 1, phase="choose")
        scores = self.totals(s)
        best = max(scores)
        winners = tuple(p for p in range(n) if scores[p] == best)
        words = ", ".join(f"{s.name(p)} {scores[p]}" for p in range(n))
        if len(winners) > 1:
            res = Result(winners, True, f"A draw on {best} clout ({words}).")
        else:
            res = Result(winners, False, f"{s.name(winners[0])} wins with {best} clout ({words}).")
        return _rep(s, phase="over", result=res, notes=s.notes + (res.summary,))

    # --- chance, random play, text ------------------------------------------------------------------
    def sample_chance(self, state: CloutState, rng: random.Random) -> Landed:
        ctx = state.ctx
        assert ctx is not None and state.phase == "land"
        p = _owner(ctx.chip)
        aim_x, aim_y, strength = ctx.aim or (50.0, 50.0, 0.3)
        skill = throwing.Skill(state.setup.skills_cm[p] if state.setup.skills_cm else throwing.CLUB.scatter_cm)
        origin = self.throw_origin(state, p)
        if math.dist(origin, (aim_x, aim_y)) == 0:
            origin = (origin[0] + 1.0, origin[1])
        aim = throwing.Aim((aim_x, aim_y), origin, strength)
        settled = throwing.throw(self.area(state), {c.uid: (c.x, c.y) for c in state.chips}, ctx.chip,
                                 aim, skill, rng)
        spots = tuple(Spot(u, float(x), float(y)) for u, (x, y) in sorted(settled.moved.items()))
        return Landed(ctx.chip, spots, bool(settled.out))

    def random_action(self, state: CloutState, rng: random.Random) -> CloutAction:
        if state.phase == "over":
            raise IllegalAction("the game is over")
        if state.phase == "land":
            return self.sample_chance(state, rng)
        area = self.area(state)
        minx, miny, maxx, maxy = area.bounds_cm
        p = self.actor(state)
        assert isinstance(p, int)

        def aim() -> tuple[float, float, float]:
            return (rng.uniform(minx + 8, maxx - 8), rng.uniform(miny + 8, maxy - 8), rng.uniform(0.0, 0.4))

        if state.phase in ("throw", "precision"):
            assert state.ctx is not None
            if state.phase == "precision" and rng.random() < 0.5:
                return Keep(p)
            x, y, st = aim()
            return ThrowChip(p, state.ctx.chip, x, y, st)
        if state.phase == "choose":
            ways = self.playable(state, p)
            if not ways:
                return DiscardChip(p, rng.choice(state.stacks[p]))
            uid = rng.choice(sorted(ways))
            if "replace" in ways[uid]:
                b = self.board(state)
                opts = [u for u in b.on if b.controller(u) == p and not b.stopped_at(b.pos(u), p, uid)]
                return ReplaceChip(p, uid, rng.choice(opts))
            if "place" in ways[uid] and rng.random() < 0.5:
                for _ in range(20):
                    x, y, _st = aim()
                    act = PlaceChip(p, uid, x, y)
                    if not self._why_not(state, act):
                        return act
            x, y, st = aim()
            return ThrowChip(p, uid, x, y, st)
        slot = next(x for x in state.slots if x.decider == p)
        if slot.optional and rng.random() < 0.25:
            return Choose(p, slot.id, False)
        if slot.fixed:
            return Choose(p, slot.id, True)
        if slot.ability == "reanimate":
            return Choose(p, slot.id, True, (rng.choice(slot.options), rng.choice(slot.extra)))
        if slot.ability == "command":
            k = rng.randint(1, min(slot.count, len(slot.options)))
            return Choose(p, slot.id, True, tuple(rng.sample(slot.options, k)))
        if slot.ability in ("attract", "repulse", "trap", "destroy", "raze"):
            k = min(slot.count, len(slot.options))
            return Choose(p, slot.id, True, tuple(rng.sample(slot.options, k)))
        targets = (rng.choice(slot.options),) if slot.options else ()
        if slot.needs_point:
            b = self.board(state)
            mover = targets[0] if targets else slot.source
            cx, cy = b.pos(mover)
            limit = slot.value * b.increment(b.controller(slot.source))
            for _ in range(20):
                r, t = rng.uniform(0, limit), rng.uniform(0, 2 * math.pi)
                act = Choose(p, slot.id, True, targets, cx + r * math.cos(t), cy + r * math.sin(t))
                if not self._why_not(state, act):
                    return act
            if slot.optional:
                return Choose(p, slot.id, False)
            return Choose(p, slot.id, True, targets, cx, cy)
        return Choose(p, slot.id, True, targets)

    def view(self, state: CloutState, player: int | None) -> CloutState:
        """Stack chips are secret from the other players (unless revealed as unable to play)."""
        kinds = []
        for p, ks in enumerate(state.kinds):
            if p == player or p in state.revealed or state.phase == "over":
                kinds.append(ks)
                continue
            hidden = set(state.stacks[p]) - ({state.ctx.chip} if state.ctx else set())
            kinds.append(tuple("" if f"{p}.{k}" in hidden else c for k, c in enumerate(ks)))
        return _rep(state, kinds=tuple(kinds))

    def result(self, state: CloutState) -> Result | None:
        return state.result

    def is_barrier(self, state: CloutState, action: CloutAction) -> bool:
        return isinstance(action, (Landed, DiscardChip))

    def describe(self, before: CloutState, action: CloutAction, after: CloutState) -> str:
        text = "; ".join(after.notes)
        if isinstance(action, Choose) and not after.notes:
            text = "decision recorded"
        return (text or type(action).__name__) + "."

    def phase_text(self, state: CloutState) -> str:
        who = state.name(state.turn)
        if state.phase == "over":
            return state.result.summary if state.result else "The game is over."
        if state.phase == "choose":
            if not self.playable(state, state.turn):
                return f"{who} cannot play any chip: reveal the stack and discard one."
            first = "" if state.first_done[state.turn] else " (the first chip must be a base)"
            return f"{who}: choose a chip and throw it{first}."
        if state.phase == "land":
            return "The chip is in the air."
        if state.phase == "throw":
            return f"{who}: throw {self._chip_name(state, state.ctx.chip)} again." if state.ctx else ""
        if state.phase == "precision":
            assert state.ctx is not None
            return (f"{who}: Precision: keep {self._chip_name(state, state.ctx.chip)} where it is or throw "
                    f"again ({state.ctx.precision_left} left).")
        actor = self.actor(state)
        slot = next((x for x in state.slots if x.decider == actor), None)
        return f"{state.name(actor)}: {slot.prompt}" if slot and isinstance(actor, int) else ""


def _rep_ctx(ctx: ThrowCtx, **kw: object) -> ThrowCtx:
    return msgspec.structs.replace(ctx, **kw)


def _without(groups: tuple[tuple[str, ...], ...], p: int, uid: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(u for u in g if u != uid) if i == p else g for i, g in enumerate(groups))


def _with(groups: tuple[tuple[str, ...], ...], p: int, uid: str) -> tuple[tuple[str, ...], ...]:
    return tuple(g + (uid,) if i == p else g for i, g in enumerate(groups))


def _set(values: tuple[bool, ...], p: int, v: bool) -> tuple[bool, ...]:
    return tuple(v if i == p else x for i, x in enumerate(values))


GAME = CloutGame()
