"""Setups unlike a game's default in every field New Game shows, shared by the tests of the
dialog and of the file that remembers the last setups."""
from __future__ import annotations

from typing import Any

import msgspec

from core import registry
from core.errors import IllegalSetup
from core.game import with_computers

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo")
COLOURS = ("#123456", "#2a7f62", "#d2691e", "#b8860b", "#5f9ea0", "#8b4513", "#4682b4", "#6b8e23", "#9932cc",
           "#2f4f4f")


def tweaked(game_id: str) -> Any:
    """A legal setup unlike the game's default in every field the dialog shows."""
    game = registry.get(game_id)
    spec, default = game.spec, game.default_setup()
    count = len(default.players) + (1 if len(default.players) < spec.max_players else 0)
    setup = game.default_setup(count)
    players = tuple(msgspec.structs.replace(p, name=NAMES[i], colour=COLOURS[i]) for i, p in enumerate(setup.players))
    changes: dict[str, Any] = {"players": players}
    if spec.modes is not None:
        changes["mode"] = next(m for m, _ in spec.modes[1] if m != default.mode)
    seats = iter(range(count - 1, -1, -1))  # seat choices (first attacker, first defender) must differ
    for option in spec.options:
        value = getattr(default, option.field)
        if option.kind == "bool":
            changes[option.field] = not value
        elif option.kind == "choice":
            changes[option.field] = next(c for c, _ in reversed(option.choices) if c != value)
        elif option.kind in ("int", "float"):
            changes[option.field] = type(value)(option.high)
        elif option.kind == "seat":
            changes[option.field] = next(seats)
    for option in spec.seat_options:
        values = [option.choices_for(i)[-1][0] for i in range(count)]
        if option.seat_fields:
            changes.update(zip(option.seat_fields, values))
        else:
            changes[option.field] = tuple(values)
    setup = msgspec.structs.replace(setup, **changes)
    try:
        game.validate_setup(with_computers(setup, {count - 1: "normal"}))
        setup = with_computers(setup, {count - 1: "normal"})
    except IllegalSetup:  # Gold's computer needs simulated cards, and the tweak chose the table's
        game.validate_setup(setup)
    assert setup != default
    return setup
