"""The game catalogue's records: read-only values, and games imported only when asked for."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from core.registry import CATALOGUE, GAMES, INFO, GameInfo, get


def test_records_are_read_only_values():
    info = INFO["throwdown"]
    with pytest.raises(AttributeError):
        info.title = "Other"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del info.title
    twin = GameInfo(info.id, info.title, info.family, info.players, info.summary, info.module)
    assert twin == info and hash(twin) == hash(info) and twin is not info
    assert GameInfo(*[*twin._values()[:-1], None]) != info
    assert repr(info).startswith("GameInfo(id='throwdown', title='Throwdown'")
    with pytest.raises(TypeError):
        GameInfo("x", "X")  # type: ignore[call-arg]


def test_available_follows_the_module():
    assert [g.id for g in CATALOGUE if g.available] == list(GAMES)
    assert not GameInfo("x", "X", "F", (2, 2), "S", None).available
    assert len(GAMES) == sum(1 for g in CATALOGUE if g.module)


def test_get_names_the_known_games():
    with pytest.raises(KeyError, match="unknown game 'nope'; available: throwdown"):
        get("nope")


def test_reading_the_catalogue_imports_no_rules_and_no_dataclasses():
    code = ("import sys\nimport core.registry\n"
            "print(sorted(m for m in sys.modules if m.startswith('core.') or m == 'dataclasses'))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=str(Path(__file__).resolve().parents[2])).stdout.strip()
    assert out == "['core.registry']"
