"""Playing stacks: every construction rule in plain words, the ready stacks, and strict stack files."""
from __future__ import annotations

import json
import os

import pytest

from core.clout.catalogue import default_catalogue
from core.clout.stacks import (STACK_SIZE, Stack, decode_stack, encode_stack, is_legal, load_stack,
                               problems, ready_stacks, require_legal, save_stack, stack_faction,
                               stack_points)
from core.errors import IllegalSetup
from maps.datafile import DataError

CAT = default_catalogue()


def make(*pairs: tuple[str, int], name: str = "") -> Stack:
    chips: list[str] = []
    for cid, n in pairs:
        chips += [cid] * n
    return Stack(name, tuple(chips))


# 15 Elves chips, 2 bases, 14 points: a legal starting point each test breaks one rule of.
LEGAL = make(("elf-heartwood-grove", 1), ("elf-moonwell", 1), ("elf-glade-archer", 3),
             ("elf-kindred-scout", 3), ("elf-thornwarden", 3), ("elf-swift-gale", 2),
             ("elf-treant-watcher", 2))


def swap(stack: Stack, old: str, new: str, times: int = 1) -> Stack:
    chips = list(stack.chips)
    for _ in range(times):
        chips[chips.index(old)] = new
    return Stack(stack.name, tuple(chips))


def test_the_reference_stack_is_legal():
    assert len(LEGAL.chips) == STACK_SIZE and stack_points(LEGAL) == 14
    assert problems(LEGAL) == [] and is_legal(LEGAL)
    assert stack_faction(LEGAL) == "elves"
    require_legal(LEGAL)


def test_ready_stacks_are_legal_two_per_starter_pairing():
    ready = ready_stacks()
    assert len(ready) == 4
    for key, stack in ready.items():
        assert problems(stack) == [], key
        assert stack.name
    factions = sorted(stack_faction(s) for s in ready.values())
    assert factions == ["centaurs", "elves", "goblins", "undead"]


@pytest.mark.parametrize("n", [0, 1, 14])
def test_too_few_chips(n):
    stack = Stack("", LEGAL.chips[:2] + LEGAL.chips[2:n]) if n >= 2 else Stack("", LEGAL.chips[:n])
    found = problems(stack)
    assert f"A stack has exactly 15 chips; this one has {n} (add {15 - n})" in found


def test_too_many_chips():
    stack = Stack("", LEGAL.chips + ("elf-windrider",))
    assert problems(stack) == ["A stack has exactly 15 chips; this one has 16 (remove 1)"]


def test_at_most_three_copies_of_a_chip():
    stack = swap(LEGAL, "elf-thornwarden", "elf-glade-archer")
    assert problems(stack) == ["Glade Archer: 4 copies; a stack may hold at most 3 of any chip"]
    assert problems(swap(LEGAL, "elf-thornwarden", "elf-windrider", 3)) == []


def test_unique_chips_at_most_one_copy():
    one = swap(LEGAL, "elf-thornwarden", "elf-lorekeeper")
    assert problems(one) == []
    two = swap(LEGAL, "elf-thornwarden", "elf-lorekeeper", 2)
    assert problems(two) == ["Lorekeeper has Unique, so a stack may hold only 1 copy; this one has 2"]


def test_one_faction_only():
    stack = swap(swap(LEGAL, "elf-thornwarden", "und-wraith", 2), "elf-kindred-scout", "cen-outrider")
    found = problems(stack)
    assert found == ["The chips come from 3 factions (Elves: Heartwood Grove, Moonwell, Glade Archer ×3, "
                     "Kindred Scout ×2, Thornwarden, Swift Gale ×2, Treant Watcher ×2; Centaurs: Outrider; "
                     "Undead: Wraith ×2); a stack is one faction plus up to 2 neutral chips"]
    assert stack_faction(stack) is None


def test_up_to_two_neutral_chips():
    two = swap(swap(LEGAL, "elf-thornwarden", "neu-sellsword"), "elf-swift-gale", "neu-boulder")
    assert problems(two) == [] and stack_faction(two) == "elves"
    three = swap(two, "elf-thornwarden", "neu-sellsword")
    assert problems(three) == ["3 neutral chips (Sellsword ×2, Boulder); a stack may hold at most 2"]


def test_at_most_25_points():
    rich = swap(swap(LEGAL, "elf-swift-gale", "elf-starsong-sentinel", 2), "elf-thornwarden", "elf-windrider", 3)
    assert stack_points(rich) == 14 + 6 + 3
    richer = swap(swap(rich, "elf-kindred-scout", "elf-lorekeeper"), "elf-glade-archer", "elf-treant-watcher")
    assert stack_points(richer) == 26
    assert problems(richer) == ["The chips are worth 26 points; a stack may be worth at most 25 (1 too many)"]
    assert problems(swap(richer, "elf-glade-archer", "elf-swift-gale")) == []


def test_exactly_two_bases():
    one = swap(LEGAL, "elf-moonwell", "elf-windrider")
    assert problems(one) == ["A stack has exactly 2 bases; this one has 1 (Heartwood Grove)"]
    three = swap(LEGAL, "elf-thornwarden", "elf-moonwell")
    assert problems(three) == ["A stack has exactly 2 bases; this one has 3 (Heartwood Grove, Moonwell ×2)"]
    none = swap(swap(LEGAL, "elf-moonwell", "elf-swift-gale"), "elf-heartwood-grove", "elf-windrider")
    assert "A stack has exactly 2 bases; this one has 0" in problems(none)


