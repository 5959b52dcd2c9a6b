"""Crash restore never loses a game: one atomic record per running copy, orphans offered,
live copies untouched, stale temp files cleaned, saved games not asked about again."""
from __future__ import annotations

import os
import random
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from core import saves
from core.match import Match
from gui import autosave, storage, views
from gui.main_window import MainWindow
from tests.gui.stand_in import VIEWS, next_action, played

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(folder))
    monkeypatch.setattr(views, "VIEWS", VIEWS)
    return folder


class Answers:
    """The window's questions, answered as a test says, and counted."""

    def __init__(self, restore: bool = True, discard: str = "discard") -> None:
        self.restore = restore
        self.discard = discard
        self.restore_asked: list[str | None] = []
        self.discard_asked = 0
        self.errors: list[str] = []
        self.save_paths: list[str] = []


def new_window(qtbot, monkeypatch, answers: Answers, save_path: Path | None = None) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window, before_close_func=_quiet)

    def confirm_discard() -> str:
        answers.discard_asked += 1
        return answers.discard

    def ask_save_path(suggested: str) -> str | None:
        answers.save_paths.append(suggested)
        return str(save_path) if save_path else None

    monkeypatch.setattr(window, "confirm_restore",
                        lambda source, saved_at=None: answers.restore_asked.append(source) or answers.restore)
    monkeypatch.setattr(window, "confirm_discard", confirm_discard)
    monkeypatch.setattr(window, "show_error", lambda title, text: answers.errors.append(text))
    monkeypatch.setattr(window, "ask_save_path", ask_save_path)
    window.show()
    return window


def _quiet(window: MainWindow) -> None:
    """At teardown (monkeypatch already undone) no real message box may wait for a click."""
    window.confirm_discard = lambda: "discard"
    window.show_error = lambda title, text: None


