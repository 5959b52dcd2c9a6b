"""Power Spike formations, army organisations and rosters, with a validator in plain words.

The organisations come from resources/powerspike/formations.json: every formation and army
of the rulebook as min/max slots over alternatives. Armies nest: an army holds formations
(counted per formation type) plus its own units (the Command unit, an Ornithopter...), and a
formation holds units. Units inside formations never count towards the army's own slots.

A roster is plain data that may be wrong: the builder saves it anyway, `problems` lists every
broken constraint in words a player can act on, and only a roster without problems can start
a game (`can_start`, `require_valid`).
"""
from __future__ import annotations

import functools
import os
from collections import Counter
from dataclasses import dataclass
from importlib import resources as importlib_resources
from pathlib import Path
from typing import Any, Literal

import msgspec

from core.errors import IllegalSetup
from core.powerspike.units import (Profile, Unit, UnitBook, a_or_an, cargo_refusal, default_units,
                                   new_unit)
from core.saves import write_atomic
from core.text import plural
from maps.datafile import DataError, read_json, read_versioned

DEFAULT_FILE = "resources/powerspike/formations.json"
ROSTER_FORMAT = "battlebox-powerspike-roster"
ROSTER_VERSION = 1
ROSTER_SUFFIX = ".psroster.json"
MAX_ROSTER_BYTES = 1024 * 1024
# No list of the rulebook comes near this many of one thing; more is damage.
MAX_SLOT = 100


# --- organisations ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Slot:
    """`min` to `max` items (units or formations) whose type is any of `options`."""

    kind: Literal["units", "formations"]
    options: tuple[str, ...]
    min: int
    max: int
    label: str  # e.g. "Mag-Lev Tank or Red Banner Manitou"

    def noun(self, plural: bool) -> str:
        if self.kind == "units":
            return f"{self.label} unit{'s' if plural else ''}"
        return f"{self.label}{'s' if plural else ''}"

    def need(self) -> str:
        """The requirement as players say it: 'exactly 1 Command unit', '2 to 6 Zomborg units'."""
        lo, hi = self.min, self.max
        if lo == hi:
            amount = f"exactly {lo}"
        elif lo == 0:
            amount = f"at most {hi}"
        elif hi == lo + 1 and lo >= 2:
            amount = f"{lo} or {hi}"
        else:
            amount = f"{lo} to {hi}"
        return f"{amount} {self.noun(hi != 1)}"


@dataclass(frozen=True)
class FormationType:
    id: str
    side: str
    name: str
    slots: tuple[Slot, ...]

    @property
    def unit_types(self) -> tuple[str, ...]:
        return tuple(t for s in self.slots for t in s.options)


@dataclass(frozen=True)
class ArmyType:
    id: str
    side: str
    name: str
    unit_slots: tuple[Slot, ...]
    formation_slots: tuple[Slot, ...]
    ruling: str = ""

    @property
    def unit_types(self) -> tuple[str, ...]:
        """The unit types the army fields directly, outside its formations."""
        return tuple(t for s in self.unit_slots for t in s.options)

    @property
    def formation_types(self) -> tuple[str, ...]:
        return tuple(t for s in self.formation_slots for t in s.options)


@dataclass(frozen=True)
class Organisation:
    units: UnitBook
    formations: dict[str, FormationType]
    armies: dict[str, ArmyType]
    source: str

    def armies_for(self, side: str) -> tuple[ArmyType, ...]:
        return tuple(a for a in self.armies.values() if a.side == side)


_SLOT_FIELDS = {"units", "formations", "min", "max", "label"}


