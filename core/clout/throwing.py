"""Throwing a chip: where it lands (aim plus a player's scatter) and how it slides and knocks.

A throw is two steps so that a match can record it as plain data. `sample_landing` turns an
aim and a player's skill into a landing point and an arrival velocity, drawing from the
match's seeded random generator; `settle` then lets a real 2D physics engine (pymunk) slide
the chip to rest, knocking the chips it touches, and answers with the new centres. The
engine stores that answer as the throw's chance action, so replaying a saved game never
runs physics again and cannot drift if pymunk changes.

Units are centimetres and seconds on the area's axes (x right, y down). The physical
constants are invented by Battlebox (chosen so a firm throw slides a hand's width or two on
a wooden table); each area file gives its own surface friction.
"""
from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping
from dataclasses import dataclass

import pymunk

from core.clout.geometry import (
    CHIP_RADIUS_CM,
    ChipId,
    Point,
    entirely_outside,
    overlapping_pairs,
    push_inside,
)
from maps.clout.areas import PlayArea

# Invented: a casino-style chip weighs about 10 g; only ratios matter between equal chips.
CHIP_MASS_G = 10.0
# Invented: how bouncy chip-on-chip knocks are and how much they drag on each other.
CHIP_ELASTICITY = 0.5
CHIP_FRICTION = 0.2
CUSHION_ELASTICITY = 0.6
GRAVITY_CM_S2 = 981.0
# Invented: a full-strength throw arrives sliding this fast (slides ~70 cm on a wooden table).
MAX_ARRIVAL_SPEED_CM_S = 200.0
# Fixed physics steps: the same inputs always take the same steps, so the result is repeatable.
STEP_S = 1.0 / 240.0
MAX_STEPS = 240 * 6
# Overlap pymunk tolerates between touching chips (its default 0.1 is too loose for 4 cm chips).
COLLISION_SLOP_CM = 0.005
SOLVER_ITERATIONS = 10
# Share of any overlap left after one second: a chip that lands on another is pushed clear
# within a few steps instead of pymunk's gentle default.
COLLISION_BIAS = 0.5 ** 240
# Chips closer than a diameter less this are still overlapping: keep stepping.
OVERLAP_CM = 0.01
# A chip slower than this is at rest; and positions are reported to a micrometre.
REST_SPEED_CM_S = 0.05
REPORT_DECIMALS = 4
MOVED_CM = 1e-4


@dataclass(frozen=True)
class Skill:
    """How accurately a player throws: scatter of the landing point and of the throw's strength.

    `scatter_cm` is the standard deviation of the landing point around the aim, across the
    throw; along the throw it grows with strength (a hard throw is harder to judge).
    `strength_error` is the standard deviation of the arrival speed as a fraction of it.
    """

    scatter_cm: float
    strength_error: float = 0.15

    def __post_init__(self) -> None:
        if not (math.isfinite(self.scatter_cm) and self.scatter_cm >= 0):
            raise ValueError(f"scatter must be a non-negative number of cm, got {self.scatter_cm!r}")
        if not (math.isfinite(self.strength_error) and self.strength_error >= 0):
            raise ValueError(f"strength error must be non-negative, got {self.strength_error!r}")


# Invented presets for setup screens; a handicapped player may also get a larger increment.
NOVICE = Skill(scatter_cm=8.0, strength_error=0.3)
CLUB = Skill(scatter_cm=4.0, strength_error=0.15)
EXPERT = Skill(scatter_cm=2.0, strength_error=0.08)
PERFECT = Skill(scatter_cm=0.0, strength_error=0.0)


@dataclass(frozen=True)
class Aim:
    """Where the player means the chip to land, from where they throw, and how hard.

    `strength` runs from 0 (a soft lob that drops dead where it lands) to 1 (a firm throw
    that arrives sliding at `MAX_ARRIVAL_SPEED_CM_S` along the throw and keeps going).
    """

    target_cm: Point
    origin_cm: Point
    strength: float = 0.0

    def __post_init__(self) -> None:
        if not (0.0 <= self.strength <= 1.0):
            raise ValueError(f"strength must be between 0 and 1, got {self.strength!r}")
        if math.dist(self.target_cm, self.origin_cm) == 0:
            raise ValueError("the aim point must differ from the throwing position (no direction)")

    @property
    def direction(self) -> Point:
        dx = self.target_cm[0] - self.origin_cm[0]
        dy = self.target_cm[1] - self.origin_cm[1]
        length = math.hypot(dx, dy)
        return dx / length, dy / length


@dataclass(frozen=True)
class Landing:
    """Where the chip first touches the area and how fast it is sliding then (cm, cm/s)."""

    point_cm: Point
    velocity_cm_s: Point


@dataclass(frozen=True)
class Settled:
    """A throw's outcome as plain data: the new centre of every chip that moved, and chips out.

    `moved` includes the thrown chip when it stays in play; `out` lists the thrown chip when
    it ended entirely outside the area (removed without activating). Chips knocked out are
    never out: they are already put back just inside the nearest edge in `moved`.
    """

    moved: dict[ChipId, Point]
    out: tuple[ChipId, ...]


