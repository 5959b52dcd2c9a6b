"""Replays and the finished_at fact: positioned copies, turns, what-ifs, and when a game ended."""
from __future__ import annotations

import random
import re
from pathlib import Path

import msgspec
import pytest

from core import saves
from core.game import CHANCE, Simultaneous
from core.match import Match
from core.replay import DENSE, Replay
from tests.saves.make_saves import play

OLD = Path(__file__).resolve().parents[1] / "saves" / "0.1.0"
ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")


def enc(obj) -> bytes:
    return msgspec.json.encode(obj)


@pytest.fixture(scope="module")
def spike() -> Match:
    """A whole simulated Power Spike game: hundreds of steps, throws and draws."""
    return play(Match.new("power-spike", seed=5), random.Random(5))


@pytest.fixture(scope="module")
def replay(spike) -> Replay:
    return Replay(spike)


# --- finished_at ---------------------------------------------------------------------------

def test_finished_at_is_written_when_the_game_ends_and_survives_a_save(tmp_path):
    match = Match.new("throwdown", seed=3)
    rng = random.Random(3)
    while not match.is_over:
        assert match.finished_at == ""
        match.play_chance() if match.actor == CHANCE else match.apply(match.random_action(rng))
    assert ISO.match(match.finished_at)
    match.save(tmp_path / "a.battlebox.json")
    again = Match.load(tmp_path / "a.battlebox.json")
    assert again.finished_at == match.finished_at


def test_undoing_the_final_action_clears_finished_at():
    game = Match.new("all-out-war").game
    table = msgspec.structs.replace(game.default_setup(), mode="table")
    match = play(Match.new("all-out-war", table, seed=4), random.Random(4))
    assert match.is_over and match.finished_at
    match.undo()
    assert not match.is_over and match.finished_at == ""
    assert b"finished_at" not in saves.encode_doc(match.to_doc())  # omitted while empty


def test_older_saves_open_without_finished_at():
    for path in sorted(OLD.glob("*-finished.battlebox.json"))[:3]:
        match = Match.load(path)
        assert match.is_over and match.finished_at == ""


def test_a_save_with_finished_at_is_still_version_2():
    match = Match.new("throwdown", seed=1)
    match.finished_at = "2026-12-02T10:04:05Z"
    doc = saves.decode_doc(saves.encode_doc(match.to_doc())).doc
    assert doc.version == 2 and doc.finished_at == "2026-12-02T10:04:05Z"


# --- positioned copies -----------------------------------------------------------------------

def test_at_gives_the_state_of_every_step_and_leaves_the_match_alone(spike, replay):
    before = (spike.actions, enc(spike.state), spike.finished_at)
    order = list(range(spike.steps + 1))
    random.Random(1).shuffle(order)
    for step in order[:80] + list(range(40, 40 + 2 * DENSE)):  # jumps, then steps forward
        shown = replay.at(step)
        assert shown.steps == step and shown.actions == spike.actions[:step]
        assert enc(shown.state) == enc(spike.state_at(step))
        assert shown.log == spike.log[:step]
    assert (spike.actions, enc(spike.state), spike.finished_at) == before
    assert replay.at(spike.steps).finished_at == spike.finished_at
    assert replay.at(spike.steps - 1).finished_at == ""


def test_a_positioned_copy_plays_on_without_touching_the_original(spike, replay):
    copy = replay.at(10)
    while copy.actor == CHANCE:
        copy.play_chance()
    copy.apply(copy.random_action(random.Random(2)))
    assert enc(spike.state_at(10)) == enc(replay.state_at(10)) != enc(copy.state)
    assert replay.at(spike.steps).actions == spike.actions


def test_turns_start_where_the_seat_changes_and_chance_joins_the_turn_before(spike, replay):
    starts = replay.turn_starts
    assert starts[0] == 0 and list(starts) == sorted(set(starts)) and len(starts) > 10
    seat_of_turn = None
    for step in range(spike.steps):
        actor = spike.game.actor(replay.state_at(step))
        seat = "together" if isinstance(actor, Simultaneous) else actor
        if step in starts:
            assert seat != CHANCE and (step == 0 or seat != seat_of_turn)
            seat_of_turn = seat
        elif seat != CHANCE:
            assert seat == seat_of_turn, step
    assert replay.turn_of(starts[3]) == 3 and replay.turn_of(starts[3] - 1) == 2


def test_each_simultaneous_choice_is_a_turn():
    """A Fistful of Gold: both seats choose a card at once, then the duel; each duel is a turn."""
    match = Match.load(OLD / "fistful-of-gold-finished.battlebox.json")
    starts = Replay(match).turn_starts
    duels = [i for i, line in enumerate(match.log) if line.startswith("Duel:")]
    assert len(starts) == len(duels) + 1  # the discards before the first duel, then one per duel
    assert all(start - 1 in duels for start in starts[2:])


# --- what-if ---------------------------------------------------------------------------------

def test_what_if_reseeds_the_later_throws_and_leaves_the_original(spike, replay, tmp_path):
    chance_steps = [s for s in range(spike.steps) if spike.game.actor(replay.state_at(s)) == CHANCE]
    step = chance_steps[len(chance_steps) // 2]
    saved = spike.actions
    other = replay.what_if(step, seed=spike.seed + 1)
    assert other.actions == spike.actions[:step] and other.seed == spike.seed + 1
    assert other.seeded_from == step and other.finished_at == ""
    differ = 0
    for s in chance_steps[len(chance_steps) // 2:][:12]:
        differ += replay.what_if(s, seed=spike.seed + 1).chance_action() != spike.actions[s]
    assert differ >= 10  # throws and draws follow the new seed (a coincidence may repeat one)
    play(other, random.Random(9))
    assert other.is_over and spike.actions == saved
    other.save(tmp_path / "w.battlebox.json")  # its draws check against the new seed from `step`
    assert Match.load(tmp_path / "w.battlebox.json").actions == other.actions


def test_the_public_position_hides_a_choice_until_the_game_reveals_it():
    match = Match.load(OLD / "domination-finished.battlebox.json")
    replay = Replay(match)
    for step in (13, 15):  # Player 1 has chosen an army, then a fistful; Player 2 not yet
        raw, shown = replay.at(step).state, replay.at(step, public=True).state
        assert enc(shown) == enc(match.game.view(raw, None)) != enc(raw)
    assert replay.at(13, public=True).state.armies == ((), ())
    assert replay.at(14, public=True).state.armies[0]  # both chose: revealed
    assert replay.at(15, public=True).state.fistfuls == ((), ())
    assert enc(replay.what_if(15, seed=7).state) == enc(match.state_at(15))  # play on with the real choice
