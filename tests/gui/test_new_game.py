"""The New Game dialog is built from each game's spec: every option and per-seat choice has its
control, nothing is squeezed at 1024x640, card games speak of cards, reserved colours are refused,
and the club tools come from the gui registry."""
from __future__ import annotations

import pytest
from PySide6.QtWidgets import QAbstractButton, QComboBox, QGroupBox, QLabel, QPushButton, QWidget

from core import registry
from core.fistful.battle_state import WARLORD_COLOUR
from gui.main_window import MainWindow
from gui.new_game import NewGameDialog
from gui.start_page import GameCard
from gui.tools import TOOL, TOOLS

GAME_IDS = list(registry.GAMES)
SCREEN = (1024, 640)
TITLE_BAR = 40


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))
    win = MainWindow(autosave=False)
    qtbot.addWidget(win)
    win.resize(*SCREEN)
    win.show()
    return win


def _dialog(qtbot, window, game_id: str) -> NewGameDialog:
    dialog = NewGameDialog(game_id, window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def _texts(dialog: QWidget) -> list[str]:
    texts = [w.text() for w in dialog.findChildren(QLabel) + dialog.findChildren(QAbstractButton) if w.isVisible()]
    texts += [b.title() for b in dialog.findChildren(QGroupBox) if b.isVisible()]
    return texts


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_dialog_fits_1024x640_and_no_combo_box_is_cut(qtbot, window, game_id):
    dialog = _dialog(qtbot, window, game_id)
    dialog.players_spin.setValue(dialog.max_players)
    qtbot.wait(10)
    assert dialog.width() <= SCREEN[0] and dialog.height() <= SCREEN[1] - TITLE_BAR
    combos = [c for c in dialog.findChildren(QComboBox) if c.isVisible()]
    for combo in combos:
        longest = max(combo.fontMetrics().horizontalAdvance(combo.itemText(i)) for i in range(combo.count()))
        assert combo.width() >= longest, (combo.objectName(), combo.width(), longest)
        assert dialog.rect().contains(combo.geometry().translated(combo.mapTo(dialog, combo.rect().topLeft())
                                                                  - combo.pos()))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_option_of_the_spec_has_its_control(qtbot, window, game_id):
    dialog = _dialog(qtbot, window, game_id)
    spec = dialog.game.spec
    for option in spec.options:
        name = f"seat:{option.field}" if option.kind == "seat" else f"option:{option.field}"
        assert dialog.findChild(QWidget, name) is not None, name
    for option in spec.seat_options:
        for seat in range(len(dialog.game.default_setup().players)):
            assert dialog.findChild(QComboBox, f"seatOption:{option.field}:{seat}").isVisible()
    assert dialog.findChild(QGroupBox, "optionsBox").isVisible() is bool(spec.options)
    dialog.accept()
    setup, _seed = dialog.result_value()
    assert setup == dialog.game.default_setup()


def test_gold_shows_no_throw_mode_box(qtbot, window):
    dialog = _dialog(qtbot, window, "fistful-of-gold")
    texts = " ".join(_texts(dialog)).lower()
    assert "throw" not in texts
    assert dialog.findChild(QGroupBox, "modeBox").title() == "Cards"
    throwdown = _dialog(qtbot, window, "throwdown")
    assert "Simulated throws" in _texts(throwdown)


def test_power_spike_armies_are_chosen_per_side(qtbot, window):
    dialog = _dialog(qtbot, window, "power-spike")
    cdc = dialog.findChild(QComboBox, "seatOption:roster:0")
    scs = dialog.findChild(QComboBox, "seatOption:roster:1")
    assert all("CDC" in cdc.itemText(i) for i in range(cdc.count()))
    cdc.setCurrentIndex(cdc.findData("cdc-small-mag-lev"))
    scs.setCurrentIndex(scs.findData("scs-small-robo-cavalry"))
    dialog.accept()
    setup, _seed = dialog.result_value()
    assert (setup.cdc_roster, setup.scs_roster) == ("cdc-small-mag-lev", "scs-small-robo-cavalry")


def test_clout_stacks_and_area_are_chosen_in_the_dialog(qtbot, window):
    dialog = _dialog(qtbot, window, "clout")
    second = dialog.findChild(QComboBox, "seatOption:stacks:1")
    second.setCurrentIndex(second.findData("goblins-scrap-horde"))
    area = dialog.findChild(QComboBox, "option:area")
    area.setCurrentIndex(area.findData("rug"))
    dialog.seat_combos["first_player"].setCurrentIndex(1)
    dialog.accept()
    setup, _seed = dialog.result_value()
    assert setup.stacks == ("elves-greenwood-vanguard", "goblins-scrap-horde")
    assert (setup.area, setup.first_player) == ("rug", 1)


def test_all_out_war_has_no_champion_or_attacker_fields(qtbot, window):
    dialog = _dialog(qtbot, window, "all-out-war")
    assert "ultimate_champion" not in dialog.option_boxes and "first_attacker" not in dialog.seat_combos


def test_a_colour_near_the_warlords_is_refused_when_picked(qtbot, window, monkeypatch):
    dialog = _dialog(qtbot, window, "domination")
    monkeypatch.setattr(dialog, "ask_colour", lambda current: "#6c22a9")
    before = dialog.colour_buttons[1].colour
    dialog.colour_buttons[1].click()
    assert dialog.colour_buttons[1].colour == before
    assert dialog.error_label.isVisible() and "the Warlords" in dialog.error_label.text()


def test_the_warlords_colour_cannot_start_a_game(qtbot, window):
    dialog = _dialog(qtbot, window, "domination")
    dialog.colour_buttons[0].set_colour(WARLORD_COLOUR)
    dialog.accept()
    assert dialog.result_value() is None
    assert "the Warlords" in dialog.error_label.text() and WARLORD_COLOUR in dialog.error_label.text()


def test_the_battle_view_paints_the_warlords_in_the_reserved_colour():
    from gui.fistful import battle_view

    assert battle_view.WARLORD_COLOUR.lower() == WARLORD_COLOUR.lower()


def test_start_page_and_tools_menu_list_the_gui_registry_s_tools(window):
    cards = [c.info.id for c in window.start_page.findChildren(GameCard) if c.info.id in TOOL]
    assert cards == [t.id for t in TOOLS]
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Tools")
    assert [a.text() for a in menu.actions()] == [t.menu_text for t in TOOLS]
    assert all(hasattr(window, t.opener) for t in TOOLS)


def test_a_tool_card_shows_its_purpose(window):
    card = next(c for c in window.start_page.findChildren(GameCard) if c.info.id == "clout-layout")
    assert "Referee tool" in [label.text() for label in card.findChildren(QLabel)]
    assert [b.text() for b in card.findChildren(QPushButton)] == ["Open"]


def test_game_cards_show_the_spec_s_player_count(window):
    card = next(c for c in window.start_page.findChildren(GameCard) if c.info.id == "throwdown")
    assert registry.get("throwdown").spec.players_text in [label.text() for label in card.findChildren(QLabel)]


def _stack_file(tmp_path, name: str, chips) -> str:
    from core.clout.stacks import Stack, save_stack

    path = tmp_path / f"{name or 'unnamed'}.cfstack.json"
    save_stack(path, Stack(name, tuple(chips)))
    return str(path)


def test_clout_a_seat_plays_a_stack_file_kept_whole_in_the_setup(qtbot, window, tmp_path, monkeypatch):
    from core.clout.stacks import ready_stacks
    from tests.gui.drivers.clout import choose_seat_stack, seat_stack_text

    undead = ready_stacks()["undead-grave-legion"]
    path = _stack_file(tmp_path, "Night shift", undead.chips)
    dialog = _dialog(qtbot, window, "clout")
    monkeypatch.setattr(dialog, "ask_seat_file", lambda option: path)
    choose_seat_stack(dialog, 1, "Stack file…")
    assert seat_stack_text(dialog, 1) == "Night shift (file)"
    assert not dialog.error_label.isVisible()
    dialog.accept()
    setup, _seed = dialog.result_value()
    assert setup.custom_stacks[0] is None
    assert (setup.custom_stacks[1].name, setup.custom_stacks[1].chips) == ("Night shift", undead.chips)


def test_clout_a_damaged_stack_file_is_explained_and_nothing_is_lost(qtbot, window, tmp_path, monkeypatch):
    from tests.gui.drivers.clout import choose_seat_stack, seat_stack_text

    bad = tmp_path / "broken.cfstack.json"
    bad.write_text("{not json")
    dialog = _dialog(qtbot, window, "clout")
    choose_seat_stack(dialog, 0, "Scrap Horde")
    before = seat_stack_text(dialog, 0)
    monkeypatch.setattr(dialog, "ask_seat_file", lambda option: str(bad))
    choose_seat_stack(dialog, 0, "Stack file…")
    assert seat_stack_text(dialog, 0) == before
    assert dialog.error_label.isVisible() and "broken.cfstack.json" in dialog.error_label.text()
    monkeypatch.setattr(dialog, "ask_seat_file", lambda option: None)  # cancelled: nothing changes
    choose_seat_stack(dialog, 0, "Stack file…")
    assert seat_stack_text(dialog, 0) == before


def test_clout_an_illegal_stack_file_is_named_with_what_is_wrong(qtbot, window, tmp_path, monkeypatch):
    from core.clout.stacks import ready_stacks
    from tests.gui.drivers.clout import choose_seat_stack

    path = _stack_file(tmp_path, "Half done", ready_stacks()["undead-grave-legion"].chips[:12])
    dialog = _dialog(qtbot, window, "clout")
    monkeypatch.setattr(dialog, "ask_seat_file", lambda option: path)
    choose_seat_stack(dialog, 0, "Stack file…")
    assert "“Half done”" in dialog.error_label.text() and "add 3" in dialog.error_label.text()
    dialog.accept()
    assert dialog.result_value() is None
    choose_seat_stack(dialog, 0, "Scrap Horde")
    dialog.accept()
    setup, _seed = dialog.result_value()
    assert setup.stacks[0] == "goblins-scrap-horde" and not any(setup.custom_stacks)
