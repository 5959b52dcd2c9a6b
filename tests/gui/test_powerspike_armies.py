"""The Power Spike armies dialog from the window's Tools menu: two builders, the problems of
each, and a start button that only works with two legal armies, which are then embedded in the
game's setup (and so in its save)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from core.powerspike.army import ready_made
from core.powerspike.game import DEFAULT_CDC_ROSTER, DEFAULT_SCS_ROSTER
from gui.powerspike.armies_dialog import START_TEXT, ArmiesDialog, StartOptions
from gui.powerspike.army_builder import HQ
from tests.gui.window_helpers import new_window

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))


def open_dialog(window) -> ArmiesDialog:
    window.armies_action.trigger()
    dialog = window.armies_dialog
    assert isinstance(dialog, ArmiesDialog) and dialog.isVisible()
    return dialog


def test_the_menu_opens_two_builders_starting_from_ready_made_rosters(qtbot, monkeypatch, tmp_path):
    window = new_window(qtbot, monkeypatch, tmp_path / "game.battlebox.json")
    assert window.armies_action.isEnabled() and "Power Spike armies" in window.armies_action.text()
    dialog = open_dialog(window)
    ready = ready_made()
    assert dialog.rosters() == (ready[DEFAULT_CDC_ROSTER], ready[DEFAULT_SCS_ROSTER])
    assert dialog.start_button.text() == START_TEXT and dialog.start_button.isEnabled()
    assert dialog.tabs.count() == 2 and "ready" in dialog.tabs.tabText(0)


def test_an_invalid_army_disables_start_with_the_reason_and_a_fixed_one_starts_the_game(qtbot, monkeypatch, tmp_path):
    save_path = tmp_path / "custom.battlebox.json"
    window = new_window(qtbot, monkeypatch, save_path)
    dialog = open_dialog(window)
    cdc = dialog.builder("CDC")
    cdc.spin(HQ, "cdc-command").setValue(0)
    assert not dialog.start_button.isEnabled()
    reason = "needs exactly 1 Command unit; it has 0"
    assert reason in dialog.status.text() and reason in dialog.start_button.toolTip()
    assert "CDC:" in dialog.status.text() and "1 problem" in dialog.tabs.tabText(0)
    assert not dialog.start_game() and window.match is None  # a programmatic start is refused too

    cdc.spin(HQ, "cdc-command").setValue(1)
    cdc.name_edit.selectAll()
    QTest.keyClicks(cdc.name_edit, "Red Fist Company")
    brigade = cdc.spin(0, "death-commando")
    brigade.setValue(brigade.value() + 1)
    assert dialog.start_button.isEnabled(), dialog.status.text()
    roster = cdc.roster()
    assert roster.name == "Red Fist Company" and roster != ready_made()[DEFAULT_CDC_ROSTER]

    def answer():
        options = StartOptions(dialog)
        options.name_edits[0].setText("Ada")
        options.table_combo.setCurrentIndex(options.table_combo.findData("crater-field"))
        return options.options()

    monkeypatch.setattr(dialog, "ask_start_options", answer)
    QTest.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert window.errors == []
    setup = window.match.setup
    assert setup.cdc_custom == roster and setup.scs_custom == dialog.builder("SCS").roster()
    assert (setup.players[0].name, setup.players[1].name, setup.table, setup.mode) == (
        "Ada", "Player 2", "crater-field", "simulated")
    assert not dialog.isVisible()
    cdc_units = [u for u in window.match.state.units if u.side == "CDC"]
    assert len(cdc_units) == len(roster.all_units())

    assert window.save()
    window.close_game()
    assert window.match is None
    assert window.open_file(save_path), window.errors
    assert window.match.setup.cdc_custom == roster
    assert len([u for u in window.match.state.units if u.side == "CDC"]) == len(roster.all_units())


def test_a_roster_of_the_wrong_side_in_a_tab_is_a_problem(qtbot, monkeypatch, tmp_path):
    window = new_window(qtbot, monkeypatch, tmp_path / "game.battlebox.json")
    dialog = open_dialog(window)
    dialog.builder("CDC").set_roster(ready_made()[DEFAULT_SCS_ROSTER])
    dialog.builder("CDC").roster_changed.emit(dialog.builder("CDC").roster())
    assert not dialog.start_button.isEnabled()
    assert "This tab is for the CDC's army" in dialog.status.text()


def test_rosters_save_and_open_from_the_dialog(qtbot, monkeypatch, tmp_path):
    window = new_window(qtbot, monkeypatch, tmp_path / "game.battlebox.json")
    dialog = open_dialog(window)
    scs = dialog.builder("SCS")
    path = str(tmp_path / "mine.psroster.json")
    monkeypatch.setattr(scs, "ask_save_path", lambda suggested: path)
    monkeypatch.setattr(scs, "ask_open_path", lambda: path)
    QTest.mouseClick(scs.save_button, Qt.MouseButton.LeftButton)
    saved = scs.roster()
    scs.spin(HQ, "scs-command").setValue(0)
    assert not dialog.start_button.isEnabled()
    QTest.mouseClick(scs.open_button, Qt.MouseButton.LeftButton)
    assert scs.roster() == saved and dialog.start_button.isEnabled()


def test_a_cancelled_start_keeps_the_dialog_and_starts_nothing(qtbot, monkeypatch, tmp_path):
    window = new_window(qtbot, monkeypatch, tmp_path / "game.battlebox.json")
    dialog = open_dialog(window)
    monkeypatch.setattr(dialog, "ask_start_options", lambda: None)
    QTest.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert window.match is None and dialog.isVisible()
