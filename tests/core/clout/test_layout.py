"""The layout document: edits are pure, files round-trip, broken files name file and entry."""
from __future__ import annotations

import json
import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.clout.catalogue import default_catalogue
from core.clout.layout import (
    DEFAULT_PLAYERS,
    FORMAT,
    Layout,
    PlayerSlot,
    chips_in_range_of,
    load_layout,
    save_layout,
    score_layout,
    to_json,
)
from maps.clout.areas import load_area
from maps.datafile import DataError


def sample() -> Layout:
    layout = Layout().with_player(1, PlayerSlot("Marge", "#8e24aa", 7.5))
    layout, _ = layout.place("treant-watcher", 0, 20.0, 30.0)
    layout, b = layout.place("questing-warrior", 1, 28.5, 31.25)
    layout, _ = layout.place("questing-warrior", 1, 70.0, 12.0)
    return layout.move(b, 27.0, 33.0)


def test_edits_return_new_layouts_and_leave_the_old_one_alone():
    empty = Layout()
    one, cid = empty.place("grave-creepers", 0, 10, 10)
    assert empty.chips == ()
    assert [c.id for c in one.chips] == [cid]
    moved = one.move(cid, 50, 60)
    assert (one.chip(cid).x_cm, one.chip(cid).y_cm) == (10, 10)
    assert (moved.chip(cid).x_cm, moved.chip(cid).y_cm) == (50, 60)
    assert moved.remove(cid).chips == ()
    assert moved.set_owner(cid, 1).chip(cid).owner == 1


def test_ids_stay_unique_after_removals():
    layout, a = Layout().place("x", 0, 1, 1)
    layout, b = layout.place("x", 0, 2, 2)
    layout = layout.remove(a)
    layout, c = layout.place("x", 1, 3, 3)
    assert c not in (a, b)
    assert len({chip.id for chip in layout.chips}) == len(layout.chips) == 2


@pytest.mark.parametrize("owner", [-1, 2, True, 0.0])
def test_a_chip_belongs_to_player_0_or_1(owner):
    with pytest.raises(ValueError):
        Layout().place("x", owner, 1, 1)


def test_bad_player_slots_are_refused():
    with pytest.raises(ValueError, match="colour"):
        Layout().with_player(0, PlayerSlot("A", "purple"))
    with pytest.raises(ValueError, match="increment"):
        Layout().with_player(0, PlayerSlot("A", "#112233", 0.0))
    with pytest.raises(ValueError, match="name"):
        Layout().with_player(0, PlayerSlot("  ", "#112233"))


def test_increment_falls_back_to_the_area_default():
    layout = sample()
    assert layout.increment_cm(0, 5.0) == 5.0
    assert layout.increment_cm(1, 5.0) == 7.5


def test_save_and_load_give_the_same_layout(tmp_path):
    path = tmp_path / "dispute.clout-layout.json"
    layout = sample()
    save_layout(layout, path)
    assert load_layout(path) == layout
    assert json.loads(path.read_text())["format"] == FORMAT
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


@given(st.lists(st.tuples(st.integers(0, 1), st.floats(-50, 250), st.floats(-50, 250)), max_size=12))
def test_any_layout_round_trips_through_json(entries):
    layout = Layout()
    for owner, x, y in entries:
        layout, _ = layout.place("chip", owner, x, y)
    from core.clout.layout import parse_layout

    assert parse_layout(json.loads(to_json(layout)), "mem") == layout


def write(tmp_path, doc, name="bad.json"):
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc))
    return path


def good_doc() -> dict:
    return json.loads(to_json(sample()))


def load_error(tmp_path, doc, **known) -> DataError:
    path = write(tmp_path, doc)
    with pytest.raises(DataError) as info:
        load_layout(path, **known)
    assert str(path) in str(info.value)
    return info.value


def test_not_json(tmp_path):
    err = load_error(tmp_path, '{"format": "battlebox-clout-layout",')
    assert "not valid JSON" in err.reason


def test_missing_file_is_named(tmp_path):
    with pytest.raises(DataError, match="missing.json"):
        load_layout(tmp_path / "missing.json")


def test_wrong_format_marker(tmp_path):
    doc = good_doc()
    doc["format"] = "battlebox-save"
    assert load_error(tmp_path, doc).entry == "format"


def test_newer_version(tmp_path):
    doc = good_doc()
    doc["version"] = 99
    assert "newer Battlebox" in load_error(tmp_path, doc).reason


def test_unknown_top_level_field(tmp_path):
    doc = good_doc()
    doc["turn"] = 3
    err = load_error(tmp_path, doc)
    assert err.entry == "top level" and "turn" in err.reason


