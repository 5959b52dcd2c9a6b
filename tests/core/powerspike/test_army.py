"""Power Spike formations, armies and rosters: every constraint, nesting, transport, files."""
from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from core.errors import IllegalSetup
from core.powerspike.army import (Carry, Roster, RosterFormation, RosterUnit, can_start,
                                  default_organisation, formation_titles, is_valid, load_organisation,
                                  load_roster, muster, problems, ready_made, require_valid, save_roster)
from maps.datafile import DataError

ORG = default_organisation()
FORMATIONS_JSON = Path(__file__).resolve().parents[3] / "resources" / "powerspike" / "formations.json"


class Ids:
    def __init__(self) -> None:
        self.n = 0

    def units(self, kind: str, count: int) -> tuple[RosterUnit, ...]:
        out = []
        for _ in range(count):
            self.n += 1
            out.append(RosterUnit(f"u{self.n}", kind))
        return tuple(out)


def minimal_formation(ftype: str, ids: Ids, counts: dict[int, int] | None = None) -> RosterFormation:
    """The formation with each slot at its minimum (or at `counts[slot]`), first option each."""
    slots = ORG.formations[ftype].slots
    units: tuple[RosterUnit, ...] = ()
    for i, s in enumerate(slots):
        units += ids.units(s.options[0], (counts or {}).get(i, s.min))
    return RosterFormation(ftype, units)


def minimal_army(army_id: str, unit_counts: dict[int, int] | None = None,
                 formation_counts: dict[int, int] | None = None) -> Roster:
    army = ORG.armies[army_id]
    ids = Ids()
    units: tuple[RosterUnit, ...] = ()
    for i, s in enumerate(army.unit_slots):
        units += ids.units(s.options[0], (unit_counts or {}).get(i, s.min))
    formations = []
    for i, s in enumerate(army.formation_slots):
        for _ in range((formation_counts or {}).get(i, s.min)):
            formations.append(minimal_formation(s.options[0], ids))
    return Roster(side=army.side, army=army_id, units=units, formations=tuple(formations))


def host_army(ftype: str) -> str:
    """An army that may field this formation type."""
    return next(a.id for a in ORG.armies.values() if ftype in a.formation_types)


def roster_with(ftype: str, formation: RosterFormation) -> Roster:
    """A valid army of the right side plus the formation under test (as an extra of its slot)."""
    base = minimal_army(host_army(ftype))
    army = ORG.armies[base.army]
    slot = next(s for s in army.formation_slots if ftype in s.options)
    existing = sum(1 for f in base.formations if f.type in slot.options)
    if existing >= slot.max:  # keep the army count legal: replace one of that slot
        drop = next(i for i, f in enumerate(base.formations) if f.type in slot.options)
        formations = base.formations[:drop] + base.formations[drop + 1:]
    else:
        formations = base.formations
    renamed = tuple(RosterUnit(f"x{i}", u.type) for i, u in enumerate(formation.units))
    return msgspec.structs.replace(base, formations=formations + (RosterFormation(ftype, renamed),))


def title_of_last(r: Roster) -> str:
    return formation_titles(r, ORG)[-1]


def test_the_data_holds_every_rulebook_formation_and_army():
    assert sorted(f.name for f in ORG.formations.values()) == sorted([
        "Cyberian Death Commando Brigade", "Zomborg Legion", "Deep Strike Regiment", "Mag-Lev Tank Regiment",
        "Neon Samurai Fighting Fist", "Cyber-Ninja Dojo", "Robo-Cavalry Regiment", "Spider Tank Regiment"])
    assert sorted(a.name for a in ORG.armies.values()) == sorted([
        "Death Commando Army", "Zomborg Army", "Mag-Lev Tank Army",
        "Neon Samurai Clan", "Robo-Cavalry Brigade", "Spider Tank Brigade"])


@pytest.mark.parametrize("ftype", sorted(ORG.formations))
def test_every_formation_at_its_minimum_is_valid(ftype):
    r = roster_with(ftype, minimal_formation(ftype, Ids()))
    assert problems(r) == []


@pytest.mark.parametrize("ftype, slot", [(f, i) for f in sorted(ORG.formations)
                                         for i in range(len(ORG.formations[f].slots))])
