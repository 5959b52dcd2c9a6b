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

import functools
import itertools
import math
import random
from collections.abc import Mapping
from dataclasses import dataclass

import pymunk
import shapely
from shapely.geometry import LineString
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry

from core.clout.geometry import (
    CHIP_DIAMETER_CM,
    CHIP_RADIUS_CM,
    RANGE_TOLERANCE_CM,
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
# The table is checked for rest every few steps (a check costs more than a step).
REST_CHECK_STEPS = 4
# A slide passing this close to a chip or a cushion is simulated, not worked out exactly.
CLEAR_CM = 0.01
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


@dataclass(frozen=True)
class Scatter:
    """Where a throw will probably come to rest on an empty area: an ellipse around the mean.

    The aim is where the chip touches down on average; a throw with strength then slides on
    along its direction (`slide_cm` on average), so the rest spot lies past the aim. `coverage`
    is the share of throws whose rest spot falls inside the ellipse (knocks and cushions aside).
    """

    touch_cm: Point
    centre_cm: Point
    direction: Point
    along_cm: float
    across_cm: float
    slide_cm: float
    coverage: float

    def contains(self, point: Point) -> bool:
        dx, dy = point[0] - self.centre_cm[0], point[1] - self.centre_cm[1]
        ux, uy = self.direction
        along, across = dx * ux + dy * uy, -dx * uy + dy * ux
        if self.along_cm == 0 or self.across_cm == 0:
            return math.hypot(along, across) <= max(self.along_cm, self.across_cm, 1e-9)
        return (along / self.along_cm) ** 2 + (across / self.across_cm) ** 2 <= 1.0

    def outline(self, points: int = 48) -> list[Point]:
        """The ellipse's edge as a polygon (for drawing and for testing it against the area)."""
        ux, uy = self.direction
        cx, cy = self.centre_cm
        out = []
        for k in range(points):
            t = 2 * math.pi * k / points
            a, c = math.cos(t) * self.along_cm, math.sin(t) * self.across_cm
            out.append((cx + ux * a - uy * c, cy + uy * a + ux * c))
        return out


def scatter(aim: Aim, skill: Skill, deceleration_cm_s2: float, coverage: float = 0.9) -> Scatter:
    """The scatter model of `sample_landing` followed by a free slide, as an ellipse holding
    `coverage` of the rest spots. Across the throw the spot is normal (sd `scatter_cm`); along it,
    the touch-down's normal scatter plus the slide, which grows with the square of the arrival
    speed, approximated by its mean and variance (within a percent or two of `coverage`; the
    tests sample it)."""
    if not 0.0 < coverage < 1.0:
        raise ValueError(f"coverage must be between 0 and 1, got {coverage!r}")
    ux, uy = aim.direction
    speed = aim.strength * MAX_ARRIVAL_SPEED_CM_S
    slide = slide_distance(speed, deceleration_cm_s2) if deceleration_cm_s2 > 0 else 0.0
    e = skill.strength_error
    mean_slide = slide * (1.0 + e * e)
    along_sd = math.hypot(skill.scatter_cm * (1.0 + aim.strength), slide * math.sqrt(4 * e * e + 2 * e ** 4))
    k = math.sqrt(-2.0 * math.log(1.0 - coverage))
    tx, ty = aim.target_cm
    return Scatter((tx, ty), (tx + ux * mean_slide, ty + uy * mean_slide), (ux, uy), k * along_sd,
                   k * skill.scatter_cm, slide, coverage)


def leaving(prediction: Scatter, area: PlayArea) -> str:
    """Would the throw end off the area: "likely" (its mean rest spot is entirely outside),
    "possible" (part of its ellipse is), or "" (the whole ellipse keeps the chip in play)."""
    if entirely_outside(prediction.centre_cm, area):
        return "likely"
    if any(entirely_outside(p, area) for p in prediction.outline(24)):
        return "possible"
    return ""


def _chip(table: pymunk.Body, centre: Point, velocity: Point | None,
          deceleration: float) -> tuple[pymunk.Body, pymunk.Circle, pymunk.PivotJoint]:
    """A chip sliding on the table (`velocity` None: at rest), to be added to the space. The
    table's friction is a pivot joint to the table with no position correction whose force is
    capped at the friction force: it brakes the chip at a constant `deceleration` until it
    stops, inside pymunk's own solver (no Python per step)."""
    body = pymunk.Body(CHIP_MASS_G, math.inf)
    body.position = centre
    if velocity is not None:
        body.velocity = velocity
    shape = pymunk.Circle(body, CHIP_RADIUS_CM)
    shape.elasticity = CHIP_ELASTICITY
    shape.friction = CHIP_FRICTION
    drag = pymunk.PivotJoint(table, body, (0.0, 0.0), (0.0, 0.0))
    drag.max_bias = 0.0
    drag.max_force = CHIP_MASS_G * deceleration
    return body, shape, drag


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


@functools.lru_cache(maxsize=16)
def _rail_room(area: PlayArea) -> BaseGeometry:
    """Where a chip's centre may slide without touching a cushion."""
    room = area.polygon.buffer(-CHIP_RADIUS_CM - CLEAR_CM)
    shapely.prepare(room)
    return room


def _near_path(points: Mapping[ChipId, Point], a: Point, b: Point, limit: float) -> list[ChipId]:
    """The points closer than `limit` to the segment a-b; points clearly outside the segment's
    box, widened by the limit, are passed over without measuring."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    margin = limit + 1e-6
    lox, hix = min(ax, b[0]) - margin, max(ax, b[0]) + margin
    loy, hiy = min(ay, b[1]) - margin, max(ay, b[1]) + margin
    near = []
    for c, (px, py) in points.items():
        if px < lox or px > hix or py < loy or py > hiy:
            continue
        k = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
        if math.hypot(px - ax - k * dx, py - ay - k * dy) < limit:
            near.append(c)
    return near


def slide_distance(speed: float, deceleration: float) -> float:
    """How far a chip arriving at `speed` slides on a surface braking it by `deceleration`."""
    return speed * speed / (2.0 * deceleration) if speed > REST_SPEED_CM_S else 0.0


def _slide_alone(area: PlayArea, resting: Mapping[ChipId, Point], landing: Point, velocity: Point,
                 deceleration: float) -> Point | None:
    """Where the chip stops when its whole slide touches no chip and no cushion (most throws):
    constant braking gives the end point exactly, without simulating. None: simulate."""
    speed = math.hypot(*velocity)
    travel = slide_distance(speed, deceleration)
    end = landing if travel == 0 else (landing[0] + velocity[0] / speed * travel,
                                       landing[1] + velocity[1] / speed * travel)
    if _near_path(resting, landing, end, CHIP_DIAMETER_CM + CLEAR_CM):
        return None
    if area.cushions:
        path = ShapelyPoint(landing) if travel == 0 else LineString([landing, end])
        if not _rail_room(area).covers(path):
            return None
    return end


def _involved(resting: Mapping[ChipId, Point], landing: Point, velocity: Point,
              deceleration: float) -> list[ChipId]:
    """The resting chips a throw could possibly move. No chip ever moves faster than the thrown
    chip arrived (equal masses, energy only lost), so none travels farther than it could; a chip
    farther than that (plus a chip's width and a landing's push) from every chip that might
    move is never touched. Order follows the mapping's, so the simulation stays repeatable."""
    speed = math.hypot(*velocity)
    travel = slide_distance(speed, deceleration) if deceleration > 0 else math.inf
    end = landing if travel in (0, math.inf) else (landing[0] + velocity[0] / speed * travel,
                                                   landing[1] + velocity[1] / speed * travel)
    reach = travel + 2 * CHIP_DIAMETER_CM + CLEAR_CM
    if not math.isfinite(reach):
        return list(resting)
    moving = _near_path(resting, landing, end, reach)
    todo = list(moving)
    first = set(moving)
    left = {c: p for c, p in resting.items() if c not in first}
    while todo and left:
        x, y = resting[todo.pop()]
        near = [c for c, p in left.items() if math.hypot(p[0] - x, p[1] - y) < reach]
        for c in near:
            del left[c]
        todo += near
        moving += near
    keep = set(moving)
    return [c for c in resting if c in keep]


def _simulate(area: PlayArea, resting: Mapping[ChipId, Point], thrown_chip: ChipId, landing: Point,
              velocity: Point, deceleration: float) -> dict[ChipId, Point]:
    space = pymunk.Space()
    space.iterations = SOLVER_ITERATIONS
    space.collision_slop = COLLISION_SLOP_CM
    space.collision_bias = COLLISION_BIAS
    if area.cushions:
        _cushions(space, area)
    involved = _involved(resting, landing, velocity, deceleration)
    table = space.static_body
    chips = {cid: _chip(table, resting[cid], None, deceleration) for cid in involved}
    chips[thrown_chip] = _chip(table, landing, velocity, deceleration)
    # One call adds every body, then each chip's shape and joint in order, as adding chip by
    # chip would (chipmunk keeps bodies, shapes and joints in separate lists).
    space.add(*(part for parts in chips.values() for part in parts))
    bodies = {cid: parts[0] for cid, parts in chips.items()}
    # The thrown chip is asked first: it is the one most often still sliding.
    check = [bodies[thrown_chip], *(bodies[cid] for cid in involved)]
    for step in range(1, MAX_STEPS + 1):
        space.step(STEP_S)
        if step % REST_CHECK_STEPS == 0 and all(b.velocity.length <= REST_SPEED_CM_S for b in check) \
                and not _overlapping(bodies):
            break
    return {cid: (b.position.x, b.position.y) for cid, b in bodies.items()}


def _overlapping(bodies: Mapping[ChipId, pymunk.Body]) -> bool:
    centres = [tuple(b.position) for b in bodies.values()]
    if len(centres) > 24:
        return bool(overlapping_pairs(centres, OVERLAP_CM))
    close = CHIP_DIAMETER_CM - OVERLAP_CM - RANGE_TOLERANCE_CM  # as overlapping_pairs measures
    return any(math.dist(a, b) <= close for a, b in itertools.combinations(centres, 2))


def settle(area: PlayArea, chips_in_play: Mapping[ChipId, Point], thrown_chip: ChipId,
           landing: Point, velocity: Point) -> Settled:
    """Slide the thrown chip from its landing point to rest, knocking chips it touches.

    Deterministic: the same inputs give the same answer (a slide that touches nothing is worked
    out exactly; otherwise fixed step length and step limit, chips added in the mapping's order).
    If `thrown_chip` is also in `chips_in_play` its old position is ignored (it was picked up to
    be thrown again). Knocked chips that end entirely outside the area go back just inside the
    nearest edge, beside any chips already there.
    """
    deceleration = area.slide_friction * GRAVITY_CM_S2
    resting = {cid: c for cid, c in chips_in_play.items() if cid != thrown_chip}
    alone = _slide_alone(area, resting, landing, velocity, deceleration)
    moved_to = {thrown_chip: alone} if alone is not None else \
        _simulate(area, resting, thrown_chip, landing, velocity, deceleration)
    final = {cid: (round(x, REPORT_DECIMALS), round(y, REPORT_DECIMALS)) for cid, (x, y) in moved_to.items()}
    out: tuple[ChipId, ...] = ()
    if entirely_outside(final[thrown_chip], area):
        out = (thrown_chip,)
        del final[thrown_chip]
    for cid in resting:
        if cid in final and entirely_outside(final[cid], area):
            others = [p for other, p in final.items() if other != cid]
            others += [p for other, p in resting.items() if other not in final]
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
