"""The Ledger: one open ledger (SQLite file or PostgreSQL database) and everything it answers.

The methods live in mixins by subject (players, ratings, records, export); this module holds
opening, closing and the transaction helpers they share. Every public method turns a database
failure into a LedgerError naming the ledger (file, or URL without password).
"""
from __future__ import annotations

import functools
import hashlib
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import text
from sqlalchemy.dialects import postgresql as pg_dialect
from sqlalchemy.dialects import sqlite as sqlite_dialect
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError

from ledger import db, migrations
from ledger.errors import LedgerError, LedgerUnreachable
from ledger.export import ExportMixin
from ledger.players import PlayersMixin
from ledger.ratings import RatingsMixin
from ledger.records import RecordsMixin
from ledger.rows import (BestRow, EventRow, HeadToHead, MatchRow, PlayerRow, RatingPoint, Recorded,
                         SeatRow, Standing)

__all__ = ["Ledger", "BestRow", "EventRow", "HeadToHead", "MatchRow", "PlayerRow", "RatingPoint",
           "Recorded", "SeatRow", "Standing"]

F = TypeVar("F", bound=Callable[..., Any])
PLAYERS_LOCK = 0x706C6179  # "play": PostgreSQL advisory lock while a player is created or merged


def guarded(fn: F) -> F:
    """Database failures leave as LedgerErrors naming the ledger, never as tracebacks."""

    @functools.wraps(fn)
    def wrapper(self: Ledger, *args: Any, **kwargs: Any) -> Any:
        try:
            return fn(self, *args, **kwargs)
        except LedgerError:
            raise
        except (SQLAlchemyError, OSError, sqlite3.Error) as e:
            raise db.translate(e, self.url) from None

    return wrapper  # type: ignore[return-value]


class Ledger(PlayersMixin, RatingsMixin, RecordsMixin, ExportMixin):
    def __init__(self, url: str, engine: Engine) -> None:
        self.url = url
        self.kind = db.kind_of(url)
        self.engine = engine
        self.where = db.where(url)

    @classmethod
    def open(cls, url: str, *, backup_dir: Path | None = None,
             busy_timeout: float = db.BUSY_TIMEOUT) -> Ledger:
        """Connect, and upgrade an older schema (after a backup into `backup_dir`); LedgerError."""
        engine = None
        try:
            kind = db.kind_of(url)
            if kind == "sqlite":
                path = db.sqlite_path(url)
                if path is not None:
                    try:
                        path.parent.mkdir(parents=True, exist_ok=True)
                    except OSError as e:
                        raise LedgerUnreachable(str(path), f"the ledger's folder cannot be made "
                                                           f"({e.strerror or e})") from None
            engine = db.create(url, busy_timeout=busy_timeout)
            migrations.upgrade(engine, url, backup_dir)
        except Exception as e:
            if engine is not None:
                engine.dispose()
            if isinstance(e, LedgerError):
                raise
            raise db.translate(e, url) from None
        return cls(url, engine)

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- shared helpers -----------------------------------------------------------------
    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with self.engine.connect() as conn, conn.begin():
            yield conn

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """One write transaction (SQLite: BEGIN IMMEDIATE, so writers queue for the whole of it)."""
        with self.engine.connect().execution_options(write=True) as conn, conn.begin():
            yield conn

    def _insert(self, table: Any) -> Any:
        return (pg_dialect.insert if self.kind == "postgresql" else sqlite_dialect.insert)(table)

    def _lock_game(self, conn: Connection, game: str) -> None:
        """Serialise rating updates of one game across machines (SQLite's IMMEDIATE already does)."""
        if self.kind == "postgresql":
            key = int.from_bytes(hashlib.sha256(b"game:" + game.encode()).digest()[:8], "big", signed=True)
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": key})

    def _analyze(self) -> None:
        """Fresh PostgreSQL planner statistics after a large change: with stale ones (before
        autovacuum's turn) a player's rating history took seconds instead of milliseconds."""
        if self.kind == "postgresql":
            with self.engine.connect() as conn, conn.begin():
                conn.execute(text("ANALYZE"))

    def _lock_players(self, conn: Connection) -> None:
        if self.kind == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": PLAYERS_LOCK})


for _name in ("players", "add_player", "rename_player", "merge_players", "record", "record_many", "matches",
              "save_bytes", "standings", "rating_history", "head_to_head", "recompute",
              "solitaire_bests", "solitaire_history", "import_solitaire_bests", "events", "export_csv"):
    setattr(Ledger, _name, guarded(getattr(Ledger, _name)))
