"""Clout Fantasy (2 players): throwing chips, every ability in the rulebook's order, scoring.

The registry loads this module; `GAME` is the game. The parts live beside it:
`state` (setup, actions, state records), `validation` (why an action may not be taken),
`resolution` (the rulebook's order once a chip is down), `policy` (chance and random play) and
`text` (every sentence, built from the facts in the state).

API for views (names are stable):
- `GAME` (CloutGame), setup `CloutSetup(players, mode, stacks, area, increments_cm, skills_cm)`;
  stacks are ready-stack ids (`core.clout.stacks.ready_stacks()`) or embedded `custom_stacks`;
  `start` (a StartPosition) continues a game from a position, as `core.clout.from_layout` builds.
- State `CloutState`: `chips` (OnArea: uid, x, y, trapped_by, possessed_by, marked) in arrival
  order; `stacks`/`discards` per player (uids); `state.kind(uid)` -> catalogue id (a uid is
  "player.index"); `phase` in choose | throw | land | precision | resolve | over; `turn`;
  `ctx` (the chip being thrown); `slots` (pending decisions, each with `id`, `source`,
  `ability`, `decider`, `options`, `count`, `optional`, `needs_point`, `kind`: "conflict" for a
  chip claimed twice, whose `options` are the competing sources; `GAME.slot_text(state, slot)`
  asks the question); `notes` (what the last action did, as `Note` facts: `GAME.note_text`);
  `result`.
- Actions: `ThrowChip(player, chip, x, y, strength)` (aim; also rethrows for precision,
  aversion, rethrow, reanimate), `PlaceChip(player, chip, x, y)`, `ReplaceChip(player, chip,
  target)`, `DiscardChip(player, chip)` (unable to play), `Keep(player)` (accept a landing
  instead of a precision rethrow), `Choose(player, slot, use, targets, x, y)` (answer a slot),
  and chance `Landed(chip, spots, out, draws)` (the settled table; table mode enters it by hand).
- Helpers: `GAME.board(state)` (abilities.Board: ranges, control, defense...),
  `GAME.playable(state, player)` -> {uid: ways}, `GAME.scores(state)` -> per-chip ChipScore,
  `GAME.totals(state)`, `GAME.throw_origin(state, player)`, `GAME.phase_text(state)`,
  `GAME.result_text(state)`.

Rulings are in resources/notes/clout.md.
"""
from __future__ import annotations

import random

import msgspec

from core.clout import policy, resolution, text
from core.clout.abilities import Board
from core.clout.catalogue import Catalogue, default_catalogue
from core.clout.geometry import inside_area
from core.clout.resolution import (  # noqa: F401  (re-exported for views and tests)
    ATTACKS,
    DECLARED,
    MOVEMENT,
    RALLY,
    TIE_CM,
    activate_thrown,
    clear_links,
    next_round_or_end,
    next_turn,
    remove,
    start_round,
)
from core.clout.scoring import ChipScore, score_board, totals
from core.clout.stacks import Stack, problems, ready_stacks
from core.clout.throwing import Scatter, leaving
from core.clout.state import (  # noqa: F401  (re-exported: the module's public names)
    DEFAULT_COLOURS,
    DEFAULT_STACKS,
    PLAYERS,
    SPEC,
    Choose,
    CloutAction,
    CloutSetup,
    CloutState,
    Decl,
    DiscardChip,
    Keep,
    Landed,
    Note,
    OnArea,
    PlaceChip,
    ReplaceChip,
    Round,
    Slot,
    Spot,
    StartChip,
    StartPosition,
    ThrowChip,
    ThrowCtx,
    increments,
    owner,
    play_area,
    rep,
    set_at,
    setup_stacks,
    with_,
    without,
)
from core.clout.validation import actor, playable, slot_by_id, why_not, why_unplayable
from core.errors import IllegalAction, IllegalSetup
from core.game import Actor, Mode, PlayerSetup, Result, Rules, Secret, screen_secret, validate_mode, validate_players
from maps.clout.areas import PlayArea, available_areas

