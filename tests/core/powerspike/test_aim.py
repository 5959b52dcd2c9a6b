"""Choosing a target is a logged action (Aim): it is validated, described, small in JSON, kept
in the state for the rest of the activation, taken back by undo, and kept by a reopened save."""
from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

from core.errors import IllegalAction
from core.match import Match
from core.powerspike.game import GAME, Activate, Aim, EndActivation, Fire, Move, PowerSpikeAction
from tests.core.powerspike.game_helpers import draw_go, fresh, step

SAVES = Path(__file__).resolve().parents[2] / "saves" / "0.1.0"
DC, DC2, NS, NS2 = "CDC:u2", "CDC:u3", "SCS:u2", "SCS:u3"
FACE_UP, FACE_DOWN = 270.0, 90.0
DUEL = {DC: (36, 4, FACE_DOWN), NS: (36, 14, FACE_UP), NS2: (42, 14, FACE_UP)}


def activated(places=DUEL):
    return step(draw_go(fresh(places), "CDC"), Activate(0, DC))


def test_an_aim_is_kept_in_the_activation_and_described():
    s = activated()
    after = step(s, Aim(0, NS))
    assert after.activation.target == NS and after.phase == "act"
    assert GAME.describe(s, Aim(0, NS), after) == (
        f"{s.name(0)} aims {s.unit(DC).name} at {s.unit(NS).name}.")
    again = step(after, Aim(0, NS2))
    assert again.activation.target == NS2
    moved = step(again, Move(0, DC, 36.0, 5.0, FACE_DOWN))
    assert moved.activation.target == NS2  # a move keeps the aim


@pytest.mark.parametrize("target, reason", [
    (DC2, "on your own side"),
    ("SCS:nobody", "no unit"),
    (NS, "already aiming"),
])
def test_a_wrong_aim_is_refused_with_the_reason(target, reason):
    s = step(activated({**DUEL, DC2: (40, 4, FACE_DOWN)}), Aim(0, NS))
    with pytest.raises(IllegalAction, match=reason):
        step(s, Aim(0, target))


def test_an_aim_out_of_range_is_refused_with_the_distance():
    s = activated({DC: (36, 4, FACE_DOWN), NS: (36, 20, FACE_UP)})
    with pytest.raises(IllegalAction, match="out of .*range"):
        step(s, Aim(0, NS))


def test_only_the_acting_player_aims_and_not_after_firing():
    s = activated()
    with pytest.raises(IllegalAction, match="not .*turn"):
        step(s, Aim(1, DC))
    fired = step(s, Aim(0, NS), Fire(0, (DC,), NS))
    with pytest.raises(IllegalAction):
        step(fired, Aim(0, NS2))


def test_an_aim_is_compact_json_and_round_trips():
    raw = msgspec.json.encode(Aim(0, NS))
    assert len(raw) < 50
    assert msgspec.json.decode(raw, type=PowerSpikeAction) == Aim(0, NS)


def _to_an_aim(match: Match) -> str:
    """Play the match on (random play, seeded) to an activation that has a target in range."""
    rng = random.Random(7)
    for _ in range(2000):
        state = match.state
        if state.phase == "act" and not state.activation.fired and state.unit(state.activation.unit).on_table:
            targets = GAME.fire_targets(state, (state.activation.unit,))
            if targets:
                return targets[0]
        if match.actor is None:
            match.play_chance()
        else:
            match.apply(match.random_action(rng))
    raise AssertionError("no activation with a target came up")


def test_undo_takes_the_aim_back_and_a_save_keeps_it(tmp_path):
    match = Match.load(SAVES / "power-spike-midgame.battlebox.json")
    target = _to_an_aim(match)
    seat = match.state.go.seat
    match.apply(Aim(seat, target))
    assert match.state.activation.target == target
    path = tmp_path / "aimed.battlebox.json"
    match.save(path)
    reopened = Match.load(path)
    assert reopened.state.activation.target == target
    assert reopened.can_undo
    reopened.undo()
    assert reopened.state.activation.target is None


def test_a_new_activation_starts_without_a_target():
    s = step(activated(), Aim(0, NS), EndActivation(0))
    if s.phase == "activate" and DC2 in GAME.activatable(s):
        s = step(s, Activate(0, DC2))
        assert s.activation.target is None
