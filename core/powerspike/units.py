"""Power Spike unit profiles (from resources/powerspike/units.json) and units in play.

The rulebook gives no statistics, so every profile is an invented, editable default read
from data. A unit in play is a frozen `Unit` whose `figures` are listed in the order they
are removed: a tank unit's two Fire Support Droids go before the tank; an ornithopter's
'thopters carry one unit each and a lost 'thopter takes its cargo with it.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import msgspec

from maps.datafile import DataError, get_field, read_json

DEFAULT_FILE = "resources/powerspike/units.json"
KINDS = ("standard", "tank", "ornithopter")
Kind = Literal["standard", "tank", "ornithopter"]
DROID = "Fire Support Droid"
THOPTER = "'thopter"
MAX_THOPTERS = 3
TANK_FIGURES = 3
# Far beyond any unit of the game; larger numbers are damage (and would build absurd decks).
MAX_CARDS = 20
MAX_FIGURES = 50
MAX_DISTANCE_IN = 200.0
MAX_TRAY_IN = 48.0


@dataclass(frozen=True)
class Side:
    id: str
    name: str
    suits: str  # "red" or "black": the movement-deck colour that gives this side its go


@dataclass(frozen=True)
class Profile:
    """A unit type's statistics. Distances in inches; tray is (width, depth)."""

    id: str
    side: str
    name: str
    cards: int
    figures: int
    move: float
    range: float
    tray: tuple[float, float]
    kind: Kind
    commander: bool
    invented: bool

    @property
    def is_tank(self) -> bool:
        return self.kind == "tank"

    @property
    def is_ornithopter(self) -> bool:
        return self.kind == "ornithopter"

    @property
    def label(self) -> str:
        """How players name the type in a sentence: 'Mag-Lev Tank unit'."""
        return f"{self.name} unit"

    @property
    def models(self) -> tuple[str, ...]:
        """The figures on a full tray, in the order losses remove them."""
        if self.is_tank:
            return (DROID,) * (self.figures - 1) + (self.name,)
        if self.is_ornithopter:
            return (THOPTER,) * self.figures
        return (self.name,) * self.figures


@dataclass(frozen=True)
class UnitBook:
    sides: dict[str, Side]
    profiles: dict[str, Profile]
    source: str

    def profile(self, type_id: str) -> Profile:
        return self.profiles[type_id]

    def for_side(self, side: str) -> tuple[Profile, ...]:
        return tuple(p for p in self.profiles.values() if p.side == side)

    def side_name(self, side: str) -> str:
        s = self.sides.get(side)
        return s.name if s else side


def a_or_an(word: str) -> str:
    """The article for a name, reading acronyms by letter: 'a CDC army', 'an SCS army'."""
    if word.isupper():
        return "an" if word[0] in "AEFHILMNORSX" else "a"
    return "an" if word[:1].lower() in "aeiou" else "a"


def cargo_refusal(carrier: Profile, cargo: Profile) -> str | None:
    """Why `carrier` cannot lift `cargo`, or None. Tanks never fly; neither do other ornithopters."""
    if not carrier.is_ornithopter:
        return f"a {carrier.label} cannot carry other units; only an Ornithopter can"
    if cargo.is_tank:
        return f"an Ornithopter cannot carry a tank ({cargo.label})"
    if cargo.is_ornithopter:
        return "an Ornithopter cannot carry another Ornithopter"
    if cargo.side != carrier.side:
        return (f"{a_or_an(carrier.side)} {carrier.side} Ornithopter cannot carry "
                f"{a_or_an(cargo.side)} {cargo.side} {cargo.label}")
    return None


# --- units in play ---------------------------------------------------------------------------

