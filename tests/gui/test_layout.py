"""Issue 11's "any screen" checks on the start page and one mid-game save per game, at 1024x640
and 1280x800 (the whole matrix runs with the benchmarks: tests/benchmarks/test_layout_matrix.py).

Each combination that fails today is an xfail(strict=True) naming what is wrong: the to-do list.
Fixing one turns its xfail into a failure here, so the mark is removed with the fix.
"""
from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QDockWidget, QFrame, QLabel, QMainWindow, QPushButton, QScrollArea, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from core.match import Match
from tests.gui import layout_check, phase_walk
from tests.gui.drivers.window import new_window
from tests.gui.layout_check import KINDS

SAVES = Path(__file__).resolve().parents[1] / "saves" / "0.1.0"
PAGES = ("start", "throwdown-3p", "solitaire", "domination", "all-out-war", "fistful-of-gold", "impact",
         "power-spike", "clout")
SIZES = ((1024, 640), (1280, 800))
BOARD_FROM = (1280, 800)

# (page, size, kind) -> what is wrong today.
KNOWN = {
}


def save_path(page: str) -> str | None:
    return None if page == "start" else str(SAVES / f"{page}-midgame.battlebox.json")


def cases(pages: tuple[str, ...], sizes: tuple[tuple[int, int], ...], known: dict) -> list:
    out = []
    for page in pages:
        for size in sizes:
            for kind in KINDS:
                if kind == "board" and (page == "start" or size < BOARD_FROM):
                    continue
                reason = known.get((page, size, kind))
                marks = [pytest.mark.xfail(strict=True, reason=f"issue 11: {reason}")] if reason else []
                out.append(pytest.param(page, size, kind, marks=marks, id=f"{page}-{size[0]}x{size[1]}-{kind}"))
    return out


_problems: dict[tuple[str, tuple[int, int]], dict[str, list[str]]] = {}


def problems(page: str, size: tuple[int, int]) -> dict[str, list[str]]:
    """One window per page and size, checked once for every kind."""
    if (page, size) not in _problems:
        window = layout_check.open_window(save_path(page), size)
        try:
            _problems[page, size] = layout_check.check(window)
        finally:
            window.close()
            window.deleteLater()
    return _problems[page, size]


@pytest.mark.parametrize("page, size, kind", cases(PAGES, SIZES, KNOWN))
def test_layout(qapp, page, size, kind):
    assert problems(page, size)[kind] == []


def test_every_game_view_names_its_primary_controls_and_board():
    from gui.views import VIEWS, create_view  # noqa: F401 (create_view: the views' entry point)
    import importlib

    for game_id, spec in VIEWS.items():
        module, _, cls = spec.partition(":")
        view = getattr(importlib.import_module(module), cls)
        assert view.PRIMARY_CONTROLS and all(isinstance(n, str) and n for n in view.PRIMARY_CONTROLS), game_id
        assert isinstance(view.BOARD, str) and view.BOARD, game_id


# The checker itself: each kind of problem is found on a page built to have it.

class _Page(QWidget):
    PRIMARY_CONTROLS = ("goButton", "lowButton")
    BOARD = "board"


def _window(page: QWidget, size=(800, 600)) -> QMainWindow:
    window = QMainWindow()
    window.setCentralWidget(page)
    window.resize(*size)
    window.show()
    for _ in range(3):
        qapp_instance().processEvents()
    return window


def qapp_instance():
    from PySide6.QtWidgets import QApplication

    return QApplication.instance()


def test_checker_finds_a_primary_control_below_the_fold(qapp):
    page = _Page()
    scroll = QScrollArea(page)
    scroll.setGeometry(0, 0, 300, 200)
    content = QWidget()
    content.setMinimumSize(280, 900)
    QPushButton("Go", content, objectName="goButton").move(10, 10)
    QPushButton("Low", content, objectName="lowButton").move(10, 700)
    scroll.setWidget(content)
    window = _window(page)
    found = layout_check.hidden_primary_controls(window, page)
    assert len(found) == 1 and "lowButton" in found[0] and "scroll" in found[0]
    window.close()


