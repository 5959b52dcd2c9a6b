"""Impact over many random games: all 26 dice are always somewhere (removed ones counted), and
games end well."""
from __future__ import annotations

import random

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.game import CHANCE
from core.impact.game import GAME, Knock, Landing
from core.impact.dice import BLANK, FACES, side_faces
from core.match import Match


def where_are_the_dice(state) -> int:
    """An independent recount: supplies, boulder piles, cauldron, removed, set aside, in the air."""
    supplies = sum(state.loose) + sum(sum(p) for p in state.piles)
    return supplies + len(state.cauldron) + state.removed + state.aside + state.flying


def table_landing(state, rng: random.Random) -> Landing:
    """What a table might enter: any faces, some misses and, after a reckless throw, dice
    turned or kicked out of the cauldron."""
    missed = rng.randint(0, state.flying) if rng.random() < 0.1 else 0
    knocked, kicked = [], []
    if state.style == "reckless":
        for i, face in enumerate(state.cauldron):
            roll = rng.random()
            if roll < 0.1:
                kicked.append(i)
            elif roll < 0.3:
                knocked.append(Knock(i, rng.choice(side_faces(face))))
    return Landing(tuple(rng.choice(FACES) for _ in range(state.flying - missed)), missed, tuple(knocked),
                   (), tuple(kicked))


def removed_by(state, landing: Landing) -> int:
    """Dice a landing takes out of the game, counted from the action: misses, kicks, blanks."""
    cauldron = list(state.cauldron)
    for k in landing.knocked:
        cauldron[k.die] = k.face
    stays = [f for i, f in enumerate(cauldron) if i not in landing.kicked] + list(landing.faces)
    return landing.missed + len(landing.kicked) + stays.count(BLANK)


options = st.fixed_dictionaries({
    "tournament": st.booleans(), "powers": st.booleans(), "avatar_lightning": st.booleans(),
    "avatar_fire": st.booleans(), "avatar_stone": st.booleans(), "avatar_air": st.booleans(),
    "avatar_water": st.booleans(), "mode": st.sampled_from(["simulated", "table"]),
})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 5), opts=options)
def test_the_26_dice_are_conserved_at_every_step(seed, players, opts):
    setup = msgspec.structs.replace(GAME.default_setup(players), **opts)
    match = Match.new("impact", setup, seed=seed)
    rng = random.Random(seed)
    for _ in range(20_000):
        assert where_are_the_dice(match.state) == 26
        assert all(n >= 0 for n in match.state.loose) and all(x > 0 for p in match.state.piles for x in p)
        # a tip may turn a die to its blank; it goes when the next throw has landed
        assert "blank" not in match.state.cauldron or match.state.phase in ("tip", "turn", "landing")
        if match.is_over:
            break
        if match.actor == CHANCE and setup.mode == "table" and match.state.phase == "landing":
            action = table_landing(match.state, rng)
        elif match.actor == CHANCE:
            action = match.chance_action()
        else:
            action = match.random_action(rng)
        before = match.state
        match.apply(action)
        if isinstance(action, Landing) and match.state.game == before.game:
            assert match.state.removed - before.removed == removed_by(before, action)
    assert match.is_over
    alive = [p for p in range(players) if not match.state.out[p]]
    assert len(alive) <= 1
    assert len(match.state.games) == (players if setup.tournament else 1)
    if setup.tournament:
        best = min(match.state.lost)
        assert set(match.result.winners) == {p for p in range(players) if match.state.lost[p] == best}
        # in each game the points lost add up to 0 + 1 + ... + (players - 1) at most
        assert sum(match.state.lost) <= players * players * (players - 1) // 2
    elif alive:
        assert match.result.winners == tuple(alive) and not match.result.draw
    else:
        assert match.result.draw and match.result.winners == match.state.out_order[-1]
