"""Clout Fantasy's Easy player: rules-aware, no search.

A throw is judged where the scatter model says it will probably rest (`GAME.predict_throw`):
the chip is put there on a copy of the table and the table scored as the rules score it (base
bonuses, loyal, disloyal), plus what its abilities may take from the rival there (strike, siege,
bomb, poison: a target it can beat, weighted by the chance of resting within reach), less what
the rival's chips already there would take from it (ambush, bomb, poison) and the chance of
throwing it off the area. Candidate aims are near the chips worth reaching (rival chips to
attack, own bases and chips to stay near) and a few open spots; throws are soft, for accuracy.
The chip thrown is the one whose best aim gains most beyond its own printed points (those it
scores wherever it lands), so attackers wait for targets. Decisions answer greedily: attack the
most valuable chip it beats, trap and repulse the rival's best, never throw away its own.
"""
from __future__ import annotations

import math
import random
from typing import Any

from core.clout.abilities import Board
from core.clout.game import GAME, Choose, CloutState, DiscardChip, Keep, OnArea, PlaceChip, ReplaceChip, ThrowChip
from core.clout.geometry import CHIP_DIAMETER_CM
from core.clout.resolution import board
from core.clout.scoring import chip_score, score_board
from core.clout.state import rep
from core.clout.validation import actor, playable, why_not

SOFT = 0.0  # strength: a lob that drops dead where it lands, the most accurate throw
# Fixed standard-normal offsets (along, across) for the reach chance: the same every call.
_SAMPLES = tuple((math.cos(2.399963 * k) * math.sqrt(-2 * math.log(1 - (k + 0.5) / 24)),
                  math.sin(2.399963 * k) * math.sqrt(-2 * math.log(1 - (k + 0.5) / 24))) for k in range(24))
ATTACKS = ("strike", "siege")
OFF_AREA_COST = 4.0
FAR = (-1000.0, -1000.0)  # a spot out of everyone's reach: the chip's worth wherever it lands


def _with_chip(state: CloutState, uid: str, pt: tuple[float, float]) -> CloutState:
    """The table with `uid` resting at `pt` (moved there if it is already on the area)."""
    chips = tuple(c for c in state.chips if c.uid != uid) + (OnArea(uid, pt[0], pt[1]),)
    return rep(state, chips=chips)


def lead(b: Board, seat: int) -> float:
    """Seat's clout less the best rival's, as the table stands (no last-thrown rule)."""
    totals = [0.0] * len(b.state.setup.players)
    for s in score_board(b, None):
        totals[s.player] += s.total
    return totals[seat] - max(t for p, t in enumerate(totals) if p != seat)


def chip_worth(b: Board, uid: str) -> float:
    """What removing `uid` costs its controller, roughly: its points and the bonuses it gives."""
    chip = b.chip(uid)
    worth = float(chip.points) + (0.0 if chip.type == "action" else 0.6)
    if chip.type == "base":
        me = b.controller(uid)
        worth += 0.8 * sum(1 for o in b.in_range_of(uid) if b.controller(o) == me)
    if b.trapped(uid):
        worth = 0.3
    return worth


def threats(b: Board, uid: str) -> float:
    """What the rival's chips already on the table take from `uid` resting where it is."""
    me = b.controller(uid)
    chip = b.chip(uid)
    if chip.type != "troop":
        return 0.0
    loss = 0.0
    for src in b.sources("ambush") + b.sources("poison") + b.sources("bomb"):
        if src == uid or b.controller(src) == me:
            continue
        for a in b.abilities(src):
            if a.name not in ("ambush", "poison", "bomb") or not b.usable(src, a) or not b.within(src, uid, a.ignores):
                continue
            if b.immune(uid, a.name):
                continue
            if a.name == "ambush" and b.defense(uid, a.ignores) > b.attack_value(src, a):
                continue
            if a.name == "poison" and b.ability(uid, "poison"):
                continue
            gain_back = chip_worth(b, src) if a.name == "bomb" else 0.0
            loss = max(loss, chip_worth(b, uid) - gain_back)
    return loss


def attack_gain(b: Board, uid: str) -> tuple[float, list[str]]:
    """The best the chip's attacks and removals take from the rival from where it rests."""
    me = b.controller(uid)
    best, aimed = 0.0, []
    for a in b.abilities(uid):
        if not b.usable(uid, a):
            continue
        if a.name in ATTACKS:
            value = b.attack_value(uid, a)
            for t in b.attack_targets(uid, a):
                if b.controller(t) != me and b.defense(t, a.ignores) <= value:
                    g = chip_worth(b, t)
                    if g > best:
                        best, aimed = g, [t]
        elif a.name in ("bomb", "poison"):
            hit = [t for t in b.targets(uid, a) if b.controller(t) != me and b.chip(t).type == "troop"]
            g = sum(chip_worth(b, t) for t in hit) - (chip_worth(b, uid) if a.name == "bomb" and hit else 0.0)
            if g > best:
                best, aimed = g, hit
        elif a.name in ("trap", "possess", "repulse", "attract") and "friendly" not in a.modifiers:
            hit = sorted((t for t in b.targets(uid, a) if b.controller(t) != me), key=lambda t: -chip_worth(b, t))
            if hit:
                g = chip_worth(b, hit[0]) * (0.5 if a.name in ("repulse", "attract") else 1.0)
                if g > best:
                    best, aimed = g, hit[:1]
    return best, aimed


