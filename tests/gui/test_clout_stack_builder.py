"""The Clout Fantasy stack builder: build a legal stack by clicking chips, save it, open it again."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from core.clout.stacks import Stack, load_stack, problems, ready_stacks
from gui.clout.stack_builder import StackBuilder
from tests.gui.drivers.clout import catalogue_item, shown_chip_ids

pytestmark = pytest.mark.gui


@pytest.fixture
def builder(qtbot):
    w = StackBuilder()
    qtbot.addWidget(w)
    w.resize(1200, 780)
    w.show()
    qtbot.waitExposed(w)
    return w


def click_chip(qtbot, builder: StackBuilder, chip_id: str) -> None:
    """Click the chip's tile in the catalogue the way a mouse would."""
    view = builder.chip_list
    item = catalogue_item(builder, chip_id)
    assert not item.isHidden(), f"{chip_id} is filtered out"
    view.scrollToItem(item)
    rect = view.visualItemRect(item)
    assert view.viewport().rect().contains(rect.center())
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def listed(builder: StackBuilder) -> list[str]:
    return [builder.problem_list.item(i).text() for i in range(builder.problem_list.count())]


def test_build_a_legal_stack_by_clicking_then_save_and_reopen(qtbot, builder, tmp_path):
    assert builder.stack().chips == ()
    assert "A stack has exactly 15 chips; this one has 0 (add 15)" in listed(builder)

    builder.faction_combo.setCurrentIndex(builder.faction_combo.findData("undead"))
    builder.type_combo.setCurrentIndex(builder.type_combo.findData("base"))
    assert set(shown_chip_ids(builder)) == {"und-bone-crypt", "und-black-altar"}
    click_chip(qtbot, builder, "und-bone-crypt")
    click_chip(qtbot, builder, "und-black-altar")
    click_chip(qtbot, builder, "und-black-altar")
    assert "A stack has exactly 2 bases; this one has 3 (Bone Crypt, Black Altar ×2)" in listed(builder)
    qtbot.mouseClick(builder.minus_buttons["und-black-altar"], Qt.MouseButton.LeftButton)
    assert builder.stack().chips == ("und-bone-crypt", "und-black-altar")

    builder.type_combo.setCurrentIndex(builder.type_combo.findData(""))
    qtbot.keyClicks(builder.search_edit, "strike")
    assert "und-ghoul-horde" in shown_chip_ids(builder)
    assert "und-grave-creepers" not in shown_chip_ids(builder)
    for _ in range(4):
        click_chip(qtbot, builder, "und-ghoul-horde")
    assert "Ghoul Horde: 4 copies; a stack may hold at most 3 of any chip" in listed(builder)
    qtbot.mouseClick(builder.minus_buttons["und-ghoul-horde"], Qt.MouseButton.LeftButton)
    click_chip(qtbot, builder, "und-wraith")
    builder.search_edit.clear()
    click_chip(qtbot, builder, "und-lich")
    click_chip(qtbot, builder, "und-lich")
    assert "Lich has Unique, so a stack may hold only 1 copy; this one has 2" in listed(builder)
    qtbot.mouseClick(builder.minus_buttons["und-lich"], Qt.MouseButton.LeftButton)

    for _ in range(3):
        click_chip(qtbot, builder, "und-grave-creepers")
    for _ in range(3):
        qtbot.mouseClick(builder.plus_buttons["und-wraith"], Qt.MouseButton.LeftButton)
    assert "Wraith: 4 copies; a stack may hold at most 3 of any chip" in listed(builder)
    qtbot.mouseClick(builder.minus_buttons["und-wraith"], Qt.MouseButton.LeftButton)

    builder.faction_combo.setCurrentIndex(builder.faction_combo.findData("neutral"))
    click_chip(qtbot, builder, "neu-sellsword")
    click_chip(qtbot, builder, "neu-boulder")
    click_chip(qtbot, builder, "neu-boulder")
    assert "3 neutral chips (Sellsword, Boulder ×2); a stack may hold at most 2" in listed(builder)
    qtbot.mouseClick(builder.minus_buttons["neu-boulder"], Qt.MouseButton.LeftButton)
    builder.faction_combo.setCurrentIndex(builder.faction_combo.findData("undead"))
    click_chip(qtbot, builder, "und-plague-bearer")

    chips = builder.stack().chips
    assert len(chips) == 15, chips
    assert listed(builder) == []
    assert builder.status_label.text() == "Ready to play"
    assert builder.can_start() and problems(builder.stack()) == []
    assert "15</b> / 15 chips" in builder.totals_label.text() and "Undead" in builder.totals_label.text()

    qtbot.keyClicks(builder.name_edit, "Night Shift")
    assert builder.stack().name == "Night Shift"

    target = tmp_path / "night-shift.cfstack.json"
    suggested = []
    builder.ask_save_path = lambda s: suggested.append(s) or str(target)
    qtbot.mouseClick(builder.save_button, Qt.MouseButton.LeftButton)
    assert suggested == ["Night-Shift.cfstack.json"]
    assert load_stack(target) == builder.stack()

    other = StackBuilder()
    qtbot.addWidget(other)
    other.ask_open_path = lambda: str(target)
    qtbot.mouseClick(other.open_button, Qt.MouseButton.LeftButton)
    assert other.stack() == builder.stack()
    assert other.name_edit.text() == "Night Shift"
    assert other.status_label.text() == "Ready to play"
    assert set(other.plus_buttons) == set(chips)


