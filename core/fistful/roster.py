"""The fighter roster: sculpts, finishes, regions and warlords, loaded from resources/ and validated.

A fighter in play is a (sculpt, finish) pair; its value and region belong to the sculpt.
Each player owns one of every fighter (48 sculpts x 3 finishes), so a fistful never holds
the same fighter twice.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from maps.datafile import DataError, get_field, read_json

DEFAULT_FILE = "resources/fistful/roster.json"


WARLORD_FINISH = "warlord"


class Fighter(msgspec.Struct, frozen=True, order=True, array_like=True, forbid_unknown_fields=True):
    """Saved as [sculpt, finish]: a fistful in a save stays short."""

    sculpt: str
    finish: str


@dataclass(frozen=True)
class Sculpt:
    id: str
    name: str
    region: str
    value: int
    back: float
    standing: float
    invented: bool | tuple[str, ...]


@dataclass(frozen=True)
class Finish:
    id: str
    name: str


@dataclass(frozen=True)
class Roster:
    finishes: tuple[Finish, ...]
    regions: tuple[str, ...]
    sculpts: dict[str, Sculpt]
    warlords: tuple[Sculpt, ...]
    source: str

    @functools.cached_property
    def fighters(self) -> tuple[Fighter, ...]:
        return tuple(Fighter(s, f.id) for s in self.sculpts for f in self.finishes)

    @functools.cached_property
    def warlord_fighters(self) -> tuple[Fighter, ...]:
        """The Battle Arena Warlords as throwable fighters (their own 'warlord' finish)."""
        return tuple(Fighter(w.id, WARLORD_FINISH) for w in self.warlords)

    @functools.cached_property
    def _finish_names(self) -> dict[str, str]:
        return {f.id: f.name for f in self.finishes}

    @functools.cached_property
    def _all(self) -> dict[str, Sculpt]:
        return {**self.sculpts, **{w.id: w for w in self.warlords}}

    def has(self, fighter: Fighter) -> bool:
        """True for a collectable fighter (warlords are not in anyone's collection)."""
        return fighter.sculpt in self.sculpts and fighter.finish in self._finish_names

    def sculpt(self, fighter: Fighter) -> Sculpt:
        return self._all[fighter.sculpt]

    def value(self, fighter: Fighter) -> int:
        return self._all[fighter.sculpt].value

    def region(self, fighter: Fighter) -> str:
        return self._all[fighter.sculpt].region

    def finish_name(self, finish: str) -> str:
        return self._finish_names.get(finish, "Warlord")

    def name(self, fighter: Fighter) -> str:
        """Display name as on the packaging: finish then sculpt, e.g. 'Shadow Skwall'."""
        if fighter.finish == WARLORD_FINISH:
            return f"Warlord {self._all[fighter.sculpt].name}"
        return f"{self._finish_names[fighter.finish]} {self.sculpts[fighter.sculpt].name}"


def _invented(obj: dict[str, Any], file: str, entry: str) -> bool | tuple[str, ...]:
    inv = obj.get("invented", None)
    if isinstance(inv, bool):
        return inv
    if isinstance(inv, list) and all(isinstance(x, str) for x in inv):
        return tuple(inv)
    raise DataError(file, entry, "field 'invented' must be true, false or a list of invented field names")


def _probability(obj: dict[str, Any], key: str, default: float, file: str, entry: str) -> float:
    if key not in obj:
        return default
    p = get_field(obj, key, (int, float), file, entry)
    if not 0 <= p <= 1:
        raise DataError(file, entry, f"'{key}' must be a probability from 0 to 1, got {p}")
    return float(p)


def parse_roster(doc: Any, file: str) -> Roster:
    if not isinstance(doc, dict):
        raise DataError(file, None, "the roster must be a JSON object")
    finishes = []
    for i, f in enumerate(get_field(doc, "finishes", list, file, "top level")):
        entry = f"finishes[{i}]"
        if not isinstance(f, dict):
            raise DataError(file, entry, "must be an object")
        finishes.append(Finish(get_field(f, "id", str, file, entry), get_field(f, "name", str, file, entry)))
    if [f.id for f in finishes] != ["hyper", "crystal", "shadow"]:
        raise DataError(file, "finishes", "there are exactly three finishes: hyper, crystal, shadow")

    regions: list[str] = []
    for i, r in enumerate(get_field(doc, "regions", list, file, "top level")):
        entry = f"regions[{i}]"
        if not isinstance(r, dict):
            raise DataError(file, entry, "must be an object")
        name = get_field(r, "name", str, file, entry)
        _invented(r, file, f"region '{name}'")
        if name in regions:
            raise DataError(file, f"region '{name}'", "listed twice")
        regions.append(name)
    if len(regions) != 12:
        raise DataError(file, "regions", f"Scar has 12 regions, the file lists {len(regions)}")

    model = get_field(doc, "throw_model", dict, file, "top level")
    back = _probability(model, "back", 0.40, file, "throw_model")
    standing = _probability(model, "standing", 0.02, file, "throw_model")
    if back + standing > 1:
        raise DataError(file, "throw_model", "back + standing must not exceed 1")

    def sculpt(obj: Any, entry: str, needs_region: bool) -> Sculpt:
        if not isinstance(obj, dict):
            raise DataError(file, entry, "must be an object")
        sid = get_field(obj, "id", str, file, entry)
        entry = f"{entry} '{sid}'"
        name = get_field(obj, "name", str, file, entry)
        value = get_field(obj, "value", int, file, entry)
        region = ""
        if needs_region:
            region = get_field(obj, "region", str, file, entry)
            if region not in regions:
                raise DataError(file, entry, f"home region '{region}' is not one of the 12 regions")
            if not 1 <= value <= 4:
                raise DataError(file, entry, f"value must be 1 to 4, got {value}")
        elif not 1 <= value <= 9:
            raise DataError(file, entry, f"value must be 1 to 9, got {value}")
        throw = obj.get("throw", {})
        if not isinstance(throw, dict):
            raise DataError(file, entry, "'throw' must be an object with 'back' and 'standing'")
        b = _probability(throw, "back", back, file, entry)
        s = _probability(throw, "standing", standing, file, entry)
        if b + s > 1:
            raise DataError(file, entry, "throw back + standing must not exceed 1")
        return Sculpt(sid, name, region, value, b, s, _invented(obj, file, entry))

    sculpts: dict[str, Sculpt] = {}
    for i, obj in enumerate(get_field(doc, "sculpts", list, file, "top level")):
        s = sculpt(obj, f"sculpts[{i}]", True)
        if s.id in sculpts:
            raise DataError(file, f"sculpts[{i}] '{s.id}'", "id used twice")
        sculpts[s.id] = s
    if len(sculpts) != 48:
        raise DataError(file, "sculpts", f"the roster has 48 sculpts, the file lists {len(sculpts)}")
    warlords = tuple(sculpt(obj, f"warlords[{i}]", False)
                     for i, obj in enumerate(get_field(doc, "warlords", list, file, "top level")))
    for w in warlords:
        if w.id in sculpts:
            raise DataError(file, f"warlord '{w.id}'", "a warlord's id must differ from every sculpt id")
    if len(warlords) != 3:
        raise DataError(file, "warlords", f"there are 3 Battle Arena warlords, the file lists {len(warlords)}")
    return Roster(tuple(finishes), tuple(regions), sculpts, warlords, file)


def load_roster(path: str | Path | None = None) -> Roster:
    """Load a roster file (the bundled one by default); errors name the file and entry."""
    if path is None:
        return default_roster()
    return parse_roster(*read_json(path, "resources.fistful", "roster.json", DEFAULT_FILE))


@functools.cache
def default_roster() -> Roster:
    return parse_roster(*read_json(None, "resources.fistful", "roster.json", DEFAULT_FILE))
