"""Readable pieces: short unit labels that never overlap, side colours that stand out, a formation legend."""
from __future__ import annotations

import itertools
import re

import pytest
from PySide6.QtGui import QColor
from shapely.geometry import Point

from core.match import Match
from gui.powerspike.labels import formations, halo_colour, name_parts, number_units, place_labels, short_kind
from gui.powerspike.table_names import place_names
from gui.powerspike.tabletop import TabletopView, TrayMarker, side_colour, to_scene, to_table
from maps.powerspike.table import load_table
from tests.gui.drivers.powerspike import TabletopDriver

pytestmark = pytest.mark.gui
SAVE = "tests/saves/0.1.0/power-spike-midgame.battlebox.json"
SHORT = re.compile(r"^[A-Z][A-Za-z]{1,8} \d+$")


def midgame_markers() -> tuple[list[TrayMarker], list]:
    match = Match.load(SAVE)
    state = match.state
    out, units = [], []
    for u in state.units:
        if not u.figures or u.carried_by is not None:
            continue
        tray = match.game.unit_tray(state, u.id)
        units.append(u)
        out.append(TrayMarker(u.id, u.side, u.name or u.id, tray.centre, tray.facing_deg, tray.width_in,
                              tray.depth_in, len(u.figures), u.start_figures))
    return out, units


@pytest.fixture(params=[(760, 520), (1100, 760), (1900, 1200)])
def midgame(qtbot, request):
    markers, units = midgame_markers()
    view = TabletopView(load_table(Match.load(SAVE).state.setup.table))
    qtbot.addWidget(view)
    view.resize(*request.param)
    view.show()
    qtbot.waitExposed(view)
    view.set_units(markers)
    view.fit()
    return view, markers, units


def test_every_unit_has_a_visible_short_label_and_none_overlaps_another(midgame):
    view, markers, _units = midgame
    assert set(TabletopDriver(view).labels) == {m.id for m in markers}
    rects = {uid: label.sceneBoundingRect() for uid, label in TabletopDriver(view).labels.items()}
    assert all(label.isVisible() for label in TabletopDriver(view).labels.values())
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        assert not ra.intersects(rb), f"labels of {a} and {b} overlap"
    for rect in rects.values():
        assert view.sceneRect().contains(rect)


def test_labels_are_the_short_type_and_number_within_the_side(midgame):
    view, markers, units = midgame
    by_id = {u.id: u for u in units}
    texts = {uid: label.text for uid, label in TabletopDriver(view).labels.items()}
    for uid, text in texts.items():
        assert SHORT.match(text), text
        kind = name_parts(by_id[uid].name)[0]
        assert text.split()[0] == short_kind(kind)
        assert len(text) < len(by_id[uid].name)
    for side in {u.side for u in units}:
        mine = [texts[u.id] for u in units if u.side == side]
        assert len(mine) == len(set(mine)), f"{side} repeats a label"
    assert any(t.startswith("Cmd ") for t in texts.values())


def test_labels_stay_readable_on_screen_at_the_fitted_view(midgame):
    view, _markers, _units = midgame
    for label in TabletopDriver(view).labels.values():
        on_screen = view.mapFromScene(label.sceneBoundingRect()).boundingRect()
        assert on_screen.height() >= 14 and on_screen.width() >= 30


def test_numbers_do_not_change_when_a_unit_is_destroyed(qtbot):
    markers, _units = midgame_markers()
    view = TabletopView(load_table())
    qtbot.addWidget(view)
    view.set_units(markers)
    before = {uid: label.text for uid, label in TabletopDriver(view).labels.items()}
    view.set_units(markers[1:])
    after = {uid: label.text for uid, label in TabletopDriver(view).labels.items()}
    assert markers[0].id not in after
    assert after == {uid: t for uid, t in before.items() if uid != markers[0].id}


def test_numbering_counts_each_type_within_its_side():
    units = [("A:u1", "A", "Command 1 (HQ)"), ("A:u2", "A", "Wrecking Crew Warbot 1 (Brigade 1)"),
             ("A:u3", "A", "Wrecking Crew Warbot 1 (Brigade 2)"), ("B:u1", "B", "Wrecking Crew Warbot 1 (X)")]
    labels = {uid: text for uid, (_side, text) in number_units(units, {}).items()}
    assert labels == {"A:u1": "Cmd 1", "A:u2": "Warbot 1", "A:u3": "Warbot 2", "B:u1": "Warbot 1"}


def test_the_legend_lists_the_formations_of_both_armies(midgame):
    view, _markers, units = midgame
    legend = view.label_layer.legend
    assert legend.isVisible()
    for side in ("CDC", "SCS"):
        wanted = {name_parts(u.name)[1] for u in units if u.side == side}
        assert wanted and set(TabletopDriver(view).legend_names(side)) == wanted
        for name in wanted:
            assert name in legend.text()
    shapes = {(f.side, f.shape) for f in legend.entries}
    assert len(shapes) == len(legend.entries), "two formations of one side share a marker"


def test_every_label_carries_its_formation_marker(midgame):
    view, _markers, units = midgame
    shape = {(f.side, f.name): f.shape for f in formations([(u.id, u.side, u.name) for u in units])}
    for u in units:
        assert TabletopDriver(view).labels[u.id].shape_name == shape[(u.side, name_parts(u.name)[1])]


@pytest.mark.parametrize("side", ["CDC", "SCS"])
def test_side_colours_get_a_contrasting_outline(side):
    colour = side_colour(side)
    halo = halo_colour(colour)
    assert abs(halo.lightnessF() - colour.lightnessF()) > 0.35
    assert halo_colour(QColor("#202328")).lightnessF() > 0.8


