"""A referee's figures: the ruling's facts and sentence, the reach table both ways, the
numbers of same-named chips, and the warnings for overlapping and off-area chips."""
from __future__ import annotations

import pytest

from core.clout.catalogue import default_catalogue
from core.clout.layout import Layout, LayoutPhoto, PlayerSlot
from core.clout.ruling import (
    Referee,
    Verdict,
    chip_labels,
    display_numbers,
    layout_warnings,
    ruling_sentence,
    warning_lines,
)
from maps.clout.areas import load_area

CAT = default_catalogue()
AREA = load_area("standard")  # range increment 5 cm
JPEG = b"\xff\xd8\xff\xe0" + b"\0" * 16 + b"\xff\xd9"


def table(gap_cm: float = 9.7) -> tuple[Layout, dict[str, str]]:
    """Two Grave Creepers (range 2), a Treant Watcher `gap_cm` past the second, a Windrider (Fly)."""
    layout = Layout()
    ids = {}
    for key, chip, owner, x, y in (("gc1", "und-grave-creepers", 0, 10, 50), ("gc2", "und-grave-creepers", 0, 30, 50),
                                   ("tw", "elf-treant-watcher", 1, 34 + gap_cm, 50), ("wr", "elf-windrider", 1, 30, 60)):
        layout, ids[key] = layout.place(chip, owner, x, y)
    return layout, ids


def with_photo(layout: Layout, uncertainty_mm: float) -> Layout:
    return layout.with_photo(LayoutPhoto.of(JPEG, 400, 300, uncertainty_mm=uncertainty_mm))


def test_the_issue_s_sentence_with_its_figures():
    layout, ids = table(9.7)
    r = Referee(layout, CAT, AREA).rule(ids["gc2"], ids["tw"])
    assert r.verdict is Verdict.REACHES
    assert r.distance_cm == pytest.approx(9.7) and r.reach_cm == pytest.approx(10.0)
    assert r.margin_mm == pytest.approx(3.0)
    assert ruling_sentence(r) == ("Grave Creepers #2 reaches Treant Watcher: 9.7 cm edge to edge, "
                                  "reach 10.0 cm (range 2 x 5 cm), 3 mm to spare.")


def test_short_by_millimetres_and_the_exact_limit_reaches():
    layout, ids = table(10.2)
    r = Referee(layout, CAT, AREA).rule(ids["gc2"], ids["tw"])
    assert r.verdict is Verdict.SHORT and r.margin_mm == pytest.approx(-2.0)
    assert ruling_sentence(r).startswith("Grave Creepers #2 does not reach Treant Watcher: 10.2 cm")
    assert ruling_sentence(r).endswith("2 mm short.")
    layout, ids = table(10.0)
    assert Referee(layout, CAT, AREA).rule(ids["gc2"], ids["tw"]).verdict is Verdict.REACHES


def test_both_directions_differ_with_fly():
    layout, ids = table()
    ref = Referee(layout, CAT, AREA)
    there = ref.rule(ids["gc2"], ids["wr"])  # 6 cm gap, +5 cm for the Windrider's Fly: 11 > 10
    back = ref.rule(ids["wr"], ids["gc2"])  # the flyer measures the plain 6 cm
    assert there.fly_cm == 5.0 and there.verdict is Verdict.SHORT and there.margin_mm == pytest.approx(-10.0)
    assert "(+5.0 cm for Windrider's Fly)" in ruling_sentence(there)
    assert back.fly_cm == 0 and back.verdict is Verdict.REACHES and back.margin_mm == pytest.approx(40.0)


def test_too_close_to_call_only_with_a_photo_and_within_twice_its_uncertainty():
    layout, ids = table(9.92)  # 0.8 mm to spare
    assert Referee(layout, CAT, AREA).rule(ids["gc2"], ids["tw"]).verdict is Verdict.REACHES
    close = Referee(with_photo(layout, 0.6), CAT, AREA).rule(ids["gc2"], ids["tw"])
    assert close.verdict is Verdict.TOO_CLOSE and close.uncertainty_mm == 0.6
    assert ruling_sentence(close) == ("Too close to call whether Grave Creepers #2 reaches Treant Watcher: "
                                      "9.92 cm edge to edge, reach 10.0 cm (range 2 x 5 cm), 0.8 mm to spare, "
                                      "within the photo's ±0.6 mm x 2.")
    short = Referee(with_photo(table(10.1)[0], 0.6), CAT, AREA).rule(ids["gc2"], ids["tw"])
    assert short.verdict is Verdict.TOO_CLOSE and "1 mm short" in ruling_sentence(short)
    clear = Referee(with_photo(table(9.7)[0], 0.6), CAT, AREA).rule(ids["gc2"], ids["tw"])
    assert clear.verdict is Verdict.REACHES  # 3 mm > 1.2 mm


