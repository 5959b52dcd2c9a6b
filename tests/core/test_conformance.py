"""Every registered game, played randomly: saves reload exactly mid-game, games end, results make sense."""
from __future__ import annotations

import random

import msgspec
import pytest

from core.errors import IllegalSetup
from core.game import CHANCE, Result, actor_players
from core.match import Match
from core.registry import GAMES

GAMES_PER_ID = 250  # halved from 500 to keep the test command within its 8 minutes
# Games of hundreds of actions each: fewer games still play tens of thousands of actions.
# Clout and Impact: 250 games reach every line and branch (of the game package, core/match.py and
# core/saves.py) that 500 reach, measured with coverage.py; they are the first 250 of the 500.
GAMES_FOR = {"power-spike": 50, "clout": 250, "impact": 250}
MAX_STEPS = 5_000


def player_counts(game) -> list[int]:
    counts = []
    for n in range(0, 13):
        try:
            game.validate_setup(game.default_setup(n))
        except (IllegalSetup, IndexError, ValueError):
            continue
        counts.append(n)
    return counts


def check_result(match: Match, players: int) -> None:
    res = match.result
    assert isinstance(res, Result), f"{match.game_id}: finished without a Result"
    text = match.game.result_text(match.state)
    assert isinstance(text, str) and text.strip()
    assert len(res.placings) == players, f"{match.game_id}: placings {res.placings} for {players} seats"
    for rank in res.placings:  # competition ranking: rank r has exactly r-1 seats ahead of it
        assert 1 <= rank <= players and sum(1 for r in res.placings if r < rank) == rank - 1, res
    if res.winners and players > 1:
        assert {s for s, r in enumerate(res.placings) if r == 1} == set(res.winners), res
    assert len(set(res.winners)) == len(res.winners)
    assert all(isinstance(w, int) and 0 <= w < players for w in res.winners), res
    if res.draw:
        assert len(res.winners) >= 2, f"a draw needs at least two players: {res}"
    elif players > 1:
        assert len(res.winners) >= 1, f"a {players}-player game ended with no winner: {res}"
    assert match.actor is None
    assert not match.legal_actions()


def reload(match: Match, path) -> Match:
    match.save(path)
    loaded = Match.load(path)
    assert msgspec.json.encode(loaded.state) == msgspec.json.encode(match.state)
    assert loaded.log == match.log
    assert loaded.actions == match.actions
    assert loaded.seed == match.seed
    return loaded


@pytest.mark.parametrize("game_id", list(GAMES))
def test_random_games_reload_mid_game_and_end(game_id, tmp_path):
    game = GAMES[game_id]
    counts = player_counts(game)
    assert counts, f"{game_id}: default_setup(n) is valid for no player count"
    rng = random.Random(f"conformance:{game_id}")
    ended = 0
    games = GAMES_FOR.get(game_id, GAMES_PER_ID)
    for g in range(games):
        players = rng.choice(counts)
        match = Match.new(game_id, game.default_setup(players), seed=rng.randrange(2**31))
        save_at = rng.randrange(0, 80)
        assert match.result is None
        for step in range(MAX_STEPS):
            if step == save_at or (match.is_over and step < save_at):
                match = reload(match, tmp_path / f"{game_id}.json")
                save_at = -1
            if match.is_over:
                break
            assert match.result is None
            if match.actor == CHANCE:
                match.play_chance()
            else:
                assert actor_players(match.actor), f"{game_id}: no one to act at step {step}"
                action = match.random_action(rng)
                legal = match.legal_actions()
                if legal is not None:
                    assert action in legal, f"{game_id}: random_action {action} is not in legal_actions"
                match.apply(action)
        else:
            pytest.fail(f"{game_id} game {g} ({players} players, seed {match.seed}) "
                        f"did not end within {MAX_STEPS} steps")
        check_result(match, players)
        ended += 1
    assert ended == games
