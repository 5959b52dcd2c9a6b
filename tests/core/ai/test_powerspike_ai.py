"""Power Spike's computer players: determinisations keep what the seat sees, the pile order
(the game's only secret) never changes a choice, and every level plays legal moves."""
from __future__ import annotations

import random

import msgspec

from core.ai import make_player
from core.game import CHANCE
from core.match import Match
from core.powerspike.determinize import determinize

GAME_ID = "power-spike"


def after(steps: int, seed: int) -> Match:
    """A game of random play stopped after `steps` steps (or at its end)."""
    match = Match.new(GAME_ID, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.is_over:
            break
        if match.actor == CHANCE:
            match.play_chance()
        else:
            match.apply(match.random_action(rng))
    return match


def acting(steps: int, seed: int) -> Match:
    """As `after`, then on to the next step a seat (not chance) takes."""
    match = after(steps, seed)
    while match.actor == CHANCE:
        match.play_chance()
    return match


def test_determinisations_keep_every_visible_fact() -> None:
    for seed, steps in ((1, 0), (2, 40), (3, 120), (4, 200)):
        match = after(steps, seed)
        for seat in (0, 1):
            view = match.view(seat)
            orders = set()
            for draw in range(4):
                state = determinize(view, seat, random.Random(draw))
                assert match.game.view(state, seat) == view
                assert sorted(state.movement_deck.pile) == list(view.movement_deck.pile)
                assert sorted(state.combat_deck.pile) == list(view.combat_deck.pile)
                assert msgspec.structs.replace(state, movement_deck=view.movement_deck,
                                               combat_deck=view.combat_deck) == view
                orders.add(state.combat_deck.pile)
            assert len(orders) > 1 or len(view.combat_deck.pile) < 2


def test_the_game_determinizes_through_its_rules() -> None:
    match = after(60, 7)
    state = match.game.determinize(match.view(0), 0, random.Random(1))
    assert match.game.view(state, 0) == match.view(0)


def test_pile_order_does_not_change_the_normal_choice() -> None:
    match = acting(60, 5)
    seat = match.actor
    state = match.state
    twin = msgspec.structs.replace(state, combat_deck=msgspec.structs.replace(
        state.combat_deck, pile=tuple(reversed(state.combat_deck.pile))), movement_deck=msgspec.structs.replace(
        state.movement_deck, pile=tuple(reversed(state.movement_deck.pile))))
    assert twin != state
    game = match.game
    assert game.view(twin, seat) == game.view(state, seat)
    a = make_player(GAME_ID, "normal", seed=3, iterations=12).choose_from_view(game.view(state, seat), seat, 60)
    b = make_player(GAME_ID, "normal", seed=3, iterations=12).choose_from_view(game.view(twin, seat), seat, 60)
    assert a == b
    game.validate(state, a)
