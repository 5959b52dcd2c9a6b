"""Measuring Power Spike's table for the rules: where each tray stands, who is in range,
whether a move or a deployment may end somewhere, where a retreat ends, and which extra
combat cards the table gives.

Speed matters here (random play and the live previews of a drag call these thousands of
times), so shapes are cached by what decides them: a tray by (size, position, facing), the
trays of a board by its unit records, a table by its id. States are immutable, so a cached
answer never goes stale.
"""
from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from core.powerspike import geometry as geo
from core.powerspike.combat import OAS_CARDS, DrawEntitlement, entitlement, oas_target_entitlement
from core.powerspike.state import (Combat, Declared, ExtraCard, PowerSpikeState, UnitState, profile, seat_of,
                                   tracks_positions)
from maps.datafile import is_number
from maps.powerspike.table import Table, load_table


@functools.lru_cache(maxsize=16384)
def _tray(width: float, depth: float, x: float, y: float, facing: float) -> geo.Tray:
    return geo.Tray((x, y), facing, width, depth)


def tray_at(u: UnitState, x: float, y: float, facing: float) -> geo.Tray:
    """The unit's tray at a pose; the same pose gives the same Tray, so its polygon is built once."""
    w, d = profile(u).tray
    return _tray(w, d, float(x), float(y), float(facing))


@functools.lru_cache(maxsize=512)
def board(units: tuple[UnitState, ...]) -> dict[str, geo.Tray]:
    """The trays of the units standing on the table (cached: states are immutable)."""
    return {u.id: tray_at(u, u.x, u.y, u.facing) for u in units  # type: ignore[arg-type]
            if u.on_table and u.placed}


@functools.lru_cache(maxsize=512)
def _named_board(units: tuple[UnitState, ...]) -> dict[str, tuple[str, geo.Tray]]:
    """unit id -> (the name geometry puts into its reasons, tray)."""
    out: dict[str, tuple[str, geo.Tray]] = {}
    used: set[str] = set()
    names = {u.id: u.name for u in units}
    for uid, tray in board(units).items():
        name = names[uid] or uid
        label = name if name not in used else uid
        used.add(label)
        out[uid] = (label, tray)
    return out


def clear_caches() -> None:
    """Forget every remembered shape and answer: for benchmarks that must time the cold work."""
    for cached in (_tray, board, _named_board, _measure_move):
        cached.cache_clear()


def named(state: PowerSpikeState, skip: Iterable[str] = ()) -> dict[str, geo.Tray]:
    """The board's trays keyed by the unit names geometry puts into its reasons."""
    skip = set(skip)
    return {label: tray for uid, (label, tray) in _named_board(state.units).items() if uid not in skip}


@functools.lru_cache(maxsize=32)
def _table_by_id(table_id: str) -> Table:
    return load_table(table_id)


def table_of(state: PowerSpikeState) -> Table:
    return _table_by_id(state.setup.table)


def to_deploy(state: PowerSpikeState, seat: int) -> list[str]:
    """Units of the seat's side still to be placed (cargo goes down with its ornithopter)."""
    side = ("CDC", "SCS")[seat]
    return [u.id for u in state.units if u.side == side and u.on_table and not u.placed]


def unit_tray(state: PowerSpikeState, unit_id: str) -> geo.Tray:
    """Where the unit stands; a unit aboard an ornithopter stands where its carrier does."""
    u = state.unit(unit_id)
    if u.carried_by is not None:
        c = state.unit(u.carried_by)
        if c.placed:
            return tray_at(u, c.x, c.y, c.facing)  # type: ignore[arg-type]
    if not u.placed:
        raise ValueError(f"{u.name or u.id} has no position on the table")
    return tray_at(u, u.x, u.y, u.facing)  # type: ignore[arg-type]


def finite(*values: object) -> bool:
    """Real numbers that are not NaN or infinite (a bool is no coordinate)."""
    return all(is_number(v) for v in values)


def move_problems(state: PowerSpikeState, unit_id: str, x: float, y: float, facing: float) -> list[str]:
    """Why the unit may not move there (empty when it may); geometry's reasons."""
    u = state.find(unit_id)
    if u is None or u.destroyed:
        return [f"there is no unit {unit_id!r} on the table"]
    if not finite(x, y, facing):
        return ["the position is not a number"]
    if not tracks_positions(state.setup):
        return []
    # The answer depends only on the board, the table and the pose: remembered, so the move a
    # player (or the random player) just checked is not measured again when it is validated.
    return list(_measure_move(state.units, state.setup.table, unit_id, float(x), float(y), float(facing)))


@functools.lru_cache(maxsize=1024)
def _measure_move(units: tuple[UnitState, ...], table_id: str, unit_id: str, x: float, y: float,
                  facing: float) -> tuple[str, ...]:
    u = next(u for u in units if u.id == unit_id)
    if u.carried_by is not None:
        c = next(c for c in units if c.id == u.carried_by)
        if not c.placed:
            return (f"{u.name or u.id} has no position on the table",)
        start = tray_at(u, c.x, c.y, c.facing)  # type: ignore[arg-type]
    elif not u.placed:
        return (f"{u.name or u.id} has no position on the table",)
    else:
        start = tray_at(u, u.x, u.y, u.facing)  # type: ignore[arg-type]
    table = _table_by_id(table_id)
    others = {label: tray for uid, (label, tray) in _named_board(units).items() if uid != unit_id}
    return tuple(geo.check_move(start, (x, y), facing, profile(u).move, others, table.terrain, table))