class Unit(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A unit on the table. `figures` lists the models left in removal order.

    `cargo` only matters for an ornithopter: the ids of the units its 'thopters carry, one
    per loaded 'thopter, oldest load first. A unit in play stays a plain value so a game
    state holding it can be saved, hashed and replayed.
    """

    id: str
    type: str
    side: str
    figures: tuple[str, ...]
    start_figures: int
    name: str = ""
    cargo: tuple[str, ...] = ()

    @property
    def losses(self) -> int:
        return self.start_figures - len(self.figures)

    @property
    def destroyed(self) -> bool:
        return not self.figures

    @property
    def hurt(self) -> bool:
        """Has taken at least one loss (the 'unhurt vs hurt' extra combat card)."""
        return self.losses > 0

    def take_losses(self, n: int) -> Losses:
        """Remove `n` figures from the front of the removal order (tank last).

        For an ornithopter each lost 'thopter destroys a carried unit when any are carried:
        loaded 'thopters are lost first, the most recently loaded first.
        """
        if n < 0:
            raise ValueError(f"losses must not be negative, got {n}")
        n = min(n, len(self.figures))
        removed = self.figures[:n]
        cargo = self.cargo
        lost_cargo: tuple[str, ...] = ()
        if cargo and n:
            k = min(n, len(cargo))
            lost_cargo = tuple(reversed(cargo[len(cargo) - k:]))
            cargo = cargo[:len(cargo) - k]
        after = msgspec.structs.replace(self, figures=self.figures[n:], cargo=cargo)
        return Losses(after, removed, lost_cargo)

    def load(self, cargo_id: str) -> Unit:
        """The ornithopter with one more unit aboard; refuses beyond one unit per 'thopter."""
        if cargo_id in self.cargo:
            raise ValueError(f"{cargo_id} is already aboard {self.id}")
        if len(self.cargo) >= len(self.figures):
            raise ValueError(f"{self.id} has {len(self.figures)} 'thopters left and all are loaded")
        return msgspec.structs.replace(self, cargo=self.cargo + (cargo_id,))

    def unload(self, cargo_id: str) -> Unit:
        return msgspec.structs.replace(self, cargo=tuple(c for c in self.cargo if c != cargo_id))


@dataclass(frozen=True)
class Losses:
    """The outcome of `Unit.take_losses`: the unit after, figures removed, units lost aboard."""

    unit: Unit
    removed: tuple[str, ...]
    cargo_destroyed: tuple[str, ...]


def new_unit(profile: Profile, unit_id: str, name: str = "") -> Unit:
    return Unit(id=unit_id, type=profile.id, side=profile.side, figures=profile.models,
                start_figures=profile.figures, name=name)


# --- loading ---------------------------------------------------------------------------------

def _only(obj: dict[str, Any], allowed: set[str], file: str, entry: str) -> None:
    """Refuse misspelt keys: a typo such as 'rnage' would otherwise silently keep the default."""
    for key in obj:
        if key not in allowed:
            raise DataError(file, entry, f"unknown field '{key}'")


_UNIT_FIELDS = {"id", "side", "name", "cards", "figures", "move", "range", "tray", "kind",
                "commander", "invented"}


def parse_units(doc: Any, file: str) -> UnitBook:
    if not isinstance(doc, dict):
        raise DataError(file, None, "the unit file must be a JSON object")
    _only(doc, {"about", "invented", "sides", "units"}, file, "top level")
    sides: dict[str, Side] = {}
    for i, s in enumerate(get_field(doc, "sides", list, file, "top level")):
        entry = f"sides[{i}]"
        if not isinstance(s, dict):
            raise DataError(file, entry, "must be an object")
        _only(s, {"id", "name", "suits"}, file, entry)
        sid = get_field(s, "id", str, file, entry)
        suits = get_field(s, "suits", str, file, entry)
        if suits not in ("red", "black"):
            raise DataError(file, f"side '{sid}'", f"suits must be 'red' or 'black', got {suits!r}")
        if sid in sides:
            raise DataError(file, f"side '{sid}'", "listed twice")
        sides[sid] = Side(sid, get_field(s, "name", str, file, entry), suits)
    if sorted(sides) != ["CDC", "SCS"]:
        raise DataError(file, "sides", f"Power Spike has two sides, CDC and SCS; the file lists {sorted(sides)}")
    if {s.suits for s in sides.values()} != {"red", "black"}:
        raise DataError(file, "sides", "one side takes the red suits and the other the black")

    profiles: dict[str, Profile] = {}
    for i, u in enumerate(get_field(doc, "units", list, file, "top level")):
        entry = f"units[{i}]"
        if not isinstance(u, dict):
            raise DataError(file, entry, "must be an object")
        uid = get_field(u, "id", str, file, entry)
        entry = f"unit '{uid}'"
        _only(u, _UNIT_FIELDS, file, entry)
        if uid in profiles:
            raise DataError(file, entry, "id used twice")
        side = get_field(u, "side", str, file, entry)
        if side not in sides:
            raise DataError(file, entry, f"side must be one of {sorted(sides)}, got {side!r}")
        cards = get_field(u, "cards", int, file, entry)
        figures = get_field(u, "figures", int, file, entry)
        move = get_field(u, "move", (int, float), file, entry)
        rng = get_field(u, "range", (int, float), file, entry)
        kind = get_field(u, "kind", str, file, entry)
        if kind not in KINDS:
            raise DataError(file, entry, f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
        if not 1 <= cards <= MAX_CARDS:
            raise DataError(file, entry, f"cards must be 1 to {MAX_CARDS}, got {cards}")
        if not 1 <= figures <= MAX_FIGURES:
            raise DataError(file, entry, f"figures must be 1 to {MAX_FIGURES}, got {figures}")
        if kind == "tank" and figures != TANK_FIGURES:
            raise DataError(file, entry, f"a tank unit is 1 tank and 2 Fire Support Droids, so figures "
                                         f"must be {TANK_FIGURES}, got {figures}")
        if kind == "ornithopter" and figures > MAX_THOPTERS:
            raise DataError(file, entry, f"one ornithopter model stands for at most {MAX_THOPTERS} "
                                         f"'thopters, got {figures}")
        if not (0 < move <= MAX_DISTANCE_IN and 0 < rng <= MAX_DISTANCE_IN):
            raise DataError(file, entry, f"move and range must be positive distances in inches, "
                                         f"at most {MAX_DISTANCE_IN:g}")
        tray = get_field(u, "tray", list, file, entry)
        if (len(tray) != 2 or any(isinstance(t, bool) or not isinstance(t, (int, float)) or t <= 0
                                  or t > MAX_TRAY_IN for t in tray)):
            raise DataError(file, entry, f"tray must be [width, depth] in inches, got {tray!r}")
        commander = get_field(u, "commander", bool, file, entry)
        invented = get_field(u, "invented", bool, file, entry)
        profiles[uid] = Profile(uid, side, get_field(u, "name", str, file, entry), cards, figures,
                                float(move), float(rng), (float(tray[0]), float(tray[1])),
                                kind, commander, invented)  # type: ignore[arg-type]
    for side in sides:
        if not any(p.commander for p in profiles.values() if p.side == side):
            raise DataError(file, "units", f"side {side} has no Command unit (commander: true)")
    return UnitBook(sides, profiles, file)


def load_units(path: str | Path | None = None) -> UnitBook:
    """Load a unit file (the bundled one by default); errors name the file and entry."""
    if path is None:
        return default_units()
    return parse_units(*read_json(path, "resources.powerspike", "units.json", DEFAULT_FILE))


@functools.cache
def default_units() -> UnitBook:
    return parse_units(*read_json(None, "resources.powerspike", "units.json", DEFAULT_FILE))
