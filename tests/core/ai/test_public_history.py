"""A seat's public history: every action, with what the seat may not see blanked by the game."""
from __future__ import annotations

import random

import msgspec

from core.match import Match
from core.registry import GAMES


def played(game_id: str, steps: int, seed: int = 3) -> Match:
    match = Match.new(game_id, seed=seed)
    rng = random.Random(seed)
    while not match.is_over and match.steps < steps:
        match.apply(match.random_action(rng))
    return match


def test_history_has_one_entry_per_action_in_every_game() -> None:
    for game_id in GAMES:
        match = played(game_id, 30)
        for seat in range(len(match.setup.players)):
            history = match.public_history(seat)
            assert len(history) == match.steps, game_id
            assert [type(a) for a in history] == [type(a) for a in match.actions], game_id


def test_a_game_that_hides_nothing_shows_every_action() -> None:
    match = played("impact", 40)
    assert match.public_history(0) == match.actions


def test_redaction_is_the_games_and_sees_the_state_now() -> None:
    match = played("throwdown", 1)
    seen: list[tuple[int, object]] = []

    class Spy:
        def __init__(self, game: object) -> None:
            self.game = game

        def __getattr__(self, name: str) -> object:
            return getattr(self.game, name)

        def redact(self, action: object, seat: int, before: object, now: object) -> object:
            seen.append((seat, now))
            return msgspec.structs.replace(action) if hasattr(action, "__struct_fields__") else action

    match.game = Spy(match.game)  # type: ignore[assignment]
    match.public_history(1)
    assert seen and all(seat == 1 and now is match.state for seat, now in seen)
