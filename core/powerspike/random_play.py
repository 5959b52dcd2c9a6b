"""Chance and random play for Power Spike: the cards the seeded generator turns, and a purposeful
random player (deploy facing the enemy, close in, fire when in range) for tests, benchmarks
and self-play.

`sample_chance` reads nothing but the state and the generator, and draws through
cards.sample_draw, whose order of calls is fixed: the same (state, rng) always gives the same
cards, which is what lets a save's recorded draws be checked against its seed.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable

from core.errors import IllegalAction
from core.powerspike import geometry as geo
from core.powerspike.cards import SIDES, sample_draw, sample_movement_card
from core.powerspike.measure import (board, fire_targets, move_problems, named, table_of, to_deploy, tray_at,
                                     unit_tray)
from core.powerspike.state import (CombatDraw, Declared, Deploy, EndActivation, Fire, Move, MovementDraw,
                                   PowerSpikeAction, PowerSpikeState, UnitState, profile, seat_of,
                                   tracks_positions)


def sample_chance(state: PowerSpikeState, rng: random.Random) -> PowerSpikeAction:
    if state.phase == "draw":
        return MovementDraw(sample_movement_card(state.movement_deck, rng))
    c = state.combat
    assert state.phase == "combat" and c is not None
    a, t = c.attacker_entitlement.total, c.target_entitlement.total
    drawn = sample_draw(state.combat_deck, a + t, rng)
    return CombatDraw(drawn[:a], drawn[a:])


def random_action(state: PowerSpikeState, rng: random.Random,
                  legal_actions: Callable[[PowerSpikeState], list[PowerSpikeAction] | None]) -> PowerSpikeAction:
    """Purposeful random play: deploy facing the enemy, close in, fire when in range."""
    phase = state.phase
    if phase in ("draw", "combat"):
        return sample_chance(state, rng)
    if phase == "deploy":
        return _random_deploy(state, rng)
    if phase == "act":
        return _random_act(state, rng)
    legal = legal_actions(state)
    if not legal:
        raise IllegalAction("The game is over.")
    if phase == "activate" and len(legal) > 1 and rng.random() < 0.97:
        legal = legal[:-1]  # EndGo only now and then
    return rng.choice(legal)


def _random_deploy(state: PowerSpikeState, rng: random.Random) -> Deploy:
    p = state.deploy_turn
    uid = rng.choice(to_deploy(state, p))
    u = state.unit(uid)
    table = table_of(state)
    zone = table.zone(u.side).polygon
    enemy = table.zone(SIDES[1 - p]).polygon.centroid
    minx, miny, maxx, maxy = zone.bounds
    others = named(state)
    # Square to the table, facing the enemy zone: random trays at odd angles waste room.
    facing = float(round(math.degrees(math.atan2(enemy.y - zone.centroid.y, enemy.x - zone.centroid.x)) / 90)
                   * 90 % 360)
    w, d = profile(u).tray
    half_x, half_y = (d / 2, w / 2) if facing in (0.0, 180.0) else (w / 2, d / 2)
    for _ in range(60):
        x = round(rng.uniform(minx + half_x, maxx - half_x) * 2) / 2
        y = round(rng.uniform(miny + half_y, maxy - half_y) * 2) / 2
        if not geo.check_deployment(tray_at(u, x, y, facing), u.side, others, table.terrain, table):
            return Deploy(p, uid, x, y, facing)
    # A crowded zone: pack from one corner.
    for j in range(int((maxy - miny) * 4) + 1):
        for i in range(int((maxx - minx) * 4) + 1):
            x, y = minx + half_x + i * 0.25, miny + half_y + j * 0.25
            if not geo.check_deployment(tray_at(u, x, y, facing), u.side, others, table.terrain, table):
                return Deploy(p, uid, x, y, facing)
    raise IllegalAction(f"No room found to deploy {u.name}.")


def _random_act(state: PowerSpikeState, rng: random.Random) -> PowerSpikeAction:
    act, go = state.activation, state.go
    assert act is not None and go is not None
    p = go.seat
    me = state.unit(act.unit)
    if not act.fired and me.on_table:
        targets = fire_targets(state, (me.id,))
        if targets and rng.random() < 0.9:
            target = rng.choice(targets)
            pool = [a for a in go.activated if a != me.id and a not in go.fired and state.unit(a).on_table
                    and target in fire_targets(state, (a,)) and rng.random() < 0.5]
            declared = None
            if not tracks_positions(state.setup):
                declared = Declared(in_range=rng.random() < 0.6, in_contact=rng.random() < 0.1,
                                    arc=rng.choice(("front", "front", "flank", "rear")),
                                    target_in_cover=rng.random() < 0.3)
            return Fire(p, (me.id, *pool), target, declared)
    if not act.moved and (act.step == "choose" or rng.random() < 0.3):
        move = _random_move(state, me, rng)
        if move is not None:
            return move
    return EndActivation(p)


def _random_move(state: PowerSpikeState, u: UnitState, rng: random.Random) -> Move | None:
    p = seat_of(u)
    if not tracks_positions(state.setup):
        return Move(p, u.id, 0.0, 0.0, 0.0)
    start = unit_tray(state, u.id)
    trays = board(state.units)
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
        if not move_problems(state, u.id, x, y, facing):
            return Move(p, u.id, x, y, facing)
    return None
