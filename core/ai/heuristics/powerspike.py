"""Power Spike's Easy player: knows the rules and the exact odds, and never searches.

It weighs an attack by its expected figures won and lost (each figure worth its unit's combat
cards, the points of a points-based end) from the exact odds of the cards left in the combat
deck, pools every unit of the go that may still fire, and fires only when the attack gains.
It moves where its best attack is (flank arcs and unhurt-against-hurt earn cards) or, with
nothing to shoot, toward the nearest enemy, preferring cover and ground few enemies can reach,
and faces the nearest enemy so attackers stand in its front arc. It takes the smaller loss
(retreat when allowed) and aims Orbital Artillery Strikes where they gain most.

Two measures came from reading the games it lost to random play. A unit with no room to retreat
(table edge, friendly trays, impassable ground) must hold and lose a figure more, so a spot
where an enemy in reach would leave it none is marked down (CORNERED). And a joker drawn in
combat earns an Orbital Artillery Strike, so an attack also counts each side's chance of a joker
times the best strike's expected gain. Against random it lost 4.5 of 200 games without them
(a lost game held 8.4 times on average, a won one 3.2); with them it won all 200 on the same
seeds (tests/benchmarks/test_heuristics_strength.py) and 199 of 200 on seeds 1000 on.
The same measures serve the search's candidate moves (core/ai/knowledge/powerspike.py).
"""
from __future__ import annotations

import functools
import math
import random
from collections.abc import Sequence

from core.powerspike import geometry as geo
from core.powerspike.cards import SIDES, Deck
from core.powerspike.combat import BANDS, OAS_CARDS, oas_target_entitlement
from core.powerspike.measure import (board, combat_for, fire_targets, move_problems, named, retreat_position,
                                     strike_for, table_of, to_deploy, tray_at, unit_tray)
from core.powerspike.odds import deck_odds
from core.powerspike.random_play import random_action
from core.powerspike.state import (Activate, Deploy, EndActivation, EndGo, Fire, Move, OrbitalStrike,
                                   PowerSpikeAction, PowerSpikeState, TakeLosses, UnitState, profile,
                                   tracks_positions)
from core.powerspike.whatif import as_if_moved
from maps.powerspike.table import TerrainPiece

KILL_BONUS = 2.0  # a unit removed is worth more than its points: one target and one activation fewer
RETREAT_WEIGHT = 0.65  # how often a loser is taken to retreat when it may (it loses one figure fewer)
DIRECTIONS = 8
FIRE_AT = -0.5  # the enemy will fight anyway: an even fight now is better than one on its terms
PATIENCE = 6  # passes of the movement deck before a standoff costs patience
PRESSURE = 0.25  # how much worse an attack may be for every pass beyond PATIENCE
CORNERED = 0.5  # per enemy in reach that the unit could not retreat from, times its combat cards


def urgency(state: PowerSpikeState) -> float:
    """What an attack is worth beyond its expected points once a game drags on. Two units in
    cover facing each other both expect to lose an attack (the target draws a card for cover),
    so each waits for the other for ever: the longer the game, the more a fight is worth (and
    leaving cover for one), and every standoff ends."""
    return PRESSURE * max(0, state.passes - PATIENCE)


def fire_at(state: PowerSpikeState) -> float:
    """The worst attack worth making now."""
    return FIRE_AT - urgency(state)


@functools.lru_cache(maxsize=4096)
def _odds(deck: Deck, a: int, t: int) -> tuple[tuple[float, ...], float, tuple[float, ...], float, float]:
    o = deck_odds(deck, a, t)
    return (tuple(float(x) for x in o.attacker_wins), float(o.tie), tuple(float(x) for x in o.target_wins),
            float(o.attacker_joker), float(o.target_joker))


def odds(state: PowerSpikeState, a: int, t: int) -> tuple[tuple[float, ...], float, tuple[float, ...]]:
    """(attacker wins by band, tie, target wins by band) as floats, remembered per deck."""
    return _odds(state.combat_deck, a, t)[:3]


