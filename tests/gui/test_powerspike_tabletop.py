"""The Power Spike tabletop, driven with plain markers and real mouse and key events."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from core.powerspike.geometry import check_move
from gui.powerspike.tabletop import PX_PER_IN, TabletopView, TrayMarker, to_table
from maps.powerspike.table import available_tables, load_table
from tests.gui.drivers.powerspike import TabletopDriver

pytestmark = pytest.mark.gui
TABLE = load_table()


def marker(uid, side, x, y, facing=90.0, figures=4, move=6.0, rng=12.0, commander=False, w=2.0, d=1.0):
    return TrayMarker(uid, side, uid, (x, y), facing, w, d, figures, 4, move, rng, commander)


ARMIES = [
    marker("cdc-1", "CDC", 10, 6), marker("cdc-2", "CDC", 30, 8, figures=2),
    marker("cdc-cmd", "CDC", 50, 6, commander=True),
    marker("scs-1", "SCS", 10, 42, 270), marker("scs-2", "SCS", 30, 40, 270, move=12, rng=8),
]


def shown(qtbot, view):
    qtbot.addWidget(view)
    view.resize(1100, 760)
    view.show()
    qtbot.waitExposed(view)
    return view


@pytest.fixture
def view(qtbot) -> TabletopView:
    v = shown(qtbot, TabletopView(TABLE))
    v.set_units(ARMIES)
    return v


def checker_for(markers, table=TABLE):
    by = {m.id: m for m in markers}

    def check(uid, x, y, facing):
        m = by[uid]
        others = {o: by[o].tray for o in by if o != uid}
        return "; ".join(check_move(m.tray, (x, y), facing, m.move_in, others, table.terrain, table))
    return check


def distinct_colours(widget) -> int:
    image = widget.grab().toImage()
    return len({image.pixel(x, y) for x in range(0, image.width(), 9) for y in range(0, image.height(), 9)})


@pytest.mark.parametrize("table_id", available_tables())
def test_the_view_builds_from_every_table_and_is_not_blank(qtbot, table_id):
    table = load_table(table_id)
    v = shown(qtbot, TabletopView(table))
    rect = v.sceneRect()
    assert rect.contains(0, 0) and rect.contains(table.width_in * PX_PER_IN, table.depth_in * PX_PER_IN)
    assert len(v.layer.pieces) == len(table.terrain)
    assert distinct_colours(v) > 40


def test_fit_shows_the_whole_table(view):
    view.fit()
    top_left = view.mapFromScene(view.sceneRect().topLeft())
    bottom_right = view.mapFromScene(view.sceneRect().bottomRight())
    vp = view.viewport().rect().adjusted(-2, -2, 2, 2)
    assert vp.contains(top_left) and vp.contains(bottom_right)


def test_each_marker_becomes_a_tray_at_its_place_and_facing(view):
    assert set(view.trays) == {m.id for m in ARMIES}
    item = view.trays["scs-2"]
    assert to_table(item.pos()) == pytest.approx((30, 40))
    assert item.rotation() == pytest.approx(270)
    table = TabletopDriver(view)
    assert table.unit_at(table.unit_pos("scs-2")) == "scs-2"


def test_units_left_out_of_a_new_state_are_removed(view):
    view.select("cdc-2")
    view.set_units(ARMIES[:2] + ARMIES[3:])
    assert "cdc-cmd" not in view.trays and view.selected == "cdc-2"
    view.set_units(ARMIES[:1])
    assert view.selected is None and list(view.trays) == ["cdc-1"]


def test_a_click_selects_a_unit_and_shows_its_rings(qtbot, view):
    with qtbot.waitSignal(view.unit_clicked) as clicked:
        TabletopDriver(view).click_unit("cdc-1")
    assert clicked.args == ["cdc-1"]
    assert view.selected == "cdc-1" and view.trays["cdc-1"].selected
    assert TabletopDriver(view).ring_visible("move") and TabletopDriver(view).ring_visible("range") and TabletopDriver(view).ring_visible("command")
    move = view.rings["move"].path().boundingRect()
    # tray facing 90 at (10, 6): x 9..11, y 5.5..6.5, grown by 6"
    assert move.left() / PX_PER_IN == pytest.approx(3, abs=0.05)
    assert move.right() / PX_PER_IN == pytest.approx(17, abs=0.05)
    assert move.bottom() / PX_PER_IN == pytest.approx(12.5, abs=0.05)
    weapon = view.rings["range"].path().boundingRect()
    assert weapon.width() / PX_PER_IN == pytest.approx(2 + 24, abs=0.1)
    command = view.rings["command"].path().boundingRect()
    assert command.center().x() / PX_PER_IN == pytest.approx(50, abs=0.1)
    assert command.width() / PX_PER_IN == pytest.approx(2 + 24, abs=0.1)


def test_a_side_without_a_commander_shows_no_command_ring(view):
    view.select("scs-2")
    assert TabletopDriver(view).ring_visible("move") and not TabletopDriver(view).ring_visible("command")
    assert view.rings["move"].path().boundingRect().width() / PX_PER_IN == pytest.approx(2 + 24, abs=0.1)


def test_clicking_empty_table_clears_the_selection(qtbot, view):
    view.select("cdc-1")
    with qtbot.waitSignal(view.table_clicked) as clicked:
        QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         TabletopDriver(view).table_pos(60, 30))
    assert clicked.args == pytest.approx([60, 30], abs=0.2)
    assert view.selected is None and not TabletopDriver(view).ring_visible("move")


def test_shift_clicking_two_units_lays_the_ruler(qtbot, view):
    with qtbot.waitSignal(view.ruler_changed) as laid:
        TabletopDriver(view).click_unit("cdc-2", shift=True)
        TabletopDriver(view).click_unit("scs-2", shift=True)
    a, b, dist = laid.args[0]
    # trays facing up/down the table: y 7.5..8.5 and 39.5..40.5
    assert (a, b) == ("cdc-2", "scs-2") and dist == pytest.approx(31.0)
    assert TabletopDriver(view).ruler_text == '31.0"' and view.ruler.isVisible()
    assert view.selected is None
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert TabletopDriver(view).ruler_text == ""


def test_the_ruler_follows_units_that_move(view):
    view.set_ruler("cdc-1", "scs-1")
    assert TabletopDriver(view).ruler_text == '35.0"'
    view.set_units([marker("cdc-1", "CDC", 10, 16), *ARMIES[1:]])
    assert TabletopDriver(view).ruler_text == '25.0"'


def test_a_drag_emits_move_requested_with_the_drop_point(qtbot, view):
    with qtbot.waitSignal(view.move_requested) as moved:
        TabletopDriver(view).drag_unit("cdc-1", (12, 10))
    uid, x, y, facing = moved.args
    assert uid == "cdc-1" and (x, y) == pytest.approx((12, 10), abs=0.2) and facing == pytest.approx(90)
    assert view.dragging is None and not view.ghost.isVisible()
    assert to_table(view.trays["cdc-1"].pos()) == pytest.approx((10, 6)), "the game moves the tray, not the view"


def test_the_ghost_is_red_with_the_reason_when_the_checker_refuses(view):
    view.set_move_checker(checker_for(ARMIES))
    TabletopDriver(view).drag_unit("cdc-1", (10, 20), release=False)
    assert view.ghost.isVisible() and not view.ghost_legal
    assert view.ghost_reason.startswith("it would move 14")
    assert view.ghost_text.text() == view.ghost_reason
    QTest.mouseMove(view.viewport(), TabletopDriver(view).table_pos(10, 11))
    assert view.ghost_legal and view.ghost_reason == "" and view.ghost_text.text() == '5.0"'


def test_the_wheel_turns_the_tray_while_dragging(qtbot, view):
    zoom = view.zoom
    with qtbot.waitSignal(view.move_requested) as moved:
        TabletopDriver(view).drag_unit("cdc-1", (12, 9), turn_steps=2)
    assert moved.args[3] == pytest.approx(120)
    assert view.zoom == zoom


def test_keys_turn_a_selected_unit_on_the_spot(qtbot, view):
    view.select("scs-1")
    QTest.keyClick(view, Qt.Key.Key_E)
    QTest.keyClick(view, Qt.Key.Key_E)
    QTest.keyClick(view, Qt.Key.Key_Q)
    assert view.dragging == "scs-1"
    with qtbot.waitSignal(view.move_requested) as moved:
        QTest.keyClick(view, Qt.Key.Key_Return)
    assert moved.args[0] == "scs-1"
    assert moved.args[1:] == pytest.approx([10, 42, 285])


def test_escape_cancels_a_drag(qtbot, view):
    TabletopDriver(view).drag_unit("cdc-1", (12, 9), release=False)
    with qtbot.assertNotEmitted(view.move_requested):
        QTest.keyClick(view, Qt.Key.Key_Escape)
        QTest.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                           TabletopDriver(view).table_pos(12, 9))
    assert view.dragging is None and not view.ghost.isVisible()


def test_units_not_movable_are_not_dragged(qtbot, view):
    view.set_movable({"cdc-2"})
    with qtbot.assertNotEmitted(view.move_requested):
        TabletopDriver(view).drag_unit("cdc-1", (12, 10))
    with qtbot.waitSignal(view.move_requested):
        TabletopDriver(view).drag_unit("cdc-2", (30, 10))


def test_the_wheel_zooms_and_fit_restores(view):
    before = view.px_per_unit()
    TabletopDriver(view).wheel(3)
    assert view.px_per_unit() == pytest.approx(before * 1.2 ** 3, rel=1e-3)
    assert view.zoom > 1
    view.fit()
    assert view.px_per_unit() == pytest.approx(before, rel=1e-3) and view.zoom == 1.0


def test_dragging_the_empty_table_pans_when_zoomed(view):
    TabletopDriver(view).wheel(4)
    start = TabletopDriver(view).table_pos(60, 26)
    centre_before = view.mapToScene(view.viewport().rect().center())
    vp = view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for k in range(1, 6):
        QTest.mouseMove(vp, start + QPoint(-30 * k, 0))
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start + QPoint(-150, 0))
    centre_after = view.mapToScene(view.viewport().rect().center())
    assert centre_after.x() > centre_before.x() + 20


def test_labels_show_at_the_fitted_view_and_keep_their_screen_size_when_zoomed(view):
    view.resize(500, 360)
    view.fit()
    assert all(label.isVisible() for label in TabletopDriver(view).labels.values())
    label = TabletopDriver(view).labels["cdc-1"]
    before = view.mapFromScene(label.sceneBoundingRect()).boundingRect().width()
    TabletopDriver(view).wheel(6)
    assert all(label.isVisible() for label in TabletopDriver(view).labels.values())
    after = view.mapFromScene(label.sceneBoundingRect()).boundingRect().width()
    assert after == pytest.approx(before, abs=3)


def test_marks_outline_chosen_trays(view):
    view.set_marked({"scs-1": "#ff9800"})
    assert view.trays["scs-1"].mark is not None and view.trays["cdc-1"].mark is None
    before = view.grab().toImage()
    view.set_marked({})
    after = view.grab().toImage()
    assert before != after


def test_a_hundred_trays_render(qtbot):
    v = shown(qtbot, TabletopView(TABLE))
    many = [marker(f"u{k}", "CDC" if k % 2 else "SCS", 3 + (k % 20) * 3.4, 3 + (k // 20) * 9, 90 * (k % 4))
            for k in range(100)]
    v.set_units(many)
    assert len(v.trays) == 100
    assert distinct_colours(v) > 40


def test_the_tabletop_is_the_kits_board_view_measured_in_inches(view):
    from gui.kit.board_view import BoardView
    assert isinstance(view, BoardView)
    view.fit()
    assert view.px_per_unit() == pytest.approx(view.transform().m11() * PX_PER_IN)


def test_a_zoomed_table_keeps_its_zoom_and_its_labels_apart_when_the_window_resizes(view):
    table = TabletopDriver(view)
    table.wheel(3)
    px = view.px_per_unit()
    view.resize(900, 640)
    assert view.px_per_unit() == pytest.approx(px) and not view.fitted
    legend = view.label_layer.legend
    assert legend.y() == view.viewport().height() - legend.height() - 6, "the legend keeps to its corner"
    rects = [label.sceneBoundingRect() for label in table.labels.values()]
    assert not any(a.intersects(b) for k, a in enumerate(rects) for b in rects[k + 1:])


def test_a_short_wobble_on_a_tray_is_a_click_not_a_drag(qtbot, view):
    start = TabletopDriver(view).unit_pos("cdc-1")
    vp = view.viewport()
    with qtbot.assertNotEmitted(view.move_requested), qtbot.waitSignal(view.unit_clicked):
        QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
        QTest.mouseMove(vp, start + QPoint(2, 1))
        QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start + QPoint(2, 1))
    assert view.selected == "cdc-1" and view.dragging is None


def test_dragging_a_unit_that_may_not_move_still_selects_it(qtbot, view):
    view.set_movable(set())
    with qtbot.waitSignal(view.unit_clicked) as clicked:
        TabletopDriver(view).drag_unit("scs-1", (14, 42))
    assert clicked.args == ["scs-1"] and view.selected == "scs-1" and not view.ghost_path.isVisible()


def test_escape_cancels_a_turn_on_the_spot_and_then_clears_the_ruler(qtbot, view):
    view.set_ruler("cdc-1", "scs-1")
    view.select("scs-1")
    QTest.keyClick(view, Qt.Key.Key_E)
    assert view.dragging == "scs-1"
    with qtbot.assertNotEmitted(view.move_requested):
        QTest.keyClick(view, Qt.Key.Key_Escape)
    assert view.dragging is None and TabletopDriver(view).ruler_text == '35.0"'
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert TabletopDriver(view).ruler_text == ""


def test_a_tray_tells_its_name_and_figures_left(view):
    assert view.piece_tooltip("cdc-2") == "cdc-2\n2 of 4 figures left"
