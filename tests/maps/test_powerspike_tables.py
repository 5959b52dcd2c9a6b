"""Power Spike tables: the bundled ones load and make sense; broken copies are refused by file and entry."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from core.errors import DataError
from maps.powerspike.table import (
    DEFAULT_TABLE,
    KINDS,
    SIDES,
    available_tables,
    load_table,
)

TABLES = Path(__file__).resolve().parents[2] / "maps" / "powerspike" / "tables"


@pytest.fixture
def doc() -> dict:
    return json.loads((TABLES / "default.json").read_text(encoding="utf-8"))


def _refused(doc: dict, tmp_path: Path) -> DataError:
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_table(path)
    assert err.value.file == str(path)
    assert str(path) in str(err.value)
    return err.value


def test_the_default_table_is_72_by_48_inches_and_listed_first():
    assert available_tables()[0] == DEFAULT_TABLE
    table = load_table()
    assert table.size_in == (72.0, 48.0)
    assert table.outline.bounds == (0.0, 0.0, 72.0, 48.0)


def test_there_are_ready_scenarios_besides_the_default():
    ids = available_tables()
    assert len(ids) >= 4
    assert list(ids[1:]) == sorted(ids[1:])
    assert sorted(ids) == sorted(p.stem for p in TABLES.glob("*.json"))


@pytest.mark.parametrize("table_id", available_tables())
def test_every_bundled_table_is_sound(table_id):
    table = load_table(table_id)
    assert table.id == table_id and table.title
    assert table.invented and all(t.invented for t in table.terrain)
    assert table.terrain, "a ready table has terrain"
    for piece in table.terrain:
        assert piece.kind in KINDS
        assert table.outline.buffer(1e-6).contains(piece.polygon)
        assert piece.polygon.is_valid and piece.polygon.area > 0
    assert set(table.zones) == set(SIDES)
    a, b = (table.zone(s).polygon for s in SIDES)
    assert a.intersection(b).area == pytest.approx(0.0, abs=1e-9)
    for zone in table.zones.values():
        assert table.outline.buffer(1e-6).contains(zone.polygon)
        # a 2" x 1" tray must fit somewhere in each zone, clear of impassable terrain
        free = zone.polygon.difference(shapely_union([t.polygon for t in table.impassable]))
        assert free.buffer(-1.2).area > 0


def shapely_union(polys):
    import shapely
    return shapely.union_all(polys)


def test_the_default_table_has_both_kinds_of_terrain():
    table = load_table()
    assert table.cover and table.impassable
    assert {t.kind for t in table.terrain} == set(KINDS)
    assert table.piece("Bunker").is_impassable
    with pytest.raises(KeyError):
        table.piece("No such wood")


def test_a_table_loads_from_a_path_and_reports_its_file(doc, tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    table = load_table(path)
    assert table.source == str(path) and table.id == "mine"
    assert [t.name for t in table.terrain] == [t["name"] for t in doc["terrain"]]


def test_an_unknown_table_name_is_refused_with_the_bundled_list():
    with pytest.raises(DataError) as err:
        load_table("no-such-table")
    assert "default" in str(err.value)


@pytest.mark.parametrize("size", [[0, 48], [72, -1], [72], "72x48", [72, True]])
def test_the_size_must_be_two_positive_numbers(doc, tmp_path, size):
    doc["size_in"] = size
    err = _refused(doc, tmp_path)
    assert err.entry == "size_in"


def test_a_self_crossing_polygon_is_refused(doc, tmp_path):
    doc["terrain"][0]["polygon"] = [[10, 10], [20, 20], [20, 10], [10, 20]]
    err = _refused(doc, tmp_path)
    assert err.entry == f"terrain '{doc['terrain'][0]['name']}'"
    assert "not valid" in err.reason


def test_terrain_leaving_the_table_is_refused(doc, tmp_path):
    doc["terrain"][1]["polygon"] = [[68, 40], [74, 40], [74, 46], [68, 46]]
    err = _refused(doc, tmp_path)
    assert err.entry == f"terrain '{doc['terrain'][1]['name']}'"
    assert "leaves" in err.reason


def test_an_unknown_kind_is_refused(doc, tmp_path):
    doc["terrain"][0]["kind"] = "difficult"
    err = _refused(doc, tmp_path)
    assert "kind 'difficult'" in err.reason and err.entry.startswith("terrain '")


def test_an_unknown_feature_is_refused(doc, tmp_path):
    doc["terrain"][0]["feature"] = "volcano"
    assert "feature 'volcano'" in _refused(doc, tmp_path).reason


def test_a_missing_field_is_named(doc, tmp_path):
    del doc["terrain"][2]["invented"]
    err = _refused(doc, tmp_path)
    assert "'invented'" in err.reason and doc["terrain"][2]["name"] in err.entry


def test_two_pieces_with_one_name_are_refused(doc, tmp_path):
    doc["terrain"].append(copy.deepcopy(doc["terrain"][0]))
    doc["terrain"][-1]["polygon"] = [[1, 30], [3, 30], [3, 32], [1, 32]]
    assert "twice" in _refused(doc, tmp_path).reason


def test_overlapping_terrain_is_refused_naming_both(doc, tmp_path):
    doc["terrain"][1]["polygon"] = doc["terrain"][0]["polygon"]
    err = _refused(doc, tmp_path)
    assert doc["terrain"][0]["name"] in err.entry and doc["terrain"][1]["name"] in err.entry
    assert "overlap" in err.reason


def test_overlapping_deployment_zones_are_refused(doc, tmp_path):
    doc["deployment"]["SCS"]["polygon"] = [[0, 10], [72, 10], [72, 20], [0, 20]]
    err = _refused(doc, tmp_path)
    assert "CDC" in err.entry and "SCS" in err.entry and "overlap" in err.reason


def test_a_zone_outside_the_table_is_refused(doc, tmp_path):
    doc["deployment"]["CDC"]["polygon"] = [[0, -5], [72, -5], [72, 5], [0, 5]]
    err = _refused(doc, tmp_path)
    assert err.entry == "deployment 'CDC'" and "leaves" in err.reason


def test_a_side_without_a_zone_is_refused(doc, tmp_path):
    del doc["deployment"]["SCS"]
    err = _refused(doc, tmp_path)
    assert err.entry == "deployment 'SCS'" and "missing" in err.reason


def test_an_unknown_side_is_refused(doc, tmp_path):
    doc["deployment"]["Orks"] = doc["deployment"]["CDC"]
    assert _refused(doc, tmp_path).entry == "deployment 'Orks'"


def test_a_file_that_is_not_json_names_the_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"title": "x",\n oops}', encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_table(path)
    assert err.value.entry == "line 2"
