"""Choices the rules leave to the turn's player: ties for "closer first" (destroy, raze),
conflicting traps or possessions on one chip, and the order of non-movement effects (which
the engine makes irrelevant by applying them together; proven here for a representative case).
Also: trap and possess end when their source's ability stops working (the source trapped)."""
from __future__ import annotations

import itertools

import msgspec
import pytest

from core.clout.game import GAME, Choose, Decl
from core.errors import IllegalAction
from tests.core.clout.test_abilities import slot, stack
from tests.core.clout.test_game import land, make_state, uid_of


def test_destroy_tie_is_the_turn_players_choice():
    table = {0: [("gob-raider", (50, 58)), ("gob-raider", (50, 42))]}  # both 4 cm from the Ritual's edge
    s = make_state(table, stack(p1=["und-dark-ritual"]), turn=1)
    a, b = uid_of(s, "gob-raider", 0), uid_of(s, "gob-raider", 1)
    s = land(s, uid_of(s, "und-dark-ritual"), 50, 50)
    d = slot(s, "destroy")
    assert not d.fixed and d.decider == 1 and set(d.options) == {a, b} and d.count == 1
    assert s.on_area(a) is not None and s.on_area(b) is not None, "nothing is removed before the choice"
    with pytest.raises(IllegalAction):
        GAME.validate(s, Choose(1, d.id, True, (a, b)))  # one only
    later = GAME.apply(s, Choose(1, d.id, True, (a,)))
    assert later.on_area(a) is None and later.on_area(b) is not None
    other = GAME.apply(s, Choose(1, d.id, True, (b,)))
    assert other.on_area(b) is None and other.on_area(a) is not None


def test_destroy_removes_the_nearest_surely_and_asks_only_about_the_tie():
    table = {0: [("gob-raider", (50, 56)), ("gob-raider", (59, 50)), ("gob-raider", (41, 50))]}
    s = make_state(table, stack(p1=["gob-big-boom"]), turn=1)  # destroy 2
    near, r1, r2 = (uid_of(s, "gob-raider", k) for k in range(3))
    s = land(s, uid_of(s, "gob-big-boom"), 50, 50)
    d = slot(s, "destroy")
    assert set(d.options) == {r1, r2} and d.count == 1 and d.extra == (near,)
    with pytest.raises(IllegalAction):
        GAME.validate(s, Choose(1, d.id, True, (near,)))  # the nearest is not part of the choice
    s = GAME.apply(s, Choose(1, d.id, True, (r2,)))
    assert s.on_area(near) is None and s.on_area(r2) is None and s.on_area(r1) is not None


def test_raze_removes_the_nearest_base_or_relic_without_asking():
    table = {0: [("elf-heartwood-grove", (50, 57)), ("elf-moonwell", (50, 40)), ("gob-raider", (45, 50))]}
    s = make_state(table, stack(p1=["gob-firebomber"]), turn=1)
    grove, well, raider = (uid_of(s, k) for k in ("elf-heartwood-grove", "elf-moonwell", "gob-raider"))
    s = land(s, uid_of(s, "gob-firebomber"), 50, 50)
    assert not any(x.ability == "raze" for x in s.slots)
    assert s.on_area(grove) is None, "3 cm away: the nearer base goes"
    assert s.on_area(well) is not None and s.on_area(raider) is not None, "raze never touches troops"


def test_raze_tie_is_the_turn_players_choice():
    table = {0: [("elf-heartwood-grove", (50, 58)), ("elf-moonwell", (50, 42))]}
    s = make_state(table, stack(p1=["gob-firebomber"]), turn=1)
    grove, well = uid_of(s, "elf-heartwood-grove"), uid_of(s, "elf-moonwell")
    s = land(s, uid_of(s, "gob-firebomber"), 50, 50)
    r = slot(s, "raze")
    assert not r.fixed and r.decider == 1 and set(r.options) == {grove, well}
    s = GAME.apply(s, Choose(1, r.id, True, (grove,)))
    assert s.on_area(grove) is None and s.on_area(well) is not None


