"""What a seat sees: the rival's chips still in the stack stay secret, including through the
setup (an own-built stack shows its name, never its chips or their order)."""
from __future__ import annotations

import random

import msgspec

from core.clout.game import GAME, CloutState
from core.clout.stacks import Stack, ready_stacks
from core.game import CHANCE


def custom_setup():
    """Seat 1 plays an own-built stack embedded in the setup."""
    undead = ready_stacks()["undead-grave-legion"]
    setup = GAME.default_setup()
    return msgspec.structs.replace(setup, custom_stacks=(None, Stack("My legion", undead.chips)))


def midgame(setup, seed: int, steps: int) -> CloutState:
    rng = random.Random(seed)
    s = GAME.new(setup)
    for _ in range(steps):
        if GAME.actor(s) is None:
            break
        s = GAME.apply(s, GAME.sample_chance(s, rng) if GAME.actor(s) == CHANCE else GAME.random_action(s, rng))
    return s


def reshuffled_hidden(s: CloutState, p: int, rng: random.Random) -> CloutState:
    """The same table with seat p's unplayed chips in another order (so other uids hold them),
    and the embedded stack listing them in that order: only what p's rival may not see differs."""
    hidden = [int(u.split(".")[1]) for u in s.stacks[p] if not (s.ctx and s.ctx.chip == u)]
    kinds = list(s.kinds[p])
    order = [kinds[k] for k in hidden]
    while len(order) > 1 and order == [kinds[k] for k in hidden]:
        rng.shuffle(order)
    for k, kind in zip(hidden, order, strict=True):
        kinds[k] = kind
    custom = list(s.setup.custom_stacks)
    custom[p] = Stack(custom[p].name, tuple(kinds))
    setup = msgspec.structs.replace(s.setup, custom_stacks=tuple(custom))
    all_kinds = tuple(tuple(kinds) if i == p else ks for i, ks in enumerate(s.kinds))
    return msgspec.structs.replace(s, kinds=all_kinds, setup=setup)


def test_states_differing_only_in_the_rivals_hidden_stack_look_the_same():
    for seed, steps in ((1, 0), (2, 9), (3, 25), (4, 40)):
        s = midgame(custom_setup(), seed, steps)
        other = reshuffled_hidden(s, 1, random.Random(seed))
        assert msgspec.json.encode(other) != msgspec.json.encode(s)
        assert msgspec.json.encode(GAME.view(other, 0)) == msgspec.json.encode(GAME.view(s, 0)), seed
        assert msgspec.json.encode(GAME.view(other, 1)) != msgspec.json.encode(GAME.view(s, 1))


def test_the_view_shows_the_rivals_stack_name_but_not_its_chips():
    s = GAME.new(custom_setup())
    rival = GAME.view(s, 0).setup.custom_stacks[1]
    assert rival is not None and rival.name == "My legion" and rival.chips == ()
    assert GAME.view(s, 1).setup.custom_stacks[1].chips == s.setup.custom_stacks[1].chips


def test_everything_is_shown_once_the_game_is_over():
    s = midgame(custom_setup(), 5, 10_000)
    assert s.phase == "over"
    assert msgspec.json.encode(GAME.view(s, 0)) == msgspec.json.encode(s)