def joker_odds(state: PowerSpikeState, a: int, t: int) -> tuple[float, float]:
    """The chance each side (attacker, target) draws a joker, so earns an Orbital Artillery Strike."""
    return _odds(state.combat_deck, a, t)[3:]


def hit_chance(state: PowerSpikeState, attackers: Sequence[str], target: str) -> float:
    """The exact chance the attack beats the target's hand (core/powerspike/odds.py)."""
    c = combat_for(state, tuple(attackers), target, None)
    o = deck_odds(state.combat_deck, c.attacker_entitlement.total, c.target_entitlement.total)
    return float(o.attacker_win)


def _figures_lost(band_index: int, may_retreat: bool = True) -> float:
    band = BANDS[band_index]
    if not may_retreat:
        return float(band.hold)
    return RETREAT_WEIGHT * band.retreat + (1 - RETREAT_WEIGHT) * band.hold


def _points_lost(cards: int, left: int, figures: float) -> float:
    value = min(figures, left) * cards
    if figures >= left:
        value += KILL_BONUS * cards
    return value


def _loss_value(u: UnitState, figures: float) -> float:
    return _points_lost(profile(u).cards, len(u.figures), figures)


def attack_value(state: PowerSpikeState, attackers: Sequence[str], target: str) -> float:
    """Expected points the attack gains: the target's expected losses less the answering attacker's."""
    c = combat_for(state, tuple(attackers), target, None)
    a, t = c.attacker_entitlement.total, c.target_entitlement.total
    aw, tie, tw = odds(state, a, t)
    tgt = state.unit(target)
    gain = sum(p * _loss_value(tgt, _figures_lost(i)) for i, p in enumerate(aw))
    if c.answering is not None:
        ans = state.unit(c.answering)
        gain -= sum(p * _loss_value(ans, _figures_lost(i)) for i, p in enumerate(tw))
        gain += tie * (_loss_value(tgt, 1) - _loss_value(ans, 1))
    aj, tj = joker_odds(state, a, t)
    return gain + aj * strike_value(state, 1 - _seat(tgt)) - tj * strike_value(state, _seat(tgt))


def poolable(state: PowerSpikeState, unit: str) -> list[str]:
    """Units of the go that may join the activated unit's attack."""
    go = state.go
    if go is None:
        return []
    return [a for a in go.activated if a != unit and a not in go.fired and state.unit(a).on_table]


def best_attack(state: PowerSpikeState, unit: str) -> tuple[float, tuple[str, ...], str] | None:
    """(value, attackers, target) of the unit's best attack now, pooling every unit that reaches."""
    if not state.unit(unit).on_table:
        return None
    best = None
    pool = poolable(state, unit)
    for target in fire_targets(state, (unit,)):
        joiners = tuple(a for a in pool if target in fire_targets(state, (a,)))
        attackers = (unit, *joiners)
        value = attack_value(state, attackers, target)
        if best is None or value > best[0]:
            best = (value, attackers, target)
    return best


def _enemy_trays(state: PowerSpikeState, side: str) -> list[tuple[UnitState, geo.Tray]]:
    trays = board(state.units)
    return [(e, trays[e.id]) for e in state.units if e.side != side and e.id in trays]


def _facing_to(x: float, y: float, goal: tuple[float, float]) -> float:
    return round(math.degrees(math.atan2(goal[1] - y, goal[0] - x)), 1) % 360.0


def in_cover(tray: geo.Tray, terrain: Sequence[TerrainPiece]) -> bool:
    """geometry.in_cover, skipping the pieces whose bounding boxes the tray misses."""
    x0, y0, x1, y1 = tray.bounds
    near = [t for t in terrain if t.is_cover and _boxes_meet((x0, y0, x1, y1), t.polygon.bounds)]
    return bool(near) and geo.in_cover(tray, near)


