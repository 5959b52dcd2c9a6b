"""Settings → Ledger… against real ledgers: this computer's SQLite file and a throwaway PostgreSQL
cluster (tests/pg.py). Test connection words a wrong URL, a server nobody answers on and refused
credentials without showing the password; a saved club URL reopens the ledger there, and while
the server is down a finished match queues and the status bar counts it until the server is back."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from gui import storage
from gui.kit.ledger_service import ledger_service
from gui.main_window import MainWindow
from tests.gui.drivers.ledger_app import WAIT_MS, LedgerAppDriver
from tests.pg import Cluster, free_port

SECRET = "not-for-your-eyes"


@pytest.fixture(scope="module")
def cluster(tmp_path_factory) -> Iterator[Cluster]:
    cluster = Cluster(tmp_path_factory.mktemp("pg")).start()
    yield cluster
    cluster.stop(remove=True)


@pytest.fixture
def window(qtbot, monkeypatch) -> MainWindow:
    monkeypatch.setenv("BATTLEBOX_LEDGER", "1")
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    monkeypatch.setattr(window, "confirm_discard", lambda: "discard")
    with qtbot.waitSignal(ledger_service().ready, timeout=WAIT_MS):
        window.show()
    return window


def test_this_computer_connects(qtbot, window):
    settings = LedgerAppDriver(window).open_settings()
    assert settings.dialog.findChild(object, "ledgerLocal").isChecked()
    text = settings.test_connection(qtbot)
    assert text == f"Connected to sqlite:///{storage.data_dir() / 'ledger.sqlite3'}: 0 matches and 0 players recorded."
    assert settings.result_role == "ok"


@pytest.mark.parametrize("url, says", [
    ("mysql://club:pw@localhost/club", "a ledger is SQLite or PostgreSQL, not 'mysql'"),
    ("club ledger please", "this is not a ledger URL"),
])
def test_a_wrong_url_is_named(qtbot, window, url, says):
    settings = LedgerAppDriver(window).open_settings()
    settings.use_club(url)
    text = settings.test_connection(qtbot)
    assert text.startswith("Cannot use this ledger: ") and says in text
    assert settings.result_role == "error"


def test_a_ledger_from_a_newer_battlebox_is_named(qtbot, window):
    import sqlite3

    path = storage.data_dir() / "ledger.sqlite3"
    with sqlite3.connect(path) as con:
        con.execute("UPDATE alembic_version SET version_num = '9999'")
    settings = LedgerAppDriver(window).open_settings()
    text = settings.test_connection(qtbot)
    assert text.startswith(f"Cannot use this ledger: {path}: ") and "newer Battlebox" in text
    assert settings.result_role == "error"


def test_a_server_nobody_answers_on_and_refused_credentials_are_said_without_the_password(qtbot, window, cluster):
    settings = LedgerAppDriver(window).open_settings()
    settings.use_club(f"postgresql://battlebox:{SECRET}@127.0.0.1:{free_port()}/club")
    unreachable = settings.test_connection(qtbot)
    assert unreachable.startswith("Cannot use this ledger: postgresql://battlebox:***@127.0.0.1:")
    settings.use_club(cluster.url_for("postgres", password=SECRET))
    refused = settings.test_connection(qtbot)
    assert refused.startswith(f"Cannot use this ledger: postgresql://battlebox:***@127.0.0.1:{cluster.port}/postgres")
    assert SECRET not in unreachable + refused
    assert refused != unreachable


def test_a_club_server_is_used_and_results_queue_while_it_is_down(qtbot, window, cluster):
    from core.match import Match

    url = cluster.create_database("club_app")
    app = LedgerAppDriver(window)
    settings = app.open_settings()
    settings.use_club(url)
    assert settings.test_connection(qtbot).startswith("Connected to postgresql://battlebox:***@")
    service = ledger_service()
    with qtbot.waitSignal(service.ready, timeout=WAIT_MS):
        settings.save()
    assert storage.ledger_url() == url
    assert app.status == "Ledger: club server"
    cluster.stop()
    try:
        match = Match.load("tests/saves/0.1.0/throwdown-3p-finished.battlebox.json")
        with qtbot.waitSignal(service.recorded, timeout=WAIT_MS) as note:
            service.record(match)
        assert note.args[0].queued and note.args[0].text() == "Queued: club server unreachable"
        assert app.status == "Ledger: club server offline, 1 result queued"
    finally:
        cluster.start()
    service.sync()  # what the 30-second retry does
    qtbot.waitUntil(lambda: app.status == "Ledger: club server", timeout=WAIT_MS)
