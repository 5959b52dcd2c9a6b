"""The ledger in the main window, against a real SQLite ledger file in the test's data folder: opened
only once the window is shown (never before) and off the UI thread; a match that ends in the window
is recorded once; File → Add to ledger records an opened finished file with its file's time; the
Solitaire bests come from the ledger after the old file was imported once (and kept), and from the
file, with a note, when the ledger cannot be opened."""
from __future__ import annotations

import os
import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest

from core.fistful.bests import Best, save_bests
from gui import storage
from gui.kit.ledger_service import ledger_service
from gui.main_window import MainWindow
from tests.gui.drivers.ledger_app import WAIT_MS, LedgerAppDriver, ledger_at
from tests.gui.fresh import run_fresh

ROOT = Path(__file__).resolve().parents[2]
SAVES = ROOT / "tests" / "saves" / "0.1.0"


@pytest.fixture
def data(monkeypatch) -> Path:
    monkeypatch.setenv("BATTLEBOX_LEDGER", "1")
    return storage.data_dir()


def _window(qtbot, monkeypatch) -> MainWindow:
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.errors = []
    monkeypatch.setattr(window, "show_error", lambda title, text: window.errors.append(text))
    monkeypatch.setattr(window, "confirm_discard", lambda: "discard")
    return window


@pytest.fixture
def window(qtbot, monkeypatch, data) -> MainWindow:
    """Shown, its ledger open."""
    return _shown(qtbot, monkeypatch)


def _shown(qtbot, monkeypatch, opens: bool = True) -> MainWindow:
    """A new window shown, once the ledger (of this test's data folder) answered (the status bar
    may still say what a window of an earlier test left)."""
    window = _window(qtbot, monkeypatch)
    with qtbot.waitSignal(ledger_service().ready, timeout=WAIT_MS, check_params_cb=lambda ok: ok == opens):
        window.show()
    return window


def _notes(window: MainWindow) -> list[str]:
    return [text for _step, text in window.view.log_notes]


def test_the_window_loads_no_database_library_before_its_first_paint_and_opens_the_ledger_after(tmp_path):
    code = ("import sys, threading\nmain = []\n"
            "sys.addaudithook(lambda event, args: event == 'import' and args[0] == 'sqlalchemy' and not main\n"
            "                 and main.append(threading.current_thread() is threading.main_thread()))\n"
            "from PySide6.QtWidgets import QApplication\napp = QApplication([])\n"
            "import gui.app, gui.main_window, gui.new_game, gui.solitaire.view\n"
            "from gui.main_window import MainWindow\nw = MainWindow(autosave=False)\nw.show()\n"
            "app.processEvents()\n"
            "def loaded():\n"
            "    return sorted({m.split('.')[0] for m in sys.modules} & {'sqlalchemy', 'alembic', 'ledger'})\n"
            "print(loaded())\n"
            "from gui.kit.ledger_service import ledger_service\n"
            "ledger_service().ready.connect(lambda ok: (print(ok, loaded(), main), app.quit()))\n"
            "app.exec()\n")
    out = run_fresh(code, BATTLEBOX_LEDGER="1", BATTLEBOX_DATA_DIR=str(tmp_path))
    assert out[0] == "[]"  # at the first paint
    assert out[1].startswith("True [") and "'sqlalchemy'" in out[1]  # then opened,
    assert out[1].endswith(" [False]")  # on the worker: SQLAlchemy was first imported off the UI thread


def test_the_ledger_opens_once_the_window_shows_and_never_before(qtbot, monkeypatch, data):
    window = _window(qtbot, monkeypatch)
    app = LedgerAppDriver(window)
    qtbot.wait(800)  # the event loop runs: nothing opens a ledger for a window nobody has seen
    assert not (data / "ledger.sqlite3").exists()
    with qtbot.waitSignal(ledger_service().ready, timeout=WAIT_MS):
        window.show()
    assert app.status == "Ledger: this computer"
    assert (data / "ledger.sqlite3").exists()
    assert app.status_tip == f"sqlite:///{data / 'ledger.sqlite3'}"


def test_a_match_that_ends_in_the_window_is_recorded_once(qtbot, window, data):
    assert window.open_file(SAVES / "throwdown-3p-finished.battlebox.json")
    with ledger_at(data) as led:
        assert led.matches() == []  # opening a finished file records nothing
    window.undo()
    service = ledger_service()
    with qtbot.waitSignal(service.recorded, timeout=WAIT_MS) as blocker:
        window.redo()  # the game ends again, here
    assert blocker.args[0].added
    assert "Recorded in the ledger" in _notes(window)
    with ledger_at(data) as led:
        [row] = led.matches()
        assert row.game == "throwdown"
        assert [s.name for s in row.seats] == ["Player 1", "Player 2", "Player 3"]
        assert row.id == blocker.args[0].match_id
    window.undo()
    with qtbot.waitSignal(service.recorded, timeout=WAIT_MS) as again:
        window.redo()
    assert not again.args[0].added
    assert _notes(window)[-1] == "Already in the ledger"
    with ledger_at(data) as led:
        assert len(led.matches()) == 1


