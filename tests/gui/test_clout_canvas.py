"""The Clout Fantasy canvas, driven with plain markers and real mouse events."""
from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from core.clout.geometry import CHIP_DIAMETER_CM, in_range
from gui.clout.canvas import CHIP_MIME, CloutCanvas
from gui.clout.chip_items import PX_PER_CM, ChipMarker, faction_colour
from maps.clout.areas import available_areas, load_area, range_increment_cm
from tests.gui.drivers.clout_canvas import (
    area_view_pos,
    chip_view_pos,
    click_area,
    click_chip,
    drag_chip,
    ring_visible,
    ruler_text,
    wheel,
)

pytestmark = pytest.mark.gui
AREA = load_area("standard")
INC = range_increment_cm(AREA)
OWNERS = ("#1e88e5", "#e53935")


def chip(cid, owner, x, y, rng=2, faction="elves", flies=False, points=2, defense=1, kind="troop"):
    return ChipMarker(cid, cid.title(), faction, kind, points, rng, defense, owner, x, y, flies)


TABLE = [
    chip("watcher", 0, 40, 40, rng=2, faction="elves"),
    chip("warrior", 1, 52, 40, rng=1, faction="centaurs"),  # gap 8 cm: inside 10 cm
    chip("creepers", 1, 40, 54, rng=2, faction="undead"),  # gap exactly 10 cm: the limit counts
    chip("far", 1, 70, 70, faction="goblins"),
    chip("dragon", 1, 31, 33, rng=2, faction="neutral", flies=True),  # gap ~7.4, +5 for fly -> out of range
    chip("friend", 0, 46, 30, rng=0, faction="elves"),
]


def shown(qtbot, canvas):
    qtbot.addWidget(canvas)
    canvas.resize(1000, 760)
    canvas.show()
    qtbot.waitExposed(canvas)
    return canvas


@pytest.fixture
def canvas(qtbot) -> CloutCanvas:
    c = shown(qtbot, CloutCanvas(AREA))
    c.set_players(OWNERS)
    c.set_chips(TABLE)
    return c


def expected_in_range(source: ChipMarker, markers, increment) -> set[str]:
    """The geometry's own pairwise answer (not the index the canvas uses)."""
    return {m.id for m in markers if m.id != source.id and in_range(
        (source.x_cm, source.y_cm), (m.x_cm, m.y_cm), source.range, increment,
        target_flies=m.flies, source_flies=source.flies, opponents=m.owner != source.owner)}


@pytest.mark.parametrize("area_id", available_areas())
def test_every_area_is_drawn_to_scale(qtbot, area_id):
    area = load_area(area_id)
    c = shown(qtbot, CloutCanvas(area))
    minx, _miny, maxx, _maxy = area.bounds_cm
    rect = c.sceneRect()
    assert rect.width() == pytest.approx((maxx - minx + 12) * PX_PER_CM)
    image = c.grab().toImage()
    assert len({image.pixel(x, y) for x in range(0, image.width(), 13) for y in range(0, image.height(), 13)}) > 20


def test_chips_are_4_cm_discs_at_their_centres(canvas):
    item = canvas.items_by_id["watcher"]
    assert item.pos() == QPointF(40 * PX_PER_CM, 40 * PX_PER_CM)
    assert item.shape().boundingRect().width() == pytest.approx(CHIP_DIAMETER_CM * PX_PER_CM)


def colour_near(image, point: QPoint, colour: QColor, tolerance: int = 40) -> bool:
    c = QColor(image.pixel(point))
    return all(abs(a - b) <= tolerance for a, b in ((c.red(), colour.red()), (c.green(), colour.green()),
                                                     (c.blue(), colour.blue())))


def test_chips_show_faction_colour_inside_and_owner_colour_on_the_rim(canvas):
    image = canvas.viewport().grab().toImage()
    for cid in ("watcher", "warrior"):
        m = canvas.markers[cid]
        centre = chip_view_pos(canvas, cid)
        px = canvas.px_per_cm()
        face = QPoint(round(centre.x() - 1.0 * px), round(centre.y() - 0.5 * px))
        rim = QPoint(round(centre.x() + 1.8 * px), centre.y())
        assert colour_near(image, face, faction_colour(m.faction)), cid
        assert colour_near(image, rim, QColor(OWNERS[m.owner])), cid


def test_range_ring_is_range_times_owner_increment_from_the_edge(canvas):
    click_chip(canvas, "watcher")
    assert canvas.selected == "watcher" and ring_visible(canvas)
    radius = canvas.ring.rect().width() / 2 / PX_PER_CM
    assert radius == pytest.approx(CHIP_DIAMETER_CM / 2 + 2 * INC)
    assert canvas.ring.scenePos() == canvas.items_by_id["watcher"].pos()
    canvas.set_players(OWNERS, (7.5, None))
    assert canvas.ring.rect().width() / 2 / PX_PER_CM == pytest.approx(2 + 2 * 7.5)


