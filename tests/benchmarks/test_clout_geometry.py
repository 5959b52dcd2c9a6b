"""Clout Fantasy range speed: "what is in range of what" after every throw, and while a chip is dragged.

Goals (issue 4): all pairs for 1,000 chips in at most 5 ms, 10,000 in at most 100 ms; the live
range overlay for one dragged chip among 500 in at most 8 ms an update. The tables are crowded
but physical: one chip per 100 cm^2 (a standard square metre would hold 100 chips), ranges up
to 3 increments of 5 cm.
"""
from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from core.clout.geometry import (
    ChipIndex,
    edge_distance_cm,
    in_range_of_each,
    in_range_pairs,
)
from core.clout.throwing import settle
from maps.clout.areas import load_area

RADIUS_CM = 15.0
CM2_PER_CHIP = 100.0


def _table(n: int, seed: int = 11) -> np.ndarray:
    side = math.sqrt(n * CM2_PER_CHIP)
    return np.random.default_rng(seed).uniform(0, side, (n, 2))


def _spot_check(centres: np.ndarray, pairs: list[tuple[int, int]], sample: int = 200) -> None:
    """Exact for the first `sample` chips against everything (a full brute force of 10,000 is slow)."""
    got = {p for p in pairs if p[0] < sample}
    want = {(i, j) for i in range(min(sample, len(centres))) for j in range(i + 1, len(centres))
            if edge_distance_cm(centres[i], centres[j]) <= RADIUS_CM}
    assert got == want


@pytest.mark.parametrize("n", [100, 1_000, 10_000])
def test_in_range_pairs(benchmark, n):
    centres = _table(n)
    pairs = benchmark(in_range_pairs, centres, RADIUS_CM)
    assert len(pairs) > n
    _spot_check(centres, pairs)


def test_each_chips_own_range_for_1000_chips(benchmark):
    centres = _table(1_000)
    reaches = np.random.default_rng(3).choice([0.0, 5.0, 10.0, 15.0], 1_000)
    found = benchmark(in_range_of_each, centres, reaches)
    src = [p for p in found if p[0] == 0]
    assert src == [(0, j) for j in range(1, 1_000) if edge_distance_cm(centres[0], centres[j]) <= reaches[0] + 1e-6]


def test_live_range_while_dragging_one_chip_among_500(benchmark):
    area = load_area()
    centres = np.random.default_rng(5).uniform(2, 98, (500, 2))
    index = ChipIndex({f"c{k}": tuple(c) for k, c in enumerate(centres)})
    path = itertools.cycle([(x, 50.0 + 20 * math.sin(x / 9)) for x in np.linspace(3, 97, 200)])

    def drag_step() -> list:
        point = next(path)
        index.move("c0", point)
        return index.near(point, RADIUS_CM, exclude="c0")

    near = benchmark(drag_step)
    here = index.centre("c0")
    assert [c for c, _ in near] == sorted(
        (c for c in index.ids if c != "c0" and edge_distance_cm(here, index.centre(c)) <= RADIUS_CM),
        key=lambda c: (edge_distance_cm(here, index.centre(c)), int(c[1:])))
    assert area.contains_point(*here)


def test_settle_a_throw_into_a_busy_table(benchmark):
    area = load_area()
    chips = {f"c{k}": (8 + 12 * (k % 8), 8 + 12 * (k // 8)) for k in range(60)}
    result = benchmark(settle, area, chips, "t", (2.0, 44.0), (250.0, 10.0))
    assert len(result.moved) >= 2
