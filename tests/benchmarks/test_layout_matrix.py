"""Issue 11's "any screen" checks over the whole matrix: the start page and every game's
mid-game and finished saves, at 1024x640, 1280x800, 1920x1080 and 2560x1440, and at 150 % on
1920x1080 and 200 % on 2560x1440. Each screen size and scale runs in a process of its own (Qt
reads the UI scale once); pictures go to $BATTLEBOX_LAYOUT_PNG when it is set.

Each combination that fails today is an xfail(strict=True) naming what is wrong: the to-do list.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.gui.layout_check import KINDS

ROOT = Path(__file__).resolve().parents[2]
SAVES = ROOT / "tests" / "saves" / "0.1.0"
GAMES = ("throwdown-3p", "solitaire", "domination", "all-out-war", "fistful-of-gold", "impact", "power-spike",
         "clout")
PAGES = ("start", *(f"{g}-{stage}" for g in GAMES for stage in ("midgame", "finished")))
SCREENS = (((1024, 640), 100), ((1280, 800), 100), ((1920, 1080), 100), ((2560, 1440), 100),
           ((1920, 1080), 150), ((2560, 1440), 200))
BOARD_FROM = (1280, 800)

KNOWN = {
}


def _arg(page: str) -> str:
    return page if page == "start" else str(SAVES / f"{page}.battlebox.json")


def _cases() -> list:
    out = []
    for size, scale in SCREENS:
        for page in PAGES:
            for kind in KINDS:
                if kind == "board" and (page == "start" or size < BOARD_FROM):
                    continue
                reason = KNOWN.get((page, size, scale, kind))
                marks = [pytest.mark.xfail(strict=True, reason=f"issue 11: {reason}")] if reason else []
                out.append(pytest.param(page, size, scale, kind, marks=marks,
                                        id=f"{page}-{size[0]}x{size[1]}-{scale}-{kind}"))
    return out


_found: dict[tuple[tuple[int, int], int], dict] = {}


def _problems(size: tuple[int, int], scale: int) -> dict:
    if (size, scale) not in _found:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        run = subprocess.run([sys.executable, "-m", "tests.gui.layout_check", f"{size[0]}x{size[1]}", str(scale),
                              os.environ.get("BATTLEBOX_LAYOUT_PNG", "-"), *map(_arg, PAGES)],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
        assert run.returncode == 0, run.stderr
        _found[size, scale] = json.loads(run.stdout.strip().splitlines()[-1])
    return _found[size, scale]


@pytest.mark.parametrize("page, size, scale, kind", _cases())
def test_layout_matrix(page, size, scale, kind):
    assert _problems(size, scale)[_arg(page)][kind] == []
