"""Clout Fantasy playing areas: the outline chips are thrown into, its size and its surface.

All lengths are centimetres, x to the right and y towards the bottom edge as the canvas
shows it. The rulebook allows any surface (a square metre of hard table, a rug, a pool
table), so areas are data files in maps/clout/areas/ where a club can draw its own; this
loader refuses a broken file naming the file and the entry, so a bad edit never reaches a
game. The range increment follows from the area's size (5 cm per metre across); per-player
increments for handicapping belong to a game's setup, not to the area.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import shapely
import shapely.ops
from shapely.geometry import Point, Polygon

from maps.datafile import DataError, bundled_ids, get_field, is_number, read_named

DEFAULT_AREA = "standard"
PACKAGE = "maps.clout"
FOLDER = "areas"
# The rulebook's rule of thumb: about 5 cm of range increment per metre across the area.
INCREMENT_CM_PER_M = 5.0
# Every area must hold at least one whole chip (chips are 4 cm discs; GAME-DATA).
SMALLEST_ROOM_CM = 4.0
# Segments per quarter circle when a file gives a round area: the polygon strays from the
# true circle by well under 0.01 cm for any rug that fits in a room.
CIRCLE_QUAD_SEGMENTS = 64
# 100 m: no room holds a larger playing area; beyond it geometry overflows, so it is damage.
MAX_CM = 10_000.0
# Rubber on rubber is about 1; anything above this is a typing slip.
MAX_FRICTION = 10.0


@dataclass(frozen=True, eq=False)
class PlayArea:
    """A playing area: its outline, how far chips slide on it and whether it has cushions."""

    id: str
    title: str
    description: str
    polygon: Polygon
    surface: str
    slide_friction: float
    cushions: bool
    invented: bool
    source: str

    @functools.cached_property
    def bounds_cm(self) -> tuple[float, float, float, float]:
        return tuple(self.polygon.bounds)  # type: ignore[return-value]

    @functools.cached_property
    def diameter_cm(self) -> float:
        """The area's size across: the longer side of the tightest rectangle around it.

        Measured side to side, not corner to corner, because the rulebook calls the
        standard square metre "one metre across" and gives it a 5 cm increment; a square
        therefore measures its side, a round rug its diameter, a pool table its length.
        """
        rect = shapely.oriented_envelope(self.polygon)
        xs, ys = rect.exterior.coords.xy
        sides = [math.dist((xs[k], ys[k]), (xs[k + 1], ys[k + 1])) for k in range(len(xs) - 1)]
        return max(sides)

    @functools.cached_property
    def farthest_apart_cm(self) -> float:
        """Corner to corner: the longest straight line that fits in the area (for the canvas ruler)."""
        hull = self.polygon.convex_hull.exterior.coords
        return max(math.dist(a, b) for a in hull for b in hull)

    @property
    def area_cm2(self) -> float:
        return float(self.polygon.area)

    def contains_point(self, x: float, y: float) -> bool:
        return bool(shapely.intersects_xy(self.polygon, x, y))

    @functools.cached_property
    def centre_cm(self) -> tuple[float, float]:
        """The middle of the area's bounds: what stays put when a layout moves to another area."""
        minx, miny, maxx, maxy = self.bounds_cm
        return (minx + maxx) / 2.0, (miny + maxy) / 2.0

    def nearest_inside(self, x: float, y: float, margin_cm: float) -> tuple[float, float]:
        """The point nearest (x, y) at least `margin_cm` inside the edge (a chip's radius: the whole
        chip on the area); (x, y) itself when it already is. Every area holds a 4 cm chip."""
        room = self.polygon.buffer(-margin_cm)
        if room.is_empty or shapely.intersects_xy(room, x, y):
            return x, y
        near = shapely.ops.nearest_points(room, Point(x, y))[0]
        return float(near.x), float(near.y)


def range_increment_cm(area: PlayArea) -> float:
    """The default range increment for the area: 5 cm per metre across it (the rulebook's rule of thumb)."""
    return INCREMENT_CM_PER_M * area.diameter_cm / 100.0


