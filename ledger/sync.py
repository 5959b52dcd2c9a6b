"""A ledger that never loses a result: a club server when it answers, a local queue when not.

A club's PostgreSQL server can be down, asleep or out of Wi-Fi range while a match ends. The
save (the whole result: the ledger replays it) then waits in a small SQLite file beside the
settings, one committed row per result, and `sync()` sends the rows oldest first. A row is
deleted only after the server confirmed it; if the confirmation is lost the row is sent again
and the match id de-duplicates it, so a result is never lost and never counted twice.

A SQLite ledger is already local: there is no queue, its errors go straight to the caller.
"""
from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ledger.errors import LedgerError
from ledger.identity import read_save

if TYPE_CHECKING:
    from ledger.rows import Recorded
    from ledger.store import Ledger

QUEUE_FILE = "ledger-queue.sqlite3"
_SCHEMA = """CREATE TABLE IF NOT EXISTS queue (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    save BLOB NOT NULL,
    finished_at TEXT,
    source TEXT NOT NULL DEFAULT '',
    queued_at TEXT NOT NULL)"""
# A result the server refused (it could not have been recorded anyway): kept, never resent.
_REFUSED = """CREATE TABLE IF NOT EXISTS refused (
    id INTEGER PRIMARY KEY,
    save BLOB NOT NULL,
    finished_at TEXT,
    source TEXT NOT NULL DEFAULT '',
    queued_at TEXT NOT NULL,
    reason TEXT NOT NULL)"""


class Queued(NamedTuple):
    """A result kept locally until the server answers; `pending` counts the queue with it,
    `reason` is why the server did not take it (its error)."""

    match_id: str
    pending: int
    reason: str


class SyncReport(NamedTuple):
    """What one `sync()` did: `error` is why it stopped early (server down, a refused result)."""

    sent: int
    pending: int
    error: str | None


class SyncStatus(NamedTuple):
    """The facts the app words for its status bar."""

    kind: str  # "sqlite" or "postgresql"
    online: bool
    pending: int
    error: str | None


def url_kind(url: str) -> str:
    """"sqlite" for a local file, else "postgresql": a URL that does not even parse queues too,
    so a result is kept until the setting is put right."""
    from ledger.db import kind_of

    try:
        return kind_of(url)
    except LedgerError:
        return "postgresql"


