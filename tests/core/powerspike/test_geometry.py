"""Trays on the measured tabletop: every measure checked against distances worked out by hand."""
from __future__ import annotations

import math
import random

import pytest

from core.powerspike.geometry import (
    COMMANDER_RADIUS_IN,
    CONTACT_TOLERANCE_IN,
    Tray,
    TrayIndex,
    arc_of,
    check_deployment,
    check_move,
    closest_points,
    cover_under,
    distance_in,
    in_contact,
    in_cover,
    in_range,
    in_zone,
    path_length_in,
    retreat_position,
    ring,
    ruler,
    tray_polygon,
    within_commander,
)
from maps.powerspike.table import parse_table


def rect(x0, y0, x1, y1):
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


# A 24" x 24" test table: a wall (impassable) from x 10 to 12 for y 0..10, a wood (cover) at the
# bottom left, deployment strips along the top and bottom edges.
TABLE = parse_table({
    "title": "Test table", "invented": True, "size_in": [24, 24],
    "terrain": [
        {"name": "Wall", "kind": "impassable", "feature": "building", "invented": True, "polygon": rect(10, 0, 12, 10)},
        {"name": "Wood", "kind": "cover", "feature": "woods", "invented": True, "polygon": rect(0, 16, 6, 22)},
    ],
    "deployment": {"CDC": {"label": "CDC zone", "polygon": rect(0, 0, 24, 4)},
                   "SCS": {"label": "SCS zone", "polygon": rect(0, 20, 24, 24)}},
}, "test.json", "test")
TERRAIN = TABLE.terrain


def tray(x, y, facing=0.0, w=2.0, d=1.0) -> Tray:
    return Tray((x, y), facing, w, d)


# --- the tray ------------------------------------------------------------------------------
def test_a_tray_facing_along_x_has_its_depth_along_x():
    poly = tray_polygon((10, 10), 0, 2, 1)
    assert poly.bounds == pytest.approx((9.5, 9.0, 10.5, 11.0))
    assert poly.area == pytest.approx(2.0)


def test_a_tray_facing_down_the_table_has_its_frontage_along_x():
    assert tray_polygon((10, 10), 90, 2, 1).bounds == pytest.approx((9.0, 9.5, 11.0, 10.5))


def test_a_square_tray_turned_45_degrees_reaches_half_a_diagonal():
    h = math.sqrt(2)
    assert tray_polygon((0, 0), 45, 2, 2).bounds == pytest.approx((-h, -h, h, h))


def test_a_tray_needs_a_size():
    with pytest.raises(ValueError):
        tray_polygon((0, 0), 0, 0, 1)


def test_moved_keeps_the_size_and_optionally_the_facing():
    t = tray(1, 1, 30)
    assert t.moved((5, 6)) == Tray((5.0, 6.0), 30, 2.0, 1.0)
    assert t.moved((5, 6), 90).facing_deg == 90


# --- distances -----------------------------------------------------------------------------
def test_distance_is_edge_to_edge_along_the_facing():
    # centres 3" apart, each 1" deep along x: 3 - 0.5 - 0.5
    assert distance_in(tray(10, 10), tray(13, 10)) == pytest.approx(2.0)


def test_distance_is_edge_to_edge_across_the_frontage():
    # centres 4" apart in y, each 2" wide across y: 4 - 1 - 1
    assert distance_in(tray(10, 10), tray(10, 14)) == pytest.approx(2.0)


def test_distance_between_offset_trays_runs_corner_to_corner():
    # 2" squares at (0,0) and (4,5): nearest corners (1,1) and (3,4)
    a, b = tray(0, 0, w=2, d=2), tray(4, 5, w=2, d=2)
    assert distance_in(a, b) == pytest.approx(math.sqrt(13))
    pa, pb = closest_points(a, b)
    assert pa == pytest.approx((1, 1)) and pb == pytest.approx((3, 4))
    line, length = ruler(a, b)
    assert length == pytest.approx(line.length)


def test_overlapping_trays_are_zero_apart():
    assert distance_in(tray(10, 10), tray(10.5, 10)) == 0.0


