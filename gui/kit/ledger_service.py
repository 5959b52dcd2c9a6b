"""The app's one ledger: opened after the first paint, used only on one worker thread, in order.

SQLAlchemy costs 210-290 ms to import, and a club server may take seconds to answer, so the UI
thread never touches the ledger: every piece of ledger work is a function queued on a pool of
exactly one thread (SQLite connections belong to the thread that made them, and one thread keeps
the work in the order it was asked), and its answer comes back on the UI thread through a relay
(the pattern of gui/kit/game_view.py's computer searches). The status bar's text follows every
job: each reports where the ledger stands (this computer, the club server, offline with results
queued, or an error) as it ends.
"""
from __future__ import annotations

import itertools
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from PySide6.QtCore import QCoreApplication, QObject, QRunnable, QThreadPool, QTimer, Signal

from gui import storage

if TYPE_CHECKING:
    from core.match import Match
    from ledger.store import PlayerRow
    from ledger.sync import SyncingLedger

# "0": the app neither opens the ledger after the first paint nor records finished matches by itself
# (the test command's default: a test that wants the ledger sets "1" or calls `open()`).
ENV_LEDGER = "BATTLEBOX_LEDGER"
RETRY_MS = 30_000  # while results wait for the club server, or it does not answer
SHUTDOWN_WAIT_MS = 5_000


class LedgerClosed(Exception):
    """Ledger work asked for while no ledger is open (it failed to open, or is opening elsewhere)."""


class Status(NamedTuple):
    """Where the ledger stands, as the status bar says it."""

    state: str  # off | opening | local | club | offline | error
    where: str = ""  # the URL without its password
    pending: int = 0  # results queued for the club server
    error: str = ""

    def text(self) -> str:
        base = {"off": "Ledger: off", "opening": "Ledger: opening…", "local": "Ledger: this computer",
                "club": "Ledger: club server", "offline": "Ledger: club server offline",
                "error": "Ledger: error"}[self.state]
        if self.pending:
            base += f", {self.pending} result{'s' if self.pending != 1 else ''} queued"
        return base

    def tip(self) -> str:
        if self.state == "error":
            return self.error
        if self.state == "offline":
            return (f"{self.where} cannot be reached. Finished matches wait on this computer and are sent "
                    "when it answers again (tried every 30 seconds).")
        return self.where


class RecordNote(NamedTuple):
    """A finished match handed to the ledger: recorded (`added` False: it was already there) or queued."""

    match: Any  # the Match that was recorded: a view compares it with its own
    match_id: str
    queued: bool
    added: bool

    def text(self) -> str:
        if self.queued:
            return "Queued: club server unreachable"
        if not self.added:
            return "Already in the ledger"
        if getattr(self.match, "reseats", ()):
            return "Recorded in the ledger, not rated: a seat changed hands"
        return "Recorded in the ledger"


class _Worker:
    """What the worker thread holds: only jobs (which run there, one at a time) touch it."""

    def __init__(self) -> None:
        self.ledger: SyncingLedger | None = None
        self.url = self.where = self.error = ""
        self.folder: Path | None = None

    def require(self) -> SyncingLedger:
        if self.ledger is None:
            raise LedgerClosed(f"The ledger is not open{': ' + self.error if self.error else '.'}")
        return self.ledger

    def close(self) -> None:
        if self.ledger is not None:
            ledger, self.ledger = self.ledger, None
            try:
                ledger.close()
            except Exception:  # noqa: BLE001 (closing a broken connection must not stop a reopen)
                pass

    def snapshot(self) -> Status:
        if self.ledger is None:
            return Status("error", self.where, 0, self.error) if self.error else Status("opening", self.where)
        try:
            st = self.ledger.status()
        except Exception as e:  # noqa: BLE001 (said in the status bar)
            return Status("error", self.where, 0, message(e))
        if st.online:
            return Status("local" if st.kind == "sqlite" else "club", self.where, st.pending)
        if st.kind == "sqlite":
            return Status("error", self.where, 0, st.error or f"{self.where}: the ledger is not open")
        return Status("offline", self.where, st.pending, st.error or "")

    def players(self) -> list[PlayerRow] | None:
        """The registry for New Game; None while the club server is down (keep the last list)."""
        if self.ledger is None or not self.ledger.online:
            return None
        try:
            return list(self.ledger.ledger.players(include_computers=False))
        except Exception:  # noqa: BLE001 (gone since: New Game keeps the names it had)
            return None


