"""The app shell: start page, new-game dialog, menus, docks, saving, autosave and restore."""
from __future__ import annotations

import importlib.util
import random

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QDialog, QLabel, QPushButton

import PySide6
from core.match import Match
from core.registry import CATALOGUE, INFO
from gui.tools import TOOLS
from core.version import __version__
from gui import storage, views
from gui.main_window import UNDO_BLOCKED, MainWindow
from gui.new_game import NewGameDialog
from gui.start_page import GameCard
from tests.gui import stand_in as stand_in_views
from tests.gui.drivers.base import Driver

REAL_VIEW = importlib.util.find_spec("gui.throwdown.view") is not None


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def stand_in(monkeypatch):
    monkeypatch.setattr(views, "VIEWS", stand_in_views.VIEWS)


@pytest.fixture
def errors():
    return []


def _make_window(qtbot, monkeypatch, errors) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    monkeypatch.setattr(window, "confirm_discard", lambda: "discard")
    monkeypatch.setattr(window, "show_error", lambda title, text: errors.append(text))
    window.show()
    return window


@pytest.fixture
def window(qtbot, monkeypatch, errors, stand_in) -> MainWindow:
    return _make_window(qtbot, monkeypatch, errors)


def _play(window: MainWindow, steps: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        assert window.controller.apply(window.controller.match.random_action(rng))


def _pick_all(window: MainWindow) -> None:
    rng = random.Random(5)
    match = window.controller.match
    while match.state.phase == "pick":
        assert window.controller.apply(match.random_action(rng))


# --- start page -----------------------------------------------------------------------------
def test_start_page_has_a_card_per_game_and_no_dead_buttons(window):
    cards = [c for c in window.start_page.findChildren(GameCard) if c.info.id in INFO]
    assert [c.info.id for c in cards] == [g.id for g in CATALOGUE]
    assert window.stack.currentWidget() is window.start_page
    for card in cards:
        buttons = [b.text() for b in card.findChildren(QPushButton) if b.isEnabled()]
        texts = [lab.text() for lab in card.findChildren(QLabel) if lab.isVisibleTo(card)]
        assert card.info.title in texts
        if card.info.available:
            assert "New game" in buttons
            assert "Coming soon" not in texts
        else:
            assert buttons == []
            assert "Coming soon" in texts


def test_start_page_does_not_load_game_modules():
    import subprocess
    import sys

    code = ("import sys; import gui.start_page, gui.main_window; "
            "print([m for m in sys.modules if m.startswith(('core.fistful', 'gui.throwdown'))])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=str(__import__("pathlib").Path(__file__).resolve().parents[2]))
    assert out.stdout.strip() == "[]"


def test_new_game_button_starts_the_chosen_setup(window, qtbot, monkeypatch):
    game = Match.new("throwdown").game
    setup = game.default_setup(4)
    monkeypatch.setattr(window, "ask_new_game", lambda game_id: (setup, 7))
    card = next(c for c in window.start_page.findChildren(GameCard) if c.info.id == "throwdown")
    button = next(b for b in card.findChildren(QPushButton) if b.text() == "New game")
    button.click()
    assert window.controller is not None
    assert window.controller.match.setup == setup
    assert window.controller.match.seed == 7


# --- new game dialog ---------------------------------------------------------------------------
def test_new_game_dialog_refuses_a_bad_setup_and_stays_open(qtbot):
    dialog = NewGameDialog("throwdown")
    qtbot.addWidget(dialog)
    dialog.show()
    assert (dialog.players_spin.minimum(), dialog.players_spin.maximum()) == (1, 10)
    dialog.players_spin.setValue(2)
    dialog.name_edits[0].setText("Ann")
    dialog.name_edits[1].setText("ann")
    dialog.ok_button.click()
    assert dialog.isVisible()
    assert dialog.result_value() is None
    assert dialog.error_label.isVisible()
    assert "Two players" in dialog.error_label.text()

    dialog.name_edits[1].setText("")
    dialog.ok_button.click()
    assert dialog.isVisible()
    assert "needs a name" in dialog.error_label.text()

    dialog.name_edits[1].setText("Bob")
    dialog.mode_buttons["table"].setChecked(True)
    dialog.seed_edit.setText("42")
    dialog.ok_button.click()
    assert not dialog.isVisible()
    setup, seed = dialog.result_value()
    assert [p.name for p in setup.players] == ["Ann", "Bob"]
    assert setup.mode == "table"
    assert seed == 42


def test_new_game_dialog_colour_and_random_seed(qtbot, monkeypatch):
    dialog = NewGameDialog("throwdown")
    qtbot.addWidget(dialog)
    monkeypatch.setattr(dialog, "ask_colour", lambda current: "#123456")
    dialog.players_spin.setValue(3)
    dialog.colour_buttons[2].click()
    dialog.ok_button.click()
    assert dialog.result() == QDialog.DialogCode.Accepted
    setup, seed = dialog.result_value()
    assert setup.players[2].colour == "#123456"
    assert len(setup.players) == 3
    assert seed is None


# --- playing, undo, refusals --------------------------------------------------------------------
def test_starting_a_game_swaps_the_start_page_for_the_view(window):
    assert window.view is None
    assert window.start_new_game("throwdown", seed=3)
    assert window.view is not None
    assert window.stack.currentWidget() is window.view
    assert window.scores_dock.widget() is window.view.scores_widget()
    assert window.windowTitle().startswith("Throwdown")
    window.show_start_page()
    assert window.start_page.resume_button.isVisibleTo(window.start_page)
    window.start_page.resume_button.click()
    assert window.stack.currentWidget() is window.view


def test_unknown_or_unavailable_game_is_refused(window, errors):
    assert not window.start_new_game("solitaire")
    assert not window.start_new_game("nope")
    assert window.controller is None
    assert "not available yet" in errors[0]
    assert "nope" in errors[1]


def test_undo_redo_actions_follow_the_match(window):
    assert not window.undo_action.isEnabled() and not window.redo_action.isEnabled()
    window.start_new_game("throwdown", seed=2)
    assert not window.undo_action.isEnabled()
    _play(window, 1)
    assert window.undo_action.isEnabled() and not window.redo_action.isEnabled()
    window.undo_action.trigger()
    assert window.controller.match.actions == ()
    assert not window.undo_action.isEnabled() and window.redo_action.isEnabled()
    window.redo_action.trigger()
    assert len(window.controller.match.actions) == 1
    _pick_all(window)
    reason = window.controller.match.undo_blocked_reason()
    assert reason is not None
    assert window.undo_action.isEnabled()  # enabled, so that trying it says why it is blocked
    assert window.undo_action.toolTip() == UNDO_BLOCKED.format(reason=reason)
    steps = len(window.controller.match.actions)
    window.statusBar().clearMessage()
    window.undo_action.trigger()
    assert len(window.controller.match.actions) == steps
    assert window.statusBar().currentMessage() == UNDO_BLOCKED.format(reason=reason)


def test_a_status_message_has_the_turn_s_room_while_it_shows(window, qtbot):
    """At 1024x640 the turn line and the ledger's label left a long message a few words; the
    banner already says whose turn it is, so the turn line steps aside while a message shows."""
    window.resize(1024, 640)
    window.start_new_game("all-out-war", seed=2)
    bar, turn = window.statusBar(), window.turn_label
    qtbot.waitUntil(lambda: bool(turn.text()) and turn.isVisible())
    message = "Not recorded in the ledger: this save was made by a later version of Battlebox (0.9)."
    bar.showMessage(message)
    assert not turn.isVisible() and bar.currentMessage() == message
    qtbot.wait(20)  # the bar lays out again
    ledger = window.ledger.status_label
    room = ledger.geometry().left() - bar.contentsRect().left()
    assert bar.fontMetrics().horizontalAdvance(message) < room, "the whole message shows"
    bar.clearMessage()
    assert turn.isVisible() and turn.text()


def test_log_dock_shows_the_match_log(window):
    window.start_new_game("throwdown", seed=4)
    _play(window, 2)
    lines = window.log_view.toPlainText().splitlines()
    assert lines == [f"{i}. {line}" for i, line in enumerate(window.controller.match.log, start=1)]
    assert len(lines) == 2


def test_refused_action_is_shown_without_blocking(window, errors):
    window.start_new_game("throwdown", seed=4)
    assert not errors
    view = Driver(window.view)
    assert not window.controller.play_chance()
    assert view.refusal() == "It is not time for a throw."
    _play(window, 1)
    assert view.refusal() == ""


# --- files ---------------------------------------------------------------------------------------------
def test_save_then_open_round_trip_and_recent_files(window, tmp_path):
    window.start_new_game("throwdown", seed=11)
    _play(window, 2)
    assert window.windowTitle().endswith("*")
    path = tmp_path / "game.battlebox.json"
    assert window.save_to(path)
    assert window.windowTitle() == "Throwdown — game.battlebox.json"
    saved = window.controller.match
    assert window.close_game()
    assert window.controller is None and window.stack.currentWidget() is window.start_page

    assert window.open_file(path)
    match = window.controller.match
    assert match.actions == saved.actions and match.seed == saved.seed and match.state == saved.state
    assert storage.recent_files()[0] == str(path.resolve())
    assert str(path.resolve()) in [a.toolTip() for a in window.recent_menu.actions()]
    assert window.start_page.recent_list.item(0).toolTip() == str(path.resolve())


def test_save_as_adds_the_suffix(window, tmp_path, monkeypatch):
    window.start_new_game("throwdown")
    monkeypatch.setattr(window, "ask_save_path", lambda suggested: str(tmp_path / "club night"))
    assert window.save_as_action.isEnabled()
    window.save_as_action.trigger()
    assert (tmp_path / "club night.battlebox.json").is_file()
    assert window.controller.path == str((tmp_path / "club night.battlebox.json").resolve())


def test_open_of_a_corrupted_save_keeps_the_open_match(window, tmp_path, errors):
    window.start_new_game("throwdown", seed=5)
    _play(window, 1)
    good = tmp_path / "good.battlebox.json"
    window.controller.match.save(good)
    bad = tmp_path / "bad.battlebox.json"
    bad.write_bytes(good.read_bytes()[:-40])
    controller, match, log = window.controller, window.controller.match, window.controller.match.log
    assert not window.open_file(bad)
    assert len(errors) == 1 and "bad.battlebox.json" in errors[0]
    assert window.controller is controller
    assert window.controller.match is match and match.log == log
    assert storage.recent_files() == []


def test_unsaved_changes_cancel_keeps_the_game(window, monkeypatch):
    window.start_new_game("throwdown", seed=5)
    _play(window, 1)
    controller = window.controller
    monkeypatch.setattr(window, "confirm_discard", lambda: "cancel")
    assert not window.start_new_game("throwdown")
    assert not window.close_game()
    assert not window.close()
    assert window.controller is controller and window.isVisible()
    monkeypatch.setattr(window, "confirm_discard", lambda: "discard")
    assert window.start_new_game("throwdown")
    assert window.controller is not controller


def test_unsaved_changes_save_answer_saves_first(window, tmp_path, monkeypatch):
    window.start_new_game("throwdown", seed=5)
    _play(window, 1)
    monkeypatch.setattr(window, "confirm_discard", lambda: "save")
    monkeypatch.setattr(window, "ask_save_path", lambda suggested: str(tmp_path / "kept.battlebox.json"))
    actions = window.controller.match.actions
    assert window.close_game()
    assert Match.load(tmp_path / "kept.battlebox.json").actions == actions


def test_export_picture(window, tmp_path, monkeypatch):
    window.start_new_game("throwdown")
    monkeypatch.setattr(window, "ask_export_path", lambda suggested: str(tmp_path / "table"))
    assert window.export_picture()
    assert QImage(str(tmp_path / "table.png")).width() > 0


# --- autosave and crash restore: tests/gui/test_crash_restore.py ------------------------------------
def test_recent_files_are_capped_and_clearable(window, tmp_path):
    for i in range(10):
        (tmp_path / f"{i}.json").write_text("{}")
        storage.add_recent(tmp_path / f"{i}.json")
    assert len(storage.recent_files()) == storage.MAX_RECENT
    assert storage.recent_files()[0] == str((tmp_path / "9.json").resolve())
    window.clear_recent()
    assert storage.recent_files() == []
    assert window.start_page.recent_list.count() == 0


# --- help -----------------------------------------------------------------------------------------------
def test_about_names_version_and_licences(window, monkeypatch):
    from gui.about import AboutDialog

    dialog = AboutDialog(window)
    text = dialog.version_label.text() + dialog.licences_label.text()
    for needle in (__version__, PySide6.__version__, "LGPLv3", "LGPL-2.1", "BSD-3-Clause", "MIT",
                   "shapely", "networkx", "msgspec", "platformdirs"):
        assert needle in text


def test_rules_notes_for_the_current_game(window):
    from importlib import resources

    assert window.notes_action.isEnabled()  # F1 on the start page opens the index
    window.start_new_game("throwdown")
    dialog = window.show_rules_notes()
    exists = (resources.files("resources.notes") / "throwdown.md").is_file()
    assert dialog.has_notes == exists
    assert "Throwdown" in dialog.windowTitle()
    missing = window.show_rules_notes("no-such-game")
    assert not missing.has_notes
    assert "no rules notes" in missing.browser.toPlainText()


def test_a_new_game_gives_the_scores_the_larger_part_of_the_dock_column(qtbot, monkeypatch, errors):
    """The split set while the docks hid behind the start page is not kept: a Solitaire sheet
    showed five of its fourteen rows."""
    window = _make_window(qtbot, monkeypatch, errors)
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.width() == 1280)
    assert window.start_new_game("solitaire")
    qtbot.waitUntil(lambda: window.scores_dock.isVisible() and window.log_dock.isVisible())
    qtbot.waitUntil(lambda: window.scores_dock.height() > window.log_dock.height())
    window.show_start_page()
    assert window.start_new_game("throwdown")
    qtbot.waitUntil(lambda: window.scores_dock.height() > window.log_dock.height())


def test_real_view_is_hosted_when_present(qtbot, monkeypatch, errors):
    """The other views are separate modules; this checks the shell hosts whatever exists."""
    window = _make_window(qtbot, monkeypatch, errors)
    expected = REAL_VIEW
    assert window.start_new_game("throwdown") == expected
    if expected:
        assert window.scores_dock.widget() is not window._no_scores
    else:
        assert errors


# --- app entry points -------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", [None, "throwdown"])
def test_screenshot_writes_a_real_picture(tmp_path, capsys, stand_in, qapp, game_id):
    from gui.app import screenshot

    path = tmp_path / "shot.png"
    assert screenshot(str(path), game_id) == 0
    assert capsys.readouterr().out.strip() == str(path)
    assert path.stat().st_size > 1000
    image = QImage(str(path))
    assert (image.width(), image.height()) == (1280, 800)
    colours = {image.pixel(x, y) for x in range(0, 1280, 10) for y in range(0, 800, 10)}
    assert len(colours) > 1
    assert not list(storage.data_dir().glob("autosave-*"))


def test_screenshot_of_an_unknown_game_fails(tmp_path, capsys, qapp):
    from gui.app import screenshot

    soon = next((g.id for g in CATALOGUE if not g.available), "no-such-game")
    assert screenshot(str(tmp_path / "x.png"), soon) == 2
    assert soon in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


def test_cli_version(capsys):
    from gui.cli import main

    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"Battlebox {__version__}"


def test_run_opens_the_file_and_cleans_up_the_lock(tmp_path, stand_in, qapp):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from gui.app import run

    path = tmp_path / "table.battlebox.json"
    match = Match.new("throwdown", seed=1)
    match.apply(match.random_action(random.Random(1)))
    match.save(path)
    seen = {}

    def look_and_quit():
        window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible())
        if window.controller is None:  # still opening (the load runs beside the event loop)
            QTimer.singleShot(20, look_and_quit)
            return
        seen["actions"] = window.controller.match.actions
        seen["lock"] = sorted(p.suffix for p in storage.data_dir().glob("autosave-*"))
        window.close()

    QTimer.singleShot(0, look_and_quit)
    assert run(str(path)) == 0
    assert seen == {"actions": match.actions, "lock": [".json", ".lock"]}
    assert not list(storage.data_dir().glob("autosave-*"))


