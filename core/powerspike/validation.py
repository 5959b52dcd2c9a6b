"""Why a Power Spike action is refused, in a sentence a player reads ("" when it is legal).

Actions come from the view, the computer players and save files, so anything may arrive: a
seat that does not exist, unit ids from another game, NaN coordinates, cards that are not
cards. Every check here reads the action defensively and answers with a reason; it never
raises, so `validate` can turn any bad action into IllegalAction.
"""
from __future__ import annotations

from typing import get_args

from core.powerspike import geometry as geo
from core.powerspike.cards import SIDES, card_name
from core.powerspike.measure import board, deployment_problems, finite, move_problems, reaches, to_deploy
from core.powerspike.narration import fmt, hold_reason_text, phase_text
from core.powerspike.state import (Activate, Aim, Arc, CombatDraw, Deploy, EndActivation, EndGo, Fire, Move,
                                   MovementDraw, OrbitalStrike, PowerSpikeState, TakeLosses, profile, seat_of,
                                   tracks_positions)

EXPECTED: dict[str, tuple[type, ...]] = {
    "deploy": (Deploy,), "draw": (MovementDraw,), "activate": (Activate, EndGo),
    "act": (Move, Aim, Fire, EndActivation), "combat": (CombatDraw,), "loss": (TakeLosses,), "oas": (OrbitalStrike,)}
ARCS = get_args(Arc)


def _is_seat(value: object) -> bool:
    return type(value) is int and 0 <= value < 2


def _actor_seat(state: PowerSpikeState) -> int | None:
    phase = state.phase
    if phase == "deploy":
        return state.deploy_turn
    if phase in ("activate", "act") and state.go is not None:
        return state.go.seat
    if phase == "loss" and state.losses:
        return state.losses[0].seat
    if phase == "oas" and state.oas_strikes:
        return state.oas_strikes[0]
    return None


def why_not(state: PowerSpikeState, action: object) -> str:
    phase = state.phase
    if phase == "over":
        return "The game is over."
    if not isinstance(action, EXPECTED[phase]):
        return f"That is not possible now: {phase_text(state)}"
    if hasattr(action, "player"):
        player = action.player
        if not _is_seat(player):
            return f"There is no player {player!r} in this game."
        if player != _actor_seat(state):
            return f"It is not {state.name(player)}'s turn: {phase_text(state)}"
    if isinstance(action, Deploy):
        return _deploy(state, action)
    if isinstance(action, MovementDraw):
        if type(action.card) is not int or not 0 <= action.card < 54:
            return f"{action.card!r} is not a card."
        if action.card not in state.movement_deck.pile:
            return f"The {card_name(action.card)} is not in the movement deck's draw pile."
        return ""
    if isinstance(action, Activate):
        return _activate(state, action.unit)
    if isinstance(action, Move):
        return _move(state, action)
    if isinstance(action, Aim):
        return _aim(state, action)
    if isinstance(action, Fire):
        return _fire(state, action)
    if isinstance(action, CombatDraw):
        return _draw(state, action)
    if isinstance(action, TakeLosses):
        return _take_losses(state, action)
    if isinstance(action, OrbitalStrike):
        return _strike(state, action)
    assert isinstance(action, (EndGo, EndActivation))
    return ""


def _deploy(state: PowerSpikeState, action: Deploy) -> str:
    u = state.find(action.unit)
    if u is None or action.unit not in to_deploy(state, action.player):
        if u is not None and u.carried_by is not None:
            return f"{u.name} is aboard an ornithopter and is deployed with it."
        if u is not None and u.placed:
            return f"{u.name} is already deployed."
        return f"{action.unit!r} is not one of your units waiting to be deployed."
    if not finite(action.x, action.y, action.facing):
        return "The position is not a number."
    reasons = deployment_problems(state, u, action.x, action.y, action.facing)
    return f"{u.name} cannot be deployed there: {'; '.join(reasons)}." if reasons else ""


def _activate(state: PowerSpikeState, uid: str) -> str:
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


