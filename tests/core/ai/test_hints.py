"""Hints are the Normal computer's move with the game's numbers (core/ai/hints.py), and a throw
after a seat's move is that seat's (core/ai/turns.py), from facts alone."""
from __future__ import annotations

import random

import pytest

from core.ai import decision_rng, make_player
from core.ai.hints import Hint, hint
from core.ai.knowledge import KNOWLEDGE, Knowledge, Why
from core.ai.turns import chance_owners, computer_throws
from core.errors import IllegalAction
from core.game import CHANCE, actor_players, with_computers
from core.match import Match


def until(match: Match, done, rng: random.Random, limit: int = 200) -> None:
    for _ in range(limit):
        if done(match):
            return
        match.apply(match.random_action(rng))
    raise AssertionError("the position never came")


def test_a_hint_is_the_normal_players_move_with_the_games_numbers(monkeypatch):
    seen = []

    def explain(view, seat, action, rng):
        seen.append((view, seat, action, rng.random()))
        return Why(numbers=(("win_chance", 0.6),))

    monkeypatch.setitem(KNOWLEDGE, "clout", Knowledge(explain=explain))
    match = Match.new("clout", seed=5)
    seat = actor_players(match.actor)[0]
    got = hint(match, seat, seed=3, iterations=4)
    assert isinstance(got, Hint)
    assert got.action == make_player("clout", "normal", seed=3, iterations=4).choose(match, seat)
    assert got.why.numbers == (("win_chance", 0.6),)
    fresh = decision_rng(3, match.steps, seat).random()
    assert seen == [(match.view(seat), seat, got.action, fresh)], \
        "explain reads the seat's view only, with a fresh copy of the decision's generator"
    match.apply(got.action)  # the advice is a legal move


def test_a_gold_hint_never_plays_a_card_its_own_figures_call_unplayed():
    """The duel's mixed strategy is solved on sampled hands; the figures were solved on other
    samples than the move, so a hint said "Play 2 ... played 0 % of the time"."""
    rng = random.Random(4)
    for seed in range(6):
        match = Match.new("fistful-of-gold", seed=seed)
        for _ in range(40):
            if match.is_over:
                break
            seat = next((s for s in actor_players(match.actor) if match.state.phase == "duel"), None)
            if seat is not None and match.view(seat).pending[seat] is None:
                got = hint(match, seat, seed=seed)
                chance = dict(got.why.numbers)["play_chance"]
                assert chance > 0, (seed, match.steps, got.action)
            match.apply(match.random_action(rng))


def test_a_game_without_explain_gives_bare_facts(monkeypatch):
    monkeypatch.setitem(KNOWLEDGE, "fistful-of-gold", Knowledge())
    match = Match.new("fistful-of-gold", seed=5)
    got = hint(match, 1, seed=1, iterations=4)
    assert got.why == Why()
    assert got.action.player == 1
    match.apply(got.action)


def test_no_hint_for_a_seat_that_does_not_act():
    match = Match.new("clout", seed=5)
    idle = 1 - actor_players(match.actor)[0]
    with pytest.raises(IllegalAction):
        hint(match, idle, seed=0, iterations=4)


def test_a_throw_after_a_lone_seats_move_is_that_seats():
    rng = random.Random(2)
    match = Match.new("clout", seed=4)
    until(match, lambda m: m.actor == CHANCE, rng)
    mover = match.game.actor(match.state_at(match.steps - 1))
    assert chance_owners(match) == (mover,)
    levels = {mover: "easy", 1 - mover: None}
    match.setup = with_computers(match.setup, levels)
    assert computer_throws(match)
    match.setup = with_computers(match.setup, {mover: None, 1 - mover: "easy"})
    assert not computer_throws(match), "the human whose move it follows throws"


def test_after_a_simultaneous_exchange_every_seat_in_it_owns_the_throw():
    """Throwdown's picks narrow (both seats, then the one still picking): both own the throw, so
    a human in the exchange throws even when the computer chose last."""
    rng = random.Random(1)
    match = Match.new("throwdown", setup=with_computers(Match.new("throwdown").setup, {1: "easy"}), seed=4)
    until(match, lambda m: m.actor == CHANCE, rng)
    assert chance_owners(match) == tuple(range(len(match.setup.players)))
    assert not computer_throws(match)
    match.setup = with_computers(match.setup, {i: "easy" for i in range(len(match.setup.players))})
    assert computer_throws(match)


def test_the_first_throw_of_a_game_is_the_tables():
    match = Match.new("impact", seed=4)
    assert match.actor == CHANCE and chance_owners(match) == ()
    assert not computer_throws(match)
    match.setup = with_computers(match.setup, {i: "easy" for i in range(len(match.setup.players))})
    assert computer_throws(match)