def test_new_game_dialog_offers_numeric_options_from_the_game_module(qtbot):
    """Solitaire declares a 1-3 game session; the dialog shows a spin box and builds the setup."""
    from PySide6.QtWidgets import QSpinBox

    dialog = NewGameDialog("solitaire")
    qtbot.addWidget(dialog)
    spin = dialog.findChild(QSpinBox, "option:games")
    assert spin is not None and (spin.minimum(), spin.maximum()) == (1, 3)
    spin.setValue(3)
    dialog.accept()
    setup, _seed = dialog.result_value()
    assert setup.games == 3


def test_screenshot_of_a_game_whose_view_fails_reports_it_instead_of_waiting(tmp_path, capsys, qapp, monkeypatch):
    """Without a screen a modal error box would wait forever; the screenshot prints and fails."""
    from gui.app import screenshot

    monkeypatch.setattr(views, "VIEWS", {"throwdown": "gui.no_such_module:View"})
    assert screenshot(str(tmp_path / "x.png"), "throwdown") == 2
    assert "could not be displayed" in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()



@pytest.mark.parametrize("tool", [t.id for t in TOOLS])
def test_each_club_tool_has_a_card_that_opens_it(window, tool):
    card = next(c for c in window.start_page.findChildren(GameCard) if c.info.id == tool)
    button = next(b for b in card.findChildren(QPushButton) if b.text() == "Open")
    button.click()
    opened = {"clout-layout": "clout_layout_board", "clout-stacks": "clout_stack_builder",
              "power-spike-armies": "armies_dialog", "club-ledger": "ledger_window"}[tool]
    widget = getattr(window, opened)
    assert widget.isVisible()
    widget.close()


