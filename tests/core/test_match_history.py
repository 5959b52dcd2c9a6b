"""Match history: checkpoints and replay give back every earlier state, undo crosses
checkpoints, and log lines are worded on demand from the states around each action."""
from __future__ import annotations

import random

import msgspec
import pytest

from core import match as match_module
from core.match import CHECKPOINT, Match


def enc(state) -> bytes:
    return msgspec.json.encode(state)


def recorded_game(game_id: str, seed: int, steps: int) -> tuple[Match, list[bytes]]:
    """A table-mode game (every action undoable) and the encoded state after each step."""
    from core import registry
    game = registry.get(game_id)
    setup = msgspec.structs.replace(game.default_setup(), mode="table")
    match = Match.new(game_id, setup, seed=seed)
    rng = random.Random(seed)
    states = [enc(match.state)]
    while len(match.actions) < steps and not match.is_over:
        match.apply(match.random_action(rng))
        states.append(enc(match.state))
    return match, states


@pytest.mark.parametrize("game_id", ["throwdown", "fistful-of-gold", "impact", "domination"])
def test_every_earlier_state_is_rebuilt_exactly(game_id):
    match, states = recorded_game(game_id, 3, 3 * CHECKPOINT + 5)
    for step in range(len(states)):
        assert enc(match.state_at(step)) == states[step]


@pytest.mark.parametrize("game_id", ["throwdown", "impact"])
def test_undo_walks_back_across_checkpoints(game_id):
    match, states = recorded_game(game_id, 4, 2 * CHECKPOINT + 3)
    n = len(match.actions)
    for step in range(n - 1, -1, -1):
        match.undo()
        assert len(match.actions) == step
        assert enc(match.state) == states[step]
    for step in range(1, n + 1):
        match.redo()
        assert enc(match.state) == states[step]


def test_only_checkpoints_are_kept(monkeypatch):
    match, _ = recorded_game("throwdown", 5, 3 * CHECKPOINT)
    assert sorted(match._checkpoints) == list(range(0, len(match.actions) + 1, CHECKPOINT))


def test_log_lines_are_worded_lazily_and_match_eager_wording(monkeypatch):
    match, _ = recorded_game("impact", 6, 150)
    calls = {"n": 0}
    real = match.game.describe

    def counting(before, action, after):
        calls["n"] += 1
        return real(before, action, after)

    monkeypatch.setattr(match.game, "describe", counting)
    again = Match(match.game, match.setup, match.seed)
    for action in match.actions:
        again.apply(action)
    assert calls["n"] == 0
    lines = again.log
    assert calls["n"] == len(match.actions)
    eager = [real(match.state_at(i), a, match.state_at(i + 1)) for i, a in enumerate(match.actions)]
    assert lines == eager
    again.log
    assert calls["n"] == len(match.actions)  # worded once


def test_smaller_checkpoint_spacing_gives_the_same_states(monkeypatch):
    monkeypatch.setattr(match_module, "CHECKPOINT", 7)
    match, states = recorded_game("throwdown", 8, 40)
    assert enc(match.state_at(len(states) // 2)) == states[len(states) // 2]