def _boxes_meet(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _gap(a: geo.Tray, b: geo.Tray) -> float:
    return math.dist(a.centre, b.centre) - a.inner_radius - b.inner_radius


def cornered(state: PowerSpikeState, unit: str) -> bool:
    """Whether an enemy that can reach the unit next go leaves it no room to retreat from it (a
    loser who cannot retreat must hold, and lose a figure more)."""
    tray = board(state.units).get(unit)
    if tray is None:
        return False
    return any(_gap(tray, t) <= profile(e).range + profile(e).move and retreat_position(state, unit, (e.id,)) is None
               for e, t in _enemy_trays(state, state.unit(unit).side))


def position_value(state: PowerSpikeState, unit: str) -> float:
    """How good the unit's spot is for the next goes: cover, few enemies able to reach it and
    those few in its front arc, an enemy close to its range (not beyond, not far within)."""
    u = state.unit(unit)
    trays = board(state.units)
    tray = trays.get(unit)
    if tray is None:
        return 0.0
    me = profile(u)
    enemies = _enemy_trays(state, u.side)
    if not enemies:
        return 0.0
    value = 0.0
    nearest = math.inf
    threats = 0
    for e, t in enemies:
        ep = profile(e)
        gap = _gap(tray, t)
        nearest = min(nearest, gap)
        if gap <= ep.range + ep.move:
            threats += 1
            flank = geo.arc_of(t, tray) != "front"
            value -= 0.05 * ep.cards * (2.0 if flank else 1.0)
            if retreat_position(state, unit, (e.id,)) is None:
                value -= CORNERED * me.cards
    # Cover only pays where an enemy can reach; the longer the game, the harder it presses on,
    # so two cautious sides never wait for each other for ever.
    terrain = table_of(state).terrain
    if in_cover(tray, terrain):
        value += 0.6 * me.cards if threats else 0.1
    elif nearest < 2 * me.range + me.move:
        value -= 0.03 * me.cards * min(geo.distance_in(tray, t.polygon) for t in terrain if t.is_cover)
    value -= 0.08 * (1 + state.passes / 2) * max(0.0, nearest - me.range)
    if not me.commander and any(profile(c).commander and c.id in trays and c.id != unit
                                and geo.within_commander(tray, trays[c.id]) for c in state.living(u.side)):
        value += 0.4 * me.cards
    return value


def move_options(state: PowerSpikeState, unit: str, rng: random.Random, directions: int = DIRECTIONS,
                 extra: int = 0) -> list[Move]:
    """Legal moves spread around the unit: full, two-thirds and one-third moves in every direction,
    facing the nearest enemy (and `extra` random ones), plus turning on the spot."""
    u = state.unit(unit)
    if not tracks_positions(state.setup):
        return [Move(_seat(u), unit, 0.0, 0.0, 0.0)]
    start = unit_tray(state, unit)
    sx, sy = start.centre
    reach = profile(u).move
    enemies = _enemy_trays(state, u.side)
    spots = [(sx, sy)]
    turn = rng.uniform(0, 2 * math.pi)
    for k in range(directions):
        a = turn + 2 * math.pi * k / directions
        for f in (0.98, 0.66, 0.33):
            spots.append((sx + math.cos(a) * reach * f, sy + math.sin(a) * reach * f))
    for _ in range(extra):
        a, r = rng.uniform(0, 2 * math.pi), reach * math.sqrt(rng.random()) * 0.98
        spots.append((sx + math.cos(a) * r, sy + math.sin(a) * r))
    out = []
    for x, y in spots:
        x, y = round(x, 2), round(y, 2)
        if enemies:
            goal = min(enemies, key=lambda et: math.dist(et[1].centre, (x, y)))[1].centre
            facing = _facing_to(x, y, goal)
        else:
            facing = start.facing_deg
        if not move_problems(state, unit, x, y, facing):
            out.append(Move(_seat(u), unit, x, y, facing))
    return out


def _seat(u: UnitState) -> int:
    return SIDES.index(u.side)  # type: ignore[arg-type]


@functools.lru_cache(maxsize=512)
def move_value(state: PowerSpikeState, move: Move, fire_after: bool) -> float:
    """How good the move is: its spot, and the best attack from there when the unit may still fire
    (remembered: the search ranks the very moves Easy has just weighed; states are immutable)."""
    after = as_if_moved(state, move.unit, move.x, move.y, move.facing)
    value = position_value(after, move.unit)
    if fire_after:
        best = best_attack(after, move.unit)
        if best is not None and best[0] > fire_at(state):
            value += best[0] + urgency(state)
    return value


def best_move(state: PowerSpikeState, unit: str, rng: random.Random, fire_after: bool) -> tuple[float, Move] | None:
    options = move_options(state, unit, rng)
    if not options:
        return None
    return max(((move_value(state, m, fire_after), m) for m in options), key=lambda vm: vm[0])


def _waits_for_pool(state: PowerSpikeState, unit: str, target: str) -> bool:
    """Whether to hold fire so a unit activated later in this go can pool its cards with this one:
    the go has activations to spare and a unit still to activate reaches the same target."""
    go = state.go
    if go is None or go.left <= 1:
        return False
    from core.powerspike.game import GAME
    later = [u for u in GAME._activatable(state, go) if u != unit]
    return any(target in fire_targets(state, (u,)) for u in later)


def _act(state: PowerSpikeState, rng: random.Random) -> PowerSpikeAction:
    act, go = state.activation, state.go
    assert act is not None and go is not None
    p = go.seat
    unit = act.unit
    now = None if act.fired else best_attack(state, unit)
    worst = fire_at(state)
    if now is not None and now[0] > worst and _waits_for_pool(state, unit, now[2]):
        if not act.moved:
            moved = best_move(state, unit, rng, fire_after=True)
            if moved is not None and moved[0] > position_value(state, unit) + now[0] + urgency(state) + 0.05:
                return moved[1]
        return EndActivation(p)
    if not act.moved and not act.fired:
        moved = best_move(state, unit, rng, fire_after=True)
        fire_now = (now[0] + urgency(state) + position_value(state, unit)) if now is not None and now[0] > worst \
            else -math.inf
        if moved is not None and moved[0] > fire_now + 0.05:
            return moved[1]
    if now is not None and now[0] > worst:
        return Fire(p, now[1], now[2])
    if not act.moved:
        moved = best_move(state, unit, rng, fire_after=False)
        if moved is not None and moved[0] > position_value(state, unit) + 0.01:
            return moved[1]
    return EndActivation(p)


def promise(state: PowerSpikeState, uid: str) -> float:
    """How much activating the unit may bring: its best attack now, else how near the enemy it is."""
    best = best_attack(state, uid)
    if best is not None:
        return 10.0 + best[0]
    u = state.unit(uid)
    enemies = _enemy_trays(state, u.side)
    trays = board(state.units)
    if not enemies or uid not in trays:
        return 0.0
    return -min(geo.distance_in(trays[uid], t) for _e, t in enemies) / 10.0


def _activate(state: PowerSpikeState) -> PowerSpikeAction:
    go = state.go
    assert go is not None
    from core.powerspike.game import GAME
    units = GAME.activatable(state)
    if not units:
        return EndGo(go.seat)
    return Activate(go.seat, max(units, key=lambda uid: promise(state, uid)))


def _losses(state: PowerSpikeState) -> PowerSpikeAction:
    pl = state.losses[0]
    best = min(pl.options, key=lambda o: (o.losses, o.kind != "hold"))
    return TakeLosses(pl.seat, pl.unit, best.kind)


def _strike_gain(state: PowerSpikeState, u: UnitState) -> float:
    """The expected points an Orbital Artillery Strike on `u` wins (its target may not retreat)."""
    c = strike_for(state, u.id)
    aw, _tie, _tw = odds(state, c.attacker_entitlement.total, c.target_entitlement.total)
    return sum(pr * _loss_value(u, BANDS[i].hold) for i, pr in enumerate(aw))


@functools.lru_cache(maxsize=1024)
def _open_strike_gain(deck: Deck, cards: int, figures: int) -> float:
    aw = _odds(deck, OAS_CARDS, oas_target_entitlement(cards).total)[0]
    return sum(pr * _points_lost(cards, figures, BANDS[i].hold) for i, pr in enumerate(aw))


def strike_value(state: PowerSpikeState, seat: int) -> float:
    """What a strike earned by `seat` in the coming combat is worth: its best target's expected
    loss. The targets' Commanders are left out: measuring them for every attack weighed made Easy
    a third slower, and the strike itself (`_strike`) does measure them."""
    return max((_open_strike_gain(state.combat_deck, profile(u).cards, len(u.figures))
                for u in state.units if _seat(u) != seat and u.on_table), default=0.0)


def _strike(state: PowerSpikeState) -> PowerSpikeAction:
    p = state.oas_strikes[0]
    targets = [u for u in state.units if _seat(u) != p and u.on_table]
    return OrbitalStrike(p, max(targets, key=lambda u: _strike_gain(state, u)).id)


def _deploy(state: PowerSpikeState, rng: random.Random) -> PowerSpikeAction:
    p = state.deploy_turn
    table = table_of(state)
    units = to_deploy(state, p)
    uid = max(units, key=lambda i: (profile(state.unit(i)).commander, profile(state.unit(i)).cards))
    u = state.unit(uid)
    others = named(state)
    mine = [t for i, t in board(state.units).items() if state.unit(i).side == u.side]
    zone = table.zone(u.side).polygon
    enemy = table.zone(SIDES[1 - p]).polygon.centroid
    minx, miny, maxx, maxy = zone.bounds
    facing = float(round(math.degrees(math.atan2(enemy.y - zone.centroid.y, enemy.x - zone.centroid.x)) / 90)
                   * 90 % 360)
    w, d = profile(u).tray
    half_x, half_y = (d / 2, w / 2) if facing in (0.0, 180.0) else (w / 2, d / 2)
    front = maxy - half_y if enemy.y > zone.centroid.y else miny + half_y
    best = None
    for _ in range(40):
        x = round(rng.uniform(minx + half_x, maxx - half_x) * 2) / 2
        y = round(rng.uniform(miny + half_y, maxy - half_y) * 2) / 2
        tray = tray_at(u, x, y, facing)
        if geo.check_deployment(tray, u.side, others, table.terrain, table):
            continue
        score = -min(geo.distance_in(tray, t.polygon) for t in table.terrain if t.is_cover) / 12 - abs(y - front) / 6
        if in_cover(tray, table.terrain):
            score += 1.5
        if mine:
            score -= 0.1 * max(0.0, min(math.dist(tray.centre, t.centre) for t in mine) - 4.0)
        if best is None or score > best[0]:
            best = (score, Deploy(p, uid, x, y, facing))
    if best is not None:
        return best[1]
    return random_action(state, rng, lambda s: None)


def choose(view: PowerSpikeState, seat: int, rng: random.Random) -> PowerSpikeAction:
    """Easy's action for `seat` from its view (everything but the draw piles' order is open)."""
    phase = view.phase
    if phase == "deploy":
        return _deploy(view, rng)
    if phase == "activate":
        return _activate(view)
    if phase == "act":
        if not tracks_positions(view.setup):
            return random_action(view, rng, lambda s: None)
        return _act(view, rng)
    if phase == "loss":
        return _losses(view)
    if phase == "oas":
        return _strike(view)
    return random_action(view, rng, lambda s: None)


HEURISTICS = {"power-spike": choose}
