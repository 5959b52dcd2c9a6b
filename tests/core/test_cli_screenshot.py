"""`battlebox --screenshot FILE --open SAVE [--size WxH] [--scale PERCENT]`: the saved position
rendered at that size, in a process of its own (the UI scale is read once, when Qt starts)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gui.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
SAVES = ROOT / "tests" / "saves" / "0.1.0"


def _battlebox(*args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEBOX_DATA_DIR=str(tmp_path / "data"))
    env.pop("QT_SCALE_FACTOR", None)
    return subprocess.run([sys.executable, "-m", "gui.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def _png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]  # signature, IHDR length and tag, width, height
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")


def _game_pixels(path: Path) -> set[tuple[int, int, int]]:
    """The colours of the picture's middle, where the start page and a game differ."""
    from PySide6.QtGui import QImage

    image = QImage(str(path))
    w, h = image.width(), image.height()
    return {image.pixelColor(x, y).getRgb()[:3] for x in range(w // 8, w // 2, 7) for y in range(h // 4, h * 3 // 4, 7)}


def test_screenshot_of_a_save_renders_that_position_at_the_size(tmp_path):
    start, game = tmp_path / "start.png", tmp_path / "game.png"
    run = _battlebox("--screenshot", str(start), "--size", "1024x640", tmp_path=tmp_path)
    assert run.returncode == 0, run.stderr
    save = SAVES / "power-spike-midgame.battlebox.json"
    run = _battlebox("--screenshot", str(game), "--open", str(save), "--size", "1024x640", tmp_path=tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == str(game)
    assert _png_size(game) == (1024, 640)
    assert _game_pixels(game) != _game_pixels(start)
    assert len(_game_pixels(game) - _game_pixels(start)) > 20  # the table's colours, not the start page's


def test_screenshot_of_a_bad_save_is_one_line_and_a_failure(tmp_path):
    broken = tmp_path / "broken.battlebox.json"
    broken.write_bytes((SAVES / "clout-midgame.battlebox.json").read_bytes()[:200])
    for path in (broken, tmp_path / "missing.battlebox.json"):
        out = tmp_path / "x.png"
        run = _battlebox("--screenshot", str(out), "--open", str(path), tmp_path=tmp_path)
        assert run.returncode == 1
        lines = run.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("battlebox: ") and str(path) in lines[0], run.stderr
        assert not out.exists()


def test_screenshot_at_a_ui_scale_keeps_the_picture_size_and_scales_the_window(tmp_path):
    save = str(SAVES / "clout-midgame.battlebox.json")
    plain, scaled = tmp_path / "plain.png", tmp_path / "scaled.png"
    run = _battlebox("--screenshot", str(plain), "--open", save, "--size", "1600x1120", tmp_path=tmp_path)
    assert run.returncode == 0, run.stderr
    run = _battlebox("--screenshot", str(scaled), "--open", save, "--size", "1600x1120", "--scale", "200",
                     tmp_path=tmp_path)
    assert run.returncode == 0, run.stderr
    assert _png_size(scaled) == _png_size(plain) == (1600, 1120)
    assert plain.read_bytes() != scaled.read_bytes()


def test_a_scale_that_leaves_too_small_a_window_is_refused(tmp_path):
    run = _battlebox("--screenshot", str(tmp_path / "x.png"), "--size", "1024x640", "--scale", "150",
                     tmp_path=tmp_path)
    assert run.returncode == 2 and "683x427" in run.stderr and "Traceback" not in run.stderr


@pytest.mark.parametrize("bad", ["99", "201", "1.5", "big", ""])
def test_scale_must_be_a_whole_percentage_from_100_to_200(bad, capsys):
    with pytest.raises(SystemExit) as e:
        build_parser().parse_args(["--scale", bad])
    assert e.value.code == 2 and "--scale" in capsys.readouterr().err


@pytest.mark.parametrize("good", ["100", "150", "200"])
def test_scale_accepts_100_to_200(good):
    assert build_parser().parse_args(["--scale", good]).scale == int(good)


def test_scale_sets_qt_scale_factor_before_the_app(monkeypatch):
    from gui import screen

    monkeypatch.setenv("QT_SCALE_FACTOR", "1")
    monkeypatch.delenv("QT_SCALE_FACTOR")
    screen.set_scale(None)
    assert "QT_SCALE_FACTOR" not in os.environ
    screen.set_scale(150)
    assert os.environ["QT_SCALE_FACTOR"] == "1.5"


def test_open_and_game_do_not_go_together(capfd):
    from gui.cli import main

    assert main(["--screenshot", "x.png", "--game", "throwdown", "--open", "a.json"]) == 2
    assert "--open" in capfd.readouterr().err
