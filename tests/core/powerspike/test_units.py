"""Power Spike unit profiles: the bundled data, figures in removal order, losses and cargo."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.powerspike.units import (DROID, THOPTER, Unit, cargo_refusal, default_units, load_units,
                                   new_unit)
from maps.datafile import DataError

UNITS_JSON = Path(__file__).resolve().parents[3] / "resources" / "powerspike" / "units.json"

# GAME-DATA section 2: cards, figures, move, range (the project's invented defaults).
TABLE = {
    "death-commando": (3, 4, 6, 12), "neon-samurai": (3, 4, 6, 12), "cyber-ninja": (3, 3, 8, 6),
    "zomborg": (1, 5, 4, 6), "warbot": (3, 2, 5, 12), "red-banner-manitou": (2, 3, 10, 12),
    "rising-sun-manitou": (2, 3, 10, 12), "robo-cavalry": (2, 3, 12, 8),
    "mag-lev-tank": (4, 3, 10, 24), "spider-tank": (4, 3, 8, 24),
    "cdc-ornithopter": (2, 3, 18, 12), "scs-ornithopter": (2, 3, 18, 12),
    "cdc-command": (3, 3, 6, 12), "scs-command": (3, 3, 6, 12),
}


def test_bundled_profiles_follow_the_game_data_table():
    book = default_units()
    assert set(book.profiles) == set(TABLE)
    for uid, (cards, figures, move, rng) in TABLE.items():
        p = book.profile(uid)
        assert (p.cards, p.figures, p.move, p.range) == (cards, figures, move, rng), uid
        assert p.invented


def test_each_side_has_its_seven_unit_types_and_one_commander():
    book = default_units()
    for side in ("CDC", "SCS"):
        types = book.for_side(side)
        assert len(types) == 7
        assert [p.id for p in types if p.commander] == [f"{side.lower()}-command"]
        assert [p.kind for p in types].count("tank") == 1
        assert [p.kind for p in types].count("ornithopter") == 1
    assert book.sides["CDC"].suits == "red" and book.sides["SCS"].suits == "black"


def test_tank_figures_are_two_droids_then_the_tank():
    tank = default_units().profile("mag-lev-tank")
    assert tank.models == (DROID, DROID, "Mag-Lev Tank")


def test_take_losses_removes_the_tank_last():
    unit = new_unit(default_units().profile("spider-tank"), "SCS:u1")
    first = unit.take_losses(1)
    assert first.removed == (DROID,)
    assert first.unit.figures == (DROID, "Spider Tank")
    assert first.unit.losses == 1 and first.unit.hurt
    second = first.unit.take_losses(1)
    assert second.removed == (DROID,) and second.unit.figures == ("Spider Tank",)
    last = second.unit.take_losses(5)
    assert last.removed == ("Spider Tank",)
    assert last.unit.destroyed and last.unit.losses == 3


def test_take_losses_beyond_the_figures_left_destroys_exactly_what_is_there():
    unit = new_unit(default_units().profile("zomborg"), "CDC:u1")
    result = unit.take_losses(7)
    assert len(result.removed) == 5 and result.unit.destroyed
    with pytest.raises(ValueError):
        unit.take_losses(-1)


def test_no_loss_keeps_the_unit_unhurt():
    unit = new_unit(default_units().profile("warbot"), "CDC:u1")
    result = unit.take_losses(0)
    assert result.unit == unit and result.removed == () and not result.unit.hurt


def test_each_ornithopter_casualty_destroys_one_thopter_and_its_cargo():
    orni = new_unit(default_units().profile("cdc-ornithopter"), "CDC:o").load("CDC:a").load("CDC:b")
    assert orni.figures == (THOPTER,) * 3 and orni.cargo == ("CDC:a", "CDC:b")
    hit = orni.take_losses(1)
    assert hit.cargo_destroyed == ("CDC:b",)
    assert hit.unit.cargo == ("CDC:a",) and len(hit.unit.figures) == 2
    hit2 = hit.unit.take_losses(1)
    assert hit2.cargo_destroyed == ("CDC:a",) and hit2.unit.cargo == ()
    hit3 = hit2.unit.take_losses(1)
    assert hit3.cargo_destroyed == () and hit3.unit.destroyed


def test_two_casualties_at_once_destroy_two_cargoes():
    orni = new_unit(default_units().profile("scs-ornithopter"), "SCS:o").load("SCS:a").load("SCS:b")
    hit = orni.take_losses(2)
    assert hit.cargo_destroyed == ("SCS:b", "SCS:a") and len(hit.unit.figures) == 1


def test_an_ornithopter_carries_one_unit_per_thopter_left():
    orni = new_unit(default_units().profile("scs-ornithopter"), "SCS:o")
    full = orni.load("a").load("b").load("c")
    with pytest.raises(ValueError, match="all are loaded"):
        full.load("d")
    with pytest.raises(ValueError, match="already aboard"):
        orni.load("a").load("a")
    assert full.unload("b").cargo == ("a", "c")


def test_cargo_refusals_name_the_reason():
    book = default_units()
    orni = book.profile("cdc-ornithopter")
    assert cargo_refusal(orni, book.profile("death-commando")) is None
    assert cargo_refusal(orni, book.profile("cdc-command")) is None
    assert "tank" in cargo_refusal(orni, book.profile("mag-lev-tank"))
    assert "another Ornithopter" in cargo_refusal(orni, book.profile("cdc-ornithopter"))
    assert "SCS" in cargo_refusal(orni, book.profile("neon-samurai"))
    assert "only an Ornithopter" in cargo_refusal(book.profile("warbot"), book.profile("zomborg"))


def test_units_in_play_round_trip_through_msgspec():
    import msgspec

    unit = new_unit(default_units().profile("mag-lev-tank"), "CDC:u9", "Iron Fist").take_losses(1).unit
    data = msgspec.json.encode(unit)
    assert msgspec.json.decode(data, type=Unit) == unit


def _broken(tmp_path: Path, edit) -> Path:
    doc = json.loads(UNITS_JSON.read_text(encoding="utf-8"))
    edit(doc)
    path = tmp_path / "units.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _unit(doc, uid):
    return next(u for u in doc["units"] if u["id"] == uid)


@pytest.mark.parametrize("edit, entry, words", [
    (lambda d: _unit(d, "zomborg").update(cards=0), "unit 'zomborg'", "cards must be 1 to 20"),
    (lambda d: _unit(d, "zomborg").update(cards="two"), "unit 'zomborg'", "field 'cards' must be int"),
    (lambda d: _unit(d, "mag-lev-tank").update(figures=4), "unit 'mag-lev-tank'", "2 Fire Support Droids"),
    (lambda d: _unit(d, "scs-ornithopter").update(figures=4), "unit 'scs-ornithopter'", "at most 3"),
    (lambda d: _unit(d, "warbot").update(kind="walker"), "unit 'warbot'", "kind must be one of"),
    (lambda d: _unit(d, "warbot").update(tray=[2]), "unit 'warbot'", "tray must be"),
    (lambda d: _unit(d, "warbot").update(rnage=3), "unit 'warbot'", "unknown field 'rnage'"),
    (lambda d: _unit(d, "warbot").update(side="ORC"), "unit 'warbot'", "side must be one of"),
    (lambda d: _unit(d, "warbot").pop("move"), "unit 'warbot'", "missing field 'move'"),
    (lambda d: d["units"].append(dict(_unit(d, "zomborg"))), "unit 'zomborg'", "id used twice"),
    (lambda d: _unit(d, "scs-command").update(commander=False), "units", "SCS has no Command unit"),
    (lambda d: d["sides"].pop(), "sides", "two sides"),
])
def test_broken_unit_files_name_the_file_and_the_entry(tmp_path, edit, entry, words):
    path = _broken(tmp_path, edit)
    with pytest.raises(DataError) as err:
        load_units(path)
    assert err.value.file == str(path)
    assert err.value.entry == entry
    assert words in err.value.reason


def test_a_unit_file_that_is_not_json_names_the_line(tmp_path):
    path = tmp_path / "units.json"
    path.write_text('{"sides": [\n  oops', encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_units(path)
    assert str(path) in str(err.value) and err.value.entry == "line 2"


def test_edited_statistics_are_used(tmp_path):
    path = _broken(tmp_path, lambda d: _unit(d, "zomborg").update(move=5.5))
    assert load_units(path).profile("zomborg").move == 5.5
