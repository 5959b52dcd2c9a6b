"""The map of Scar: the real file loads and fits the roster; broken copies are refused by name."""
from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path

import networkx as nx
import pytest
import shapely
from shapely.geometry import Point, Polygon

from core.errors import DataError
from core.fistful.roster import default_roster
from maps.scar import load_scar, validate_home_regions

MAP_FILE = Path(__file__).resolve().parents[2] / "maps" / "scar.json"


@pytest.fixture(scope="module")
def scar():
    return load_scar()


@pytest.fixture
def doc():
    return json.loads(MAP_FILE.read_text(encoding="utf-8"))


def _write(doc: dict, tmp_path: Path) -> Path:
    path = tmp_path / "scar.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _refused(doc: dict, tmp_path: Path) -> DataError:
    path = _write(doc, tmp_path)
    with pytest.raises(DataError) as err:
        load_scar(path)
    assert err.value.file == str(path)
    assert str(path) in str(err.value)
    return err.value


def _entry(doc: dict, name: str) -> dict:
    return next(r for r in doc["regions"] if r["name"] == name)


def _coords(poly: Polygon) -> list[list[float]]:
    return [[round(x, 3), round(y, 3)] for x, y in poly.exterior.coords[:-1]]


def test_real_map_loads_with_the_rosters_regions(scar):
    assert len(scar.regions) == 12
    assert set(scar.names) == set(default_roster().regions)
    assert scar.invented is True
    assert load_scar() is scar


def test_invented_regions_are_labelled_as_in_the_roster(doc):
    roster = json.loads((Path(__file__).resolve().parents[2] / "resources" / "fistful" / "roster.json")
                        .read_text(encoding="utf-8"))
    expected = {r["name"]: r["invented"] for r in roster["regions"]}
    assert {r["name"]: r["invented"] for r in doc["regions"]} == expected


def test_graph_is_connected_and_every_region_has_two_to_five_neighbours(scar):
    assert nx.is_connected(scar.graph)
    for name in scar.names:
        assert 2 <= len(scar.neighbours(name)) <= 5, (name, scar.neighbours(name))


def test_adjacency_is_symmetric_and_matches_the_polygons(scar):
    for a in scar.regions:
        assert list(scar.neighbours(a.name)) == sorted(scar.neighbours(a.name))
        for b in scar.regions:
            if a is b:
                continue
            shared = a.polygon.boundary.intersection(b.polygon.boundary).length
            assert scar.borders(a.name, b.name) == scar.borders(b.name, a.name) == (shared > 0)
            if shared > 0:
                assert scar.graph.edges[a.name, b.name]["border_length"] == pytest.approx(shared)


def test_neighbours_of_an_unknown_region_is_an_error(scar):
    with pytest.raises(KeyError, match="Atlantis"):
        scar.neighbours("Atlantis")


def test_pulling_one_region_back_from_its_neighbour_removes_the_border(scar, doc, tmp_path):
    coast = shapely.union_all([r.polygon for r in scar.regions]).exterior
    bridges = {frozenset(e) for e in nx.bridges(scar.graph)}
    for a, b in scar.graph.edges:
        pa, pb = scar.region(a).polygon, scar.region(b).polygon
        border = pa.boundary.intersection(pb.boundary)
        shrunk = pa.difference(pb.buffer(4))
        if frozenset((a, b)) not in bridges and border.intersects(coast) and shrunk.geom_type == "Polygon":
            break
    else:
        pytest.fail("no border reaches the coast")
    _entry(doc, a)["polygon"] = _coords(shrunk)
    _entry(doc, a)["label"] = list(shrunk.representative_point().coords[0])
    changed = load_scar(_write(doc, tmp_path))
    assert not changed.borders(a, b) and not changed.borders(b, a)
    assert b not in changed.neighbours(a)
    assert {frozenset(e) for e in changed.graph.edges} == {frozenset(e) for e in scar.graph.edges} - {frozenset((a, b))}


def test_a_sliver_overlap_is_refused_naming_both_regions(scar, doc, tmp_path):
    a, b = max(scar.graph.edges, key=lambda e: scar.graph.edges[e]["border_length"])
    pa, pb = scar.region(a).polygon, scar.region(b).polygon
    middle = pa.boundary.intersection(pb.boundary)
    middle = shapely.line_merge(middle) if middle.geom_type != "LineString" else middle
    centre = middle.interpolate(0.5, normalized=True) if middle.geom_type == "LineString" else middle.centroid
    grown = pa.union(pb.intersection(Point(centre).buffer(5)))
    assert grown.geom_type == "Polygon"
    _entry(doc, a)["polygon"] = _coords(grown)
    err = _refused(doc, tmp_path)
    assert a in err.entry and b in err.entry
    assert "overlap" in err.reason


def test_a_missing_region_is_refused(doc, tmp_path):
    del doc["regions"][3]
    err = _refused(doc, tmp_path)
    assert err.entry == "regions" and "11" in err.reason


def test_a_thirteenth_region_is_refused(doc, tmp_path):
    doc["regions"].append({"name": "Atlantis", "invented": True, "terrain": "ice", "label": [15, 15],
                           "polygon": [[5, 5], [25, 5], [25, 25], [5, 25]]})
    err = _refused(doc, tmp_path)
    assert err.entry == "regions" and "13" in err.reason


def test_a_duplicate_name_is_refused(doc, tmp_path):
    name = doc["regions"][0]["name"]
    doc["regions"][5]["name"] = name
    err = _refused(doc, tmp_path)
    assert err.entry == f"region '{name}'" and "twice" in err.reason


