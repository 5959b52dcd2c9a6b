"""The Clout Fantasy chip catalogue: chips, their abilities as structured data, and plain words.

No full public catalogue exists, so resources/clout/chips.json is invented (each chip says so,
or lists which of its fields are invented for the four chips the rulebook names). The ability
list itself is the rulebook's: `ABILITIES` records for each ability its class, whether it is
continuous, whether it takes a value and whether the player may decline it, because the stack
rules, the ability engine and the tooltips all need the same facts. The loader refuses a file
with an unknown ability, modifier, faction or type, a bad value or a duplicate id, naming the
file and the chip; `coverage_gaps` says which rulebook abilities or modifiers no chip uses.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Literal

import msgspec

from core.text import plural
from maps.datafile import DataError, Migration, get_field, migrate, read_json

DEFAULT_FILE = "resources/clout/chips.json"
CATALOGUE_FORMAT = "battlebox-clout-catalogue"
CATALOGUE_VERSION = 1
# version -> function turning a catalogue document of that version into the next one.
CATALOGUE_MIGRATIONS: dict[int, Migration] = {}

MAX_POINTS = 6  # chips are worth 0-6 clout points (GAME-DATA section 5)
MAX_STAT = 9  # defense, range and ability values: one printed digit

AbilityClass = Literal["movement", "attack", "rally"]
ChipType = Literal["troop", "base", "action", "relic"]
CHIP_TYPES: tuple[str, ...] = ("troop", "base", "action", "relic")
RARITIES: tuple[str, ...] = ("common", "uncommon", "rare")
MODIFIERS: tuple[str, ...] = ("all", "friendly", "opponents", "remove", "master")
# all / friendly / opponents each say whose chips an ability touches, so two of them contradict.
TARGET_MODIFIERS = frozenset({"all", "friendly", "opponents"})


@dataclass(frozen=True)
class Faction:
    id: str
    name: str
    colour: str  # the chip colour, "#rrggbb"; the canvas and the builder both paint with it
    ink: str  # a text colour readable on `colour`


FACTIONS: tuple[Faction, ...] = (
    Faction("centaurs", "Centaurs", "#6d28d9", "#ffffff"),
    Faction("elves", "Elves", "#15803d", "#ffffff"),
    Faction("goblins", "Goblins", "#ea580c", "#ffffff"),
    Faction("undead", "Undead", "#111827", "#ffffff"),
    Faction("neutral", "Neutral", "#d6d3d1", "#1c1917"),
)
FACTION_BY_ID: dict[str, Faction] = {f.id: f for f in FACTIONS}
NEUTRAL = "neutral"


@dataclass(frozen=True)
class AbilityInfo:
    """What the rulebook's ability list says about one ability, apart from its effect."""

    id: str
    name: str
    cls: AbilityClass | None
    continuous: bool
    valued: bool
    optional: bool  # the rulebook lets the player decline it
    text: str  # plain words; "{n}" stands for the value, "{s}" for a plural s


def _ab(id: str, cls: AbilityClass | None, continuous: bool, valued: bool, optional: bool,
        text: str) -> AbilityInfo:
    return AbilityInfo(id, id.capitalize(), cls, continuous, valued, optional, text)