def reach_chance(state: CloutState, seat: int, uid: str, aim: tuple[float, float, float],
                 targets: list[str]) -> float:
    """Share of the scatter model's rest spots from which `uid` reaches every chip in `targets`."""
    pred = GAME.predict_throw(state, seat, *aim)
    if not targets:
        return 1.0
    b = board(state)
    inc = b.increment(seat)
    reach = b.chip(uid).range * inc + CHIP_DIAMETER_CM + 0.1
    k = math.sqrt(-2.0 * math.log(1.0 - pred.coverage))
    sd_along, sd_across = pred.along_cm / k, pred.across_cm / k
    ux, uy = pred.direction
    cx, cy = pred.centre_cm
    spots = [b.pos(t) for t in targets if t in b.on]
    hits = 0
    for a, c in _SAMPLES:
        x = cx + ux * a * sd_along - uy * c * sd_across
        y = cy + uy * a * sd_along + ux * c * sd_across
        if all(math.dist((x, y), p) <= reach + (inc if b.ability(t, "fly") else 0.0) for p, t in zip(spots, targets)):
            hits += 1
    return hits / len(_SAMPLES)


_OLD: list[Any] = [None, {}]  # the last table without the chip, and its chips' scores


def _old_score(b0: Board, uid: str) -> Any:
    if _OLD[0] is not b0:
        _OLD[0], _OLD[1] = b0, {}
    found = _OLD[1].get(uid)
    if found is None:
        found = _OLD[1][uid] = chip_score(b0, uid, None)
    return found


def spot_value(state: CloutState, seat: int, uid: str, pt: tuple[float, float]) -> tuple[float, list[str]]:
    """What `uid` resting at `pt` adds to `seat`'s lead (its own score and the scores it changes:
    bases it reaches, loyal and disloyal chips near it), plus what it may take from the rival
    there, less what the rival's chips there take from it; and the rival chips it would attack."""
    without = state if state.on_area(uid) is None else rep(state, chips=tuple(c for c in state.chips if c.uid != uid))
    b0 = board(without)
    b = board(_with_chip(without, uid, pt))
    me = b.chip(uid)
    affected = set(b.in_range_set(uid)) if me.type == "base" else set()
    for src in b.sources("loyal") + b.sources("disloyal"):
        if src != uid and b.within(src, uid):
            affected.add(src)
    delta = 0.0
    for c in affected:
        if b.chip(c).type == "action":
            continue
        old, new = _old_score(b0, c), chip_score(b, c, None)
        delta += (new.total if new.player == seat else -new.total) - (old.total if old.player == seat else -old.total)
    if me.type != "action":
        mine = chip_score(b, uid, None)
        delta += mine.total if mine.player == seat else -mine.total
    gain, aimed = attack_gain(b, uid)
    return delta + gain - threats(b, uid), aimed


PREYING = frozenset({"strike", "siege", "bomb", "poison", "trap", "possess", "repulse"})


def candidate_points(state: CloutState, seat: int, uid: str, rng: random.Random) -> list[tuple[float, float]]:
    """Spots worth landing on: within reach of the rival chips this chip may take, in range of
    its own bases (a base: among its own chips), and a little open ground."""
    b = board(state)
    minx, miny, maxx, maxy = GAME.area(state).bounds_cm
    inc = b.increment(seat)
    chip = b.cat.chip(state.kind(uid))
    names = {a.name for a in chip.abilities}
    ox, oy = GAME.throw_origin(state, seat)
    anchors: list[tuple[str, float, int]] = []  # chip, distance, spots around it
    if names & PREYING:
        power = max([a.value or 0 for a in chip.abilities if a.name in ATTACKS] or [99]) + 1
        prey = [u for u in b.on if b.controller(u) != seat and b.chip(u).type != "action" and u != uid
                and (b.chip(u).defense or 0) <= power]
        prey.sort(key=lambda u: -chip_worth(b, u))
        anchors += [(u, CHIP_DIAMETER_CM + max(0.5, chip.range * inc * 0.45), 3) for u in prey[:4]]
    mine = [u for u in b.on if b.controller(u) == seat and b.chip(u).type != "action" and u != uid]
    if chip.type == "base":
        anchors += [(u, CHIP_DIAMETER_CM + inc, 2) for u in rng.sample(mine, min(3, len(mine)))]
    else:
        anchors += [(u, CHIP_DIAMETER_CM + b.chip(u).range * inc * 0.6, 2) for u in b.bases() if u in mine]
    points: list[tuple[float, float]] = []
    for u, d, n in anchors:
        x0, y0 = b.pos(u)
        toward = math.atan2(oy - y0, ox - x0)
        for k in range(n):
            t = toward + (k - (n - 1) / 2) * 1.1 + rng.uniform(-0.25, 0.25)
            points.append((x0 + d * math.cos(t), y0 + d * math.sin(t)))
    for _ in range(3):
        points.append((rng.uniform(minx + 12, maxx - 12), rng.uniform(miny + 12, maxy - 12)))
    points.append(((minx + maxx) / 2, (miny + maxy) / 2))
    return [(min(maxx - 3, max(minx + 3, x)), min(maxy - 3, max(miny + 3, y))) for x, y in points]


