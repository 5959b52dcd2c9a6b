"""Units on the measured tabletop: trays as shapely rectangles, distances, arcs, cover and moves.

Everything is in inches on the table's own axes (maps/powerspike/table.py): x along the long
edge, y towards the bottom edge as the tabletop view shows it. A facing is an angle in degrees
turning from +x towards +y (clockwise on screen, the same sense as Qt's rotation), so
0 faces the right-hand short edge and 90 faces the bottom edge. A tray's width is its frontage
(across the facing) and its depth runs along the facing.

All measuring is edge to edge between tray rectangles (the ruling), so the functions take
trays, not points; the rulings the rulebook leaves open are explained in
resources/notes/power-spike-table.md.
"""
from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from maps.powerspike.table import Table, TerrainPiece

Point = tuple[float, float]
Arc = Literal["front", "flank", "rear"]

# Base to base: trays this close count as touching (hand-placed miniatures never touch exactly).
CONTACT_TOLERANCE_IN = 0.05
COMMANDER_RADIUS_IN = 12.0
FRONT_ARC_DEG = 90.0
# Float noise when comparing a measured length or an angle with a limit.
LENGTH_TOLERANCE_IN = 1e-6
ANGLE_TOLERANCE_DEG = 1e-6
# Overlaps smaller than this (square inches) are two edges touching, not one tray on another.
OVERLAP_TOLERANCE_SQIN = 1e-6


@dataclass(frozen=True)
class Tray:
    """A unit's movement tray where it stands: the only shape the rules measure."""

    centre: Point
    facing_deg: float
    width_in: float
    depth_in: float

    @functools.cached_property
    def polygon(self) -> Polygon:
        poly = tray_polygon(self.centre, self.facing_deg, self.width_in, self.depth_in)
        shapely.prepare(poly)
        return poly

    @functools.cached_property
    def outer_radius(self) -> float:
        """Centre to corner: nothing of the tray lies farther out."""
        return math.hypot(self.width_in, self.depth_in) / 2

    @functools.cached_property
    def inner_radius(self) -> float:
        """Centre to the nearest edge: the disc this wide lies wholly on the tray."""
        return min(self.width_in, self.depth_in) / 2

    @functools.cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        """(minx, miny, maxx, maxy) of the tray rectangle, without building its polygon."""
        a = math.radians(self.facing_deg)
        hx = abs(math.cos(a)) * self.depth_in / 2 + abs(math.sin(a)) * self.width_in / 2
        hy = abs(math.sin(a)) * self.depth_in / 2 + abs(math.cos(a)) * self.width_in / 2
        cx, cy = self.centre
        return cx - hx, cy - hy, cx + hx, cy + hy

    @property
    def heading(self) -> Point:
        """The unit vector the tray faces."""
        a = math.radians(self.facing_deg)
        return math.cos(a), math.sin(a)

    def moved(self, centre: Point, facing_deg: float | None = None) -> Tray:
        return replace(self, centre=(float(centre[0]), float(centre[1])),
                       facing_deg=self.facing_deg if facing_deg is None else float(facing_deg))


Shape = Tray | BaseGeometry


def tray_polygon(centre: Point, facing_deg: float, w: float, d: float) -> Polygon:
    """The tray rectangle: `w` inches of frontage across the facing, `d` inches deep along it."""
    if w <= 0 or d <= 0:
        raise ValueError(f"a tray needs a positive width and depth, got {w} x {d}")
    a = math.radians(facing_deg)
    fx, fy = math.cos(a), math.sin(a)
    sx, sy = -fy, fx
    cx, cy = float(centre[0]), float(centre[1])
    hd, hw = d / 2, w / 2
    corners = [(cx + fx * f * hd + sx * s * hw, cy + fy * f * hd + sy * s * hw)
               for f, s in ((1, -1), (1, 1), (-1, 1), (-1, -1), (1, -1))]
    return shapely.polygons(corners)


def _geom(shape: Shape) -> BaseGeometry:
    return shape.polygon if isinstance(shape, Tray) else shape


def distance_in(a: Shape, b: Shape) -> float:
    """Edge-to-edge distance in inches (0 when the shapes touch or overlap)."""
    return float(shapely.distance(_geom(a), _geom(b)))


def closest_points(a: Shape, b: Shape) -> tuple[Point, Point]:
    """Where a ruler between the two shapes would lie: the nearest point on each edge."""
    pa, pb = nearest_points(_geom(a), _geom(b))
    return (pa.x, pa.y), (pb.x, pb.y)


def _gap_bounds(a: Tray, b: Tray) -> tuple[float, float]:
    """Bounds on the edge-to-edge distance from the centres alone: at least the centre
    distance less both outer radii, at most the centre distance less both inner radii."""
    d = math.dist(a.centre, b.centre)
    return d - a.outer_radius - b.outer_radius, max(0.0, d - a.inner_radius - b.inner_radius)


