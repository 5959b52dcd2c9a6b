"""The Clout Fantasy layout board: a session that places chips, reads ranges, saves and reloads."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from core.clout.catalogue import default_catalogue
from core.clout.geometry import in_range
from core.clout.layout import load_layout
from gui.clout.layout_board import LayoutBoard
from maps.clout.areas import range_increment_cm
from tests.gui.drivers.clout import in_range_names
from tests.gui.drivers.clout_canvas import click_area, click_chip, drag_chip

pytestmark = pytest.mark.gui
CATALOGUE = default_catalogue()


def chip_id(name: str) -> str:
    return next(c.id for c in CATALOGUE if c.name == name)


@pytest.fixture
def board(qtbot, monkeypatch) -> LayoutBoard:
    b = LayoutBoard()
    qtbot.addWidget(b)
    b.errors = []
    monkeypatch.setattr(b, "show_error", lambda title, text: b.errors.append(text))
    monkeypatch.setattr(b, "confirm_discard", lambda: True)
    monkeypatch.setattr(b, "confirm_close", lambda: "discard")
    b.resize(1280, 800)
    b.show()
    qtbot.waitExposed(b)
    return b


def click_catalogue(board: LayoutBoard, name: str) -> None:
    """Click the chip's row in the catalogue list, as a player would."""
    lst = board.catalogue_list
    row = next(i for i in range(lst.count()) if lst.item(i).data(Qt.ItemDataRole.UserRole) == chip_id(name))
    lst.scrollToItem(lst.item(row))
    QTest.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     lst.visualItemRect(lst.item(row)).center())


def click_side(board: LayoutBoard, side: int) -> None:
    QTest.mouseClick(board.player_panels[side].radio, Qt.MouseButton.LeftButton)


def place_by_clicks(board: LayoutBoard, name: str, side: int, x: float, y: float) -> str:
    click_side(board, side)
    click_catalogue(board, name)
    before = {c.id for c in board.layout_doc.chips}
    click_area(board.canvas, x, y)
    (new,) = {c.id for c in board.layout_doc.chips} - before
    return new


def test_place_chips_for_both_sides_by_clicking(board):
    watcher = place_by_clicks(board, "Treant Watcher", 0, 40, 40)
    warrior = place_by_clicks(board, "Questing Warrior", 1, 48, 42)
    doc = board.layout_doc
    assert doc.chip(watcher).owner == 0 and doc.chip(warrior).owner == 1
    assert doc.chip(watcher).chip == chip_id("Treant Watcher")
    assert (doc.chip(warrior).x_cm, doc.chip(warrior).y_cm) == pytest.approx((48, 42), abs=0.3)
    assert set(board.canvas.items_by_id) == {watcher, warrior}
    ring = board.canvas.items_by_id[warrior].owner_colour.name()
    assert ring == doc.players[1].colour


def test_select_a_chip_and_read_its_in_range_list(board):
    watcher = place_by_clicks(board, "Treant Watcher", 0, 40, 40)
    place_by_clicks(board, "Questing Warrior", 1, 48, 42)
    place_by_clicks(board, "Grave Creepers", 1, 85, 85)
    click_chip(board.canvas, watcher)
    doc, inc = board.layout_doc, range_increment_cm(board.area)
    src = doc.chip(watcher)
    spec = CATALOGUE.chip(src.chip)
    want = {CATALOGUE.chip(c.chip).name for c in doc.chips if c.id != watcher and in_range(
        (src.x_cm, src.y_cm), (c.x_cm, c.y_cm), spec.range, inc)}
    assert "Questing Warrior" in want and "Grave Creepers" not in want
    assert set(in_range_names(board)) == want
    text = board.chip_text.toPlainText()
    assert "In range (1)" in text and "Questing Warrior" in text and "Grave Creepers" not in text
    assert "Strike" in text  # the abilities in plain words
    assert board.canvas.in_range == {c.id for c in doc.chips if CATALOGUE.chip(c.chip).name in want}


def test_a_handicap_increment_changes_the_in_range_list(board):
    watcher = place_by_clicks(board, "Treant Watcher", 0, 40, 40)
    place_by_clicks(board, "Grave Creepers", 1, 40, 58)  # 14 cm gap: out at 5 cm x 2, in at 7.5 x 2
    board.canvas.select(watcher)
    assert in_range_names(board) == []
    board.player_panels[0].increment.setValue(7.5)
    assert board.layout_doc.players[0].increment_cm == 7.5
    assert in_range_names(board) == ["Grave Creepers"]
    assert board.canvas.in_range == {c.id for c in board.layout_doc.chips if c.id != watcher}