@pytest.mark.parametrize(("kind", "field"), [("und-soul-snare", "trapped_by"), ("und-lich", "possessed_by")])
@pytest.mark.parametrize("pick", [0, 1])
def test_two_traps_or_possessions_on_one_chip_are_settled_by_the_turn_player(kind, field, pick):
    """Command 2 activates both chips at once; both claim the same Archer."""
    table = {1: [(kind, (50, 57)), (kind, (50, 43))], 0: [("elf-glade-archer", (58, 50))]}
    s = make_state(table, stack(p1=["cen-herd-captain"]), turn=1)
    sources = (uid_of(s, kind, 0), uid_of(s, kind, 1))
    archer = uid_of(s, "elf-glade-archer")
    s = land(s, uid_of(s, "cen-herd-captain"), 50, 50)
    s = GAME.apply(s, Choose(1, slot(s, "command").id, True, sources))
    c = next(x for x in s.slots if x.kind == "conflict")
    assert c.decider == 1 and c.subject == archer and set(c.options) == set(sources) and not c.optional
    assert getattr(s.on_area(archer), field) is None, "nothing applies before the choice"
    s = GAME.apply(s, Choose(1, c.id, True, (sources[pick],)))
    assert getattr(s.on_area(archer), field) == sources[pick]


def test_order_of_declared_effects_does_not_change_the_outcome():
    """Trap, possess, strike and counterattack touching the same chips, applied in every order:
    all are measured as declared and removals come last, so the table ends the same."""
    table = {1: [("und-soul-snare", (50, 50)), ("und-lich", (70, 50)), ("gob-raider", (50, 62))],
             0: [("elf-thornwarden", (50, 57)), ("elf-heartwood-grove", (40, 60)), ("elf-glade-archer", (70, 58))]}
    s = make_state(table, {})
    snare, lich, raider = uid_of(s, "und-soul-snare"), uid_of(s, "und-lich"), uid_of(s, "gob-raider")
    warden, archer = uid_of(s, "elf-thornwarden"), uid_of(s, "elf-glade-archer")
    decls = [Decl(snare, "trap", (warden,), 1), Decl(lich, "possess", (archer,), 1),
             Decl(raider, "strike", (warden,), 5), Decl(warden, "counterattack", (raider,), 2)]
    outcomes = set()
    for order in itertools.permutations(decls):
        after = GAME._apply_declared(msgspec.structs.replace(s, decls=tuple(order)))
        outcomes.add((after.chips, after.discards))
    assert len(outcomes) == 1
    chips, discards = outcomes.pop()
    assert warden in discards[0] and raider in discards[1], "both attacks landed"
    assert next(c for c in chips if c.uid == archer).possessed_by == lich


def test_a_trapped_possessor_loses_control_and_a_trapped_trapper_frees_its_troop():
    s = make_state({1: [("und-lich", (50, 50)), ("und-soul-snare", (30, 30))],
                    0: [("elf-glade-archer", (50, 60)), ("elf-thornwarden", (33, 36)), ("und-soul-snare", (60, 40))]},
                   {})
    lich, archer, warden = uid_of(s, "und-lich"), uid_of(s, "elf-glade-archer"), uid_of(s, "elf-thornwarden")
    snare1, snare0 = uid_of(s, "und-soul-snare", 0), uid_of(s, "und-soul-snare", 1)

    def link(state, **links):
        return msgspec.structs.replace(state, chips=tuple(
            msgspec.structs.replace(c, **links[c.uid]) if c.uid in links else c for c in state.chips))

    held = link(s, **{archer: {"possessed_by": lich}, warden: {"trapped_by": snare1}})
    b = GAME.board(held)
    assert b.controller(archer) == 1 and b.trapped(warden)
    both = link(held, **{lich: {"trapped_by": snare0}})
    b = GAME.board(both)
    assert b.controller(archer) == 0, "the Lich's Possess no longer works: control returns"
    assert GAME.totals(both)[0] > GAME.totals(held)[0]
    freed = link(held, **{snare1: {"trapped_by": snare0}})
    assert not GAME.board(freed).trapped(warden), "a trapped Trap no longer holds its troop"