def test_in_range_includes_the_exact_range():
    a, b = tray(10, 10), tray(13, 10)
    assert in_range(a, b, 2.0)
    assert not in_range(a, b, 1.99)


@pytest.mark.parametrize(("gap", "touching"), [(0.0, True), (0.05, True), (0.06, False), (-0.2, True)])
def test_base_contact_allows_a_small_gap(gap, touching):
    # the two trays' facing edges are `gap` inches apart
    assert in_contact(tray(10, 10), tray(11 + gap, 10)) is touching


def test_contact_tolerance_is_a_twentieth_of_an_inch():
    assert CONTACT_TOLERANCE_IN == pytest.approx(0.05)


# --- arcs ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("at", "arc"), [
    ((5, 0), "front"),
    ((5, 5), "front"),          # exactly 45 degrees off the facing: still front
    ((5, 5.01), "flank"),
    ((0, 5), "flank"),
    ((0, -5), "flank"),
    ((-5, 5), "flank"),         # exactly 135 degrees: flank
    ((-5, 4.99), "rear"),
    ((-5, 0), "rear"),
    ((-5, -5), "flank"),
])
def test_arcs_around_a_target_facing_along_x(at, arc):
    assert arc_of(tray(*at), tray(0, 0)) == arc


@pytest.mark.parametrize(("bearing", "arc"), [(0, "front"), (44.9, "front"), (45, "front"), (45.1, "flank"),
                                              (90, "flank"), (135, "flank"), (135.1, "rear"), (180, "rear"),
                                              (-45, "front"), (-45.1, "flank"), (-135.1, "rear")])
def test_arc_boundaries_hold_for_any_facing(bearing, arc):
    for facing in (0, 30, 90, 200, -75):
        a = math.radians(facing + bearing)
        attacker = tray(50 + 10 * math.cos(a), 50 + 10 * math.sin(a))
        assert arc_of(attacker, tray(50, 50, facing)) == arc, (facing, bearing)


def test_the_arc_ignores_the_attackers_own_facing():
    assert arc_of(tray(-5, 0, facing=0), tray(0, 0)) == arc_of(tray(-5, 0, facing=180), tray(0, 0)) == "rear"


# --- cover and commander ---------------------------------------------------------------------
def test_a_tray_overlapping_a_wood_is_in_cover():
    t = tray(6.2, 18, 0)  # x from 5.7 to 6.7: 0.3" inside the wood
    assert in_cover(t, TERRAIN)
    assert [p.name for p in cover_under(t, TERRAIN)] == ["Wood"]


def test_touching_the_edge_of_a_wood_is_not_cover():
    assert not in_cover(tray(6.5, 18, 0), TERRAIN)


def test_impassable_terrain_is_not_cover():
    assert not in_cover(tray(13, 5, 0), TERRAIN)  # beside the wall, touching nothing
    assert not in_cover(tray(11, 5, 0), TERRAIN)  # on the wall: not cover either


@pytest.mark.parametrize(("gap", "inside"), [(0, True), (11.99, True), (12.0, True), (12.01, False)])
def test_commander_radius_is_12_inches_edge_to_edge(gap, inside):
    commander = tray(0, 0)
    unit = tray(0.5 + gap + 0.5, 0)  # 1" deep trays side by side along x
    assert distance_in(unit, commander) == pytest.approx(gap)
    assert within_commander(unit, commander) is inside
    assert COMMANDER_RADIUS_IN == 12.0


def test_a_commander_is_within_its_own_radius():
    c = tray(5, 5)
    assert within_commander(c, c)


# --- moving --------------------------------------------------------------------------------
def test_a_short_clear_move_is_legal():
    assert check_move(tray(4, 6), (4, 11), 0, 6, {}, TERRAIN, TABLE) == []


def test_exactly_the_full_move_is_legal_and_a_bit_more_is_not():
    assert check_move(tray(4, 6), (4, 12), 0, 6, {}, TERRAIN, TABLE) == []
    reasons = check_move(tray(4, 6), (4, 12.5), 0, 6, {}, TERRAIN, TABLE)
    assert reasons == ['it would move 6.5" but its move is 6"']


