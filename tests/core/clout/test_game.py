"""Clout Fantasy turn flow: setup, first base, throws, place, replace, precision, aversion,
unable to play, end of turn, end of game, save/replay and random play."""
from __future__ import annotations

import random

import msgspec
import pytest

from core.clout.game import (
    GAME,
    CloutState,
    DiscardChip,
    Keep,
    Landed,
    OnArea,
    PlaceChip,
    ReplaceChip,
    Spot,
    ThrowChip,
)
from core.errors import IllegalAction, IllegalSetup
from core.game import CHANCE


def make_state(in_play: dict[int, list[tuple[str, tuple[float, float]]]],
               in_stack: dict[int, list[str]], turn: int = 0, discards: dict[int, list[str]] | None = None,
               first_done: bool = True) -> CloutState:
    """A mid-game table: chips already on the area, chips left in stacks, chips discarded."""
    discards = discards or {}
    kinds, stacks, dis, chips = [], [], [], []
    for p in range(2):
        ks: list[str] = []
        for chip, (x, y) in in_play.get(p, []):
            chips.append(OnArea(f"{p}.{len(ks)}", x, y))
            ks.append(chip)
        st = []
        for chip in in_stack.get(p, []):
            st.append(f"{p}.{len(ks)}")
            ks.append(chip)
        ds = []
        for chip in discards.get(p, []):
            ds.append(f"{p}.{len(ks)}")
            ks.append(chip)
        kinds.append(tuple(ks))
        stacks.append(tuple(st))
        dis.append(tuple(ds))
    return CloutState(GAME.default_setup(2), tuple(kinds), tuple(stacks), tuple(dis), tuple(chips),
                      turn=turn, first_done=(first_done, first_done))


def uid_of(s: CloutState, chip: str, nth: int = 0) -> str:
    found = [f"{p}.{k}" for p, ks in enumerate(s.kinds) for k, c in enumerate(ks) if c == chip]
    return found[nth]


def land(s: CloutState, uid: str, x: float, y: float) -> CloutState:
    s = GAME.apply(s, ThrowChip(int(uid[0]), uid, x, y, 0.0))
    return GAME.apply(s, Landed(uid, (Spot(uid, x, y),)))


def test_new_game_has_two_full_stacks_and_the_first_chip_must_be_a_base():
    s = GAME.new(GAME.default_setup())
    assert [len(x) for x in s.stacks] == [15, 15] and GAME.actor(s) == 0
    troop = next(u for u in s.stacks[0] if GAME.catalogue.chip(s.kind(u)).type == "troop")
    base = next(u for u in s.stacks[0] if GAME.catalogue.chip(s.kind(u)).type == "base")
    with pytest.raises(IllegalAction, match="base"):
        GAME.validate(s, ThrowChip(0, troop, 50, 50))
    s = GAME.apply(s, ThrowChip(0, base, 50, 50))
    assert GAME.actor(s) == CHANCE
    s = GAME.apply(s, Landed(base, (Spot(base, 50, 50),)))
    assert s.on_area(base) is not None and base not in s.stacks[0] and GAME.actor(s) == 1


def test_setup_rejects_unknown_stack_and_wrong_player_count():
    with pytest.raises(IllegalSetup):
        GAME.validate_setup(msgspec.structs.replace(GAME.default_setup(), stacks=("nope", "nope")))
    with pytest.raises(IllegalSetup):
        GAME.validate_setup(GAME.default_setup(3))


def test_a_chip_landing_outside_is_removed_without_activating():
    s = make_state({0: [("elf-treant-watcher", (50, 50))]}, {1: ["gob-infiltrator"], 0: ["elf-glade-archer"]},
                   turn=1)
    inf = uid_of(s, "gob-infiltrator")
    s = GAME.apply(s, ThrowChip(1, inf, 50, 50))
    s = GAME.apply(s, Landed(inf, (), out=True))
    assert inf in s.discards[1] and not s.slots and GAME.actor(s) == 0


def test_landed_must_name_the_thrown_chip_and_keep_chips_on_the_area():
    s = make_state({}, {0: ["gob-raider"]})
    r = uid_of(s, "gob-raider")
    s = GAME.apply(s, ThrowChip(0, r, 50, 50))
    with pytest.raises(IllegalAction):
        GAME.validate(s, Landed(r, (Spot(r, 500, 500),)))
    with pytest.raises(IllegalAction):
        GAME.validate(s, Landed(r, ()))


def test_place_puts_the_chip_exactly_and_it_activates():
    s = make_state({0: [("und-grave-creepers", (20, 20))]}, {1: ["gob-infiltrator"]}, turn=1)
    inf, _gc = uid_of(s, "gob-infiltrator"), uid_of(s, "und-grave-creepers")
    s = GAME.apply(s, PlaceChip(1, inf, 70, 70))
    assert (s.on_area(inf).x, s.on_area(inf).y) == (70, 70) and s.last_thrown == inf
    with pytest.raises(IllegalAction):
        GAME.validate(make_state({0: [("und-grave-creepers", (20, 20))]}, {1: ["gob-infiltrator"]}, turn=1),
                      PlaceChip(1, inf, 21, 21))  # on top of another chip