def test_handicap_increment_and_support_lengthen_reach():
    layout, ids = table(12.0)
    layout = layout.with_player(0, PlayerSlot("Ann", "#112233", 6.0))
    r = Referee(layout, CAT, AREA).rule(ids["gc2"], ids["tw"])
    assert r.increment_cm == 6.0 and r.reach_cm == pytest.approx(12.0) and r.verdict is Verdict.REACHES
    layout, ids = table(14.0)
    layout, _ = layout.place("elf-moonwell", 0, 30, 40)  # support 1 for the owner's chips in its range
    r = Referee(layout, CAT, AREA).rule(ids["gc2"], ids["tw"])
    assert r.support == 1 and r.range_units == 3 and r.verdict is Verdict.REACHES
    assert "(range 3 x 5 cm, support +1)" in ruling_sentence(r)


def test_same_names_are_numbered_in_layout_order():
    layout, ids = table()
    numbers = display_numbers(layout, CAT)
    assert numbers[ids["gc1"]] == 1 and numbers[ids["gc2"]] == 2 and numbers[ids["tw"]] is None
    layout = layout.remove(ids["gc1"])
    assert chip_labels(layout, CAT)[ids["gc2"]] == "Grave Creepers"


def test_reach_table_lists_every_ordered_pair_within_reach_with_what_it_allows():
    layout, ids = table()
    rows = Referee(layout, CAT, AREA).reach_table()
    pairs = {(r.a, r.b) for r in rows}
    assert pairs == {(ids["gc2"], ids["tw"]), (ids["tw"], ids["gc2"]), (ids["wr"], ids["gc2"])}
    by = {(r.a, r.b): r for r in rows}
    treant = by[(ids["tw"], ids["gc2"])]
    assert [a.label() for a in treant.allows] == ["Strike 1 vs D1", "Ambush 2 vs D1"]
    assert [a.label() for a in by[(ids["gc2"], ids["tw"])].allows] == ["Stop"]


def test_an_attack_too_weak_says_it_fails():
    layout, a = Layout().place("elf-treant-watcher", 0, 20, 20)
    layout, b = layout.place("und-risen-champion", 1, 28, 20)  # defense 3 against strike 1
    r = Referee(layout, CAT, AREA).rule(a, b)
    assert r.verdict is Verdict.REACHES
    assert [x.label() for x in r.allows] == ["Strike 1 vs D3 (fails)", "Ambush 2 vs D3 (fails)"]


def test_warnings_overlaps_and_chips_off_the_area():
    layout, a = Layout().place("gob-raider", 0, 50, 50)
    layout, b = layout.place("gob-raider", 1, 52.5, 50)
    layout, c = layout.place("gob-slinger", 0, 99.0, 20)
    layout, d = layout.place("gob-slinger", 0, 103.0, 20)
    layout, e = layout.place("gob-slinger", 0, 10, 10)
    w = layout_warnings(layout, AREA)
    assert [(o.a, o.b) for o in w.overlaps] == [(a, b)]
    assert w.overlaps[0].depth_mm == pytest.approx(15.0)
    assert w.partly_off == (c,) and w.off_area == (d,) and w.count() == 3
    lines = warning_lines(w, chip_labels(layout, CAT))
    assert lines == ["Goblin Raider #1 and Goblin Raider #2 overlap by 15 mm",
                     "Slinger #1 hangs over the area's edge (still in play)",
                     "Slinger #2 lies off the area (out of play)"]
    assert not layout_warnings(layout.remove(b).remove(c).remove(d), AREA)


def test_reach_table_stops_at_its_limit_and_agrees_with_pairwise_rulings():
    import random

    rnd = random.Random(3)
    layout = Layout()
    for k in range(40):
        layout, _ = layout.place(rnd.choice(["elf-windrider", "und-grave-creepers", "elf-moonwell", "gob-slinger"]),
                                 k % 2, rnd.uniform(0, 100), rnd.uniform(0, 100))
    ref = Referee(layout, CAT, AREA)
    every = {(r.a, r.b) for r in ref.reach_table(limit=10_000)}
    want = {(a.id, b.id) for a in layout.chips for b in layout.chips
            if a.id != b.id and ref.rule(a.id, b.id).verdict is not Verdict.SHORT}
    assert every == want and len(every) > 10
    assert len(ref.reach_table(limit=10)) == 10
