"""Clout Fantasy range geometry: chips as 4 cm discs, edge-to-edge ranges, the area's edge.

A chip is known by its centre (x, y) in centimetres on the area's axes (maps/clout/areas.py).
Range is measured from the edge of the chip with the ability to any part of the other chip,
so every range question is "is the gap between two discs at most range x increment?"; with
equal discs that is a question about centre distances, which is why the fast queries work on
centre arrays with plain circle maths instead of shapely shapes (a shapely STRtree query for
1,000 chips is several times slower than the canvas can wait). Shapely is used only against
the area's outline, where a chip meets an arbitrary polygon.

The rulings the rulebook leaves open are in resources/notes/clout-geometry.md.
"""
from __future__ import annotations

import functools
import math
from collections.abc import Hashable, Iterable, Mapping, Sequence

import numpy as np
import shapely
from shapely.geometry import LineString
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from maps.clout.areas import PlayArea

Point = tuple[float, float]
ChipId = Hashable

CHIP_DIAMETER_CM = 4.0
CHIP_RADIUS_CM = CHIP_DIAMETER_CM / 2.0
# A measured gap this close to the limit counts as within it: float noise, not a real gap.
RANGE_TOLERANCE_CM = 1e-6
# A chip put back inside lands this far in from the edge so it is inside, not just touching.
EDGE_MARGIN_CM = 1e-3
# Steps along the edge when looking for a free spot for a chip put back: fine enough that the
# chip sits next to the chips already there, not a visible gap away.
EDGE_SEARCH_STEP_CM = 0.25


def edge_distance_cm(a: Point, b: Point, radius_cm: float = CHIP_RADIUS_CM) -> float:
    """The gap between two chips (centres a, b); chips that touch or overlap are 0 apart."""
    return max(0.0, math.dist(a, b) - 2.0 * radius_cm)


def reach_cm(range_units: float, increment_cm: float, support_bonus: float = 0) -> float:
    """How far past its own edge a chip reaches: (printed range + support) range increments."""
    return max(0.0, range_units + support_bonus) * increment_cm


def fly_counts(*, target_flies: bool, source_flies: bool = False, opponents: bool = True,
               source_ignores_fly: bool = False) -> bool:
    """Whether a target's fly lengthens this measurement by one increment.

    Fly only protects a chip from an opponent's chip that has no fly itself, and an ability
    that ignores fly treats the target as if it had none; a flying chip measuring to others
    never gains or loses anything.
    """
    return target_flies and opponents and not source_flies and not source_ignores_fly


def range_distance_cm(source: Point, target: Point, increment_cm: float, *, target_flies: bool = False,
                      source_flies: bool = False, opponents: bool = True,
                      source_ignores_fly: bool = False) -> float:
    """The distance the rules compare with the source's reach: the gap, plus one increment for fly."""
    gap = edge_distance_cm(source, target)
    if fly_counts(target_flies=target_flies, source_flies=source_flies, opponents=opponents,
                  source_ignores_fly=source_ignores_fly):
        gap += increment_cm
    return gap


def in_range(source: Point, target: Point, range_units: float, increment_cm: float, *,
             target_flies: bool = False, source_ignores_fly: bool = False, support_bonus: float = 0,
             source_flies: bool = False, opponents: bool = True) -> bool:
    """Is the target chip within the source chip's range (edge to edge, exact limit included)?

    `increment_cm` is the increment of the player measuring (the source's controller; players
    may have different increments when handicapped). `target_flies`: the target has fly (and
    no effect has taken it away); `opponents`: the two chips belong to opposing players (fly
    only matters then); `source_flies`: the source has fly too, so fly changes nothing;
    `source_ignores_fly`: the ability being applied ignores fly ([Fly]); `support_bonus`: the
    total support the source receives, in range increments.
    """
    distance = range_distance_cm(source, target, increment_cm, target_flies=target_flies,
                                 source_flies=source_flies, opponents=opponents,
                                 source_ignores_fly=source_ignores_fly)
    return distance <= reach_cm(range_units, increment_cm, support_bonus) + RANGE_TOLERANCE_CM


