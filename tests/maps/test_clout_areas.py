"""Clout Fantasy playing areas: the bundled ones load with the right size and increment; broken files are refused."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from core.errors import DataError
from maps.clout.areas import (
    DEFAULT_AREA,
    available_areas,
    load_area,
    range_increment_cm,
)

AREAS = Path(__file__).resolve().parents[2] / "maps" / "clout" / "areas"


@pytest.fixture
def doc() -> dict:
    return json.loads((AREAS / "standard.json").read_text(encoding="utf-8"))


def _refused(doc: dict, tmp_path: Path) -> DataError:
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_area(path)
    assert err.value.file == str(path)
    return err.value


def test_the_standard_area_is_a_square_metre_listed_first_with_a_5_cm_increment():
    assert available_areas()[0] == DEFAULT_AREA
    area = load_area()
    assert area.bounds_cm == (0.0, 0.0, 100.0, 100.0)
    assert area.area_cm2 == pytest.approx(10_000)
    assert area.diameter_cm == pytest.approx(100.0)
    assert area.farthest_apart_cm == pytest.approx(100 * math.sqrt(2))
    assert range_increment_cm(area) == pytest.approx(5.0)
    assert not area.invented and not area.cushions


def test_the_round_rug_measures_its_diameter():
    rug = load_area("rug")
    assert rug.diameter_cm == pytest.approx(150.0, abs=1e-6)
    assert range_increment_cm(rug) == pytest.approx(7.5, abs=1e-7)
    assert rug.area_cm2 == pytest.approx(math.pi * 75 ** 2, rel=1e-3)
    assert rug.contains_point(75, 1) and not rug.contains_point(3, 3)
    assert rug.invented


def test_the_pool_table_measures_its_length_and_has_cushions():
    table = load_area("pool-table")
    assert table.diameter_cm == pytest.approx(254.0)
    assert range_increment_cm(table) == pytest.approx(12.7)
    assert table.cushions


def test_a_rotated_or_irregular_polygon_measures_across_its_own_sides(doc, tmp_path):
    doc["polygon"] = [[50, 0], [100, 50], [50, 100], [0, 50]]
    path = tmp_path / "diamond.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    diamond = load_area(path)
    assert diamond.id == "diamond"
    assert diamond.diameter_cm == pytest.approx(50 * math.sqrt(2))
    doc["polygon"] = [[0, 0], [300, 0], [0, 40]]
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert load_area(path).diameter_cm > 290


@pytest.mark.parametrize("change, words", [
    (lambda d: d.pop("title"), "missing field 'title'"),
    (lambda d: d.update(invented="yes"), "'invented' must be bool"),
    (lambda d: d.update(slide_friction=0), "slide_friction"),
    (lambda d: d.update(slide_friction=True), "'slide_friction' must be"),
    (lambda d: d.pop("polygon"), "exactly one of 'polygon'"),
    (lambda d: d.update(circle={"centre_cm": [5, 5], "diameter_cm": 10}), "exactly one of 'polygon'"),
    (lambda d: d.update(polygon=[[0, 0], [10, 0]]), "at least 3"),
    (lambda d: d.update(polygon=[[0, 0], [10, 10], [10, 0], [0, 10]]), "not valid"),
    (lambda d: d.update(polygon=[[0, 0], [1, 0], [2, 0]]), "not valid"),
    (lambda d: d.update(polygon=[[0, 0], [3, 0], [3, 3], [0, 3]]), "too small"),
    (lambda d: d.update(polygon=[[0, 0], [10, "x"], [0, 10]]), "polygon[1]"),
])
def test_broken_areas_are_refused_naming_the_entry(doc, tmp_path, change, words):
    change(doc)
    assert words in str(_refused(doc, tmp_path))


def test_a_broken_circle_is_refused(doc, tmp_path):
    del doc["polygon"]
    doc["circle"] = {"centre_cm": [0, 0], "diameter_cm": -3}
    assert "'diameter_cm' must be positive" in str(_refused(doc, tmp_path))


def test_an_unknown_area_name_lists_the_bundled_ones():
    with pytest.raises(DataError) as err:
        load_area("moon")
    assert "standard" in str(err.value) and "rug" in str(err.value)