def test_unknown_chip_is_named():
    stack = swap(LEGAL, "elf-thornwarden", "elf-dragon-king")
    assert problems(stack)[0] == "'elf-dragon-king' is not a chip in the catalogue; remove it"


def test_every_broken_rule_is_listed_at_once():
    chips = ["neu-young-dragon"] * 2 + ["neu-sellsword"] * 4 + ["und-lich"] * 2 + ["elf-moonwell"]
    found = problems(chips)
    assert found[0] == "A stack has exactly 15 chips; this one has 9 (add 6)"
    assert "Young Dragon has Unique, so a stack may hold only 1 copy; this one has 2" in found
    assert "Sellsword: 4 copies; a stack may hold at most 3 of any chip" in found
    assert any(t.startswith("The chips come from 2 factions") for t in found)
    assert "6 neutral chips (Young Dragon ×2, Sellsword ×4); a stack may hold at most 2" in found
    assert "The chips are worth 22 points; a stack may be worth at most 25 (-3 too many)" not in found
    assert found[-1] == "A stack has exactly 2 bases; this one has 1 (Moonwell)"
    assert "Lich has Unique, so a stack may hold only 1 copy; this one has 2" in found
    assert len(found) == 7


def test_casual_stacks_check_only_size_and_unique():
    mixed = ["und-wraith"] * 5 + ["cen-herd-captain"] * 1 + ["neu-boulder"] * 9
    assert problems(mixed, casual=True) == []
    assert problems(mixed)
    assert problems(mixed[:-1], casual=True) == ["A stack has exactly 15 chips; this one has 14 (add 1)"]
    two_unique = mixed[:-1] + ["cen-herd-captain"]
    assert problems(two_unique, casual=True) == [
        "Herd Captain has Unique, so a stack may hold only 1 copy; this one has 2"]


def test_require_legal_gives_every_reason():
    with pytest.raises(IllegalSetup) as err:
        require_legal(Stack("Mine", LEGAL.chips[:14] + ("elf-lorekeeper", "elf-lorekeeper")), CAT)
    assert str(err.value) == ("Mine cannot start a game: A stack has exactly 15 chips; this one has 16 "
                              "(remove 1); Lorekeeper has Unique, so a stack may hold only 1 copy; "
                              "this one has 2")
    require_legal(Stack("Mine", LEGAL.chips[:14] + ("und-lich",)), casual=True)


# --- files -----------------------------------------------------------------------------------

def test_round_trip(tmp_path):
    stack = Stack("Forest Ambush", LEGAL.chips)
    path = tmp_path / "sub" / "forest.cfstack.json"
    save_stack(path, stack)
    assert load_stack(path) == stack
    assert sorted(os.listdir(path.parent)) == ["forest.cfstack.json"]  # no temp file left behind
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == "battlebox-clout-stack" and doc["version"] == 1
    assert doc["chips"].count("elf-glade-archer") == 3


def test_illegal_stack_is_saved_and_loaded_as_is(tmp_path):
    half = Stack("Half built", ("und-lich", "und-lich", "cen-outrider"))
    save_stack(tmp_path / "half.json", half)
    assert load_stack(tmp_path / "half.json") == half


def test_saving_over_a_file_replaces_it(tmp_path):
    path = tmp_path / "s.json"
    save_stack(path, Stack("a", ("und-lich",)))
    save_stack(path, LEGAL)
    assert load_stack(path) == LEGAL


def _doc(**changes) -> bytes:
    doc = json.loads(encode_stack(Stack("S", ("und-lich", "und-wraith"))))
    doc.update(changes)
    return json.dumps(doc).encode()


@pytest.mark.parametrize("data,entry,reason", [
    (b"", None, "the file is empty"),
    (b"{not json", "line 1", "not valid JSON"),
    (b"[1, 2]", "format", "not a Clout Fantasy stack"),
    (_doc(format="battlebox-save"), "format", "not a Clout Fantasy stack"),
    (_doc(version=2), "version", "format version 2 was made by a newer Battlebox"),
    (_doc(version="1"), "version", "no valid version number"),
    (_doc(colour="red"), "colour", "unknown field 'colour'"),
    (_doc(chips="und-lich"), "chips", "Expected 'array'"),
    (_doc(chips=["und-lich", 3]), "chips[1]", "Expected 'str'"),
    (_doc(chips=["und-lich", "und-vampire"]), "chips[1]", "unknown chip 'und-vampire'"),
    (_doc(name=None), "name", "Expected 'str'"),
])
def test_strict_decode_names_the_entry(data, entry, reason):
    with pytest.raises(DataError) as err:
        decode_stack(data, "my.cfstack.json")
    assert err.value.file == "my.cfstack.json"
    assert err.value.entry == entry, str(err.value)
    assert reason in err.value.reason, str(err.value)


def test_load_errors_for_missing_file_and_folder(tmp_path):
    with pytest.raises(DataError, match="does not exist"):
        load_stack(tmp_path / "nope.json")
    with pytest.raises(DataError, match="a folder"):
        load_stack(tmp_path)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (300 * 1024))
    with pytest.raises(DataError, match="too large"):
        load_stack(big)