def test_every_formation_slot_refuses_one_too_many(ftype, slot):
    s = ORG.formations[ftype].slots[slot]
    r = roster_with(ftype, minimal_formation(ftype, Ids(), {slot: s.max + 1}))
    title = title_of_last(r)
    found = [p for p in problems(r) if p.startswith(title)]
    assert len(found) == 1, problems(r)
    assert f"needs {s.need()}; it has {s.max + 1}" in found[0]
    assert str(s.max) in s.need()


@pytest.mark.parametrize("ftype, slot", [(f, i) for f in sorted(ORG.formations)
                                         for i, s in enumerate(ORG.formations[f].slots) if s.min > 0])
def test_every_formation_slot_refuses_one_too_few(ftype, slot):
    s = ORG.formations[ftype].slots[slot]
    r = roster_with(ftype, minimal_formation(ftype, Ids(), {slot: s.min - 1}))
    found = [p for p in problems(r) if p.startswith(title_of_last(r))]
    assert found == [f"{title_of_last(r)} needs {s.need()}; it has {s.min - 1}"]


@pytest.mark.parametrize("army_id", sorted(ORG.armies))
def test_every_army_at_its_minimum_is_valid(army_id):
    assert problems(minimal_army(army_id)) == []


@pytest.mark.parametrize("army_id, kind, slot", [
    (a, kind, i) for a in sorted(ORG.armies)
    for kind in ("units", "formations")
    for i in range(len(ORG.armies[a].unit_slots if kind == "units" else ORG.armies[a].formation_slots))])
def test_every_army_slot_refuses_one_too_many_and_one_too_few(army_id, kind, slot):
    army = ORG.armies[army_id]
    s = (army.unit_slots if kind == "units" else army.formation_slots)[slot]
    arg = "unit_counts" if kind == "units" else "formation_counts"
    over = problems(minimal_army(army_id, **{arg: {slot: s.max + 1}}))
    assert over == [f"The {army.name} needs {s.need()}; it has {s.max + 1}"]
    if s.min > 0:
        under = problems(minimal_army(army_id, **{arg: {slot: s.min - 1}}))
        assert under == [f"The {army.name} needs {s.need()}; it has {s.min - 1}"]


def test_messages_read_as_the_rulebook_counts():
    fist = RosterFormation("neon-samurai-fighting-fist", (RosterUnit("a", "neon-samurai"),
                                                          RosterUnit("b", "rising-sun-manitou")))
    r = Roster(side="SCS", army="neon-samurai-clan", formations=(fist,))
    found = problems(r)
    assert "Neon Samurai Fighting Fist 1 needs 2 to 6 Neon Samurai units; it has 1" in found
    assert "The Neon Samurai Clan needs exactly 1 Command unit; it has 0" in found
    assert "The Neon Samurai Clan needs 2 or 3 Neon Samurai Fighting Fists; it has 1" in found


def test_alternatives_share_one_slot():
    ids = Ids()
    ids.n = 100
    r = minimal_army("death-commando-army")
    brigade = r.formations[0]
    both = RosterFormation(brigade.type, brigade.units + ids.units("mag-lev-tank", 1)
                           + (RosterUnit("rb", "red-banner-manitou"),))
    r = msgspec.structs.replace(r, formations=(both,) + r.formations[1:])
    assert problems(r) == ["Cyberian Death Commando Brigade 1 needs at most 1 Mag-Lev Tank or "
                           "Red Banner Manitou unit; it has 2"]


def test_units_inside_formations_do_not_count_for_the_armys_own_slots():
    r = minimal_army("robo-cavalry-brigade")
    # Manitous inside no formation are the army's own (0 to 3); a Command unit inside a formation is
    # not the army's Command unit.
    moved = RosterFormation(r.formations[0].type, r.formations[0].units + (RosterUnit("cmd", "scs-command"),))
    r2 = msgspec.structs.replace(r, units=(), formations=(moved,) + r.formations[1:])
    found = problems(r2)
    assert "The Robo-Cavalry Brigade needs exactly 1 Command unit; it has 0" in found
    assert "Robo-Cavalry Regiment 1 may not include Command units; it has 1" in found


