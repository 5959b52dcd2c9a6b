"""Opening games in the window: off the UI thread with progress, before a step a rules fix
broke, and a clear message (never a traceback) for every bad file, with the open game kept."""
from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QProgressDialog, QPushButton

from core import registry
from core.errors import DataError, IllegalAction, SaveError
from core.match import Match
from gui import loading, storage, views
from gui.main_window import MainWindow
from tests.bad_files import a_fifo, a_folder, written
from tests.gui.stand_in import VIEWS, played


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(views, "VIEWS", VIEWS)


def _quiet(window: MainWindow) -> None:
    window.confirm_discard = lambda: "discard"
    window.show_error = lambda title, text: None


@pytest.fixture
def window(qtbot, monkeypatch) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window, before_close_func=_quiet)
    window.errors = []
    monkeypatch.setattr(window, "show_error", lambda title, text: window.errors.append(f"{title}: {text}"))
    monkeypatch.setattr(window, "confirm_discard", lambda: "discard")
    window.show()
    return window


@pytest.fixture
def open_game(window):
    """A game already open, which no failed Open may cost."""
    assert window.start_new_game("throwdown", seed=5)
    return window.controller


class LoadCalls(list):
    """(done, total, time) per progress call, and how the load ran."""

    def __init__(self) -> None:
        super().__init__()
        self.loader_threads: list[threading.Thread] = []
        self.handshake_kept: list[bool] = []


def slow_load(monkeypatch, steps: int = 8, pause: float = 0.06,
              handshake: threading.Event | None = None) -> LoadCalls:
    """Match.load that takes a while and reports progress, as a large save does. With a
    `handshake`, each step waits until the UI thread has handled the step's progress."""
    real = Match.load.__func__
    calls = LoadCalls()

    def load(cls, path, *, upto=None, progress=None):
        calls.loader_threads.append(threading.current_thread())
        for done in range(steps):
            time.sleep(pause)
            if progress is not None:
                calls.append((done, steps, time.perf_counter()))
                if handshake is not None:
                    handshake.clear()
                progress(done, steps)
                if handshake is not None:
                    calls.handshake_kept.append(handshake.wait(timeout=10))
        return real(cls, path, upto=upto, progress=progress)


    monkeypatch.setattr(Match, "load", classmethod(load))
    return calls


# --- off the UI thread -------------------------------------------------------------------------
def test_a_long_load_shows_progress_keeps_painting_and_opens(window, monkeypatch, tmp_path):
    path = tmp_path / "long.battlebox.json"
    played(6).save(path)
    handled = threading.Event()
    calls = slow_load(monkeypatch, pause=0.05, handshake=handled)
    # Shown at the loop's first turn: on a loaded machine a 50 ms timer could fire after the
    # whole load (the delay itself is test_a_quick_load_shows_no_dialog's).
    monkeypatch.setattr(loading, "SHOW_AFTER_MS", 0)
    seen: list[tuple[bool, int, int]] = []
    ui_threads: list[threading.Thread] = []
    real_show, real_progress = loading.Job._show_dialog, loading.Job._on_progress

    def look() -> None:  # the dialog as it stands whenever it appears or moves, without polling
        dialog = window.findChild(QProgressDialog, "loadProgress")
        if dialog is not None:
            seen.append((dialog.isVisible(), dialog.value(), dialog.maximum()))

    def show(job) -> None:
        real_show(job)
        look()

    def progressed(job, *args) -> None:
        real_progress(job, *args)
        look()
        ui_threads.append(threading.current_thread())
        handled.set()

    monkeypatch.setattr(loading.Job, "_show_dialog", show)
    monkeypatch.setattr(loading.Job, "_on_progress", progressed)
    assert window.open_file(path)
    assert window.controller.match.actions == played(6).actions
    assert any(visible and maximum == 8 for visible, _, maximum in seen), seen
    assert len({value for _, value, _ in seen}) > 1  # the bar moved
    # The event loop ran all along: the load ran on another thread and waited at every step
    # until the UI thread had handled that step's progress, which a blocked loop never does.
    assert calls.loader_threads and calls.loader_threads[0] is not threading.main_thread()
    assert calls.handshake_kept == [True] * 8, calls.handshake_kept
    assert ui_threads and all(t is threading.main_thread() for t in ui_threads)
    assert not window.findChild(QProgressDialog, "loadProgress").isVisible()


def test_a_quick_load_shows_no_dialog(window, monkeypatch, tmp_path):
    path = tmp_path / "quick.battlebox.json"
    played(2).save(path)
    shown = []
    monkeypatch.setattr(loading.Job, "_show_dialog", lambda self: shown.append(True))
    monkeypatch.setattr(loading, "SHOW_AFTER_MS", 10_000)
    assert window.open_file(path)
    assert shown == []


def test_cancel_keeps_the_open_game(window, open_game, monkeypatch, tmp_path):
    path = tmp_path / "long.battlebox.json"
    played(6).save(path)
    slow_load(monkeypatch, steps=40)
    monkeypatch.setattr(loading, "SHOW_AFTER_MS", 0)

    def press_cancel() -> None:
        dialog = window.findChild(QProgressDialog, "loadProgress")
        if dialog is None or not dialog.isVisible():
            QTimer.singleShot(20, press_cancel)
            return
        next(b for b in dialog.findChildren(QPushButton) if b.text() == "Cancel").click()

    QTimer.singleShot(0, press_cancel)
    assert not window.open_file(path)
    assert window.controller is open_game and window.errors == []
    assert "cancelled" in window.statusBar().currentMessage()