# --- a light first window ---------------------------------------------------------------------------------
def test_the_first_window_loads_no_rules_no_msgspec_and_no_docks():
    from tests.gui.fresh import run_fresh

    code = ("import sys\nfrom PySide6.QtWidgets import QApplication\napp = QApplication([])\n"
            "from gui.main_window import MainWindow\nw = MainWindow(autosave=False)\nw.show()\n"
            "app.processEvents()\n"
            "print(sorted(m for m in sys.modules if m.startswith(('msgspec', 'core.', 'gui.'))))\n"
            "print(w._dock_pair is None)\n")
    out = run_fresh(code)
    assert out[0] == ("['core.registry', 'gui.again', 'gui.docks', 'gui.icons', 'gui.kit', 'gui.kit.actions', "
                      "'gui.kit.stylesheet', 'gui.ledger', 'gui.ledger.hooks', 'gui.main_window', 'gui.replay', "
                      "'gui.review', 'gui.screen', 'gui.seats', 'gui.start_page', 'gui.storage', 'gui.tool_windows', "
                      "'gui.tools']")
    assert out[1] == "True"


def test_docks_are_built_with_the_first_game_or_the_view_menu(window):
    assert window._dock_pair is None
    window.view_menu.aboutToShow.emit()
    assert [a.text() for a in window.view_menu.actions() if not a.isSeparator()] == [
        "Scores", "Log", "UI &scale", "&Animations", "&Hints", "&Computer speed"]
    assert window.log_dock.isHidden() and window.scores_dock.isHidden()  # the start page shows
    window.start_new_game("throwdown", seed=1)
    assert not window.log_dock.isHidden() and not window.scores_dock.isHidden()


