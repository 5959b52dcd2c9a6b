"""Invariants over random Clout Fantasy games: no chip is ever lost or duplicated, and every
chip in play touches the playing area."""
from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from core.clout.game import GAME
from core.clout.geometry import inside_area
from core.match import Match

MAX_STEPS = 3000


def where_each_chip_is(state) -> Counter[str]:
    """Every uid counted once per place it occupies (stack, discard, area, in the air)."""
    places: Counter[str] = Counter()
    for pile in (*state.stacks, *state.discards):
        places.update(pile)
    places.update(c.uid for c in state.chips)
    if state.ctx is not None and state.on_area(state.ctx.chip) is None \
            and not any(state.ctx.chip in pile for pile in (*state.stacks, *state.discards)):
        places[state.ctx.chip] += 1
    return places


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), area=st.sampled_from(["standard", "rug", "pool-table"]))
def test_no_chip_is_lost_or_duplicated_and_chips_in_play_touch_the_area(seed, area):
    setup = GAME.default_setup()
    setup = type(setup)(**{**{f: getattr(setup, f) for f in setup.__struct_fields__}, "area": area})
    match = Match(GAME, setup, seed)
    everyone = {uid for pile in match.state.stacks for uid in pile}
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        state = match.state
        places = where_each_chip_is(state)
        assert set(places) == everyone, f"lost: {everyone - set(places)}, extra: {set(places) - everyone}"
        assert max(places.values()) == 1, [u for u, n in places.items() if n > 1]
        play_area = GAME.area(state)
        for chip in state.chips:
            assert inside_area((chip.x, chip.y), play_area), f"{chip.uid} at ({chip.x}, {chip.y}) is off the area"
        if match.is_over:
            break
        match.apply(match.random_action(rng))
    assert match.is_over, f"no end after {MAX_STEPS} actions"
