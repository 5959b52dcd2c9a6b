"""Power Spike hides nothing a shared screen could show (`secret` is None): every card is drawn
face up, the units stand on the open table and the engine's view of a seat is the whole state
(only the draw piles' order is unknown, and no screen shows it). So the curtain never falls."""
from __future__ import annotations

import random

import msgspec
import pytest

from core.match import Match
from core.powerspike.game import GAME


@pytest.mark.parametrize("mode", ["simulated", "table"])
def test_no_phase_of_a_whole_battle_is_secret(mode):
    match = Match(GAME, msgspec.structs.replace(GAME.default_setup(), mode=mode), 4)
    rng = random.Random(4)
    phases = set()
    for _ in range(3000):
        assert GAME.secret(match.state) is None, match.state.phase
        phases.add(match.state.phase)
        if match.is_over:
            break
        match.apply(match.random_action(rng))
    assert {"deploy", "draw", "activate", "act", "combat"} <= phases