def play(window: MainWindow, steps: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        assert window.controller.apply(next_action(window.controller.match, rng))


def autosaves(folder: Path) -> list[Path]:
    return sorted(folder.glob("autosave-*.json"))


def orphan_record(folder: Path, match: Match, source: str | None, owner: str = "0123456789abcdef") -> Path:
    """What a copy that crashed leaves: its record, and no live lock."""
    path = folder / f"{autosave.PREFIX}{owner}.json"
    saves.write_atomic(path, autosave.encode_record(match, source))
    return path


# --- one record per copy ----------------------------------------------------------------------
def test_each_action_rewrites_one_record_holding_game_and_source(qtbot, monkeypatch, data_dir, tmp_path):
    window = new_window(qtbot, monkeypatch, Answers())
    window.start_session()
    window.start_new_game("throwdown", seed=8)
    assert autosaves(data_dir) == []
    play(window, 2)
    [path] = autosaves(data_dir)
    record = autosave.read_record(path)
    assert record.source is None
    assert saves.decode_doc(record.save_bytes()).doc.actions == window.controller.match.to_doc().actions

    game = tmp_path / "club.battlebox.json"
    assert window.save_to(game)
    play(window, 1, seed=2)
    record = autosave.read_record(path)
    assert record.source == str(game.resolve())
    assert len(saves.decode_doc(record.save_bytes()).doc.actions) == 3
    assert window.close_game()
    assert autosaves(data_dir) == []


def test_a_crash_inside_the_write_leaves_the_old_record_whole(qtbot, monkeypatch, data_dir, tmp_path):
    """Game and source are one file replaced at once: no crash can pair game B with A's file."""
    window = new_window(qtbot, monkeypatch, Answers())
    window.start_new_game("throwdown", seed=8)
    play(window, 1)
    first = tmp_path / "a.battlebox.json"
    assert window.save_to(first)
    [path] = autosaves(data_dir)
    before = path.read_bytes()

    def crash(src, dst):
        raise OSError("power cut")

    monkeypatch.setattr(os, "replace", crash)
    play(window, 2, seed=3)
    monkeypatch.undo()
    assert "Autosave failed" in window.statusBar().currentMessage()
    assert path.read_bytes() == before
    record = autosave.read_record(path)
    assert record.source == str(first.resolve())
    assert saves.decode_doc(record.save_bytes()).doc.actions == Match.load(first).to_doc().actions
    assert list(data_dir.glob(".*.tmp")) == []  # the failed write cleaned up after itself


def test_autosave_failure_does_not_crash(qtbot, monkeypatch):
    window = new_window(qtbot, monkeypatch, Answers())

    def broken(self, match, source):
        raise OSError("disk full")

    monkeypatch.setattr(autosave.Slot, "write", broken)
    window.start_new_game("throwdown", seed=8)
    play(window, 1)
    assert "Autosave failed" in window.statusBar().currentMessage()
    assert len(window.controller.match.actions) == 1


# --- restoring -------------------------------------------------------------------------------------
def test_an_orphaned_autosave_is_offered_and_restored(qtbot, monkeypatch, data_dir, tmp_path):
    crashed = played(2)
    orphan = orphan_record(data_dir, crashed, None)
    answers = Answers()
    window = new_window(qtbot, monkeypatch, answers)
    window.start_session()
    assert answers.restore_asked == [None]
    assert window.controller.match.actions == crashed.actions
    assert window.controller.dirty and window.windowTitle().endswith("*")
    assert not orphan.exists()
    [own] = autosaves(data_dir)  # the game now lives in this copy's record
    assert Match.from_doc(saves.decode_doc(autosave.read_record(own).save_bytes())).actions == crashed.actions
    window.close()
    assert autosaves(data_dir) == [] and list(data_dir.glob("*.lock")) == []


def test_no_offer_after_a_clean_quit(qtbot, monkeypatch, data_dir):
    first = new_window(qtbot, monkeypatch, Answers())
    first.start_session()
    first.start_new_game("throwdown", seed=3)
    play(first, 2)
    first.close()
    answers = Answers()
    second = new_window(qtbot, monkeypatch, answers)
    second.start_session()
    assert answers.restore_asked == [] and second.controller is None


def test_declining_discards_only_the_orphan(qtbot, monkeypatch, data_dir):
    orphan = orphan_record(data_dir, played(2), None)
    answers = Answers(restore=False)
    window = new_window(qtbot, monkeypatch, answers)
    window.start_session()
    assert answers.restore_asked == [None] and window.controller is None
    assert not orphan.exists()


def test_every_orphan_is_offered_newest_first(qtbot, monkeypatch, data_dir, tmp_path):
    old = orphan_record(data_dir, played(1), str(tmp_path / "old.json"), owner="a" * 16)
    os.utime(old, (time.time() - 600, time.time() - 600))
    orphan_record(data_dir, played(2), str(tmp_path / "new.json"), owner="b" * 16)
    answers = Answers(restore=False)
    window = new_window(qtbot, monkeypatch, answers)
    window.start_session()
    assert answers.restore_asked == [str(tmp_path / "new.json"), str(tmp_path / "old.json")]
    assert autosaves(data_dir) == []


def test_a_second_copy_never_touches_the_first_copys_autosave(qtbot, monkeypatch, data_dir):
    first = new_window(qtbot, monkeypatch, Answers())
    first.start_session()
    first.start_new_game("throwdown", seed=3)
    play(first, 2)
    [path] = autosaves(data_dir)
    answers = Answers(restore=False)
    second = new_window(qtbot, monkeypatch, answers)
    second.start_session()
    second.start_new_game("throwdown", seed=4)
    play(second, 1)
    assert answers.restore_asked == []
    assert path.exists() and len(autosaves(data_dir)) == 2
    second.close()
    assert autosaves(data_dir) == [path]


CHILD = textwrap.dedent("""
    import sys, time
    from gui.autosave import Slot
    from pathlib import Path
    from tests.gui.stand_in import played
    slot = Slot(Path(sys.argv[1]))
    slot.write(played(3), sys.argv[2])
    print(slot.path, flush=True)
    time.sleep(120)
""")


def test_a_live_copy_in_another_process_is_left_alone_until_it_dies(qtbot, monkeypatch, data_dir, tmp_path):
    data_dir.mkdir(parents=True)
    source = str(tmp_path / "theirs.battlebox.json")
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(data_dir), source], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        theirs = Path(child.stdout.readline().strip())
        assert theirs.is_file(), child.stderr.read()
        answers = Answers(restore=False)
        window = new_window(qtbot, monkeypatch, answers)
        window.start_session()
        assert answers.restore_asked == [] and theirs.is_file()
        window.close()
    finally:
        child.kill()
        child.wait(timeout=30)
    answers = Answers()
    window = new_window(qtbot, monkeypatch, answers)
    window.start_session()
    assert answers.restore_asked == [source]
    assert window.controller.match.actions == played(3).actions
    assert not theirs.exists()
    assert window.controller.path == source  # the file does not exist: saving there is expected


