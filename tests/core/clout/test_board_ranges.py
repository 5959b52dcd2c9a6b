"""The board's fast range answers agree with the plain rule in core.clout.geometry.

`Board.in_range_of`, `within` and `in_range_set` measure a whole table in one loop for speed;
here random tables (both sides, flying chips, support, possession, traps, handicap increments)
are measured chip by chip with `geometry.in_range` and the answers must match exactly, order
included. The slide's path check in throwing is compared with the plain segment distance.
"""
from __future__ import annotations

import math

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from core.clout.abilities import Board
from core.clout.geometry import edge_distance_cm, in_range
from core.clout.resolution import board
from core.clout.state import OnArea
from core.clout.throwing import _near_path
from tests.core.clout.test_game import make_state

# A mix with fly (both sides), support, protect, ignores-fly strikes and long and short ranges.
KINDS = (
    "elf-windrider", "und-wraith", "elf-moonwell", "elf-glade-archer", "und-ghoul-horde",
    "elf-heartwood-grove", "und-lich", "und-grave-creepers", "elf-thornwarden",
)
IGNORES = ((), ("fly",))

coordinate = st.floats(4.0, 96.0, allow_nan=False).map(lambda v: round(v, 2))
chip = st.tuples(st.integers(0, 1), st.sampled_from(KINDS), coordinate, coordinate)


def table(chips, links, increments):
    in_play: dict[int, list] = {0: [], 1: []}
    for p, kind, x, y in chips:
        in_play[p].append((kind, (x, y)))
    s = make_state(in_play, {})
    uids = [c.uid for c in s.chips]
    on = []
    for k, c in enumerate(s.chips):
        trap, possess = links[k % len(links)] if links else (None, None)
        on.append(OnArea(c.uid, c.x, c.y,
                         trapped_by=uids[trap % len(uids)] if trap is not None else None,
                         possessed_by=uids[possess % len(uids)] if possess is not None else None))
    setup = msgspec.structs.replace(s.setup, increments_cm=increments)
    return msgspec.structs.replace(s, chips=tuple(on), setup=setup)


def expected(b: Board, src: str, ignores: tuple[str, ...], units: float | None) -> list[str]:
    me = b.controller(src)
    u = b.reach_units(src) if units is None else units
    hits = []
    for t in b.uids():
        if t == src:
            continue
        if in_range(b.pos(src), b.pos(t), u, b.increment(me),
                    target_flies="fly" not in ignores and b.ability(t, "fly") is not None,
                    source_flies=b.ability(src, "fly") is not None, opponents=b.controller(t) != me):
            hits.append((edge_distance_cm(b.pos(src), b.pos(t)), t))
    return [t for _, t in sorted(hits, key=lambda h: h[0])]


link = st.tuples(st.none() | st.integers(0, 40), st.none() | st.integers(0, 40))


@settings(max_examples=60, deadline=None)
@given(chips=st.lists(chip, min_size=2, max_size=14), links=st.lists(link, max_size=4),
       increments=st.sampled_from([(), (5.0, 5.0), (3.0, 7.5)]), units=st.sampled_from([None, 0, 1, 3]))
def test_range_answers_match_the_geometry_rule(chips, links, increments, units):
    s = table(chips, links, increments)
    b = board(s)
    for src in b.uids():
        for ignores in IGNORES:
            want = expected(b, src, ignores, units)
            assert b.in_range_of(src, ignores, units) == want
            assert b.in_range_set(src, ignores, units) == frozenset(want)
            fresh = Board(s, b.cat, b.area, b.increments_cm)  # within() before any in_range_of()
            assert [t for t in fresh.uids() if fresh.within(src, t, ignores, units)] == \
                [t for t in b.uids() if t in want]


def test_a_chip_exactly_at_the_edge_of_its_range_is_in_it_and_a_hair_beyond_is_not():
    # Glade archer: range 3, increment 5 cm: reach 15 cm edge to edge, 19 cm centre to centre.
    s = make_state({0: [("elf-glade-archer", (20.0, 50.0))],
                    1: [("und-ghoul-horde", (39.0, 50.0)), ("und-ghoul-horde", (20.0, 69.0001))]}, {})
    b = board(s)
    assert b.in_range_of("0.0") == ["1.0"]
    assert b.within("0.0", "1.0") and not b.within("0.0", "1.1")


def gap_to_segment(p, a, b) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    k = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.hypot(p[0] - a[0] - k * dx, p[1] - a[1] - k * dy)


point = st.tuples(st.floats(-50, 150, allow_nan=False), st.floats(-50, 150, allow_nan=False))


@settings(max_examples=200, deadline=None)
@given(points=st.lists(point, max_size=20), a=point, b=point | st.none(), limit=st.floats(0, 40))
def test_the_slide_path_check_finds_exactly_the_chips_near_the_path(points, a, b, limit):
    b = a if b is None else b  # a chip that drops dead: the path is a point
    chips = {f"c{k}": p for k, p in enumerate(points)}
    assert _near_path(chips, a, b, limit) == [c for c, p in chips.items() if gap_to_segment(p, a, b) < limit]


@settings(max_examples=80, deadline=None)
@given(chips=st.lists(chip, min_size=2, max_size=10), links=st.lists(link, min_size=1, max_size=4),
       increments=st.sampled_from([(), (5.0, 5.0)]))
def test_traps_and_possession_do_not_depend_on_which_chip_is_asked_first(chips, links, increments):
    s = table(chips, links, increments)
    b = board(s)
    forward = Board(s, b.cat, b.area, b.increments_cm)
    backward = Board(s, b.cat, b.area, b.increments_cm)
    uids = list(forward.uids())
    assert [forward.trapped(u) for u in uids] == [backward.trapped(u) for u in reversed(uids)][::-1]
    assert [forward.controller(u) for u in uids] == [backward.controller(u) for u in reversed(uids)][::-1]


def test_a_loop_of_traps_traps_every_chip_in_it_and_frees_what_they_trapped():
    s = make_state({0: [("elf-windrider", (10.0, 10.0)), ("elf-windrider", (30.0, 10.0))],
                    1: [("und-wraith", (50.0, 10.0))]}, {})
    a, b_, c = (ch.uid for ch in s.chips)
    looped = msgspec.structs.replace(s, chips=(
        msgspec.structs.replace(s.chips[0], trapped_by=b_),
        msgspec.structs.replace(s.chips[1], trapped_by=a),
        msgspec.structs.replace(s.chips[2], trapped_by=a)))
    probe = board(looped)
    assert probe.trapped(c) is False, "its trapper is itself trapped"
    assert probe.trapped(a) is True and probe.trapped(b_) is True
