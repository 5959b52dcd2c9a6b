"""Any malformed action gets IllegalAction with a reason, never another exception: seats out of
range, unknown chip ids, slots that do not exist, numbers that are not finite."""
from __future__ import annotations

import math
import random

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.clout.game import (
    GAME,
    Choose,
    CloutState,
    DiscardChip,
    Keep,
    Landed,
    PlaceChip,
    ReplaceChip,
    Spot,
    ThrowChip,
)
from core.errors import IllegalAction
from core.game import CHANCE


def states() -> list[CloutState]:
    """Real states of a random game at every kind of moment: choosing, in the air, deciding,
    a precision or aversion rethrow, and over."""
    rng = random.Random(9)
    found: dict[str, CloutState] = {}
    for seed in range(8):
        s = GAME.new(GAME.default_setup())
        while True:
            key = s.phase + (":" + s.slots[0].ability if s.slots else "")
            found.setdefault(key, s)
            if GAME.actor(s) is None:
                break
            a = GAME.sample_chance(s, rng) if GAME.actor(s) == CHANCE else GAME.random_action(s, rng)
            s = GAME.apply(s, a)
    return list(found.values())


STATES = states()
ODD_IDS = ["", "x", "0", "0.", ".1", "0.1.2", "-1.0", "2.0", "0.99", "1.-1", "01.1", "0.01", "\u0663.1", "1.1e3"]
numbers = st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-10**6, 10**6).map(float))
seats = st.integers(-3, 4) | st.sampled_from([2**40, -2**40])


@st.composite
def chips(draw, state: CloutState) -> str:
    real = [f"{p}.{k}" for p, ks in enumerate(state.kinds) for k in range(len(ks))]
    return draw(st.sampled_from(real) | st.sampled_from(ODD_IDS) | st.text(max_size=6))


@st.composite
def actions(draw, state: CloutState):
    chip = chips(state)
    kind = draw(st.sampled_from(["throw", "place", "replace", "discard", "keep", "choose", "landed"]))
    if kind == "throw":
        return ThrowChip(draw(seats), draw(chip), draw(numbers), draw(numbers), draw(numbers))
    if kind == "place":
        return PlaceChip(draw(seats), draw(chip), draw(numbers), draw(numbers))
    if kind == "replace":
        return ReplaceChip(draw(seats), draw(chip), draw(chip))
    if kind == "discard":
        return DiscardChip(draw(seats), draw(chip))
    if kind == "keep":
        return Keep(draw(seats))
    if kind == "choose":
        slot_ids = [x.id for x in state.slots] + [-1, 0, 10**9]
        return Choose(draw(seats), draw(st.sampled_from(slot_ids) | st.integers()), draw(st.booleans()),
                      tuple(draw(st.lists(chip, max_size=4))), draw(st.none() | numbers), draw(st.none() | numbers))
    spots = tuple(Spot(draw(chip), draw(numbers), draw(numbers)) for _ in range(draw(st.integers(0, 3))))
    draws = draw(st.none() | st.tuples(numbers, numbers, numbers))
    return Landed(draw(chip), spots, draw(st.booleans()), draws)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_malformed_actions_only_ever_raise_illegal_action(data):
    state = data.draw(st.sampled_from(STATES))
    action = data.draw(actions(state))
    try:
        GAME.validate(state, action)
    except IllegalAction as e:
        assert e.reason and isinstance(e.reason, str)
        return
    after = GAME.apply(state, action)  # an action that passes must also apply cleanly
    if GAME.actor(after) == CHANCE:
        GAME.sample_chance(after, random.Random(0))
    GAME.describe(state, action, after)


def test_the_sample_covers_every_kind_of_moment():
    phases = {s.phase for s in STATES}
    assert {"choose", "land", "resolve", "over"} <= phases
    assert any(s.phase in ("throw", "precision") for s in STATES)


@pytest.mark.parametrize("player", [2, 7, -1, 2**40])
def test_a_seat_out_of_range_is_refused_with_a_reason(player):
    s = GAME.new(GAME.default_setup())
    with pytest.raises(IllegalAction, match="player"):
        GAME.validate(s, ThrowChip(player, s.stacks[0][0], 50, 50))
    with pytest.raises(IllegalAction):
        GAME.validate(s, Keep(player))


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_coordinates_that_are_not_numbers_are_refused(value):
    s = GAME.new(GAME.default_setup())
    base = next(u for u in s.stacks[0] if GAME.catalogue.chip(s.kind(u)).type == "base")
    with pytest.raises(IllegalAction):
        GAME.validate(s, ThrowChip(0, base, value, 50))
    s = GAME.apply(s, ThrowChip(0, base, 50, 50))
    with pytest.raises(IllegalAction):
        GAME.validate(s, Landed(base, (Spot(base, 50, value),)))
    with pytest.raises(IllegalAction):
        GAME.validate(s, Landed(base, (Spot(base, 50, 50),), draws=(50.0, value, 1.0)))


def test_unknown_chip_ids_are_refused():
    s = GAME.new(GAME.default_setup())
    for bad in ("9.9", "0.99", "zz", "0.1.2"):
        with pytest.raises(IllegalAction):
            GAME.validate(s, ThrowChip(0, bad, 50, 50))
        with pytest.raises(IllegalAction):
            GAME.validate(s, DiscardChip(0, bad))


def test_a_save_with_a_seat_out_of_range_gives_a_save_error(tmp_path):
    from core.errors import SaveError
    from core.match import Match

    match = Match.new("clout", GAME.default_setup(), seed=1)
    match.save(tmp_path / "c.json")
    raw = msgspec.json.decode((tmp_path / "c.json").read_bytes())
    raw["actions"] = [{"kind": "throw", "player": 5, "chip": "0.0", "x": 50.0, "y": 50.0, "strength": 0.2}]
    (tmp_path / "c.json").write_bytes(msgspec.json.encode(raw))
    with pytest.raises(SaveError, match="player"):
        Match.load(tmp_path / "c.json")