ABILITIES: dict[str, AbilityInfo] = {a.id: a for a in (
    _ab("ambush", "attack", False, True, True,
        "when an opponent's troop comes to rest in range, remove it if its defense ≤ {n}"),
    _ab("attract", "movement", False, True, False,
        "pull {n} troop{s} in range straight in until they touch this chip"),
    _ab("aversion", None, True, False, False,
        "an opponent's troop that lands in range must be thrown again, once"),
    _ab("bomb", None, False, False, False,
        "if opponents' troops come to rest in range, remove them and this chip"),
    _ab("boost", None, True, True, False,
        "your chips in range get +{n} on their attack abilities"),
    _ab("command", "rally", False, True, True,
        "activate up to {n} of your chips in range, without their rally abilities"),
    _ab("counterattack", "attack", False, True, True,
        "when an opponent's troop attacks this chip, remove the attacker if its defense ≤ {n}"),
    _ab("destroy", None, False, True, False,
        "remove the {n} nearest troop{s} or relic{s} in range, yours or opponents'"),
    _ab("disloyal", None, True, False, False,
        "worth 1 point less for each opponent's chip in range (never below 0)"),
    _ab("exchange", "movement", False, False, True,
        "swap places with another of your chips in range"),
    _ab("fly", None, True, False, False,
        "opponents' chips without Fly must reach 1 range increment farther to affect this chip"),
    _ab("loyal", None, True, False, False,
        "worth 1 point more if another of your chips is in range"),
    _ab("master", None, True, False, False,
        "chips in range may use their master abilities"),
    _ab("move", "movement", False, True, True,
        "on the turn it is thrown, move this chip up to {n} range increment{s}"),
    _ab("place", "movement", False, False, True,
        "put this chip anywhere on the area instead of throwing it"),
    _ab("poison", None, False, False, False,
        "remove every chip without Poison, yours or opponents', that comes to rest in range"),
    _ab("possess", None, False, False, False,
        "take control of an opponent's chip in range while this chip stays in play and it stays in range"),
    _ab("precision", "movement", False, True, False,
        "after throwing this chip you may throw it again, up to {n} time{s}"),
    _ab("protect", None, True, True, False,
        "your troops in range get +{n} defense"),
    _ab("provoke", None, True, False, False,
        "attacks must target chips with Provoke before chips without it"),
    _ab("push", "movement", False, True, True,
        "on the turn it is thrown, move another of your chips in range up to {n} range increment{s}"),
    _ab("raze", None, False, True, False,
        "remove the {n} nearest base{s} or relic{s} in range, yours or opponents'"),
    _ab("reanimate", "rally", False, False, False,
        "remove one of your troops in range, then throw another troop from your discard stack"),
    _ab("replace", "movement", False, False, False,
        "instead of throwing it, remove one of your chips from play and put this one in its place"),
    _ab("repulse", "movement", False, True, False,
        "push {n} of your opponents' troops straight away until they are out of range"),
    _ab("rethrow", "rally", False, False, True,
        "pick up another of your chips in range and throw it again, without its rally abilities"),
    _ab("siege", "attack", False, True, True,
        "remove an opponent's base or relic in range with defense ≤ {n}"),
    _ab("stop", None, True, False, False,
        "no chip in range can use movement abilities"),
    _ab("strike", "attack", False, True, True,
        "remove an opponent's troop in range with defense ≤ {n}"),
    _ab("support", None, True, True, False,
        "your other chips in range get +{n} range"),
    _ab("team", None, True, False, False,
        "+1 to this chip's attack values for each of your other Team chips in range"),
    _ab("trap", None, False, True, False,
        "{n} of your opponents' troops in range lose their points and abilities while this chip stays in play"),
    _ab("unique", None, True, False, False,
        "cannot be thrown while another copy is in play; at most one copy per stack"),
    _ab("weaken", None, True, True, False,
        "opponents' chips in range get -{n} on their attack abilities"),
)}

MODIFIER_TEXT: dict[str, str] = {
    "all": "it affects every chip in range, yours and your opponents'",
    "friendly": "it affects only your chips",
    "opponents": "it affects only your opponents' chips",
    "remove": "you choose whether to use it; if you do, this chip leaves play at the end of the turn",
    "master": "it works only while this chip is in range of a chip with Master",
}
MODIFIER_NAMES: dict[str, str] = {"all": "All", "friendly": "Friendly", "opponents": "Opponents'",
                                  "remove": "Remove", "master": "Master"}


class Ability(msgspec.Struct, frozen=True):
    """One ability printed on a chip: 'Strike 4 [Fly]' with any modifier symbols after it."""

    name: str
    value: int | None = None
    modifiers: frozenset[str] = frozenset()
    ignores: tuple[str, ...] = ()  # abilities this one treats targets as not having

    @property
    def info(self) -> AbilityInfo:
        return ABILITIES[self.name]

    @property
    def cls(self) -> AbilityClass | None:
        return ABILITIES[self.name].cls


class Chip(msgspec.Struct, frozen=True):
    id: str
    name: str
    faction: str
    type: str
    rarity: str
    points: int
    defense: int | None  # None for actions: they cannot be attacked
    range: int  # in range increments, measured from the chip's edge
    abilities: tuple[Ability, ...] = ()
    immunities: frozenset[str] = frozenset()
    invented: bool | tuple[str, ...] = True  # True, or the names of the invented fields

    @property
    def unique(self) -> bool:
        """Unique is an ability on the chip; kept in one place so data can never disagree."""
        return self.has("unique")

    def has(self, ability: str) -> bool:
        return any(a.name == ability for a in self.abilities)

    def ability(self, name: str) -> Ability | None:
        return next((a for a in self.abilities if a.name == name), None)

    @property
    def faction_name(self) -> str:
        return FACTION_BY_ID[self.faction].name