def _move(state: PowerSpikeState, action: Move) -> str:
    act = state.activation
    assert act is not None
    name = state.unit(act.unit).name
    if action.unit != act.unit:
        return f"Only the activated unit, {name}, may move."
    if act.moved:
        return f"{name} has already moved in this activation."
    if not finite(action.x, action.y, action.facing):
        return "The position is not a number."
    problems = move_problems(state, action.unit, action.x, action.y, action.facing)
    if problems:
        return f"{name} cannot move there: {'; '.join(problems)}."
    return ""


def _aim(state: PowerSpikeState, action: Aim) -> str:
    """A target the activated unit could fire at now: an enemy on the table, in its range when
    positions are tracked (pooled units are checked when the attack fires)."""
    act = state.activation
    assert act is not None
    me = state.unit(act.unit)
    if act.fired:
        return f"{me.name} has already fired in this activation."
    if me.carried_by is not None:
        return f"{me.name} is aboard an ornithopter; it must get off (move) before it can aim."
    t = state.find(action.target)
    if t is None or t.destroyed:
        return f"There is no unit {action.target!r} to aim at."
    if t.side == me.side:
        return f"{t.name} is on your own side."
    if not t.on_table:
        return f"{t.name} is aboard an ornithopter; aim at the ornithopter."
    if act.target == t.id:
        return f"{me.name} is already aiming at {t.name}."
    if tracks_positions(state.setup):
        trays = board(state.units)
        if me.id not in trays or t.id not in trays:
            return "A unit in this attack has no position on the table."
        if not reaches(state, trays[me.id], me.id, trays[t.id]):
            return (f"{t.name} is out of {me.name}'s range ({fmt(profile(me).range)}\"; it is "
                    f"{fmt(geo.distance_in(trays[me.id], trays[t.id]))}\" away).")
    return ""


def _fire(state: PowerSpikeState, action: Fire) -> str:
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
        trays = board(state.units)
        if any(uid not in trays for uid in (*action.attackers, t.id)):
            return "A unit in this attack has no position on the table."
        for aid in action.attackers:
            if not reaches(state, trays[aid], aid, trays[t.id]):
                a = state.unit(aid)
                return (f"{t.name} is out of {a.name}'s range ({fmt(profile(a).range)}\"; it is "
                        f"{fmt(geo.distance_in(trays[aid], trays[t.id]))}\" away).")
        return ""
    d = action.declared
    if d is not None:
        if d.arc not in ARCS:
            return f"{d.arc!r} is not an arc (front, flank or rear)."
        if any(state.find(x) is None for x in d.near_commander):
            return "A unit declared near its Commander is not in the game."
    return ""


def _draw(state: PowerSpikeState, action: CombatDraw) -> str:
    c = state.combat
    assert c is not None
    a, t = len(action.attacker_cards), len(action.target_cards)
    who = "The strike" if c.strike is not None else "The attackers"
    if a != c.attacker_entitlement.total:
        return f"{who} draw {c.attacker_entitlement.total} cards, not {a}."
    if t != c.target_entitlement.total:
        return f"The target draws {c.target_entitlement.total} cards, not {t}."
    try:
        state.combat_deck.after_draw(tuple(action.attacker_cards) + tuple(action.target_cards))
    except (ValueError, TypeError) as e:
        return f"Those cards cannot have been drawn from the combat deck: {e}."
    return ""


def _take_losses(state: PowerSpikeState, action: TakeLosses) -> str:
    pl = state.losses[0]
    u = state.unit(pl.unit)
    if action.unit != pl.unit:
        return f"{u.name} is the unit taking losses now."
    if action.choice not in ("hold", "retreat"):
        return f"{action.choice!r} is neither hold nor retreat."
    if not any(o.kind == action.choice for o in pl.options):
        return hold_reason_text(state, pl) or f"{u.name} cannot {action.choice}."
    return ""


def _strike(state: PowerSpikeState, action: OrbitalStrike) -> str:
    t = state.find(action.target)
    if t is None or t.destroyed:
        return f"There is no unit {action.target!r} to strike."
    if seat_of(t) == action.player:
        return f"{t.name} is one of your own units."
    if not t.on_table:
        return f"{t.name} is aboard an ornithopter; strike the ornithopter."
    return ""