def sample_landing(aim: Aim, skill: Skill, rng: random.Random) -> Landing:
    """The landing point and arrival velocity of one throw; draws exactly three numbers from rng."""
    ux, uy = aim.direction
    across = rng.gauss(0.0, 1.0) * skill.scatter_cm
    along = rng.gauss(0.0, 1.0) * skill.scatter_cm * (1.0 + aim.strength)
    speed = aim.strength * MAX_ARRIVAL_SPEED_CM_S * max(0.0, 1.0 + rng.gauss(0.0, 1.0) * skill.strength_error)
    x = aim.target_cm[0] + ux * along - uy * across
    y = aim.target_cm[1] + uy * along + ux * across
    return Landing((x, y), (ux * speed, uy * speed))


def _slide(deceleration: float):
    """Table friction for a body seen from above: a constant drag against the slide until it stops."""

    def update(body: pymunk.Body, gravity: tuple[float, float], damping: float, dt: float) -> None:
        vx, vy = body.velocity
        speed = math.hypot(vx, vy)
        slower = speed - deceleration * dt
        if slower <= REST_SPEED_CM_S:
            body.velocity = (0.0, 0.0)
        else:
            body.velocity = (vx * slower / speed, vy * slower / speed)
        body.angular_velocity = 0.0

    return update


def _chip(space: pymunk.Space, centre: Point, velocity: Point, deceleration: float) -> pymunk.Body:
    body = pymunk.Body(CHIP_MASS_G, math.inf)
    body.position = centre
    body.velocity = velocity
    body.velocity_func = _slide(deceleration)
    shape = pymunk.Circle(body, CHIP_RADIUS_CM)
    shape.elasticity = CHIP_ELASTICITY
    shape.friction = CHIP_FRICTION
    space.add(body, shape)
    return body


def _cushions(space: pymunk.Space, area: PlayArea) -> None:
    """A pool table's rails: the outline's edges as walls the chips rebound from."""
    rings = [area.polygon.exterior, *area.polygon.interiors]
    for ring in rings:
        coords = list(ring.coords)
        for a, b in itertools.pairwise(coords):
            wall = pymunk.Segment(space.static_body, a, b, 0.0)
            wall.elasticity = CUSHION_ELASTICITY
            wall.friction = CHIP_FRICTION
            space.add(wall)


def _overlapping(bodies: Mapping[ChipId, pymunk.Body]) -> bool:
    return bool(overlapping_pairs([tuple(b.position) for b in bodies.values()], OVERLAP_CM))


def settle(area: PlayArea, chips_in_play: Mapping[ChipId, Point], thrown_chip: ChipId,
           landing: Point, velocity: Point) -> Settled:
    """Slide the thrown chip from its landing point to rest, knocking chips it touches.

    Deterministic: the same inputs give the same answer (fixed step length and step limit,
    chips added in the mapping's order). If `thrown_chip` is also in `chips_in_play` its old
    position is ignored (it was picked up to be thrown again). Knocked chips that end entirely
    outside the area go back just inside the nearest edge, beside any chips already there.
    """
    space = pymunk.Space()
    space.iterations = SOLVER_ITERATIONS
    space.collision_slop = COLLISION_SLOP_CM
    space.collision_bias = COLLISION_BIAS
    deceleration = area.slide_friction * GRAVITY_CM_S2
    if area.cushions:
        _cushions(space, area)
    resting = {cid: c for cid, c in chips_in_play.items() if cid != thrown_chip}
    bodies = {cid: _chip(space, centre, (0.0, 0.0), deceleration) for cid, centre in resting.items()}
    bodies[thrown_chip] = _chip(space, landing, velocity, deceleration)
    for _ in range(MAX_STEPS):
        space.step(STEP_S)
        if all(b.velocity.length <= REST_SPEED_CM_S for b in bodies.values()) and not _overlapping(bodies):
            break

    final = {cid: (round(b.position.x, REPORT_DECIMALS), round(b.position.y, REPORT_DECIMALS))
             for cid, b in bodies.items()}
    out: tuple[ChipId, ...] = ()
    if entirely_outside(final[thrown_chip], area):
        out = (thrown_chip,)
        del final[thrown_chip]
    for cid in resting:
        if entirely_outside(final[cid], area):
            others = [p for other, p in final.items() if other != cid]
            x, y = push_inside(final[cid], area, others)
            final[cid] = (round(x, REPORT_DECIMALS), round(y, REPORT_DECIMALS))
    moved = {cid: p for cid, p in final.items()
             if cid == thrown_chip or math.dist(p, resting[cid]) > MOVED_CM}
    return Settled(moved, out)


def throw(area: PlayArea, chips_in_play: Mapping[ChipId, Point], thrown_chip: ChipId,
          aim: Aim, skill: Skill, rng: random.Random) -> Settled:
    """Both steps of a simulated throw: sample the landing, then settle the table."""
    landing = sample_landing(aim, skill, rng)
    return settle(area, chips_in_play, thrown_chip, landing.point_cm, landing.velocity_cm_s)
