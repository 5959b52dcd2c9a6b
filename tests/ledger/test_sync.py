"""SyncingLedger's contract: local SQLite has no queue; a server's results wait in the queue file
(surviving a restart of the app) until the server takes them; a result the server refuses is
set aside, never resent and never lost."""
from __future__ import annotations

import sqlite3

import pytest

from ledger.db import default_url
from ledger.errors import LedgerAuthError, LedgerError
from ledger.sync import Queued, SyncingLedger
from tests.ledger.finished import finished_save


def test_a_sqlite_ledger_records_directly_without_a_queue(tmp_path):
    sl = SyncingLedger(default_url(tmp_path), queue_path=tmp_path / "queue.sqlite3", backup_dir=tmp_path)
    try:
        first = sl.record(finished_save(1))
        assert first.added and not sl.record(finished_save(1)).added
        assert sl.status() == ("sqlite", True, 0, None)
        assert sl.sync() == (0, 0, None)
        assert not (tmp_path / "queue.sqlite3").exists()
        with pytest.raises(LedgerError, match="not finished"):
            sl.record(finished_save(2, finished=False))
    finally:
        sl.close()


def test_a_sqlite_ledger_that_cannot_open_raises_instead_of_queuing(tmp_path):
    (tmp_path / "a-file").write_text("not a folder")
    sl = SyncingLedger(default_url(tmp_path / "a-file"), queue_path=tmp_path / "q.sqlite3")
    with pytest.raises(LedgerError):
        sl.record(finished_save(1))
    assert not sl.online and sl.pending() == 0 and sl.last_error


def test_results_queue_while_the_credentials_are_wrong_and_land_once_they_are_right(pg_cluster, tmp_path):
    """A wrong password is put right in Settings: the results kept meanwhile are sent then,
    and the queue file outlives the app (a new SyncingLedger finds them)."""
    url = pg_cluster.create_database("sync_creds")
    queue = tmp_path / "queue.sqlite3"
    wrong = SyncingLedger(pg_cluster.url_for("sync_creds", password="wrong"), queue_path=queue)
    assert isinstance(wrong.record(finished_save(1)), Queued)
    assert isinstance(wrong.record(finished_save(2)), Queued)
    assert not wrong.online and wrong.pending() == 2
    assert "password" in (wrong.last_error or "") and "wrong" not in (wrong.last_error or "").split("@")[0]
    with pytest.raises(LedgerAuthError):
        wrong.ledger

    right = SyncingLedger(url, queue_path=queue)
    try:
        assert right.pending() == 2
        assert right.sync() == (2, 0, None)
        assert len(right.ledger.matches()) == 2
    finally:
        right.close()


def test_a_refused_result_is_set_aside_and_the_rest_still_sync(fresh_pg_url, tmp_path):
    """A queue written by another release may hold a save this one refuses: it must not block
    the queue, nor vanish."""
    queue = tmp_path / "queue.sqlite3"
    sl = SyncingLedger(fresh_pg_url, queue_path=queue)
    try:
        sl._enqueue(finished_save(1), None, "one")  # the queue as another process left it
        sl._enqueue(b'{"format": "battlebox-save"}', None, "broken.json")
        sl._enqueue(finished_save(2), None, "two")
        report = sl.sync()
        assert (report.sent, report.pending) == (2, 0)
        assert report.error
        assert [s for s, _ in sl.refused()] == ["broken.json"]
        with sqlite3.connect(queue) as db:
            assert db.execute("SELECT save FROM refused").fetchone()[0] == b'{"format": "battlebox-save"}'
        assert len(sl.ledger.matches()) == 2
    finally:
        sl.close()


def test_an_unparsable_url_keeps_results_queued(tmp_path):
    """A typo in Settings must not lose the evening's results."""
    sl = SyncingLedger("club-server:5432", queue_path=tmp_path / "queue.sqlite3")
    assert isinstance(sl.record(finished_save(3)), Queued)
    assert sl.pending() == 1 and not sl.online and sl.last_error
