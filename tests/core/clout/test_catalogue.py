"""The chip catalogue: the bundled file covers the rulebook, and broken files are named precisely."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.clout.catalogue import (ABILITIES, FACTIONS, MODIFIERS, NEUTRAL, Ability, check_coverage,
                                  coverage_gaps, default_catalogue, describe_ability, describe_chip,
                                  load_catalogue)
from maps.datafile import DataError

BUNDLED = Path(__file__).resolve().parents[3] / "resources" / "clout" / "chips.json"


@pytest.fixture(scope="module")
def cat():
    return default_catalogue()


def test_bundled_catalogue_covers_every_ability_modifier_immunity_and_ignore(cat):
    assert coverage_gaps(cat) == []
    check_coverage(cat)


@pytest.mark.parametrize("ability", sorted(ABILITIES))
def test_every_rulebook_ability_is_on_some_chip(cat, ability):
    assert [c.name for c in cat if c.has(ability)], f"no chip has {ability}"


@pytest.mark.parametrize("modifier", MODIFIERS)
def test_every_modifier_is_used(cat, modifier):
    assert any(modifier in a.modifiers for c in cat for a in c.abilities)


def test_factions_have_about_ten_chips_each_and_there_are_neutral_chips(cat):
    for f in FACTIONS:
        n = len(cat.by_faction(f.id))
        assert (6 <= n <= 10) if f.id == NEUTRAL else (9 <= n <= 13), (f.id, n)
        assert sum(1 for c in cat.by_faction(f.id) if c.type == "base") >= (1 if f.id == NEUTRAL else 2)
    assert {c.type for c in cat} == {"troop", "base", "action", "relic"}
    assert {c.rarity for c in cat} == {"common", "uncommon", "rare"}
    assert all(0 <= c.points <= 6 for c in cat)
    assert any(c.unique for c in cat) and any(c.immunities for c in cat)
    assert any(a.ignores for c in cat for a in c.abilities)


def test_actions_have_no_defense_and_everything_else_has_one(cat):
    for c in cat:
        assert (c.defense is None) == (c.type == "action"), c.id


def test_the_four_rulebook_chips_keep_the_rulebook_stats(cat):
    tw = next(c for c in cat if c.name == "Treant Watcher")
    assert tw.defense == 2 and tw.abilities == (Ability("strike", 1), Ability("ambush", 2))
    qw = next(c for c in cat if c.name == "Questing Warrior")
    assert (qw.type, qw.range, qw.defense) == ("troop", 1, 1)
    assert qw.abilities == (Ability("move", 1), Ability("strike", 3))
    gc = next(c for c in cat if c.name == "Grave Creepers")
    assert gc.range == 2 and gc.abilities == (Ability("stop"),)
    inf = next(c for c in cat if c.name == "Infiltrator")
    assert inf.abilities == (Ability("place"), Ability("strike", 3))
    given = {tw.id: {"defense", "abilities"}, qw.id: {"type", "range", "defense", "abilities"},
             gc.id: {"range", "abilities"}, inf.id: {"abilities"}}
    for chip in (tw, qw, gc, inf):
        assert isinstance(chip.invented, tuple) and chip.invented
        assert not given[chip.id] & set(chip.invented), chip.id
    others = [c for c in cat if c.id not in given]
    assert others and all(c.invented is True for c in others)


def test_unique_comes_from_the_ability(cat):
    lich = cat.chip("und-lich")
    assert lich.unique and lich.has("unique")
    assert not cat.chip("und-wraith").unique


def test_lookups_and_filters(cat):
    assert cat.chip("gob-infiltrator").name == "Infiltrator"
    with pytest.raises(KeyError, match="no chip 'nope'"):
        cat.chip("nope")
    assert "gob-infiltrator" in cat and cat.get("nope") is None
    elves_bases = cat.filter(faction="elves", chip_type="base")
    assert elves_bases and all(c.faction == "elves" and c.type == "base" for c in elves_bases)
    strikers = cat.filter(text="strike")
    assert strikers and all(c.has("strike") for c in strikers)
    assert [c.id for c in cat.filter(text="grave creep")] == ["und-grave-creepers"]
    assert len(cat.filter()) == len(cat)


def test_describe_ability_in_plain_words():
    assert describe_ability(Ability("strike", 3)).startswith(
        "Strike 3: remove an opponent's troop in range with defense ≤ 3")
    assert "up to 1 range increment " in describe_ability(Ability("move", 1)) + " "
    assert "up to 2 range increments" in describe_ability(Ability("move", 2))
    fly = describe_ability(Ability("strike", 4, ignores=("fly",)))
    assert fly.startswith("Strike 4 [Fly]:") and "as if they had no Fly" in fly
    friendly = describe_ability(Ability("strike", 2, frozenset({"friendly"})))
    assert "only your chips" in friendly and "must be used" in friendly and "optional" not in friendly
    remove = describe_ability(Ability("command", 1, frozenset({"remove"})))
    assert "+Remove" in remove and "leaves play at the end of the turn" in remove
    assert "in range of a chip with Master" in describe_ability(Ability("strike", 3, frozenset({"master"})))
    assert "(continuous)" in describe_ability(Ability("stop"))


def test_describe_chip_names_stats_immunities_and_invention(cat):
    text = describe_chip(cat.chip("und-wraith"))
    assert "Undead troop" in text and "range 2" in text and "defense 2" in text
    assert "Immune to (Ambush), (Strike)" in text and "Invented chip" in text
    assert "no defense (action)" in describe_chip(cat.chip("gob-big-boom"))
    assert "From the rulebook; invented:" in describe_chip(cat.chip("gob-infiltrator"))


# --- broken files ----------------------------------------------------------------------------

def _write(tmp_path: Path, change) -> Path:
    doc = json.loads(BUNDLED.read_text(encoding="utf-8"))
    change(doc)
    path = tmp_path / "chips.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _chip(doc, cid):
    return next(c for c in doc["chips"] if c["id"] == cid)


BROKEN = [
    ("unknown ability", lambda d: _chip(d, "elf-windrider")["abilities"].append({"name": "teleport"}),
     "chip 'elf-windrider' abilities[2]", "unknown ability 'teleport'"),
    ("unknown modifier", lambda d: _chip(d, "elf-windrider")["abilities"][1].update(modifiers=["sneaky"]),
     "chip 'elf-windrider' abilities[1] (Strike)", "unknown modifier 'sneaky'"),
    ("contradicting modifiers", lambda d: _chip(d, "elf-windrider")["abilities"][1].update(modifiers=["all", "friendly"]),
     "chip 'elf-windrider' abilities[1] (Strike)", "all and friendly contradict"),
    ("missing value", lambda d: _chip(d, "elf-windrider")["abilities"][1].pop("value"),
     "chip 'elf-windrider' abilities[1] (Strike)", "Strike needs a value from 1 to 9, got None"),
    ("zero value", lambda d: _chip(d, "elf-windrider")["abilities"][1].update(value=0),
     "chip 'elf-windrider' abilities[1] (Strike)", "needs a value from 1 to 9, got 0"),
    ("value on a valueless ability", lambda d: _chip(d, "elf-windrider")["abilities"][0].update(value=2),
     "chip 'elf-windrider' abilities[0] (Fly)", "Fly takes no value, got 2"),
    ("unknown ignore", lambda d: _chip(d, "elf-glade-archer")["abilities"][0].update(ignores=["swim"]),
     "chip 'elf-glade-archer' abilities[0] (Strike)", "unknown ability 'swim' in ignores"),
    ("self ignore", lambda d: _chip(d, "elf-glade-archer")["abilities"][0].update(ignores=["strike"]),
     "chip 'elf-glade-archer' abilities[0] (Strike)", "cannot ignore itself"),
    ("unknown immunity", lambda d: _chip(d, "und-wraith").update(immunities=["sunlight"]),
     "chip 'und-wraith'", "unknown ability 'sunlight' in immunities"),
    ("ability twice", lambda d: _chip(d, "und-wraith")["abilities"].append({"name": "fly"}),
     "chip 'und-wraith'", "ability Fly is listed twice"),
    ("unknown faction", lambda d: _chip(d, "und-lich").update(faction="vampires"),
     "chip 'und-lich'", "unknown faction 'vampires'"),
    ("unknown type", lambda d: _chip(d, "und-lich").update(type="hero"),
     "chip 'und-lich'", "unknown chip type 'hero'"),
    ("unknown rarity", lambda d: _chip(d, "und-lich").update(rarity="mythic"),
     "chip 'und-lich'", "unknown rarity 'mythic'"),
    ("too many points", lambda d: _chip(d, "und-lich").update(points=7),
     "chip 'und-lich'", "points must be 0 to 6, got 7"),
    ("negative range", lambda d: _chip(d, "und-lich").update(range=-1),
     "chip 'und-lich'", "range must be 0 to 9, got -1"),
    ("points as text", lambda d: _chip(d, "und-lich").update(points="4"),
     "chip 'und-lich'", "field 'points' must be int, got '4'"),
    ("defense on an action", lambda d: _chip(d, "gob-big-boom").update(defense=2),
     "chip 'gob-big-boom'", "an action has no defense value"),
    ("missing defense", lambda d: _chip(d, "und-lich").pop("defense"),
     "chip 'und-lich'", "missing field 'defense'"),
    ("unknown field", lambda d: _chip(d, "und-lich").update(colour="red"),
     "chip 'und-lich'", "unknown field 'colour'"),
    ("bad invented", lambda d: _chip(d, "und-lich").update(invented=["wings"]),
     "chip 'und-lich'", "field 'invented'"),
    ("duplicate id", lambda d: d["chips"].append(dict(_chip(d, "und-lich"), name="Lich Again")),
     "'und-lich'", "id used twice"),
    ("duplicate name", lambda d: d["chips"].append(dict(_chip(d, "und-lich"), id="und-lich-2")),
     "chip 'und-lich-2'", "name 'Lich' is also the name of 'und-lich'"),
    ("wrong format", lambda d: d.update(format="something-else"), "format", "not a Clout Fantasy catalogue"),
]


@pytest.mark.parametrize("label,change,entry,reason", BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_catalogue_names_file_and_entry(tmp_path, label, change, entry, reason):
    path = _write(tmp_path, change)
    with pytest.raises(DataError) as err:
        load_catalogue(path)
    assert err.value.file == str(path)
    assert entry in (err.value.entry or ""), str(err.value)
    assert reason in err.value.reason, str(err.value)


def test_unreadable_and_invalid_json(tmp_path):
    with pytest.raises(DataError, match="does not exist"):
        load_catalogue(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text('{"chips": [', encoding="utf-8")
    with pytest.raises(DataError, match="not valid JSON"):
        load_catalogue(bad)


def test_coverage_gaps_name_what_is_missing(tmp_path):
    path = _write(tmp_path, lambda d: d.update(chips=[_chip(d, "elf-treant-watcher"), _chip(d, "cen-stampede")]))
    small = load_catalogue(path)
    gaps = coverage_gaps(small)
    assert "no chip has the ability Stop" in gaps and "no chip has the ability Strike" not in gaps
    assert "no chip uses the Friendly modifier" in gaps and "no chip uses the All modifier" not in gaps
    assert "no chip has an immunity" in gaps and "no chip ignores an ability" in gaps
    assert "no chip belongs to the Goblins" in gaps
    with pytest.raises(DataError, match="no chip has the ability Stop"):
        check_coverage(small)
