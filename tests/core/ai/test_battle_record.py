"""The battle-by-battle record behind docs/computer-players.md: consistent from either side."""
from __future__ import annotations

import pytest

from tests.benchmarks.battle_record import battle_record


@pytest.mark.parametrize("game_id", ["domination", "all-out-war"])
def test_the_record_reads_the_same_from_either_side(game_id: str) -> None:
    first = battle_record(game_id, ["easy", "random"], 3, seed=5)
    second = battle_record(game_id, ["easy", "random"], 3, seed=5, spec=1)
    assert first["battles"] == second["battles"] > 0
    assert (first["won"], first["lost"], first["tied"]) == (second["lost"], second["won"], second["tied"])
    assert first["won"] + first["lost"] + first["tied"] == first["battles"]
    assert first["attacked"] + second["attacked"] == first["battles"]
    assert first["won_attacking"] + first["lost_attacking"] <= first["attacked"]
    assert first["score"] + second["score"] == first["games"] == 3


def test_a_sensible_player_wins_more_battles_than_random() -> None:
    record = battle_record("domination", ["easy", "random"], 4, seed=3)
    assert record["won"] > record["lost"]
    assert record["tied"] == 0  # a level Domination! battle is thrown again until someone wins


def test_only_the_battle_games_have_a_record() -> None:
    with pytest.raises(ValueError, match="no battles"):
        battle_record("impact", ["easy", "random"], 1, seed=0)
    with pytest.raises(ValueError, match="two players"):
        battle_record("domination", ["easy", "random", "random"], 1, seed=0)
