"""When a shared screen would show a Clout stack (`CloutGame.secret`): the curtain's rule. Stacks
are secret, so the screen is curtained for whichever seat is to act, hot-seat or at the table."""
from __future__ import annotations

import random

import msgspec
import pytest

from core.clout import game as cg
from core.game import CHANCE, Secret
from core.match import Match


def new_match(mode: str = "simulated") -> Match:
    return Match(cg.GAME, msgspec.structs.replace(cg.GAME.default_setup(), mode=mode), 1)


def throw_first_base(match: Match) -> str:
    s = match.state
    p = s.turn
    base = next(u for u in s.stacks[p] if match.game.catalogue.chip(s.kind(u)).type == "base")
    match.apply(cg.ThrowChip(p, base, 30 + 40 * p, 30 + 40 * p, 0.0))
    return base


@pytest.mark.parametrize("mode", ["simulated", "table"])
def test_the_seat_to_choose_a_chip_is_curtained_in_either_mode(mode):
    match = new_match(mode)
    assert match.game.secret(match.state) == Secret(0, "choose")


def test_a_landing_keeps_the_throwers_stack_on_screen():
    match = new_match("table")
    base = throw_first_base(match)
    assert match.actor == CHANCE
    assert match.game.secret(match.state) == Secret(0, "land")
    match.apply(cg.Landed(base, (cg.Spot(base, 30, 30),)))
    assert match.game.secret(match.state) == Secret(1, "choose"), "the next turn is the other seat's"


def test_a_decision_belongs_to_the_seat_that_makes_it():
    rng = random.Random(4)
    match = new_match()
    seen = set()
    while not match.is_over:
        s = match.state
        secret = match.game.secret(s)
        if s.phase == "resolve":
            assert secret == Secret(match.actor, "decision")
            seen.add(match.actor != s.turn)
        elif s.phase in ("throw", "precision"):
            assert secret == Secret(s.turn, "throw")
        match.apply(match.game.sample_chance(s, rng) if match.actor == CHANCE else match.game.random_action(s, rng))
    assert seen, "the game asked for a decision"


def test_nothing_is_secret_once_the_game_is_over():
    rng = random.Random(2)
    match = new_match()
    while not match.is_over:
        s = match.state
        match.apply(match.game.sample_chance(s, rng) if match.actor == CHANCE else match.game.random_action(s, rng))
    assert match.game.secret(match.state) is None
