"""Every `battlebox` command given broken input says what is wrong in one line and exits
non-zero: never a Python traceback."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from core import registry
from core.errors import DataError, IllegalAction
from core.match import Match
from gui.cli import main
from tests.bad_files import a_fifo, a_folder, written

ROOT = Path(__file__).resolve().parents[2]


def _match(steps: int) -> Match:
    import random

    from core.game import CHANCE

    match = Match.new("throwdown", seed=4)
    rng = random.Random(2)
    while len(match.actions) < steps:
        match.apply(match.chance_action() if match.actor == CHANCE else match.random_action(rng))
    return match


def _good(folder: Path) -> Path:
    path = folder / "good.battlebox.json"
    _match(4).save(path)
    return path


_write = written
_folder = a_folder("a folder.json")
_fifo = a_fifo("pipe.json")


def _edited(old: str, new: str):
    def make(folder: Path) -> Path:
        path = folder / "edited.json"
        path.write_text(_good(folder).read_text().replace(old, new, 1))
        return path
    return make


def _truncated(folder: Path) -> Path:
    path = folder / "truncated.json"
    path.write_bytes(_good(folder).read_bytes()[:-60])
    return path


BROKEN = {
    "missing": lambda folder: folder / "nope.json",
    "folder": _folder,
    "fifo": _fifo,
    "empty": _write("empty.json", b""),
    "garbage": _write("garbage.json", b"\x89PNG\r\n\x1a\n\x00\xff"),
    "non-utf8 in a string": _write("latin.json", b'{"format": "battlebox-save", "game": "\xe9"}'),
    "deep nesting": _write("deep.json", b"[" * 100_000 + b"]" * 100_000),
    "huge version": _write("version.json", b'{"format": "battlebox-save", "version": ' + b"9" * 5000 + b"}"),
    "another JSON": _write("other.json", b'{"format": "something-else", "version": 1}'),
    "unknown game id": _edited('"game":"throwdown"', '"game":"chess"'),
    "edited seed": _edited('"seed":4', '"seed":5'),
    "truncated": _truncated,
}


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_check_of_a_broken_file_is_one_line_and_exit_1(kind, tmp_path, capfd):
    if kind == "fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    path = BROKEN[kind](tmp_path)
    assert main(["check", str(path)]) == 1
    out, err = capfd.readouterr()
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"battlebox: Cannot open {path}"), err
    assert "Traceback" not in err and "unexpected error" not in err


def test_check_names_the_step_a_rules_fix_made_illegal_and_where_the_game_can_open(tmp_path, capfd, monkeypatch):
    path = _good(tmp_path)
    game = registry.get("throwdown")
    real = type(game).validate
    calls = {"n": 0}

    def validate(self, state, action):
        calls["n"] += 1
        if calls["n"] == 3:
            raise IllegalAction("a rules fix forbids this now")
        return real(self, state, action)

    monkeypatch.setattr(type(game), "validate", validate)
    assert main(["check", str(path)]) == 1
    err = capfd.readouterr().err
    assert f"Cannot open {path}, step 3: illegal action: a rules fix forbids this now" in err
    assert "the first 2 steps replay" in err


def test_check_of_a_file_the_rules_choke_on_is_one_line(tmp_path, capfd, monkeypatch):
    path = _good(tmp_path)

    def bug(*args, **kwargs):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(Match, "load", bug)
    assert main(["check", str(path)]) == 1
    err = capfd.readouterr().err
    assert err.strip() == "battlebox: check failed: unexpected error (ZeroDivisionError: division by zero)"


@pytest.mark.parametrize("argv", [
    ["selfplay", "chess"],
    ["selfplay", "throwdown", "--games", "0"],
    ["selfplay", "throwdown", "--games", "-3"],
    ["selfplay", "throwdown", "--games", "many"],
    ["selfplay", "throwdown", "--seed", "abc"],
    ["selfplay", "throwdown", "--seed", "1.5"],
    ["selfplay"],
    ["check"],
    ["--screenshot", "x.png", "--size", "big"],
    ["--screenshot", "x.png", "--size", "10x10"],
    ["--screenshot", "x.png", "--size", "99999x800"],
    ["--size", "1280x800"],
    ["--game", "throwdown"],
    ["--no-such-option"],
])
def test_bad_arguments_exit_2_with_a_message(argv, capfd):
    try:
        code = main(argv)
    except SystemExit as e:  # argparse's usage error
        code = e.code
    assert code == 2
    err = capfd.readouterr().err
    assert err.strip() and "Traceback" not in err


def test_selfplay_with_damaged_game_data_is_one_line(capfd, monkeypatch):
    def damaged(*args, **kwargs):
        raise DataError("roster.json", "units[3]", "'cost' must be a number")

    monkeypatch.setattr(Match, "new", damaged)
    assert main(["selfplay", "throwdown", "--games", "2"]) == 1
    assert capfd.readouterr().err.strip() == ("battlebox: cannot start a game of throwdown: "
                                              "roster.json: units[3]: 'cost' must be a number")


def test_selfplay_that_hits_a_rules_bug_is_one_line(capfd, monkeypatch):
    def bug(self, rng):
        raise KeyError("phase")

    monkeypatch.setattr(Match, "random_action", bug)
    assert main(["selfplay", "throwdown", "--games", "2"]) == 1
    assert capfd.readouterr().err.strip() == "battlebox: selfplay failed: unexpected error (KeyError: 'phase')"


# --- the real command, in its own process ---------------------------------------------------------
def _battlebox(*args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEBOX_DATA_DIR=str(tmp_path / "data"))
    return subprocess.run([sys.executable, "-m", "gui.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_command_check_of_a_fifo_and_a_folder(tmp_path):
    for path in (_fifo(tmp_path), _folder(tmp_path)):
        run = _battlebox("check", str(path), tmp_path=tmp_path)
        assert run.returncode == 1 and run.stdout == ""
        assert run.stderr.startswith(f"battlebox: Cannot open {path}") and "Traceback" not in run.stderr


def test_the_command_screenshot_with_bad_input(tmp_path):
    unwritable = tmp_path / "no such folder" / "shot.png"
    run = _battlebox("--screenshot", str(unwritable), tmp_path=tmp_path)
    assert run.returncode == 1 and f"cannot write {unwritable}" in run.stderr
    run = _battlebox("--screenshot", str(tmp_path / "x.png"), "--game", "chess", tmp_path=tmp_path)
    assert run.returncode == 2 and "chess" in run.stderr and "Traceback" not in run.stderr


def test_the_command_screenshot_size(tmp_path):
    run = _battlebox("--screenshot", str(tmp_path / "x.png"), "--size", "1024x640", tmp_path=tmp_path)
    assert run.returncode == 0, run.stderr
    header = (tmp_path / "x.png").read_bytes()[:24]  # PNG: signature, IHDR length and tag, width, height
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    assert (int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")) == (1024, 640)
