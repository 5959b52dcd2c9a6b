"""Every save a released Battlebox wrote keeps opening, for good (tests/saves/<version>/)."""
from __future__ import annotations

from pathlib import Path

import pytest

from core import registry
from core.match import Match

SAVES = Path(__file__).resolve().parents[1] / "saves"
OLD = sorted(SAVES.glob("*/*.battlebox.json"))


def test_every_game_has_old_saves_of_every_kind():
    names = {p.name for p in OLD if p.parent.name == "0.1.0"}
    for game_id in registry.GAMES:
        ours = [n for n in names if n.startswith(game_id)]
        assert any("midgame" in n for n in ours), game_id
        assert any("finished" in n for n in ours), game_id
        assert any("-table-" in n for n in ours), game_id


@pytest.mark.parametrize("path", OLD, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_old_save_opens(path, tmp_path):
    match = Match.load(path)
    assert match.game_id in registry.GAMES
    assert match.is_over == ("finished" in path.name)
    assert (match.mode == "table") == ("-table-" in path.name)
    # It saves again in today's format and that file opens to the same game.
    again = tmp_path / "again.battlebox.json"
    match.save(again)
    reopened = Match.load(again)
    assert reopened.actions == match.actions
    assert reopened.is_over == match.is_over
