"""Clout Fantasy's computer players: determinisation, redaction, Easy and Normal legality, hints."""
from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from core.ai import make_player
from core.clout.determinize import HIDDEN, determinize, hidden_uids
from core.clout.game import GAME, CloutState, ThrowChip
from core.clout.stacks import Stack, is_legal, ready_stacks
from core.game import CHANCE
from core.match import Match


def clout_after(steps: int, seed: int, setup: Any = None) -> Match:
    """A Clout game after `steps` random actions (chance included)."""
    match = Match.new("clout", setup, seed=seed)
    rng = random.Random(seed)
    while not match.is_over and match.steps < steps:
        match.apply(match.random_action(rng))
    return match


class Table:
    """A stand-in match on a given true state: all a computer player reads of a match."""

    def __init__(self, state: CloutState, steps: int = 0) -> None:
        self.state = state
        self.steps = steps

    @property
    def actor(self) -> Any:
        return GAME.actor(self.state)

    def view(self, seat: int) -> CloutState:
        return GAME.view(self.state, seat)


def custom_setup() -> Any:
    """Seat 1 plays an own-built stack (its chips are hidden from seat 0)."""
    setup = GAME.default_setup()
    chips = ready_stacks()["goblins-scrap-horde"].chips
    return msgspec.structs.replace(setup, custom_stacks=(None, Stack("Mine", chips)))


def play_random(state: CloutState, rng: random.Random, limit: int = 2000) -> CloutState:
    for _ in range(limit):
        if GAME.actor(state) is None:
            return state
        action = GAME.random_action(state, rng)
        GAME.validate(state, action) if GAME.actor(state) != CHANCE else None
        state = GAME.apply(state, action)
    raise AssertionError("a random playout on a determinisation did not end")


@pytest.mark.parametrize("steps", [0, 7, 20, 45])
@pytest.mark.parametrize("custom", [False, True])
def test_determinisations_agree_with_the_view_and_can_be_played(steps: int, custom: bool) -> None:
    for seed in range(2):
        match = clout_after(steps, seed, custom_setup() if custom else None)
        if match.is_over:
            continue
        for seat in (0, 1):
            view = match.view(seat)
            for draw in range(3):
                state = determinize(view, seat, random.Random(draw))
                assert GAME.view(state, seat) == view
                assert all(HIDDEN not in ks for ks in state.kinds)
                if custom and seat == 0:
                    assert is_legal(state.setup.custom_stacks[1]) or not hidden_uids(view, 1)
                if draw == seat:
                    play_random(state, random.Random(draw))


def test_ready_stack_hidden_chips_are_the_stack_less_the_seen() -> None:
    match = clout_after(12, 4)
    view = match.view(0)
    state = determinize(view, 0, random.Random(1))
    assert sorted(state.kinds[1]) == sorted(ready_stacks()[match.setup.stacks[1]].chips)


def twin_with_hidden_shuffled(state: CloutState, rival: int, rng: random.Random) -> CloutState:
    """The same state with the rival's still hidden stack chips in another order."""
    hidden = [k for k in range(len(state.kinds[rival])) if f"{rival}.{k}" in state.stacks[rival]
              and not (state.ctx and state.ctx.chip == f"{rival}.{k}")]
    kinds = list(state.kinds[rival])
    values = [kinds[k] for k in hidden]
    for _ in range(20):
        rng.shuffle(values)
        if [kinds[k] for k in hidden] != values:
            break
    for k, v in zip(hidden, values):
        kinds[k] = v
    return msgspec.structs.replace(state, kinds=tuple(tuple(kinds) if p == rival else ks
                                                      for p, ks in enumerate(state.kinds)))


@pytest.mark.parametrize("steps", [2, 12])
def test_hidden_differences_do_not_change_the_normal_choice(steps: int) -> None:
    match = clout_after(steps, 8)
    while match.actor == CHANCE:
        match.play_chance()
    seat = match.actor
    base = match.state
    twin = twin_with_hidden_shuffled(base, 1 - seat, random.Random(3))
    assert base != twin and GAME.view(base, seat) == GAME.view(twin, seat)
    a = make_player("clout", "normal", seed=9, iterations=8).choose(Table(base, match.steps), seat)
    b = make_player("clout", "normal", seed=9, iterations=8).choose(Table(twin, match.steps), seat)
    assert a == b