def test_shortcuts_include_quit_and_save_as_after_the_first_paint(window, qtbot):
    qtbot.waitUntil(lambda: bool(window.quit_action.shortcuts()), timeout=5000)
    assert "Ctrl+Q" in [k.toString() for k in window.quit_action.shortcuts()]
    assert "Ctrl+Shift+S" in [k.toString() for k in window.save_as_action.shortcuts()]
    assert "Ctrl+N" in [k.toString() for k in window.new_action.shortcuts()]
    assert "F1" in [k.toString() for k in window.notes_action.shortcuts()]


def test_the_first_paint_wraps_no_events_and_builds_no_hidden_widgets():
    """PySide creates a class (and its enums) on first use: the first window must not use the
    event, key-sequence, list-view, text-view, dock or size-policy classes before it paints."""
    from tests.gui.fresh import run_fresh

    code = ("from PySide6.QtWidgets import QApplication\napp = QApplication([])\n"
            "from gui.main_window import MainWindow\nw = MainWindow(autosave=False)\nw.show()\n"
            "app.processEvents()\n"
            "import PySide6.QtCore as C, PySide6.QtGui as G, PySide6.QtWidgets as W\n"
            "made = {**C.__dict__, **G.__dict__, **W.__dict__}\n"
            "print('lazy' if 'QDial' not in made else 'eager')\n"
            "print(sorted(n for n in ('QEvent', 'QKeySequence', 'QListWidget', 'QTextEdit', 'QDockWidget',\n"
            "                         'QToolButton', 'QSizePolicy', 'QGridLayout') if n in made))\n"
            "print(w.start_page._recent_list is None)\n")
    out = run_fresh(code)
    if out[0] != "lazy":
        pytest.skip("this PySide creates every class at import")
    assert out[1] == "[]"
    assert out[2] == "True"


