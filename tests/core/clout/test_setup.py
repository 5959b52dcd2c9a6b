"""Clout New Game's choices as the core sees them: each seat's stack (ready-made or a stack file,
kept whole in the setup so a save replays without the file), the playing area, and the refusals
that name the stack and what is wrong."""
from __future__ import annotations

import glob
import random
from pathlib import Path

import msgspec
import pytest

from core.clout.game import GAME, SPEC, CloutSetup, setup_stacks
from core.clout.state import read_stack_file
from core.clout.stacks import Stack, ready_stacks, save_stack
from core.errors import IllegalSetup
from core.game import CHANCE
from core.match import Match
from maps.clout.areas import available_areas
from maps.datafile import DataError

UNDEAD = ready_stacks()["undead-grave-legion"]


def with_(setup: CloutSetup, **kw) -> CloutSetup:
    return msgspec.structs.replace(setup, **kw)


def test_the_spec_offers_every_ready_stack_a_stack_file_and_every_area():
    (stacks,) = SPEC.seat_options
    assert [key for key, _ in stacks.choices] == list(ready_stacks())
    assert stacks.file_field == "custom_stacks" and stacks.read_file is read_stack_file
    assert [key for key, _ in SPEC.option("area").choices] == list(available_areas())
    assert {"standard", "rug", "pool-table"} <= set(available_areas())


@pytest.mark.parametrize("area", ["standard", "rug", "pool-table"])
def test_every_area_starts_a_game(area):
    setup = with_(GAME.default_setup(), area=area)
    GAME.validate_setup(setup)
    assert GAME.area(GAME.new(setup)).id == area


def test_a_stack_file_is_read_whole_and_named(tmp_path):
    path = tmp_path / "mine.cfstack.json"
    save_stack(path, Stack("Night shift", UNDEAD.chips))
    text, stack = read_stack_file(str(path))
    assert text == "Night shift (file)" and stack == Stack("Night shift", UNDEAD.chips)
    save_stack(path, Stack("", UNDEAD.chips))
    assert read_stack_file(str(path))[1].name == "mine"


def test_a_damaged_stack_file_names_the_file_and_entry(tmp_path):
    path = tmp_path / "bad.cfstack.json"
    path.write_text('{"format": "battlebox-clout-stack", "version": 1, "name": "x", "chips": ["no-such-chip"]}')
    with pytest.raises(DataError) as e:
        read_stack_file(str(path))
    assert "bad.cfstack.json" in str(e.value) and "chips[0]" in str(e.value)


def test_an_illegal_stack_is_refused_naming_the_player_the_stack_and_every_problem():
    setup = with_(GAME.default_setup(), custom_stacks=(None, Stack("Half done", UNDEAD.chips[:10])))
    with pytest.raises(IllegalSetup) as e:
        GAME.validate_setup(setup)
    message = str(e.value)
    assert "Player 2" in message and "“Half done”" in message and "exactly 15 chips" in message
    assert "add 5" in message


def test_an_unknown_ready_stack_and_an_unknown_area_are_refused_with_the_choices():
    with pytest.raises(IllegalSetup, match="no ready stack 'nope'.*elves-greenwood-vanguard"):
        GAME.validate_setup(with_(GAME.default_setup(), stacks=("nope", "undead-grave-legion")))
    with pytest.raises(IllegalSetup, match="no playing area 'moon'.*rug"):
        GAME.validate_setup(with_(GAME.default_setup(), area="moon"))


def test_a_stack_from_a_file_goes_into_the_save_and_replays_without_the_file(tmp_path):
    path = tmp_path / "mine.cfstack.json"
    save_stack(path, Stack("Night shift", UNDEAD.chips))
    _text, stack = read_stack_file(str(path))
    setup = with_(GAME.default_setup(), stacks=("elves-greenwood-vanguard", ""), custom_stacks=(None, stack),
                  area="rug")
    match = Match.new("clout", setup, 7)
    rng = random.Random(3)
    for _ in range(12):
        match.apply(match.chance_action() if match.actor == CHANCE else match.random_action(rng))
    save = tmp_path / "game.battlebox.json"
    match.save(save)
    path.unlink()
    again = Match.load(save)
    assert again.state == match.state
    assert setup_stacks(again.state.setup)[1] == stack and again.state.setup.area == "rug"


@pytest.mark.parametrize("save", sorted(glob.glob(str(Path(__file__).parents[2] / "saves/0.1.0/clout-*.json"))))
def test_old_clout_saves_still_load_with_their_ready_stacks(save):
    match = Match.load(save)
    assert all(s is not None for s in setup_stacks(match.state.setup))
    assert match.state.setup.area in available_areas()