def test_ready_stack_loads_and_clear_empties(qtbot, builder):
    key = "elves-greenwood-vanguard"
    builder.ready_combo.setCurrentIndex(builder.ready_combo.findData(key))
    seen = []
    builder.stack_changed.connect(seen.append)
    qtbot.mouseClick(builder.ready_button, Qt.MouseButton.LeftButton)
    assert builder.stack() == ready_stacks()[key] and seen == [ready_stacks()[key]]
    assert builder.status_label.text() == "Ready to play"
    assert not builder.problem_list.isVisibleTo(builder)
    qtbot.mouseClick(builder.clear_button, Qt.MouseButton.LeftButton)
    assert builder.stack().chips == ()
    assert builder.status_label.text() == "2 problems to fix"
    assert listed(builder) == ["A stack has exactly 15 chips; this one has 0 (add 15)",
                               "A stack has exactly 2 bases; this one has 0"]
    assert builder.problem_list.isVisibleTo(builder)


def test_a_broken_file_is_refused_with_its_reason(qtbot, builder, tmp_path):
    bad = tmp_path / "bad.cfstack.json"
    bad.write_text('{"format": "battlebox-clout-stack", "version": 1, "name": "x", "chips": ["elf-nobody"]}',
                   encoding="utf-8")
    errors = []
    builder.ask_open_path = lambda: str(bad)
    builder.show_error = errors.append
    before = builder.stack()
    qtbot.mouseClick(builder.open_button, Qt.MouseButton.LeftButton)
    assert len(errors) == 1 and "chips[0]" in errors[0] and "unknown chip 'elf-nobody'" in errors[0]
    assert builder.stack() == before


def test_cancelled_dialogs_change_nothing(qtbot, builder):
    builder.set_stack(Stack("Keep", ("und-lich",)))
    builder.ask_open_path = lambda: None
    builder.ask_save_path = lambda s: None
    assert builder.open_stack() is False and builder.save_stack() is False
    assert builder.stack() == Stack("Keep", ("und-lich",))


def test_tooltips_explain_abilities(builder):
    tip = catalogue_item(builder, "cen-questing-warrior").toolTip()
    assert "Strike 3: remove an opponent's troop in range with defense ≤ 3" in tip
    assert "Move 1" in tip


def test_the_stack_builder_opens_from_the_tools_menu(qtbot, tmp_path, monkeypatch):
    from gui.clout.stack_builder import StackBuilder
    from gui.main_window import MainWindow

    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path))
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.clout_stacks_action.trigger()
    builder = window.clout_stack_builder
    assert isinstance(builder, StackBuilder) and builder.isVisible()
    from core.clout.stacks import ready_stacks

    builder.load_ready(next(iter(ready_stacks())))
    assert builder.can_start()
    builder.close()


def test_play_with_this_stack_opens_new_game_with_it_in_the_first_seat(qtbot, tmp_path, monkeypatch):
    from gui.main_window import MainWindow
    from gui.new_game import NewGameDialog
    from tests.gui.drivers.clout import play_with_stack, seat_stack_text

    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.show()
    builder = window.open_clout_stacks()
    goblins = ready_stacks()["goblins-scrap-horde"]
    builder.set_stack(Stack("Pub horde", goblins.chips))
    shown: list[str] = []

    def answer(dialog: NewGameDialog) -> int:
        shown.append(seat_stack_text(dialog, 0))
        dialog.accept()
        return dialog.result()

    monkeypatch.setattr(NewGameDialog, "exec", answer)
    play_with_stack(builder)
    assert shown == ["Pub horde (builder)"]
    state = window.controller.match.state
    assert state.setup.custom_stacks[0] == Stack("Pub horde", goblins.chips)
    assert state.kinds[0] == goblins.chips


def test_play_with_a_stack_that_breaks_a_rule_says_what_is_wrong(qtbot, builder, monkeypatch):
    from gui.new_game import NewGameDialog
    from tests.gui.drivers.clout import play_with_stack

    builder.set_stack(Stack("Too few", ready_stacks()["goblins-scrap-horde"].chips[:14]))
    errors: list[str] = []

    def answer(dialog: NewGameDialog) -> int:
        errors.append(dialog.error_label.text())
        dialog.accept()  # refused: the dialog stays open, so the player cancels
        errors.append(dialog.error_label.text())
        dialog.reject()
        return dialog.result()

    monkeypatch.setattr(NewGameDialog, "exec", answer)
    seen = []
    builder.play_requested.connect(lambda setup, seed: seen.append(setup))
    play_with_stack(builder)
    assert all("“Too few”" in e and "add 1" in e for e in errors) and seen == []