def test_recent_list_is_built_with_the_first_recent_game(window, tmp_path):
    page = window.start_page
    assert page._recent_list is None and page.recent_empty.isVisible()
    window.start_new_game("throwdown", seed=3)
    assert window.save_to(tmp_path / "kept.battlebox.json")
    assert page.recent_list.count() == 1 and page.recent_empty.isHidden()
    assert page.recent_list.isVisibleTo(page)
    window.clear_recent()
    assert page.recent_list.count() == 0 and not page.recent_empty.isHidden()


@pytest.mark.parametrize("size", [(820, 600), (1000, 700), (1280, 800), (1900, 1000)])
def test_cards_never_overlap_and_every_row_scrolls_into_view(window, qtbot, size):
    window.resize(*size)
    qtbot.waitUntil(lambda: window.start_page._columns >= 1)
    window.repaint()
    cards = window.start_page.cards
    host = cards[0].parentWidget()
    boxes = [c.geometry() for c in cards]
    assert all(not a.intersects(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    assert all(host.rect().contains(box) for box in boxes)
    columns = window.start_page._columns
    assert len({box.top() for box in boxes}) == -(-len(cards) // columns)


def test_cards_reflow_with_the_window_width(window, qtbot):
    window.resize(1800, 900)
    qtbot.waitUntil(lambda: window.start_page._columns >= 4)
    wide = window.start_page._columns
    window.resize(820, 700)
    qtbot.waitUntil(lambda: window.start_page._columns < wide)
    assert window.start_page._columns >= 1


def test_a_tool_with_damaged_data_says_so_and_keeps_the_game(window, errors, monkeypatch):
    from core.errors import DataError
    from gui.powerspike import armies_dialog

    window.start_new_game("throwdown", seed=1)
    controller = window.controller

    def damaged(*args, **kwargs):
        raise DataError("units.json", "units[2]", "'move' must be a number")

    monkeypatch.setattr(armies_dialog, "ArmiesDialog", damaged)
    assert window.open_army_builder() is None
    assert errors == ["units.json: units[2]: 'move' must be a number"]
    assert window.controller is controller