THROW_DISTANCE_CM = policy.THROW_DISTANCE_CM


_KNOWN_AREAS: set[str] = set()  # areas already found this session (finding one scans the folder)
_CHECKED: dict[Stack, tuple[Catalogue, list[str]]] = {}


def _stack_problems(stack: Stack, catalogue: Catalogue) -> list[str]:
    """A stack's construction problems, worked out once per stack and catalogue: every new game
    checks both stacks, and random play starts thousands of games with the same ones."""
    known = _CHECKED.get(stack)
    if known is None or known[0] is not catalogue:
        if len(_CHECKED) > 64:
            _CHECKED.clear()
        known = _CHECKED[stack] = (catalogue, problems(stack, catalogue))
    return known[1]


def _check_start(setup: CloutSetup, start: StartPosition) -> None:
    """A continued game's position: each chip in play is one copy of its owner's stack, once,
    touching the area (a chip wholly off it would be out of play); someone has a chip to throw."""
    stacks = setup_stacks(setup)
    area = play_area(setup.area)
    seen: set[tuple[int, int]] = set()
    for i, c in enumerate(start.chips, start=1):
        where = f"Chip {i} of the start position"
        if not 0 <= c.player < len(setup.players):
            raise IllegalSetup(f"{where} belongs to no player (player {c.player + 1}).")
        stack = stacks[c.player]
        size = len(stack.chips) if stack is not None else 0
        if not 0 <= c.index < size:
            raise IllegalSetup(f"{where} is not in {setup.players[c.player].name}'s stack "
                               f"(copy {c.index + 1} of {size}).")
        if (c.player, c.index) in seen:
            raise IllegalSetup(f"{where} is already in play (copy {c.index + 1} of "
                               f"{setup.players[c.player].name}'s stack is given twice).")
        seen.add((c.player, c.index))
        if not inside_area((c.x, c.y), area):
            raise IllegalSetup(f"{where} lies wholly off the playing area, where it would be out of play.")
    left = [sum(1 for k in range(len(s.chips) if s else 0) if (p, k) not in seen) for p, s in enumerate(stacks)]
    if not any(left):
        raise IllegalSetup("Every chip of both stacks is already in play: there is nothing left to throw.")
    if not left[setup.first_player]:
        raise IllegalSetup(f"{setup.players[setup.first_player].name} has no chip left to throw; "
                           "choose the other player to throw next.")