def test_replace_takes_the_place_of_one_of_your_chips():
    s = make_state({1: [("gob-raider", (30, 30))], 0: [("elf-glade-archer", (60, 30))]},
                   {1: ["und-risen-champion"]}, turn=1)
    champ, raider = uid_of(s, "und-risen-champion"), uid_of(s, "gob-raider")
    with pytest.raises(IllegalAction):
        GAME.validate(s, ThrowChip(1, champ, 50, 50))
    with pytest.raises(IllegalAction):
        GAME.validate(s, ReplaceChip(1, champ, uid_of(s, "elf-glade-archer")))
    s = GAME.apply(s, ReplaceChip(1, champ, raider))
    assert raider in s.discards[1] and (s.on_area(champ).x, s.on_area(champ).y) == (30, 30)


def test_unable_to_play_reveals_and_discards():
    # only a Replace chip left and nothing of yours on the area to replace
    s = make_state({0: [("elf-glade-archer", (60, 30))]}, {1: ["und-risen-champion", "und-risen-champion"]}, turn=1)
    assert GAME.playable(s, 1) == {}
    legal = GAME.legal_actions(s)
    assert legal and all(isinstance(a, DiscardChip) for a in legal)
    s = GAME.apply(s, legal[0])
    assert len(s.stacks[1]) == 1 and 1 in s.revealed
    hidden = GAME.view(s, 0)
    assert hidden.kinds[1] == s.kinds[1]  # revealed to the opponent


def test_view_hides_the_opponents_stack():
    s = GAME.new(GAME.default_setup())
    v = GAME.view(s, 0)
    assert v.kinds[0] == s.kinds[0] and set(v.kinds[1]) == {""}


def test_precision_allows_rethrows_up_to_its_value():
    s = make_state({}, {1: ["gob-rickety-catapult", "gob-raider"]}, turn=1)
    cat = uid_of(s, "gob-rickety-catapult")
    s = land(s, cat, 40, 40)
    assert s.phase == "precision" and s.ctx.precision_left == 1
    s = GAME.apply(s, ThrowChip(1, cat, 60, 60, 0.0))
    s = GAME.apply(s, Landed(cat, (Spot(cat, 60, 60),)))
    assert s.phase != "precision" and s.on_area(cat).x == 60


def test_precision_can_be_declined():
    s = make_state({}, {1: ["gob-rickety-catapult"], 0: ["gob-raider"]}, turn=1)
    cat = uid_of(s, "gob-rickety-catapult")
    s = land(s, cat, 40, 40)
    s = GAME.apply(s, Keep(1))
    assert GAME.actor(s) == 0 and s.on_area(cat).x == 40


def test_aversion_makes_an_opponents_troop_rethrow_once():
    s = make_state({0: [("elf-sylvan-ward", (50, 50))]}, {1: ["gob-raider"], 0: ["elf-glade-archer"]}, turn=1)
    r = uid_of(s, "gob-raider")
    s = land(s, r, 50, 58)
    assert s.phase == "throw" and s.ctx.chip == r
    s = GAME.apply(s, ThrowChip(1, r, 50, 58, 0.0))
    s = GAME.apply(s, Landed(r, (Spot(r, 50, 57),)))
    assert s.phase == "choose" and GAME.actor(s) == 0 and s.on_area(r).y == 57


def test_unique_chip_cannot_be_thrown_while_a_copy_is_on_the_area():
    s = make_state({0: [("und-lich", (50, 50))]}, {1: ["und-lich", "und-ghoul-horde"]}, turn=1)
    lich = uid_of(s, "und-lich", 1)
    with pytest.raises(IllegalAction, match="Unique"):
        GAME.validate(s, ThrowChip(1, lich, 50, 50))


def test_actions_leave_play_at_the_end_of_the_turn():
    s = make_state({0: [("gob-raider", (80, 80))]}, {1: ["gob-big-boom", "gob-raider"]}, turn=1)
    boom = uid_of(s, "gob-big-boom")
    s = land(s, boom, 20, 20)
    assert s.on_area(boom) is None and boom in s.discards[1]


def test_the_game_ends_when_stacks_are_empty_and_the_higher_score_wins():
    s = make_state({0: [("elf-windrider", (20, 20))]}, {1: ["gob-raider"]}, turn=1)
    r = uid_of(s, "gob-raider")
    s = land(s, r, 80, 80)
    assert s.phase == "over" and GAME.actor(s) is None
    # Windrider 2 points; the Raider was the last chip thrown: worth 0
    assert GAME.totals(s) == (2, 0) and s.result.winners == (0,)


def test_random_games_end_and_replay_from_a_save(tmp_path):
    from core import registry
    from core.match import Match

    if "clout" not in registry.GAMES:
        pytest.skip("not registered yet")
    rng = random.Random(5)
    m = Match.new("clout", GAME.default_setup(2), seed=3)
    while not m.is_over:
        m.play_chance() if m.actor == CHANCE else m.apply(m.random_action(rng))
    m.save(tmp_path / "c.json")
    assert Match.load(tmp_path / "c.json").log == m.log


def test_random_play_is_bounded_and_legal_without_registration():
    for seed in range(6):
        rng = random.Random(seed)
        s = GAME.new(GAME.default_setup())
        for _ in range(2000):
            if GAME.actor(s) is None:
                break
            a = GAME.sample_chance(s, rng) if GAME.actor(s) == CHANCE else GAME.random_action(s, rng)
            GAME.validate(s, a)
            s = GAME.apply(s, a)
        assert s.result is not None
        total_chips = sum(len(k) for k in s.kinds)
        where = [c.uid for c in s.chips] + [u for d in s.discards for u in d] + [u for st in s.stacks for u in st]
        assert sorted(where) == sorted(set(where)) and len(where) == total_chips  # nothing lost or doubled
