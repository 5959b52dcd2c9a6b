"""Malformed actions in the Fistful of Power games: any well-typed action with bad values (seat
out of range, unknown fighter or region, a pose code of the wrong length or letters, a throw
for the wrong seats) is refused with IllegalAction, never IndexError/KeyError/TypeError; an
action the rules accept applies cleanly."""
from __future__ import annotations

import functools
import random
import typing

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import registry
from core.errors import IllegalAction
from core.fistful.roster import Fighter, default_roster
from core.game import CHANCE

GAMES = {"throwdown": (2, 5, 10), "solitaire": (1,), "domination": (2, 3, 4), "all-out-war": (2, 3, 4)}
ROSTER = default_roster()


@functools.cache
def states(game_id: str) -> list:
    """Every state of a few seeded random games, every phase included."""
    game = registry.get(game_id)
    out = []
    for players in GAMES[game_id]:
        for seed in range(2):
            setup = game.default_setup(players)
            if game_id in ("domination", "all-out-war"):
                setup = msgspec.structs.replace(setup, hero=True, ambush=True, slaughter=True)
            rng = random.Random(seed)
            state = game.new(setup)
            while game.actor(state) is not None:
                out.append(state)
                actor = game.actor(state)
                action = game.sample_chance(state, rng) if actor == CHANCE else game.random_action(state, rng)
                state = game.apply(state, action)
            out.append(state)
    return out


def known_fighters(state) -> list[Fighter]:
    found: list[Fighter] = []
    for name in ("fistfuls", "armies"):
        for group in getattr(state, name, ()):
            found.extend(group)
    found.extend(getattr(state, "five", ()))
    champ = getattr(state, "champion", None)
    if champ is not None:
        found.extend(champ.fighters + champ.warlords)
    return found or [ROSTER.fighters[0]]


def fighters(state) -> st.SearchStrategy:
    sculpts = st.sampled_from(list(ROSTER.sculpts)[:6] + ["nobody", "", "zorn"])
    finishes = st.sampled_from(["hyper", "crystal", "shadow", "warlord", "gold"])
    return st.one_of(st.sampled_from(known_fighters(state)), st.builds(Fighter, sculpts, finishes))


def pose_codes() -> st.SearchStrategy:
    return st.text(alphabet="bsdx?B", max_size=9)


def value_for(tp: object, state) -> st.SearchStrategy:
    """A strategy for one action field: right type, values from plausible to absurd."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is int:
        return st.integers(-3, 14)
    if tp is str:
        regions = list(getattr(state, "regions", ())) or ["Sub-0"]
        return st.one_of(pose_codes(), st.sampled_from(regions + ["Nowhere", ""]))
    if tp is Fighter:
        return fighters(state)
    if origin in (typing.Union, __import__("types").UnionType):
        return st.one_of(*(st.none() if a is type(None) else value_for(a, state) for a in args))
    if origin is tuple:
        inner = value_for(args[0], state)
        return st.lists(inner, max_size=12).map(tuple)
    raise AssertionError(f"no strategy for {tp!r}")


def actions(game, state) -> st.SearchStrategy:
    """Actions of every kind built from scratch, and legal ones with one field changed."""
    classes = typing.get_args(game.action_type) or (game.action_type,)
    options = []
    for cls in classes:
        fields = msgspec.structs.fields(cls)
        options.append(st.fixed_dictionaries({f.name: value_for(f.type, state) for f in fields})
                       .map(lambda kw, cls=cls: cls(**kw)))
    if game.actor(state) is not None:
        options.append(st.integers(0, 2**16).flatmap(lambda seed: one_field_changed(game, state, seed)))
    return st.one_of(*options)


def one_field_changed(game, state, seed: int) -> st.SearchStrategy:
    rng = random.Random(seed)
    legal = game.sample_chance(state, rng) if game.actor(state) == CHANCE else game.random_action(state, rng)
    fields = msgspec.structs.fields(legal)
    return st.one_of(st.just(legal), *(value_for(f.type, state).map(
        lambda v, name=f.name: msgspec.structs.replace(legal, **{name: v})) for f in fields))


@pytest.mark.parametrize("game_id", list(GAMES))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_malformed_actions_are_refused_with_a_reason(game_id, data):
    game = registry.get(game_id)
    state = data.draw(st.sampled_from(states(game_id)))
    action = data.draw(actions(game, state))
    try:
        game.validate(state, action)
    except IllegalAction as e:
        assert e.reason and isinstance(e.reason, str)
        return
    game.apply(state, action)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_seat_out_of_range_is_refused(game_id):
    game = registry.get(game_id)
    seen = 0
    for state in states(game_id)[::7]:
        for legal in game.legal_actions(state) or []:
            if hasattr(legal, "player"):
                for bad in (-1, state.players if hasattr(state, "players") else 1, 99):
                    with pytest.raises(IllegalAction):
                        game.validate(state, msgspec.structs.replace(legal, player=bad))
                    seen += 1
            break
    assert seen or game_id == "solitaire"
