"""End-of-game clout per chip: points, base bonus (at most 1), loyal, disloyal, last chip 0, possession."""
from __future__ import annotations

from core.clout.game import GAME
from tests.core.clout.test_game import make_state, uid_of


def score(s, chip, nth=0):
    uid = uid_of(s, chip, nth)
    return next(x for x in GAME.scores(s) if x.uid == uid)


def test_printed_points_and_one_base_bonus_however_many_bases_reach():
    s = make_state({0: [("elf-heartwood-grove", (50, 50)), ("elf-moonwell", (60, 50)), ("elf-windrider", (55, 58))]}, {})
    w = score(s, "elf-windrider")
    assert (w.printed, w.base_bonus, w.total) == (2, 1, 3)
    # the two bases are in each other's range too
    assert score(s, "elf-moonwell").total == 0 + 1
    assert GAME.totals(s) == (3 + 2 + 1, 0)


def test_no_bonus_from_an_opponents_base_or_out_of_range():
    s = make_state({1: [("gob-scrap-fort", (50, 50))], 0: [("elf-windrider", (55, 58)), ("elf-moonwell", (95, 95))]}, {})
    assert score(s, "elf-windrider").base_bonus == 0


def test_last_chip_thrown_is_worth_zero_but_keeps_its_bonus():
    s = make_state({0: [("elf-heartwood-grove", (50, 50)), ("elf-windrider", (55, 58))]}, {})
    s = s.__class__(**{**{f: getattr(s, f) for f in s.__struct_fields__}, "last_thrown": uid_of(s, "elf-windrider")})
    w = score(s, "elf-windrider")
    assert w.last_thrown and (w.base_bonus, w.total) == (1, 1)


def test_loyal_and_disloyal_with_a_floor_of_zero():
    s = make_state({1: [("cen-outrider", (50, 50)), ("gob-raider", (50, 58))]}, {})
    assert score(s, "cen-outrider").loyal == 1 and score(s, "cen-outrider").total == 2
    s = make_state({0: [("und-restless-dead", (50, 50))], 1: [("gob-raider", (50, 58)), ("gob-raider", (58, 50)),
                                                              ("gob-raider", (42, 50))]}, {})
    d = score(s, "und-restless-dead")
    assert d.disloyal == -3 and d.total == 0


def test_possessed_chip_scores_for_the_possessor():
    s = make_state({0: [("elf-windrider", (50, 50))], 1: [("und-lich", (50, 60))]}, {})
    s = s.__class__(**{**{f: getattr(s, f) for f in s.__struct_fields__},
                       "chips": tuple(c if c.uid != uid_of(s, "elf-windrider")
                                      else c.__class__(c.uid, c.x, c.y, possessed_by=uid_of(s, "und-lich"))
                                      for c in s.chips)})
    assert score(s, "elf-windrider").player == 1
    assert GAME.totals(s) == (0, 2 + 4)