def test_a_restored_game_that_matches_its_file_is_not_unsaved(qtbot, monkeypatch, data_dir, tmp_path):
    match = played(3)
    game = tmp_path / "club.battlebox.json"
    match.save(game)
    orphan_record(data_dir, match, str(game))
    answers = Answers()
    window = new_window(qtbot, monkeypatch, answers)
    window.start_session()
    assert window.controller.path == str(game)
    assert not window.controller.dirty and not window.windowTitle().endswith("*")
    window.close()
    assert answers.discard_asked == 0 and not window.isVisible()


def test_a_restored_game_ahead_of_its_file_saves_there(qtbot, monkeypatch, data_dir, tmp_path):
    game = tmp_path / "club.battlebox.json"
    played(2).save(game)
    orphan_record(data_dir, played(4), str(game))
    window = new_window(qtbot, monkeypatch, Answers())
    window.start_session()
    assert window.controller.path == str(game) and window.controller.dirty
    assert window.save()
    assert Match.load(game).actions == played(4).actions


def test_restore_never_overwrites_a_file_that_now_holds_another_game(qtbot, monkeypatch, data_dir, tmp_path):
    game = tmp_path / "club.battlebox.json"
    orphan_record(data_dir, played(3), str(game))
    other = Match.new("throwdown", seed=1234)
    other.save(game)
    before = game.read_bytes()
    answers = Answers()
    window = new_window(qtbot, monkeypatch, answers, save_path=tmp_path / "kept.battlebox.json")
    window.start_session()
    assert window.controller.path is None and window.controller.dirty
    assert "another game" in window.statusBar().currentMessage()
    assert window.save()
    assert answers.save_paths and Path(answers.save_paths[0]).parent == tmp_path
    assert game.read_bytes() == before
    assert Match.load(tmp_path / "kept.battlebox.json").actions == played(3).actions


def test_a_finished_saved_game_does_not_ask_on_quit(qtbot, monkeypatch, tmp_path):
    answers = Answers()
    window = new_window(qtbot, monkeypatch, answers)
    window.start_new_game("throwdown", seed=9)
    rng = random.Random(1)
    match = window.controller.match
    while not match.is_over:
        assert window.controller.apply(next_action(match, rng))
    assert window.controller.dirty
    assert window.save_to(tmp_path / "done.battlebox.json")
    window.show_start_page()
    window.show_game()
    assert not window.controller.dirty
    window.close()
    assert answers.discard_asked == 0 and not window.isVisible()


def test_undo_back_to_the_saved_position_is_not_unsaved(qtbot, monkeypatch, tmp_path):
    window = new_window(qtbot, monkeypatch, Answers())
    window.start_new_game("throwdown", seed=9)
    play(window, 1)
    assert window.save_to(tmp_path / "g.battlebox.json")
    play(window, 1, seed=5)
    assert window.controller.dirty
    assert window.undo()
    assert not window.controller.dirty


