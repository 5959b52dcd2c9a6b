"""The Power Spike armies dialog from the window's Tools menu: two builders, the problems of
each, and a start button that only works with two legal armies, which are then embedded in the
game's setup (and so in its save)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from PySide6.QtWidgets import QComboBox, QLabel, QListWidget, QWidget

from core.errors import IllegalSetup
from core.powerspike.army import ready_made, roster_points, save_roster
from core.powerspike.units import default_units
from maps.powerspike.table import available_tables
from core.powerspike.game import DEFAULT_CDC_ROSTER, DEFAULT_SCS_ROSTER, GAME
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


def test_each_tab_keeps_its_side(qtbot, monkeypatch, tmp_path):
    window = new_window(qtbot, monkeypatch, tmp_path / "game.battlebox.json")
    dialog = open_dialog(window)
    scs = dialog.builder("SCS")
    side = scs.findChild(QComboBox, "builderSide")
    assert not side.isEnabled() and side.count() == 1 and side.currentData() == "SCS"
    assert "other side has its own tab" in side.toolTip()
    ready = [scs.ready_combo.itemData(i) for i in range(scs.ready_combo.count())]
    assert ready and all(ready_made()[k].side == "SCS" for k in ready)

    # A roster file of the other side is refused with the reason; the tab's roster stays.
    cdc_file = tmp_path / "cdc.psroster.json"
    save_roster(cdc_file, ready_made()[DEFAULT_CDC_ROSTER])
    before = scs.roster()
    shown: list[str] = []
    monkeypatch.setattr(scs, "ask_open_path", lambda: str(cdc_file))
    monkeypatch.setattr(scs, "show_error", shown.append)
    QTest.mouseClick(scs.open_button, Qt.MouseButton.LeftButton)
    assert scs.roster() == before and dialog.start_button.isEnabled()
    assert len(shown) == 1 and "for the CDC" in shown[0] and "other tab" in shown[0]


def test_points_per_unit_and_per_army_and_both_armies_side_by_side(qtbot, monkeypatch, tmp_path):
    window = new_window(qtbot, monkeypatch, tmp_path / "game.battlebox.json")
    dialog = open_dialog(window)
    cdc, scs = dialog.builder("CDC"), dialog.builder("SCS")
    label = cdc.findChild(QLabel, "builderPoints")
    assert label.text() == f"{roster_points(cdc.roster())} points"
    form_label = cdc.spin(HQ, "cdc-command").parentWidget().layout().labelForField(cdc.spin(HQ, "cdc-command"))
    command = default_units().profiles["cdc-command"]
    assert f"{command.figures * command.cards} pts each" in form_label.text()

    comparison = dialog.comparison
    assert comparison.isVisible()
    columns = [comparison.findChild(QWidget, f"compare:{s}") for s in ("CDC", "SCS")]
    assert columns[0].geometry().right() < columns[1].geometry().left(), "side by side"
    for side, builder in (("CDC", cdc), ("SCS", scs)):
        total = comparison.findChild(QLabel, f"compareTotal:{side}").text()
        assert total.startswith(f"{roster_points(builder.roster())} points")
        units = comparison.findChild(QListWidget, f"compareUnits:{side}")
        assert units.count() == len(builder.roster().all_units())
        assert all(" pts \u00b7 " in units.item(i).text() for i in range(units.count()))

    # A bigger CDC army: the gap is named and called out.
    brigade = cdc.spin(0, "death-commando")
    brigade.setValue(brigade.value() + 2)
    pa, pb = roster_points(cdc.roster()), roster_points(scs.roster())
    gap = comparison.findChild(QLabel, "pointsGap")
    assert f"CDC {pa} v SCS {pb}" in gap.text() and f"{pa - pb} more" in gap.text()
    assert gap.property("role") == "psProblem"


def test_problem_counts_agree_in_the_builder_the_dialog_and_a_new_game(qtbot, monkeypatch, tmp_path):
    window = new_window(qtbot, monkeypatch, tmp_path / "game.battlebox.json")
    dialog = open_dialog(window)
    cdc = dialog.builder("CDC")
    cdc.spin(HQ, "cdc-command").setValue(0)
    cdc.remove_formation(1)
    found = cdc.problems()
    n = len(found)
    assert n >= 2
    assert cdc.status_label.text() == f"{n} problems to fix"
    assert cdc.problem_list.count() == n
    assert dialog.tabs.tabText(0).endswith(f"{n} problems")
    assert dialog.status.text().count("\nCDC: ") == n
    setup = dialog.setup({"table": "standard", "names": ("A", "B"), "mode": "simulated"}) \
        if "standard" in available_tables() else dialog.setup({"table": available_tables()[0], "names": ("A", "B"),
                                                               "mode": "simulated"})
    with pytest.raises(IllegalSetup, match=f"\\({n} problems\\)"):
        GAME.validate_setup(setup)


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