class CloutGame(Rules):
    id = "clout"
    title = "Clout Fantasy"
    spec = SPEC
    setup_type = CloutSetup
    action_type = CloutAction
    state_type = CloutState
    # 2: throws record their draws (landing point and speed) and settle with the faster physics.
    chance_model = 2

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
        if setup.area not in _KNOWN_AREAS:
            if setup.area not in available_areas():
                raise IllegalSetup(f"There is no playing area {setup.area!r} "
                                   f"(choose one of {', '.join(available_areas())}).")
            _KNOWN_AREAS.add(setup.area)
        for p, stack in enumerate(setup_stacks(setup)):
            if stack is None:
                key = setup.stacks[p] if p < len(setup.stacks) else "(none)"
                raise IllegalSetup(f"{setup.players[p].name} has no stack: there is no ready stack {key!r} "
                                   f"(choose one of {', '.join(ready_stacks())}).")
            bad = _stack_problems(stack, self.catalogue)
            if bad:
                key = setup.stacks[p] if p < len(setup.stacks) else ""
                name = stack.name or key or "without a name"
                raise IllegalSetup(f"{setup.players[p].name}'s stack “{name}” cannot start a game: "
                                   + "; ".join(bad) + ".")
        for label, values in (("range increment", setup.increments_cm), ("throw scatter", setup.skills_cm)):
            if values and (len(values) != len(setup.players) or any(not (0 <= v < 1000) for v in values)):
                raise IllegalSetup(f"Give one {label} per player, in centimetres (0 to 1000).")
        if any(v <= 0 for v in setup.increments_cm):
            raise IllegalSetup("A range increment must be more than 0 cm.")
        if not 0 <= setup.first_player < len(setup.players):
            raise IllegalSetup("The first player must be one of the players.")
        if isinstance(setup.start, StartPosition):
            _check_start(setup, setup.start)

    def mode(self, setup: CloutSetup) -> Mode:
        return setup.mode

    def new(self, setup: CloutSetup) -> CloutState:
        stacks = setup_stacks(setup)
        kinds = tuple(tuple(s.chips) for s in stacks if s is not None)
        uids = tuple(tuple(f"{p}.{k}" for k in range(len(kinds[p]))) for p in range(len(kinds)))
        n = len(kinds)
        if not isinstance(setup.start, StartPosition):
            return CloutState(setup, kinds, uids, ((),) * n, turn=setup.first_player, first_done=(False,) * n)
        chips = tuple(OnArea(f"{c.player}.{c.index}", c.x, c.y) for c in setup.start.chips)
        on = {c.uid for c in chips}
        hands = tuple(tuple(u for u in g if u not in on) for g in uids)
        first_done = tuple(any(owner(u) == p for u in on) for p in range(n))
        return CloutState(setup, kinds, hands, ((),) * n, chips=chips, turn=setup.first_player,
                          first_done=first_done)

    # --- reading ------------------------------------------------------------------------------------
    def board(self, state: CloutState) -> Board:
        return resolution.board(state)

    def area(self, state: CloutState) -> PlayArea:
        return play_area(state.setup.area)

    def scores(self, state: CloutState) -> list[ChipScore]:
        return score_board(self.board(state), state.last_thrown)

    def totals(self, state: CloutState) -> tuple[int, ...]:
        return totals(self.scores(state), len(state.setup.players))

    def throw_origin(self, state: CloutState, player: int) -> tuple[float, float]:
        return policy.throw_origin(state, player)

    def predict_throw(self, state: CloutState, player: int, x: float, y: float, strength: float) -> Scatter:
        """Where a simulated throw aimed at (x, y) will probably come to rest (the aim is where it
        touches down; a throw with strength slides on), and how likely it is to leave the area."""
        return policy.predict(state, player, x, y, strength)

    def leaving(self, state: CloutState, prediction: Scatter) -> str:
        """"likely", "possible" or "": would a throw with this prediction end off the area."""
        return leaving(prediction, self.area(state))

    def playable(self, state: CloutState, player: int) -> dict[str, tuple[str, ...]]:
        return playable(state, player)

    def actor(self, state: CloutState) -> Actor:
        return actor(state)

    def legal_actions(self, state: CloutState) -> list[CloutAction] | None:
        if state.phase == "over":
            return []
        if state.phase == "choose" and not playable(state, state.turn):
            return [DiscardChip(state.turn, u) for u in state.stacks[state.turn]]
        return None

    # --- validation --------------------------------------------------------------------------------
    def validate(self, state: CloutState, action: CloutAction) -> None:
        why = why_not(state, action)
        if why:
            raise IllegalAction(why, action)

    def _why_not(self, s: CloutState, a: CloutAction) -> str:
        return why_not(s, a)

    def _why_unplayable(self, s: CloutState, player: int, uid: str) -> str:
        return why_unplayable(s, player, uid)

    # --- applying ----------------------------------------------------------------------------------
    def apply(self, state: CloutState, action: CloutAction) -> CloutState:
        # A throw and a landing write the step's notes afresh; every other step starts from none.
        if isinstance(action, ThrowChip):
            return self._throw(state, action)
        if isinstance(action, Landed):
            return self._landed(state, action)
        s = rep(state, notes=())
        if isinstance(action, Keep):
            return activate_thrown(rep(s, notes=(Note("keep", player=action.player),)))
        if isinstance(action, PlaceChip):
            return self._put(s, action.player, action.chip, (action.x, action.y), "place")
        if isinstance(action, ReplaceChip):
            pt = self.board(s).pos(action.target)
            s = remove(s, (action.target,), "replaced")
            return self._put(s, action.player, action.chip, pt, "replace")
        if isinstance(action, DiscardChip):
            p = action.player
            s = rep(s, stacks=without(s.stacks, p, action.chip), discards=with_(s.discards, p, action.chip),
                    revealed=tuple(sorted(set(s.revealed) | {p})),
                    notes=(Note("discard", (action.chip,), player=p),))
            return next_turn(s)
        if isinstance(action, Choose):
            slot = slot_by_id(s, action.slot)
            assert slot is not None
            targets = slot.options if slot.fixed and action.use else action.targets
            point = (action.x, action.y) if action.x is not None and action.y is not None else None
            return resolution.proceed(resolution.resolve(s, slot, action.use, tuple(targets), point))
        raise IllegalAction("unknown action", action)

    def _throw(self, s: CloutState, a: ThrowChip) -> CloutState:
        aim = (a.x, a.y, a.strength)
        if s.phase == "choose":
            ctx = ThrowCtx(a.chip, "turn", aim)
        else:
            assert s.ctx is not None
            ctx = msgspec.structs.replace(s.ctx, aim=aim)
            if s.phase == "precision":
                ctx = msgspec.structs.replace(ctx, precision_left=ctx.precision_left - 1)
        return rep(s, ctx=ctx, phase="land", notes=(Note("throw", (a.chip,), player=a.player),))

    def _put(self, s: CloutState, player: int, uid: str, pt: tuple[float, float], how: str) -> CloutState:
        """Place and replace: the chip is put down, not thrown (no precision, no aversion)."""
        s = rep(s, stacks=without(s.stacks, player, uid), chips=s.chips + (OnArea(uid, pt[0], pt[1]),),
                first_done=set_at(s.first_done, player, True), last_thrown=uid,
                notes=s.notes + (Note(how, (uid,), player=player),))  # type: ignore[arg-type]
        return start_round(rep(s, rounds=(Round((uid,), thrown=True),) + s.rounds, ctx=None))

    def _landed(self, s: CloutState, a: Landed) -> CloutState:
        assert s.ctx is not None
        ctx = s.ctx
        uid = a.chip
        p = owner(uid)
        moved = {sp.chip: (sp.x, sp.y) for sp in a.spots}
        old = s.on_area(uid)
        chips = tuple(msgspec.structs.replace(c, x=moved[c.uid][0], y=moved[c.uid][1]) if c.uid in moved else c
                      for c in s.chips if c.uid != uid)
        stacks, discards = s.stacks, s.discards
        if uid in stacks[p]:
            stacks = without(stacks, p, uid)
        if uid in discards[p]:
            discards = without(discards, p, uid)
        knocked = sum(1 for c in moved if c != uid)
        first_done = set_at(s.first_done, p, True) if ctx.purpose == "turn" else s.first_done
        if a.out:
            s = rep(s, chips=chips, stacks=stacks, discards=with_(discards, p, uid), first_done=first_done,
                    last_thrown=uid, ctx=None, notes=(Note("out", (uid,), numbers=(knocked,)),))
            return next_round_or_end(clear_links(s, (uid,)))
        keep = old if old is not None else OnArea(uid, 0, 0)
        here = msgspec.structs.replace(keep, x=moved[uid][0], y=moved[uid][1])
        s = rep(s, chips=chips + (here,), stacks=stacks, discards=discards, first_done=first_done,
                last_thrown=uid, notes=(Note("lands", (uid,), numbers=(here.x, here.y, knocked)),))
        b = self.board(s)
        if ctx.first_landing:
            prec = b.ability(uid, "precision")
            ctx = msgspec.structs.replace(ctx, first_landing=False,
                                          precision_left=prec.value or 0 if prec and b.usable(uid, prec) else 0)
        if not ctx.aversion_used and b.chip(uid).type == "troop" and not b.immune(uid, "aversion"):
            me = b.controller(uid)
            for o in b.sources("aversion"):
                av = b.ability(o, "aversion")
                if o != uid and av and b.controller(o) != me and b.usable(o, av) and b.within(o, uid):
                    return rep(s, ctx=msgspec.structs.replace(ctx, aversion_used=True), phase="throw",
                               notes=s.notes + (Note("aversion", (o, uid)),))
        if ctx.precision_left > 0 and not b.stopped(uid):
            return rep(s, ctx=ctx, phase="precision")
        return activate_thrown(s)  # reads only the chip and why it was thrown, which ctx keeps

    def _apply_declared(self, s: CloutState) -> CloutState:
        return resolution.apply_declared(s)

    # --- chance and random play ---------------------------------------------------------------------
    def sample_chance(self, state: CloutState, rng: random.Random) -> Landed:
        return policy.sample_chance(state, rng)

    def chance_draws(self, state: CloutState, action: Landed) -> tuple[float, float, float] | None:
        return action.draws

    def sample_draws(self, state: CloutState, rng: random.Random) -> tuple[float, float, float]:
        return policy.sample_draws(state, rng)

    def random_action(self, state: CloutState, rng: random.Random) -> CloutAction:
        return policy.random_action(state, rng)

    # --- what each seat sees, the end, words --------------------------------------------------------
    def view(self, state: CloutState, player: int | None) -> CloutState:
        """Stack chips are secret from the other players (unless revealed as unable to play),
        and so is an own-built stack in the setup: its name stays, its chips do not."""
        kinds = []
        customs = list(state.setup.custom_stacks)
        for p, ks in enumerate(state.kinds):
            if p == player or p in state.revealed or state.phase == "over":
                kinds.append(ks)
                continue
            hidden = set(state.stacks[p]) - ({state.ctx.chip} if state.ctx else set())
            kinds.append(tuple("" if f"{p}.{k}" in hidden else c for k, c in enumerate(ks)))
            if p < len(customs) and customs[p] is not None:
                customs[p] = Stack(name=customs[p].name)
        setup = msgspec.structs.replace(state.setup, custom_stacks=tuple(customs))
        return rep(state, kinds=tuple(kinds), setup=setup)

    def determinize(self, state_view: CloutState, seat: int, rng: random.Random) -> CloutState:
        """The rivals' hidden stack chips drawn consistently with the view (core/clout/determinize.py)."""
        from core.clout.determinize import determinize
        return determinize(state_view, seat, rng)

    def redact(self, action: CloutAction, seat: int, before: CloutState, now: CloutState) -> CloutAction:
        from core.clout.determinize import redact
        return redact(action, seat, now)

    def secret(self, state: CloutState) -> Secret | None:
        return screen_secret(state.setup, self._secret(state))

    def _secret(self, state: CloutState) -> Secret | None:
        """Stacks are secret and the screen shows the stack of the seat that acts, so a shared
        screen is curtained whenever another seat is to act, at the table too (the stack list
        names chips the others must not see). While a throw lands the thrower's stack stays up."""
        if state.phase == "over":
            return None
        if state.phase == "land":
            return Secret(state.turn, "land")
        seat = actor(state)
        if not isinstance(seat, int) or isinstance(seat, bool):
            return None
        if state.phase == "resolve":
            return Secret(seat, "decision")
        return Secret(seat, "choose" if state.phase == "choose" else "throw")

    def result(self, state: CloutState) -> Result | None:
        return state.result

    def result_text(self, state: CloutState) -> str:
        return text.result_text(state)

    def is_barrier(self, state: CloutState, action: CloutAction) -> bool:
        return isinstance(action, (Landed, DiscardChip))

    def describe(self, before: CloutState, action: CloutAction, after: CloutState) -> str:
        return text.describe(before, action, after)

    def note_text(self, state: CloutState, note: Note) -> str:
        return text.note_text(state, note)

    def slot_text(self, state: CloutState, slot: Slot) -> str:
        return text.slot_text(state, slot)

    def phase_text(self, state: CloutState) -> str:
        return text.phase_text(state)


GAME = CloutGame()
