"""Every game's SPEC describes its own setup: the fields exist, the defaults are valid choices
inside the declared ranges, the catalogue's player counts agree, and reserved colours are refused."""
from __future__ import annotations

import msgspec
import pytest

from core import registry
from core.errors import IllegalSetup
from core.fistful.battle_state import WARLORD_COLOUR
from core.game import PlayerSetup
from core.spec import GameSpec, Option, ReservedColour, SeatOption, colour_distance

GAME_IDS = list(registry.GAMES)


def _fields(game) -> tuple[str, ...]:
    return game.setup_type.__struct_fields__


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_option_names_a_setup_field_and_its_default_fits(game_id):
    game = registry.get(game_id)
    spec = game.spec
    assert isinstance(spec, GameSpec)
    default = game.default_setup()
    assert spec.min_players <= len(default.players) <= spec.max_players
    assert len({o.field for o in spec.options}) == len(spec.options)
    for option in spec.options:
        assert option.field in _fields(game), option.field
        value = getattr(default, option.field)
        if option.kind == "bool":
            assert type(value) is bool
        elif option.kind in ("int", "float"):
            assert type(value) is (int if option.kind == "int" else float)
            assert option.low is not None and option.high is not None
            assert option.low <= value <= option.high
        elif option.kind == "choice":
            values = [v for v, _ in option.choices]
            assert value in values and len(set(map(repr, values))) == len(values)
            assert all(text.strip() for _, text in option.choices)
        else:
            assert option.kind == "seat" and 0 <= value < len(default.players)
        assert option.label.strip() and "(advanced)" not in option.label


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_seat_option_has_a_choice_for_each_seat_and_holds_the_default(game_id):
    game = registry.get(game_id)
    default = game.default_setup()
    for option in game.spec.seat_options:
        for field in option.seat_fields or (option.field,):
            assert field in _fields(game)
        for seat in range(len(default.players)):
            values = [v for v, _ in option.choices_for(seat)]
            assert values and option.value(default, seat) in values


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_choice_of_every_option_makes_a_setup_the_rules_accept(game_id):
    """What the dialog can offer, the rules take (one option changed at a time)."""
    game = registry.get(game_id)
    default = game.default_setup()
    data = msgspec.to_builtins(default)
    for option in game.spec.options:
        if option.kind == "choice":
            tries = [v for v, _ in option.choices]
        elif option.kind in ("int", "float"):
            tries = [option.low, option.high]
            if option.kind == "int":
                tries = [int(t) for t in tries]
        else:
            continue
        for value in tries:
            if option.field == "computer" and value is not None and data.get("mode") == "table":
                continue
            setup = msgspec.convert({**data, option.field: value}, game.setup_type)
            game.validate_setup(setup)
    for option in game.spec.seat_options:
        for seat in range(len(default.players)):
            for value, _ in option.choices_for(seat):
                if option.seat_fields:
                    changed = {**data, option.seat_fields[seat]: value}
                else:
                    values = list(data[option.field])
                    values[seat] = value
                    changed = {**data, option.field: values}
                game.validate_setup(msgspec.convert(changed, game.setup_type))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_catalogue_player_count_is_the_spec_s(game_id):
    info, spec = registry.INFO[game_id], registry.get(game_id).spec
    assert info.players == (spec.min_players, spec.max_players)
    assert info.players_text == spec.players_text


def test_player_count_words():
    assert [registry.players_text(*r) for r in ((1, 1), (2, 2), (1, 10))] == ["1 player", "2 players", "1–10 players"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_modes_name_the_setup_s_modes(game_id):
    game = registry.get(game_id)
    if game.spec.modes is None:
        return
    title, modes = game.spec.modes
    assert title and [m for m, _ in modes] == ["simulated", "table"]
    assert game.default_setup().mode in dict(modes)


def test_card_games_never_speak_of_throws():
    title, modes = registry.get("fistful-of-gold").spec.modes
    words = " ".join([title, *(text for _, text in modes)]).lower()
    assert "throw" not in words and "cards" in words


def test_all_out_war_offers_no_domination_only_fields():
    fields = {o.field for o in registry.get("all-out-war").spec.options}
    assert not fields & {"ultimate_champion", "first_attacker"}
    assert {"ultimate_champion", "first_attacker"} <= {o.field for o in registry.get("domination").spec.options}


def test_power_spike_and_clout_choose_per_seat():
    ps = registry.get("power-spike").spec.seat_options[0]
    assert ps.seat_fields == ("cdc_roster", "scs_roster")
    assert all("CDC" in text for _, text in ps.choices_for(0)) and all("SCS" in text for _, text in ps.choices_for(1))
    clout = registry.get("clout").spec.seat_options[0]
    assert clout.field == "stacks" and not clout.seat_fields and len(clout.choices_for(0)) >= 2


@pytest.mark.parametrize("colour", [WARLORD_COLOUR, "#6e24ab", WARLORD_COLOUR.upper()])
def test_the_warlords_colour_is_refused_by_the_rules(colour):
    game = registry.get("domination")
    setup = game.default_setup(3)
    players = (setup.players[0], PlayerSetup("Bea", colour), setup.players[2])
    with pytest.raises(IllegalSetup, match="the Warlords"):
        game.validate_setup(msgspec.structs.replace(setup, players=players))


def test_a_colour_far_from_the_warlords_is_accepted():
    game = registry.get("domination")
    setup = game.default_setup(2)
    assert colour_distance(WARLORD_COLOUR, "#2a9d36") > 100
    game.validate_setup(msgspec.structs.replace(setup, players=(setup.players[0], PlayerSetup("Bea", "#2a9d36"))))
    assert ReservedColour(WARLORD_COLOUR, "the Warlords") in game.spec.reserved_colours


def test_spec_records_are_frozen_values():
    option = Option("hero", "Hero")
    with pytest.raises(AttributeError):
        option.label = "x"  # type: ignore[misc]
    assert option == Option("hero", "Hero") and SeatOption("s", "S").choices_for(3) == ()


def test_tools_are_not_in_the_core_registry():
    assert not hasattr(registry, "TOOLS") and not hasattr(registry, "ToolInfo")
