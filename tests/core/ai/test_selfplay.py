"""Self-play sets each game up as the game's knowledge says strength is measured."""
from __future__ import annotations

from typing import Any

import pytest

from core import registry
from core.ai import selfplay
from core.ai.knowledge import Knowledge
from core.ai.selfplay import Tally, play_game


def test_a_game_with_a_measured_setup_is_played_on_it(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[int, int]] = []
    default = registry.get("throwdown").default_setup

    def measured(g: int, players: int) -> Any:
        asked.append((g, players))
        return default(players)

    monkeypatch.setattr(selfplay, "knowledge", lambda game_id: Knowledge(measured_setup=measured))
    tally = Tally(["random", "random", "random"])
    play_game("throwdown", 4, 0, tally)
    assert asked == [(4, 3)] and tally.games == 1


def test_without_one_the_default_setup_is_used() -> None:
    assert selfplay.measured_setup("throwdown", 0, 2) == registry.get("throwdown").default_setup(2)
