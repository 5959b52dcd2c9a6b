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

The game is split by what each part holds: state.py the records (setup, actions, state),
measure.py the table's answers (cached trays), validation.py the refusals, narration.py every
sentence, whatif.py the view's previews, random_play.py chance and the random player. This
module sequences a game: whose turn, what an action does, how it ends. `GAME` is the entry
the registry loads.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

import msgspec

from core.errors import IllegalAction, IllegalSetup
from core.game import CHANCE, Actor, Mode, Result, Rules, default_players, rank, validate_mode, validate_players
from core.powerspike import geometry as geo
from core.powerspike import narration, random_play, whatif
from core.powerspike.army import muster, ready_made, require_valid
from core.powerspike.cards import SIDES, is_joker, movement_meaning
from core.powerspike.combat import DrawEntitlement, resolve_combat, resolve_oas
from core.powerspike.measure import (combat_for, fire_targets, move_problems, retreat_position, strike_for,
                                     to_deploy, unit_tray)
from core.powerspike.odds import Odds
from core.powerspike.state import (MIN_PLAYERS, MAX_PLAYERS, MAX_PASSES, DEFAULT_COLOURS, DEFAULT_CDC_ROSTER,
                                   DEFAULT_SCS_ROSTER, SIDE_SEAT, MODE_LABELS, SPEC, PowerSpikeSetup, setup_rosters,
                                   Deploy, MovementDraw,
                                   Activate, EndGo, Move, Aim, Arc, Declared, Fire, EndActivation, CombatDraw,
                                   TakeLosses, OrbitalStrike, PowerSpikeAction, Phase, Step, UnitState, Go,
                                   Activation, Bonus, HoldReason, ExtraCard, Combat, PendingLoss,
                                   PowerSpikeState, profile, seat_of, tracks_positions, unit_value,
                                   side_points, replace_state, with_unit)
from core.powerspike.units import Unit
from core.powerspike.validation import why_not
from maps.powerspike.table import available_tables

# The registry, the GUI and saves know Power Spike by this module: its records are re-exported here.
__all__ = ["GAME", "PowerSpikeGame", "MIN_PLAYERS", "MAX_PLAYERS", "MAX_PASSES", "DEFAULT_COLOURS",
           "DEFAULT_CDC_ROSTER", "DEFAULT_SCS_ROSTER", "SIDE_SEAT", "MODE_LABELS", "SPEC",
           "PowerSpikeSetup", "setup_rosters", "Deploy",
           "MovementDraw", "Activate", "EndGo", "Move", "Aim", "Arc", "Declared", "Fire", "EndActivation",
           "CombatDraw", "TakeLosses", "OrbitalStrike", "PowerSpikeAction", "Phase", "Step", "UnitState",
           "Go", "Activation", "Bonus", "HoldReason", "ExtraCard", "Combat", "PendingLoss",
           "PowerSpikeState", "profile", "seat_of", "tracks_positions", "unit_value", "side_points"]