def test_the_move_measures_the_centre_path_and_turning_is_free():
    assert check_move(tray(4, 6), (4, 6), 135, 0, {}, TERRAIN, TABLE) == []
    # 3-4-5 triangle: 5" of centre travel
    assert check_move(tray(4, 6), (7, 10), 90, 5, {}, TERRAIN, TABLE) == []
    assert check_move(tray(4, 6), (7, 10), 90, 4.9, {}, TERRAIN, TABLE)


def test_ending_on_another_tray_is_refused_by_name():
    other = {"Zomborgs 2": tray(4, 12)}
    reasons = check_move(tray(4, 6), (4, 11.5), 0, 6, other, TERRAIN, TABLE)
    assert reasons == ["it would overlap Zomborgs 2"]


def test_ending_in_base_contact_is_legal():
    other = {"Zomborgs 2": tray(4, 12)}  # occupies y 11..13 when facing 0 (2" wide across y)
    assert check_move(tray(4, 6), (4, 10), 0, 6, other, TERRAIN, TABLE) == []


def test_moving_past_another_tray_is_allowed():
    other = {"Zomborgs 2": tray(4, 9)}
    assert check_move(tray(4, 6), (4, 12), 0, 6, other, TERRAIN, TABLE) == []


def test_leaving_the_table_is_refused():
    reasons = check_move(tray(2, 6), (0.2, 6), 0, 6, {}, TERRAIN, TABLE)
    assert reasons == ["it would leave the table"]
    assert check_move(tray(2, 6), (0.5, 6), 0, 6, {}, TERRAIN, TABLE) == []  # back edge on the table edge


def test_ending_on_impassable_terrain_is_refused():
    assert check_move(tray(8, 5), (11, 5), 0, 6, {}, TERRAIN, TABLE) == [
        "it would stand on impassable terrain (Wall)"]


def test_a_straight_path_through_impassable_terrain_is_refused():
    assert check_move(tray(8, 5), (14, 5), 0, 6, {}, TERRAIN, TABLE) == [
        "its path crosses impassable terrain (Wall)"]


def test_a_path_around_the_wall_through_waypoints_is_legal_if_long_enough():
    start, via, end = tray(8, 9), [(8, 12), (14, 12)], (14, 9)
    assert path_length_in(start.centre, end, via) == pytest.approx(12)
    assert check_move(start, end, 0, 12, {}, TERRAIN, TABLE, via=via) == []
    assert check_move(start, end, 0, 11, {}, TERRAIN, TABLE, via=via) == ['it would move 12" but its move is 11"']


def test_several_problems_are_all_reported():
    reasons = check_move(tray(8, 5), (11, 5), 0, 2, {"Wardog": tray(11, 6)}, TERRAIN, TABLE)
    assert len(reasons) == 3
    assert reasons[0].startswith("it would move 3\"")


# --- retreating ----------------------------------------------------------------------------
def test_a_retreat_is_a_full_move_directly_away_keeping_the_facing():
    unit = tray(16, 12, facing=270)
    moved = retreat_position(unit, tray(16, 9, facing=90), 6, {}, TERRAIN, TABLE)
    assert moved is not None
    assert moved.centre == pytest.approx((16, 18)) and moved.facing_deg == 270


def test_a_retreat_goes_away_from_the_middle_of_several_attackers():
    unit = tray(16, 12)
    moved = retreat_position(unit, [tray(14, 8), tray(18, 8)], 3, {}, TERRAIN, TABLE)
    assert moved is not None and moved.centre == pytest.approx((16, 15))


def test_a_retreat_along_a_diagonal_covers_the_full_move():
    moved = retreat_position(tray(17, 14), tray(14, 10), 5, {}, TERRAIN, TABLE)
    assert moved is not None and moved.centre == pytest.approx((20, 18))


def test_a_retreat_off_the_table_is_impossible():
    assert retreat_position(tray(16, 20), tray(16, 17), 6, {}, TERRAIN, TABLE) is None


