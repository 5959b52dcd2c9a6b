"""Every level returns a legal action for the seat asked, in every game, from its view alone."""
from __future__ import annotations

import random

import pytest

from core import registry
from core.ai import LEVELS, make_player
from core.errors import IllegalAction
from core.game import CHANCE, actor_players
from core.match import Match

GAMES = [info.id for info in registry.CATALOGUE if info.available]


def play(game_id: str, level: str, seed: int, steps: int = 60, iterations: int | None = None) -> int:
    """Computer seats play every decision for `steps` steps; returns how many they made."""
    match = Match.new(game_id, seed=seed)
    players = [make_player(game_id, level, seed=seed + s, iterations=iterations) for s in range(8)]
    made = 0
    for _ in range(steps):
        if match.is_over:
            break
        if match.actor == CHANCE:
            match.play_chance()
            continue
        seat = actor_players(match.actor)[-1]
        action = players[seat].choose(match, seat)
        match.apply(action)  # raises IllegalAction if the choice is illegal
        made += 1
    return made


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_actions_in_every_game(game_id: str, level: str) -> None:
    search = level in ("normal", "strong")
    assert play(game_id, level, seed=7, steps=12 if search else 80, iterations=6 if search else None) > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_random_is_reproducible(game_id: str) -> None:
    match = Match.new(game_id, seed=3)
    while match.actor == CHANCE:
        match.play_chance()
    seat = actor_players(match.actor)[0]
    first = make_player(game_id, "random", seed=11).choose(match, seat)
    assert make_player(game_id, "random", seed=11).choose(match, seat) == first


def test_a_seat_that_is_not_to_act_is_refused() -> None:
    match = Match.new("fistful-of-gold", seed=1)
    match.apply(make_player("fistful-of-gold", "random").choose(match, 0))
    with pytest.raises(IllegalAction):
        make_player("fistful-of-gold", "random").choose(match, 0)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError):
        make_player("fistful-of-gold", "grandmaster")