@dataclass(frozen=True)
class Catalogue:
    chips: dict[str, Chip]  # by id, in file order
    source: str

    def __contains__(self, chip_id: object) -> bool:
        return chip_id in self.chips

    def __iter__(self):
        return iter(self.chips.values())

    def __len__(self) -> int:
        return len(self.chips)

    def chip(self, chip_id: str) -> Chip:
        try:
            return self.chips[chip_id]
        except KeyError:
            raise KeyError(f"no chip '{chip_id}' in {self.source}") from None

    def get(self, chip_id: str) -> Chip | None:
        return self.chips.get(chip_id)

    def by_faction(self, faction: str) -> tuple[Chip, ...]:
        return tuple(c for c in self.chips.values() if c.faction == faction)

    def filter(self, faction: str | None = None, chip_type: str | None = None, text: str = "") -> tuple[Chip, ...]:
        """Chips matching every given filter; `text` looks in names and ability names."""
        words = text.casefold().split()
        found = []
        for c in self.chips.values():
            if faction and c.faction != faction:
                continue
            if chip_type and c.type != chip_type:
                continue
            hay = " ".join([c.name, c.faction_name, c.type, *(a.name for a in c.abilities)]).casefold()
            if all(w in hay for w in words):
                found.append(c)
        return tuple(found)


# --- plain words -----------------------------------------------------------------------------

def ability_label(a: Ability) -> str:
    """The ability as a chip's text box shows it: 'Strike 4 [Fly] +Master'."""
    parts = [ABILITIES[a.name].name + (f" {a.value}" if a.value is not None else "")]
    parts += [f"[{ABILITIES[i].name}]" for i in a.ignores]
    parts += [f"+{MODIFIER_NAMES[m]}" for m in MODIFIERS if m in a.modifiers]
    return " ".join(parts)


def describe_ability(a: Ability) -> str:
    """One line for a tooltip, e.g. "Strike 3: remove an opponent's troop in range with defense ≤ 3"."""
    info = ABILITIES[a.name]
    words = info.text.replace("{n}", str(a.value)).replace("{s}", "" if a.value == 1 else "s")
    text = f"{ability_label(a)}: {words}"
    notes = [MODIFIER_TEXT[m] for m in MODIFIERS if m in a.modifiers]
    if "friendly" in a.modifiers and info.optional:
        notes.append("it must be used")
    if a.ignores:
        names = " or ".join(ABILITIES[i].name for i in a.ignores)
        notes.append(f"it treats chips as if they had no {names}")
    tags = [t for t in (info.cls and f"{info.cls} ability", info.continuous and "continuous",
                        info.optional and not ({"friendly", "remove"} & a.modifiers) and "optional") if t]
    if notes:
        text += "; " + "; ".join(notes)
    if tags:
        text += f" ({', '.join(tags)})"
    return text


def describe_chip(chip: Chip) -> str:
    """A tooltip: stats line, one line per ability, immunities, and what is invented."""
    defense = "no defense (action)" if chip.defense is None else f"defense {chip.defense}"
    head = (f"{chip.name} — {chip.faction_name} {chip.type}, {chip.rarity}; "
            f"{plural(chip.points, 'point')}, range {chip.range}, {defense}")
    lines = [head] + [describe_ability(a) for a in chip.abilities]
    if chip.immunities:
        lines.append("Immune to " + ", ".join(f"({ABILITIES[i].name})" for i in sorted(chip.immunities)))
    if chip.invented is True:
        lines.append("Invented chip (no public catalogue exists)")
    elif chip.invented:
        lines.append("From the rulebook; invented: " + ", ".join(chip.invented))
    return "\n".join(lines)


# --- loading ---------------------------------------------------------------------------------

_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
_CHIP_FIELDS = ("id", "name", "faction", "type", "rarity", "points", "defense", "range",
                "abilities", "immunities", "invented")
_ABILITY_FIELDS = ("name", "value", "modifiers", "ignores")