def test_move_and_remove(board, qtbot):
    cid = place_by_clicks(board, "Treant Watcher", 0, 30, 30)
    drag_chip(board.canvas, cid, (60, 70))
    moved = board.layout_doc.chip(cid)
    assert (moved.x_cm, moved.y_cm) == pytest.approx((60, 70), abs=0.5)
    drag_chip(board.canvas, cid, (110, 70))  # off the area: refused, the chip stays
    assert board.layout_doc.chip(cid) == moved
    assert board.canvas.index.centre(cid) == pytest.approx((moved.x_cm, moved.y_cm))
    board.canvas.select(cid)
    QTest.mouseClick(board.remove_button, Qt.MouseButton.LeftButton)
    assert board.layout_doc.chips == ()


def test_score_counts_points_and_the_base_bonus_and_says_what_it_includes(board):
    plain = ("loyal", "disloyal", "trap", "possess", "support")
    base = next(c for c in CATALOGUE if c.type == "base" and c.range >= 1
                and not any(c.has(a) for a in plain))
    troop = next(c for c in CATALOGUE if c.type == "troop" and not any(c.has(a) for a in plain))
    board.place_chip(base.id, 50, 50, owner=0)
    board.place_chip(troop.id, 56, 50, owner=0)  # 2 cm gap: inside any base's range
    board.place_chip(troop.id, 90, 10, owner=1)
    assert board.score.totals == (base.points + troop.points + 1, troop.points)
    notes = board.score_notes.toPlainText()
    assert "base" in notes and "Not counted yet" in notes


def test_save_and_reload_gives_the_same_chips_and_positions(board, tmp_path, monkeypatch, qtbot):
    place_by_clicks(board, "Treant Watcher", 0, 40, 40)
    place_by_clicks(board, "Questing Warrior", 1, 48, 42)
    board.area_box.setCurrentIndex(board.area_box.findData("rug"))
    place_by_clicks(board, "Infiltrator", 1, 75, 20)
    path = tmp_path / "dispute"
    monkeypatch.setattr(board, "ask_save_path", lambda suggested: str(path))
    assert board.save_dialog()
    saved = board.layout_doc
    assert load_layout(str(path) + ".clout-layout.json") == saved

    other = LayoutBoard()
    qtbot.addWidget(other)
    monkeypatch.setattr(other, "confirm_close", lambda: "discard")
    monkeypatch.setattr(other, "ask_open_path", lambda: str(path) + ".clout-layout.json")
    assert other.open_dialog()
    assert other.layout_doc == saved
    assert other.area.id == "rug" and other.area_box.currentData() == "rug"
    assert {cid: (m.x_cm, m.y_cm, m.owner) for cid, m in other.canvas.markers.items()} == \
        {c.id: (c.x_cm, c.y_cm, c.owner) for c in saved.chips}


def test_a_broken_layout_is_refused_and_the_board_keeps_its_chips(board, tmp_path, monkeypatch):
    place_by_clicks(board, "Treant Watcher", 0, 40, 40)
    before = board.layout_doc
    bad = tmp_path / "bad.clout-layout.json"
    bad.write_text('{"format": "battlebox-clout-layout", "version": 1, "area": "standard", "players": [], "chips": []}')
    assert not board.open_file(bad)
    assert board.layout_doc == before
    assert len(board.errors) == 1 and str(bad) in board.errors[0] and "players" in board.errors[0]


def test_the_main_window_opens_the_board_from_the_tools_menu(qtbot, monkeypatch, tmp_path):
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path))
    from gui.main_window import MainWindow

    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.show()
    tools = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "Tools")
    action = next(a for a in tools.actions() if a.text().replace("&", "").startswith("Clout layout board"))
    action.trigger()
    boards = [w for w in QApplication.topLevelWidgets() if isinstance(w, LayoutBoard) and w.isVisible()]
    assert boards and window.clout_layout_board in boards
    assert boards[0].isWindow()
    window.clout_layout_board.close()


# --- issue 12: one chip per placing, Esc, undo/redo, the unsaved prompt, area changes, nudges ------
def test_placing_a_chip_places_one_and_esc_stops_a_waiting_place(board):
    from tests.gui.drivers.clout_layout import escape

    place_by_clicks(board, "Treant Watcher", 0, 40, 40)
    click_area(board.canvas, 60, 60)  # the place is used up: a second click places nothing
    assert len(board.layout_doc.chips) == 1 and board.placing is None
    click_catalogue(board, "Questing Warrior")
    escape(board.canvas)
    click_area(board.canvas, 70, 70)
    assert len(board.layout_doc.chips) == 1 and "stopped" in board.status.text()
    click_catalogue(board, "Questing Warrior")
    escape(board.catalogue_list)
    click_area(board.canvas, 70, 70)
    assert len(board.layout_doc.chips) == 1