def test_clicks_during_a_load_do_not_start_anything(window, monkeypatch, tmp_path):
    path = tmp_path / "long.battlebox.json"
    played(3).save(path)
    slow_load(monkeypatch, steps=5)
    tried = []

    def meanwhile() -> None:
        tried.append(window.open_file(path))
        tried.append(window.choose_new_game("throwdown"))
        tried.append(window.close())

    QTimer.singleShot(30, meanwhile)
    assert window.open_file(path)
    assert tried == [False, False, False]
    assert window.isVisible()


# --- a step a rules fix made illegal ------------------------------------------------------------
def step_three_now_illegal(monkeypatch) -> None:
    """From now on, the next replay refuses its third action once, as a rules fix would."""
    game = registry.get("throwdown")
    real = type(game).validate
    calls = {"n": 0}

    def validate(self, state, action):
        calls["n"] += 1
        if calls["n"] == 3:
            raise IllegalAction("a rules fix forbids this now")
        return real(self, state, action)

    monkeypatch.setattr(type(game), "validate", validate)


def test_an_old_save_opens_before_the_step_that_became_illegal(window, monkeypatch, tmp_path):
    path = tmp_path / "old.battlebox.json"
    played(5).save(path)
    step_three_now_illegal(monkeypatch)
    before = path.read_bytes()
    asked = []
    monkeypatch.setattr(window, "confirm_resume", lambda error, steps: asked.append((error, steps)) or True)
    assert window.open_file(path)
    [(error, steps)] = asked
    assert isinstance(error, SaveError) and error.step == 3 and steps == 2
    assert "old.battlebox.json" in str(error) and "rules fix" in str(error)
    assert window.controller.match.actions == played(2).actions
    assert window.controller.path is None and window.controller.dirty
    suggested = []
    monkeypatch.setattr(window, "ask_save_path", lambda s: suggested.append(s) or None)
    window.save()
    assert suggested == [str(tmp_path.resolve() / "old (step 2).battlebox.json")]
    assert path.read_bytes() == before


def test_declining_the_earlier_step_keeps_the_open_game(window, open_game, monkeypatch, tmp_path):
    path = tmp_path / "old.battlebox.json"
    played(5).save(path)
    step_three_now_illegal(monkeypatch)
    monkeypatch.setattr(window, "confirm_resume", lambda error, steps: False)
    assert not window.open_file(path)
    assert window.controller is open_game and window.errors == []


# --- bad files ------------------------------------------------------------------------------------------
_fifo = a_fifo("pipe.battlebox.json")
_write = written
_folder = a_folder("folder.battlebox.json")


def _unknown_game(folder: Path) -> Path:
    good = folder / "good.json"
    played(2).save(good)
    path = folder / "chess.json"
    path.write_text(good.read_text().replace('"throwdown"', '"chess"'))
    return path


BAD_FILES = {
    "missing": lambda folder: folder / "gone.battlebox.json",
    "folder": _folder,
    "fifo": _fifo,
    "empty": _write("empty.json", b""),
    "garbage": _write("garbage.json", b"\x00\xff{[not json"),
    "deep": _write("deep.json", b"[" * 5000 + b"]" * 5000),
    "other json": _write("other.json", b'{"hello": "world"}'),
    "unknown game": _unknown_game,
}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
@pytest.mark.parametrize("kind", sorted(BAD_FILES))
def test_a_bad_file_gets_a_message_and_the_open_game_stays(window, open_game, tmp_path, kind):
    path = BAD_FILES[kind](tmp_path)
    started = time.perf_counter()
    assert not window.open_file(path)
    assert time.perf_counter() - started < 30  # a FIFO must not block
    assert window.controller is open_game
    [error] = window.errors
    assert error.startswith("Cannot open the game: ") and path.name in error
    assert "Traceback" not in error and "unexpected error" not in error


def test_a_missing_recent_file_leaves_the_list(window, tmp_path):
    path = tmp_path / "gone.battlebox.json"
    played(1).save(path)
    storage.add_recent(path)
    path.unlink()
    assert not window.open_file(path)
    assert storage.recent_files() == []


def test_a_rules_bug_while_loading_is_one_line(window, open_game, monkeypatch, tmp_path):
    path = tmp_path / "ok.battlebox.json"
    played(2).save(path)

    def broken(cls, path, *, upto=None, progress=None):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(Match, "load", classmethod(broken))
    assert not window.open_file(path)
    assert window.controller is open_game
    [error] = window.errors
    assert "unexpected error (ZeroDivisionError: division by zero)" in error and "\n" not in error


# --- New Game with damaged data ------------------------------------------------------------------------
def test_new_game_with_damaged_data_keeps_the_open_game(window, open_game, monkeypatch):
    def damaged(*args, **kwargs):
        raise DataError("roster.json", "units[3]", "'cost' must be a number")

    monkeypatch.setattr(Match, "new", damaged)
    assert not window.start_new_game("throwdown")
    monkeypatch.setattr(window, "ask_new_game", damaged)
    assert not window.choose_new_game("throwdown")
    assert window.controller is open_game
    assert window.errors == ["Cannot start the game: roster.json: units[3]: 'cost' must be a number"] * 2


def test_new_game_with_a_rules_bug_is_one_line(window, open_game, monkeypatch):
    def bug(*args, **kwargs):
        raise KeyError("colour")

    monkeypatch.setattr(Match, "new", bug)
    assert not window.start_new_game("throwdown")
    assert window.controller is open_game
    assert window.errors == ["Cannot start the game: unexpected error (KeyError: 'colour')"]