def test_formations_are_counted_per_type_inside_the_army():
    r = minimal_army("mag-lev-tank-army")
    ids = Ids()
    ids.n = 100
    extra = (minimal_formation("zomborg-legion", ids), minimal_formation("death-commando-brigade", ids))
    found = problems(msgspec.structs.replace(r, formations=r.formations + extra))
    assert found == ["The Mag-Lev Tank Army needs at most 1 Zomborg Legion or Cyberian Death Commando "
                     "Brigade; it has 2"]


def test_robo_cavalry_brigade_manitous_are_rising_sun_manitous():
    r = minimal_army("robo-cavalry-brigade")
    ok = msgspec.structs.replace(r, units=r.units + (RosterUnit("m1", "rising-sun-manitou"),))
    assert problems(ok) == []
    red = msgspec.structs.replace(r, units=r.units + (RosterUnit("m1", "red-banner-manitou"),))
    assert problems(red) == ["The Robo-Cavalry Brigade has 1 Red Banner Manitou unit, but Red Banner "
                             "Manitou units belong to the CDC, not the SCS"]
    four = msgspec.structs.replace(r, units=r.units + tuple(RosterUnit(f"m{i}", "rising-sun-manitou")
                                                            for i in range(4)))
    assert problems(four) == ["The Robo-Cavalry Brigade needs at most 3 Manitou units; it has 4"]


def test_wrong_side_units_formations_and_army():
    r = minimal_army("neon-samurai-clan")
    fist = r.formations[0]
    bad = RosterFormation(fist.type, fist.units + (RosterUnit("z1", "zomborg"), RosterUnit("z2", "zomborg")))
    found = problems(msgspec.structs.replace(r, formations=(bad,) + r.formations[1:]))
    assert found == ["Neon Samurai Fighting Fist 1 has 2 Zomborg units, but Zomborg units belong to the "
                     "CDC, not the SCS"]
    legion = minimal_formation("zomborg-legion", Ids())
    found = problems(msgspec.structs.replace(r, formations=r.formations + (legion,)))
    assert "The Neon Samurai Clan has 1 Zomborg Legion, but that is a CDC formation" in found
    found = problems(msgspec.structs.replace(r, side="CDC"))
    assert found[0] == "The Neon Samurai Clan is an SCS army; this roster is for the CDC"


def test_same_side_formation_outside_the_army_list_is_refused():
    r = minimal_army("neon-samurai-clan")
    ids = Ids()
    ids.n = 50
    found = problems(msgspec.structs.replace(r, formations=r.formations
                                             + (minimal_formation("robo-cavalry-regiment", ids),)))
    assert found == ["The Neon Samurai Clan may not include a Robo-Cavalry Regiment; it has 1"]


def test_named_formations_are_named_in_messages():
    r = minimal_army("zomborg-army")
    legion = msgspec.structs.replace(r.formations[0], name="Rotting Horde", units=r.formations[0].units[:5])
    found = problems(msgspec.structs.replace(r, formations=(legion,) + r.formations[1:]))
    assert found == ["Rotting Horde (Zomborg Legion) needs 6 to 10 Zomborg units; it has 5"]


def test_duplicate_and_unknown_entries_are_problems_not_crashes():
    r = minimal_army("zomborg-army")
    dup = msgspec.structs.replace(r, units=r.units + (RosterUnit(r.units[0].id, "cdc-ornithopter"),))
    assert f"2 units share the id '{r.units[0].id}'; every unit needs its own" in problems(dup)
    odd = msgspec.structs.replace(r, army="orc-horde", units=r.units + (RosterUnit("q", "troll"),))
    found = problems(odd)
    assert "Unknown army type 'orc-horde'" in found


def with_orni(army_id: str, cargo: list[str], extra: tuple[RosterUnit, ...] = ()) -> Roster:
    r = minimal_army(army_id)
    orni_type = "cdc-ornithopter" if r.side == "CDC" else "scs-ornithopter"
    units = tuple(u for u in r.units if u.type != orni_type) + (RosterUnit("orni", orni_type),) + extra
    return msgspec.structs.replace(r, units=units, transport=tuple(Carry("orni", c) for c in cargo))