class SyncingLedger:
    """One per app (or command): opens the ledger lazily and reopens it after the server dropped.

    Thread-safe: the app calls it from its worker thread, a sync may run from a timer; one lock
    serialises them because a SQLAlchemy session and a sync are not shared across threads.
    """

    def __init__(self, url: str, *, queue_path: Path | None = None, backup_dir: Path | None = None) -> None:
        self.url = url
        self.kind = url_kind(url)
        self.queue_path = queue_path if self.kind == "postgresql" else None
        self.backup_dir = backup_dir
        self._ledger: Ledger | None = None
        self._online = False
        self._error: str | None = None
        self._lock = threading.RLock()

    # --- the ledger itself ---------------------------------------------------------------
    @property
    def ledger(self) -> Ledger:
        """The open ledger; LedgerUnreachable (or another LedgerError) when it cannot be opened."""
        with self._lock:
            if self._ledger is None:
                from ledger.store import Ledger

                try:
                    self._ledger = Ledger.open(self.url, backup_dir=self.backup_dir)
                except LedgerError as e:
                    self._went_down(e)
                    raise
                self._online, self._error = True, None
            return self._ledger

    @property
    def online(self) -> bool:
        """Whether the last contact with the ledger succeeded (never waits for the network)."""
        return self._online

    @property
    def last_error(self) -> str | None:
        return self._error

    def status(self) -> SyncStatus:
        return SyncStatus(self.kind, self._online, self.pending(), self._error)

    def close(self) -> None:
        with self._lock:
            if self._ledger is not None:
                self._ledger.close()
                self._ledger = None
            self._online = False

    def _went_down(self, e: LedgerError) -> None:
        self._online, self._error = False, str(e)
        if self._ledger is not None:
            try:
                self._ledger.close()
            except Exception:  # a dead connection may fail to close; it is dropped either way
                pass
            self._ledger = None

    # --- recording -----------------------------------------------------------------------
    def record(self, save: bytes, finished_at: datetime | None = None, source: str = "") -> Recorded | Queued:
        """Record a finished match, or queue it when the server is out of reach.

        A save the ledger refuses (unfinished, broken) raises LedgerError; queuing it would only
        postpone the refusal, so an offline save is checked here first by replaying it.
        """
        with self._lock:
            if self.queue_path is None:
                return self.ledger.record(save, finished_at=finished_at, source=source)
            if self.pending():
                self.sync()  # the older results go first while the server answers
            if self._online or not self.pending():
                try:
                    recorded = self.ledger.record(save, finished_at=finished_at, source=source)
                except LedgerError as e:
                    if _refuses_save(e, source):
                        raise
                    self._went_down(e)  # the server's trouble (gone, credentials, full...): keep it
                else:
                    self._online, self._error = True, None
                    return recorded
            facts = read_save(save, source or "<save>", finished_at)  # refuses a broken or unfinished save
            pending = self._enqueue(save, finished_at, source)
            return Queued(facts.match_id, pending, self._error or "")

    def pending(self) -> int:
        """Results waiting in the local queue (0 for a SQLite ledger)."""
        if self.queue_path is None or not self.queue_path.exists():
            return 0
        with self._queue() as db:
            return int(db.execute("SELECT COUNT(*) FROM queue").fetchone()[0])

    def refused(self) -> list[tuple[str, str]]:
        """(source, reason) of queued results the server refused: kept in the queue file, not resent."""
        if self.queue_path is None or not self.queue_path.exists():
            return []
        with self._queue() as db:
            return [(s, r) for s, r in db.execute("SELECT source, reason FROM refused ORDER BY id")]

    def sync(self) -> SyncReport:
        """Send the queue oldest first; stop at the first unreachable server (nothing is lost).

        With nothing queued it still asks the server (a tiny query), so `online` is fresh for the
        status bar even when only reads failed since the last record.
        """
        with self._lock:
            if self.queue_path is None:
                return SyncReport(0, 0, None)
            if not self.pending():
                try:
                    self.ledger.matches(limit=1)
                except LedgerError as e:
                    self._went_down(e)
                    return SyncReport(0, 0, str(e))
                self._online, self._error = True, None
                return SyncReport(0, 0, None)
            sent = 0
            error: str | None = None
            with self._queue() as db:
                rows = db.execute("SELECT id, save, finished_at, source, queued_at FROM queue "
                                  "ORDER BY id").fetchall()
                for row_id, save, finished, source, queued_at in rows:
                    try:
                        # A save without its own finish time finished when it was queued.
                        self.ledger.record(bytes(save), finished_at=_parse_time(finished or queued_at),
                                           source=source)
                    except LedgerError as e:
                        error = str(e)
                        if not _refuses_save(e, source):  # the server's trouble: retry later
                            self._went_down(e)
                            break
                        with db:
                            db.execute("INSERT OR REPLACE INTO refused VALUES (?, ?, ?, ?, ?, ?)",
                                       (row_id, save, finished, source, queued_at, str(e)))
                            db.execute("DELETE FROM queue WHERE id = ?", (row_id,))
                        continue
                    with db:
                        db.execute("DELETE FROM queue WHERE id = ?", (row_id,))
                    sent += 1
                pending = int(db.execute("SELECT COUNT(*) FROM queue").fetchone()[0])
            if error is None:
                self._online, self._error = True, None
            return SyncReport(sent, pending, error)

    # --- the queue file ------------------------------------------------------------------
    @contextmanager
    def _queue(self) -> Iterator[sqlite3.Connection]:
        """A short-lived connection: the app's threads and a command line may share the file."""
        assert self.queue_path is not None
        self.queue_path.parent.mkdir(parents=True, exist_ok=True)
        try:
            db = sqlite3.connect(self.queue_path, timeout=10, isolation_level="DEFERRED")
        except sqlite3.Error as e:
            raise LedgerError(str(self.queue_path), f"cannot open the offline queue ({e})") from None
        try:
            db.execute(_SCHEMA)
            db.execute(_REFUSED)
            yield db
        except sqlite3.Error as e:
            raise LedgerError(str(self.queue_path), f"the offline queue failed ({e})") from None
        finally:
            db.close()

    def _enqueue(self, save: bytes, finished_at: datetime | None, source: str) -> int:
        with self._queue() as db:
            with db:  # one committed transaction per result
                db.execute("INSERT INTO queue (save, finished_at, source, queued_at) VALUES (?, ?, ?, ?)",
                           (save, _format_time(finished_at), source, _format_time(datetime.now(timezone.utc))))
            return int(db.execute("SELECT COUNT(*) FROM queue").fetchone()[0])


def _refuses_save(e: LedgerError, source: str) -> bool:
    """The ledger names the save when the save itself is refused, and itself when it failed."""
    return e.where == (source or "<save>")


def _format_time(moment: datetime | None) -> str | None:
    """UTC ISO text; a naive time is local, as the ledger reads one (a file's mtime)."""
    return None if moment is None else moment.astimezone(timezone.utc).isoformat()


def _parse_time(text: str) -> datetime:
    return datetime.fromisoformat(text)
