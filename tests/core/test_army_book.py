"""The army book: legal random armies, last and saved armies per player, and a strict, atomic file."""
from __future__ import annotations

import json

import pytest

from core.fistful import army_book as ab
from core.fistful.battle_state import ARMY_SIZE
from core.fistful.roster import default_roster
from maps.datafile import DataError

ROSTER = default_roster()


def test_a_random_army_is_legal_and_the_same_for_the_same_seed():
    a = ab.random_army(ROSTER, "42:0:1")
    assert len(a) == ARMY_SIZE and not ab.army_problems(ROSTER, a)
    assert ab.random_army(ROSTER, "42:0:1") == a
    assert ab.random_army(ROSTER, "42:0:2") != a


def test_last_and_saved_armies_are_kept_per_player():
    one, two = ab.random_army(ROSTER, 1), ab.random_army(ROSTER, 2)
    book = ab.with_last(ab.ArmyBook(), "Anna", one)
    book = ab.with_saved(book, "Anna", "  Shadows  ", two)
    book = ab.with_saved(book, "Ben", "Shadows", one)
    assert ab.seat(book, "anna ").last == one
    assert [(a.name, a.fighters) for a in ab.seat(book, "Anna").saved] == [("Shadows", two)]
    assert ab.seat(book, "Ben").last == () and ab.seat(book, "Ben").saved[0].fighters == one
    book = ab.with_saved(book, "Anna", "shadows", one)  # the same name replaces
    assert [(a.name, a.fighters) for a in ab.seat(book, "Anna").saved] == [("shadows", one)]
    book = ab.without_saved(book, "Anna", "SHADOWS")
    assert ab.seat(book, "Anna").saved == () and ab.seat(book, "Anna").last == one
    assert ab.seat(book, "Carl") == ab.SeatBook("Carl")


def test_a_registered_player_is_found_by_id_not_name():
    army = ab.random_army(ROSTER, 3)
    book = ab.with_last(ab.ArmyBook(), "Anna", army, player_id="p-17")
    assert ab.seat(book, "Anna B.", player_id="p-17").last == army
    assert ab.seat(book, "Anna").last == ()


def test_a_name_must_be_given():
    with pytest.raises(ValueError, match="name"):
        ab.with_saved(ab.ArmyBook(), "Anna", "   ", ab.random_army(ROSTER, 1))


def test_the_file_round_trips_and_a_missing_file_is_an_empty_book(tmp_path):
    path = tmp_path / ab.FILE_NAME
    assert ab.read_book(path, ROSTER) == ab.ArmyBook()
    book = ab.with_saved(ab.with_last(ab.ArmyBook(), "Anna", ab.random_army(ROSTER, 1)), "Anna", "Mine",
                         ab.random_army(ROSTER, 2))
    ab.write_book(path, book)
    doc = json.loads(path.read_text())
    assert doc["format"] == ab.FORMAT and doc["version"] == ab.VERSION
    assert ab.read_book(path, ROSTER) == book
    assert [p.name for p in tmp_path.iterdir()] == [ab.FILE_NAME]  # no temp file left behind


def doc_with(**seat):
    return {"format": ab.FORMAT, "version": 1, "seats": [{"player": "Anna", **seat}]}


@pytest.mark.parametrize("doc, entry, words", [
    (doc_with(saved=[{"name": "Few", "fighters": [["skwall", "hyper"]]}]), "seats[0].saved[0] 'Few'",
     "exactly 15"),
    (doc_with(last=[["nobody", "hyper"]] * 15), "seats[0].last", "not a legal army"),
    (doc_with(colour="red"), None, "unknown field"),
    ({"format": ab.FORMAT, "version": 9, "seats": []}, "version", "newer Battlebox"),
    ({"format": "something else", "version": 1}, "format", "not a Battlebox army book"),
])
def test_a_broken_file_is_refused_naming_the_file_and_the_entry(tmp_path, doc, entry, words):
    path = tmp_path / ab.FILE_NAME
    path.write_text(json.dumps(doc))
    with pytest.raises(DataError) as e:
        ab.read_book(path, ROSTER)
    assert str(path) in str(e.value) and words in str(e.value)
    if entry:
        assert e.value.entry == entry


def test_two_armies_of_one_name_are_refused(tmp_path):
    army = [list(f) for f in [(f.sculpt, f.finish) for f in ab.random_army(ROSTER, 1)]]
    path = tmp_path / ab.FILE_NAME
    path.write_text(json.dumps(doc_with(saved=[{"name": "A", "fighters": army}, {"name": "a", "fighters": army}])))
    with pytest.raises(DataError, match="two armies called"):
        ab.read_book(path, ROSTER)
