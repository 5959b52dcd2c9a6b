"""The club server goes down mid-evening: results queue locally, and after the restart one sync
lands them all, each exactly once. A real PostgreSQL cluster of its own (this test stops it)."""
from __future__ import annotations

import threading
from datetime import datetime, timezone

import pytest

from ledger.errors import LedgerError, LedgerUnreachable
from ledger.sync import Queued, SyncingLedger
from tests.ledger.finished import finished_save, finished_saves, without_finish_time
from tests.pg import Cluster


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    c = Cluster(tmp_path_factory.mktemp("pg-offline")).start()
    yield c
    c.stop(remove=True)


def test_results_queue_while_the_server_is_down_and_sync_once_it_is_back(cluster, tmp_path):
    url = cluster.create_database("offline")
    sl = SyncingLedger(url, queue_path=tmp_path / "queue.sqlite3", backup_dir=tmp_path)
    saves = finished_saves(range(12))
    try:
        for save in saves[:4]:
            assert sl.record(save).added
        assert sl.online and sl.pending() == 0

        cluster.stop()
        queued = [sl.record(save, source=f"seed {i}") for i, save in enumerate(saves[4:10], start=4)]
        assert all(isinstance(q, Queued) for q in queued)
        assert [q.pending for q in queued] == [1, 2, 3, 4, 5, 6]
        assert all(q.reason == sl.last_error for q in queued)
        status = sl.status()
        assert (status.kind, status.online, status.pending) == ("postgresql", False, 6)
        assert status.error and "127.0.0.1" in status.error and "battlebox-test-pw" not in status.error
        with pytest.raises(LedgerUnreachable):
            sl.ledger
        # Queuing a save the server would refuse only postpones the refusal: refused at once.
        with pytest.raises(LedgerError, match="not finished"):
            sl.record(finished_save(5, finished=False), source="half.battlebox.json")
        with pytest.raises(LedgerError, match="cannot be recorded"):
            sl.record(b"{not json", source="junk.json")
        assert sl.pending() == 6
        report = sl.sync()
        assert (report.sent, report.pending) == (0, 6) and report.error

        cluster.start()
        # The server stored this one before going down, but its confirmation was lost: the
        # queue still holds it, and the match id keeps it from counting twice.
        lost_ack = saves[6]
        assert sl.ledger.record(lost_ack).added
        report = sl.sync()
        assert report == (6, 0, None)
        assert sl.online and sl.pending() == 0 and sl.last_error is None
        for save in saves[10:]:  # and recording goes straight to the server again
            assert sl.record(save).added

        matches = sl.ledger.matches(game="throwdown")
        ids = [m.id for m in matches]
        assert len(ids) == len(set(ids)) == 12
        assert {q.match_id for q in queued} <= set(ids)
        assert sorted(sl.ledger.save_bytes(i) for i in ids) == sorted(saves)
    finally:
        if not cluster.running:
            cluster.start()
        sl.close()


def test_a_queued_result_is_sent_with_the_next_and_keeps_the_time_it_was_queued(cluster, tmp_path):
    """Recording while results wait sends the queue too (first). An older release's save (no finish
    time of its own) finished when it was queued, not when the server came back."""
    url = cluster.create_database("order")
    sl = SyncingLedger(url, queue_path=tmp_path / "queue.sqlite3")
    try:
        cluster.stop()
        before = datetime.now(timezone.utc)
        assert isinstance(sl.record(without_finish_time(finished_save(300))), Queued)
        after = datetime.now(timezone.utc)
        cluster.start()
        recorded = sl.record(finished_save(101))
        assert recorded.added and sl.pending() == 0
        matches = {m.id: m for m in sl.ledger.matches()}
        assert len(matches) == 2 and matches.pop(recorded.match_id)
        [old] = matches.values()
        assert before <= old.finished_at <= after
    finally:
        if not cluster.running:
            cluster.start()
        sl.close()


def test_sync_with_nothing_queued_still_tells_whether_the_server_answers(cluster, tmp_path):
    """The status bar must not say "club server" for an hour after the server went away."""
    sl = SyncingLedger(cluster.create_database("probe"), queue_path=tmp_path / "queue.sqlite3")
    try:
        assert sl.sync() == (0, 0, None) and sl.online
        cluster.stop()
        report = sl.sync()
        assert report.error and not sl.online and sl.status().error == report.error
        cluster.start()
        assert sl.sync() == (0, 0, None) and sl.online and sl.last_error is None
    finally:
        if not cluster.running:
            cluster.start()
        sl.close()


def test_the_server_stopping_while_results_stream_in_loses_none(cluster, tmp_path):
    """The stop lands while matches are being recorded (one may be mid-transaction), and the
    restart while more arrive: each result is recorded or queued, and after a sync every one
    is there exactly once."""
    url = cluster.create_database("stream")
    sl = SyncingLedger(url, queue_path=tmp_path / "queue.sqlite3")
    saves = finished_saves(range(200, 230))
    stopper = threading.Thread(target=cluster.stop)
    starter = threading.Thread(target=cluster.start)
    queued = 0
    try:
        for i, save in enumerate(saves):
            if i == 5:
                stopper.start()
            if i == 15:
                stopper.join()  # from here on the server is down for certain
            if i == 20:
                starter.start()
            queued += isinstance(sl.record(save), Queued)
        starter.join()
        assert queued >= 5
        while sl.pending():
            assert sl.sync().error is None
        ids = [m.id for m in sl.ledger.matches()]
        assert len(ids) == len(set(ids)) == len(saves)
    finally:
        for t in (stopper, starter):
            if t.is_alive():
                t.join()
        if not cluster.running:
            cluster.start()
        sl.close()