def test_unknown_chip_field_names_the_chip(tmp_path):
    doc = good_doc()
    doc["chips"][1]["z_cm"] = 0
    err = load_error(tmp_path, doc)
    assert err.entry == "chips[1] 'c2'" and "z_cm" in err.reason


def test_wrong_type_names_chip_and_field(tmp_path):
    doc = good_doc()
    doc["chips"][2]["x_cm"] = "70"
    err = load_error(tmp_path, doc)
    assert err.entry == "chips[2] 'c3'" and "x_cm" in err.reason


def test_owner_out_of_range(tmp_path):
    doc = good_doc()
    doc["chips"][0]["owner"] = 2
    assert load_error(tmp_path, doc).entry == "chips[0] 'c1'"


def test_duplicate_ids(tmp_path):
    doc = good_doc()
    doc["chips"][2]["id"] = "c1"
    err = load_error(tmp_path, doc)
    assert err.entry == "chips[2] 'c1'" and "twice" in err.reason


def test_unknown_chip_and_area_when_the_catalogue_is_given(tmp_path):
    err = load_error(tmp_path, good_doc(), known_chips={"treant-watcher"})
    assert err.entry == "chips[1] 'c2'" and "questing-warrior" in err.reason
    err = load_error(tmp_path, good_doc(), known_areas={"round-rug"})
    assert err.entry == "area"


def test_player_slots_are_checked(tmp_path):
    doc = good_doc()
    doc["players"] = doc["players"][:1]
    assert load_error(tmp_path, doc).entry == "players"
    doc = good_doc()
    doc["players"][1]["colour"] = "red"
    assert load_error(tmp_path, doc).entry == "players[1] 'Marge'"


def test_defaults_are_two_distinct_players():
    assert len(DEFAULT_PLAYERS) == 2
    assert DEFAULT_PLAYERS[0].colour != DEFAULT_PLAYERS[1].colour


# --- ranges and the simple score ------------------------------------------------------------

CAT = default_catalogue()
AREA = load_area("standard")
SCORING = ("loyal", "disloyal", "trap", "possess", "support", "fly")


def plain(kind: str, min_range: int = 0):
    """A chip of that type with no ability that changes ranges or scores."""
    return next(c for c in CAT if c.type == kind and c.range >= min_range and not any(c.has(a) for a in SCORING))


def with_ability(name: str, kind: str = "troop"):
    return next(c for c in CAT if c.has(name) and c.type == kind
                and not any(c.has(a) for a in SCORING if a != name))


def lay(*chips) -> Layout:
    layout = Layout()
    for chip, owner, x, y in chips:
        layout, _ = layout.place(chip.id, owner, x, y)
    return layout


def test_points_and_base_bonus_at_most_one():
    base, troop = plain("base", 1), plain("troop")
    layout = lay((base, 0, 30, 30), (base, 0, 38, 30), (troop, 0, 34, 36), (troop, 1, 90, 90))
    score = score_layout(layout, CAT, AREA)
    # Two bases in range of each other earn each other the bonus; the troop gets +1 once.
    assert score.chips["c3"].base_bonus == 1 and score.chips["c3"].total == troop.points + 1
    assert score.chips["c1"].base_bonus == 1
    assert score.totals == (2 * (base.points + 1) + troop.points + 1, troop.points)


def test_a_base_does_not_earn_its_own_bonus_nor_an_opponent_base_one():
    base, troop = plain("base", 1), plain("troop")
    layout = lay((base, 0, 30, 30), (troop, 1, 36, 30))
    score = score_layout(layout, CAT, AREA)
    assert score.chips["c1"].base_bonus == 0 and score.chips["c2"].base_bonus == 0


def test_loyal_and_disloyal():
    loyal, disloyal, troop = with_ability("loyal"), with_ability("disloyal"), plain("troop")
    layout = lay((loyal, 0, 20, 20), (troop, 0, 25, 20), (disloyal, 1, 70, 70), (troop, 0, 75, 70), (troop, 0, 70, 75))
    score = score_layout(layout, CAT, AREA)
    assert score.chips["c1"].loyalty == 1
    assert score.chips["c3"].loyalty == -2
    assert score.chips["c3"].total == max(0, disloyal.points - 2)


def test_actions_and_chips_off_the_area_do_not_score_but_are_named():
    action, troop = plain("action"), plain("troop")
    layout = lay((action, 0, 50, 50), (troop, 1, -10, 50))
    score = score_layout(layout, CAT, AREA)
    assert score.chips == {} and score.totals == (0, 0)
    assert any(action.name in n and "action" in n for n in score.unscored)
    assert any(troop.name in n and "outside" in n for n in score.unscored)