def test_checker_finds_overlapping_panels_and_cut_text(qapp):
    page = _Page()
    a = QFrame(page, objectName="leftPanel")
    a.setGeometry(0, 0, 200, 200)
    b = QFrame(page, objectName="rightPanel")
    b.setGeometry(150, 0, 200, 200)
    c = QFrame(page, objectName="farPanel")
    c.setGeometry(400, 0, 100, 100)
    label = QLabel("A sentence far too long for thirty pixels", page)
    label.setGeometry(0, 300, 30, 20)
    fits = QLabel("Fits", page)
    fits.setGeometry(0, 330, 200, 20)
    button = QPushButton("Another long button text", page)
    button.setGeometry(0, 360, 40, 30)
    window = _window(page)
    overlaps = layout_check.overlaps(window, page)
    assert len(overlaps) == 1 and "leftPanel" in overlaps[0] and "rightPanel" in overlaps[0]
    cut = layout_check.cut_text(window, page)
    assert len(cut) == 2 and any("A sentence" in p for p in cut) and any("Another" in p for p in cut)
    window.close()


def test_checker_finds_overlapping_widgets_of_one_layout(qapp):
    page = _Page()
    lay = QVBoxLayout(page)
    first, second = QLabel("one"), QLabel("two")
    lay.addWidget(first)
    lay.addWidget(second)
    window = _window(page)
    assert layout_check.overlaps(window, page) == []
    second.move(first.pos())
    assert len(layout_check.overlaps(window, page)) == 1
    window.close()


def test_checker_measures_the_board_against_the_central_area(qapp):
    page = _Page()
    board = QWidget(page, objectName="board")
    board.setGeometry(0, 0, 300, 300)
    window = _window(page, (800, 600))
    assert "covers" in layout_check.small_board(window, page)[0]
    board.setGeometry(0, 0, 700, 500)
    assert layout_check.small_board(window, page) == []
    window.close()


def test_checker_finds_a_table_row_lower_than_its_text(qapp):
    page = _Page()
    table = QTableWidget(2, 1, page)
    table.setGeometry(0, 0, 120, 200)
    table.setItem(0, 0, QTableWidgetItem("one\ntwo\nthree"))
    table.setItem(1, 0, QTableWidgetItem("fits"))
    table.setRowHeight(0, 12)
    window = _window(page)
    found = layout_check.cut_cells(window)
    assert len(found) == 1 and "row 0" in found[0]
    table.resizeRowsToContents()
    assert layout_check.cut_cells(window) == []
    window.close()


def test_checker_reads_the_docks_beside_the_page(qapp):
    page = _Page()
    QLabel("Fits", page).setGeometry(0, 0, 200, 20)
    window = _window(page)
    dock = QDockWidget("Scores", window)
    inside = QWidget()
    QLabel("A sentence far too long for thirty pixels", inside).setGeometry(0, 0, 30, 20)
    dock.setWidget(inside)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    for _ in range(3):
        qapp_instance().processEvents()
    assert layout_check.cut_text(window, page) == []
    found = layout_check.cut_anywhere(window, page)
    assert len(found) == 1 and "A sentence" in found[0]
    window.close()


WALKED = ("throwdown", "impact", "clout", "fistful-of-gold", "power-spike", "domination", "all-out-war",
          "solitaire")
WALKS = [(g, s) for g in WALKED for s in SIZES]


@pytest.mark.parametrize("game_id, size", WALKS)
def test_every_phase_behind_the_curtain_passes_the_checks(qapp, qtbot, monkeypatch, tmp_path, game_id, size):
    """The saves above show a curtain mid-game; a walk through every phase shows the pages behind it."""
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))
    window = new_window(qtbot, monkeypatch, tmp_path / "w.battlebox.json", size=size)
    assert window.start_new_game(game_id)
    found = phase_walk.walk(window, size)
    assert window.match.is_over
    assert {"over/over"} < set(found) and any(not key.endswith(("/over", "/curtain")) for key in found)
    assert {key: problems for key, problems in found.items() if problems} == {}


@pytest.mark.parametrize("size", SIZES)
def test_a_three_game_solitaire_entered_at_the_table_passes_the_checks(qapp, qtbot, monkeypatch, tmp_path, size):
    """Table entry adds pose buttons under the five, and three games three sheet columns in the dock."""
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))
    window = new_window(qtbot, monkeypatch, tmp_path / "w.battlebox.json", size=size)
    setup = msgspec.structs.replace(Match.new("solitaire").game.default_setup(1), mode="table", games=3)
    assert window.start_new_game("solitaire", setup)
    found = phase_walk.walk(window, size)
    assert window.match.is_over and {"throw/board", "enter/board"} <= set(found)
    assert {key: problems for key, problems in found.items() if problems} == {}