def test_an_ornithopter_may_carry_up_to_three_non_tank_units():
    r = minimal_army("death-commando-army")
    infantry = [u.id for f in r.formations for u in f.units][:3]
    assert problems(with_orni("death-commando-army", infantry)) == []
    assert problems(with_orni("death-commando-army", infantry[:1] + ["cmd"],
                              ())) == ["A transport assignment names unit 'cmd', which is not in the roster"]


def test_ornithopter_cargo_rules():
    r = minimal_army("mag-lev-tank-army")
    tank = next(u.id for f in r.formations for u in f.units if u.type == "mag-lev-tank")
    found = problems(with_orni("mag-lev-tank-army", [tank]))
    assert len(found) == 1 and "cannot carry Mag-Lev Tank 1" in found[0] and "cannot carry a tank" in found[0]
    others = [u.id for f in r.formations for u in f.units if u.type != "mag-lev-tank"]
    cmd = next(u.id for u in r.units if u.type == "cdc-command")
    four = with_orni("mag-lev-tank-army", others[:2] + [cmd, cmd])
    found = problems(four)
    assert "Command 1 (Mag-Lev Tank Army HQ) is assigned to 2 'thopters; a unit rides in only one" in found
    assert "Ornithopter 1 (Mag-Lev Tank Army HQ) carries 4 units but has 3 'thopters (one unit each)" in found
    self_lift = problems(with_orni("mag-lev-tank-army", ["orni"]))
    assert self_lift and "another Ornithopter" in self_lift[0]
    not_orni = msgspec.structs.replace(r, transport=(Carry(cmd, others[0]),))
    assert "only an Ornithopter can" in problems(not_orni)[0]


def test_can_start_and_require_valid_give_the_reasons():
    good = minimal_army("spider-tank-brigade")
    assert can_start(good) == (True, []) and is_valid(good)
    bad = msgspec.structs.replace(good, units=())
    ok, reasons = can_start(bad)
    assert not ok and reasons == ["The Spider Tank Brigade needs exactly 1 Command unit; it has 0"]
    with pytest.raises(IllegalSetup, match="needs exactly 1 Command unit"):
        require_valid(bad)


def test_muster_builds_units_for_the_table_with_cargo():
    r = with_orni("neon-samurai-clan", [])
    first = r.formations[0].units[0].id
    r = msgspec.structs.replace(r, transport=(Carry("orni", first),))
    units = {u.id: u for u in muster(r)}
    assert len(units) == len(r.all_units())
    assert units["SCS:orni"].cargo == (f"SCS:{first}",)
    assert units[f"SCS:{first}"].name == "Neon Samurai 1 (Neon Samurai Fighting Fist 1)"


# --- files -----------------------------------------------------------------------------------

def test_roster_round_trip(tmp_path):
    r = msgspec.structs.replace(with_orni("death-commando-army", ["u2"]), name="Red Dawn")
    path = tmp_path / "red.psroster.json"
    save_roster(path, r)
    assert load_roster(path) == r
    assert not list(tmp_path.glob(".*.tmp"))


def test_an_invalid_roster_saves_and_loads_but_cannot_start(tmp_path):
    r = Roster(side="CDC", army="zomborg-army", units=(RosterUnit("a", "zomborg"),))
    save_roster(tmp_path / "wip.json", r)
    back = load_roster(tmp_path / "wip.json")
    assert back == r and not can_start(back)[0]


def _write(tmp_path: Path, doc) -> Path:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc, encoding="utf-8")
    return path


def _doc(**changes):
    base = json.loads(msgspec.json.encode(minimal_army("zomborg-army")))
    base.update(changes)
    return base