def test_a_match_whose_seat_changed_hands_is_recorded_unrated(qtbot, monkeypatch, window, data):
    import random

    from core.game import CHANCE

    assert window.start_new_game("throwdown", seed=5)
    for levels in ({1: "easy"}, {1: None}):  # handed over and taken back: two hands played the seat
        monkeypatch.setattr(window, "ask_seats", lambda match, levels=levels: levels)
        window.seats_action.trigger()
    match, rng = window.match, random.Random(5)
    assert [r.computer for r in match.reseats] == ["easy", None]
    with qtbot.waitSignal(ledger_service().recorded, timeout=WAIT_MS):
        while not match.is_over:
            window.controller.play_chance() if match.actor == CHANCE else \
                window.controller.apply(match.random_action(rng))
    assert "Recorded in the ledger, not rated: a seat changed hands" in _notes(window)
    with ledger_at(data) as led:
        [row] = led.matches()
        assert not row.rated and led.standings("throwdown") == []


def test_add_to_ledger_records_an_opened_finished_file_at_its_file_time(qtbot, window, data, tmp_path):
    app = LedgerAppDriver(window)
    assert window.open_file(SAVES / "throwdown-3p-midgame.battlebox.json")
    assert not app.add_to_ledger()  # an unfinished game cannot be added
    save = tmp_path / "final.battlebox.json"
    shutil.copy(SAVES / "domination-finished.battlebox.json", save)
    when = datetime(2025, 3, 14, 20, 30, tzinfo=timezone.utc)
    os.utime(save, (when.timestamp(), when.timestamp()))
    assert window.open_file(save)
    with qtbot.waitSignal(ledger_service().recorded, timeout=WAIT_MS):
        assert app.add_to_ledger()
    assert window.statusBar().currentMessage() == "Recorded in the ledger"
    with ledger_at(data) as led:
        [row] = led.matches()
        assert row.game == "domination"
        assert row.finished_at == when


def _old_bests(data: Path) -> Path:
    path = data / "solitaire-bests.json"
    data.mkdir(parents=True, exist_ok=True)
    save_bests(path, [Best("Ann", 61, "2025-01-02"), Best("Bo", 48, "2025-02-03")])
    return path


def test_the_old_bests_file_is_imported_once_and_kept_and_the_finish_page_shows_the_ledger(qtbot, monkeypatch,
                                                                                            data):
    path = _old_bests(data)
    window = _shown(qtbot, monkeypatch)
    with ledger_at(data) as led:
        assert [(b.name, b.total, b.date) for b in led.solitaire_bests()] == [
            ("Ann", 61, "2025-01-02"), ("Bo", 48, "2025-02-03")]
    assert path.exists()  # kept in place as the backup; the ledger's marker stops a second import
    service = ledger_service()
    with qtbot.waitSignal(service.ready, timeout=WAIT_MS):
        service.open()  # as the next start of the app
    with ledger_at(data) as led:
        assert len(led.solitaire_bests()) == 2
    assert window.open_file(SAVES / "solitaire-finished.battlebox.json")
    view = window.view
    qtbot.waitUntil(lambda: view.ledger_bests is not None, timeout=WAIT_MS)
    table = view.finish.table
    assert [table.item(r, 1).text() for r in range(table.rowCount())] == ["Ann", "Bo"]
    assert not view.finish.bests_problem.isVisible()
    with qtbot.waitSignal(service.recorded, timeout=WAIT_MS):
        assert LedgerAppDriver(window).add_to_ledger()  # its 72 points go in with the match
    qtbot.waitUntil(lambda: table.rowCount() == 3, timeout=WAIT_MS)
    assert [(table.item(r, 1).text(), table.item(r, 2).text()) for r in range(3)] == [
        ("Player 1", "72"), ("Ann", "61"), ("Bo", "48")]
    assert table.item(0, 1).font().bold() and not table.item(1, 1).font().bold()  # this session's game
    assert view.finish.detail.text() == "New personal best!"


def test_the_finish_page_falls_back_to_the_bests_file_with_a_note_when_the_ledger_fails(qtbot, monkeypatch, data):
    _old_bests(data)
    (data / "not-a-file").mkdir()
    storage.set_ledger_url(f"sqlite:///{data / 'not-a-file'}")
    window = _shown(qtbot, monkeypatch, opens=False)
    app = LedgerAppDriver(window)
    assert app.status == "Ledger: error"
    assert str(data / "not-a-file") in app.status_tip
    assert window.statusBar().currentMessage().startswith("The ledger could not be opened: ")
    assert window.open_file(SAVES / "solitaire-finished.battlebox.json")
    view = window.view
    qtbot.waitUntil(lambda: bool(view.ledger_problem), timeout=WAIT_MS)
    assert view.finish.bests_problem.text().startswith("The ledger is not available (")
    table = view.finish.table
    assert {"Ann", "Bo"} <= {table.item(r, 1).text() for r in range(table.rowCount())}
    (data / "not-a-file").rmdir()  # what was wrong is put right: recording the game tries the ledger again
    with qtbot.waitSignal(ledger_service().recorded, timeout=WAIT_MS) as note:
        assert app.add_to_ledger()
    assert note.args[0].added
    assert app.status == "Ledger: this computer"
    qtbot.waitUntil(lambda: view.ledger_bests is not None, timeout=WAIT_MS)