def test_redact_blanks_a_rival_chip_while_hidden_and_shows_it_once_revealed() -> None:
    match = clout_after(0, 2)
    seat = match.actor
    rival = 1 - seat
    before = match.state
    chip = before.stacks[seat][0]
    throw = ThrowChip(seat, chip, 50.0, 50.0, 0.2)
    assert GAME.redact(throw, rival, before, before).chip == HIDDEN
    assert GAME.redact(throw, seat, before, before) == throw
    match.apply(throw)
    assert GAME.redact(throw, rival, before, match.state) == throw
    history = match.public_history(rival)
    assert history[-1] == throw


def play_whole_game(players: dict[int, Any], seed: int) -> Match:
    """A whole game through Match (every action validated), computer players by seat."""
    match = Match.new("clout", seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        actor = match.actor
        if actor == CHANCE:
            match.play_chance()
            continue
        player = players.get(actor)
        match.apply(player.choose(match, actor) if player is not None else match.random_action(rng))
    return match


def test_easy_plays_a_whole_game_legally_and_beats_random_here() -> None:
    match = play_whole_game({0: make_player("clout", "easy", seed=1)}, seed=5)
    assert match.result is not None and match.result.winners == (0,)


def test_tiny_budget_normal_plays_a_whole_game_legally() -> None:
    match = play_whole_game({1: make_player("clout", "normal", seed=2, iterations=3)}, seed=6)
    assert match.is_over


def test_explain_names_real_chips_and_a_chance() -> None:
    from core.ai.knowledge import knowledge
    explain = knowledge("clout").explain
    assert explain is not None
    seen = 0
    for steps in (6, 14, 24):
        match = clout_after(steps, 3)
        while match.actor == CHANCE or match.state.phase != "choose":
            match.apply(match.random_action(random.Random(match.steps)))
        seat = match.actor
        view = match.view(seat)
        action = make_player("clout", "easy", seed=1).choose(match, seat)
        why = explain(view, seat, action)
        (key, value), = why.numbers
        assert key == "reach_chance" and 0.0 <= value <= 1.0
        on_area = {c.uid for c in view.chips}
        assert set(why.chips) <= on_area
        seen += len(why.chips)
    assert seen > 0


def test_measured_setup_mirrors_every_ready_stack_from_both_seats() -> None:
    from core.ai.knowledge.clout import measured_setup
    setups = [measured_setup(g) for g in range(2 * len(ready_stacks()))]
    for g, setup in enumerate(setups):
        GAME.validate_setup(setup)
        assert setup.stacks[0] == setup.stacks[1]
        assert setups[g - g % 2] == setup  # two games running on one stack: seats alternate on it
    assert {s.stacks[0] for s in setups} == set(ready_stacks())


def test_weighing_gives_the_same_play_the_same_value_and_keeps_easy_on_a_tie() -> None:
    from core.ai import clout_weigh
    from core.ai.heuristics import clout as easy
    from core.ai.knowledge.clout import evaluate, playout
    match = clout_after(14, 5)
    while match.actor == CHANCE or match.state.phase != "choose":
        match.apply(match.random_action(random.Random(match.steps)))
    seat = match.actor
    view = match.view(seat)
    plays = [a for _g, a in easy.ranked_plays(view, seat, random.Random(1))]
    values = clout_weigh.weigh(view, seat, random.Random(2), [plays[0], plays[1], plays[0]], 4, 0, playout, evaluate)
    assert values[0] == values[2]  # the same landings for every option
    assert clout_weigh.pick(view, seat, random.Random(2), plays[0], plays[1:3], 4, 0, 2.0, playout,
                            evaluate) == plays[0]


def test_self_play_measures_on_the_mirrored_setup() -> None:
    from core.ai.knowledge.clout import measured_setup
    from core.ai.selfplay import measured_setup as used
    assert all(used("clout", g, 2) == measured_setup(g) for g in range(8))