@pytest.mark.parametrize("doc, entry, words", [
    (lambda: _doc(colour="red"), "colour", "unknown field 'colour'"),
    (lambda: _doc(side=3), "side", "Expected 'str'"),
    (lambda: _doc(format="something-else"), "format", "not a Power Spike roster"),
    (lambda: _doc(version=9), "version", "version 9"),
    (lambda: _doc(army="orc-horde"), "army", "unknown army type 'orc-horde'"),
    (lambda: _doc(side="ORC"), "side", "unknown side 'ORC'"),
    (lambda: _doc(units=[{"id": "u1", "type": "troll"}]), "units[0]", "unknown unit type 'troll'"),
    (lambda: _doc(units=[{"id": "u1", "type": "cdc-command", "rank": 2}]), "units[0]", "unknown field 'rank'"),
    (lambda: _doc(formations=[{"type": "zomborg-legion", "units": [{"id": "a", "type": "orc"}]}]),
     "formations[0].units[0]", "unknown unit type 'orc'"),
    (lambda: _doc(formations=[{"type": "orc-band"}]), "formations[0]", "unknown formation type 'orc-band'"),
    (lambda: _doc(transport=[{"ornithopter": "u1"}]), "transport[0]", "missing required field 'cargo'"),
    (lambda: "{ not json", "line 1", "not valid JSON"),
    (lambda: "", None, "empty"),
])
def test_strict_roster_load_errors_name_file_and_entry(tmp_path, doc, entry, words):
    path = _write(tmp_path, doc())
    with pytest.raises(DataError) as err:
        load_roster(path)
    assert err.value.file == str(path)
    assert err.value.entry == entry
    assert words in err.value.reason


def test_missing_roster_file(tmp_path):
    with pytest.raises(DataError, match="does not exist"):
        load_roster(tmp_path / "nope.json")


def test_ready_made_rosters_are_valid_and_cover_both_sides():
    made = ready_made()
    assert made
    for key, r in made.items():
        assert problems(r) == [], key
        assert r.name
    for side in ("CDC", "SCS"):
        sizes = sorted(len(r.all_units()) for r in made.values() if r.side == side)
        assert sizes[0] <= 8, f"{side} needs a small army for quick games"
        assert sizes[-1] >= 20, f"{side} needs a full army"


# --- organisation data errors ----------------------------------------------------------------

def _org_file(tmp_path: Path, edit) -> Path:
    doc = json.loads(FORMATIONS_JSON.read_text(encoding="utf-8"))
    edit(doc)
    path = tmp_path / "formations.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _formation(doc, fid):
    return next(f for f in doc["formations"] if f["id"] == fid)


def _army(doc, aid):
    return next(a for a in doc["armies"] if a["id"] == aid)


@pytest.mark.parametrize("edit, entry, words", [
    (lambda d: _formation(d, "zomborg-legion")["slots"][0].update(min=11),
     "formation 'zomborg-legion' slots[0]", "min <= max"),
    (lambda d: _formation(d, "zomborg-legion")["slots"][0].update(units=["troll"]),
     "formation 'zomborg-legion' slots[0]", "unknown unit type 'troll'"),
    (lambda d: _formation(d, "zomborg-legion")["slots"][0].update(units=["neon-samurai"]),
     "formation 'zomborg-legion' slots[0]", "belongs to the SCS"),
    (lambda d: _formation(d, "zomborg-legion")["slots"][1].update(units=["zomborg"]),
     "formation 'zomborg-legion'", "appears in two slots"),
    (lambda d: _formation(d, "zomborg-legion").update(colour="green"),
     "formation 'zomborg-legion'", "unknown field 'colour'"),
    (lambda d: _army(d, "zomborg-army")["formations"][0].update(formations=["cyber-ninja-dojo"]),
     "army 'zomborg-army' formations[0]", "belongs to the SCS"),
    (lambda d: _army(d, "zomborg-army")["units"].pop(0),
     "army 'zomborg-army'", "Command unit"),
    (lambda d: d["armies"].append(dict(_army(d, "zomborg-army"))), "army 'zomborg-army'", "id used twice"),
])
def test_broken_formation_files_name_the_file_and_entry(tmp_path, edit, entry, words):
    path = _org_file(tmp_path, edit)
    with pytest.raises(DataError) as err:
        load_organisation(path)
    assert err.value.file == str(path)
    assert err.value.entry == entry
    assert words in err.value.reason


def test_edited_limits_change_the_validator(tmp_path):
    path = _org_file(tmp_path, lambda d: _formation(d, "zomborg-legion")["slots"][0].update(min=1))
    org = load_organisation(path)
    r = minimal_army("zomborg-army")
    legion = msgspec.structs.replace(r.formations[0], units=r.formations[0].units[:2])
    small = msgspec.structs.replace(r, formations=(legion,) + r.formations[1:])
    assert problems(small, org) == []
    assert problems(small) == ["Zomborg Legion 1 needs 6 to 10 Zomborg units; it has 2"]
