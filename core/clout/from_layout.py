"""A Clout game continued from a club's layout: the chips on the area stay in play, the rest of
each side's stack is in hand, the players say who throws next, and nothing is pending.

A layout records only where chips lie, so it can start a game only when both sides' whole
stacks are known; each chip on the area uses up one copy of that chip in its owner's stack.
Everything that stops the game from starting is an IllegalSetup naming the side and the chip.

Positions are the referee's measurements and are kept as they are: a chip partly off the area
still touches it and is in play (the rules' test for a landed chip), and chips that overlap
stay where they lie, measured 0 cm apart edge to edge, until a throw knocks them clear. A chip
wholly off the area would be out of play, which a layout cannot mean, so it is refused.
"""
from __future__ import annotations

from collections import Counter

from core.clout.catalogue import Catalogue, default_catalogue
from core.clout.geometry import inside_area
from core.clout.layout import Layout, PlacedChip
from core.clout.stacks import Stack, ready_stacks
from core.clout.state import DEFAULT_STACKS, CloutSetup, StartChip, StartPosition
from core.errors import IllegalSetup
from core.game import Mode, PlayerSetup
from maps.clout.areas import available_areas, load_area, range_increment_cm


def setup_from_layout(layout: Layout, first_player: int, catalogue: Catalogue | None = None,
                      mode: Mode = "simulated") -> CloutSetup:
    """The setup of a game starting from `layout`, `first_player` (0 or 1) to throw next; the
    setup is checked by the rules, so a stack that could not start a game is refused here too."""
    from core.clout.game import GAME

    catalogue = catalogue or default_catalogue()
    if layout.area not in available_areas():
        raise IllegalSetup(f"The layout's playing area {layout.area!r} is not one Battlebox knows "
                           f"(choose one of {', '.join(available_areas())}).")
    area = load_area(layout.area)
    names = [p.name.strip() or f"Player {i + 1}" for i, p in enumerate(layout.players)]
    for p, slot in enumerate(layout.players):
        if not slot.stack:
            raise IllegalSetup(f"{names[p]}'s stack is not known: enter the side's whole stack "
                               "before continuing as a game.")
        unknown = [c for c in dict.fromkeys(slot.stack) if c not in catalogue]
        if unknown:
            raise IllegalSetup(f"{names[p]}'s stack names chips that are not in the catalogue: "
                               f"{', '.join(unknown)}.")
    ready = [_ready_key(slot.stack) for slot in layout.players]
    stacks = [ready_stacks()[k].chips if k else slot.stack for k, slot in zip(ready, layout.players)]
    used: list[Counter[str]] = [Counter(), Counter()]
    start: list[StartChip] = []
    for chip in layout.chips:
        start.append(_start_chip(stacks, chip, names, used, catalogue, layout))
        if not inside_area((chip.x_cm, chip.y_cm), area):
            raise IllegalSetup(f"{_label(chip, catalogue)} of {names[chip.owner]} lies wholly off the "
                               "playing area, where it would be out of play: move it onto the area "
                               "or remove it from the layout.")
    default = range_increment_cm(area)
    increments = tuple(slot.increment_cm if slot.increment_cm is not None else default
                       for slot in layout.players)
    setup = CloutSetup(
        players=tuple(PlayerSetup(names[p], slot.colour) for p, slot in enumerate(layout.players)),
        mode=mode,
        stacks=tuple(k or DEFAULT_STACKS[p] for p, k in enumerate(ready)),
        custom_stacks=tuple(None if ready[p] else Stack(f"{names[p]}'s stack", slot.stack)
                            for p, slot in enumerate(layout.players)),
        area=layout.area,
        increments_cm=increments if any(s.increment_cm is not None for s in layout.players) else (),
        first_player=first_player,
        start=StartPosition(tuple(start)),
    )
    GAME.validate_setup(setup)
    return setup


def _ready_key(chips: tuple[str, ...]) -> str | None:
    """The ready stack holding exactly these chips, if any: its chips are public, which the
    computer's guesses about the rival's hand use (an own-built stack is secret)."""
    want = Counter(chips)
    return next((k for k, s in ready_stacks().items() if Counter(s.chips) == want), None)


def _start_chip(stacks: list[tuple[str, ...]], chip: PlacedChip, names: list[str], used: list[Counter[str]],
                catalogue: Catalogue, layout: Layout) -> StartChip:
    """The first copy of the chip in its owner's stack that no other chip on the area uses."""
    if chip.owner not in (0, 1):
        raise IllegalSetup(f"{_label(chip, catalogue)} belongs to no side (owner {chip.owner}).")
    stack = stacks[chip.owner]
    held = stack.count(chip.chip)
    if not held:
        raise IllegalSetup(f"{_label(chip, catalogue)} is on the area for {names[chip.owner]}, but "
                           f"{names[chip.owner]}'s stack has no {_name(chip.chip, catalogue)}.")
    n = used[chip.owner][chip.chip]
    if n >= held:
        placed = [c.id for c in layout.chips if c.owner == chip.owner and c.chip == chip.chip]
        raise IllegalSetup(f"{names[chip.owner]}'s stack holds {held} {_name(chip.chip, catalogue)}, but the "
                           f"layout puts {len(placed)} on the area ({', '.join(placed)}).")
    used[chip.owner][chip.chip] = n + 1
    index = [k for k, c in enumerate(stack) if c == chip.chip][n]
    return StartChip(chip.owner, index, chip.x_cm, chip.y_cm)


def _name(chip_id: str, catalogue: Catalogue) -> str:
    return catalogue.chips[chip_id].name if chip_id in catalogue else repr(chip_id)


def _label(chip: PlacedChip, catalogue: Catalogue) -> str:
    return f"Chip {chip.id} ({_name(chip.chip, catalogue)})"