@pytest.mark.parametrize("game_id, size", [("domination", (1280, 800)), ("all-out-war", (1024, 640))])
def test_four_players_entered_at_the_table_pass_the_checks(qapp, qtbot, monkeypatch, tmp_path, game_id, size):
    """Four side cards with pose buttons under each fighter: the battle panel scrolls, wraps and
    keeps its controls in view."""
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))
    window = new_window(qtbot, monkeypatch, tmp_path / "w.battlebox.json", size=size)
    setup = msgspec.structs.replace(Match.new(game_id).game.default_setup(4), mode="table", hero=True)
    assert window.start_new_game(game_id, setup)
    found = phase_walk.walk(window, size)
    assert window.match.is_over and {"throw/board", "remove/board"} <= set(found)
    assert {key: problems for key, problems in found.items() if problems} == {}


@pytest.mark.parametrize("game_id, size", [("fistful-of-gold", (1024, 640)), ("impact", (1280, 800))])
def test_games_entered_at_the_table_pass_the_checks(qapp, qtbot, monkeypatch, tmp_path, game_id, size):
    """Gold at the table offers both hands at once, below the fold of a 1024x640 window unless the
    page keeps them in view; Impact's once tripped the checker itself (a stale layout item)."""
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))
    window = new_window(qtbot, monkeypatch, tmp_path / "w.battlebox.json", size=size)
    setup = msgspec.structs.replace(Match.new(game_id).game.default_setup(2), mode="table")
    assert window.start_new_game(game_id, setup)
    found = phase_walk.walk(window, size)
    assert window.match.is_over and "over/over" in found
    assert {key: problems for key, problems in found.items() if problems} == {}


def test_checker_finds_a_dock_that_a_hidden_page_squeezed(qapp):
    """The view asks only for its page's room now; a dock left as narrow as a wide page made it
    (the fistful picker's roster at 1024x640) is found, and one at the column's width is not."""
    from gui.docks import DOCK_WIDTH

    page = _Page()
    window = _window(page, (1024, 640))
    dock = QDockWidget("Scores", window)
    dock.setWidget(QWidget())
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    window.resizeDocks([dock], [140], Qt.Orientation.Horizontal)
    for _ in range(3):
        qapp_instance().processEvents()
    found = layout_check.squeezed_docks(window, page)
    assert len(found) == 1 and f"leaves it {DOCK_WIDTH[True]}" in found[0]
    window.resizeDocks([dock], [DOCK_WIDTH[True]], Qt.Orientation.Horizontal)
    for _ in range(3):
        qapp_instance().processEvents()
    assert layout_check.squeezed_docks(window, page) == []
    page.setMinimumWidth(1024 - 120)  # a page that needs the room: its dock has what is left
    window.resizeDocks([dock], [DOCK_WIDTH[True]], Qt.Orientation.Horizontal)
    for _ in range(3):
        qapp_instance().processEvents()
    assert dock.width() < DOCK_WIDTH[True] and layout_check.squeezed_docks(window, page) == []
    window.close()


def test_checker_finds_a_page_that_scrolls_sideways(qapp):
    page = _Page()
    scroll = QScrollArea(page, objectName="roster")
    scroll.setGeometry(0, 0, 300, 200)
    scroll.setWidgetResizable(True)
    content = QWidget()
    content.setMinimumSize(520, 100)
    scroll.setWidget(content)
    window = _window(page)
    found = layout_check.sideways(window, page)
    assert len(found) == 1 and found[0].startswith("roster scrolls sideways")
    content.setMinimumSize(280, 100)
    for _ in range(3):
        qapp_instance().processEvents()
    assert layout_check.sideways(window, page) == []
    window.close()


LONG_NAMES = ("Bartholomew the Unready of Lower Snoring", "Wilhelmina Featherstonehaugh-Cholmondley",
              "Anastasia Konstantinovna Vasilievskaya-Q")  # forty letters, the most New Game takes


@pytest.mark.parametrize("game_id", ["throwdown", "impact", "fistful-of-gold", "domination"])
def test_names_of_forty_letters_pass_the_checks_at_1024x640(qapp, qtbot, monkeypatch, tmp_path, game_id):
    """A long name had widened the curtain's button (squeezing the docks), a Throwdown panel (over the
    side panel), the picker's titles and Impact's winner: now it wraps, or is cut where it is named again."""
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))
    window = new_window(qtbot, monkeypatch, tmp_path / "w.battlebox.json", size=(1024, 640))
    setup = Match.new(game_id).game.default_setup()
    players = tuple(msgspec.structs.replace(p, name=LONG_NAMES[i]) for i, p in enumerate(setup.players))
    assert all(len(p.name) == 40 for p in players)
    assert window.start_new_game(game_id, msgspec.structs.replace(setup, players=players))
    found = phase_walk.walk(window, (1024, 640))
    assert window.match.is_over
    assert {key: problems for key, problems in found.items() if problems} == {}
