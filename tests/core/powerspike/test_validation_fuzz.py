"""Any well-typed but wrong Power Spike action is refused with IllegalAction, never another
exception: seats out of range, unknown or enemy unit ids, NaN and infinite coordinates, odd
angles, cards that are not cards, arcs and choices that do not exist. An action that passes
validation applies and is described without error."""
from __future__ import annotations

import random

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.errors import IllegalAction
from core.game import CHANCE
from core.match import Match
from core.powerspike.game import (GAME, Activate, CombatDraw, Declared, Deploy, EndActivation, EndGo, Fire, Move,
                                  MovementDraw, OrbitalStrike, PowerSpikeState, TakeLosses)


def _collect() -> list[PowerSpikeState]:
    """Real states of every phase, with tracked positions and at the table without them."""
    found: dict[tuple[str, bool], PowerSpikeState] = {}
    for seed in range(12):
        setup = GAME.default_setup()
        if seed % 3 == 2:
            setup = msgspec.structs.replace(setup, mode="table", mirror_positions=False)
        match = Match(GAME, setup, seed)
        rng = random.Random(seed)
        tracked = setup.mode == "simulated"
        while True:
            found.setdefault((match.state.phase, tracked), match.state)
            if match.is_over:
                break
            match.apply(match.chance_action() if match.actor == CHANCE else match.random_action(rng))
    return list(found.values())


STATES = _collect()
IDS = sorted({u.id for s in STATES for u in s.units})
unit_ids = st.one_of(st.sampled_from(IDS), st.sampled_from(["", "CDC:u99", "SCS:u0", "cdc:u1", "u1"]),
                     st.text(max_size=6))
seats = st.one_of(st.integers(-2, 3), st.integers(), st.just(2**70))
coords = st.one_of(st.floats(), st.floats(-5, 80), st.sampled_from([0.0, 1e308, -1e308, 1e-320]))
angles = st.one_of(st.floats(), st.floats(-720, 720), st.sampled_from([360.0, -0.0, 1e300]))
cards = st.lists(st.one_of(st.integers(-3, 60), st.integers()), max_size=12).map(tuple)
declared = st.one_of(st.none(), st.builds(
    Declared, in_range=st.booleans(), in_contact=st.booleans(),
    arc=st.sampled_from(["front", "flank", "rear", "sideways", ""]), target_in_cover=st.booleans(),
    near_commander=st.lists(unit_ids, max_size=3).map(tuple)))

actions = st.one_of(
    st.builds(Deploy, player=seats, unit=unit_ids, x=coords, y=coords, facing=angles),
    st.builds(MovementDraw, card=st.one_of(st.integers(-3, 60), st.integers())),
    st.builds(Activate, player=seats, unit=unit_ids),
    st.builds(EndGo, player=seats),
    st.builds(Move, player=seats, unit=unit_ids, x=coords, y=coords, facing=angles),
    st.builds(Fire, player=seats, attackers=st.lists(unit_ids, max_size=4).map(tuple), target=unit_ids,
              declared=declared),
    st.builds(EndActivation, player=seats),
    st.builds(CombatDraw, attacker_cards=cards, target_cards=cards),
    st.builds(TakeLosses, player=seats, unit=unit_ids, choice=st.sampled_from(["hold", "retreat", "flee", ""])),
    st.builds(OrbitalStrike, player=seats, target=unit_ids),
)


def test_the_states_cover_every_phase():
    phases = {s.phase for s in STATES}
    assert phases == {"deploy", "draw", "activate", "act", "combat", "loss", "oas", "over"}, phases


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=st.sampled_from(STATES), action=actions)
def test_a_wrong_action_raises_only_illegal_action(state, action):
    try:
        GAME.validate(state, action)
    except IllegalAction as e:
        assert e.reason and isinstance(e.reason, str)
        return
    after = GAME.apply(state, action)
    assert isinstance(GAME.describe(state, action, after), str)


@pytest.mark.parametrize("player", [-1, 2, 7])
def test_a_seat_out_of_range_is_named(player):
    state = next(s for s in STATES if s.phase == "activate")
    with pytest.raises(IllegalAction, match=f"no player {player}"):
        GAME.validate(state, EndGo(player))
