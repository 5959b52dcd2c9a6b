"""Hidden information in the Fistful of Power games: two states that differ only in what a seat
may not see (another player's secret army or fistful before the reveal) give that seat the same
view, byte for byte; what the seat may see still shows."""
from __future__ import annotations

import random

import msgspec
import pytest

from core import registry
from core.game import CHANCE, actor_players


def view_bytes(game, state, seat) -> bytes:
    return msgspec.json.encode(game.view(state, seat))


def reach(game_id: str, players: int, wanted, seeds=range(200), **changes):
    """A state in a phase `wanted` accepts, found by seeded random play."""
    game = registry.get(game_id)
    setup = msgspec.structs.replace(game.default_setup(players), **changes)
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new(setup)
        for _ in range(3_000):
            if wanted(state):
                return game, state, rng
            actor = game.actor(state)
            if actor is None:
                break
            action = game.sample_chance(state, rng) if actor == CHANCE else game.random_action(state, rng)
            state = game.apply(state, action)
    raise AssertionError(f"{game_id}: no state found")


def secret_choices(game, state, rng, secret_seat: int):
    """Two different legal choices of `secret_seat`, applied: the two states S must not tell apart."""
    seen = {}
    for _ in range(200):
        action = game.random_action(state, rng)
        if action.player != secret_seat:
            continue
        game.validate(state, action)
        seen[msgspec.json.encode(action)] = action
        if len(seen) == 2:
            a, b = seen.values()
            return game.apply(state, a), game.apply(state, b)
    raise AssertionError("no two different secret choices found")


def check_hidden(game, before, rng):
    pending = actor_players(game.actor(before))
    assert len(pending) >= 2
    viewer, secret = pending[0], pending[1]
    a, b = secret_choices(game, before, rng, secret)
    assert msgspec.json.encode(a) != msgspec.json.encode(b)
    assert view_bytes(game, a, viewer) == view_bytes(game, b, viewer), "the secret choice leaks"
    assert view_bytes(game, a, None) == view_bytes(game, b, None), "a spectator sees the secret"
    assert view_bytes(game, a, secret) != view_bytes(game, b, secret), "the chooser must see their choice"


@pytest.mark.parametrize("players", [2, 3, 10])
def test_throwdown_fistfuls_stay_secret_while_picking(players):
    game, state, rng = reach("throwdown", players, lambda s: s.phase == "pick")
    check_hidden(game, state, rng)


def test_throwdown_fistfuls_show_once_everyone_has_picked():
    game, state, rng = reach("throwdown", 3, lambda s: s.phase == "throw")
    assert game.view(state, 0) == state


@pytest.mark.parametrize("game_id", ["domination", "all-out-war"])
@pytest.mark.parametrize("players", [2, 4])
def test_battle_armies_stay_secret_while_choosing(game_id, players):
    game, state, rng = reach(game_id, players, lambda s: s.phase == "army" and len(s.pending) == s.players)
    check_hidden(game, state, rng)


@pytest.mark.parametrize("game_id", ["domination", "all-out-war"])
@pytest.mark.parametrize("players", [2, 3])
def test_battle_fistfuls_stay_secret_while_choosing(game_id, players):
    game, state, rng = reach(game_id, players, lambda s: s.phase == "fistful" and len(s.pending) == s.players)
    check_hidden(game, state, rng)


@pytest.mark.parametrize("game_id", ["domination", "all-out-war"])
def test_new_fistfuls_and_ambush_fighters_stay_secret_after_a_battle(game_id):
    def reselecting(s) -> bool:
        keeper = s.history[-1].winner if s.history else None
        return s.phase == "reselect" and len([p for p in s.pending if p != keeper]) >= 2

    game, state, rng = reach(game_id, 4, reselecting)
    keeper = state.history[-1].winner
    pending = [p for p in state.pending if p != keeper]
    viewer, secret = pending[0], pending[1]
    a, b = secret_choices(game, state, rng, secret)
    assert view_bytes(game, a, viewer) == view_bytes(game, b, viewer)


def test_battle_ambush_fighter_stays_secret():
    game, state, rng = reach("domination", 3, lambda s: s.phase in ("fistful", "reselect")
                             and sum(s.ambush_right[p] for p in s.pending) >= 1 and len(s.pending) >= 2,
                             ambush=True)
    secret = next(p for p in state.pending if state.ambush_right[p])
    viewer = next(p for p in state.pending if p != secret)
    from core.fistful.battles import ChooseFistful

    shadows = [f for f in state.armies[secret] if f.finish == "shadow"]
    for _ in range(200):
        base = game.random_action(state, rng)
        if base.player == secret:
            break
    options = [f for f in shadows if f not in base.fighters]
    if not options:
        pytest.skip("no spare shadow fighter in this army")
    a = game.apply(state, ChooseFistful(secret, base.fighters, None))
    b = game.apply(state, ChooseFistful(secret, base.fighters, options[0]))
    assert view_bytes(game, a, viewer) == view_bytes(game, b, viewer)
    assert view_bytes(game, a, secret) != view_bytes(game, b, secret)


def test_solitaire_hides_nothing_from_its_only_player():
    """One seat, no secrets: the view is the whole state, so two different states never look alike."""
    game, state, rng = reach("solitaire", 1, lambda s: s.phase == "enter")
    assert game.view(state, 0) == state
    other = game.apply(state, game.random_action(state, rng))
    assert view_bytes(game, other, 0) != view_bytes(game, state, 0)