class PowerSpikeGame(Rules):
    id = "power-spike"
    title = "Power Spike"
    spec = SPEC
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
            return replace_state(state, phase="draw")
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

    # --- the table, as the view and the rules ask it (measure.py, whatif.py) -----------------------------
    def to_deploy(self, state: PowerSpikeState, seat: int) -> list[str]:
        return to_deploy(state, seat)

    def unit_tray(self, state: PowerSpikeState, unit_id: str) -> geo.Tray:
        return unit_tray(state, unit_id)

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
        return move_problems(state, unit_id, x, y, facing)

    def fire_targets(self, state: PowerSpikeState, attackers: Sequence[str]) -> list[str]:
        """Enemy units every attacker has in range (or in base contact)."""
        return fire_targets(state, attackers)

    def entitlements(self, state: PowerSpikeState, attackers: Sequence[str], target: str,
                     declared: Declared | None = None) -> tuple[DrawEntitlement, DrawEntitlement]:
        return whatif.entitlements(state, attackers, target, declared)

    def odds(self, state: PowerSpikeState, attackers: Sequence[str], target: str,
             declared: Declared | None = None) -> Odds:
        return whatif.odds(state, attackers, target, declared)

    def as_if_moved(self, state: PowerSpikeState, unit_id: str, x: float, y: float,
                    facing: float) -> PowerSpikeState:
        return whatif.as_if_moved(state, unit_id, x, y, facing)

    def odds_if_moved(self, state: PowerSpikeState, unit_id: str, x: float, y: float, facing: float,
                      attackers: Sequence[str], target: str, declared: Declared | None = None) -> Odds:
        return whatif.odds_if_moved(state, unit_id, x, y, facing, attackers, target, declared)

    def strike_entitlement(self, state: PowerSpikeState, target: str) -> DrawEntitlement:
        return whatif.strike_entitlement(state, target)

    def retreat_position(self, state: PowerSpikeState, unit_id: str,
                         enemies: Sequence[str]) -> tuple[float, float] | None:
        return retreat_position(state, unit_id, enemies)

    def points(self, state: PowerSpikeState) -> tuple[int, int]:
        return whatif.points(state)

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
        reason = why_not(state, action)
        if reason:
            raise IllegalAction(reason, action)


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
            return replace_state(state, phase="act", go=go, activation=Activation(action.unit))
        if isinstance(action, EndGo):
            return self._end_go(state)
        if isinstance(action, Move):
            return self._move(state, action)
        if isinstance(action, EndActivation):
            return self._end_activation(state)
        if isinstance(action, Aim):
            assert state.activation is not None
            return replace_state(state, activation=msgspec.structs.replace(state.activation, target=action.target))
        if isinstance(action, Fire):
            go, act = state.go, state.activation
            assert go is not None and act is not None
            combat = combat_for(state, action.attackers, action.target, action.declared)
            go = msgspec.structs.replace(go, fired=go.fired + action.attackers)
            act = msgspec.structs.replace(act, fired=True, step="fired")
            return replace_state(state, phase="combat", go=go, activation=act, combat=combat)
        if isinstance(action, CombatDraw):
            return self._resolve(state, action)
        if isinstance(action, TakeLosses):
            return self._take_losses(state, action)
        if isinstance(action, OrbitalStrike):
            return replace_state(state, phase="combat", combat=strike_for(state, action.target),
                        oas_strikes=state.oas_strikes[1:])
        raise IllegalAction("Unknown action.", action)

    def _deploy(self, state: PowerSpikeState, action: Deploy) -> PowerSpikeState:
        u = state.unit(action.unit)
        state = with_unit(state, msgspec.structs.replace(u, x=float(action.x), y=float(action.y),
                                                          facing=float(action.facing) % 360.0))
        other = 1 - action.player
        if self.to_deploy(state, other):
            return replace_state(state, deploy_turn=other)
        if self.to_deploy(state, action.player):
            return state
        return self._to_draw(state)

    def _movement_draw(self, state: PowerSpikeState, c: int) -> PowerSpikeState:
        reshuffle = is_joker(c) or len(state.movement_deck.pile) == 1
        deck = state.movement_deck.after_movement_draw(c)
        state = replace_state(state, movement_deck=deck, card=c, draws=state.draws + 1,
                     passes=state.passes + (1 if reshuffle else 0), go=None, activation=None)
        meaning = movement_meaning(c)
        if meaning is None:
            return self._to_draw(state)  # the same player draws again
        seat = SIDE_SEAT[meaning.side]
        go = Go(seat, c, meaning.activations, meaning.activations)
        state = replace_state(state, drawer=1 - state.drawer, go=go, phase="activate")
        if not self._activatable(state, go):
            return self._end_go(state)
        return state

    def _end_go(self, state: PowerSpikeState) -> PowerSpikeState:
        go = state.go
        assert go is not None
        side = SIDES[go.seat]
        units = tuple(msgspec.structs.replace(u, activated_last=u.id in go.activated) if u.side == side else u
                      for u in state.units)
        return self._to_draw(replace_state(state, units=units, activation=None))

    def _to_draw(self, state: PowerSpikeState) -> PowerSpikeState:
        limit = state.setup.passes_limit
        if limit and state.passes >= limit:
            return self._points_end(state)
        return replace_state(state, phase="draw", activation=None)

    def _points_end(self, state: PowerSpikeState) -> PowerSpikeState:
        cdc, scs = self.points(state)
        draw = cdc == scs
        winners = (0, 1) if draw else ((0,) if cdc > scs else (1,))
        result = Result(winners=winners, draw=draw, placings=rank((cdc, scs)), reason="points")
        return replace_state(state, phase="over", result=result, activation=None)

    def _move(self, state: PowerSpikeState, action: Move) -> PowerSpikeState:
        act = state.activation
        assert act is not None
        u = state.unit(action.unit)
        positions = tracks_positions(state.setup)
        new = msgspec.structs.replace(u, x=float(action.x) if positions else None,
                                      y=float(action.y) if positions else None,
                                      facing=float(action.facing) % 360.0 if positions else u.facing,
                                      carried_by=None)
        state = with_unit(state, new)
        if u.carried_by is not None:
            carrier = state.unit(u.carried_by)
            state = with_unit(state, msgspec.structs.replace(
                carrier, carrying=tuple(c for c in carrier.carrying if c != u.id)))
        act = msgspec.structs.replace(act, moved=True, step="moved")
        state = replace_state(state, activation=act)
        if act.fired:
            return self._end_activation(state)
        return state

    def _end_activation(self, state: PowerSpikeState) -> PowerSpikeState:
        go = state.go
        assert go is not None
        go = msgspec.structs.replace(go, left=go.left - 1)
        state = replace_state(state, go=go, activation=None, phase="activate")
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
                losses.append(PendingLoss(tgt.id, t_seat, res.options, must_hold="strike"))
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
        state = replace_state(state, combat_deck=deck, combat=msgspec.structs.replace(
            c, attacker_cards=a_cards, target_cards=t_cards, result=res))
        if res.tie_losses:
            state = self._lose(state, tgt.id, 1)
            if c.answering is not None:
                state = self._lose(state, c.answering, 1)
        strikes = (a_seat,) * res.attacker_oas + (t_seat,) * res.target_oas
        state = replace_state(state, losses=tuple(losses), oas_strikes=state.oas_strikes + strikes)
        return self._after_combat(state)

    def _retreat(self, state: PowerSpikeState, uid: str,
                 enemies: Sequence[str]) -> tuple[tuple[float, float] | None, HoldReason | None]:
        if not tracks_positions(state.setup):
            return None, None
        spot = retreat_position(state, uid, enemies)
        return spot, "no-room" if spot is None else None

    def _lose(self, state: PowerSpikeState, uid: str, n: int) -> PowerSpikeState:
        """Remove n figures (tank last); a lost 'thopter takes its cargo with it."""
        u = state.unit(uid)
        unit = Unit(u.id, u.profile, u.side, u.figures, u.start_figures, u.name, u.carrying)
        out = unit.take_losses(n)
        state = with_unit(state, msgspec.structs.replace(u, figures=out.unit.figures, carrying=out.unit.cargo))
        for cid in out.cargo_destroyed:
            cargo = state.unit(cid)
            state = with_unit(state, msgspec.structs.replace(cargo, figures=()))
        return state

    def _take_losses(self, state: PowerSpikeState, action: TakeLosses) -> PowerSpikeState:
        pl = state.losses[0]
        option = next(o for o in pl.options if o.kind == action.choice)
        if action.choice == "retreat" and pl.retreat_to is not None:
            u = state.unit(pl.unit)
            state = with_unit(state, msgspec.structs.replace(u, x=pl.retreat_to[0], y=pl.retreat_to[1]))
        state = self._lose(state, pl.unit, option.losses)
        return self._after_combat(replace_state(state, losses=state.losses[1:]))

    def _after_combat(self, state: PowerSpikeState) -> PowerSpikeState:
        """Victory first; then the loser's choice, the strikes earned, and back to the activation."""
        alive = [bool(state.living(s)) for s in SIDES]
        if not all(alive):
            if not any(alive):
                result = Result(winners=(0, 1), draw=True, placings=(1, 1), reason="mutual-wipe-out")
            else:
                w = alive.index(True)
                result = Result(winners=(w,), draw=False, placings=(1, 2) if w == 0 else (2, 1),
                                reason="wipe-out")
            return replace_state(state, phase="over", result=result, losses=(), oas_strikes=(), activation=None)
        if state.losses:
            return replace_state(state, phase="loss")
        if state.oas_strikes:
            return replace_state(state, phase="oas")
        act = state.activation
        if act is None or state.unit(act.unit).destroyed or (act.moved and act.fired):
            return self._end_activation(state)
        return replace_state(state, phase="act")

    # --- information ----------------------------------------------------------------------------------------
    def view(self, state: PowerSpikeState, player: int | None) -> PowerSpikeState:
        """Everything on the table and in the discards is open; the only secret is the order of
        the undrawn cards, so both draw piles are shown sorted (as the rules keep them anyway)."""
        decks = {}
        for name in ("movement_deck", "combat_deck"):
            deck = getattr(state, name)
            if any(a > b for a, b in zip(deck.pile, deck.pile[1:])):
                decks[name] = msgspec.structs.replace(deck, pile=tuple(sorted(deck.pile)))
        return replace_state(state, **decks) if decks else state

    def determinize(self, state_view: PowerSpikeState, seat: int, rng: random.Random) -> PowerSpikeState:
        """The view's draw piles dealt into a random order (core/powerspike/determinize.py)."""
        from core.powerspike.determinize import determinize
        return determinize(state_view, seat, rng)

    def result(self, state: PowerSpikeState) -> Result | None:
        return state.result

    def is_barrier(self, state: PowerSpikeState, action: PowerSpikeAction) -> bool:
        return isinstance(action, (MovementDraw, CombatDraw))

    # --- words (narration.py) and random play (random_play.py) ---------------------------------------------
    def phase_text(self, state: PowerSpikeState) -> str:
        return narration.phase_text(state)

    def result_text(self, state: PowerSpikeState) -> str:
        return narration.result_text(state)

    def describe(self, before: PowerSpikeState, action: PowerSpikeAction, after: PowerSpikeState) -> str:
        return narration.describe(before, action, after)

    def sample_chance(self, state: PowerSpikeState, rng: random.Random) -> PowerSpikeAction:
        return random_play.sample_chance(state, rng)

    def random_action(self, state: PowerSpikeState, rng: random.Random) -> PowerSpikeAction:
        """Purposeful random play: deploy facing the enemy, close in, fire when in range."""
        return random_play.random_action(state, rng, self.legal_actions)


GAME = PowerSpikeGame()
