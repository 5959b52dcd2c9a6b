"""A Clout game continued from a layout: the chips on the area are in play, the rest in hand, the
chosen side throws next, nothing pending; it plays on by the rules and survives a save."""
from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

from core.clout.from_layout import setup_from_layout
from core.clout.game import GAME, CloutSetup, StartChip, StartPosition
from core.clout.layout import Layout, PlacedChip, PlayerSlot
from core.clout.stacks import ready_stacks
from core.errors import IllegalSetup
from core.match import Match
from tests.saves.make_saves import play

OLD_SAVES = Path(__file__).resolve().parents[2] / "saves" / "0.1.0"
ELVES = ready_stacks()["elves-greenwood-vanguard"].chips
UNDEAD = ready_stacks()["undead-grave-legion"].chips


def layout(chips: tuple[PlacedChip, ...] = (), stacks: tuple[tuple[str, ...], ...] = (ELVES, UNDEAD),
           increments: tuple[float | None, float | None] = (None, None)) -> Layout:
    players = (PlayerSlot("Ann", "#15803d", increments[0], stacks[0]),
               PlayerSlot("Bo", "#111827", increments[1], stacks[1]))
    return Layout("standard", players, chips)


TABLE = (
    PlacedChip("c1", "elf-heartwood-grove", 0, 30.0, 40.0),
    PlacedChip("c2", "und-bone-crypt", 1, 70.0, 60.0),
    PlacedChip("c3", "elf-glade-archer", 0, 35.0, 45.0),
    PlacedChip("c4", "elf-glade-archer", 0, 45.0, 50.0),
    PlacedChip("c5", "und-grave-creepers", 1, 60.0, 55.0),
)


def test_the_chips_on_the_area_are_in_play_and_the_rest_in_hand():
    setup = setup_from_layout(layout(TABLE), first_player=1)
    state = Match.new("clout", setup, seed=1).state
    assert [(state.kind(c.uid), c.x, c.y) for c in state.chips] == [
        (c.chip, c.x_cm, c.y_cm) for c in TABLE]
    assert [c.uid for c in state.chips] == ["0.0", "1.0", "0.4", "0.5", "1.2"]  # first unused copies
    assert [len(h) for h in state.stacks] == [12, 13]
    assert sorted(state.kind(u) for u in state.stacks[0]).count("elf-glade-archer") == 1
    assert state.discards == ((), ())
    assert (state.turn, state.phase, state.slots, state.ctx, state.round) == (1, "choose", (), None, None)
    assert state.first_done == (True, True)  # the base-first rule is behind both sides
    assert setup.players[0].name == "Ann"


def test_a_ready_stack_is_named_so_its_chips_stay_public_and_an_own_built_one_is_embedded():
    own = ELVES[1:] + ELVES[:1]  # reordered: still the ready stack's chips
    setup = setup_from_layout(layout(TABLE, stacks=(own, UNDEAD[:-1] + ("und-wraith",))), first_player=0)
    assert setup.stacks[0] == "elves-greenwood-vanguard" and setup.custom_stacks[0] is None
    assert setup.custom_stacks[1].chips == UNDEAD[:-1] + ("und-wraith",)
    assert setup.custom_stacks[1].name == "Bo's stack"


def test_a_side_with_nothing_on_the_area_still_starts_with_a_base():
    setup = setup_from_layout(layout(TABLE[:1]), first_player=1)
    state = GAME.new(setup)
    assert state.first_done == (True, False)
    assert all(GAME.catalogue.chip(state.kind(u)).type == "base" for u in GAME.playable(state, 1))


def test_handicap_increments_come_from_the_layout():
    setup = setup_from_layout(layout(TABLE, increments=(6.0, None)), first_player=0)
    assert setup.increments_cm == (6.0, 5.0)
    assert setup_from_layout(layout(TABLE), 0).increments_cm == ()


