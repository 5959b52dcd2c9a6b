"""The map of Scar and the Battle Arena widgets, driven with plain data and real clicks."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QMouseEvent, QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from gui.fistful.arena import ArenaView
from gui.fistful.scar_map import ScarMapView
from maps.scar import default_scar
from tests.gui.drivers.base import drag
from tests.gui.drivers.fistful import (
    click_region, focused_region, press_keys, region_anchor, region_names, region_piece, region_tooltip,
    selectable_regions,
)

pytestmark = pytest.mark.gui
COLOURS = ("#d62828", "#1d4ed8", "#2a9d36")
SCAR = default_scar()


def shown(qtbot, view):
    qtbot.addWidget(view)
    view.resize(1000, 700)
    view.show()
    qtbot.waitExposed(view)
    return view


@pytest.fixture
def scar_map(qtbot) -> ScarMapView:
    return shown(qtbot, ScarMapView(SCAR))


@pytest.fixture
def arena(qtbot) -> ArenaView:
    return shown(qtbot, ArenaView(SCAR))


def distance(a: QColor, b: str | QColor) -> int:
    b = QColor(b)
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue())


def distinct_colours(view) -> int:
    image = view.grab().toImage()
    return len({image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)})


@pytest.mark.parametrize("view_fixture", ["scar_map", "arena"])
def test_both_views_hold_one_piece_per_region_of_the_real_map(request, view_fixture):
    view = request.getfixturevalue(view_fixture)
    assert sorted(region_names(view)) == sorted(SCAR.names)


def test_the_map_draws_each_region_in_its_terrain_colour(scar_map):
    for region in SCAR.regions:
        item = region_piece(scar_map, region.name)
        assert item.brush().color() == QColor(region.colour)
        assert item.path().contains(region_anchor(scar_map, region.name))


def test_owned_regions_take_a_blend_of_their_owners_colour(scar_map):
    scar_map.set_board({"Portal": 1, "Mar": 0, "Azure": None}, COLOURS, counters={"Mar": 3})
    portal, azure = region_piece(scar_map, "Portal"), region_piece(scar_map, "Azure")
    terrain = QColor(SCAR.region("Portal").colour)
    fill = portal.brush().color()
    assert fill != terrain
    assert distance(fill, COLOURS[1]) < distance(terrain, COLOURS[1])
    assert azure.brush().color() == QColor(SCAR.region("Azure").colour)
    assert portal.owner_colour == QColor(COLOURS[1]) and azure.owner_colour is None
    assert scar_map.counters["Portal"].isVisible() and scar_map.counters["Portal"].count == 1
    assert scar_map.counters["Mar"].count == 3 and scar_map.counters["Mar"].colour == QColor(COLOURS[0])
    assert not scar_map.counters["Azure"].isVisible()


def test_a_new_board_clears_the_old_one(scar_map):
    scar_map.set_board({"Portal": 1}, COLOURS, closed=["Portal"])
    scar_map.set_board({}, COLOURS)
    assert region_piece(scar_map, "Portal").brush().color() == QColor(SCAR.region("Portal").colour)
    assert not scar_map.counters["Portal"].isVisible()
    assert not scar_map.stamps["Portal"].isVisible()


def test_closed_regions_are_greyed_and_stamped(scar_map):
    scar_map.set_board({"Mar": 2}, COLOURS, closed=["Duskmire", "Mar"])
    duskmire = region_piece(scar_map, "Duskmire")
    terrain = QColor(SCAR.region("Duskmire").colour)
    assert duskmire.closed and not region_piece(scar_map, "Molobog").closed
    assert duskmire.brush().color().hsvSaturation() < terrain.hsvSaturation()
    assert scar_map.stamps["Duskmire"].isVisible() and scar_map.stamps["Mar"].isVisible()
    assert not scar_map.stamps["Molobog"].isVisible()
    assert scar_map.counters["Mar"].isVisible()
    assert scar_map.counters["Mar"].pos() != scar_map.stamps["Mar"].pos()


def test_an_unknown_region_is_refused(scar_map):
    with pytest.raises(KeyError, match="Atlantis"):
        scar_map.set_board({"Atlantis": 0}, COLOURS)


@pytest.mark.parametrize("view_fixture", ["scar_map", "arena"])
def test_clicking_a_selectable_region_reports_it(qtbot, request, view_fixture):
    view = request.getfixturevalue(view_fixture)
    view.set_selectable(["Portal", "Mar"])
    with qtbot.waitSignal(view.region_clicked) as blocker:
        click_region(view, "Mar")
    assert blocker.args == ["Mar"]


@pytest.mark.parametrize("view_fixture", ["scar_map", "arena"])
def test_clicking_elsewhere_reports_nothing(qtbot, request, view_fixture):
    view = request.getfixturevalue(view_fixture)
    clicked: list[str] = []
    view.region_clicked.connect(clicked.append)
    view.set_selectable(["Portal"])
    click_region(view, "Azure")
    view.set_selectable(())
    click_region(view, "Portal")
    assert clicked == []
    assert selectable_regions(view) == frozenset()


@pytest.mark.parametrize("view_fixture", ["scar_map", "arena"])
def test_only_offered_regions_stay_bright_during_a_selection(request, view_fixture):
    view = request.getfixturevalue(view_fixture)
    view.set_selectable(["Portal"])
    assert not region_piece(view, "Portal").dimmed and region_piece(view, "Azure").dimmed
    view.set_selectable(())
    assert not region_piece(view, "Azure").dimmed


@pytest.mark.parametrize("view_fixture", ["scar_map", "arena"])
def test_region_info_goes_into_the_hover_tooltip(request, view_fixture):
    view = request.getfixturevalue(view_fixture)
    view.set_region_info({"Portal": "owner: Ben; your fighters from here: 2"})
    assert "Portal" in region_tooltip(view, "Portal")
    assert "owner: Ben; your fighters from here: 2" in region_tooltip(view, "Portal")
    assert "owner" not in region_tooltip(view, "Mar")
    view.set_region_info({})
    assert "owner" not in region_tooltip(view, "Portal")


@pytest.mark.parametrize("view_fixture", ["scar_map", "arena"])
def test_the_battle_region_is_highlighted_with_crossed_swords(request, view_fixture):
    view = request.getfixturevalue(view_fixture)
    view.set_highlight("Portal", "#ff00aa")
    assert view.highlighted == "Portal"
    assert region_piece(view, "Portal").highlight == QColor("#ff00aa")
    assert view.swords.isVisible()
    assert view.swords.colour == QColor("#ff00aa")
    view.set_highlight("Mar")
    assert region_piece(view, "Portal").highlight is None
    view.set_highlight(None)
    assert not view.swords.isVisible() and region_piece(view, "Mar").highlight is None


def test_an_owned_disc_turns_to_its_owners_colour_at_once_without_animation(arena):
    arena.set_discs({"Portal": 2}, COLOURS, removed=["Azure"])
    assert region_piece(arena, "Portal").face == QColor(COLOURS[2])
    assert region_piece(arena, "Portal").owner == 2
    assert region_piece(arena, "Mar").face != QColor(COLOURS[2])
    assert region_piece(arena, "Azure").removed and not region_piece(arena, "Portal").removed
    arena.set_discs({"Portal": 0}, COLOURS)
    assert region_piece(arena, "Portal").face == QColor(COLOURS[0])
    assert not region_piece(arena, "Portal").flipping


def test_a_disc_changing_hands_flips_to_the_new_colour(qtbot, arena, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "1")
    arena.set_discs({"Portal": 0}, COLOURS, animate=False)
    disc = region_piece(arena, "Portal")
    seen_flips = disc.flips
    arena.set_discs({"Portal": 1}, COLOURS)
    assert disc.flipping
    assert disc.face == QColor(COLOURS[0])
    widths: list[float] = []
    arena.scene().changed.connect(lambda _: widths.append(disc.transform().m11()))
    qtbot.waitUntil(lambda: not disc.flipping, timeout=30000)  # a loaded CI machine can be slow
    assert disc.face == QColor(COLOURS[1])
    assert disc.flips == seen_flips + 1
    assert min(widths) < 0.5
    assert disc.transform().isIdentity()


def test_a_disc_keeping_its_owner_does_not_flip(arena, monkeypatch):
    arena.set_discs({"Portal": 0}, COLOURS)
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "1")
    arena.set_discs({"Portal": 0, "Mar": None}, COLOURS)
    assert not region_piece(arena, "Portal").flipping and not region_piece(arena, "Mar").flipping


def test_the_arena_caption(arena):
    arena.set_caption("Battle 3: Portal")
    assert arena.caption.text() == "Battle 3: Portal"


@pytest.mark.parametrize("view_fixture", ["scar_map", "arena"])
def test_rendering_shows_a_picture_that_changes_with_the_board(request, view_fixture):
    view = request.getfixturevalue(view_fixture)
    before = view.grab().toImage()
    assert distinct_colours(view) > 40
    if view_fixture == "arena":
        view.set_discs({"Portal": 0}, COLOURS)
    else:
        view.set_board({"Portal": 0}, COLOURS)
    after = view.grab().toImage()
    below_label = QPointF(0, 30 if view_fixture == "scar_map" else 50)
    point = view.mapFromScene(region_anchor(view, "Portal") + below_label)
    assert before.pixel(point) != after.pixel(point)


@pytest.mark.parametrize("view_fixture", ["scar_map", "arena"])
def test_only_offered_regions_light_up_under_the_mouse(request, view_fixture):
    view = request.getfixturevalue(view_fixture)
    view.set_selectable(["Portal"])
    hover(view, view.mapFromScene(region_anchor(view, "Azure")))
    assert not region_piece(view, "Azure").hovered
    hover(view, view.mapFromScene(region_anchor(view, "Portal")))
    assert region_piece(view, "Portal").hovered


def hover(view, at: QPoint) -> None:
    """A move with no button held. QTest.mouseMove sends the buttons QTest last left pressed in
    this process, which made the test depend on the tests run before it."""
    vp = view.viewport()
    move = QMouseEvent(QEvent.Type.MouseMove, QPointF(at), QPointF(vp.mapToGlobal(at)), Qt.MouseButton.NoButton,
                       Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(vp, move)


def wheel(view, steps: int) -> None:
    centre = QPointF(view.viewport().rect().center())
    event = QWheelEvent(centre, view.viewport().mapToGlobal(centre), QPoint(), QPoint(0, 120 * steps),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), event)


def test_the_wheel_zooms_the_map_and_fit_shows_it_whole_again(scar_map):
    fitted = scar_map.transform().m11()
    wheel(scar_map, 2)
    assert scar_map.transform().m11() > fitted * 1.3
    wheel(scar_map, -10)
    assert scar_map.transform().m11() == pytest.approx(fitted)
    wheel(scar_map, 3)
    scar_map.fit()
    assert scar_map.transform().m11() == pytest.approx(fitted)
    seen = scar_map.mapToScene(scar_map.viewport().rect()).boundingRect()
    assert seen.contains(scar_map.sceneRect().adjusted(1, 1, -1, -1))


@pytest.mark.parametrize("view_fixture", ["scar_map", "arena"])
def test_a_drag_pans_the_zoomed_board_and_claims_nothing(request, view_fixture):
    view = request.getfixturevalue(view_fixture)
    clicked: list[str] = []
    view.region_clicked.connect(clicked.append)
    view.set_selectable(["Portal"])
    wheel(view, 3)
    centre = view.mapToScene(view.viewport().rect().center())
    start = view.mapFromScene(region_anchor(view, "Portal"))
    drag(view, start, start + QPoint(120, 60))
    assert clicked == []
    assert view.mapToScene(view.viewport().rect().center()) != centre


@pytest.mark.parametrize("view_fixture", ["scar_map", "arena"])
def test_the_arrows_visit_only_the_offered_regions_and_enter_or_space_chooses(request, view_fixture):
    view = request.getfixturevalue(view_fixture)
    clicked: list[str] = []
    view.region_clicked.connect(clicked.append)
    press_keys(view, Qt.Key.Key_Right)
    assert focused_region(view) is None, "nothing offered: the arrows pan"
    offered = {"Portal", "Azure", "Mar"}
    view.set_selectable(offered)
    seen = set()
    for key in (Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_Left, Qt.Key.Key_Up) * 3:
        press_keys(view, key)
        seen.add(focused_region(view))
    assert seen <= offered and len(seen) >= 2
    assert region_piece(view, focused_region(view)).hovered
    press_keys(view, Qt.Key.Key_Return)
    press_keys(view, Qt.Key.Key_Space)
    assert clicked == [focused_region(view)] * 2
    assert "Enter" in region_tooltip(view, "Portal") and "Enter" not in region_tooltip(view, "Sub-0")


@pytest.mark.parametrize("view_fixture", ["scar_map", "arena"])
def test_a_click_on_a_region_not_offered_is_reported_as_refused(request, view_fixture):
    view = request.getfixturevalue(view_fixture)
    clicked, refused = [], []
    view.region_clicked.connect(clicked.append)
    view.region_refused.connect(refused.append)
    view.set_selectable(["Portal"])
    click_region(view, "Azure")
    click_region(view, "Portal")
    assert refused == ["Azure"] and clicked == ["Portal"]


def test_a_click_on_the_arena_ends_a_flip_at_once(qtbot, arena, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "1")
    arena.set_discs({"Portal": 0}, COLOURS, animate=False)
    arena.set_discs({"Portal": 1}, COLOURS)
    disc = region_piece(arena, "Portal")
    assert disc.flipping
    click_region(arena, "Mar")
    assert not disc.flipping and disc.face == QColor(COLOURS[1]) and disc.transform().isIdentity()


def test_the_view_menus_animations_setting_stops_the_flip(arena, monkeypatch):
    from gui import storage

    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "1")
    storage.set_animations(False)
    arena.set_discs({"Portal": 1}, COLOURS)
    assert not region_piece(arena, "Portal").flipping
    assert region_piece(arena, "Portal").face == QColor(COLOURS[1])