@pytest.mark.parametrize("source", [m.id for m in TABLE])
def test_in_range_highlight_is_the_geometry_answer(canvas, source):
    click_chip(canvas, source)
    marker = canvas.markers[source]
    want = expected_in_range(marker, TABLE, INC)
    assert canvas.in_range == want
    assert {cid for cid, item in canvas.items_by_id.items() if item.in_range} == want


def test_the_table_exercises_fly_and_the_exact_edge(canvas):
    canvas.select("watcher")
    assert {"warrior", "creepers"} <= canvas.in_range
    assert "dragon" not in canvas.in_range  # fly: one increment farther for a chip without fly
    assert "far" not in canvas.in_range


def test_handicap_widens_the_highlight(canvas):
    canvas.select("watcher")
    assert "dragon" not in canvas.in_range
    canvas.set_players(OWNERS, (10.0, None))
    assert canvas.in_range == expected_in_range(canvas.markers["watcher"], TABLE, 10.0)
    assert "dragon" in canvas.in_range


def test_hover_previews_a_chip_range(canvas, qtbot):
    from PySide6.QtTest import QTest

    QTest.mouseMove(canvas.viewport(), chip_view_pos(canvas, "warrior"))
    assert canvas.focus_chip == "warrior" and ring_visible(canvas)
    assert canvas.in_range == expected_in_range(canvas.markers["warrior"], TABLE, INC)
    QTest.mouseMove(canvas.viewport(), area_view_pos(canvas, 90, 10))
    assert canvas.focus_chip is None and not ring_visible(canvas)


def test_shift_click_two_chips_lays_the_ruler_edge_to_edge(canvas, qtbot):
    seen = []
    canvas.ruler_changed.connect(seen.append)
    click_chip(canvas, "watcher", shift=True)
    assert seen == [None] and ruler_text(canvas) == ""
    click_chip(canvas, "dragon", shift=True)
    gap = math.dist((40, 40), (31, 33)) - CHIP_DIAMETER_CM
    a, b, measured = seen[-1]
    assert (a, b) == ("watcher", "dragon") and measured == pytest.approx(gap)
    assert ruler_text(canvas).startswith(f"{gap:.1f} cm")
    assert f"{gap / INC:.2f} increments" in ruler_text(canvas)
    canvas.setFocus()
    from PySide6.QtTest import QTest

    QTest.keyClick(canvas, Qt.Key.Key_Escape)
    assert ruler_text(canvas) == ""


def test_dragging_a_chip_emits_chip_moved_and_the_overlay_follows(canvas, qtbot):
    canvas.select("friend")
    assert canvas.in_range == set()
    with qtbot.waitSignal(canvas.chip_moved) as blocker:
        drag_chip(canvas, "friend", (80, 80), release=False)
        assert canvas.dragging == "friend"
        assert canvas.in_range == set()
        canvas.drag_to("friend", 40, 44)  # touching the watcher: range 0 still reaches it
        assert "watcher" in canvas.in_range
        from PySide6.QtTest import QTest

        QTest.mouseRelease(canvas.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                           chip_view_pos(canvas, "friend"))
    cid, x, y = blocker.args
    assert cid == "friend"
    assert (x, y) == pytest.approx((40, 44), abs=2 / canvas.px_per_cm() + 1e-6)


def test_a_real_drag_ends_where_the_mouse_let_go(canvas, qtbot):
    with qtbot.waitSignal(canvas.chip_moved) as blocker:
        drag_chip(canvas, "far", (60, 20))
    cid, x, y = blocker.args
    assert cid == "far" and (x, y) == pytest.approx((60, 20), abs=2 / canvas.px_per_cm())


def test_clicking_empty_ground_reports_the_spot_and_deselects(canvas, qtbot):
    canvas.select("watcher")
    with qtbot.waitSignal(canvas.area_clicked) as blocker:
        click_area(canvas, 75, 25)
    assert blocker.args == pytest.approx([75, 25], abs=1.5 / canvas.px_per_cm())
    assert canvas.selected is None and not ring_visible(canvas)


def test_wheel_zooms_and_fit_restores(canvas):
    before = canvas.px_per_cm()
    wheel(canvas, 3)
    assert canvas.px_per_cm() == pytest.approx(before * 1.2 ** 3)
    canvas.fit()
    assert canvas.px_per_cm() == pytest.approx(before)


