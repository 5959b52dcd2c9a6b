"""The shell by keyboard and its small things (issue 12): F1 and Help → Keyboard, Tab that never
sticks, Enter on the curtain, the focus ring, View → Animations, and a blocked undo that says why."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QAbstractItemView, QApplication, QPushButton, QWidget

from gui import storage
from gui.keyboard_help import BOARD_KEYS
from gui.main_window import UNDO_BLOCKED, MainWindow
from tests.gui.drivers.gold import drive as drive_gold
from tests.gui.drivers.impact import drive as drive_impact
from tests.gui.drivers.window import WindowDriver
from tests.gui.window_helpers import new_window


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path) -> MainWindow:
    w = new_window(qtbot, monkeypatch, tmp_path / "game.battlebox.json")
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow, timeout=5000)
    qtbot.waitUntil(lambda: bool(w.notes_action.shortcuts()), timeout=5000)  # shortcuts come after the paint
    return w


def test_f1_opens_the_index_on_the_start_page_and_the_game_notes_in_a_game(window, qtbot):
    driver = WindowDriver(window)
    driver.press(Qt.Key.Key_F1)
    index = window._notes[-1]
    assert index.game_id is None and index.windowTitle() == "Rules notes"
    assert "Throwdown" in index.browser.toPlainText() and "A Fistful of Gold" in index.browser.toPlainText()
    index.browser.anchorClicked.emit(__import__("PySide6.QtCore").QtCore.QUrl("notes:impact"))
    assert index.game_id == "impact" and "Impact" in index.windowTitle()

    index.close()
    window.start_new_game("fistful-of-gold", seed=3)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)
    driver.press(Qt.Key.Key_F1, to=window)
    notes = window._notes[-1]
    assert notes is not index and notes.game_id == "fistful-of-gold" and notes.has_notes
    window.show_start_page()
    assert window.show_rules_notes().game_id is None  # the start page is in front again


def test_help_keyboard_lists_the_window_the_board_and_the_game_keys(window, monkeypatch):
    from gui.gold.view import GoldView

    monkeypatch.setattr(GoldView, "KEYS", (("Arrows", "Move between the cards of the hand"),))
    WindowDriver(window).menu_action("Help", "Keyboard").trigger()
    on_start = window.keyboard_help
    assert "A Fistful of Gold" not in on_start.sections
    window.start_new_game("fistful-of-gold", seed=3)
    WindowDriver(window).menu_action("Help", "Keyboard").trigger()
    dialog = window.keyboard_help
    window_keys = dict((what, keys) for keys, what in dialog.sections["This window"])
    assert "Ctrl+Z" in window_keys["Undo"] and "F1" in window_keys["Rules notes"]
    assert dialog.sections["On a board"] == BOARD_KEYS
    assert dialog.sections["A Fistful of Gold"] == (("Arrows", "Move between the cards of the hand"),)
    text = dialog.browser.toPlainText()
    assert "Move between the cards of the hand" in text and "Pan the board" in text and "Rules notes" in text


def test_tab_leaves_the_scores_table_and_the_log(window, qtbot):
    window.start_new_game("impact", seed=3)
    table = window.scores_dock.widget().findChild(QAbstractItemView)
    assert table is not None and table.rowCount() > 0
    table.setFocus()
    qtbot.waitUntil(table.hasFocus, timeout=3000)
    table.setCurrentCell(0, 0)
    after = WindowDriver(window).tab(1)[0]
    assert after is not table and not table.isAncestorOf(after)
    window.log_view.setFocus()
    qtbot.waitUntil(window.log_view.hasFocus, timeout=3000)
    moved = WindowDriver(window).tab(1)[0]
    assert moved is not window.log_view and not window.log_view.isAncestorOf(moved)


def test_enter_lifts_the_curtain_as_space_does(window, qtbot):
    window.start_new_game("fistful-of-gold", seed=3)
    view = window.view
    assert view.page == "curtain"
    qtbot.waitUntil(lambda: QApplication.focusWidget() is view.findChild(QPushButton, "curtainReveal"), timeout=3000)
    WindowDriver(window).press(Qt.Key.Key_Return)
    assert view.page == "table"
    drive_gold(view).discard(0, (7, 8))
    assert view.page == "curtain"
    WindowDriver(window).press(Qt.Key.Key_Enter)
    assert view.page == "table"
    drive_gold(view).discard(1, (7, 8))
    WindowDriver(window).press(Qt.Key.Key_Space)
    assert view.page == "table"


def _looks(widget: QWidget, focused: bool, qtbot) -> QImage:
    if focused:
        widget.setFocus()
        qtbot.waitUntil(widget.hasFocus, timeout=3000)
    else:
        widget.clearFocus()
        qtbot.waitUntil(lambda: not widget.hasFocus(), timeout=3000)
    widget.style().unpolish(widget)
    widget.style().polish(widget)
    QApplication.processEvents()
    return widget.grab().toImage()


@pytest.mark.parametrize("game_id, name", [("fistful-of-gold", "curtainReveal"), ("fistful-of-gold", "confirmDiscard"),
                                           ("impact", "cautiousButton"), ("impact", "stopButton")])
def test_the_focus_ring_shows_on_every_button_style(window, qtbot, game_id, name):
    window.start_new_game(game_id, seed=3)
    if window.view.page == "curtain" and name != "curtainReveal":
        drive_gold(window.view).reveal_curtain()
    if game_id == "impact":
        drive_impact(window.view).roll()  # the starting die; the turn's buttons show
    button = window.view.findChild(QPushButton, name)
    if not button.isEnabled():
        button.setEnabled(True)  # the ring is for enabled buttons; this one waits for a choice
    size = button.size()
    plain = _looks(button, False, qtbot)
    ring = _looks(button, True, qtbot)
    assert button.size() == size, "the focus ring must not move or resize the button"
    assert plain != ring


def test_the_start_page_buttons_show_the_focus_ring(window, qtbot):
    button = window.start_page.findChild(QPushButton, "primary")
    assert _looks(button, False, qtbot) != _looks(button, True, qtbot)


def test_view_animations_follows_and_sets_the_one_setting(window, monkeypatch):
    monkeypatch.delenv(storage.ENV_ANIMATIONS, raising=False)
    storage.set_animations(True)
    action = WindowDriver(window).menu_action("View", "Animations")
    assert action.isCheckable()
    action.setChecked(storage.animations_on())
    assert action.isChecked()
    action.trigger()
    assert not action.isChecked() and not storage.animations_on()
    action.trigger()
    assert storage.animations_on()


def test_a_blocked_undo_says_why_in_the_status_bar(window):
    window.start_new_game("fistful-of-gold", seed=3)
    view, driver = window.view, WindowDriver(window)
    drive_gold(view).reveal_curtain()
    drive_gold(view).discard(0, (7, 8))
    drive_gold(view).reveal_curtain()
    drive_gold(view).discard(1, (7, 8))  # both discards revealed: a barrier in simulated mode
    reason = window.match.undo_blocked_reason()
    assert reason and "cannot be undone" in reason
    steps = window.match.steps
    window.activateWindow()
    driver.press(Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier, to=window)
    assert window.match.steps == steps
    assert driver.status() == UNDO_BLOCKED.format(reason=reason)


@pytest.mark.parametrize("game_id", ["throwdown", "solitaire", "fistful-of-gold", "impact"])
def test_tab_walks_the_whole_window_and_is_never_trapped(window, qtbot, game_id):
    window.start_new_game(game_id, seed=3)
    table = window.scores_dock.widget().findChild(QAbstractItemView)
    if table is not None and table.isVisible() and table.focusPolicy() != Qt.FocusPolicy.NoFocus:
        table.setFocus()
        qtbot.waitUntil(table.hasFocus, timeout=3000)
    seen = WindowDriver(window).tab(30)
    stuck = [a for a, b in zip(seen, seen[1:]) if a is b]
    assert not stuck, f"Tab stayed on {stuck[0].objectName() or stuck[0]}"
    assert len(set(map(id, seen))) > 1


def test_enter_presses_the_focused_button_on_the_start_page(window, qtbot, monkeypatch):
    asked = []
    monkeypatch.setattr(window, "ask_new_game", lambda game_id: asked.append(game_id))
    card = WindowDriver(window).game_card("impact")
    button = next(b for b in card.findChildren(QPushButton) if b.text() == "New game")
    button.setFocus()
    qtbot.waitUntil(button.hasFocus, timeout=3000)
    WindowDriver(window).press(Qt.Key.Key_Return)
    assert asked == ["impact"]
