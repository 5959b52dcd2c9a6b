"""The rulebook's two examples of play, with exactly the rulebook's outcomes."""
from __future__ import annotations

import pytest

from core.clout.game import GAME, Choose, Landed, PlaceChip, Spot, ThrowChip
from core.errors import IllegalAction
from tests.core.clout.test_game import make_state, uid_of

INC = 5.0  # standard area: 5 cm range increment


def test_example_1_treant_watcher_and_questing_warrior_remove_each_other():
    # Homer (0) has Treant Watcher in play; Marge (1) throws Questing Warrior.
    s = make_state({0: [("elf-treant-watcher", (50.0, 50.0))]}, {1: ["cen-questing-warrior"]}, turn=1)
    watcher, warrior = uid_of(s, "elf-treant-watcher"), uid_of(s, "cen-questing-warrior")
    s = GAME.apply(s, ThrowChip(1, warrior, 50, 64, 0.0))
    # lands almost two range increments from the Watcher (edge to edge 9.5 cm)
    landed_at = (50.0, 50.0 + 4.0 + 1.9 * INC)
    s = GAME.apply(s, Landed(warrior, (Spot(warrior, *landed_at),)))
    # the Warrior's own strike cannot reach yet; move comes first, as Marge's decision
    move = next(x for x in s.slots if x.ability == "move")
    assert GAME.actor(s) == 1 and move.decider == 1
    closer = (50.0, landed_at[1] - 1.0 * INC)
    GAME.validate(s, Choose(1, move.id, True, (), *closer))
    s = GAME.apply(s, Choose(1, move.id, True, (), *closer))
    # now the Warrior's strike and the Watcher's ambush are both declared before either applies
    strike = next(x for x in s.slots if x.ability == "strike")
    assert strike.options == (watcher,)
    s = GAME.apply(s, Choose(1, strike.id, True, (watcher,)))
    ambush = next(x for x in s.slots if x.ability == "ambush")
    assert ambush.decider == 0 and ambush.options == (warrior,)
    s = GAME.apply(s, Choose(0, ambush.id, True))
    assert s.on_area(watcher) is None and s.on_area(warrior) is None
    assert watcher in s.discards[0] and warrior in s.discards[1]


def test_example_1_without_the_move_only_the_ambush_happens():
    s = make_state({0: [("elf-treant-watcher", (50.0, 50.0))]}, {1: ["cen-questing-warrior"]}, turn=1)
    watcher, warrior = uid_of(s, "elf-treant-watcher"), uid_of(s, "cen-questing-warrior")
    s = GAME.apply(s, ThrowChip(1, warrior, 50, 64, 0.0))
    s = GAME.apply(s, Landed(warrior, (Spot(warrior, 50.0, 50.0 + 4.0 + 1.9 * INC),)))
    move = next(x for x in s.slots if x.ability == "move")
    s = GAME.apply(s, Choose(1, move.id, False))
    assert not any(x.ability == "strike" for x in s.slots)  # the Watcher is out of the Warrior's range
    ambush = next(x for x in s.slots if x.ability == "ambush")
    s = GAME.apply(s, Choose(0, ambush.id, True))
    assert s.on_area(watcher) is not None and s.on_area(warrior) is None


def _creepers_and_infiltrator():
    s = make_state({0: [("und-grave-creepers", (50.0, 50.0))]}, {1: ["gob-infiltrator"]}, turn=1)
    return s, uid_of(s, "und-grave-creepers"), uid_of(s, "gob-infiltrator")


def test_example_2_stop_forbids_placing_the_infiltrator_beside_grave_creepers():
    s, _creepers, infiltrator = _creepers_and_infiltrator()
    beside = PlaceChip(1, infiltrator, 50.0, 54.5)
    with pytest.raises(IllegalAction, match="Stop"):
        GAME.validate(s, beside)
    # outside the Creepers' range (2 increments = 10 cm edge to edge) placing is allowed
    GAME.validate(s, PlaceChip(1, infiltrator, 50.0, 50.0 + 4.0 + 10.5))


def test_example_2_throwing_the_infiltrator_instead_lets_its_strike_remove_the_creepers():
    s, creepers, infiltrator = _creepers_and_infiltrator()
    GAME.validate(s, ThrowChip(1, infiltrator, 50.0, 54.5, 0.0))
    s = GAME.apply(s, ThrowChip(1, infiltrator, 50.0, 54.5, 0.0))
    s = GAME.apply(s, Landed(infiltrator, (Spot(infiltrator, 50.0, 54.5),)))
    strike = next(x for x in s.slots if x.ability == "strike")
    assert strike.value == 3
    s = GAME.apply(s, Choose(1, strike.id, True, (creepers,)))
    assert s.on_area(creepers) is None and creepers in s.discards[0]