def _as_array(centres: Sequence[Point] | np.ndarray) -> np.ndarray:
    xy = np.asarray(centres, dtype=float)
    if xy.size == 0:
        return np.zeros((0, 2))
    if xy.ndim != 2 or xy.shape[1] != 2:
        raise ValueError(f"centres must be (x, y) pairs, got an array of shape {xy.shape}")
    return xy


def _candidate_pairs(xy: np.ndarray, cell_cm: float) -> tuple[np.ndarray, np.ndarray]:
    """Every unordered pair (i < j) whose centres fall in the same or neighbouring grid cells.

    With cells as wide as the longest centre distance asked about, any pair close enough
    shares a cell or sits in adjacent cells; looking at half of the eight neighbours (plus the
    own cell, partners after oneself) visits each pair once. All of it is array work: sort by
    cell key, find each neighbour cell's run with searchsorted, expand runs into index pairs.
    """
    n = len(xy)
    if n < 2:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty
    cell = np.floor((xy - xy.min(axis=0)) / cell_cm).astype(np.int64)
    stride = int(cell[:, 1].max()) + 2
    key = cell[:, 0] * stride + cell[:, 1]
    order = np.argsort(key, kind="stable")
    sorted_key = key[order]
    rank = np.empty(n, dtype=np.int64)
    rank[order] = np.arange(n)
    lefts, rights = [], []
    for dx, dy in ((0, 0), (0, 1), (1, -1), (1, 0), (1, 1)):
        target = key + dx * stride + dy
        start = np.searchsorted(sorted_key, target, side="left")
        end = np.searchsorted(sorted_key, target, side="right")
        if dx == 0 and dy == 0:
            start = np.maximum(start, rank + 1)
        counts = np.maximum(end - start, 0)
        total = int(counts.sum())
        if total == 0:
            continue
        first = np.cumsum(counts) - counts
        slots = np.arange(total) - np.repeat(first, counts) + np.repeat(start, counts)
        lefts.append(np.repeat(np.arange(n), counts))
        rights.append(order[slots])
    if not lefts:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty
    i, j = np.concatenate(lefts), np.concatenate(rights)
    return np.minimum(i, j), np.maximum(i, j)


def _pairs_within(xy: np.ndarray, centre_limit_cm: float) -> tuple[np.ndarray, np.ndarray]:
    """Index pairs (i < j, sorted) whose centres are at most `centre_limit_cm` apart."""
    if centre_limit_cm <= 0:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty
    i, j = _candidate_pairs(xy, centre_limit_cm)
    d = xy[i] - xy[j]
    keep = np.einsum("ij,ij->i", d, d) <= centre_limit_cm * centre_limit_cm
    i, j = i[keep], j[keep]
    order = np.lexsort((j, i))
    return i[order], j[order]


def in_range_pair_arrays(centres: Sequence[Point] | np.ndarray, radius_cm: float) -> tuple[np.ndarray, np.ndarray]:
    """`in_range_pairs` as two index arrays (i < j), sorted; for callers that stay in numpy."""
    limit = max(0.0, radius_cm) + CHIP_DIAMETER_CM + RANGE_TOLERANCE_CM
    return _pairs_within(_as_array(centres), limit)


def overlapping_pairs(centres: Sequence[Point] | np.ndarray, tolerance_cm: float = 0.0) -> list[tuple[int, int]]:
    """Pairs of chips lying on each other by more than `tolerance_cm` (never allowed at rest)."""
    i, j = _pairs_within(_as_array(centres), CHIP_DIAMETER_CM - tolerance_cm - RANGE_TOLERANCE_CM)
    return list(zip(i.tolist(), j.tolist()))


def in_range_pairs(centres: Sequence[Point] | np.ndarray, radius_cm: float) -> list[tuple[int, int]]:
    """Every pair of chips (i < j, indices into `centres`) at most `radius_cm` apart edge to edge."""
    i, j = in_range_pair_arrays(centres, radius_cm)
    return list(zip(i.tolist(), j.tolist()))