def best_aim(state: CloutState, seat: int, uid: str, rng: random.Random,
             limit: int = 16) -> tuple[float, tuple[float, float, float], list[str]]:
    """The aim with the best expected worth for throwing `uid`: (worth, (x, y, strength), aimed chips)."""
    pts = candidate_points(state, seat, uid, rng)
    if len(pts) > limit:
        pts = rng.sample(pts, limit)
    best: tuple[float, tuple[float, float, float], list[str]] = (-math.inf, (50.0, 50.0, SOFT), [])
    for x, y in pts:
        pred = GAME.predict_throw(state, seat, x, y, SOFT)
        leave = GAME.leaving(state, pred) if _near_edge(state, *pred.centre_cm) else ""
        if leave == "likely":
            continue
        value, aimed = spot_value(state, seat, uid, pred.centre_cm)
        if aimed:
            base, _ = spot_value(state, seat, uid, FAR)
            p = reach_chance(state, seat, uid, (x, y, SOFT), aimed)
            value = base + (value - base) * p if value > base else value
        if leave == "possible":
            value -= OFF_AREA_COST * 0.3
        if value > best[0]:
            best = (value, (x, y, SOFT), aimed)
    return best


def _near_edge(state: CloutState, x: float, y: float) -> bool:
    minx, miny, maxx, maxy = GAME.area(state).bounds_cm
    return min(x - minx, maxx - x, y - miny, maxy - y) < 12


def ranked_plays(state: CloutState, seat: int, rng: random.Random) -> list[tuple[float, Any]]:
    """The best play of each kind of chip the seat may play, best first, with its gain: its
    best aim's worth beyond the chip's worth wherever it lands (so attackers wait for targets)."""
    ways = playable(state, seat)
    b = board(state)
    plays: list[tuple[float, Any]] = []
    seen: set[str] = set()
    for uid in sorted(ways):
        kind = state.kind(uid)
        if kind in seen:
            continue
        seen.add(kind)
        chip = b.cat.chip(kind)
        if "replace" in ways[uid]:
            mine = [u for u in b.on if b.controller(u) == seat and not b.stopped_at(b.pos(u), seat, uid)]
            target = min(mine, key=lambda u: chip_worth(b, u))
            plays.append((chip.points - chip_worth(b, target), ReplaceChip(seat, uid, target)))
            continue
        idle, _ = spot_value(state, seat, uid, FAR)
        worth, aim, _ = best_aim(state, seat, uid, rng)
        action: Any = ThrowChip(seat, uid, *aim)
        if "place" in ways[uid]:
            placed = _best_place(state, seat, uid, rng)
            if placed is not None and placed[0] >= worth:
                worth, action = placed
        plays.append((worth - idle, action))
    plays.sort(key=lambda t: -t[0])
    return plays


def choose_chip(state: CloutState, seat: int, rng: random.Random) -> Any:
    if not playable(state, seat):
        return DiscardChip(seat, min(state.stacks[seat], key=lambda u: GAME.catalogue.chip(state.kind(u)).points))
    return ranked_plays(state, seat, rng)[0][1]


def _best_place(state: CloutState, seat: int, uid: str, rng: random.Random) -> tuple[float, PlaceChip] | None:
    best: tuple[float, PlaceChip] | None = None
    for x, y in candidate_points(state, seat, uid, rng):
        act = PlaceChip(seat, uid, x, y)
        if why_not(state, act):
            continue
        value, _ = spot_value(state, seat, uid, (x, y))
        if best is None or value > best[0]:
            best = (value, act)
    return best


