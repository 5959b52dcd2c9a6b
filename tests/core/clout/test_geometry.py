"""Clout Fantasy range geometry: edge-to-edge gaps, fly/support/ignores, the area's edge, fast queries."""
from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.clout.geometry import (
    CHIP_RADIUS_CM,
    ChipIndex,
    chips_in_range,
    edge_distance_cm,
    entirely_outside,
    fly_counts,
    in_range,
    in_range_of_each,
    in_range_pairs,
    inside_area,
    overlapping_pairs,
    push_inside,
    range_distance_cm,
    reach_cm,
    wholly_inside,
)
from maps.clout.areas import load_area

INC = 5.0


@pytest.fixture(scope="module", params=["standard", "rug", "pool-table"])
def area(request):
    return load_area(request.param)


def test_edge_distance_is_centre_distance_minus_two_radii():
    assert edge_distance_cm((0, 0), (10, 0)) == pytest.approx(6.0)
    assert edge_distance_cm((0, 0), (3, 4)) == pytest.approx(1.0)
    assert edge_distance_cm((0, 0), (4, 0)) == 0.0
    assert edge_distance_cm((0, 0), (1, 1)) == 0.0


def test_range_reaches_exactly_range_times_increment_from_the_edge():
    # Range 2 at 5 cm reaches 10 cm past the edge: centres 14 cm apart are at the limit.
    assert in_range((0, 0), (14, 0), 2, INC)
    assert not in_range((0, 0), (14.01, 0), 2, INC)
    # Range 0 only reaches chips that touch.
    assert in_range((0, 0), (4, 0), 0, INC)
    assert not in_range((0, 0), (4.01, 0), 0, INC)
    # The rulebook's example: range 2 with a 5 cm increment affects chips 10 cm away.
    assert reach_cm(2, 5) == 10


def test_a_larger_increment_handicap_reaches_further():
    assert not in_range((0, 0), (15, 0), 2, 5.0)
    assert in_range((0, 0), (15, 0), 2, 6.0)


def test_fly_adds_one_increment_against_an_opponent_without_fly():
    source, target = (0, 0), (12, 0)  # gap 8: within range 2 (10 cm), not within 10 - 5
    assert in_range(source, target, 2, INC)
    assert not in_range(source, target, 2, INC, target_flies=True)
    assert range_distance_cm(source, target, INC, target_flies=True) == pytest.approx(13.0)
    assert in_range(source, (8, 0), 2, INC, target_flies=True)  # gap 4 + 5 = 9


def test_fly_changes_nothing_for_a_flying_source_a_friend_or_an_ability_that_ignores_it():
    source, target = (0, 0), (12, 0)
    assert in_range(source, target, 2, INC, target_flies=True, source_flies=True)
    assert in_range(source, target, 2, INC, target_flies=True, opponents=False)
    assert in_range(source, target, 2, INC, target_flies=True, source_ignores_fly=True)
    assert fly_counts(target_flies=True)
    assert not fly_counts(target_flies=False)


def test_support_increases_range_by_whole_increments():
    assert not in_range((0, 0), (19, 0), 2, INC)
    assert in_range((0, 0), (19, 0), 2, INC, support_bonus=1)  # gap 15 = 3 increments
    assert not in_range((0, 0), (19.01, 0), 2, INC, support_bonus=1)
    assert in_range((0, 0), (19, 0), 2, INC, target_flies=True, support_bonus=2)  # 15 + 5 <= 20
    assert not in_range((0, 0), (19, 0), 2, INC, target_flies=True, support_bonus=1)


def test_rulebook_example_move_one_increment_brings_the_watcher_in_range():
    # Questing Warrior (range 1) lands almost two increments away, moves one increment closer.
    watcher = (50.0, 50.0)
    landed = (50.0 + 4 + 9.5, 50.0)  # gap 9.5 cm: not within 5 cm
    assert not in_range(landed, watcher, 1, INC)
    moved = (landed[0] - INC, landed[1])
    assert in_range(moved, watcher, 1, INC)


def test_chips_in_range_nearest_first_with_fly_and_exclusions():
    index = ChipIndex({"src": (0, 0), "near": (6, 0), "far": (13, 0), "flier": (0, 10), "away": (29, 0)})
    assert chips_in_range(index, "src", 2, INC) == ["near", "flier", "far"]
    assert chips_in_range(index, "src", 2, INC, flying_against=["flier"]) == ["near", "far"]
    assert chips_in_range(index, "src", 2, INC, support_bonus=3) == ["near", "flier", "far", "away"]
    index.move("away", (2, 3))
    assert chips_in_range(index, "src", 0, INC) == ["away"]


