"""Every phase of every game walked through the window (tests/gui/phase_walk) at the sizes and
UI scales of the layout matrix; the default tests walk 1024x640 and 1280x800 only. Each screen
runs in a process of its own, since Qt reads the UI scale once."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.benchmarks.test_layout_matrix import SCREENS

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("throwdown", "solitaire", "domination", "all-out-war", "fistful-of-gold", "impact", "power-spike", "clout")


@pytest.mark.parametrize("size, scale", SCREENS, ids=[f"{w}x{h}-{s}" for (w, h), s in SCREENS])
def test_every_phase_of_every_game_passes_the_checks(size, scale):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    run = subprocess.run([sys.executable, "-m", "tests.gui.phase_walk", f"{size[0]}x{size[1]}@{scale}", *GAMES],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr
    found = json.loads(run.stdout[run.stdout.index("{"):])
    assert set(found) == set(GAMES)
    assert all("over/over" in phases for phases in found.values()), "every game was played to its end"
    problems = {game: {key: p for key, p in phases.items() if p} for game, phases in found.items()}
    assert {game: p for game, p in problems.items() if p} == {}
