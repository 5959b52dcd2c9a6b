"""Match: undo/redo and its barriers, seeded chance, the log, legal and random actions."""
from __future__ import annotations

import random

import msgspec
import pytest

from core.errors import IllegalAction
from core.fistful.throwdown import GAME, Pick, Remove, Throw
from core.game import CHANCE, Simultaneous
from core.match import Match
from tests.core.test_throwdown_rules import F, fistful, picked, setup, throw
from tests.saves.make_saves import play

A = fistful("shadow skwall", "hyper frost")
B = fistful("shadow gregor", "crystal rimefang")
C = fistful("shadow tremmor")


def enc(state) -> bytes:
    return msgspec.json.encode(state)


def three(mode: str = "simulated", seed: int = 11) -> Match:
    return picked(A, B, C, mode=mode, seed=seed)


# --- undo / redo ----------------------------------------------------------------------

def test_undo_and_redo_a_pick():
    match = Match.new("throwdown", setup(3, "simulated"), seed=1)
    start = enc(match.state)
    assert not match.can_undo and not match.can_redo
    match.apply(Pick(1, B))
    after = enc(match.state)
    assert match.can_undo
    match.undo()
    assert enc(match.state) == start
    assert match.actions == () and match.log == []
    assert match.can_redo
    match.redo()
    assert enc(match.state) == after
    assert match.actions == (Pick(1, B),)
    assert not match.can_redo


def test_non_final_picks_are_undoable_but_the_revealing_pick_is_a_barrier():
    match = Match.new("throwdown", setup(3, "simulated"), seed=1)
    match.apply(Pick(0, A))
    match.apply(Pick(2, C))
    match.undo()
    assert match.actor == Simultaneous((1, 2))
    match.apply(Pick(2, C))
    match.apply(Pick(1, B))
    assert match.state.phase == "throw"
    assert not match.can_undo
    with pytest.raises(IllegalAction, match="cannot be undone"):
        match.undo()
    assert match.state.phase == "throw"


def test_undo_refused_after_a_throw_in_simulated_mode():
    match = three("simulated")
    match.play_chance()
    before = (enc(match.state), match.log)
    assert not match.can_undo
    with pytest.raises(IllegalAction, match="cannot be undone"):
        match.undo()
    assert (enc(match.state), match.log) == before


def test_simulated_removal_is_undoable_back_to_the_throw_only():
    match = three("table")
    match.apply(throw(match, "dd", "bb", "b"))
    assert match.actor == 0
    # the same position in simulated mode
    sim = three("simulated")
    sim.apply(match.actions[-1])
    sim.apply(Remove(0, F("shadow skwall")))
    assert sim.can_undo
    sim.undo()
    assert sim.actor == 0 and sim.state.phase == "remove"
    assert not sim.can_undo
    sim.apply(Remove(0, F("hyper frost")))
    assert sim.state.fistfuls[0] == fistful("shadow skwall")


def test_table_mode_allows_corrections_after_throws_and_reveals():
    match = three("table")
    start_of_throws = enc(match.state)
    match.apply(throw(match, "bb", "bb", "d"))
    match.apply(Remove(2, F("shadow tremmor")))
    assert match.state.out_after == (0, 0, 1)
    assert match.can_undo
    match.undo()
    match.undo()
    assert enc(match.state) == start_of_throws
    match.undo()  # the revealing pick, too
    assert match.actor == Simultaneous((2,))
    match.undo()
    match.undo()
    assert not match.can_undo
    with pytest.raises(IllegalAction, match="nothing to undo"):
        match.undo()


def test_redo_is_cleared_by_a_different_action_and_kept_by_the_same_one():
    match = Match.new("throwdown", setup(3, "table"), seed=1)
    match.apply(Pick(0, A))
    match.apply(Pick(1, B))
    match.undo()
    match.undo()
    assert match.can_redo
    match.apply(Pick(0, A))  # the action redo would give: the rest of the redo stack stays
    assert match.can_redo
    match.redo()
    assert match.actions == (Pick(0, A), Pick(1, B))
    match.undo()
    match.apply(Pick(1, fistful("hyper glacix")))
    assert not match.can_redo
    with pytest.raises(IllegalAction, match="nothing to redo"):
        match.redo()


def test_redo_after_undo_of_a_throw_in_table_mode_restores_it():
    match = three("table")
    t = throw(match, "bd", "bb", "b")
    match.apply(t)
    after = enc(match.state)
    match.undo()
    match.redo()
    assert enc(match.state) == after
    assert match.actions[-1] == t


# --- seeded chance ---------------------------------------------------------------------

def test_same_seed_gives_the_same_chance_outcomes():
    m1, m2 = three(seed=123), three(seed=123)
    for _ in range(4):
        if m1.is_over:
            break
        if m1.actor == CHANCE:
            assert m1.chance_action() == m2.chance_action()
            m1.play_chance()
            m2.play_chance()
        else:
            action = m1.legal_actions()[0]
            m1.apply(action)
            m2.apply(action)
    assert m1.actions == m2.actions


def test_different_seeds_give_different_throws():
    throws = {three(seed=s).chance_action() for s in range(20)}
    assert len(throws) > 1