def test_a_damaged_autosave_is_kept_aside_with_a_message(qtbot, monkeypatch, data_dir):
    data_dir.mkdir(parents=True)
    broken = data_dir / f"{autosave.PREFIX}{'c' * 16}.json"
    broken.write_bytes(b'{"format": "battlebox-autosave", "version": 1, "sour')
    answers = Answers()
    window = new_window(qtbot, monkeypatch, answers)
    window.start_session()
    assert answers.restore_asked == [] and window.controller is None
    assert len(answers.errors) == 1 and broken.name in answers.errors[0]
    assert "Traceback" not in answers.errors[0]
    assert not broken.exists() and (data_dir / f"damaged-{broken.name}").exists()


def test_an_autosave_from_a_newer_battlebox_is_left_for_it(qtbot, monkeypatch, data_dir):
    data_dir.mkdir(parents=True)
    newer = data_dir / f"{autosave.PREFIX}{'d' * 16}.json"
    newer.write_text('{"format": "battlebox-autosave", "version": 99}')
    answers = Answers()
    window = new_window(qtbot, monkeypatch, answers)
    window.start_session()
    assert answers.restore_asked == [] and answers.errors == []
    assert newer.exists() and "newer" in window.statusBar().currentMessage()


def test_the_0_1_0_autosave_left_by_a_crash_is_offered(qtbot, monkeypatch, data_dir, tmp_path):
    data_dir.mkdir(parents=True)
    crashed = played(2)
    crashed.save(data_dir / autosave.LEGACY_AUTOSAVE)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    (data_dir / autosave.LEGACY_LOCK).write_text(dead.stdout.strip())
    settings = storage.settings()
    settings.setValue("autosave/source", str(tmp_path / "club.battlebox.json"))
    settings.sync()
    answers = Answers()
    window = new_window(qtbot, monkeypatch, answers)
    window.start_session()
    assert answers.restore_asked == [str(tmp_path / "club.battlebox.json")]
    assert window.controller.match.actions == crashed.actions
    assert not (data_dir / autosave.LEGACY_AUTOSAVE).exists()
    assert not (data_dir / autosave.LEGACY_LOCK).exists()


# --- temp files from interrupted writes --------------------------------------------------------------
def _temp(folder: Path, name: str, age: float) -> Path:
    path = folder / name
    path.write_bytes(b"{half a file")
    os.utime(path, (time.time() - age, time.time() - age))
    return path


def test_stale_temp_files_in_the_data_folder_are_removed(qtbot, monkeypatch, data_dir):
    data_dir.mkdir(parents=True)
    dead_writer = _temp(data_dir, f".{autosave.PREFIX}{'e' * 16}.json.k3j4.tmp", age=0)
    old = _temp(data_dir, ".settings.ini.ab12.tmp", age=3600)
    fresh = _temp(data_dir, ".bests.json.zz99.tmp", age=0)
    window = new_window(qtbot, monkeypatch, Answers())
    window.start_session()
    assert not dead_writer.exists() and not old.exists()
    assert fresh.exists()  # its writer may be busy right now


def test_a_live_copys_temp_file_is_kept(qtbot, monkeypatch, data_dir):
    first = new_window(qtbot, monkeypatch, Answers())
    first.start_session()
    first.start_new_game("throwdown", seed=2)
    play(first, 1)
    [path] = autosaves(data_dir)
    busy = _temp(data_dir, f".{path.name}.q1w2.tmp", age=0)
    second = new_window(qtbot, monkeypatch, Answers())
    second.start_session()
    assert busy.exists()


def test_saving_clears_stale_temp_files_beside_the_file(qtbot, monkeypatch, tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    old = _temp(folder, ".club.battlebox.json.x1y2.tmp", age=3600)
    fresh = _temp(folder, ".club.battlebox.json.x3y4.tmp", age=0)
    unrelated = _temp(folder, ".other.json.x5y6.tmp", age=3600)
    window = new_window(qtbot, monkeypatch, Answers())
    window.start_new_game("throwdown", seed=2)
    assert window.save_to(folder / "club.battlebox.json")
    assert not old.exists() and fresh.exists() and unrelated.exists()