def message(e: BaseException) -> str:
    """A ledger error's own sentence (it names what and where); never a traceback."""
    from_ledger = type(e).__module__.startswith("ledger.") or isinstance(e, LedgerClosed)
    if from_ledger:
        return str(e)
    if isinstance(e, OSError):
        where = f"{e.filename}: " if e.filename else ""
        return f"{where}{e.strerror or e}"
    return f"Unexpected error in the ledger: {type(e).__name__}: {e}"


class _Relay(QObject):
    answered = Signal(int, bool, object, object)  # ticket, ok, result or error text, Status


class _Job(QRunnable):
    def __init__(self, ticket: int, fn: Callable[[_Worker], Any], worker: _Worker, relay: _Relay) -> None:
        super().__init__()
        self.ticket, self.fn, self.worker, self.relay = ticket, fn, worker, relay

    def run(self) -> None:
        try:
            ok, payload = True, self.fn(self.worker)
        except Exception as e:  # noqa: BLE001 (every failure goes back to the UI thread as a sentence)
            ok, payload = False, message(e)
        self.relay.answered.emit(self.ticket, ok, payload, self.worker.snapshot())


def _import_bests(worker: _Worker) -> int:
    """The old Solitaire bests file goes into the ledger once (the ledger keeps a marker); the file
    stays where it is as the backup, and as what the finish page shows when the ledger is down."""
    from core.fistful.bests import FILE_NAME

    if worker.ledger is None or worker.folder is None or not worker.ledger.online:
        return 0
    path = worker.folder / FILE_NAME
    if not path.is_file():
        return 0
    try:
        return worker.ledger.ledger.import_solitaire_bests(path)
    except Exception:  # noqa: BLE001 (a damaged bests file is the finish page's to report)
        return 0


class Opened(NamedTuple):
    players: list[Any]
    imported: int


def _open(worker: _Worker, url: str | None, folder: Path) -> Opened:
    """Open the ledger; a club server that does not answer leaves it offline (results queue), any
    other failure (a wrong URL, credentials, a newer ledger, a locked file) is an error."""
    worker.close()
    worker.url, worker.where, worker.error, worker.folder = url or "", url or str(folder), "", folder
    try:
        from ledger.db import default_url, kind_of, safe_url
        from ledger.errors import LedgerUnreachable
        from ledger.sync import QUEUE_FILE, SyncingLedger

        worker.url = url or default_url(folder)
        worker.where = safe_url(worker.url)
        kind_of(worker.url)
        folder.mkdir(parents=True, exist_ok=True)
        ledger = SyncingLedger(worker.url, queue_path=folder / QUEUE_FILE, backup_dir=folder)
        try:
            ledger.ledger
        except LedgerUnreachable:
            if ledger.kind == "sqlite":
                raise
        worker.ledger = ledger
    except Exception as e:
        worker.error = message(e)
        raise
    imported = _import_bests(worker)
    return Opened(worker.players() or [], imported)


