"""The bundled roster (GAME-DATA.md facts) and the validation of edited roster files."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from core.errors import DataError
from core.fistful.roster import Fighter, default_roster, load_roster, parse_roster

ROSTER_FILE = Path(__file__).resolve().parents[2] / "resources" / "fistful" / "roster.json"
KNOWN_REGIONS = ("Sub-0", "Portal", "Azure", "Molobog", "Mar")


@pytest.fixture
def doc() -> dict:
    return json.loads(ROSTER_FILE.read_text(encoding="utf-8"))


def write(tmp_path: Path, doc: dict) -> Path:
    path = tmp_path / "roster.json"
    path.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    return path


def test_bundled_roster_counts():
    r = default_roster()
    assert len(r.sculpts) == 48
    assert len(r.regions) == len(set(r.regions)) == 12
    assert [f.id for f in r.finishes] == ["hyper", "crystal", "shadow"]
    assert [f.name for f in r.finishes] == ["Hyper", "Crystal", "Shadow"]
    assert len(r.fighters) == len(set(r.fighters)) == 144
    assert len(r.warlords) == 3
    assert {s.value for s in r.sculpts.values()} == {1, 2, 3, 4}
    assert Counter(s.region for s in r.sculpts.values()) == {region: 4 for region in r.regions}


def test_bundled_roster_is_the_file_load_roster_reads():
    assert load_roster().sculpts == default_roster().sculpts
    assert load_roster(ROSTER_FILE).sculpts == default_roster().sculpts


@pytest.mark.parametrize("sculpt, region, value", [
    ("skwall", "Sub-0", 2), ("frost", "Sub-0", None), ("gregor", "Portal", 2),
    ("tremmor", "Azure", 2), ("mantorr", "Molobog", None),
])
def test_known_fighters_keep_their_regions_and_values(sculpt, region, value):
    s = default_roster().sculpts[sculpt]
    assert s.region == region
    assert s.name == sculpt.capitalize()
    if value is not None:
        assert s.value == value
        assert s.invented is False
    else:
        assert "value" in s.invented  # value unknown in public sources: must be labelled invented


def test_known_regions_are_not_invented_and_the_other_seven_are(doc):
    invented = {r["name"]: r["invented"] for r in doc["regions"]}
    assert [name for name, inv in invented.items() if not inv] == list(KNOWN_REGIONS)
    assert sum(1 for inv in invented.values() if inv is True) == 7


def test_invented_entries_are_labelled():
    known = {"skwall", "frost", "gregor", "tremmor", "mantorr"}
    r = default_roster()
    for sid, s in r.sculpts.items():
        if sid in known:
            assert s.invented is False or s.invented == ("value",), sid
        else:
            assert s.invented is True, sid
    xar = [w for w in r.warlords if w.name == "Xar"]
    assert len(xar) == 1 and xar[0].invented == ("value",)
    assert all(w.invented is True for w in r.warlords if w.name != "Xar")


def test_shadow_skwall_gregor_tremmor_are_worth_six_together():
    r = default_roster()
    trio = [Fighter(s, "shadow") for s in ("skwall", "gregor", "tremmor")]
    assert [r.name(f) for f in trio] == ["Shadow Skwall", "Shadow Gregor", "Shadow Tremmor"]
    assert sum(r.value(f) for f in trio) == 6


def test_value_belongs_to_the_sculpt_not_the_finish():
    r = default_roster()
    for sid in r.sculpts:
        assert len({r.value(Fighter(sid, f.id)) for f in r.finishes}) == 1


# --- validation of edited copies ---------------------------------------------------------

def expect_error(tmp_path: Path, doc: dict, *words: str) -> DataError:
    path = write(tmp_path, doc)
    with pytest.raises(DataError) as err:
        load_roster(path)
    text = str(err.value)
    assert str(path) in text
    for w in words:
        assert w in text, text
    return err.value


def test_a_valid_edited_copy_loads(tmp_path, doc):
    doc["sculpts"][0]["value"] = 4
    r = load_roster(write(tmp_path, doc))
    assert r.sculpts["skwall"].value == 4
    assert r.source == str(tmp_path / "roster.json")


@pytest.mark.parametrize("value", [0, 5, "2", 2.5, True])
def test_wrong_value(tmp_path, doc, value):
    doc["sculpts"][3]["value"] = value
    err = expect_error(tmp_path, doc, "sculpts[3]", "rimefang", "value")
    assert err.entry and "rimefang" in err.entry


def test_unknown_region(tmp_path, doc):
    doc["sculpts"][5]["region"] = "Atlantis"
    expect_error(tmp_path, doc, "sculpts[5]", "warpling", "Atlantis")


def test_missing_field(tmp_path, doc):
    del doc["sculpts"][7]["name"]
    expect_error(tmp_path, doc, "sculpts[7]", "nexa", "missing field 'name'")


def test_duplicate_id(tmp_path, doc):
    doc["sculpts"][10]["id"] = "skwall"
    expect_error(tmp_path, doc, "sculpts[10]", "skwall", "twice")


def test_bad_json_names_the_line(tmp_path):
    path = tmp_path / "roster.json"
    text = ROSTER_FILE.read_text(encoding="utf-8").splitlines()
    line = next(i for i, t in enumerate(text) if '"id": "gregor"' in t)
    text[line] = text[line].rstrip(",")  # drop the comma after the id
    path.write_text("\n".join(text), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_roster(path)
    assert str(path) in str(err.value)
    assert f"line {line + 2}:" in str(err.value)  # the next line (1-based) lacks the comma before it
    assert "JSON" in str(err.value)


def test_eleven_regions(tmp_path, doc):
    doc["regions"].pop()
    expect_error(tmp_path, doc, "regions", "12 regions", "11")


def test_duplicate_region(tmp_path, doc):
    doc["regions"][11]["name"] = "Mar"
    expect_error(tmp_path, doc, "Mar", "twice")


def test_wrong_number_of_sculpts(tmp_path, doc):
    doc["sculpts"].pop()
    expect_error(tmp_path, doc, "48 sculpts", "47")


def test_wrong_finishes(tmp_path, doc):
    doc["finishes"][2]["id"] = "gold"
    expect_error(tmp_path, doc, "finishes", "three finishes")


def test_bad_throw_probability(tmp_path, doc):
    doc["sculpts"][0]["throw"] = {"back": 0.9, "standing": 0.2}
    expect_error(tmp_path, doc, "skwall", "exceed 1")


def test_per_sculpt_throw_override_is_read(tmp_path, doc):
    doc["sculpts"][0]["throw"] = {"back": 0.5, "standing": 0.1}
    s = load_roster(write(tmp_path, doc)).sculpts["skwall"]
    assert (s.back, s.standing) == (0.5, 0.1)


def test_missing_file_names_it(tmp_path):
    path = tmp_path / "nope.json"
    with pytest.raises(DataError, match="nope.json"):
        load_roster(path)


def test_parse_roster_rejects_a_non_object():
    with pytest.raises(DataError, match="custom.json"):
        parse_roster([], "custom.json")