def test_undo_and_redo_every_edit(board):
    from tests.gui.drivers.clout_layout import can_undo, layout_redo, layout_undo

    assert not can_undo(board)
    cid = place_by_clicks(board, "Treant Watcher", 0, 30, 30)
    placed = board.layout_doc
    drag_chip(board.canvas, cid, (60, 70))
    moved = board.layout_doc
    board.canvas.select(cid)
    QTest.mouseClick(board.remove_button, Qt.MouseButton.LeftButton)
    assert board.layout_doc.chips == () and not board.dirty  # back to the empty board it started as
    layout_undo(board)
    assert board.layout_doc == moved and set(board.canvas.markers) == {cid}
    layout_undo(board)
    assert board.layout_doc == placed
    layout_undo(board)
    assert board.layout_doc.chips == () and not can_undo(board) and not board.dirty
    layout_redo(board)
    layout_redo(board)
    assert board.layout_doc == moved
    board.player_panels[1].increment.setValue(7.5)
    assert board.layout_doc.players[1].increment_cm == 7.5
    layout_undo(board)
    assert board.layout_doc == moved and board.player_panels[1].increment.value() == 0


@pytest.mark.parametrize("answer", ["cancel", "discard", "save"])
def test_closing_with_unsaved_changes_asks_first(board, monkeypatch, tmp_path, answer):
    asked = []
    monkeypatch.setattr(board, "confirm_close", lambda: asked.append(1) or answer)
    monkeypatch.setattr(board, "ask_save_path", lambda suggested: str(tmp_path / "kept"))
    assert board.close() and asked == []  # nothing to save: no question
    board.show()
    place_by_clicks(board, "Treant Watcher", 0, 40, 40)
    assert board.isWindowModified()
    closed = board.close()
    assert asked == [1] and closed is (answer != "cancel") and board.isVisible() is (answer == "cancel")
    if answer == "save":
        assert load_layout(str(tmp_path / "kept.clout-layout.json")) == board.layout_doc


def test_a_new_area_keeps_the_chips_where_they_were_from_its_middle(board):
    from tests.gui.drivers.clout_layout import layout_undo

    a = place_by_clicks(board, "Treant Watcher", 0, 50, 50)
    b = place_by_clicks(board, "Questing Warrior", 1, 60, 45)
    before = {c.id: (c.x_cm, c.y_cm) for c in board.layout_doc.chips}
    board.area_box.setCurrentIndex(board.area_box.findData("rug"))
    assert board.area.id == "rug" and board.layout_doc.area == "rug"
    (cx, cy) = board.area.centre_cm
    after = {c.id: (c.x_cm, c.y_cm) for c in board.layout_doc.chips}
    for cid in (a, b):  # a click lands within a pixel of the spot: compare with where it landed
        assert after[cid] == pytest.approx((before[cid][0] - 50 + cx, before[cid][1] - 50 + cy))
    assert after[a] == pytest.approx((cx, cy), abs=0.3) and after[b] == pytest.approx((cx + 10, cy - 5), abs=0.3)
    assert board.canvas.index.centre(b) == pytest.approx(after[b])
    layout_undo(board)
    assert board.area.id == "standard" and board.area_box.currentData() == "standard"
    assert {c.id: (c.x_cm, c.y_cm) for c in board.layout_doc.chips} == before


@pytest.mark.parametrize("agree", [False, True])
def test_chips_that_would_fall_off_the_new_area_are_moved_inside_only_if_agreed(board, monkeypatch, agree):
    asked = []
    board.area_box.setCurrentIndex(board.area_box.findData("pool-table"))
    corner = place_by_clicks(board, "Treant Watcher", 0, 10, 10)
    middle = place_by_clicks(board, "Questing Warrior", 1, 127, 63.5)
    before = board.layout_doc
    monkeypatch.setattr(board, "confirm_move_inside", lambda title, names: asked.append(names) or agree)
    board.area_box.setCurrentIndex(board.area_box.findData("standard"))
    assert asked == [["Treant Watcher"]]
    if not agree:
        assert board.layout_doc == before and board.area.id == "pool-table"
        assert board.area_box.currentData() == "pool-table"
        return
    doc = board.layout_doc
    assert doc.area == "standard"
    was = before.chip(middle)
    assert (doc.chip(middle).x_cm, doc.chip(middle).y_cm) == pytest.approx((was.x_cm - 77, was.y_cm - 13.5))
    x, y = doc.chip(corner).x_cm, doc.chip(corner).y_cm
    assert 0 < x <= 3 and 0 < y <= 3  # just inside the edge, the whole chip on the area


