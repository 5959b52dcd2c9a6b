"""`battlebox --smoke` from the sources: the same self-check the frozen app runs in smoke.sh."""
from __future__ import annotations

from pathlib import Path

import pytest

from gui import smoke

SAVES = Path(__file__).resolve().parents[1] / "saves" / "0.1.0"

pytestmark = pytest.mark.gui


def test_smoke_passes_and_renders(qapp, tmp_path, capsys):
    assert smoke.run(str(SAVES / "throwdown-3p-midgame.battlebox.json"), str(tmp_path)) == 0
    out = capsys.readouterr().out
    assert "FAIL" not in out
    assert "OK geometry" in out and "OK save file" in out
    for name in ("main-window", "scar-map", "game-throwdown", "save"):
        assert (tmp_path / f"{name}.png").stat().st_size > 10_000


def test_smoke_reports_a_broken_save(qapp, tmp_path, capsys):
    bad = tmp_path / "bad.battlebox.json"
    bad.write_text('{"game": "throwdown"', encoding="utf-8")
    assert smoke.run(str(bad), None) == 1
    out = capsys.readouterr().out
    assert "FAIL save file" in out
    assert out.rstrip().endswith("1 failed")
