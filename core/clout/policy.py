"""Chance and random play: where a throw lands (the seeded draws, then the physics), and a
random legal action for any decider, used by self-play, tests and benchmarks."""
from __future__ import annotations

import functools
import math
import random

from core.clout import throwing
from core.clout.resolution import board
from core.clout.state import (
    Choose,
    CloutAction,
    CloutState,
    DiscardChip,
    Keep,
    Landed,
    PlaceChip,
    ReplaceChip,
    Spot,
    ThrowChip,
    owner,
    play_area,
)
from core.clout.validation import actor, playable, why_not
from core.errors import IllegalAction

THROW_DISTANCE_CM = 30.0  # players stand this far outside the area's edge (invented)
DRAW_DECIMALS = 4  # draws are recorded to a micrometre (cm/s for the speed)


def throw_origin(state: CloutState, player: int) -> tuple[float, float]:
    """Players stand evenly around the area; seat 0 at the bottom edge."""
    return _origin(state.setup.area, len(state.setup.players), player)


@functools.lru_cache(maxsize=64)
def _origin(area: str, players: int, player: int) -> tuple[float, float]:
    minx, miny, maxx, maxy = play_area(area).bounds_cm
    cx, cy = (minx + maxx) / 2, (miny + maxy) / 2
    r = max(maxx - minx, maxy - miny) / 2 + THROW_DISTANCE_CM
    ang = math.pi / 2 + 2 * math.pi * player / players
    return (cx + r * math.cos(ang), cy + r * math.sin(ang))


@functools.lru_cache(maxsize=64)
def _skill(scatter_cm: float) -> throwing.Skill:
    return throwing.Skill(scatter_cm)


def _aim(state: CloutState) -> tuple[throwing.Aim, throwing.Skill]:
    ctx = state.ctx
    assert ctx is not None and state.phase == "land"
    p = owner(ctx.chip)
    aim_x, aim_y, strength = ctx.aim or (50.0, 50.0, 0.3)
    skill = _skill(state.setup.skills_cm[p] if state.setup.skills_cm else throwing.CLUB.scatter_cm)
    origin = throw_origin(state, p)
    if math.dist(origin, (aim_x, aim_y)) == 0:
        origin = (origin[0] + 1.0, origin[1])
    return throwing.Aim((aim_x, aim_y), origin, strength), skill


def predict(state: CloutState, player: int, x: float, y: float, strength: float) -> throwing.Scatter:
    """Where `player`'s throw aimed at (x, y) with `strength` will probably come to rest."""
    skill = _skill(state.setup.skills_cm[player] if state.setup.skills_cm else throwing.CLUB.scatter_cm)
    origin = throw_origin(state, player)
    if math.dist(origin, (x, y)) == 0:
        origin = (origin[0] + 1.0, origin[1])
    area = play_area(state.setup.area)
    aim = throwing.Aim((x, y), origin, min(1.0, max(0.0, strength)))
    return throwing.scatter(aim, skill, area.slide_friction * throwing.GRAVITY_CM_S2)


def sample_draws(state: CloutState, rng: random.Random) -> tuple[float, float, float]:
    """The throw's random draws: the landing point and arrival speed (no physics)."""
    return _draws(*_aim(state), rng)


def _draws(aim: throwing.Aim, skill: throwing.Skill, rng: random.Random) -> tuple[float, float, float]:
    landing = throwing.sample_landing(aim, skill, rng)
    (x, y), (vx, vy) = landing.point_cm, landing.velocity_cm_s
    return (round(x, DRAW_DECIMALS), round(y, DRAW_DECIMALS), round(math.hypot(vx, vy), DRAW_DECIMALS))


def sample_chance(state: CloutState, rng: random.Random) -> Landed:
    """Draw the landing, then let the physics settle the table from exactly the recorded draws."""
    aim, skill = _aim(state)
    draws = _draws(aim, skill, rng)
    ux, uy = aim.direction
    x, y, speed = draws
    assert state.ctx is not None
    settled = throwing.settle(play_area(state.setup.area), {c.uid: (c.x, c.y) for c in state.chips},
                              state.ctx.chip, (x, y), (ux * speed, uy * speed))
    spots = tuple(Spot(u, float(px), float(py)) for u, (px, py) in sorted(settled.moved.items()))
    return Landed(state.ctx.chip, spots, bool(settled.out), draws)


def random_action(state: CloutState, rng: random.Random) -> CloutAction:
    if state.phase == "over":
        raise IllegalAction("the game is over")
    if state.phase == "land":
        return sample_chance(state, rng)
    minx, miny, maxx, maxy = play_area(state.setup.area).bounds_cm
    p = actor(state)
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
        ways = playable(state, p)
        if not ways:
            return DiscardChip(p, rng.choice(state.stacks[p]))
        uid = rng.choice(sorted(ways))
        if "replace" in ways[uid]:
            b = board(state)
            opts = [u for u in b.on if b.controller(u) == p and not b.stopped_at(b.pos(u), p, uid)]
            return ReplaceChip(p, uid, rng.choice(opts))
        if "place" in ways[uid] and rng.random() < 0.5:
            for _ in range(20):
                x, y, _st = aim()
                act = PlaceChip(p, uid, x, y)
                if not why_not(state, act):
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
        b = board(state)
        mover = targets[0] if targets else slot.source
        cx, cy = b.pos(mover)
        limit = slot.value * b.increment(b.controller(slot.source))
        for _ in range(20):
            r, t = rng.uniform(0, limit), rng.uniform(0, 2 * math.pi)
            act = Choose(p, slot.id, True, targets, cx + r * math.cos(t), cy + r * math.sin(t))
            if not why_not(state, act):
                return act
        if slot.optional:
            return Choose(p, slot.id, False)
        return Choose(p, slot.id, True, targets, cx, cy)
    return Choose(p, slot.id, True, targets)
