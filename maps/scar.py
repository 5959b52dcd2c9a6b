"""The map of Scar: one polygon per region, borders derived from the polygons, the arena's discs.

The map is invented (no public map exists), so it lives in maps/scar.json where anyone can
reshape it; this loader refuses a file whose regions overlap, leave gaps, or fall apart,
naming the file and the region, so a broken edit never reaches a game.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import networkx as nx
import numpy as np
import shapely
from shapely.geometry import Point, Polygon

from maps.datafile import DataError, get_field, is_number, read_json

REGION_COUNT = 12
DEFAULT_FILE = "maps/scar.json"
# Areas in square map units: below this an overlap or a gap is float noise, not a drawing error.
AREA_TOLERANCE = 0.01
# No sensible drawing reaches this far; beyond it geometry overflows, so it is damage.
MAX_COORDINATE = 100_000.0


@dataclass(frozen=True)
class Region:
    name: str
    polygon: Polygon
    label: tuple[float, float]
    terrain: str
    colour: str
    invented: bool


@dataclass(frozen=True, eq=False)
class ScarMap:
    regions: tuple[Region, ...]
    graph: nx.Graph
    arena: dict[str, tuple[float, float]]
    disc_radius: float
    size: tuple[float, float]
    arena_size: tuple[float, float]
    invented: bool
    source: str
    _shapes: np.ndarray = field(repr=False)

    @functools.cached_property
    def names(self) -> tuple[str, ...]:
        return tuple(r.name for r in self.regions)

    @functools.cached_property
    def _by_name(self) -> dict[str, Region]:
        return {r.name: r for r in self.regions}

    @functools.cached_property
    def _land_bounds(self) -> tuple[float, float, float, float]:
        return tuple(shapely.total_bounds(self._shapes))  # type: ignore[return-value]

    def region(self, name: str) -> Region:
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"no region {name!r} on the map of Scar") from None

    def neighbours(self, name: str) -> tuple[str, ...]:
        self.region(name)
        return tuple(sorted(self.graph.adj[name]))

    def borders(self, a: str, b: str) -> bool:
        return self.graph.has_edge(a, b)

    def region_at(self, x: float, y: float) -> str | None:
        """The region under a map point (a click); None at sea. A point on a border goes to the first region."""
        minx, miny, maxx, maxy = self._land_bounds
        if not (minx <= x <= maxx and miny <= y <= maxy):
            return None
        hits = np.flatnonzero(shapely.intersects_xy(self._shapes, x, y))
        return self.regions[hits[0]].name if hits.size else None


def _quoted(names: Iterable[str]) -> str:
    return ", ".join(f"'{n}'" for n in names)


def _point(value: Any, file: str, entry: str, what: str) -> tuple[float, float]:
    if not isinstance(value, list) or len(value) != 2 or not all(is_number(v) for v in value):
        raise DataError(file, entry, f"{what} must be [x, y] numbers, got {value!r}")
    if not all(abs(v) <= MAX_COORDINATE for v in value):
        raise DataError(file, entry, f"{what} lies beyond {MAX_COORDINATE:g} units, far off any map: {value!r}")
    return float(value[0]), float(value[1])


def _size(value: Any, file: str, entry: str) -> tuple[float, float]:
    w, h = _point(value, file, entry, "'size'")
    if w <= 0 or h <= 0:
        raise DataError(file, entry, f"'size' must be positive, got {value!r}")
    return w, h


def _colour(value: Any, file: str, entry: str) -> str:
    if not (isinstance(value, str) and len(value) == 7 and value[0] == "#"
            and all(c in "0123456789abcdefABCDEF" for c in value[1:])):
        raise DataError(file, entry, f"colour must be '#rrggbb', got {value!r}")
    return value


def _polygon(value: Any, file: str, entry: str, size: tuple[float, float]) -> Polygon:
    if not isinstance(value, list) or len(value) < 3:
        raise DataError(file, entry, "'polygon' must be a list of at least 3 [x, y] points")
    pts = [_point(p, file, entry, "every polygon point") for p in value]
    poly = Polygon(pts)
    if not poly.is_valid:
        raise DataError(file, entry, f"the polygon is not valid ({shapely.is_valid_reason(poly)})")
    if poly.is_empty or poly.area <= 0:
        raise DataError(file, entry, "the polygon is empty (no area)")
    minx, miny, maxx, maxy = poly.bounds
    if minx < 0 or miny < 0 or maxx > size[0] or maxy > size[1]:
        raise DataError(file, entry, f"the polygon leaves the {size[0]:g} x {size[1]:g} map")
    return poly


def _region(obj: Any, i: int, file: str, terrains: dict[str, str], size: tuple[float, float]) -> Region:
    entry = f"regions[{i}]"
    if not isinstance(obj, dict):
        raise DataError(file, entry, "must be an object")
    name = get_field(obj, "name", str, file, entry)
    entry = f"region '{name}'"
    invented = get_field(obj, "invented", bool, file, entry)
    terrain = get_field(obj, "terrain", str, file, entry)
    if terrain not in terrains:
        raise DataError(file, entry, f"terrain '{terrain}' is not in the file's terrain table")
    colour = _colour(obj["colour"], file, entry) if "colour" in obj else terrains[terrain]
    polygon = _polygon(obj.get("polygon"), file, entry, size)
    label = _point(obj.get("label"), file, entry, "'label'")
    if not polygon.contains(Point(label)):
        raise DataError(file, entry, f"the label point {label} is not inside the region")
    return Region(name, polygon, label, terrain, colour, invented)


def _check_land(regions: list[Region], shapes: np.ndarray, file: str) -> nx.Graph:
    """Pairs whose boxes meet are either neighbours (a shared border) or a drawing error (an overlap)."""
    names = [r.name for r in regions]
    tree = shapely.STRtree(shapes)
    left, right = tree.query(shapes, predicate="intersects")
    keep = left < right
    left, right = left[keep], right[keep]
    overlap = shapely.area(shapely.intersection(shapes[left], shapes[right]))
    for i, j, area in zip(left, right, overlap):
        if area > AREA_TOLERANCE:
            raise DataError(file, f"regions '{names[i]}' and '{names[j]}'",
                        f"overlap by {area:.2f} square units; neighbours must share one border line")
    shared = shapely.length(shapely.intersection(shapely.boundary(shapes[left]), shapely.boundary(shapes[right])))

    land = shapely.union_all(shapes)
    if land.geom_type != "Polygon":
        pieces = sorted(shapely.get_parts(land), key=lambda p: p.area, reverse=True)
        apart = [n for n, s in zip(names, shapes) if not pieces[0].contains(s.representative_point())]
        raise DataError(file, f"region{'s' if len(apart) > 1 else ''} {_quoted(apart)}",
                    "cut off from the rest of the land; Scar is one land mass")
    for hole in land.interiors:
        gap = Polygon(hole)
        if gap.area > AREA_TOLERANCE:
            around = [n for n, s in zip(names, shapes) if s.distance(gap) < 1e-6]
            p = gap.representative_point()
            raise DataError(file, f"regions {_quoted(around)}",
                        f"leave a gap between them near ({p.x:.1f}, {p.y:.1f}); neighbours must share one border line")

    graph = nx.Graph()
    for r in regions:
        graph.add_node(r.name, terrain=r.terrain, colour=r.colour, label=r.label, invented=r.invented)
    for i, j, length in zip(left, right, shared):
        if length > 0:
            graph.add_edge(names[i], names[j], border_length=float(length))
    if not nx.is_connected(graph):
        parts = sorted(nx.connected_components(graph), key=len, reverse=True)
        apart = sorted(n for part in parts[1:] for n in part)
        raise DataError(file, f"regions {_quoted(apart)}", "share no border with the rest of the land")
    return graph


def _arena(doc: dict[str, Any], names: list[str], file: str) -> tuple[dict[str, tuple[float, float]], float, tuple[float, float]]:
    arena = get_field(doc, "arena", dict, file, "top level")
    size = _size(arena.get("size"), file, "arena")
    radius = get_field(arena, "disc_radius", (int, float), file, "arena")
    if radius <= 0:
        raise DataError(file, "arena", f"'disc_radius' must be positive, got {radius}")
    raw = get_field(arena, "discs", dict, file, "arena")
    for name in raw:
        if name not in names:
            raise DataError(file, f"arena disc '{name}'", "is not a region of the map")
    discs: dict[str, tuple[float, float]] = {}
    for name in names:
        if name not in raw:
            raise DataError(file, f"arena disc '{name}'", "missing: every region needs a disc in the Battle Arena")
        x, y = discs[name] = _point(raw[name], file, f"arena disc '{name}'", "a disc centre")
        if x - radius < 0 or y - radius < 0 or x + radius > size[0] or y + radius > size[1]:
            raise DataError(file, f"arena disc '{name}'", "does not fit inside the arena")
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if math.dist(discs[a], discs[b]) < 2 * radius:
                raise DataError(file, f"arena discs '{a}' and '{b}'", "overlap")
    return discs, float(radius), size


def parse_scar(doc: Any, file: str) -> ScarMap:
    if not isinstance(doc, dict):
        raise DataError(file, None, "the map must be a JSON object")
    invented = get_field(doc, "invented", bool, file, "top level")
    size = _size(doc.get("size"), file, "top level")
    raw_terrains = get_field(doc, "terrains", dict, file, "top level")
    terrains = {t: _colour(c, file, f"terrain '{t}'") for t, c in raw_terrains.items()}
    raw_regions = get_field(doc, "regions", list, file, "top level")
    regions: list[Region] = []
    seen: set[str] = set()
    for i, obj in enumerate(raw_regions):
        region = _region(obj, i, file, terrains, size)
        if region.name in seen:
            raise DataError(file, f"region '{region.name}'", "listed twice")
        seen.add(region.name)
        regions.append(region)
    if len(regions) != REGION_COUNT:
        raise DataError(file, "regions", f"Scar has {REGION_COUNT} regions, the file lists {len(regions)}")
    shapes = np.array([r.polygon for r in regions], dtype=object)
    graph = _check_land(regions, shapes, file)
    arena, radius, arena_size = _arena(doc, [r.name for r in regions], file)
    shapely.prepare(shapes)
    return ScarMap(tuple(regions), graph, arena, radius, size, arena_size, invented, file, shapes)


def load_scar(path: str | Path | None = None) -> ScarMap:
    """Load a map file (the bundled one, cached, by default); errors name the file and the region."""
    if path is None:
        return default_scar()
    return parse_scar(*read_json(path, "maps", "scar.json", DEFAULT_FILE))


@functools.cache
def default_scar() -> ScarMap:
    return parse_scar(*read_json(None, "maps", "scar.json", DEFAULT_FILE))


def validate_home_regions(scar: ScarMap, region_names: Iterable[str]) -> None:
    """Every fighter's home region (from the roster) must be a region on the map."""
    on_map = set(scar.names)
    for name in region_names:
        if name not in on_map:
            raise DataError(scar.source, f"region '{name}'", "is a fighter's home region but is not on the map of Scar")