def in_range(a: Shape, b: Shape, range_in: float) -> bool:
    limit = range_in + LENGTH_TOLERANCE_IN
    if isinstance(a, Tray) and isinstance(b, Tray):
        low, high = _gap_bounds(a, b)
        if low > limit:
            return False
        if high <= limit:
            return True
    return distance_in(a, b) <= limit


def in_contact(a: Shape, b: Shape, tolerance_in: float = CONTACT_TOLERANCE_IN) -> bool:
    """Base to base (a close assault): the trays touch, give or take `tolerance_in`."""
    return in_range(a, b, tolerance_in)


def bearing_deg(target: Tray, point: Point) -> float:
    """How far `point` lies off the target's facing, seen from its centre: 0 ahead, 180 behind."""
    dx, dy = point[0] - target.centre[0], point[1] - target.centre[1]
    if math.hypot(dx, dy) <= LENGTH_TOLERANCE_IN:
        return 0.0
    off = math.degrees(math.atan2(dy, dx)) - target.facing_deg
    return abs((off + 180.0) % 360.0 - 180.0)


def arc_of(attacker: Tray, target: Tray) -> Arc:
    """Which of the target's arcs the attacker stands in, judged by the attacker's centre.

    Front is the 90 degree wedge centred on the target's facing (apex at its centre, boundary
    lines included); rear is the opposite 90 degree wedge; flank is the two 90 degree wedges
    between (including the lines at 135 degrees). Flank and rear both earn the extra card;
    the view and log use the difference.
    """
    off = bearing_deg(target, attacker.centre)
    half = FRONT_ARC_DEG / 2
    if off <= half + ANGLE_TOLERANCE_DEG:
        return "front"
    if off <= 180.0 - half + ANGLE_TOLERANCE_DEG:
        return "flank"
    return "rear"


def overlaps(a: BaseGeometry, b: BaseGeometry) -> bool:
    """One shape covers part of the other (touching edges does not count)."""
    return a.intersects(b) and a.intersection(b).area > OVERLAP_TOLERANCE_SQIN


def in_cover(tray: Tray, terrain: Iterable[TerrainPiece]) -> bool:
    """The tray overlaps some cover terrain (any part of it, touching the edge does not count)."""
    poly = tray.polygon
    return any(t.is_cover and overlaps(poly, t.polygon) for t in terrain)


def cover_under(tray: Tray, terrain: Iterable[TerrainPiece]) -> tuple[TerrainPiece, ...]:
    """The cover pieces the tray overlaps, for the log ("in cover: Birch wood")."""
    poly = tray.polygon
    return tuple(t for t in terrain if t.is_cover and overlaps(poly, t.polygon))


def within_commander(tray: Tray, commander_tray: Tray, radius_in: float = COMMANDER_RADIUS_IN) -> bool:
    """Edge to edge within the commander's radius (a commander is within its own radius)."""
    return in_range(tray, commander_tray, radius_in)


def path_length_in(start: Point, end: Point, via: Sequence[Point] = ()) -> float:
    """How far the tray's centre travels: the straight legs start -> via... -> end."""
    pts = [start, *via, end]
    return sum(math.dist(p, q) for p, q in itertools.pairwise(pts))


def swept_area(unit: Tray, end: Tray, via: Sequence[Point] = ()) -> BaseGeometry:
    """Ground the tray passes over: per leg, the hull of the tray at both ends.

    For a tray that slides without turning the hull is exactly the swept area; a turn is made
    at the end of the last leg, so the hull is slightly generous there.
    """
    stops = [unit, *(unit.moved(p) for p in via), end]
    legs = [shapely.convex_hull(shapely.multipoints(np.concatenate(
        [shapely.get_coordinates(a.polygon), shapely.get_coordinates(b.polygon)])))
        for a, b in itertools.pairwise(stops)]
    return legs[0] if len(legs) == 1 else shapely.union_all(legs)


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def check_position(tray: Tray, others: Mapping[str, Tray], terrain: Iterable[TerrainPiece],
                   table: Table) -> list[str]:
    """Why a tray may not stand here (empty when it may): off the table, on another, on impassable."""
    reasons: list[str] = []
    box = minx, miny, maxx, maxy = tray.bounds
    tol = LENGTH_TOLERANCE_IN
    if minx < -tol or miny < -tol or maxx > table.width_in + tol or maxy > table.depth_in + tol:
        reasons.append("it would leave the table")
    for uid, other in others.items():
        if trays_overlap(tray, other):
            reasons.append(f"it would overlap {uid}")
    for piece in terrain:
        if (piece.is_impassable and _boxes_meet(box, _bounds(piece.polygon))
                and overlaps(tray.polygon, piece.polygon)):
            reasons.append(f"it would stand on impassable terrain ({piece.name})")
    return reasons