def test_chance_is_the_same_after_undo_redo_and_save_load(tmp_path):
    match = three("table", seed=99)
    first = match.chance_action()
    match.apply(throw(match, "bb", "bb", "b"))  # no removal: back to a throw
    second = match.chance_action()
    match.undo()
    assert match.chance_action() == first
    match.redo()
    assert match.chance_action() == second
    match.save(tmp_path / "g.json")
    loaded = Match.load(tmp_path / "g.json")
    assert loaded.seed == 99
    assert loaded.chance_action() == second


def test_chance_action_depends_on_the_step():
    match = three("table", seed=5)
    outcomes = set()
    for _ in range(10):
        outcomes.add(match.chance_action())
        match.apply(throw(match, "bb", "bb", "b"))
    assert len(outcomes) > 1


def test_chance_action_refused_when_it_is_not_chance_to_act():
    match = Match.new("throwdown", setup(2), seed=1)
    with pytest.raises(IllegalAction, match="not chance"):
        match.chance_action()


def test_chance_throw_is_legal_and_covers_every_fistful():
    match = three(seed=3)
    t = match.chance_action()
    assert isinstance(t, Throw)
    assert [len(code) for code in t.poses] == [len(f) for f in match.state.fistfuls]
    GAME.validate(match.state, t)


# --- log, legal actions, refusals --------------------------------------------------------

def test_log_lines_match_actions():
    match = play(Match.new("throwdown", seed=42), random.Random(42))
    assert len(match.log) == len(match.actions)
    state = GAME.new(match.setup)
    for action, line in zip(match.actions, match.log):
        after = GAME.apply(state, action)
        assert line == GAME.describe(state, action, after)
        state = after
    assert enc(state) == enc(match.state)


def test_log_text():
    match = three("table")
    assert match.log == ["Player 1 picked a fistful.", "Player 2 picked a fistful.",
                         "Player 3 picked a fistful; all fistfuls revealed."]
    match.apply(throw(match, "bd", "bb", "s"))
    assert match.log[-1] == ("Throw 1: Player 1 1 up = 2; Player 2 2 up = 6 + 2 bonus = 8; Player 3 1 up = 2. "
                             "Lowest: Player 1 must remove a face-down fighter.")
    match.apply(Remove(0, F("hyper frost")))
    assert match.log[-1] == "Player 1 removed Hyper Frost; 1 left."


def test_legal_actions_in_remove_phase_are_exactly_the_removable_fighters():
    match = picked(fistful("hyper skwall", "hyper frost", "hyper gregor", "shadow glacix"), B, mode="table")
    match.apply(throw(match, "dbdd", "bb"))
    legal = match.legal_actions()
    assert legal == [Remove(0, F("hyper skwall")), Remove(0, F("hyper gregor")), Remove(0, F("shadow glacix"))]
    for action in legal:
        GAME.validate(match.state, action)


def test_illegal_action_leaves_state_log_and_redo_untouched():
    match = three("table")
    match.apply(throw(match, "bd", "bb", "b"))
    match.apply(Remove(0, F("hyper frost")))
    match.undo()
    before = (enc(match.state), match.log, match.actions, match.can_redo)
    for bad in (Remove(0, F("shadow skwall")), Remove(1, F("shadow gregor")), Pick(0, A),
                throw(match, "bd", "bb", "b")):
        with pytest.raises(IllegalAction) as err:
            match.apply(bad)
        assert err.value.reason
        assert err.value.action == bad
        assert (enc(match.state), match.log, match.actions, match.can_redo) == before


def test_random_action_for_players_and_chance():
    rng = random.Random(0)
    match = Match.new("throwdown", setup(4, "simulated"), seed=8)
    pending = set(range(4))
    while match.state.phase == "pick":
        a = match.random_action(rng)
        assert isinstance(a, Pick) and a.player in pending
        pending.discard(a.player)
        match.apply(a)
    assert match.actor == CHANCE
    t = match.random_action(rng)
    assert isinstance(t, Throw)
    match.apply(t)
    while match.state.phase != "remove":
        match.play_chance()
    a = match.random_action(rng)
    assert a in match.legal_actions()
    play(match, rng)
    with pytest.raises(IllegalAction, match="over"):
        match.random_action(rng)
    with pytest.raises(IllegalAction, match="over"):
        match.apply(Pick(0, A))


def test_unknown_game_id():
    with pytest.raises(KeyError, match="throwdown"):
        Match.new("chess")


def test_table_mode_can_take_back_the_winning_removal():
    match = picked(fistful("hyper skwall"), fistful("hyper gregor"), mode="table")
    match.apply(throw(match, "b", "d"))
    match.apply(Remove(1, F("hyper gregor")))
    assert match.is_over and match.result.winners == (0,)
    match.undo()
    assert not match.is_over and match.result is None
    assert match.legal_actions() == [Remove(1, F("hyper gregor"))]


def test_simulated_mode_can_take_back_the_winning_removal_but_not_the_throw():
    match = picked(fistful("hyper skwall"), fistful("hyper gregor", "hyper frost"), mode="simulated")
    match.apply(throw(match, "b", "dd"))
    match.apply(Remove(1, F("hyper gregor")))
    match.undo()
    match.apply(Remove(1, F("hyper frost")))
    assert match.state.fistfuls[1] == fistful("hyper gregor")
