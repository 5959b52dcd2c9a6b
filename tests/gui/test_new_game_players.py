"""New Game offers the ledger's registered players in every name field; choosing one fills their
colour (unless that colour is kept for something else in the game). A real SQLite ledger."""
from __future__ import annotations

import pytest

from core.match import Match
from gui import storage
from gui.kit.ledger_service import ledger_service
from gui.new_game import NewGameDialog
from tests.gui.drivers.ledger_app import WAIT_MS, ledger_at, offered_names, pick_registered


@pytest.fixture
def service(qtbot):
    folder = storage.data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    with ledger_at(folder) as led:
        led.add_player("Annika", "#1d4ed8")
        led.add_player("Hannah", "#15803d")
        led.add_player("Bo", "#b91c1c")
    service = ledger_service()
    with qtbot.waitSignal(service.ready, timeout=WAIT_MS):
        service.open()
    return service


def test_every_name_field_offers_the_registered_players_and_a_choice_fills_the_colour(qtbot, service):
    dialog = NewGameDialog("throwdown")
    qtbot.addWidget(dialog)
    dialog.show()
    assert offered_names(dialog, 1, "ann") == ["Annika", "Hannah"]  # anywhere in the name, any case
    pick_registered(dialog, 1, "ann", "Hannah")
    assert dialog.name_edits[1].text() == "Hannah"
    assert dialog.colour_buttons[1].colour == "#15803d"
    assert dialog.setup_data()["players"][1] == {"name": "Hannah", "colour": "#15803d"}
    assert dialog.colour_buttons[0].colour != "#15803d"  # the other seats keep theirs


def test_a_new_name_is_offered_once_its_match_is_recorded(qtbot, service):
    assert "Player 2" not in [p.name for p in service.players_cache]
    match = Match.load("tests/saves/0.1.0/throwdown-3p-finished.battlebox.json")
    with qtbot.waitSignal(service.players_changed, timeout=WAIT_MS):
        service.record(match)
    dialog = NewGameDialog("throwdown")
    qtbot.addWidget(dialog)
    assert "Player 2" in offered_names(dialog, 0, "player")
