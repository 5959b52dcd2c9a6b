"""Every registered game words its current step: `phase_text(state)` feeds the window's turn line."""
from __future__ import annotations

import random

import pytest

from core.match import Match
from core.registry import GAMES
from tests.saves.make_saves import play

STOPS = (0, 1, 3, 7, 15, 40)


def check(match: Match) -> None:
    text = match.game.phase_text(match.state)
    assert isinstance(text, str) and text.strip(), f"{match.game_id}: empty phase text at step {len(match.actions)}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_phase_text_at_start(game_id: str) -> None:
    check(Match.new(game_id, seed=11))


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seed", (1, 2, 3))
def test_phase_text_mid_game(game_id: str, seed: int) -> None:
    rng = random.Random(seed)
    match = Match.new(game_id, seed=seed)
    for stop in STOPS:
        play(match, rng, stop=lambda m, stop=stop: len(m.actions) >= stop)
        check(match)
        if match.is_over:
            break


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_phase_text_when_over(game_id: str) -> None:
    match = play(Match.new(game_id, seed=5), random.Random(5))
    assert match.is_over
    check(match)


def test_phase_text_follows_the_names_in_the_setup() -> None:
    """The words come from the state's facts: the seat's name, not a stored sentence."""
    match = Match.new("throwdown", seed=3)
    text = match.game.phase_text(match.state)
    assert all(p.name in text for p in match.setup.players)
