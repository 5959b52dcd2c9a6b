"""Clout saves outlive rewording and keep throws honest: the state holds facts, never
sentences; a throw records its seeded draws (landing point and speed) apart from the physics
result; actions stay compact."""
from __future__ import annotations

import json
import math
import random
from pathlib import Path

import msgspec
import pytest

from core.chance import step_rng
from core.clout import text, throwing
from core.clout.game import GAME, CloutState, Landed, Spot
from core.errors import SaveError
from core.game import CHANCE
from core.match import Match
from tests.saves.make_saves import play

OLD_SAVES = Path(__file__).resolve().parents[2] / "saves" / "0.1.0"


def finished(seed: int) -> Match:
    return play(Match.new("clout", GAME.default_setup(), seed=seed), random.Random(seed))


def state_bytes(match: Match) -> bytes:
    return msgspec.json.encode(match.state)


def test_the_state_holds_no_sentences():
    """Every string left in a finished state is an id: names, chip ids, uids, enums."""
    match = finished(31)
    words = set()

    def walk(value):
        if isinstance(value, str):
            words.add(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(msgspec.to_builtins(match.state))
    assert match.state.notes and match.state.result is not None
    assert not [w for w in words if " " in w and w not in {p.name for p in match.setup.players}]


def test_rewording_the_text_keeps_saves_loading_with_the_same_state(tmp_path, monkeypatch):
    match = finished(32)
    path = tmp_path / "clout.battlebox.json"
    match.save(path)
    before_log, before_result = match.log, GAME.result_text(match.state)
    monkeypatch.setitem(text.NOTE_WORDS, "lands", "{chip} came down at ({x:.0f}|{y:.0f})")
    monkeypatch.setitem(text.NOTE_WORDS, "throw", "{player} tosses {chip}")
    monkeypatch.setitem(text.RESULT_WORDS, "win", "Victory for {winner}: {best} ({scores})!")
    monkeypatch.setitem(text.RESULT_WORDS, "draw", "Nobody wins at {best} ({scores})!")
    loaded = Match.load(path)
    assert state_bytes(loaded) == state_bytes(match)
    assert loaded.log != before_log and any("tosses" in line for line in loaded.log)
    assert GAME.result_text(loaded.state) != before_result
    assert GAME.result_text(loaded.state).endswith("!")


@pytest.mark.parametrize("name", ["clout-finished", "clout-midgame"])
def test_a_0_1_0_save_loads_the_same_whatever_the_wording(name, monkeypatch):
    path = OLD_SAVES / f"{name}.battlebox.json"
    plain = Match.load(path)
    monkeypatch.setitem(text.NOTE_WORDS, "lands", "{chip} is down")
    monkeypatch.setitem(text.RESULT_WORDS, "win", "{winner} takes it")
    reworded = Match.load(path)
    assert state_bytes(reworded) == state_bytes(plain)


def test_result_has_placings_and_a_draw_shares_rank_one():
    match = finished(33)
    res = match.result
    totals = GAME.totals(match.state)
    assert res.reason == "points" and len(res.placings) == 2
    if totals[0] == totals[1]:
        assert res.draw and res.placings == (1, 1) and set(res.winners) == {0, 1}
    else:
        best = totals.index(max(totals))
        assert res.winners == (best,) and res.placings[best] == 1 and res.placings[1 - best] == 2
    drawn = msgspec.structs.replace(match.state, result=msgspec.structs.replace(res, winners=(0, 1), draw=True,
                                                                                 placings=(1, 1)))
    assert GAME.result_text(drawn).startswith("A draw")


# --- chance draws ------------------------------------------------------------------------------------
def at_a_throw(seed: int, throws: int = 6) -> tuple[Match, CloutState, int]:
    """A simulated match stopped with a chip in the air after a few throws (chips on the table)."""
    match = Match.new("clout", GAME.default_setup(), seed=seed)
    rng = random.Random(seed)
    seen = 0
    while True:
        if match.actor == CHANCE:
            seen += 1
            if seen > throws:
                return match, match.state, len(match.actions)
            match.play_chance()
        else:
            match.apply(match.random_action(rng))


def test_a_throw_records_exactly_the_seeded_draws():
    match, state, step = at_a_throw(41)
    landed = GAME.sample_chance(state, step_rng(match.seed, step))
    assert landed.draws is not None and len(landed.draws) == 3
    assert GAME.chance_draws(state, landed) == GAME.sample_draws(state, step_rng(match.seed, step))
    assert GAME.sample_draws(state, step_rng(match.seed, step + 1)) != landed.draws


def test_sampling_the_draws_runs_no_physics(monkeypatch):
    match, state, step = at_a_throw(42)
    expected = GAME.sample_draws(state, step_rng(match.seed, step))

    def no_physics(*args, **kwargs):
        raise AssertionError("sample_draws must not settle the table")

    monkeypatch.setattr(throwing, "settle", no_physics)
    assert GAME.sample_draws(state, step_rng(match.seed, step)) == expected


def test_a_recorded_scatter_that_differs_from_the_seed_is_detected():
    match, state, step = at_a_throw(43)
    landed = GAME.sample_chance(state, step_rng(match.seed, step))
    x, y, speed = landed.draws
    hand_picked = msgspec.structs.replace(landed, draws=(x + 0.5, y, speed))
    assert GAME.chance_draws(state, hand_picked) != GAME.sample_draws(state, step_rng(match.seed, step))


def test_positions_differing_in_the_last_bits_compare_equal():
    """Physics may differ between platforms in the last bits: only the draws are compared."""
    match, state, step = at_a_throw(44)
    landed = GAME.sample_chance(state, step_rng(match.seed, step))
    nudged = msgspec.structs.replace(landed, spots=tuple(
        Spot(s.chip, math.nextafter(s.x, math.inf), math.nextafter(s.y, -math.inf)) for s in landed.spots))
    assert nudged.spots != landed.spots
    assert GAME.chance_draws(state, nudged) == GAME.sample_draws(state, step_rng(match.seed, step))


def test_an_edited_throw_in_a_save_is_refused_naming_the_step(tmp_path):
    match = finished(45)
    path = tmp_path / "clout.battlebox.json"
    match.save(path)
    doc = json.loads(path.read_text())
    step = next(i for i, a in enumerate(doc["actions"]) if a["kind"] == "landed" and a.get("draws"))
    doc["actions"][step]["draws"][0] += 0.25
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError) as err:
        Match.load(path)
    assert err.value.step == step + 1


def test_a_0_1_0_throw_without_draws_still_decodes():
    raw = b'{"kind":"landed","chip":"0.3","spots":[{"chip":"0.3","x":50.0,"y":40.0}],"out":false}'
    landed = msgspec.json.decode(raw, type=GAME.action_type)
    assert isinstance(landed, Landed) and landed.draws is None


# --- compact actions ---------------------------------------------------------------------------------
def test_actions_average_at_most_200_bytes_over_long_games():
    sizes = [len(msgspec.json.encode(a)) for seed in range(50, 56) for a in finished(seed).actions]
    assert len(sizes) > 300
    assert sum(sizes) / len(sizes) <= 200
