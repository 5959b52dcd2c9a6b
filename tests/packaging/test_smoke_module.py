"""`battlebox --smoke` from the sources: the same self-check the frozen app runs in smoke.sh.

One run (every game's New Game and view rendered, about ten seconds) proves both that every
check passes and that a failing one is reported: it is given a broken save. A good save through
the same check is smoke.sh's own run of the frozen app (tests/packaging/test_frozen_app.py, which
.ci/run turns on), and opening saves in the window is tested throughout tests/gui.
"""
from __future__ import annotations

import pytest

from gui import smoke

pytestmark = pytest.mark.gui


def test_smoke_renders_every_check_and_reports_a_broken_save(qapp, tmp_path, capsys):
    bad = tmp_path / "bad.battlebox.json"
    bad.write_text('{"game": "throwdown"', encoding="utf-8")
    pictures = tmp_path / "png"
    assert smoke.run(str(bad), str(pictures)) == 1
    out = capsys.readouterr().out
    fails = [line for line in out.splitlines() if line.startswith("FAIL")]
    assert len(fails) == 1 and fails[0].startswith("FAIL save file"), fails
    assert "OK geometry" in out and "OK new game throwdown" in out and "OK licences" in out
    assert out.rstrip().endswith("1 failed")
    for name in ("main-window", "scar-map", "game-throwdown"):
        assert (pictures / f"{name}.png").stat().st_size > 10_000, name
    assert not (pictures / "save.png").exists()
