"""The app's Undo against the computer (Match.undo_turn): back to where a person was to act, the
computer's moves since included, since undoing only the computer's move would have it play that
move again at once."""
from __future__ import annotations

import random

import msgspec
import pytest

from core import registry
from core.ai import make_player
from core.errors import IllegalAction
from core.game import CHANCE, actor_players, with_computers
from core.match import Match


def against(game_id: str, computers: dict[int, str | None], seed: int = 3, **options) -> Match:
    setup = registry.get(game_id).default_setup()
    if options:
        setup = msgspec.structs.replace(setup, **options)
    return Match.new(game_id, with_computers(setup, computers), seed)


def step(match: Match, rng: random.Random) -> None:
    if match.actor == CHANCE:
        match.play_chance()
    else:
        match.apply(make_player(match.game_id, "easy", seed=rng.randrange(10**6)).choose(
            match, actor_players(match.actor)[0]))


def test_undo_takes_back_the_persons_move_with_the_computers_replies():
    match = against("power-spike", {1: "easy"})
    rng = random.Random(1)
    seen = 0
    while seen < 3 and match.steps < 400:
        step(match, rng)
        movers = [actor_players(match.game.actor(match.state_at(s))) for s in range(match.steps)]
        if movers[-1] != (1,) or match.turn_undo_blocked_reason() is not None:
            continue
        person = max(s for s, m in enumerate(movers) if not m or 0 in m)
        assert all(m == (1,) for m in movers[person + 1:])
        assert match.turn_steps() == match.steps - person >= 2
        before = match.actions
        match.undo_turn()
        assert match.actions == before[:person] and 0 in actor_players(match.actor)
        for action in before[person:]:  # redo puts it all back, the person's move first
            match.redo()
        assert match.actions == before
        seen += 1
    assert seen == 3


@pytest.mark.parametrize("game_id", ["throwdown", "domination", "impact", "clout"])
def test_between_people_and_at_a_table_of_computers_undo_is_one_step(game_id):
    rng = random.Random(5)
    people = against(game_id, {})
    n = len(people.setup.players)
    computers = against(game_id, {s: "easy" for s in range(n)})
    for match in (people, computers):
        for _ in range(40):
            if match.is_over:
                break
            step(match, rng)
            assert match.turn_steps() == 1
            assert match.turn_undo_blocked_reason() == match.undo_blocked_reason()


def test_a_throw_revealed_since_the_persons_move_blocks_the_undo_and_changes_nothing():
    match = against("domination", {1: "easy"})
    rng = random.Random(2)
    while match.steps < 300:
        step(match, rng)
        back = match.turn_steps()
        if back > 1 and match.turn_undo_blocked_reason() is not None:
            break
    else:
        raise AssertionError("the computer never moved after a throw")
    assert not match.can_undo or any(match._barrier[-back:])
    before = match.actions
    with pytest.raises(IllegalAction) as refused:
        match.undo_turn()
    assert "revealed since your last move" in refused.value.reason and match.actions == before


def test_at_the_table_a_revealed_throw_does_not_block_it():
    match = against("domination", {1: "easy"}, mode="table")
    rng = random.Random(2)
    while match.steps < 300:
        step(match, rng)
        if match.turn_steps() > 1 and any(match._barrier[-match.turn_steps():]):
            break
    else:
        raise AssertionError("no computer move after a throw")
    assert match.turn_undo_blocked_reason() is None
    back = match.turn_steps()
    before = match.actions
    match.undo_turn()
    assert match.actions == before[:-back]


def test_a_loaded_or_positioned_match_counts_its_undo_alike(tmp_path):
    match = against("power-spike", {1: "easy"})
    rng = random.Random(4)
    for _ in range(60):
        step(match, rng)
    path = tmp_path / "spike.json"
    match.save(path)
    loaded = Match.load(path)
    counts = [[m.positioned(k).turn_steps() for k in range(20, match.steps + 1)] for m in (match, loaded)]
    movers = [actor_players(match.game.actor(match.state_at(s))) for s in range(match.steps)]
    truth = []
    for k in range(20, match.steps + 1):
        back = 1
        while back < k and movers[k - back] == (1,):
            back += 1
        truth.append(back)
    assert counts[0] == counts[1] == truth and max(truth) > 1