def reaches(state: PowerSpikeState, tray: geo.Tray, uid: str, target: geo.Tray) -> bool:
    return geo.in_range(tray, target, profile(state.unit(uid)).range)


def fire_targets(state: PowerSpikeState, attackers: Sequence[str]) -> list[str]:
    """Enemy units every attacker has in range (or in base contact)."""
    if not attackers:
        return []
    first = state.find(attackers[0])
    if first is None:
        return []
    enemies = [u for u in state.units if u.side != first.side and u.on_table]
    if not tracks_positions(state.setup):
        return [u.id for u in enemies]
    trays = board(state.units)
    if any(a not in trays for a in attackers):
        return []
    reach = [(trays[a], profile(state.unit(a)).range) for a in attackers]
    out = []
    for e in enemies:
        t = trays.get(e.id)
        if t is not None and all(geo.in_range(tray, t, r) for tray, r in reach):
            out.append(e.id)
    return out


def retreat_position(state: PowerSpikeState, unit_id: str, enemies: Sequence[str]) -> tuple[float, float] | None:
    """Where a full-move retreat directly away from `enemies` ends (None: no room)."""
    trays = board(state.units)
    table = table_of(state)
    u = state.unit(unit_id)
    end = geo.retreat_position(trays[unit_id], [trays[e] for e in enemies if e in trays] or [trays[unit_id]],
                               profile(u).move, named(state, (unit_id,)), table.terrain, table)
    return None if end is None else end.centre


def deployment_problems(state: PowerSpikeState, u: UnitState, x: float, y: float, facing: float) -> list[str]:
    table = table_of(state)
    return geo.check_deployment(tray_at(u, x, y, facing), u.side, named(state), table.terrain, table)


# --- the extra combat cards the table gives --------------------------------------------------------
def _commander_trays(state: PowerSpikeState, side: str) -> list[geo.Tray]:
    return [unit_tray(state, u.id) for u in state.living(side)
            if profile(u).commander and (u.placed or u.carried_by is not None)]


def near_commander(state: PowerSpikeState, uid: str, declared: Declared | None) -> bool:
    if declared is not None:
        return uid in declared.near_commander
    u = state.unit(uid)
    tray = unit_tray(state, uid)
    return any(geo.within_commander(tray, c) for c in _commander_trays(state, u.side))


def combat_for(state: PowerSpikeState, attackers: tuple[str, ...], target: str,
               declared: Declared | None) -> Combat:
    """Measure the table (or read the players' declaration) into the draw entitlements."""
    positions = tracks_positions(state.setup)
    if not positions and declared is None:
        declared = Declared()
    if positions:
        declared = None
    tgt = state.unit(target)
    tprof = profile(tgt)
    extra: list[ExtraCard] = []
    cover: tuple[str, ...] = ()
    if declared is None:
        trays = board(state.units)
        t_tray = trays[target]
        cover = tuple(p.name for p in geo.cover_under(t_tray, table_of(state).terrain))
        in_cover = bool(cover)
    else:
        in_cover = declared.target_in_cover
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
        near = near_commander(state, aid, declared)
        unhurt = not a.hurt and tgt.hurt
        e = entitlement(profile(a).cards, "attacker", flank_or_rear=arc != "front",
                        unhurt_vs_hurt=unhurt, near_commander=near)
        base += e.base
        extras += list(e.extras)
        if arc != "front":
            extra.append(ExtraCard(aid, arc))  # type: ignore[arg-type]
        if unhurt:
            extra.append(ExtraCard(aid, "unhurt"))
        if near:
            extra.append(ExtraCard(aid, "commander"))
    t_unhurt = not tgt.hurt and any(state.unit(a).hurt for a in attackers)
    t_near = near_commander(state, target, declared)
    te = entitlement(tprof.cards, "target", target_in_cover=in_cover, unhurt_vs_hurt=t_unhurt,
                     near_commander=t_near)
    if in_cover:
        extra.append(ExtraCard(target, "cover"))
    if t_unhurt:
        extra.append(ExtraCard(target, "unhurt"))
    if t_near:
        extra.append(ExtraCard(target, "commander"))
    return Combat(attackers, target, DrawEntitlement(base, tuple(extras)), te, answering, contact,
                  extra_cards=tuple(extra), cover=cover)


def strike_for(state: PowerSpikeState, target: str) -> Combat:
    """An Orbital Artillery Strike on `target`: four cards against the target's own."""
    tgt = state.unit(target)
    near = tracks_positions(state.setup) and near_commander(state, target, None)
    te = oas_target_entitlement(profile(tgt).cards, near_commander=near)
    extra = (ExtraCard(target, "commander"),) if near else ()
    return Combat((), target, DrawEntitlement(OAS_CARDS), te, strike=1 - seat_of(tgt), extra_cards=extra)