def in_range_of_each(centres: Sequence[Point] | np.ndarray,
                     reaches_cm: Sequence[float] | np.ndarray) -> list[tuple[int, int]]:
    """Every (source, target) with the target within the source's own reach (edge to edge).

    What the canvas and the rules ask after every throw: each chip has its own range (and
    perhaps support), so the relation is directed; sorted by source then target.
    """
    xy = _as_array(centres)
    reach = np.asarray(reaches_cm, dtype=float).reshape(-1)
    if len(reach) != len(xy):
        raise ValueError(f"{len(xy)} centres but {len(reach)} reaches")
    if len(xy) < 2:
        return []
    reach = np.maximum(reach, 0.0) + CHIP_DIAMETER_CM + RANGE_TOLERANCE_CM
    i, j = _candidate_pairs(xy, float(reach.max()))
    d = xy[i] - xy[j]
    d2 = np.einsum("ij,ij->i", d, d)
    fwd = d2 <= reach[i] ** 2
    back = d2 <= reach[j] ** 2
    src = np.concatenate((i[fwd], j[back]))
    dst = np.concatenate((j[fwd], i[back]))
    order = np.lexsort((dst, src))
    return list(zip(src[order].tolist(), dst[order].tolist()))


class ChipIndex:
    """Chip centres by id for repeated range questions, cheap to update while a chip is dragged.

    A single chip's question ("what is within my reach?") is one vectorised pass over all
    centres: a few microseconds for hundreds of chips, so dragging needs no tree to rebuild;
    `pairs` uses the grid of `in_range_pairs` for the whole-table question.
    """

    def __init__(self, centres: Mapping[ChipId, Point]) -> None:
        self._ids: list[ChipId] = list(centres)
        self._row = {cid: k for k, cid in enumerate(self._ids)}
        self._xy = _as_array([centres[c] for c in self._ids]).copy()

    def __len__(self) -> int:
        return len(self._ids)

    def __contains__(self, chip: object) -> bool:
        return chip in self._row

    @property
    def ids(self) -> tuple[ChipId, ...]:
        return tuple(self._ids)

    def centre(self, chip: ChipId) -> Point:
        x, y = self._xy[self._row[chip]]
        return float(x), float(y)

    def move(self, chip: ChipId, centre: Point) -> None:
        """A chip's new centre (a drag, a knock); the only mutation, O(1)."""
        self._xy[self._row[chip]] = centre

    def gaps_from(self, point: Point) -> np.ndarray:
        """The edge gap from a chip centred at `point` to every indexed chip, in `ids` order."""
        d = np.hypot(self._xy[:, 0] - point[0], self._xy[:, 1] - point[1]) - CHIP_DIAMETER_CM
        return np.maximum(d, 0.0)

    def near(self, point: Point, reach: float, *, exclude: ChipId | None = None,
             longer_for: Iterable[ChipId] = (), extra_cm: float = 0.0) -> list[tuple[ChipId, float]]:
        """Chips within `reach` cm (edge to edge) of a chip at `point`, nearest first (ties by index).

        `longer_for` lists chips whose distance counts `extra_cm` longer (fly: the chips whose
        fly counts against this source, see `fly_counts`). Each entry is (id, measured gap).
        """
        gaps = self.gaps_from(point)
        if extra_cm:
            for chip in longer_for:
                row = self._row.get(chip)
                if row is not None:
                    gaps[row] += extra_cm
        hits = np.flatnonzero(gaps <= reach + RANGE_TOLERANCE_CM)
        hits = hits[np.argsort(gaps[hits], kind="stable")]
        return [(self._ids[k], float(gaps[k])) for k in hits.tolist() if self._ids[k] != exclude]

    def pairs(self, radius_cm: float) -> list[tuple[ChipId, ChipId]]:
        """Every pair of indexed chips at most `radius_cm` apart edge to edge (index order)."""
        i, j = in_range_pair_arrays(self._xy, radius_cm)
        ids = self._ids
        return [(ids[a], ids[b]) for a, b in zip(i.tolist(), j.tolist())]


def chips_in_range(index: ChipIndex, source_id: ChipId, range_units: float, increment_cm: float, *,
                   support_bonus: float = 0, flying_against: Iterable[ChipId] = ()) -> list[ChipId]:
    """The chips within a chip's range, nearest first (destroy and raze remove the nearest first).

    `flying_against`: the chips whose fly counts against this source (opposing chips with fly,
    when the source has no fly and its ability does not ignore fly; see `fly_counts`).
    """
    hits = index.near(index.centre(source_id), reach_cm(range_units, increment_cm, support_bonus),
                      exclude=source_id, longer_for=flying_against, extra_cm=increment_cm)
    return [chip for chip, _ in hits]