def rethrow(state: CloutState, seat: int, rng: random.Random) -> Any:
    """Precision (keep a good landing) and aversion (a throw again is due)."""
    assert state.ctx is not None
    uid = state.ctx.chip
    worth, aim, _ = best_aim(state, seat, uid, rng)
    if state.phase == "precision":
        here = board(state)
        if uid in here.on:
            now, _ = spot_value(state, seat, uid, here.pos(uid))
            if now >= worth - 0.3:
                return Keep(seat)
    return ThrowChip(seat, uid, *aim)


def answer(state: CloutState, seat: int, rng: random.Random) -> Any:
    """Answer the seat's first pending decision greedily."""
    slot = next(x for x in state.slots if x.decider == seat)
    b = board(state)
    rival = [o for o in slot.options if b.controller(o) != seat] if slot.options and slot.options[0] in b.on else []

    def worth(u: str) -> float:
        return chip_worth(b, u) if u in b.on else 0.0

    if slot.kind == "conflict":
        return Choose(seat, slot.id, True, (slot.options[0],))
    if slot.fixed:
        if slot.ability in ("ambush", "counterattack"):
            return Choose(seat, slot.id, slot.against <= slot.value or not slot.optional)
        return Choose(seat, slot.id, True)
    name = slot.ability
    if name in ATTACKS:
        beaten = [t for t in slot.options if b.controller(t) != seat and t in b.on
                  and b.defense(t) <= slot.value]
        if beaten:
            return Choose(seat, slot.id, True, (max(beaten, key=worth),))
        if slot.optional:
            return Choose(seat, slot.id, False)
        return Choose(seat, slot.id, True, (slot.options[0],))
    if name in ("trap", "possess", "repulse") or name == "attract" and rival:
        pool = sorted(slot.options, key=lambda u: (b.controller(u) == seat, -worth(u)))
        k = min(slot.count, len(slot.options)) if name != "possess" else 1
        return Choose(seat, slot.id, True, tuple(pool[:k]))
    if name in ("destroy", "raze"):
        pool = sorted(slot.options, key=lambda u: (b.controller(u) == seat, -worth(u)))
        return Choose(seat, slot.id, True, tuple(pool[:min(slot.count, len(pool))]))
    if name == "attract":
        pool = sorted(slot.options, key=worth)
        return Choose(seat, slot.id, True, tuple(pool[:min(slot.count, len(pool))]))
    if name == "command":
        pool = [u for u in slot.options if any(a.name in ATTACKS for a in b.abilities(u))] or list(slot.options)
        return Choose(seat, slot.id, True, tuple(pool[:slot.count]))
    if name == "reanimate":
        return Choose(seat, slot.id, True, (min(slot.options, key=worth),
                                            max(slot.extra, key=lambda d: b.cat.chip(state.kind(d)).points)))
    if slot.needs_point:
        return _move(state, seat, slot, rng)
    if slot.optional:
        return Choose(seat, slot.id, False)
    return Choose(seat, slot.id, True, (slot.options[0],) if slot.options else ())


def _move(state: CloutState, seat: int, slot: Any, rng: random.Random) -> Any:
    """Move (or push): to the reachable spot worth most, or stay."""
    b = board(state)
    if slot.ability == "push":
        if not slot.optional:
            mover = slot.options[0]
        else:
            return Choose(seat, slot.id, False)
    else:
        mover = slot.source
    cx, cy = b.pos(mover)
    limit = slot.value * b.increment(b.controller(slot.source))
    stay, _ = spot_value(state, seat, mover, (cx, cy))
    best: tuple[float, Any] = (stay + 0.05, None)
    targets = (mover,) if slot.ability == "push" else ()
    for k in range(16):
        r = limit * (0.5 + 0.5 * (k % 2)) * 0.98
        t = 2 * math.pi * k / 16 + rng.uniform(-0.1, 0.1)
        x, y = cx + r * math.cos(t), cy + r * math.sin(t)
        act = Choose(seat, slot.id, True, targets, x, y)
        if why_not(state, act):
            continue
        value, _ = spot_value(state, seat, mover, (x, y))
        if value > best[0]:
            best = (value, act)
    if best[1] is not None:
        return best[1]
    if slot.optional:
        return Choose(seat, slot.id, False)
    return Choose(seat, slot.id, True, targets, cx, cy)


def choose(view: CloutState, seat: int, rng: random.Random) -> Any:
    """The Easy player's action for `seat` on its view (it reads only what the view shows)."""
    who = actor(view)
    if who != seat:
        raise ValueError(f"it is not seat {seat}'s decision")
    if view.phase == "choose":
        return choose_chip(view, seat, rng)
    if view.phase in ("throw", "precision"):
        return rethrow(view, seat, rng)
    return answer(view, seat, rng)


HEURISTICS = {"clout": choose}