class LedgerService(QObject):
    """One per app (`ledger_service()`); see the module's docstring."""

    status_changed = Signal(str)
    ready = Signal(bool)  # opened (True) or failed (False)
    recorded = Signal(object)  # RecordNote, after the ledger took a finished match
    players_changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._pool.setExpiryTimeout(-1)  # one thread for the app's life: SQLite's connections stay on it
        self._worker = _Worker()
        self._relay = _Relay(self)
        # Emitted on the worker, so queued to this (UI) thread: no Qt.ConnectionType here, whose enums
        # cost ~35 ms of start-up to create.
        self._relay.answered.connect(self._on_answer)
        self._tickets = itertools.count(1)
        self._waiting: dict[int, tuple[Callable[[Any], None] | None, Callable[[str], None] | None]] = {}
        self._opened_for: tuple[str, str | None] | None = None
        self.status = Status("off") if self.disabled else Status("opening")
        self._players: list[PlayerRow] = []
        self._open = False
        self._retry = QTimer(self)
        self._retry.setInterval(RETRY_MS)
        self._retry.timeout.connect(self.sync)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)

    @property
    def current(self) -> bool:
        """Whether the service was last opened (or tried) for the data folder and URL the settings
        name now: a changed setting, or another data folder (each test has its own), means not."""
        return self._opened_for == (str(storage.data_dir()), storage.ledger_url())

    @property
    def players_cache(self) -> list[PlayerRow]:
        """The registered people (no computers) as the ledger last listed them, for New Game; none
        from a ledger the settings no longer name."""
        return list(self._players) if self.current else []

    @property
    def opened(self) -> bool:
        """Open, for the ledger the settings name now."""
        return self._open and self.current

    @property
    def disabled(self) -> bool:
        return os.environ.get(ENV_LEDGER) == "0"

    # --- opening ------------------------------------------------------------------------------
    def start(self) -> None:
        """After the first paint: open the ledger the settings name, unless it is open already."""
        if self.disabled:
            self._set_status(Status("off"))
            return
        if not self.current:
            self.open()

    def open(self) -> None:
        """(Re)open the ledger the settings name now (the default SQLite file when none)."""
        folder, url = storage.data_dir(), storage.ledger_url()
        self._opened_for = (str(folder), url)
        self._open = False
        self._set_status(Status("opening"))
        self._queue(lambda w: _open(w, url, folder), self._on_opened, self._on_open_failed)

    def _on_opened(self, opened: Opened) -> None:
        self._open = True
        self._set_players(opened.players)
        self.ready.emit(True)

    def _on_open_failed(self, _error: str) -> None:
        self._open = False
        self.ready.emit(False)

    # --- work -----------------------------------------------------------------------------------
    def run(self, fn: Callable[[SyncingLedger], Any], done: Callable[[Any], None] | None = None,
            error: Callable[[str], None] | None = None) -> None:
        """`fn(ledger)` on the worker after everything queued before it; `done(result)` or
        `error(sentence)` on the UI thread."""
        self._queue(lambda w: fn(w.require()), done, error)

    def call(self, fn: Callable[[], Any], done: Callable[[Any], None] | None = None,
             error: Callable[[str], None] | None = None) -> None:
        """`fn()` on the worker, in turn, for work that needs no open ledger (testing a URL)."""
        self._queue(lambda _w: fn(), done, error)

    def record(self, match: Match, *, finished_at: Any = None, source: str = "app",
               done: Callable[[RecordNote], None] | None = None,
               error: Callable[[str], None] | None = None) -> None:
        """Hand a finished match to the ledger (queued for the club server when it is down); a ledger
        that failed to open is tried again first (a locked file may be free by now)."""
        from core.saves import encode_doc

        if not self.current or (not self._open and self.status.state == "error"):
            self.open()

        save = encode_doc(match.to_doc())

        def work(w: _Worker) -> tuple[RecordNote, list[PlayerRow] | None]:
            result = w.require().record(save, finished_at=finished_at, source=source)
            added = getattr(result, "added", None)  # a Recorded; a Queued has none
            note = RecordNote(match, str(getattr(result, "match_id", "")), added is None, bool(added))
            return note, w.players()

        def landed(answer: tuple[RecordNote, list[PlayerRow] | None]) -> None:
            note, players = answer
            if players is not None:
                self._set_players(players)
            self.recorded.emit(note)
            if done is not None:
                done(note)

        self._queue(work, landed, error)

    def sync(self) -> None:
        """Send what is queued for the club server (every 30 s while anything waits)."""
        if self.opened:
            def work(w: _Worker) -> Any:
                w.require().sync()
                _import_bests(w)
                return w.players()
            self._queue(work, self._maybe_players)

    def shutdown(self) -> None:
        """At quit: close the ledger and let the worker finish what it was given."""
        self._retry.stop()
        self._pool.start(_Job(0, lambda w: w.close(), self._worker, self._relay))
        self._pool.waitForDone(SHUTDOWN_WAIT_MS)

    # --- internals ----------------------------------------------------------------------------
    def _queue(self, fn: Callable[[_Worker], Any], done: Callable[[Any], None] | None = None,
               error: Callable[[str], None] | None = None) -> None:
        ticket = next(self._tickets)
        self._waiting[ticket] = (done, error)
        self._pool.start(_Job(ticket, fn, self._worker, self._relay))

    def _on_answer(self, ticket: int, ok: bool, payload: object, status: Status) -> None:
        self._set_status(status)
        done, error = self._waiting.pop(ticket, (None, None))
        if ok and done is not None:
            done(payload)
        elif not ok and error is not None:
            error(str(payload))

    def _set_status(self, status: Status) -> None:
        waiting = bool(status.pending) or status.state == "offline"  # results to send, or a server to find
        if waiting and not self._retry.isActive():
            self._retry.start()
        elif not waiting:
            self._retry.stop()
        if status != self.status:
            self.status = status
            self.status_changed.emit(status.text())

    def _maybe_players(self, players: list[PlayerRow] | None) -> None:
        if players is not None:
            self._set_players(players)

    def _set_players(self, players: list[PlayerRow]) -> None:
        self._players = list(players)
        self.players_changed.emit()


_SERVICE: list[LedgerService] = []


def ledger_service() -> LedgerService:
    """The app's one service (made on first use, after the QApplication)."""
    if not _SERVICE:
        _SERVICE.append(LedgerService())
    return _SERVICE[0]
