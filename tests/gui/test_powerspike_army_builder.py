"""The Power Spike army builder: build a legal small army by clicking, save it and open it again."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from core.powerspike.army import load_roster, problems, ready_made
from gui.powerspike.army_builder import HQ, ArmyBuilder
from tests.gui.drivers.powerspike import cargo_combo

pytestmark = pytest.mark.gui


def press_up(qtbot, builder: ArmyBuilder, group: int, unit_type: str, times: int) -> None:
    for _ in range(times):
        qtbot.keyClick(builder.spin(group, unit_type), Qt.Key.Key_Up)


@pytest.fixture
def builder(qtbot):
    w = ArmyBuilder()
    qtbot.addWidget(w)
    w.resize(1100, 760)
    w.show()
    return w


def listed(builder: ArmyBuilder) -> list[str]:
    return [builder.problem_list.item(i).text() for i in range(builder.problem_list.count())]


def test_build_a_small_army_by_clicking_then_save_and_reopen(qtbot, builder, tmp_path):
    assert builder.roster().army == "death-commando-army"
    assert "The Death Commando Army needs exactly 1 Command unit; it has 0" in listed(builder)
    assert builder.status_label.text() != "Ready to play"

    press_up(qtbot, builder, HQ, "cdc-command", 1)
    builder.add_formation_combo.setCurrentIndex(builder.add_formation_combo.findData("death-commando-brigade"))
    qtbot.mouseClick(builder.add_formation_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(builder.add_formation_button, Qt.MouseButton.LeftButton)
    assert len(builder.roster().formations) == 2
    assert any(t.startswith("Cyberian Death Commando Brigade 2 needs 2 to 6") for t in listed(builder))
    for group in (0, 1):
        press_up(qtbot, builder, group, "death-commando", 2)
        press_up(qtbot, builder, group, "warbot", 1)

    assert listed(builder) == []
    assert builder.status_label.text() == "Ready to play"
    assert builder.can_start() and problems(builder.roster()) == []

    builder.name_edit.clear()
    qtbot.keyClicks(builder.name_edit, "Red Dawn")
    assert builder.roster().name == "Red Dawn"

    target = tmp_path / "red-dawn.psroster.json"
    builder.ask_save_path = lambda suggested: str(target)
    qtbot.mouseClick(builder.save_button, Qt.MouseButton.LeftButton)
    assert load_roster(target) == builder.roster()

    other = ArmyBuilder()
    qtbot.addWidget(other)
    other.ask_open_path = lambda: str(target)
    qtbot.mouseClick(other.open_button, Qt.MouseButton.LeftButton)
    assert other.roster() == builder.roster()
    assert other.name_edit.text() == "Red Dawn"
    assert other.spin(0, "death-commando").value() == 2
    assert other.status_label.text() == "Ready to play"


def test_ornithopter_cargo_is_chosen_per_thopter(qtbot, builder):
    builder.set_roster(ready_made()["cdc-small-death-commando"])
    press_up(qtbot, builder, HQ, "cdc-ornithopter", 1)
    orni = next(u.id for u in builder.roster().units if u.type == "cdc-ornithopter")
    combo = cargo_combo(builder, orni, 0)
    assert all("Mag-Lev" not in combo.itemText(i) for i in range(combo.count()))
    combo.setCurrentIndex(1)
    assert len(builder.roster().transport) == 1
    assert listed(builder) == []
    cargo_combo(builder, orni, 1).setCurrentIndex(1)  # the same unit on a second 'thopter
    assert any("is assigned to 2 'thopters" in t for t in listed(builder))
    cargo_combo(builder, orni, 1).setCurrentIndex(0)
    assert listed(builder) == []
    qtbot.keyClick(builder.spin(HQ, "cdc-ornithopter"), Qt.Key.Key_Down)
    assert builder.roster().transport == ()


def test_removing_a_formation_brings_the_problem_back(qtbot, builder):
    builder.set_roster(ready_made()["scs-small-neon-samurai"])
    assert listed(builder) == []
    qtbot.mouseClick(builder.remove_buttons[1], Qt.MouseButton.LeftButton)
    assert listed(builder) == ["The Neon Samurai Clan needs 2 or 3 Neon Samurai Fighting Fists; it has 1"]


def test_side_and_army_choices(qtbot, builder):
    builder.side_combo.setCurrentIndex(builder.side_combo.findData("SCS"))
    assert builder.roster().side == "SCS"
    armies = [builder.army_combo.itemData(i) for i in range(builder.army_combo.count())]
    assert armies == ["neon-samurai-clan", "robo-cavalry-brigade", "spider-tank-brigade"]
    builder.army_combo.setCurrentIndex(1)
    assert builder.roster().army == "robo-cavalry-brigade"
    assert ("The Robo-Cavalry Brigade needs 2 or 3 Robo-Cavalry Regiments; it has 0") in listed(builder)
    offered = [builder.add_formation_combo.itemData(i) for i in range(builder.add_formation_combo.count())]
    assert offered == ["robo-cavalry-regiment"]


def test_load_a_ready_made_roster_from_the_list(qtbot, builder):
    key = "scs-full-neon-samurai"
    builder.ready_combo.setCurrentIndex(builder.ready_combo.findData(key))
    qtbot.mouseClick(builder.ready_button, Qt.MouseButton.LeftButton)
    assert builder.roster() == ready_made()[key]
    assert builder.status_label.text() == "Ready to play"


def test_a_broken_file_is_reported_not_loaded(qtbot, builder, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "battlebox-powerspike-roster", "version": 1, "side": "CDC", '
                   '"army": "zomborg-army", "hats": 1}', encoding="utf-8")
    before = builder.roster()
    shown: list[str] = []
    builder.ask_open_path = lambda: str(bad)
    builder.show_error = shown.append
    qtbot.mouseClick(builder.open_button, Qt.MouseButton.LeftButton)
    assert builder.roster() == before
    assert len(shown) == 1 and str(bad) in shown[0] and "hats" in shown[0]