# Discs overlapping this much deeper than touching share far more than OVERLAP_TOLERANCE_SQIN.
_SURE_OVERLAP_IN = 0.01


def trays_overlap(a: Tray, b: Tray) -> bool:
    """`overlaps` for two trays, answered from their centres when the answer is certain: apart
    beyond both outer radii (no), or their inscribed discs overlapping clearly (yes)."""
    d = math.dist(a.centre, b.centre)
    if d >= a.outer_radius + b.outer_radius:
        return False
    if d < a.inner_radius + b.inner_radius - _SURE_OVERLAP_IN:
        return True
    return overlaps(a.polygon, b.polygon)


Box = tuple[float, float, float, float]
_BOUNDS: dict[int, tuple[BaseGeometry, Box]] = {}


def _bounds(shape: BaseGeometry) -> Box:
    """A terrain shape's bounding box, remembered (tables are loaded once and kept)."""
    hit = _BOUNDS.get(id(shape))
    if hit is None or hit[0] is not shape:
        if len(_BOUNDS) > 4096:
            _BOUNDS.clear()
        hit = _BOUNDS[id(shape)] = (shape, tuple(shape.bounds))  # type: ignore[assignment]
    return hit[1]


def _boxes_meet(a: Box, b: Box) -> bool:
    """The bounding boxes meet: the cheap test before an exact overlap."""
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def check_move(unit: Tray, new_centre: Point, new_facing: float, move_in: float,
               others: Mapping[str, Tray], terrain: Iterable[TerrainPiece], table: Table,
               *, via: Sequence[Point] = ()) -> list[str]:
    """Why the move may not end here, in words a player reads; empty when the move is legal.

    `others` are the other units' trays by the name to show in a reason (the moving unit must
    not be among them). The centre's path is the straight line from the old centre to
    `new_centre`, or the legs through `via`; turning on the spot is free. The path may pass
    other trays (only the end position may not overlap them) but its swept area may not
    cross impassable terrain.
    """
    terrain = tuple(terrain)
    end = unit.moved(new_centre, new_facing)
    reasons: list[str] = []
    travelled = path_length_in(unit.centre, end.centre, via)
    if travelled > move_in + LENGTH_TOLERANCE_IN:
        reasons.append(f"it would move {_fmt(travelled)}\" but its move is {_fmt(move_in)}\"")
    reasons += check_position(end, others, terrain, table)
    if travelled > LENGTH_TOLERANCE_IN:
        sweep: BaseGeometry | None = None
        b0, b1 = unit.bounds, end.bounds
        around = (min(b0[0], b1[0]), min(b0[1], b1[1]), max(b0[2], b1[2]), max(b0[3], b1[3]))
        for piece in terrain:
            if not piece.is_impassable or (not via and not _boxes_meet(around, _bounds(piece.polygon))):
                continue
            if sweep is None:
                sweep = swept_area(unit, end, via)
            if (_boxes_meet(tuple(sweep.bounds), _bounds(piece.polygon)) and overlaps(sweep, piece.polygon)
                    and not overlaps(end.polygon, piece.polygon) and not overlaps(unit.polygon, piece.polygon)):
                reasons.append(f"its path crosses impassable terrain ({piece.name})")
    return reasons


def _centre_of(enemy: Tray | Sequence[Tray]) -> Point:
    trays = [enemy] if isinstance(enemy, Tray) else list(enemy)
    if not trays:
        raise ValueError("a retreat needs the enemy it retreats from")
    return (sum(t.centre[0] for t in trays) / len(trays), sum(t.centre[1] for t in trays) / len(trays))


def retreat_position(unit: Tray, enemy: Tray | Sequence[Tray], move_in: float,
                     others: Mapping[str, Tray], terrain: Iterable[TerrainPiece], table: Table) -> Tray | None:
    """Where a full-move retreat ends, or None when the unit cannot retreat and must hold.

    Directly away means along the line from the enemy's centre (the mean of the centres when
    several units attacked) through the unit's centre; the unit keeps its facing. A retreat is
    always the full move: if that end is illegal (table edge, another tray, impassable
    terrain on the way or at the end) there is no shorter retreat.
    """
    ex, ey = _centre_of(enemy)
    dx, dy = unit.centre[0] - ex, unit.centre[1] - ey
    length = math.hypot(dx, dy)
    if length <= LENGTH_TOLERANCE_IN:
        hx, hy = unit.heading
        dx, dy, length = -hx, -hy, 1.0
    end = (unit.centre[0] + dx / length * move_in, unit.centre[1] + dy / length * move_in)
    if check_move(unit, end, unit.facing_deg, move_in, others, terrain, table):
        return None
    return unit.moved(end)