def _stat(obj: dict[str, Any], key: str, lo: int, hi: int, file: str, entry: str) -> int:
    value = get_field(obj, key, int, file, entry)
    if not lo <= value <= hi:
        raise DataError(file, entry, f"{key} must be {lo} to {hi}, got {value}")
    return value


def _known_ability(name: Any, what: str, file: str, entry: str) -> str:
    if not isinstance(name, str) or name not in ABILITIES:
        raise DataError(file, entry, f"unknown ability {name!r} in {what}")
    return name


def _names(obj: dict[str, Any], key: str, what: str, file: str, entry: str) -> tuple[str, ...]:
    raw = obj.get(key, [])
    if not isinstance(raw, list):
        raise DataError(file, entry, f"'{key}' must be a list of ability names")
    names = tuple(_known_ability(n, what, file, entry) for n in raw)
    if len(set(names)) != len(names):
        raise DataError(file, entry, f"'{key}' lists an ability twice")
    return names


def _ability(obj: Any, file: str, entry: str) -> Ability:
    if not isinstance(obj, dict):
        raise DataError(file, entry, "an ability must be an object with 'name' and optional "
                                     "'value', 'modifiers', 'ignores'")
    extra = sorted(set(obj) - set(_ABILITY_FIELDS))
    if extra:
        raise DataError(file, entry, f"unknown ability field '{extra[0]}'")
    name = _known_ability(obj.get("name"), "abilities", file, entry)
    info = ABILITIES[name]
    entry = f"{entry} ({info.name})"
    value = obj.get("value")
    if info.valued:
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_STAT:
            raise DataError(file, entry, f"{info.name} needs a value from 1 to {MAX_STAT}, got {value!r}")
    elif value is not None:
        raise DataError(file, entry, f"{info.name} takes no value, got {value!r}")
    raw_mods = obj.get("modifiers", [])
    if not isinstance(raw_mods, list) or not all(isinstance(m, str) for m in raw_mods):
        raise DataError(file, entry, "'modifiers' must be a list of modifier names")
    for m in raw_mods:
        if m not in MODIFIERS:
            raise DataError(file, entry, f"unknown modifier '{m}' (known: {', '.join(MODIFIERS)})")
    mods = frozenset(raw_mods)
    if len(mods) != len(raw_mods):
        raise DataError(file, entry, "a modifier is listed twice")
    clash = sorted(mods & TARGET_MODIFIERS)
    if len(clash) > 1:
        raise DataError(file, entry, f"modifiers {' and '.join(clash)} contradict each other")
    ignores = _names(obj, "ignores", "ignores", file, entry)
    if name in ignores:
        raise DataError(file, entry, f"{info.name} cannot ignore itself")
    return Ability(name, value, mods, ignores)


def _invented(obj: dict[str, Any], file: str, entry: str) -> bool | tuple[str, ...]:
    inv = obj.get("invented")
    if isinstance(inv, bool):
        return inv
    if isinstance(inv, list) and inv and all(isinstance(x, str) and x in _CHIP_FIELDS for x in inv):
        return tuple(inv)
    raise DataError(file, entry, "field 'invented' must be true, false or a list of chip field names")


def _chip(obj: Any, file: str, entry: str) -> Chip:
    if not isinstance(obj, dict):
        raise DataError(file, entry, "must be an object")
    cid = get_field(obj, "id", str, file, entry)
    if not _ID.fullmatch(cid):
        raise DataError(file, entry, f"id {cid!r} must be lower-case words joined by '-'")
    entry = f"chip '{cid}'"
    extra = sorted(set(obj) - set(_CHIP_FIELDS))
    if extra:
        raise DataError(file, entry, f"unknown field '{extra[0]}'")
    name = get_field(obj, "name", str, file, entry).strip()
    if not name:
        raise DataError(file, entry, "the name is empty")
    faction = get_field(obj, "faction", str, file, entry)
    if faction not in FACTION_BY_ID:
        raise DataError(file, entry, f"unknown faction '{faction}' (known: {', '.join(FACTION_BY_ID)})")
    kind = get_field(obj, "type", str, file, entry)
    if kind not in CHIP_TYPES:
        raise DataError(file, entry, f"unknown chip type '{kind}' (known: {', '.join(CHIP_TYPES)})")
    rarity = get_field(obj, "rarity", str, file, entry)
    if rarity not in RARITIES:
        raise DataError(file, entry, f"unknown rarity '{rarity}' (known: {', '.join(RARITIES)})")
    points = _stat(obj, "points", 0, MAX_POINTS, file, entry)
    if kind == "action":
        if obj.get("defense") is not None:
            raise DataError(file, entry, "an action has no defense value (leave 'defense' out or null)")
        defense = None
    else:
        defense = _stat(obj, "defense", 0, MAX_STAT, file, entry)
    rng = _stat(obj, "range", 0, MAX_STAT, file, entry)
    raw_abilities = obj.get("abilities", [])
    if not isinstance(raw_abilities, list):
        raise DataError(file, entry, "'abilities' must be a list")
    abilities = tuple(_ability(a, file, f"{entry} abilities[{i}]") for i, a in enumerate(raw_abilities))
    seen = [a.name for a in abilities]
    twice = next((n for n in seen if seen.count(n) > 1), None)
    if twice:
        raise DataError(file, entry, f"ability {ABILITIES[twice].name} is listed twice")
    immunities = frozenset(_names(obj, "immunities", "immunities", file, entry))
    return Chip(cid, name, faction, kind, rarity, points, defense, rng, abilities, immunities,
                _invented(obj, file, entry))


