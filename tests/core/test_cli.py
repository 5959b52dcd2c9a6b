"""The headless `battlebox` sub-commands (selfplay, check, --version): no Qt needed.

selfplay/check bind `out=sys.stdout` when gui.cli is imported, so their reports are read
through `out=` here; test_main_output_follows_redirected_stdout records that defect.
"""
from __future__ import annotations

import contextlib
import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from core.version import __version__
from gui.cli import check, main, selfplay
from tests.saves.make_saves import FINISHED, MIDGAME

ROOT = Path(__file__).resolve().parents[2]


def run_main(argv: list[str], monkeypatch) -> tuple[int, str]:
    """main(argv) with the report collected from the sub-command's `out`."""
    buf = io.StringIO()
    import gui.cli as cli
    monkeypatch.setattr(cli, "selfplay", lambda *a: selfplay(*a, out=buf))
    monkeypatch.setattr(cli, "check", lambda *a: check(*a, out=buf))
    return cli.main(argv), buf.getvalue()


def test_selfplay_reports_speed_mean_actions_and_results(monkeypatch):
    code, out = run_main(["selfplay", "throwdown", "--games", "20", "--seed", "1"], monkeypatch)
    assert code == 0
    assert re.search(r"20 games of throwdown in [\d.]+ s: [\d.]+ games/s, \d+ actions/s", out), out
    mean = re.search(r"mean actions per game: ([\d.]+)", out)
    assert mean and float(mean.group(1)) >= 4  # at least the picks, one throw and one removal
    counts = [int(n) for n in re.findall(r"^  .+: (\d+)$", out, re.M)]
    assert sum(counts) == 20  # 3 seats: each game is one draw or one win


def test_selfplay_is_repeatable_for_a_seed(monkeypatch):
    first = run_main(["selfplay", "throwdown", "--games", "15", "--seed", "7"], monkeypatch)[1]
    again = run_main(["selfplay", "throwdown", "--games", "15", "--seed", "7"], monkeypatch)[1]
    other = run_main(["selfplay", "throwdown", "--games", "15", "--seed", "8"], monkeypatch)[1]
    assert again.splitlines()[1:] == first.splitlines()[1:]
    assert other.splitlines()[1:] != first.splitlines()[1:]


def test_selfplay_unknown_game_exits_2(capfd):
    assert main(["selfplay", "chess"]) == 2
    err = capfd.readouterr().err
    assert "chess" in err and "throwdown" in err


def test_selfplay_needs_at_least_one_game(capfd):
    assert main(["selfplay", "throwdown", "--games", "0"]) == 2
    assert "--games" in capfd.readouterr().err


@pytest.mark.parametrize("example, state", [(MIDGAME, "in progress"), (FINISHED, "finished")])
def test_check_valid_save(monkeypatch, example, state):
    code, out = run_main(["check", str(example)], monkeypatch)
    assert code == 0
    assert "valid Throwdown save" in out and state in out and str(example) in out


def test_check_corrupted_save_exits_1_with_the_save_error(capfd, tmp_path):
    path = tmp_path / "broken.json"
    path.write_bytes(MIDGAME.read_bytes()[:300])
    assert main(["check", str(path)]) == 1
    captured = capfd.readouterr()
    assert captured.out == ""
    assert f"Cannot open {path}" in captured.err and "not valid JSON" in captured.err


def test_check_tampered_save_names_the_step(capfd, tmp_path):
    path = tmp_path / "tampered.json"
    shutil.copyfile(MIDGAME, path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"kind": "throw"', '"kind": "thrown"', 1), encoding="utf-8")
    assert main(["check", str(path)]) == 1
    assert re.search(r"step \d+: unreadable action", capfd.readouterr().err)


def test_main_output_follows_redirected_stdout():
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["check", str(MIDGAME)]) == 0
    assert "valid Throwdown save" in buf.getvalue()


def test_version(capfd):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capfd.readouterr().out.strip() == f"Battlebox {__version__}"


def test_headless_commands_never_import_qt(tmp_path):
    probe = ("import sys\nfrom gui.cli import main\n"
             f"assert main(['selfplay', 'throwdown', '--games', '3']) == 0\n"
             f"assert main(['check', {str(MIDGAME)!r}]) == 0\n"
             "assert 'PySide6' not in sys.modules, 'PySide6 was imported'\n")
    run = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr


def test_python_m_gui_cli_selfplay_imports_no_qt():
    run = subprocess.run([sys.executable, "-X", "importtime", "-m", "gui.cli", "selfplay", "throwdown",
                          "--games", "3"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert "3 games of throwdown" in run.stdout
    imported = [line.rsplit("|", 1)[-1].strip() for line in run.stderr.splitlines() if "|" in line]
    assert "core.match" in imported  # the probe sees imports at all
    assert not [m for m in imported if m.startswith("PySide6")]
