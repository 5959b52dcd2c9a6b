"""From the layout board's position to a game in the main window: the dialog asks for a missing
stack and who throws next, the match starts there, plays on, and saves with its start."""
from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QWidget

from core.clout.layout import Layout, PlacedChip, PlayerSlot
from core.clout.stacks import ready_stacks
from gui.clout.continue_game import ask_continue
from tests.gui.drivers.clout_continue import open_dialog
from tests.gui.drivers.window import new_window

ELVES = ready_stacks()["elves-greenwood-vanguard"].chips
CHIPS = (
    PlacedChip("c1", "elf-heartwood-grove", 0, 30.0, 40.0),
    PlacedChip("c2", "und-bone-crypt", 1, 70.0, 60.0),
    PlacedChip("c3", "elf-glade-archer", 0, 35.0, 45.0),
    PlacedChip("c4", "und-grave-creepers", 1, 60.0, 55.0),
)
LAYOUT = Layout("standard", (PlayerSlot("Ann", "#15803d", None, ELVES), PlayerSlot("Bo", "#111827")), CHIPS)


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    return new_window(qtbot, monkeypatch, tmp_path / "continued.battlebox.json")


@pytest.fixture
def tool(window):
    """A tool window of the main window, as the layout board is."""
    w = QWidget()
    w.setParent(window, Qt.WindowType.Window)
    w.show()
    return w


def answer(steps) -> list[str]:
    """Answer the modal dialog when it shows; what it said on the way."""
    seen: list[str] = []

    def run() -> None:
        steps(open_dialog(), seen)

    QTimer.singleShot(0, run)
    return seen


def test_a_missing_stack_is_chosen_then_the_game_starts_in_the_main_window(window, tool, tmp_path):
    def steps(d, seen):
        seen += [d.stack_text(0), d.status(), str(d.can_start())]
        d.choose_stack(1, "Grave Legion")
        d.throws_next(1)
        seen.append(d.status())
        d.start()

    seen = answer(steps)
    setup = ask_continue(LAYOUT, tool)
    assert setup is not None and window.match is None  # the dialog only asks; the window starts it
    assert window.play_from_tool("clout", setup)
    assert seen[0] == "Greenwood Vanguard (Elves) (from the layout)"
    assert "Bo's stack is not known" in seen[1] and seen[2] == "False"
    assert seen[3] == "Ready to start."
    match = window.match
    state = match.state
    assert [state.kind(c.uid) for c in state.chips] == [c.chip for c in CHIPS]
    assert state.turn == 1 and state.phase == "choose" and [len(h) for h in state.stacks] == [13, 13]
    assert window.stack.currentWidget() is window.view and not window.errors

    for _ in range(3):  # Bo, Ann, Bo throw by the real rules
        turn = match.state.turn_no
        while match.state.turn_no == turn:
            if match.actor == "chance":
                assert window.controller.play_chance()
            else:
                assert window.controller.apply(match.random_action(random.Random(turn)))
    assert match.state.turn_no == 4

    path = tmp_path / "continued.battlebox.json"
    assert window.save_to(path)
    assert window.open_file(path) and not window.errors
    assert window.match.state_at(0).chips == match.state_at(0).chips
    assert window.match.state == match.state


def test_a_position_that_cannot_start_keeps_start_disabled_and_cancel_starts_nothing(window, tool):
    def steps(d, seen):
        d.choose_stack(1, "Grave Legion")
        seen += [d.status(), str(d.can_start())]
        d.cancel()

    wrong = Layout("standard", LAYOUT.players, CHIPS + (PlacedChip("c9", "und-lich", 0, 50.0, 50.0),))
    seen = answer(steps)
    assert ask_continue(wrong, tool) is None
    assert "Chip c9 (Lich) is on the area for Ann" in seen[0] and seen[1] == "False"
    assert window.match is None


def test_the_layout_boards_button_continues_its_position(window, tmp_path):
    from core.clout.layout import save_layout

    path = tmp_path / "table.clout-layout.json"
    save_layout(LAYOUT, path)
    board = window.open_clout_layout_board()
    assert board.open_file(path)

    def steps(d, seen):
        d.choose_stack(1, "Grave Legion")
        d.throws_next(0)
        d.start()

    answer(steps)
    board.findChild(QWidget, "layoutContinue").click()
    state = window.match.state
    assert [state.kind(c.uid) for c in state.chips] == [c.chip for c in CHIPS] and state.turn == 0