def test_the_arrows_nudge_the_selected_chip_and_a_run_of_nudges_undoes_at_once(board):
    from tests.gui.drivers.clout_layout import arrow, layout_undo

    cid = place_by_clicks(board, "Treant Watcher", 0, 40, 40)
    click_chip(board.canvas, cid)
    start = board.layout_doc
    arrow(board.canvas, Qt.Key.Key_Right)
    arrow(board.canvas, Qt.Key.Key_Down, shift=True)
    arrow(board.canvas, Qt.Key.Key_Up)
    chip = board.layout_doc.chip(cid)
    assert (chip.x_cm, chip.y_cm) == pytest.approx((40.1, 40.9), abs=0.301)
    was = start.chip(cid)  # a click lands within a pixel of the spot
    assert (chip.x_cm - was.x_cm, chip.y_cm - was.y_cm) == pytest.approx((0.1, 0.9))
    assert board.canvas.selected == cid and board.canvas.index.centre(cid) == pytest.approx((chip.x_cm, chip.y_cm))
    layout_undo(board)
    assert board.layout_doc == start


def test_ctrl_z_undoes_and_the_panel_lists_the_board_s_keys(board, qtbot):
    from PySide6.QtGui import QKeySequence

    assert "nudge the selected chip 1 mm" in board.chip_text.toPlainText()
    place_by_clicks(board, "Treant Watcher", 0, 40, 40)
    board.activateWindow()
    qtbot.waitUntil(board.isActiveWindow, timeout=5000)
    undo = QKeySequence(QKeySequence.StandardKey.Undo)[0]
    QTest.keyClick(board.catalogue_list, undo.key(), undo.keyboardModifiers())
    assert board.layout_doc.chips == ()


def test_enter_in_the_catalogue_places_the_chip_in_the_middle_for_the_arrows(board):
    from tests.gui.drivers.clout_layout import arrow, press_enter

    lst = board.catalogue_list
    lst.setCurrentRow(next(i for i in range(lst.count())
                           if lst.item(i).data(Qt.ItemDataRole.UserRole) == chip_id("Treant Watcher")))
    press_enter(lst)
    (chip,) = board.layout_doc.chips
    assert (chip.x_cm, chip.y_cm) == pytest.approx(board.area.centre_cm)
    assert board.canvas.selected == chip.id and board.canvas.hasFocus()
    arrow(board.canvas, Qt.Key.Key_Left, shift=True)
    assert board.layout_doc.chip(chip.id).x_cm == pytest.approx(chip.x_cm - 1.0)


def test_quitting_the_app_asks_about_an_unsaved_layout_first(qtbot, monkeypatch, tmp_path):
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path))
    from gui.main_window import MainWindow

    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.show()
    board = window.open_clout_layout_board()
    place_by_clicks(board, "Treant Watcher", 0, 30, 30)
    assert board.dirty
    asked: list[str] = []
    monkeypatch.setattr(board, "confirm_close", lambda: asked.append("asked") or "cancel")
    assert not window.close(), "the user cancelled: the app stays open"
    assert asked and board.isVisible() and window.isVisible()
    monkeypatch.setattr(board, "confirm_close", lambda: "discard")
    assert window.close()


def test_a_sides_stack_is_chosen_kept_through_other_edits_and_reloaded(board, tmp_path):
    from PySide6.QtWidgets import QComboBox

    from core.clout.layout import PlayerSlot, save_layout
    from core.clout.stacks import ready_stacks

    elves = ready_stacks()["elves-greenwood-vanguard"]
    combo = board.findChild(QComboBox, "layoutStack0")
    combo.setCurrentIndex(combo.findText(elves.name))
    assert board.layout_doc.players[0].stack == elves.chips
    panel = board.player_panels[0]
    panel.name.setText("Ann")
    panel.name.editingFinished.emit()
    assert board.layout_doc.players[0].name == "Ann" and board.layout_doc.players[0].stack == elves.chips

    own = ("elf-treant-watcher",) * 3
    path = tmp_path / "own.clout-layout.json"
    save_layout(board.layout_doc.with_player(1, PlayerSlot("Bo", "#e53935", stack=own)), path)
    assert board.open_file(path)
    assert combo.currentText() == elves.name
    assert board.findChild(QComboBox, "layoutStack1").currentText() == "Own stack (3 chips)"
    panel.name.setText("Anna")
    panel.name.editingFinished.emit()
    assert board.layout_doc.players[1].stack == own and board.layout_doc.players[0].stack == elves.chips