def test_the_score_is_the_games_own_support_lengthens_loyal():
    scout, moonwell, troop = CAT.chip("elf-kindred-scout"), CAT.chip("elf-moonwell"), plain("troop")
    gap = scout.range * 5 + 2  # out of the Scout's own range, in with Support 1
    alone = lay((scout, 0, 30, 30), (troop, 0, 30 + 4 + gap, 30))
    assert score_layout(alone, CAT, AREA).chips["c1"].loyalty == 0
    supported = lay((scout, 0, 30, 30), (troop, 0, 30 + 4 + gap, 30), (moonwell, 0, 30, 40))
    assert score_layout(supported, CAT, AREA).chips["c1"].loyalty == 1


def test_unscored_abilities_are_named():
    trap = with_ability("trap", "relic")
    score = score_layout(lay((trap, 0, 50, 50)), CAT, AREA)
    assert any("Trap is not scored yet" in n for n in score.unscored)


def test_in_range_counts_fly_against_a_chip_without_fly():
    watcher = plain("troop", 2)
    flyer = with_ability("fly")
    gap = watcher.range * 5 - 2  # in reach on the ground, out with the extra increment of fly
    layout = lay((watcher, 0, 30, 30), (flyer, 1, 30 + 4 + gap, 30), (flyer, 0, 30, 30 + 4 + gap))
    assert chips_in_range_of(layout, "c1", CAT, AREA) == ["c3"]


def test_absurd_layouts_are_refused(tmp_path):
    doc = json.loads(to_json(sample()))
    for change, entry, reason in (
        (lambda d: d["chips"].extend(dict(d["chips"][0], id=f"c{100 + i}") for i in range(1001)), "chips", "at most"),
        (lambda d: d["chips"][0].update(x_cm=1e300), "chips[0] 'c1'", "within"),
        (lambda d: d["players"][0].update(increment_cm=1e12), "players[0]", "increment_cm"),
    ):
        broken = json.loads(json.dumps(doc))
        change(broken)
        path = tmp_path / "absurd.json"
        path.write_text(json.dumps(broken), encoding="utf-8")
        with pytest.raises(DataError) as err:
            load_layout(path)
        assert err.value.file == str(path)
        assert entry in (err.value.entry or ""), str(err.value)
        assert reason in err.value.reason, str(err.value)


# --- version 2: stacks and the photo ---------------------------------------------------------
JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 60 + b"\xff\xd9"


def with_photo() -> Layout:
    from core.clout.layout import LayoutPhoto

    photo = LayoutPhoto.of(JPEG, 2000, 1333, corners_px=((10.5, 12.0), (1990.0, 15.0), (1980.0, 1320.0), (20.0, 1310.0)),
                           uncertainty_mm=0.6, focal_35mm=28.0)
    layout = sample().with_photo(photo)
    return layout.with_player(0, PlayerSlot("Ann", "#1e88e5", stack=("treant-watcher", "questing-warrior")))


def test_a_photo_and_stacks_round_trip(tmp_path):
    path = tmp_path / "photo.clout-layout.json"
    layout = with_photo()
    save_layout(layout, path)
    back = load_layout(path)
    assert back == layout and back.photo is not None and back.photo.jpeg() == JPEG
    assert back.uncertainty_mm() == 0.6 and Layout().uncertainty_mm() == 0.0
    assert json.loads(path.read_text())["version"] == 2


def test_a_release_0_1_0_layout_still_opens():
    from pathlib import Path

    path = Path(__file__).parents[2] / "saves" / "0.1.0" / "club-table.clout-layout.json"
    assert json.loads(path.read_text())["version"] == 1
    layout = load_layout(path, known_chips=default_catalogue().chips)
    assert len(layout.chips) == 7 and layout.photo is None
    assert all(p.stack == () for p in layout.players) and layout.players[1].increment_cm == 12.0


@pytest.mark.parametrize("field, value, words", [
    ("jpeg_base64", "not base64!", "not base64"),
    ("jpeg_base64", "aGVsbG8=", "not a JPEG"),
    ("width_px", 0, "size"),
    ("corners_px", [[1, 2], [3, 4]], "4 corners"),
    ("uncertainty_mm", -1, "uncertainty_mm"),
    ("top_px", [1, "x"], "top_px"),
])
def test_a_broken_photo_is_refused_by_name(tmp_path, field, value, words):
    doc = json.loads(to_json(with_photo()))
    doc["photo"][field] = value
    err = load_error(tmp_path, doc)
    assert err.entry == "photo" and words in err.reason


def test_an_unknown_chip_in_a_stack_is_named(tmp_path):
    doc = json.loads(to_json(with_photo()))
    doc["players"][0]["stack"].append("no-such-chip")
    err = load_error(tmp_path, doc, known_chips={"treant-watcher", "questing-warrior"})
    assert "stack" in err.entry and "no-such-chip" in err.reason
