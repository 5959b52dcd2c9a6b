"""Power Spike tables: the table's size, its terrain pieces and each side's deployment zone.

All lengths are inches, measured from the table's top-left corner as the tabletop view shows
it: x along the long edge, y across towards the bottom edge. The tables are invented (the
rulebook has no scenarios), so they live in maps/powerspike/tables/ where anyone can add one;
this loader refuses a broken file naming the file and the entry, so a bad edit never reaches
a game.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import shapely
from shapely.geometry import Polygon, box

from maps.datafile import DataError, bundled_ids, get_field, is_number, read_named

TerrainKind = Literal["cover", "impassable"]
KINDS: tuple[str, ...] = ("cover", "impassable")
# What a piece looks like; the rules only read its kind.
FEATURES: tuple[str, ...] = ("woods", "ruins", "building", "river", "crater", "rocks", "lake")
SIDES: tuple[str, ...] = ("CDC", "SCS")
DEFAULT_TABLE = "default"
PACKAGE = "maps.powerspike"
FOLDER = "tables"
# Square inches: below this an overlap is float noise, not a drawing error.
AREA_TOLERANCE_SQIN = 1e-6
# A vertex this far outside the table edge is a rounding error, not terrain off the table.
EDGE_TOLERANCE_IN = 1e-9
# About 80 feet: no club table is larger; beyond it geometry overflows, so it is damage.
MAX_INCHES = 1000.0


@dataclass(frozen=True)
class TerrainPiece:
    name: str
    kind: TerrainKind
    feature: str
    polygon: Polygon
    invented: bool

    @property
    def is_cover(self) -> bool:
        return self.kind == "cover"

    @property
    def is_impassable(self) -> bool:
        return self.kind == "impassable"


@dataclass(frozen=True)
class DeploymentZone:
    side: str
    label: str
    polygon: Polygon


@dataclass(frozen=True, eq=False)
class Table:
    id: str
    title: str
    description: str
    width_in: float
    depth_in: float
    terrain: tuple[TerrainPiece, ...]
    zones: dict[str, DeploymentZone]
    invented: bool
    source: str

    @property
    def size_in(self) -> tuple[float, float]:
        return self.width_in, self.depth_in

    @functools.cached_property
    def outline(self) -> Polygon:
        """The table top itself: a tray must stay inside it."""
        return box(0.0, 0.0, self.width_in, self.depth_in)

    @functools.cached_property
    def cover(self) -> tuple[TerrainPiece, ...]:
        return tuple(t for t in self.terrain if t.is_cover)

    @functools.cached_property
    def impassable(self) -> tuple[TerrainPiece, ...]:
        return tuple(t for t in self.terrain if t.is_impassable)

    def zone(self, side: str) -> DeploymentZone:
        try:
            return self.zones[side]
        except KeyError:
            raise KeyError(f"no deployment zone for side {side!r} on table {self.id!r}") from None

    def piece(self, name: str) -> TerrainPiece:
        for t in self.terrain:
            if t.name == name:
                return t
        raise KeyError(f"no terrain piece {name!r} on table {self.id!r}")


def _size(value: Any, file: str) -> tuple[float, float]:
    if not isinstance(value, list) or len(value) != 2 or not all(is_number(v, MAX_INCHES) for v in value):
        raise DataError(file, "size_in", f"must be [width, depth] in inches (at most {MAX_INCHES:g}), got {value!r}")
    w, d = float(value[0]), float(value[1])
    if w <= 0 or d <= 0:
        raise DataError(file, "size_in", f"width and depth must be positive, got {value!r}")
    return w, d


def _polygon(value: Any, file: str, entry: str, size: tuple[float, float]) -> Polygon:
    if not isinstance(value, list) or len(value) < 3:
        raise DataError(file, entry, "'polygon' must be a list of at least 3 [x, y] points in inches")
    for p in value:
        if not isinstance(p, list) or len(p) != 2 or not all(is_number(v, MAX_INCHES) for v in p):
            raise DataError(file, entry,
                            f"every polygon point must be [x, y] numbers of inches on the table, got {p!r}")
    poly = Polygon([(float(x), float(y)) for x, y in value])
    if not poly.is_valid:
        raise DataError(file, entry, f"the polygon is not valid ({shapely.is_valid_reason(poly)})")
    if poly.area <= AREA_TOLERANCE_SQIN:
        raise DataError(file, entry, "the polygon has no area")
    minx, miny, maxx, maxy = poly.bounds
    e = EDGE_TOLERANCE_IN
    if minx < -e or miny < -e or maxx > size[0] + e or maxy > size[1] + e:
        raise DataError(file, entry, f"the polygon leaves the {size[0]:g}\" x {size[1]:g}\" table")
    return poly


def _piece(obj: Any, i: int, file: str, size: tuple[float, float]) -> TerrainPiece:
    entry = f"terrain[{i}]"
    if not isinstance(obj, dict):
        raise DataError(file, entry, "must be an object")
    name = get_field(obj, "name", str, file, entry)
    entry = f"terrain '{name}'"
    kind = get_field(obj, "kind", str, file, entry)
    if kind not in KINDS:
        raise DataError(file, entry, f"kind '{kind}' is not one of {', '.join(KINDS)}")
    feature = get_field(obj, "feature", str, file, entry)
    if feature not in FEATURES:
        raise DataError(file, entry, f"feature '{feature}' is not one of {', '.join(FEATURES)}")
    invented = get_field(obj, "invented", bool, file, entry)
    return TerrainPiece(name, kind, feature, _polygon(obj.get("polygon"), file, entry, size), invented)  # type: ignore[arg-type]


def _zones(raw: Any, file: str, size: tuple[float, float]) -> dict[str, DeploymentZone]:
    if not isinstance(raw, dict):
        raise DataError(file, "deployment", "must be an object with one zone per side")
    for side in raw:
        if side not in SIDES:
            raise DataError(file, f"deployment '{side}'", f"is not a side ({', '.join(SIDES)})")
    zones: dict[str, DeploymentZone] = {}
    for side in SIDES:
        entry = f"deployment '{side}'"
        if side not in raw:
            raise DataError(file, entry, "missing: every side needs a deployment zone")
        obj = raw[side]
        if not isinstance(obj, dict):
            raise DataError(file, entry, "must be an object")
        label = get_field(obj, "label", str, file, entry)
        zones[side] = DeploymentZone(side, label, _polygon(obj.get("polygon"), file, entry, size))
    a, b = (zones[s].polygon for s in SIDES)
    if a.intersection(b).area > AREA_TOLERANCE_SQIN:
        raise DataError(file, f"deployment '{SIDES[0]}' and '{SIDES[1]}'", "the zones overlap")
    return zones


def _check_overlaps(pieces: list[TerrainPiece], file: str) -> None:
    """Pieces may touch but not overlap: one patch of ground has one kind."""
    shapes = [p.polygon for p in pieces]
    tree = shapely.STRtree(shapes)
    left, right = tree.query(shapes, predicate="intersects")
    for i, j in zip(left, right):
        if i < j and shapes[i].intersection(shapes[j]).area > AREA_TOLERANCE_SQIN:
            raise DataError(file, f"terrain '{pieces[i].name}' and '{pieces[j].name}'", "overlap")


def parse_table(doc: Any, file: str, table_id: str) -> Table:
    if not isinstance(doc, dict):
        raise DataError(file, None, "the table must be a JSON object")
    top = "top level"
    title = get_field(doc, "title", str, file, top)
    description = get_field(doc, "description", str, file, top) if "description" in doc else ""
    invented = get_field(doc, "invented", bool, file, top)
    size = _size(doc.get("size_in"), file)
    pieces: list[TerrainPiece] = []
    seen: set[str] = set()
    for i, obj in enumerate(get_field(doc, "terrain", list, file, top)):
        piece = _piece(obj, i, file, size)
        if piece.name in seen:
            raise DataError(file, f"terrain '{piece.name}'", "listed twice")
        seen.add(piece.name)
        pieces.append(piece)
    _check_overlaps(pieces, file)
    zones = _zones(doc.get("deployment"), file, size)
    for t in pieces:
        shapely.prepare(t.polygon)
    return Table(table_id, title, description, size[0], size[1], tuple(pieces), zones, invented, file)


def available_tables() -> tuple[str, ...]:
    """The ready tables bundled with Battlebox, the default first then by id."""
    return bundled_ids(PACKAGE, FOLDER, DEFAULT_TABLE)


@functools.cache
def _bundled(table_id: str) -> Table:
    return parse_table(*read_named(table_id, PACKAGE, FOLDER, available_tables(), "table"))


def load_table(name_or_path: str | Path = DEFAULT_TABLE) -> Table:
    """A bundled table by id (cached), or any table file by path; errors name the file and entry."""
    if isinstance(name_or_path, str) and name_or_path in available_tables():
        return _bundled(name_or_path)
    return parse_table(*read_named(name_or_path, PACKAGE, FOLDER, available_tables(), "table"))
