"""A Solitaire evening through the window: start from the card, ten throws by clicking, save,
reopen, finish, personal best recorded, sheet exported as PDF and PNG.

Everything goes through widgets and menu actions; only file dialogs are answered by the test.
"""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest

from core.fistful.roster import Fighter
from core.fistful.solitaire import CHALLENGES, Enter
from gui.main_window import MainWindow
from gui.new_game import NewGameDialog
from gui.solitaire.bests import FILE_NAME
from tests.gui.drivers.fistful import solitaire
from tests.gui.window_helpers import click_new_game
from tests.gui.window_helpers import new_window

FIRST_FIVE = [Fighter("skwall", "shadow"), Fighter("gregor", "shadow"), Fighter("frost", "crystal"),
              Fighter("tremmor", "shadow"), Fighter("mantorr", "hyper")]
OTHER_FIVE = [Fighter("skwall", "hyper"), Fighter("skwall", "crystal"), Fighter("glacix", "shadow"),
              Fighter("nexa", "hyper"), Fighter("riftor", "crystal")]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    path = tmp_path / "data"
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(path))
    return path


def fill_new_game_dialog(window: MainWindow, game_id: str):
    dialog = NewGameDialog(game_id, window)
    assert dialog.players_spin.maximum() == 1
    edit = dialog.name_edits[0]
    edit.selectAll()
    QTest.keyClicks(edit, "Ada")
    QTest.keyClicks(dialog.seed_edit, "2026")
    QTest.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    return dialog.result_value()


def play_throw(window: MainWindow, number: int) -> None:
    """Choose (new five on odd throws, the same five otherwise), throw, enter the first offer."""
    view = window.view
    assert view.page == "pick"
    if number % 2 == 1:
        solitaire(view).pick_fighters(FIRST_FIVE if number % 4 == 1 else OTHER_FIVE)
    else:
        solitaire(view).same_five()
    solitaire(view).confirm_pick()
    assert view.page == "board"
    solitaire(view).throw()
    offered = solitaire(view).offered()
    assert offered, "a throw always offers at least one challenge"
    assert [a.challenge for a in window.match.legal_actions()] == offered
    solitaire(view).enter(offered[0])
    assert isinstance(window.match.actions[-1], Enter)


def test_solitaire_game_through_the_window(qtbot, monkeypatch, tmp_path, data_dir):
    save_path = tmp_path / "solo.battlebox.json"
    window = new_window(qtbot, monkeypatch, save_path)
    monkeypatch.setattr(window, "ask_new_game", lambda game_id: fill_new_game_dialog(window, game_id))
    click_new_game(window, "solitaire")
    assert window.match is not None and window.match.game_id == "solitaire"
    assert window.match.setup.players[0].name == "Ada"
    assert window.match.seed == 2026
    assert window.scores_dock.widget() is window.view.scores_widget()

    for number in range(1, 7):
        play_throw(window, number)
    window.save_as_action.trigger()
    assert save_path.exists() and not window.errors
    saved = window.match.actions
    window.close()

    reopened = new_window(qtbot, monkeypatch, save_path)
    reopened.open_action.trigger()
    assert not reopened.errors
    assert reopened.match.actions == saved
    assert reopened.view.page == "pick"
    assert reopened.match.state.throw_number == 7
    for number in range(7, 11):
        play_throw(reopened, number)

    match = reopened.match
    assert match.is_over
    view = reopened.view
    assert view.page == "over"
    sheet = match.state.sheet
    entries = [sheet.entry(0, c) for c in CHALLENGES]
    assert None not in entries
    assert solitaire(view).sheet_value("TOTAL") == str(sum(entries))
    assert sheet.total(0) == sum(entries)
    assert str(sum(entries)) in match.game.result_text(match.state)

    stored = json.loads((data_dir / FILE_NAME).read_text())
    assert [(b["name"], b["total"]) for b in stored["bests"]] == [("Ada", sum(entries))]
    assert view.finish.table.rowCount() == 1
    assert view.finish.table.item(0, 2).text() == str(sum(entries))

    pdf, png = tmp_path / "out" / "sheet.pdf", tmp_path / "out" / "sheet.png"
    pdf.parent.mkdir()
    monkeypatch.setattr(view, "ask_export_path", lambda kind, suggested: str(pdf if kind == "pdf" else png))
    QTest.mouseClick(view.finish.export_pdf, Qt.MouseButton.LeftButton)
    QTest.mouseClick(view.finish.export_png, Qt.MouseButton.LeftButton)
    assert pdf.stat().st_size > 1000 and pdf.read_bytes().startswith(b"%PDF")
    assert png.stat().st_size > 1000
    image = QImage(str(png))
    corner = image.pixel(0, 0)
    assert any(image.pixel(x, y) != corner for x in range(0, image.width(), 17)
               for y in range(0, image.height(), 17)), "the PNG is blank"