def _slot(obj: Any, kind: Literal["units", "formations"], known: dict[str, Any], side: str,
          names: dict[str, str], file: str, entry: str) -> Slot:
    if not isinstance(obj, dict):
        raise DataError(file, entry, "a slot must be an object")
    for key in obj:
        if key not in _SLOT_FIELDS:
            raise DataError(file, entry, f"unknown field '{key}'")
    other = "formations" if kind == "units" else "units"
    if other in obj:
        raise DataError(file, entry, f"this slot counts {kind}, so it cannot list '{other}'")
    options = obj.get(kind)
    if not isinstance(options, list) or not options or not all(isinstance(o, str) for o in options):
        raise DataError(file, entry, f"'{kind}' must be a non-empty list of {kind[:-1]} ids")
    for o in options:
        if o not in known:
            raise DataError(file, entry, f"unknown {kind[:-1]} type '{o}'")
        if known[o].side != side:
            raise DataError(file, entry, f"'{o}' belongs to the {known[o].side}, not the {side}")
    lo, hi = obj.get("min"), obj.get("max")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (lo, hi)):
        raise DataError(file, entry, "'min' and 'max' must be whole numbers")
    if not 0 <= lo <= hi <= MAX_SLOT or hi < 1:
        raise DataError(file, entry, f"need 0 <= min <= max <= {MAX_SLOT} and max >= 1, got min {lo}, max {hi}")
    label = obj.get("label", " or ".join(names[o] for o in options))
    if not isinstance(label, str) or not label:
        raise DataError(file, entry, "'label' must be a non-empty string")
    return Slot(kind, tuple(options), lo, hi, label)


def _no_shared_options(slots: tuple[Slot, ...], file: str, entry: str) -> None:
    """A type in two slots would make the count ambiguous, so the data may not do it."""
    seen: set[str] = set()
    for s in slots:
        for o in s.options:
            if o in seen:
                raise DataError(file, entry, f"'{o}' appears in two slots; each type may fill one slot")
            seen.add(o)


def _head(obj: Any, what: str, allowed: set[str], sides: Any, seen: dict[str, Any], file: str,
          entry: str) -> tuple[str, str, str, str]:
    if not isinstance(obj, dict):
        raise DataError(file, entry, "must be an object")
    oid = obj.get("id")
    if not isinstance(oid, str) or not oid:
        raise DataError(file, entry, "missing string field 'id'")
    entry = f"{what} '{oid}'"
    for key in obj:
        if key not in allowed:
            raise DataError(file, entry, f"unknown field '{key}'")
    if oid in seen:
        raise DataError(file, entry, "id used twice")
    side, name = obj.get("side"), obj.get("name")
    if not isinstance(side, str) or side not in sides:
        raise DataError(file, entry, f"side must be one of {sorted(sides)}, got {side!r}")
    if not isinstance(name, str) or not name:
        raise DataError(file, entry, "missing string field 'name'")
    return oid, side, name, entry


def _slot_list(obj: dict[str, Any], key: str, file: str, entry: str) -> list[Any]:
    value = obj.get(key)
    if not isinstance(value, list):
        raise DataError(file, entry, f"field '{key}' must be a list of slots")
    return value


def parse_organisation(doc: Any, file: str, units: UnitBook) -> Organisation:
    if not isinstance(doc, dict):
        raise DataError(file, None, "the formations file must be a JSON object")
    for key in doc:
        if key not in {"about", "invented", "formations", "armies"}:
            raise DataError(file, "top level", f"unknown field '{key}'")
    unit_names = {p.id: p.name for p in units.profiles.values()}
    formations: dict[str, FormationType] = {}
    for i, obj in enumerate(_slot_list(doc, "formations", file, "top level")):
        fid, side, name, entry = _head(obj, "formation", {"id", "side", "name", "slots", "ruling"}, units.sides,
                                       formations, file, f"formations[{i}]")
        slots = tuple(_slot(s, "units", units.profiles, side, unit_names, file, f"{entry} slots[{j}]")
                      for j, s in enumerate(_slot_list(obj, "slots", file, entry)))
        if not slots:
            raise DataError(file, entry, "a formation needs at least one slot")
        _no_shared_options(slots, file, entry)
        formations[fid] = FormationType(fid, side, name, slots)
    formation_names = {f.id: f.name for f in formations.values()}
    armies: dict[str, ArmyType] = {}
    for i, obj in enumerate(_slot_list(doc, "armies", file, "top level")):
        aid, side, name, entry = _head(obj, "army", {"id", "side", "name", "units", "formations", "ruling"},
                                       units.sides, armies, file, f"armies[{i}]")
        unit_slots = tuple(_slot(s, "units", units.profiles, side, unit_names, file, f"{entry} units[{j}]")
                           for j, s in enumerate(_slot_list(obj, "units", file, entry)))
        formation_slots = tuple(_slot(s, "formations", formations, side, formation_names, file,
                                      f"{entry} formations[{j}]")
                                for j, s in enumerate(_slot_list(obj, "formations", file, entry)))
        _no_shared_options(unit_slots, file, entry)
        _no_shared_options(formation_slots, file, entry)
        if not any(units.profiles[t].commander and s.min >= 1 for s in unit_slots for t in s.options):
            raise DataError(file, entry, "every army needs a slot for its Command unit (min 1)")
        ruling = obj.get("ruling", "")
        if not isinstance(ruling, str):
            raise DataError(file, entry, "'ruling' must be a string")
        armies[aid] = ArmyType(aid, side, name, unit_slots, formation_slots, ruling)
    for side in units.sides:
        if not any(a.side == side for a in armies.values()):
            raise DataError(file, "armies", f"side {side} has no army organisation")
    return Organisation(units, formations, armies, file)