def _point(value: Any, file: str, entry: str, what: str) -> tuple[float, float]:
    if not isinstance(value, list) or len(value) != 2 or not all(is_number(v) for v in value):
        raise DataError(file, entry, f"{what} must be [x, y] numbers in cm, got {value!r}")
    if not all(abs(v) <= MAX_CM for v in value):
        raise DataError(file, entry, f"{what} lies more than {MAX_CM / 100:g} m out, got {value!r}")
    return float(value[0]), float(value[1])


def _outline(doc: dict[str, Any], file: str) -> Polygon:
    has_polygon, has_circle = "polygon" in doc, "circle" in doc
    if has_polygon == has_circle:
        raise DataError(file, "outline", "give exactly one of 'polygon' (a list of [x, y] cm) or 'circle'")
    if has_circle:
        circle = doc["circle"]
        if not isinstance(circle, dict):
            raise DataError(file, "circle", "must be an object with 'centre_cm' and 'diameter_cm'")
        centre = _point(circle.get("centre_cm"), file, "circle", "'centre_cm'")
        diameter = get_field(circle, "diameter_cm", (int, float), file, "circle")
        if not math.isfinite(diameter) or not 0 < diameter <= MAX_CM:
            raise DataError(file, "circle", f"'diameter_cm' must be positive and at most {MAX_CM:g}, got {diameter!r}")
        # Edges tangent to the true circle (not chords), so the rug measures its true diameter.
        grow = 1.0 / math.cos(math.pi / (4 * CIRCLE_QUAD_SEGMENTS))
        return Point(centre).buffer(diameter / 2.0 * grow, quad_segs=CIRCLE_QUAD_SEGMENTS)
    raw = doc["polygon"]
    if not isinstance(raw, list) or len(raw) < 3:
        raise DataError(file, "polygon", "must be a list of at least 3 [x, y] points in cm")
    pts = [_point(p, file, f"polygon[{i}]", "a polygon point") for i, p in enumerate(raw)]
    poly = Polygon(pts)
    if not poly.is_valid:
        raise DataError(file, "polygon", f"the outline is not valid ({shapely.is_valid_reason(poly)})")
    if poly.area <= 0:
        raise DataError(file, "polygon", "the outline has no area")
    return poly


def parse_area(doc: Any, file: str, area_id: str) -> PlayArea:
    if not isinstance(doc, dict):
        raise DataError(file, None, "the playing area must be a JSON object")
    top = "top level"
    title = get_field(doc, "title", str, file, top)
    description = get_field(doc, "description", str, file, top) if "description" in doc else ""
    invented = get_field(doc, "invented", bool, file, top)
    surface = get_field(doc, "surface", str, file, top)
    friction = get_field(doc, "slide_friction", (int, float), file, top)
    if not math.isfinite(friction) or not 0 < friction <= MAX_FRICTION:
        raise DataError(file, "slide_friction", f"must be a positive number up to {MAX_FRICTION:g} "
                                            f"(a friction coefficient), got {friction!r}")
    cushions = get_field(doc, "cushions", bool, file, top) if "cushions" in doc else False
    polygon = _outline(doc, file)
    room = polygon.buffer(-SMALLEST_ROOM_CM / 2.0)
    if room.is_empty:
        raise DataError(file, "outline", f"too small: a {SMALLEST_ROOM_CM:g} cm chip does not fit inside")
    shapely.prepare(polygon)
    return PlayArea(area_id, title, description, polygon, surface, float(friction), cushions, invented, file)


def available_areas() -> tuple[str, ...]:
    """The ready playing areas bundled with Battlebox, the standard one first then by id."""
    return bundled_ids(PACKAGE, FOLDER, DEFAULT_AREA)


@functools.cache
def _bundled(area_id: str) -> PlayArea:
    return parse_area(*read_named(area_id, PACKAGE, FOLDER, available_areas(), "playing area"))


def load_area(name_or_path: str | Path = DEFAULT_AREA) -> PlayArea:
    """A bundled area by id (cached), or any area file by path; errors name the file and entry."""
    if isinstance(name_or_path, str) and name_or_path in available_areas():
        return _bundled(name_or_path)
    return parse_area(*read_named(name_or_path, PACKAGE, FOLDER, available_areas(), "playing area"))