@functools.lru_cache(maxsize=64)
def _zone_area(table: Table, side: str) -> BaseGeometry:
    area = table.zone(side).polygon.buffer(LENGTH_TOLERANCE_IN)
    shapely.prepare(area)
    return area


def in_zone(tray: Tray, table: Table, side: str) -> bool:
    """The whole tray stands inside the side's deployment zone."""
    return _zone_area(table, side).contains(tray.polygon)


def check_deployment(tray: Tray, side: str, others: Mapping[str, Tray], terrain: Iterable[TerrainPiece],
                     table: Table) -> list[str]:
    """Why a unit may not be deployed here (empty when it may)."""
    reasons = [] if in_zone(tray, table, side) else [f"it must stand wholly inside the {table.zone(side).label}"]
    return reasons + check_position(tray, others, terrain, table)


def ring(tray: Tray, distance: float) -> BaseGeometry:
    """Everything within `distance` inches of the tray's edge (a move or range ring to draw)."""
    return tray.polygon.buffer(distance, quad_segs=16)


class TrayIndex:
    """Many trays in a shapely STRtree: who is in range of whom, who touches whom, fast.

    Built once per board state (trays are immutable); a move means a new index.
    """

    def __init__(self, trays: Mapping[str, Tray]) -> None:
        self.ids: tuple[str, ...] = tuple(trays)
        self.trays: dict[str, Tray] = dict(trays)
        self._shapes = np.array([trays[i].polygon for i in self.ids], dtype=object)
        shapely.prepare(self._shapes)
        self._tree = shapely.STRtree(self._shapes)
        self._pos = {uid: k for k, uid in enumerate(self.ids)}

    def __len__(self) -> int:
        return len(self.ids)

    def _shape(self, of: str | Shape) -> BaseGeometry:
        if isinstance(of, str):
            try:
                return self._shapes[self._pos[of]]
            except KeyError:
                raise KeyError(f"no unit {of!r} in the index") from None
        return _geom(of)

    def within(self, of: str | Shape, distance: float) -> list[str]:
        """Units whose trays lie within `distance` inches edge to edge of `of` (itself excluded)."""
        hits = self._tree.query(self._shape(of), predicate="dwithin", distance=distance + LENGTH_TOLERANCE_IN)
        me = self._pos.get(of) if isinstance(of, str) else None
        return [self.ids[k] for k in sorted(hits) if k != me]

    def in_range_of(self, of: str | Shape, range_in: float) -> list[str]:
        return self.within(of, range_in)

    def in_contact_with(self, of: str | Shape, tolerance_in: float = CONTACT_TOLERANCE_IN) -> list[str]:
        return self.within(of, tolerance_in)

    def overlapping(self, shape: Shape, ignore: str | None = None) -> list[str]:
        """Units a tray (or any shape) would overlap: the quick half of a legal-move check."""
        geom = _geom(shape)
        hits = self._tree.query(geom, predicate="intersects")
        return [self.ids[k] for k in sorted(hits)
                if self.ids[k] != ignore and overlaps(geom, self._shapes[k])]

    def all_in_range(self, range_in: float | Mapping[str, float]) -> dict[str, list[str]]:
        """For every unit, the units within its range (one range for all, or per unit id), in one query."""
        if isinstance(range_in, Mapping):
            reach = np.array([float(range_in[uid]) for uid in self.ids]) + LENGTH_TOLERANCE_IN
        else:
            reach = float(range_in) + LENGTH_TOLERANCE_IN
        left, right = self._tree.query(self._shapes, predicate="dwithin", distance=reach)
        found: dict[str, list[str]] = {uid: [] for uid in self.ids}
        order = np.lexsort((right, left))
        for i, j in zip(left[order], right[order]):
            if i != j:
                found[self.ids[i]].append(self.ids[j])
        return found

    def contacts(self, tolerance_in: float = CONTACT_TOLERANCE_IN) -> list[tuple[str, str]]:
        """Every pair of units in base contact, each pair once, in index order."""
        left, right = self._tree.query(self._shapes, predicate="dwithin",
                                       distance=tolerance_in + LENGTH_TOLERANCE_IN)
        keep = left < right
        return sorted((self.ids[i], self.ids[j]) for i, j in zip(left[keep], right[keep]))

    def distance_in(self, a: str, b: str) -> float:
        return distance_in(self._shape(a), self._shape(b))


def ruler(a: Shape, b: Shape) -> tuple[LineString, float]:
    """The shortest line between two trays and its length, for the view's ruler."""
    pa, pb = closest_points(a, b)
    return LineString([pa, pb]), distance_in(a, b)