def parse_catalogue(doc: Any, file: str) -> Catalogue:
    doc = migrate(doc, file, format=CATALOGUE_FORMAT, version=CATALOGUE_VERSION,
                  what="Clout Fantasy catalogue", migrations=CATALOGUE_MIGRATIONS)
    extra = sorted(set(doc) - {"format", "version", "about", "chips"})
    if extra:
        raise DataError(file, "top level", f"unknown field '{extra[0]}'")
    raw = get_field(doc, "chips", list, file, "top level")
    chips: dict[str, Chip] = {}
    names: dict[str, str] = {}
    for i, obj in enumerate(raw):
        chip = _chip(obj, file, f"chips[{i}]")
        if chip.id in chips:
            raise DataError(file, f"chips[{i}] '{chip.id}'", "id used twice")
        other = names.get(chip.name.casefold())
        if other:
            raise DataError(file, f"chip '{chip.id}'", f"name '{chip.name}' is also the name of '{other}'")
        chips[chip.id] = chip
        names[chip.name.casefold()] = chip.id
    if not chips:
        raise DataError(file, "chips", "the catalogue lists no chips")
    return Catalogue(chips, file)


def load_catalogue(path: str | Path | None = None) -> Catalogue:
    """Load a catalogue file (the bundled one by default); errors name the file and chip."""
    if path is None:
        return default_catalogue()
    return parse_catalogue(*read_json(path, "resources.clout", "chips.json", DEFAULT_FILE))


@functools.cache
def default_catalogue() -> Catalogue:
    return parse_catalogue(*read_json(None, "resources.clout", "chips.json", DEFAULT_FILE))


def coverage_gaps(catalogue: Catalogue) -> list[str]:
    """What of the rulebook's ability list no chip shows: abilities, modifiers, immunity, ignore.

    Loading does not demand full coverage (a club may trim the file); the bundled catalogue
    must cover everything so that every rule can be played and tested.
    """
    chips = list(catalogue)
    used = {a.name for c in chips for a in c.abilities}
    mods = {m for c in chips for a in c.abilities for m in a.modifiers}
    gaps = [f"no chip has the ability {info.name}" for info in ABILITIES.values() if info.id not in used]
    gaps += [f"no chip uses the {MODIFIER_NAMES[m]} modifier" for m in MODIFIERS if m not in mods]
    if not any(c.immunities for c in chips):
        gaps.append("no chip has an immunity")
    if not any(a.ignores for c in chips for a in c.abilities):
        gaps.append("no chip ignores an ability")
    for f in FACTIONS:
        if not catalogue.by_faction(f.id):
            gaps.append(f"no chip belongs to the {f.name}")
    return gaps


def check_coverage(catalogue: Catalogue) -> None:
    gaps = coverage_gaps(catalogue)
    if gaps:
        raise DataError(catalogue.source, None, "; ".join(gaps))


def chip_names(chip_ids: Iterable[str], catalogue: Catalogue) -> list[str]:
    """Display names for ids, falling back to the quoted id for chips the catalogue lacks."""
    return [catalogue.chips[c].name if c in catalogue.chips else f"'{c}'" for c in chip_ids]