@pytest.mark.parametrize(("change", "words"), [
    (dict(stacks=(ELVES, ())), "Bo's stack is not known"),
    (dict(chips=TABLE + (PlacedChip("c9", "und-lich", 0, 50.0, 50.0),)), "Chip c9 (Lich) is on the area for Ann"),
    (dict(chips=TABLE + (PlacedChip("c9", "elf-moonwell", 0, 20.0, 20.0),
                         PlacedChip("c10", "elf-moonwell", 0, 80.0, 20.0))),
     "Ann's stack holds 1 Moonwell, but the layout puts 2 on the area (c9, c10)"),
    (dict(chips=(PlacedChip("c1", "elf-moonwell", 0, -10.0, 50.0),)), "Chip c1 (Moonwell) of Ann lies wholly off"),
    (dict(stacks=(ELVES[:14], UNDEAD)), "exactly 15 chips"),
])
def test_a_layout_that_cannot_start_a_game_is_refused_with_the_reason(change, words):
    kw = {"chips": TABLE, **change}
    with pytest.raises(IllegalSetup, match=words.replace("(", r"\(").replace(")", r"\)")):
        setup_from_layout(layout(**kw), first_player=0)


def test_the_side_to_throw_next_needs_a_chip_in_hand():
    everything = tuple(PlacedChip(f"c{k}", cid, 0, 5.0 + 6 * k, 50.0) for k, cid in enumerate(ELVES))
    with pytest.raises(IllegalSetup, match="Ann has no chip left to throw"):
        setup_from_layout(layout(everything), first_player=0)
    state = GAME.new(setup_from_layout(layout(everything), first_player=1))
    assert state.stacks[0] == () and len(state.chips) == 15


def test_overlapping_and_overhanging_chips_stay_where_the_referee_measured_them():
    """A chip hanging over the edge touches the area, so it is in play; overlapping chips keep
    their places (0 cm apart) until a throw knocks them."""
    chips = (PlacedChip("c1", "elf-heartwood-grove", 0, 50.0, 50.0),
             PlacedChip("c2", "und-bone-crypt", 1, 52.0, 50.0),
             PlacedChip("c3", "elf-glade-archer", 0, -1.5, 30.0))
    state = GAME.new(setup_from_layout(layout(chips), first_player=0))
    assert [(c.x, c.y) for c in state.chips] == [(50.0, 50.0), (52.0, 50.0), (-1.5, 30.0)]
    assert GAME.board(state).gap_cm("0.0", "1.0") == 0.0
    match = play(Match.new("clout", state.setup, seed=5), random.Random(5),
                 stop=lambda m: m.state.turn_no >= 4)
    assert match.state.turn_no >= 4


@pytest.fixture(scope="module")
def finished() -> Match:
    return play(Match.new("clout", setup_from_layout(layout(TABLE), first_player=1), seed=7), random.Random(7))


def test_the_game_plays_on_by_the_rules_to_the_end(finished):
    state = finished.state
    assert state.phase == "over" and state.result is not None
    assert state.stacks == ((), ())
    first = finished.state_at(1)
    assert first.ctx is not None and first.ctx.chip.startswith("1.")  # Bo threw first


def test_a_save_keeps_the_start_position(finished, tmp_path):
    path = tmp_path / "continued.battlebox.json"
    finished.save(path)
    loaded = Match.load(path)
    assert loaded.setup == finished.setup and loaded.state == finished.state
    assert loaded.state_at(0).chips == finished.state_at(0).chips
    assert b'"start"' in path.read_bytes()


def test_a_new_game_s_setup_is_saved_as_before():
    """No `start` in a new game's save, so saves and checksums from before it read unchanged."""
    setup = GAME.default_setup()
    assert b"start" not in msgspec.json.encode(setup)
    assert msgspec.json.decode(msgspec.json.encode(setup), type=CloutSetup) == setup


@pytest.mark.parametrize("name", sorted(p.name for p in OLD_SAVES.glob("clout-*.battlebox.json")))
def test_release_0_1_0_saves_still_open_and_replay(name):
    match = Match.load(OLD_SAVES / name)
    assert match.steps > 0 and match.setup.start is msgspec.UNSET


@pytest.mark.parametrize(("chips", "words"), [
    ((StartChip(2, 0, 50, 50),), "belongs to no player"),
    ((StartChip(0, 15, 50, 50),), "not in Player 1's stack"),
    ((StartChip(0, 1, 50, 50), StartChip(0, 1, 60, 60)), "given twice"),
    ((StartChip(1, 1, 500, 50),), "wholly off the playing area"),
])
def test_a_hand_edited_start_position_is_refused(chips, words):
    setup = msgspec.structs.replace(GAME.default_setup(), start=StartPosition(chips))
    with pytest.raises(IllegalSetup, match=words):
        GAME.validate_setup(setup)