@functools.lru_cache(maxsize=32)
def _room(area: PlayArea) -> BaseGeometry:
    """Where a chip's centre may be for the whole chip to lie inside the area."""
    room = area.polygon.buffer(-(CHIP_RADIUS_CM + EDGE_MARGIN_CM))
    shapely.prepare(room)
    return room


@functools.lru_cache(maxsize=32)
def _outline(area: PlayArea) -> BaseGeometry:
    """The area's outline, prepared for fast point tests (a copy: the area's own stays as loaded)."""
    outline = shapely.from_wkb(shapely.to_wkb(area.polygon))
    shapely.prepare(outline)
    return outline


@functools.lru_cache(maxsize=32)
def _is_box(area: PlayArea) -> bool:
    """Is the area an upright rectangle (its outline is its bounding box)?"""
    minx, miny, maxx, maxy = area.polygon.bounds
    return not area.polygon.interiors and abs(area.polygon.area - (maxx - minx) * (maxy - miny)) < 1e-9


def inside_area(chip: Point, area: PlayArea) -> bool:
    """In play: some part of the chip touches the area (a chip hanging over the edge still counts)."""
    x, y = chip
    if not (math.isfinite(x) and math.isfinite(y)):
        return False
    if _is_box(area):
        minx, miny, maxx, maxy = area.bounds_cm
        if minx <= x <= maxx and miny <= y <= maxy:
            return True  # the centre is on the area: the common case, answered without shapely
    elif shapely.contains_xy(_outline(area), x, y):
        return True
    return bool(shapely.dwithin(area.polygon, ShapelyPoint(chip), CHIP_RADIUS_CM + RANGE_TOLERANCE_CM))


def entirely_outside(chip: Point, area: PlayArea) -> bool:
    """No part of the chip touches the area: a thrown chip like this is out without activating."""
    return not inside_area(chip, area)


def wholly_inside(chip: Point, area: PlayArea) -> bool:
    """The whole chip lies on the area (no overhang)."""
    pt = ShapelyPoint(chip)
    return bool(area.polygon.contains(pt)) and area.polygon.boundary.distance(pt) >= CHIP_RADIUS_CM - RANGE_TOLERANCE_CM


def push_inside(chip: Point, area: PlayArea, others: Iterable[Point] = ()) -> Point:
    """Where a chip knocked out of the area goes back: just inside the nearest edge.

    The chip ends wholly inside, touching the edge (the nearest spot of the area's "room",
    the outline shrunk by a chip's radius). If `others` (centres of chips already there) would
    overlap it there, it slides along the edge, both ways, to the nearest free spot, so a
    chip put back never sits on another.
    """
    room = _room(area)
    spot = nearest_points(room, ShapelyPoint(chip))[0]
    best = (spot.x, spot.y)
    blockers = _as_array(list(others))
    if not len(blockers) or _free(best, blockers):
        return best
    rings = [room.exterior] if room.geom_type == "Polygon" else [p.exterior for p in room.geoms]
    candidates: list[tuple[float, float, Point]] = []
    for ring in rings:
        line = LineString(ring.coords)
        length = line.length
        at = line.project(spot)
        steps = int(length / EDGE_SEARCH_STEP_CM) + 1
        for k in range(1, steps):
            for s in (at + k * EDGE_SEARCH_STEP_CM, at - k * EDGE_SEARCH_STEP_CM):
                p = line.interpolate(s % length)
                q = (p.x, p.y)
                if _free(q, blockers):
                    candidates.append((math.dist(q, chip), k, q))
                    break
            else:
                continue
            break
    if candidates:
        return min(candidates)[2]
    return best


def _free(point: Point, blockers: np.ndarray) -> bool:
    d = np.hypot(blockers[:, 0] - point[0], blockers[:, 1] - point[1])
    return bool((d >= CHIP_DIAMETER_CM - RANGE_TOLERANCE_CM).all())
