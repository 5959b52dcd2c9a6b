"""The layout board as a referee's tool: typed positions with undo, the reach table both ways,
#numbers for same-named chips, warnings, the ruling from clicks or the table, the cursor
read-out, Tab through the board's parts, and the ruling sheet exported as PNG and PDF."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from core.clout.layout import Layout, LayoutPhoto
from gui.clout.layout_board import LayoutBoard
from tests.gui.drivers.clout_canvas import area_view_pos, ruler_text
from tests.gui.drivers.clout_layout import can_undo, layout_undo
from tests.gui.drivers.clout_referee import (
    click_reach_row,
    cursor_readout,
    export,
    hover,
    reach_rows,
    rule_with_click,
    ruling_text,
    shown_position,
    type_position,
    warnings_shown,
)

pytestmark = pytest.mark.gui
JPEG = b"\xff\xd8\xff\xe0" + b"\0" * 16 + b"\xff\xd9"
TABLE = (("gc1", "und-grave-creepers", 0, 10, 50), ("gc2", "und-grave-creepers", 0, 30, 50),
         ("tw", "elf-treant-watcher", 1, 43.7, 50), ("wr", "elf-windrider", 1, 30, 60),
         ("r1", "gob-raider", 0, 60, 20), ("r2", "gob-raider", 1, 62.5, 21), ("sl", "gob-slinger", 1, 99, 80))


@pytest.fixture
def board(qtbot) -> LayoutBoard:
    b = LayoutBoard()
    qtbot.addWidget(b)
    b.errors = []
    b.show_error = lambda title, text: b.errors.append(text)
    b.confirm_discard = lambda: True
    b.confirm_close = lambda: "discard"
    b.resize(1280, 800)
    b.show()
    qtbot.waitExposed(b)
    doc = Layout()
    b.ids = {}
    for key, chip, owner, x, y in TABLE:
        doc, b.ids[key] = doc.place(chip, owner, x, y)
    b._reset(doc, None)
    b.canvas.fit()
    QApplication.processEvents()
    return b


def test_typed_position_moves_the_selected_chip_in_one_undo_step(board):
    cid = board.ids["tw"]
    board.canvas.select(cid)
    assert shown_position(board) == (43.7, 50.0)
    type_position(board, 44.25, 51.5)
    chip = board.layout_doc.chip(cid)
    assert (chip.x_cm, chip.y_cm) == pytest.approx((44.25, 51.5))
    layout_undo(board)
    chip = board.layout_doc.chip(cid)
    assert (chip.x_cm, chip.y_cm) == pytest.approx((43.7, 50.0))
    assert not can_undo(board)
    type_position(board, 150.0, 50.0)  # off the area: refused, nothing to undo
    assert board.layout_doc.chip(cid).x_cm == pytest.approx(43.7) and not can_undo(board)


def test_reach_table_lists_pairs_both_ways_with_numbers(board):
    rows = reach_rows(board)
    pairs = [(r[0], r[1]) for r in rows]
    assert ("Grave Creepers #2", "Treant Watcher") in pairs and ("Treant Watcher", "Grave Creepers #2") in pairs
    assert ("Grave Creepers #2", "Windrider") not in pairs  # Fly: 6 cm + 5 cm is past 10 cm
    row = rows[pairs.index(("Treant Watcher", "Grave Creepers #2"))]
    assert row[2:] == ["9.7 cm", "10.0 cm (2 x 5)", "+3 mm", "Strike 1 vs D1, Ambush 2 vs D1"]
    assert board.canvas.markers[board.ids["gc2"]].name == "Grave Creepers #2"  # the label on the board


def test_warnings_list_overlaps_and_a_chip_over_the_edge_with_rings(board):
    assert warnings_shown(board) == ["⚠ Goblin Raider #1 and Goblin Raider #2 overlap by 13.1 mm",
                                     "⚠ Slinger hangs over the area's edge (still in play)"]
    assert len(board.canvas.warning_rings.centres) == 3


def test_click_then_ctrl_click_rules_the_pair_both_ways(board):
    rule_with_click(board.canvas, board.ids["gc2"], board.ids["tw"], ctrl=True)
    text = ruling_text(board)
    assert text.splitlines() == [
        "Grave Creepers #2 reaches Treant Watcher: 9.7 cm edge to edge, reach 10.0 cm (range 2 x 5 cm), 3 mm to spare.",
        "Treant Watcher reaches Grave Creepers #2: 9.7 cm edge to edge, reach 10.0 cm (range 2 x 5 cm), 3 mm to spare."]
    assert ruler_text(board.canvas) == "9.7 cm"
    assert len(board.canvas.pair_rings.centres) == 2
    rule_with_click(board.canvas, board.ids["gc2"], board.ids["wr"])  # Shift: the same
    assert ruling_text(board).startswith("Grave Creepers #2 does not reach Windrider: 6.0 cm edge to edge "
                                         "(+5.0 cm for Windrider's Fly)")


def test_a_row_of_the_table_shows_the_pair_on_the_board(board):
    rows = reach_rows(board)
    k = [(r[0], r[1]) for r in rows].index(("Windrider", "Grave Creepers #2"))
    click_reach_row(board, k)
    assert board.ruled == (board.ids["wr"], board.ids["gc2"])
    assert ruler_text(board.canvas) == "6.0 cm"
    assert ruling_text(board).startswith("Windrider reaches Grave Creepers #2: 6.0 cm edge to edge")


def test_too_close_to_call_on_a_photo_layout(board):
    doc = board.layout_doc.move(board.ids["tw"], 43.92, 50.0).with_photo(
        LayoutPhoto.of(JPEG, 400, 300, uncertainty_mm=0.6))
    board._reset(doc, None)
    board.rule_pair(board.ids["gc2"], board.ids["tw"])
    assert ruling_text(board).startswith("Too close to call whether Grave Creepers #2 reaches Treant Watcher: "
                                         "9.92 cm edge to edge")
    assert "within the photo's ±0.6 mm x 2." in ruling_text(board)


def test_cursor_readout_in_cm(board):
    hover(board.canvas, area_view_pos(board.canvas, 43.2, 17.9))
    assert cursor_readout(board) != "x —, y —", cursor_readout(board)
    x, y = (float(v.split()[1]) for v in cursor_readout(board).split(", "))
    assert x == pytest.approx(43.2, abs=0.3) and y == pytest.approx(17.9, abs=0.3)
    hover(board.canvas, area_view_pos(board.canvas, -4, -4))
    assert cursor_readout(board) == "x —, y —"


def test_tab_leaves_the_area_for_the_position_then_the_tables(board):
    board.canvas.select(board.ids["tw"])
    board.canvas.setFocus()
    order = []
    for _ in range(4):
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        order.append(QApplication.focusWidget().objectName() or type(QApplication.focusWidget()).__name__)
    assert order[:3] == ["chipX", "chipY", "chipPositionApply"]


def test_arrows_nudge_one_millimetre_and_ten_with_shift(board):
    cid = board.ids["tw"]
    board.canvas.select(cid)
    board.canvas.setFocus()
    QTest.keyClick(board.canvas, Qt.Key.Key_Right)
    QTest.keyClick(board.canvas, Qt.Key.Key_Down, Qt.KeyboardModifier.ShiftModifier)
    chip = board.layout_doc.chip(cid)
    assert (chip.x_cm, chip.y_cm) == pytest.approx((43.8, 51.0))
    assert shown_position(board) == pytest.approx((43.8, 51.0))


@pytest.mark.parametrize("fmt, magic", [("png", b"\x89PNG\r\n\x1a\n"), ("pdf", b"%PDF-")])
def test_export_the_ruling_sheet(board, tmp_path, fmt, magic):
    path = tmp_path / f"ruling.{fmt}"
    board.ask_export_path = lambda f, suggested: str(path)
    board.rule_pair(board.ids["gc2"], board.ids["tw"])
    export(board, fmt)
    data = path.read_bytes()
    assert data.startswith(magic) and len(data) > 20_000
    assert not board.errors


def test_the_selected_chip_s_panel_says_who_reaches_it(board):
    board.canvas.select(board.ids["gc2"])
    text = board.chip_text.toPlainText()
    assert "Reached by (2)" in text
    assert "Treant Watcher (9.7 cm, +3 mm)" in text and "Windrider (6.0 cm, +40 mm)" in text


def test_ruler_steps_follow_the_zoom():
    from gui.clout.layout_rulers import label_step_cm, tick_step_cm

    assert (tick_step_cm(10.0), label_step_cm(10.0)) == (1, 10)  # 10 px a cm: every cm, labels every 10
    assert (tick_step_cm(2.0), label_step_cm(2.0)) == (5, 20)
    assert (tick_step_cm(0.3), label_step_cm(0.3)) == (20, 200)


@pytest.mark.parametrize("size", [(1024, 640), (2560, 1440)])
def test_nothing_cut_or_overlapping_with_a_ruling_shown(board, size):
    from tests.gui.layout_check import cut_text, overlaps

    board.rule_pair(board.ids["gc2"], board.ids["wr"])  # the longer sentence (Fly)
    board.resize(*size)
    QApplication.processEvents()
    assert overlaps(board, board) == [] and cut_text(board, board) == []
