"""When a shared screen would show a battle player's secrets (`BattleGame.secret`): the curtain's rule."""
from __future__ import annotations

import pytest

from core.fistful.battles import ChooseArmy
from core.game import Secret
from tests.core.battle_helpers import ARMY, choose_armies, new_match, ready


@pytest.mark.parametrize("mode", ["table", "simulated"])
def test_each_army_is_chosen_behind_the_curtain_seat_by_seat(mode):
    match = new_match("all-out-war", 3, mode)
    assert match.state.phase == "army"
    assert match.game.secret(match.state) == Secret(0, "army")
    match.apply(ChooseArmy(0, ARMY))
    assert match.game.secret(match.state) == Secret(1, "army")


def test_fistfuls_are_secret_once_the_armies_are_in():
    match = new_match("all-out-war", 2)
    choose_armies(match)
    assert match.state.phase == "fistful"
    assert match.game.secret(match.state) == Secret(0, "fistful")


@pytest.mark.parametrize("variant", ["domination", "all-out-war"])
def test_nothing_is_secret_while_regions_are_claimed_or_fought_over(variant):
    match = new_match(variant, 2)
    if variant == "domination":
        assert match.state.phase == "claim"
        assert match.game.secret(match.state) is None
    match = ready(variant, 2)
    assert match.state.phase == "attack"
    assert match.game.secret(match.state) is None