def test_a_catalogue_chip_dropped_on_the_canvas_is_reported(canvas, qtbot):
    data = QMimeData()
    data.setData(CHIP_MIME, b"elf-treant-watcher")
    at = area_view_pos(canvas, 20, 70)
    enter = QDragEnterEvent(at, Qt.DropAction.CopyAction, data, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    drop = QDropEvent(QPointF(at), Qt.DropAction.CopyAction, data, Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier)
    with qtbot.waitSignal(canvas.chip_dropped) as blocker:
        QApplication.sendEvent(canvas.viewport(), enter)
        assert enter.isAccepted()
        QApplication.sendEvent(canvas.viewport(), drop)
    chip_id, x, y = blocker.args
    assert chip_id == "elf-treant-watcher" and (x, y) == pytest.approx((20, 70), abs=1.5 / canvas.px_per_cm())


def test_chips_left_out_are_removed_and_their_ruler_goes(canvas):
    canvas.set_ruler("watcher", "warrior")
    canvas.select("warrior")
    canvas.set_chips([m for m in TABLE if m.id != "warrior"])
    assert "warrior" not in canvas.items_by_id and canvas.selected is None
    assert ruler_text(canvas) == ""


def crowd(n: int) -> list[ChipMarker]:
    return [chip(f"c{k}", k % 2, 5 + (k * 7.3) % 90, 5 + (k * 3.1) % 90, faction=("elves", "undead")[k % 2])
            for k in range(n)]


def test_a_crowd_is_painted_as_one_item_and_stays_clickable(canvas, qtbot):
    canvas.set_chips(crowd(2000))
    assert canvas.crowded and canvas.crowd.isVisible() and not canvas.chip_layer.isVisible()
    assert not any(item.isVisible() for item in canvas.items(canvas.viewport().rect()) if item is not canvas.crowd
                   and item.parentItem() is canvas.chip_layer)
    top = canvas.chip_at(chip_view_pos(canvas, "c1999"))
    assert top is not None and math.dist(canvas.index.centre(top), canvas.index.centre("c1999")) <= 2
    click_chip(canvas, "c1999")
    assert canvas.selected == top and canvas.crowd.focus == top
    canvas.select(None)
    canvas.hover(None)
    image = canvas.grab().toImage()
    at = chip_view_pos(canvas, "c1998")
    assert colour_near(image, at, faction_colour("elves"), 60) or colour_near(image, at, faction_colour("undead"), 60)
    while canvas.crowded:
        canvas.zoom_by(1)
    assert canvas.chip_layer.isVisible() and not canvas.crowd.isVisible()
    canvas.fit()
    assert canvas.crowded
    canvas.set_chips(TABLE)
    assert not canvas.crowded and canvas.chip_layer.isVisible()


def test_a_small_chip_prints_its_points_and_its_range_and_defense_once_there_is_room(canvas):
    """Type stays legible: the same chip face is drawn bigger relative to the chip when it is small."""
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QStyleOptionGraphicsItem

    item = canvas.items_by_id["watcher"]

    def ink_rows(scale: float) -> int:
        side = 60
        image = QImage(side, side, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(0)
        p = QPainter(image)
        p.translate(side / 2, side / 2)
        p.scale(scale, scale)
        item.paint(p, QStyleOptionGraphicsItem())
        p.end()
        return len({y for y in range(side) for x in range(side)
                    if QColor.fromRgba(image.pixel(x, y)).alpha() == 255
                    and colour_near(image, QPoint(x, y), QColor(item.ink), 50)})

    tiny, room = ink_rows(0.4), ink_rows(0.6)
    assert tiny >= 6  # the points alone, about 10 px tall
    assert room >= tiny + 4  # a second line (range | defense) appears


def test_a_double_click_on_empty_ground_fits_but_while_aiming_it_aims_twice(qtbot):
    from PySide6.QtTest import QTest

    from gui.clout.play_canvas import PlayCanvas

    c = shown(qtbot, PlayCanvas(AREA))
    c.zoom_by(3)
    at = c.viewport().rect().center()
    QTest.mouseDClick(c.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    assert c.fitted and c.zoom == pytest.approx(1.0)
    c.set_aiming(True)
    aims = []
    c.aimed.connect(lambda x, y, s: aims.append((x, y)))
    c.zoom_by(3)
    vp, left, none = c.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    # What a window system sends for a double-click: press, release, press, double-click, release.
    QTest.mouseClick(vp, left, none, at)
    QTest.mousePress(vp, left, none, at)
    QTest.mouseDClick(vp, left, none, at)
    QTest.mouseRelease(vp, left, none, at)
    assert len(aims) == 2 and not c.fitted