def test_a_bow_tie_polygon_is_refused(doc, tmp_path):
    name = doc["regions"][2]["name"]
    doc["regions"][2]["polygon"] = [[100, 100], [200, 200], [200, 100], [100, 200]]
    doc["regions"][2]["label"] = [150, 120]
    err = _refused(doc, tmp_path)
    assert err.entry == f"region '{name}'" and "not valid" in err.reason


def test_a_label_outside_its_region_is_refused(doc, tmp_path):
    name = doc["regions"][4]["name"]
    doc["regions"][4]["label"] = [1, 1]
    err = _refused(doc, tmp_path)
    assert err.entry == f"region '{name}'" and "label" in err.reason


def test_an_island_split_in_two_is_refused_naming_the_cut_off_region(scar, doc, tmp_path):
    polys = {r.name: r.polygon for r in scar.regions}
    for name in scar.names:
        rest = shapely.union_all([p for n, p in polys.items() if n != name])
        if rest.geom_type == "Polygon" and not rest.interiors:
            break
    else:
        pytest.fail("every region holds the land together")
    _entry(doc, name)["polygon"] = [[3, 3], [30, 3], [30, 30], [3, 30]]
    _entry(doc, name)["label"] = [16, 16]
    err = _refused(doc, tmp_path)
    assert name in err.entry and "one land" in err.reason


def test_a_gap_between_regions_is_refused(scar, doc, tmp_path):
    coast = shapely.union_all([r.polygon for r in scar.regions]).exterior
    inland = next(r for r in scar.regions if not r.polygon.intersects(coast))
    other = scar.region(scar.neighbours(inland.name)[0]).polygon
    shrunk = inland.polygon.difference(other.buffer(3))
    assert shrunk.geom_type == "Polygon"
    _entry(doc, inland.name)["polygon"] = _coords(shrunk)
    err = _refused(doc, tmp_path)
    assert inland.name in err.entry and scar.neighbours(inland.name)[0] in err.entry
    assert "gap" in err.reason


def test_an_unknown_terrain_is_refused(doc, tmp_path):
    name = doc["regions"][0]["name"]
    doc["regions"][0]["terrain"] = "candy"
    err = _refused(doc, tmp_path)
    assert err.entry == f"region '{name}'" and "candy" in err.reason


def test_a_missing_arena_disc_is_refused(doc, tmp_path):
    name = doc["regions"][7]["name"]
    del doc["arena"]["discs"][name]
    err = _refused(doc, tmp_path)
    assert err.entry == f"arena disc '{name}'" and "missing" in err.reason


def test_an_extra_arena_disc_is_refused(doc, tmp_path):
    doc["arena"]["discs"]["Atlantis"] = [400, 400]
    err = _refused(doc, tmp_path)
    assert err.entry == "arena disc 'Atlantis'"


def test_overlapping_arena_discs_are_refused(doc, tmp_path):
    a, b = doc["regions"][0]["name"], doc["regions"][1]["name"]
    x, y = doc["arena"]["discs"][a]
    doc["arena"]["discs"][b] = [x + doc["arena"]["disc_radius"], y]
    err = _refused(doc, tmp_path)
    assert a in err.entry and b in err.entry and "overlap" in err.reason


def test_arena_discs_do_not_overlap_and_neighbours_on_the_ring_mostly_border(scar):
    assert set(scar.arena) == set(scar.names)
    for a in scar.names:
        for b in scar.names:
            if a != b:
                assert Point(scar.arena[a]).distance(Point(scar.arena[b])) >= 2 * scar.disc_radius
    centre = (scar.arena_size[0] / 2, scar.arena_size[1] / 2)
    ring = sorted(scar.names, key=lambda n: math.atan2(scar.arena[n][1] - centre[1], scar.arena[n][0] - centre[0]))
    beside = sum(scar.borders(a, b) for a, b in zip(ring, ring[1:] + ring[:1]))
    assert beside >= len(ring) - 2


def test_unreadable_and_malformed_files_are_refused(tmp_path):
    with pytest.raises(DataError, match="does not exist"):
        load_scar(tmp_path / "nope.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(DataError, match="not valid JSON"):
        load_scar(bad)


def test_region_at_each_label_is_that_region(scar):
    for r in scar.regions:
        assert scar.region_at(*r.label) == r.name
    assert scar.region_at(1, 1) is None
    assert scar.region_at(-50, 9999) is None


def test_region_at_agrees_with_the_polygons(scar):
    for x in range(0, int(scar.size[0]), 37):
        for y in range(0, int(scar.size[1]), 29):
            inside = [r.name for r in scar.regions if r.polygon.contains(Point(x, y))]
            if inside:
                assert scar.region_at(x, y) == inside[0]
            elif not any(r.polygon.intersects(Point(x, y)) for r in scar.regions):
                assert scar.region_at(x, y) is None


def test_home_regions_of_the_real_roster_are_on_the_map(scar):
    validate_home_regions(scar, default_roster().regions)


def test_a_home_region_missing_from_the_map_is_named(scar):
    gone = scar.regions[4].name
    smaller = dataclasses.replace(scar, regions=tuple(r for r in scar.regions if r.name != gone))
    with pytest.raises(DataError) as err:
        validate_home_regions(smaller, default_roster().regions)
    assert err.value.entry == f"region '{gone}'"
    assert err.value.file == scar.source


def test_an_unknown_roster_region_is_named(scar):
    with pytest.raises(DataError, match="Atlantis"):
        validate_home_regions(scar, [*default_roster().regions, "Atlantis"])
