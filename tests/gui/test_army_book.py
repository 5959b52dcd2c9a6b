"""The army builder's shortcuts: a random legal army, last game's army, saved named armies (the army book)."""
from __future__ import annotations

import json

import pytest

from core.fistful import army_book
from core.fistful.battles import ARMY_SIZE, ChooseArmy
from gui.fistful.pickers import army_book_path
from tests.gui.drivers.fistful import battle_page
from tests.gui.test_battle_view import make_view

pytestmark = pytest.mark.gui


def army_phase(qtbot, **kw):
    view = make_view(qtbot, "all-out-war", **kw)
    driver = battle_page(view)
    driver.reveal_curtain()
    assert view.page == "army"
    return view, driver


def test_a_random_legal_army_is_one_click_and_the_same_for_the_same_game(qtbot):
    view, driver = army_phase(qtbot, seed=11)
    driver.random_army()
    first = view.army_builder.selection
    assert len(first) == ARMY_SIZE and not view.game.army_problems(first)
    assert view.army_builder.confirm.isEnabled()
    driver.random_army()
    assert view.army_builder.selection != first, "each press deals a new army"
    again, again_driver = army_phase(qtbot, seed=11)
    again_driver.random_army()
    assert again.army_builder.selection == first, "the match's seed makes the random army repeatable"
    driver.confirm_army()
    assert isinstance(view.match.actions[-1], ChooseArmy) and len(view.match.actions[-1].fighters) == ARMY_SIZE


def test_same_as_last_game_takes_the_seats_last_confirmed_army(qtbot):
    view, driver = army_phase(qtbot)
    assert not view.army_builder.last_button.isEnabled()
    assert "No army recorded for Player 1" in view.army_builder.last_button.toolTip()
    driver.random_army()
    played = view.army_builder.selection
    driver.confirm_army()
    driver.reveal_curtain()  # Player 2 has no last army
    assert not view.army_builder.last_button.isEnabled()

    later, later_driver = army_phase(qtbot, seed=99)
    later_driver.same_as_last_game()
    assert later.army_builder.selection == played
    book = json.loads(army_book_path().read_text())
    assert book["format"] == army_book.FORMAT and book["seats"][0]["player"] == "Player 1"


def test_an_army_is_saved_by_name_chosen_from_the_list_and_deleted(qtbot):
    view, driver = army_phase(qtbot)
    fighters = view.roster.fighters
    driver.pick_army(fighters[:ARMY_SIZE])
    driver.save_army_as("Cheap crystals")
    assert driver.saved_armies() == ["Cheap crystals"]
    assert "Saved as" in driver.army_book_note()
    driver.random_army()
    driver.save_army_as("Lucky")
    assert driver.saved_armies() == ["Cheap crystals", "Lucky"]

    driver.choose_saved_army("Cheap crystals")
    assert view.army_builder.selection == tuple(fighters[:ARMY_SIZE])
    driver.delete_saved_army("Cheap crystals")
    assert driver.saved_armies() == ["Lucky"]
    assert army_book.read_book(army_book_path(), view.roster).seats[0].saved[0].name == "Lucky"


def test_an_unfinished_army_or_a_nameless_one_cannot_be_saved(qtbot):
    view, driver = army_phase(qtbot)
    driver.pick_army(view.roster.fighters[:3])
    assert not view.army_builder.save_button.isEnabled()
    assert "Choose 15 fighters" in view.army_builder.save_button.toolTip()
    driver.random_army()
    assert not view.army_builder.save_button.isEnabled()
    assert "name" in view.army_builder.save_button.toolTip()


def test_a_broken_army_book_is_reported_left_alone_and_the_builder_still_works(qtbot):
    path = army_book_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    broken = b'{"format": "battlebox-army-book", "version": 1, "seats": [{"player": "Anna", "last": 3}]}'
    path.write_bytes(broken)
    view, driver = army_phase(qtbot)
    note = driver.army_book_note()
    assert "cannot be read" in note and str(path) in note and "seats[0].last" in note
    assert not view.army_builder.save_button.isEnabled() and not view.army_builder.saved_combo.isEnabled()
    driver.random_army()
    driver.confirm_army()
    assert isinstance(view.match.actions[-1], ChooseArmy)
    assert path.read_bytes() == broken, "the bad file is not overwritten"
