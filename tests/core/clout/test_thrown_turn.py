"""Move, Push and Exchange are used only on the turn their chip is thrown (GAME-DATA section 5):
a chip that Command activates again on a later turn uses its other abilities, not these."""
from __future__ import annotations

from core.clout.game import GAME, Choose, Landed, Spot, ThrowChip
from tests.core.clout.test_abilities import slot, stack
from tests.core.clout.test_game import land, make_state, uid_of


def test_command_on_a_later_turn_offers_no_move_but_the_strike_still_fires():
    """The Questing Warrior (Move 1, Strike 3) came down on an earlier turn; the Herd Captain's
    Command activates it now: no Move is offered, its Strike is."""
    s = make_state({0: [("elf-glade-archer", (50, 70))], 1: [("cen-questing-warrior", (50, 62))]},
                   stack(p1=["cen-herd-captain"]), turn=1)
    cap, warrior, archer = uid_of(s, "cen-herd-captain"), uid_of(s, "cen-questing-warrior"), uid_of(s, "elf-glade-archer")
    s = land(s, cap, 50, 50)
    s = GAME.apply(s, Choose(1, slot(s, "command").id, True, (warrior,)))
    assert not any(x.ability == "move" for x in s.slots), "Move belongs to the turn the chip is thrown"
    strike = slot(s, "strike")
    assert strike.source == warrior and strike.options == (archer,)
    s = GAME.apply(s, Choose(1, strike.id, True, (archer,)))
    assert s.on_area(archer) is None and archer in s.discards[0]
    assert s.on_area(warrior).y == 62, "the commanded warrior never moved"


def test_the_same_warrior_thrown_this_turn_is_offered_its_move():
    s = make_state({0: [("elf-glade-archer", (50, 70))]}, stack(p1=["cen-questing-warrior"]), turn=1)
    s = land(s, uid_of(s, "cen-questing-warrior"), 50, 62)
    assert slot(s, "move").decider == 1


def test_command_on_a_later_turn_offers_no_push_and_no_exchange():
    table = {1: [("cen-pathfinder", (50, 58)), ("elf-kindred-scout", (58, 50)), ("gob-raider", (42, 50))]}
    s = make_state(table, stack(p1=["cen-herd-captain"]), turn=1)
    pathfinder, scout = uid_of(s, "cen-pathfinder"), uid_of(s, "elf-kindred-scout")
    s = land(s, uid_of(s, "cen-herd-captain"), 50, 50)
    s = GAME.apply(s, Choose(1, slot(s, "command").id, True, (pathfinder, scout)))
    assert not any(x.ability in ("push", "exchange", "move") for x in s.slots)
    assert s.phase == "choose" and GAME.actor(s) == 0, "nothing else to decide: the turn ends"


def test_a_rethrown_chip_is_thrown_this_turn_and_may_move():
    s = make_state({1: [("cen-questing-warrior", (50, 58))]}, stack(p1=["gob-boss"]), turn=1)
    boss, warrior = uid_of(s, "gob-boss"), uid_of(s, "cen-questing-warrior")
    s = land(s, boss, 50, 50)
    s = GAME.apply(s, Choose(1, slot(s, "rethrow").id, True, (warrior,)))
    s = GAME.apply(s, ThrowChip(1, warrior, 20, 20, 0.0))
    s = GAME.apply(s, Landed(warrior, (Spot(warrior, 20, 20),)))
    assert slot(s, "move").source == warrior