def load_organisation(path: str | Path | None = None, units: UnitBook | None = None) -> Organisation:
    """Load a formations file against a unit book (the bundled ones by default)."""
    units = units or default_units()
    if path is None and units is default_units():
        return default_organisation()
    return parse_organisation(*read_json(path, "resources.powerspike", "formations.json", DEFAULT_FILE),
                              units)


@functools.cache
def default_organisation() -> Organisation:
    return parse_organisation(*read_json(None, "resources.powerspike", "formations.json", DEFAULT_FILE),
                              default_units())


# --- rosters ---------------------------------------------------------------------------------

class RosterUnit(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str  # unique within the roster; transport assignments refer to it
    type: str
    name: str = ""


class RosterFormation(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    type: str
    units: tuple[RosterUnit, ...] = ()
    name: str = ""


class Carry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One 'thopter of `ornithopter` lifts the unit `cargo` (both roster unit ids)."""

    ornithopter: str
    cargo: str


class Roster(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A side's army list. `units` are the army's own units, outside any formation."""

    format: str = ROSTER_FORMAT
    version: int = ROSTER_VERSION
    side: str
    army: str
    name: str = ""
    units: tuple[RosterUnit, ...] = ()
    formations: tuple[RosterFormation, ...] = ()
    transport: tuple[Carry, ...] = ()

    def all_units(self) -> tuple[RosterUnit, ...]:
        return self.units + tuple(u for f in self.formations for u in f.units)


def formation_titles(roster: Roster, org: Organisation | None = None) -> list[str]:
    """What each formation is called in messages: its own name, else type and number."""
    org = org or default_organisation()
    seen: Counter[str] = Counter()
    titles = []
    for f in roster.formations:
        seen[f.type] += 1
        kind = org.formations[f.type].name if f.type in org.formations else f"formation '{f.type}'"
        titles.append(f"{f.name} ({kind})" if f.name else f"{kind} {seen[f.type]}")
    return titles


def unit_labels(roster: Roster, org: Organisation | None = None) -> dict[str, str]:
    """A readable label per roster unit id, e.g. 'Neon Samurai 2 (Neon Samurai Fighting Fist 1)'."""
    org = org or default_organisation()
    profiles = org.units.profiles
    army = org.armies[roster.army].name if roster.army in org.armies else "army"
    groups = [(f"{army} HQ", roster.units)]
    groups += list(zip(formation_titles(roster, org), (f.units for f in roster.formations)))
    labels: dict[str, str] = {}
    for where, units in groups:
        seen: Counter[str] = Counter()
        for u in units:
            seen[u.type] += 1
            kind = profiles[u.type].name if u.type in profiles else u.type
            labels.setdefault(u.id, f"{u.name} ({kind}, {where})" if u.name else f"{kind} {seen[u.type]} ({where})")
    return labels


def type_points(p: Profile) -> int:
    """A full unit's points: its figures x its combat cards, what a points end counts
    (state.unit_value), so two armies of equal points start a points game level."""
    return p.figures * p.cards


def unit_points(roster: Roster, org: Organisation | None = None) -> dict[str, int]:
    """Points per roster unit id (0 for a type the organisation does not know)."""
    org = org or default_organisation()
    profiles = org.units.profiles
    return {u.id: type_points(profiles[u.type]) if u.type in profiles else 0 for u in roster.all_units()}


def roster_points(roster: Roster, org: Organisation | None = None) -> int:
    return sum(unit_points(roster, org).values())


def _check_units(where: str, units: tuple[RosterUnit, ...], slots: tuple[Slot, ...], side: str,
                 org: Organisation, own: str) -> list[str]:
    profiles = org.units.profiles
    out: list[str] = []
    counts = Counter(u.type for u in units)
    allowed = {t for s in slots for t in s.options}
    for t, n in counts.items():
        if t not in profiles:
            out.append(f"{where} has {plural(n, 'unit')} of unknown type '{t}'")
        elif profiles[t].side != side:
            out.append(f"{where} has {plural(n, profiles[t].name + ' unit')}, but {profiles[t].name} units "
                       f"belong to the {profiles[t].side}, not the {side}")
        elif t not in allowed:
            out.append(f"{where} may not include {profiles[t].name} units{own}; it has {n}")
    for s in slots:
        n = sum(counts[t] for t in s.options)
        if not s.min <= n <= s.max:
            out.append(f"{where} needs {s.need()}; it has {n}")
    return out


def problems(roster: Roster, org: Organisation | None = None) -> list[str]:
    """Every reason this roster cannot start a game, in plain words; empty when it is legal."""
    org = org or default_organisation()
    out: list[str] = []
    side = roster.side
    if side not in org.units.sides:
        out.append(f"Unknown side '{side}'; choose {' or '.join(sorted(org.units.sides))}")
    army = org.armies.get(roster.army)
    if army is None:
        out.append(f"Unknown army type '{roster.army}'")
    elif army.side != side:
        out.append(f"The {army.name} is {a_or_an(army.side)} {army.side} army; this roster is for the {side}")

    ids = Counter(u.id for u in roster.all_units())
    for uid, n in ids.items():
        if not uid:
            out.append(f"{n} unit{'s have' if n > 1 else ' has'} no id; every unit needs one")
        elif n > 1:
            out.append(f"{n} units share the id '{uid}'; every unit needs its own")

    titles = formation_titles(roster, org)
    if army is not None:
        out += _check_units(f"The {army.name}", roster.units, army.unit_slots, side, org,
                            " among its own units (put them in a formation)")
        kinds = Counter(f.type for f in roster.formations)
        allowed = set(army.formation_types)
        for t, n in kinds.items():
            if t not in org.formations:
                out.append(f"The {army.name} has {plural(n, 'formation')} of unknown type '{t}'")
            elif org.formations[t].side != side:
                out.append(f"The {army.name} has {plural(n, org.formations[t].name)}, but that is "
                           f"{a_or_an(org.formations[t].side)} {org.formations[t].side} formation")
            elif t not in allowed:
                out.append(f"The {army.name} may not include a {org.formations[t].name}; it has {n}")
        for s in army.formation_slots:
            n = sum(kinds[t] for t in s.options)
            if not s.min <= n <= s.max:
                out.append(f"The {army.name} needs {s.need()}; it has {n}")
    for f, title in zip(roster.formations, titles):
        ftype = org.formations.get(f.type)
        if ftype is not None:
            out += _check_units(title, f.units, ftype.slots, side, org, "")
    out += _transport_problems(roster, org)
    return out


def _transport_problems(roster: Roster, org: Organisation) -> list[str]:
    profiles = org.units.profiles
    labels = unit_labels(roster, org)
    by_id = {u.id: u for u in roster.all_units()}
    out: list[str] = []
    loads: Counter[str] = Counter()
    rides: Counter[str] = Counter()
    for c in roster.transport:
        carrier, cargo = by_id.get(c.ornithopter), by_id.get(c.cargo)
        if carrier is None or cargo is None:
            missing = c.ornithopter if carrier is None else c.cargo
            out.append(f"A transport assignment names unit '{missing}', which is not in the roster")
            continue
        if carrier.type not in profiles or cargo.type not in profiles:
            continue
        reason = cargo_refusal(profiles[carrier.type], profiles[cargo.type])
        if reason:
            out.append(f"{labels[carrier.id]} cannot carry {labels[cargo.id]}: {reason}")
            continue
        loads[carrier.id] += 1
        rides[cargo.id] += 1
    for uid, n in rides.items():
        if n > 1:
            out.append(f"{labels[uid]} is assigned to {n} 'thopters; a unit rides in only one")
    for uid, n in loads.items():
        room = profiles[by_id[uid].type].figures
        if n > room:
            out.append(f"{labels[uid]} carries {n} units but has {room} 'thopters (one unit each)")
    return out


def is_valid(roster: Roster, org: Organisation | None = None) -> bool:
    return not problems(roster, org)


def can_start(roster: Roster, org: Organisation | None = None) -> tuple[bool, list[str]]:
    """Whether the roster may start a game, and the reasons when it may not."""
    found = problems(roster, org)
    return not found, found


def require_valid(roster: Roster, org: Organisation | None = None) -> None:
    """For a game's setup check: refuse an illegal roster with every reason."""
    found = problems(roster, org)
    if found:
        name = roster.name or f"The {roster.side} roster"
        count = plural(len(found), 'problem')
        raise IllegalSetup(f"{name} cannot start a game ({count}): " + "; ".join(found))


def muster(roster: Roster, org: Organisation | None = None) -> tuple[Unit, ...]:
    """The roster's units ready for the table, ids '<side>:<roster id>', cargo loaded.

    Names default to the roster's labels so a game log can say which unit acted.
    """
    org = org or default_organisation()
    labels = unit_labels(roster, org)
    units: dict[str, Unit] = {}
    for u in roster.all_units():
        p: Profile | None = org.units.profiles.get(u.type)
        if p is not None and u.id not in units:
            units[u.id] = new_unit(p, f"{roster.side}:{u.id}", labels[u.id])
    for c in roster.transport:
        carrier, cargo = units.get(c.ornithopter), units.get(c.cargo)
        if carrier and cargo and cargo_refusal(org.units.profiles[carrier.type],
                                               org.units.profiles[cargo.type]) is None:
            if len(carrier.cargo) < len(carrier.figures) and cargo.id not in carrier.cargo:
                units[c.ornithopter] = carrier.load(cargo.id)
    return tuple(units.values())


# --- roster files ----------------------------------------------------------------------------

_encoder = msgspec.json.Encoder()


def encode_roster(roster: Roster) -> bytes:
    return msgspec.json.format(_encoder.encode(roster), indent=2) + b"\n"


def save_roster(path: str | os.PathLike[str], roster: Roster) -> None:
    """Write atomically; an invalid roster is saved too, so work in progress is never lost."""
    write_atomic(path, encode_roster(roster))


def decode_roster(data: bytes, file: str, org: Organisation | None = None) -> Roster:
    """Strictly decode a roster document: unknown fields, wrong types and unknown ids are errors."""
    return _checked(read_versioned(data, file_label=file, **_ROSTER_FILE), file, org)


def load_roster(path: str | os.PathLike[str], org: Organisation | None = None) -> Roster:
    """Read a roster file; any damage is a DataError naming the file and the entry."""
    return _checked(read_versioned(path, **_ROSTER_FILE), str(path), org)


_ROSTER_FILE: dict[str, Any] = dict(format=ROSTER_FORMAT, version=ROSTER_VERSION, type=Roster,
                                    what="Power Spike roster", max_bytes=MAX_ROSTER_BYTES)


def _checked(roster: Roster, file: str, org: Organisation | None) -> Roster:
    org = org or default_organisation()
    if roster.side not in org.units.sides:
        raise DataError(file, "side", f"unknown side '{roster.side}'")
    if roster.army not in org.armies:
        raise DataError(file, "army", f"unknown army type '{roster.army}'")
    places = [(f"units[{i}]", u) for i, u in enumerate(roster.units)]
    for i, f in enumerate(roster.formations):
        if f.type not in org.formations:
            raise DataError(file, f"formations[{i}]", f"unknown formation type '{f.type}'")
        places += [(f"formations[{i}].units[{j}]", u) for j, u in enumerate(f.units)]
    for where, u in places:
        if u.type not in org.units.profiles:
            raise DataError(file, where, f"unknown unit type '{u.type}'")
    return roster


@functools.cache
def ready_made() -> dict[str, Roster]:
    """The bundled rosters (resources/powerspike/rosters/), by file name without suffix."""
    folder = importlib_resources.files("resources.powerspike").joinpath("rosters")
    found: dict[str, Roster] = {}
    for item in sorted(folder.iterdir(), key=lambda t: t.name):
        if item.name.endswith(".json"):
            key = item.name.removesuffix(".json").removesuffix(".psroster")
            found[key] = decode_roster(item.read_bytes(), f"resources/powerspike/rosters/{item.name}")
    return found
