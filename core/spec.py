"""What a game declares about its setup, so the New Game dialog needs no knowledge of any game.

A game module builds one `GameSpec` (its `SPEC`, also `GAME.spec`): the player range, the options
a table may change with their labels and ranges, the words for its throw mode (or none, for card
games with nothing thrown), the choices made per seat, and colours players may not take.

Per-seat options are the seam later work plugs into: a stack or army per seat, and Human or
Computer with a level (`COMPUTER`, which every game shares and which lives on each seat's
PlayerSetup, so `GameSpec.all_seat_options` lists it last).

Only msgspec and the registry's text helper: the rules modules import this at load, the dialog
imports it lazily, and the start page never does.
"""
from __future__ import annotations

from typing import Any, Callable, Literal

import msgspec

from core.registry import players_text

OptionKind = Literal["bool", "int", "float", "choice", "seat"]
Choices = tuple[tuple[Any, str], ...]

MODE_WORDS: tuple[str, tuple[tuple[str, str], ...]] = (
    "Throws", (("simulated", "Simulated throws"), ("table", "Results entered at the table")))


class Option(msgspec.Struct, frozen=True):
    """One setup field a table may change.

    `kind` picks the control: "bool" a check box, "int"/"float" a spin box over `low`..`high`,
    "choice" one of `choices` ((value, label) pairs), "seat" one of the players (the value is the
    seat index). `advanced` options are grouped under "Advanced rules". The default is the
    setup's own default, never repeated here.
    """

    field: str
    label: str
    kind: OptionKind = "bool"
    low: float | None = None
    high: float | None = None
    choices: Choices = ()
    advanced: bool = False


class SeatOption(msgspec.Struct, frozen=True):
    """A choice made once per seat, shown on that seat's row of the players table.

    The setup keeps it either in one tuple field with a value per seat (`field`, e.g. Clout's
    `stacks`) or, when `seat_fields` is given, in one field per seat (Power Spike's
    `cdc_roster` / `scs_roster`). `choices` serve every seat unless `seat_choices` gives a list
    per seat (each side has its own armies).

    A seat may instead bring its own choice from a file (a stack made in the stack builder) when
    `read_file` is given: the dialog offers `file_label` beside the choices, asks for a path
    (`file_filter`), and `read_file(path)` returns (the words shown for it, the value) or raises
    with a message that names the file. The value is kept whole in the setup's tuple field
    `file_field` (None for the seats that kept a choice), so a save never needs the file again.

    With `player_field` the value lives on each seat's own PlayerSetup under that name instead.
    """

    field: str
    label: str
    choices: Choices = ()
    seat_choices: tuple[Choices, ...] = ()
    seat_fields: tuple[str, ...] = ()
    file_field: str = ""
    file_label: str = ""
    file_filter: str = ""
    read_file: Callable[[str], tuple[str, Any]] | None = None
    player_field: str = ""

    def choices_for(self, seat: int) -> Choices:
        if self.seat_choices:
            return self.seat_choices[seat] if seat < len(self.seat_choices) else ()
        return self.choices

    def value(self, setup: Any, seat: int) -> Any:
        """This seat's value in `setup` (None when the setup's tuple is shorter)."""
        if self.player_field:
            return getattr(setup.players[seat], self.player_field) if seat < len(setup.players) else None
        if self.seat_fields:
            return getattr(setup, self.seat_fields[seat])
        values = getattr(setup, self.field)
        return values[seat] if seat < len(values) else None


# Short words (the heading says Computer; Human is no computer): Power Spike's rows already carry
# an army each and the dialog must fit 1024 px.
COMPUTER = SeatOption("computer", "Computer", player_field="computer", choices=(
    (None, "Human"), ("easy", "Easy"), ("normal", "Normal"), ("strong", "Strong")))


class ReservedColour(msgspec.Struct, frozen=True):
    """A colour the game paints something else in (the Warlords): players may not take it, nor
    one so close to it that the two cannot be told apart on the board."""

    colour: str
    owner: str


class GameSpec(msgspec.Struct, frozen=True):
    """Everything the New Game dialog shows, declared by the game.

    `modes` is (box title, ((mode, label), ...)), or None when the game has no chance for a
    table to enter by hand (the dialog then shows no mode box and keeps the setup's default).
    """

    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    seat_options: tuple[SeatOption, ...] = ()
    modes: tuple[str, tuple[tuple[str, str], ...]] | None = MODE_WORDS
    reserved_colours: tuple[ReservedColour, ...] = ()

    @property
    def players_text(self) -> str:
        return players_text(self.min_players, self.max_players)

    @property
    def all_seat_options(self) -> tuple[SeatOption, ...]:
        """The game's own per-seat choices, then who plays the seat (shared by every game)."""
        return self.seat_options + (COMPUTER,)

    def option(self, field: str) -> Option:
        return next(o for o in self.options if o.field == field)

    def labels(self) -> dict[str, str]:
        return {o.field: o.label for o in self.options}

    def colour_clash(self, colour: str) -> ReservedColour | None:
        """The reserved colour `colour` would be mistaken for, or None."""
        for reserved in self.reserved_colours:
            if colour_distance(colour, reserved.colour) < CLASH_DISTANCE:
                return reserved
        return None


CLASH_DISTANCE = 48.0


def colour_distance(a: str, b: str) -> float:
    """Straight RGB distance between two "#rrggbb" colours (0 the same, ~441 black to white)."""
    pa = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    pb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return float(sum((x - y) ** 2 for x, y in zip(pa, pb)) ** 0.5)


def refuse_reserved(spec: GameSpec, colours: tuple[str, ...]) -> None:
    """Raise IllegalSetup for the first player colour too close to a reserved one."""
    from core.errors import IllegalSetup

    for seat, colour in enumerate(colours, start=1):
        try:
            clash = spec.colour_clash(colour)
        except ValueError:
            continue  # not a colour: validate_players says so
        if clash is not None:
            raise IllegalSetup(f"Player {seat}'s colour {colour} is too close to {clash.owner}' colour "
                               f"{clash.colour}, which is kept for them: pick another colour.")
