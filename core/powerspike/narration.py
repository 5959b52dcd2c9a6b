"""Power Spike in words: the log line for every action, the phase banner, the result, why a
loser must hold and why each extra combat card was given.

The state holds only facts (ids, card ints, counts, enums), so every sentence a player reads
is built here, from the state, where it is shown. Rewording a template below changes what
the app says and never what a save holds.
"""
from __future__ import annotations

import math

from core.powerspike.cards import SIDES, card_name, cards_text, is_joker, movement_meaning
from core.powerspike.combat import OAS_CARDS, DrawEntitlement, Hand
from core.powerspike.measure import to_deploy, unit_tray
from core.powerspike.state import (SIDE_SEAT, Activate, Aim, Combat, CombatDraw, Deploy, EndActivation, EndGo, Fire,
                                   Move, MovementDraw, OrbitalStrike, PendingLoss, PowerSpikeAction,
                                   PowerSpikeState, TakeLosses, profile, side_points, tracks_positions)
from core.text import plural

# How a game ended, by the Result's reason; {winner} {side} {loser_side} {passes} {high} {low} {points}.
RESULT_TEXT: dict[str, str] = {
    "wipe-out": "{winner} ({side}) wins: the {loser_side} has no units left.",
    "mutual-wipe-out": "Both armies were wiped out in the same combat: a draw.",
    "points": "{winner} ({side}) wins on points after {passes} of the movement deck, {high} to {low}.",
    "points-draw": "After {passes} of the movement deck both sides have {points} points: a draw.",
}
# Why a loser may not retreat; {unit} {move}.
HOLD_TEXT: dict[str, str] = {
    "strike": "{unit} is the target of an Orbital Artillery Strike and may not retreat: it must hold.",
    "no-room": "{unit} has no room to retreat a full move ({move}\") directly away from the enemy, "
               "so it must hold.",
}
# Why a unit drew an extra combat card; {unit} {target} {cover}.
EXTRA_TEXT: dict[str, str] = {
    "flank": "{unit}: +1 for attacking {target}'s flank",
    "rear": "{unit}: +1 for attacking {target}'s rear",
    "unhurt-attacker": "{unit}: +1, unhurt against a hurt target",
    "unhurt-target": "{unit}: +1, unhurt against a hurt attacker",
    "commander": "{unit}: +1, within 12\" of its Commander",
    "cover": "{unit}: +1 for cover ({cover})",
}