def test_placement_keeps_labels_apart_even_when_trays_stack():
    from PySide6.QtCore import QRectF, QSizeF
    trays = {f"u{k}": QRectF(100 + k, 100 + k, 10, 20) for k in range(12)}
    sizes = {uid: QSizeF(50, 16) for uid in trays}
    spots = place_labels(trays, sizes, QRectF(0, 0, 600, 400))
    for (a, (ra, _la)), (b, (rb, _lb)) in itertools.combinations(spots.items(), 2):
        assert not ra.intersects(rb), (a, b)
    assert any(leader for _r, leader in spots.values())


def test_every_terrain_and_zone_name_is_readable_and_clear_of_the_pieces(midgame):
    view, markers, _units = midgame
    table = view.table
    names = TabletopDriver(view).table_names
    wanted = {p.name for p in table.terrain if p.feature != "crater"} | {z.label for z in table.zones.values()}
    assert set(names) == wanted
    pieces = [t.sceneBoundingRect() for t in view.trays.values()]
    pieces += [label.sceneBoundingRect() for label in TabletopDriver(view).labels.values()]
    legend = view.label_layer.legend
    assert legend.isVisible()
    pieces.append(view.mapToScene(legend.geometry()).boundingRect())
    for text, rect in names.items():
        on_screen = view.mapFromScene(rect).boundingRect()
        assert on_screen.height() >= 12, f"{text} is {on_screen.height()} px high"
        assert view.layer.rect.contains(rect), f"{text} leaves the table"
        assert not any(rect.intersects(p) for p in pieces), f"a tray, a unit label or the legend covers {text}"
    for (a, ra), (b, rb) in itertools.combinations(names.items(), 2):
        assert not ra.intersects(rb), f"{a} and {b} overlap"


def test_a_terrain_name_stays_on_its_piece_when_a_tray_stands_on_the_middle(qtbot):
    table = load_table()
    wood = next(p for p in table.terrain if p.feature == "woods")
    pt = wood.polygon.representative_point()
    view = TabletopView(table)
    qtbot.addWidget(view)
    view.resize(1100, 760)
    view.fit()
    alone = TabletopDriver(view).table_names[wood.name]
    assert alone.contains(to_scene(pt.x, pt.y))
    view.set_units([TrayMarker("A:u1", "CDC", "Wrecking Crew Warbot 1 (X)", (pt.x, pt.y), 0.0, 2.0, 2.0, 3, 3)])
    moved = TabletopDriver(view).table_names[wood.name]
    assert not moved.intersects(view.trays["A:u1"].sceneBoundingRect())
    centre = to_table(moved.center())
    assert wood.polygon.buffer(1.0).contains(Point(*centre)), "the name wandered off its piece"


def test_names_take_their_first_free_spot_and_never_leave_the_table():
    from PySide6.QtCore import QPointF, QRectF, QSizeF
    size = QSizeF(40, 10)
    spots = [QPointF(50, 50), QPointF(100, 50), QPointF(150, 50)]
    bounds = QRectF(0, 0, 200, 100)
    assert place_names([("a", size, spots)], bounds, [])["a"].center() == QPointF(50, 50)
    blocked = [QRectF(40, 40, 20, 20)]
    assert place_names([("a", size, spots)], bounds, blocked)["a"].center() == QPointF(100, 50)
    both = place_names([("a", size, spots), ("b", size, spots)], bounds, blocked)
    assert both["b"].center() == QPointF(150, 50)
    everywhere = [QRectF(0, 0, 200, 100)]
    outside = [QPointF(-50, 50), *spots]
    assert place_names([("a", size, outside)], bounds, everywhere)["a"].center() == QPointF(50, 50)
    mostly = [QRectF(0, 0, 85, 100), QRectF(115, 0, 85, 100)]  # spots one and three wholly, 10 of two's 40 units
    assert place_names([("a", size, spots)], bounds, mostly)["a"].center() == QPointF(100, 50)


def test_a_name_keeps_its_gap_from_what_it_avoids():
    from PySide6.QtCore import QPointF, QRectF, QSizeF
    spots = [QPointF(50, 50), QPointF(150, 50)]
    near = [QRectF(0, 0, 80, 44)]  # the first spot's top edge, 45, would sit 1 unit below it
    bounds = QRectF(0, 0, 200, 100)
    assert place_names([("a", QSizeF(40, 10), spots)], bounds, near)["a"].center() == QPointF(50, 50)
    assert place_names([("a", QSizeF(40, 10), spots)], bounds, near, gap=2)["a"].center() == QPointF(150, 50)


def test_a_zone_name_slides_past_a_legend_wider_than_half_the_table(qtbot):
    """As at 200 % on a 2560x1440 screen: the legend covers the SCS corner and more."""
    markers, _units = midgame_markers()
    view = TabletopView(load_table(Match.load(SAVE).state.setup.table))
    qtbot.addWidget(view)
    view.resize(640, 480)
    view.show()
    qtbot.waitExposed(view)
    view.set_units(markers)
    view.fit()
    legend = view.mapToScene(view.label_layer.legend.geometry()).boundingRect()
    assert legend.width() > view.layer.rect.width() / 3
    for zone in view.table.zones.values():
        name = TabletopDriver(view).table_names[zone.label]
        assert not name.intersects(legend), f"the legend covers {zone.label}"
        assert view.layer.rect.contains(name)
