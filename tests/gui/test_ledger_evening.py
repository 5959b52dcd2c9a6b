"""A club evening with the ledger (issue 15): a Throwdown finished in the window is recorded, shows in the
Club ledger's history, opens as a replay; a jump to a step and "Continue from here" start a what-if, which
is finished and recorded too, and the league table changes."""
from __future__ import annotations

import random

import msgspec
import pytest
from PySide6.QtWidgets import QSlider

from core.game import CHANCE, PlayerSetup
from core.match import Match
from gui.kit.ledger_service import ledger_service
from tests.gui.drivers.ledger_window import LedgerWindowDriver
from tests.gui.drivers.window import WindowDriver, new_window

pytestmark = pytest.mark.gui

WAIT_MS = 60_000  # a loaded 2-core machine; the condition, not the time, is what is tested


def finish_through_controller(window, seed: int) -> None:
    """Play the window's match to its end by random legal moves through its controller (as gestures do)."""
    rng = random.Random(seed)
    controller = window.controller
    while not controller.match.is_over:
        if controller.match.actor == CHANCE:
            assert controller.play_chance()
        else:
            assert controller.apply(controller.match.random_action(rng))


def league(driver: LedgerWindowDriver) -> dict[str, tuple[str, str]]:
    """player -> (played, rating) as the league table shows them."""
    names = driver.column("leagueTable", "Player")
    return dict(zip(names, zip(driver.column("leagueTable", "Played"), driver.column("leagueTable", "Rating"))))


@pytest.fixture
def service(monkeypatch):
    """The app's ledger service, on for this test (a ledger in the test's data folder), closed after."""
    monkeypatch.delenv("BATTLEBOX_LEDGER", raising=False)
    service = ledger_service()
    yield service
    service.shutdown()


def test_finish_see_it_replay_it_continue_from_a_step_and_the_league_changes(qtbot, monkeypatch, tmp_path, service):
    window = new_window(qtbot, monkeypatch, tmp_path / "evening.battlebox.json")
    qtbot.waitUntil(lambda: service.opened, timeout=WAIT_MS)

    base = Match.new("throwdown", seed=11)
    setup = msgspec.structs.replace(base.setup, players=(PlayerSetup("Ann", "#b91c1c"), PlayerSetup("Bob", "#1d4ed8")))
    assert window.start_new_game("throwdown", setup, seed=11)
    with qtbot.waitSignal(service.recorded, timeout=WAIT_MS) as recorded:
        finish_through_controller(window, seed=1)
    assert recorded.args[0].added and not recorded.args[0].queued
    finished = list(window.match.actions)

    ledger_window = WindowDriver(window).menu_action("Tools", "Club ledger…")
    ledger_window.trigger()
    lw = window.ledger_window
    driver = LedgerWindowDriver(lw, qtbot)
    driver.settle()
    assert not window.errors
    assert {name: played for name, (played, _r) in league(driver).items()} == {"Ann": "1", "Bob": "1"}
    before = league(driver)

    driver.tab("History")
    (row,) = driver.rows("historyTable")
    assert "Ann" in row[2] and "Bob" in row[2] and row[1].startswith("Throwdown")
    driver.click_row("historyTable", 0, double=True)
    qtbot.waitUntil(lambda: window.controller is not None and window.controller.replaying, timeout=WAIT_MS)
    assert not window.errors
    replayed = window.controller
    steps = replayed.replay.steps
    assert list(replayed.replay.at(steps).actions) == finished  # the very match played tonight

    slider = window.findChild(QSlider, "timelineSlider")
    slider.setValue(steps // 2)
    assert replayed.step == steps // 2 and not replayed.match.is_over
    WindowDriver(window).click("continueHere", on_screen=True, enabled=True)
    assert not window.controller.replaying and window.match.steps == steps // 2
    with qtbot.waitSignal(service.recorded, timeout=WAIT_MS) as recorded:
        finish_through_controller(window, seed=2)
    assert recorded.args[0].added

    driver.settle()
    driver.tab("League")
    after = league(driver)
    assert {name: played for name, (played, _r) in after.items()} == {"Ann": "2", "Bob": "2"}
    assert after != before
    driver.tab("History")
    assert len(driver.rows("historyTable")) == 2