def fmt(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def result_text(state: PowerSpikeState) -> str:
    """The player-facing sentence for a finished game ("" while it goes on)."""
    r = state.result
    if r is None:
        return ""
    cdc, scs = side_points(state, "CDC"), side_points(state, "SCS")
    reason = r.reason
    if reason == "points" and r.draw:
        reason = "points-draw"
    w = r.winners[0] if r.winners else 0
    return RESULT_TEXT[reason].format(winner=state.name(w), side=SIDES[w], loser_side=SIDES[1 - w],
                                      passes=plural(state.passes, "pass"), high=max(cdc, scs),
                                      low=min(cdc, scs), points=cdc)


def hold_reason_text(state: PowerSpikeState, loss: PendingLoss) -> str:
    """Why this loser must hold ("" when it may retreat)."""
    if loss.must_hold is None:
        return ""
    u = state.unit(loss.unit)
    return HOLD_TEXT[loss.must_hold].format(unit=u.name, move=fmt(profile(u).move))


def combat_notes(state: PowerSpikeState, combat: Combat) -> list[str]:
    """One line per extra combat card: who earned it and why."""
    target = state.unit(combat.target).name
    cover = ", ".join(combat.cover) or "declared"
    out = []
    for e in combat.extra_cards:
        key = e.bonus
        if key == "unhurt":
            key = "unhurt-target" if e.unit == combat.target else "unhurt-attacker"
        out.append(EXTRA_TEXT[key].format(unit=state.unit(e.unit).name, target=target, cover=cover))
    return out


def phase_text(state: PowerSpikeState) -> str:
    phase = state.phase
    if phase == "deploy":
        p = state.deploy_turn
        return (f"Deployment: {state.name(p)} places a {SIDES[p]} unit "
                f"({len(to_deploy(state, p))} to place).")
    if phase == "draw":
        return f"{state.name(state.drawer)} draws from the movement deck."
    if phase == "activate":
        go = state.go
        assert go is not None
        return (f"{state.name(go.seat)}'s go ({card_name(go.card)}): activate a unit "
                f"({go.left} of {plural(go.activations, 'activation')} left).")
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
    return result_text(state) or "The game is over."



def describe(before: PowerSpikeState, action: PowerSpikeAction, after: PowerSpikeState) -> str:
    s = before
    tail = _ending(after) if before.result is None else ""
    if isinstance(action, Deploy):
        u = s.unit(action.unit)
        aboard = [after.unit(c).name for c in u.carrying]
        extra = f", carrying {', '.join(aboard)}" if aboard else ""
        line = (f"{s.name(action.player)} deploys {u.name} at ({fmt(action.x)}\", {fmt(action.y)}\") "
                f"facing {fmt(action.facing % 360)}°{extra}.")
        if after.phase == "draw":
            line += " Deployment is complete; the movement deck decides who goes."
        return line + tail
    if isinstance(action, MovementDraw):
        return _describe_draw(s, action.card, after) + tail
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
        return f"{s.name(action.player)} ends the go with {plural(go.left, 'activation')} unused." + tail
    if isinstance(action, Move):
        u = s.unit(action.unit)
        if not tracks_positions(s.setup):
            line = f"{u.name} moves."
        else:
            start = unit_tray(s, u.id).centre
            line = (f"{u.name} moves {fmt(math.dist(start, (action.x, action.y)))}\" to "
                    f"({fmt(action.x)}\", {fmt(action.y)}\") facing {fmt(action.facing % 360)}°.")
        if u.carried_by is not None:
            line = line[:-1] + f", getting off {s.unit(u.carried_by).name}."
        if u.carrying:
            line = line[:-1] + f", carrying {', '.join(s.unit(c).name for c in u.carrying)}."
        return line + _activation_over(s, after) + tail
    if isinstance(action, Aim):
        assert s.activation is not None
        return f"{s.name(action.player)} aims {s.unit(s.activation.unit).name} at {s.unit(action.target).name}."
    if isinstance(action, EndActivation):
        assert s.activation is not None
        name = s.unit(s.activation.unit).name
        return f"{name} ends its activation." + _activation_over(s, after) + tail
    if isinstance(action, Fire):
        c = after.combat
        assert c is not None
        names = " and ".join(s.unit(a).name for a in action.attackers)
        t = s.unit(action.target)
        how = "assaults" if c.in_contact else "fires at"
        line = (f"{names} {how} {t.name}: the attack draws {_draws(c.attacker_entitlement)}, "
                f"the target {_draws(c.target_entitlement)}.")
        notes = combat_notes(after, c)
        if notes:
            line += " Extra cards: " + "; ".join(notes) + "."
        if c.answering is None:
            line += f" The attackers are out of {t.name}'s range: no fire exchange."
        return line
    if isinstance(action, CombatDraw):
        return _describe_combat(s, after) + tail
    if isinstance(action, TakeLosses):
        return _describe_losses(s, action, after) + tail
    if isinstance(action, OrbitalStrike):
        c = after.combat
        assert c is not None
        t = s.unit(action.target)
        line = (f"{s.name(action.player)} calls an Orbital Artillery Strike on {t.name}: {OAS_CARDS} cards "
                f"against {_draws(c.target_entitlement)} (no cover card, no retreat).")
        notes = combat_notes(after, c)
        return line + (" Extra cards: " + "; ".join(notes) + "." if notes else "")
    return str(action)


def _draws(e: DrawEntitlement) -> str:
    if not e.extras:
        return plural(e.total, "card")
    return f"{plural(e.total, 'card')} ({e.base} + {len(e.extras)} extra)"


def _ending(after: PowerSpikeState) -> str:
    return f" {result_text(after)}" if after.result is not None else ""


def _activation_over(before: PowerSpikeState, after: PowerSpikeState) -> str:
    if after.phase == "draw" or after.phase == "over":
        return " The go is over."
    if after.phase == "activate" and after.go is not None:
        return f" {plural(after.go.left, 'activation')} left in this go."
    return ""


def _describe_draw(s: PowerSpikeState, c: int, after: PowerSpikeState) -> str:
    who = s.name(s.drawer)
    if is_joker(c):
        return (f"{who} draws a Joker: the movement deck is reshuffled (pass {after.passes} ends) and "
                f"{who} draws again.")
    meaning = movement_meaning(c)
    assert meaning is not None
    seat = SIDE_SEAT[meaning.side]
    line = (f"{who} draws the {card_name(c)}: the {meaning.side}'s go ({s.name(seat)}), "
            f"{plural(meaning.activations, 'activation')}.")
    if len(s.movement_deck.pile) == 1:
        line += f" That was the last card: the deck is reshuffled (pass {after.passes} ends)."
    if after.phase != "activate" and after.result is None:
        line += (f" No {meaning.side} unit may be activated (all were activated in the side's previous go), "
                 f"so the go is lost.")
    return line


def _describe_combat(s: PowerSpikeState, after: PowerSpikeState) -> str:
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
            why = hold_reason_text(after, pl)
            if why:
                line += f" ({why})"
    earned = len(after.oas_strikes) - len(s.oas_strikes)
    if earned > 0:
        for whose, n in ((atk.lower(), r.attacker_oas), (t.name, r.target_oas)):
            if n:
                line += f" Jokers: {whose}'s side earns {plural(n, 'Orbital Artillery Strike')}."
    line += _losses_text(s, after)
    return line


def _losses_text(s: PowerSpikeState, after: PowerSpikeState) -> str:
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
                out.append(f"{b.name} loses {plural(lost, 'figure')} ({len(a.figures)} left)")
    return (" " + "; ".join(out) + ".") if out else ""


def _describe_losses(s: PowerSpikeState, action: TakeLosses, after: PowerSpikeState) -> str:
    pl = s.losses[0]
    u = s.unit(pl.unit)
    option = next(o for o in pl.options if o.kind == action.choice)
    if action.choice == "retreat":
        where = f" to ({fmt(pl.retreat_to[0])}\", {fmt(pl.retreat_to[1])}\")" if pl.retreat_to else ""
        line = f"{u.name} retreats a full move{where}"
    else:
        line = f"{u.name} holds its ground"
    if option.losses == 0:
        return line + " without loss." + _activation_over(s, after)
    return line + ":" + _losses_text(s, after) + _activation_over(s, after)