def test_a_retreat_onto_another_tray_is_impossible():
    assert retreat_position(tray(16, 12), tray(16, 9), 6, {"Friends": tray(16, 18)}, TERRAIN, TABLE) is None


def test_a_retreat_through_impassable_terrain_is_impossible():
    assert retreat_position(tray(8, 5), tray(5, 5), 6, {}, TERRAIN, TABLE) is None


# --- deployment ----------------------------------------------------------------------------
def test_deployment_needs_the_whole_tray_inside_the_sides_zone():
    assert in_zone(tray(5, 2, 90), TABLE, "CDC")
    assert not in_zone(tray(5, 3.8, 90), TABLE, "CDC")
    assert not in_zone(tray(5, 2, 90), TABLE, "SCS")
    assert check_deployment(tray(5, 2, 90), "CDC", {}, TERRAIN, TABLE) == []
    assert check_deployment(tray(5, 2, 90), "SCS", {}, TERRAIN, TABLE) == ["it must stand wholly inside the SCS zone"]


def test_deployment_refuses_overlaps_and_impassable_ground():
    reasons = check_deployment(tray(11, 2, 90), "CDC", {"Tank": tray(11.5, 2, 90)}, TERRAIN, TABLE)
    assert reasons == ["it would overlap Tank", "it would stand on impassable terrain (Wall)"]


# --- rings and the index -------------------------------------------------------------------
def test_a_ring_is_the_tray_grown_by_the_distance():
    grown = ring(tray(20, 20), 6)
    exact = 2 * 1 + 2 * (2 + 1) * 6 + math.pi * 36
    assert grown.area == pytest.approx(exact, rel=0.005)
    assert grown.bounds == pytest.approx((13.5, 13, 26.5, 27))


def _army(n: int, seed: int) -> dict[str, Tray]:
    rng = random.Random(seed)
    return {f"u{k}": Tray((rng.uniform(0, 72), rng.uniform(0, 48)), rng.uniform(0, 360), 2, 1) for k in range(n)}


def test_the_index_answers_like_measuring_every_pair():
    trays = _army(100, 3)
    trays["touch"] = Tray((trays["u0"].centre[0] + 1.02, trays["u0"].centre[1]), trays["u0"].facing_deg, 2, 1)
    index = TrayIndex(trays)
    for uid in ("u0", "u7", "u42", "touch"):
        for r in (0.05, 6, 12.5):
            brute = [o for o in trays if o != uid and distance_in(trays[uid], trays[o]) <= r]
            assert index.in_range_of(uid, r) == sorted(brute, key=list(trays).index)
    contacts = {(a, b) for i, a in enumerate(trays) for b in list(trays)[i + 1:]
                if in_contact(trays[a], trays[b])}
    assert set(index.contacts()) == contacts
    assert ("u0", "touch") in contacts
    assert "touch" in index.in_contact_with("u0")
    ranges = {uid: 3 + k % 10 for k, uid in enumerate(trays)}
    everyone = index.all_in_range(ranges)
    for uid in ("u0", "u5", "u9", "touch"):
        assert everyone[uid] == index.in_range_of(uid, ranges[uid])
    assert index.all_in_range(12)["u7"] == index.in_range_of("u7", 12)
    assert index.distance_in("u0", "u7") == pytest.approx(distance_in(trays["u0"], trays["u7"]))


def test_the_index_finds_what_a_new_position_would_overlap():
    index = TrayIndex({"a": tray(10, 10), "b": tray(20, 10), "c": tray(11, 10)})
    assert index.overlapping(tray(10.5, 10)) == ["a", "c"]
    assert index.overlapping(tray(10.5, 10), ignore="a") == ["c"]
    assert index.overlapping(tray(12, 10)) == []  # touching c's edge only
    # from x 14.5..15.5: c's edge is 3" away, a's and b's 4"
    assert index.within(tray(15, 10), 3.0) == ["c"]
    assert index.within(tray(15, 10), 4.0) == ["a", "b", "c"]
    with pytest.raises(KeyError):
        index.in_range_of("nobody", 5)