def test_inside_outside_on_every_area(area):
    minx, miny, maxx, maxy = area.bounds_cm
    centre = ((minx + maxx) / 2, (miny + maxy) / 2)
    assert inside_area(centre, area) and wholly_inside(centre, area)
    # The rightmost point of each bundled area sits at mid height.
    hanging = (maxx + CHIP_RADIUS_CM - 0.5, centre[1])
    assert inside_area(hanging, area) and not wholly_inside(hanging, area)
    assert not entirely_outside(hanging, area)
    touching = (maxx + CHIP_RADIUS_CM - 1e-9, centre[1])
    assert inside_area(touching, area)
    gone = (maxx + CHIP_RADIUS_CM + 0.01, centre[1])
    assert entirely_outside(gone, area) and not inside_area(gone, area)


def test_the_rug_has_no_corners():
    rug = load_area("rug")
    assert entirely_outside((3, 3), rug)
    assert inside_area((75, 148), rug)


def test_push_inside_puts_the_chip_just_inside_the_nearest_edge(area):
    _, miny, maxx, maxy = area.bounds_cm
    mid = (miny + maxy) / 2
    back = push_inside((maxx + 20, mid), area)
    assert wholly_inside(back, area)
    assert back[0] == pytest.approx(maxx - CHIP_RADIUS_CM, abs=0.01)
    assert back[1] == pytest.approx(mid, abs=0.01)


def test_push_inside_a_corner_touches_both_sides():
    square = load_area()
    x, y = push_inside((-10, -10), square)
    assert (x, y) == (pytest.approx(2.0, abs=0.01), pytest.approx(2.0, abs=0.01))
    assert wholly_inside((x, y), square)


def test_push_inside_slides_along_the_edge_past_chips_already_there():
    square = load_area()
    sitting = [(98.0, 50.0), (98.0, 54.0)]
    x, y = push_inside((110.0, 51.0), square, sitting)
    assert wholly_inside((x, y), square)
    assert all(math.dist((x, y), s) >= 4.0 - 1e-6 for s in sitting)
    assert x == pytest.approx(98.0, abs=0.01)
    assert y == pytest.approx(46.0, abs=0.3)


def test_overlapping_pairs_finds_chips_on_top_of_each_other():
    assert overlapping_pairs([(0, 0), (3, 0), (10, 0), (14, 0)]) == [(0, 1)]
    assert overlapping_pairs([(0, 0), (3.99, 0)], tolerance_cm=0.02) == []


def _brute_pairs(centres, radius):
    return [(i, j) for i, j in itertools.combinations(range(len(centres)), 2)
            if edge_distance_cm(centres[i], centres[j]) <= radius + 1e-6]


centre_lists = st.lists(st.tuples(st.floats(-50, 250, allow_nan=False), st.floats(-50, 250, allow_nan=False)),
                        max_size=60)


@settings(max_examples=150, deadline=None)
@given(centres=centre_lists, radius=st.floats(0, 40, allow_nan=False))
def test_grid_pairs_equal_brute_force(centres, radius):
    found = in_range_pairs(centres, radius)
    brute = _brute_pairs(centres, radius)
    # Pairs exactly at the limit may fall either side of float noise; none may be far off.
    assert set(found) ^ set(brute) <= {
        (i, j) for i, j in itertools.combinations(range(len(centres)), 2)
        if abs(edge_distance_cm(centres[i], centres[j]) - radius) < 1e-5}
    assert found == sorted(found)


@settings(max_examples=150, deadline=None)
@given(data=st.data(), centres=centre_lists)
def test_each_chips_own_reach_equals_brute_force(data, centres):
    reaches = data.draw(st.lists(st.sampled_from([0.0, 5.0, 10.0, 15.0, 30.0]),
                                 min_size=len(centres), max_size=len(centres)))
    found = in_range_of_each(centres, reaches)
    brute = [(i, j) for i in range(len(centres)) for j in range(len(centres))
             if i != j and edge_distance_cm(centres[i], centres[j]) <= reaches[i] + 1e-6]
    assert set(found) ^ set(brute) <= {
        (i, j) for i in range(len(centres)) for j in range(len(centres))
        if abs(edge_distance_cm(centres[i], centres[j]) - reaches[i]) < 1e-5}


@settings(max_examples=100, deadline=None)
@given(centres=centre_lists.filter(len), radius=st.floats(0, 40, allow_nan=False),
       point=st.tuples(st.floats(-50, 250), st.floats(-50, 250)))
def test_the_single_chip_query_equals_the_one_pair_test(centres, radius, point):
    index = ChipIndex(dict(enumerate(centres)))
    near = [chip for chip, _ in index.near(point, radius)]
    for k, c in enumerate(centres):
        gap = edge_distance_cm(point, c)
        if abs(gap - radius) > 1e-5:
            assert (k in near) == (gap <= radius)
    gaps = [g for _, g in index.near(point, radius)]
    assert gaps == sorted(gaps)


def test_index_pairs_use_ids():
    index = ChipIndex({"a": (0, 0), "b": (9, 0), "c": (50, 50)})
    assert index.pairs(5) == [("a", "b")]
    assert index.pairs(4) == []
    assert "a" in index and len(index) == 3
