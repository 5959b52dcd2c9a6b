"""Ledger URLs and engines: SQLite (one machine) or PostgreSQL through pg8000 (a club's server).

A club types `postgresql://user:pw@host/db`; the pure-Python pg8000 driver serves it, so the
frozen app carries no compiled PostgreSQL client. SQLite runs in WAL mode (readers never wait for
the writer; set by ledger.migrations once the file is known to be ours, as the mode is kept in
the file) and every write transaction begins IMMEDIATE, so two writers queue on the file's lock
for the busy timeout instead of failing half-way through a transaction.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError

from ledger.errors import LedgerAuthError, LedgerError, LedgerLocked, LedgerUnreachable

FILE_NAME = "ledger.sqlite3"
BUSY_TIMEOUT = 5.0
CONNECT_TIMEOUT = 30  # pg8000: also bounds a wait for another machine's re-rating (its game lock)


def default_url(folder: Path) -> str:
    """The default ledger, a SQLite file in the user's data folder."""
    return f"sqlite:///{Path(folder) / FILE_NAME}"


def safe_url(url: str) -> str:
    """The URL with its password masked, for messages; an unparsable URL loses anything after '//'
    up to an '@' all the same."""
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):
        return re.sub(r"//[^@/]*@", "//***@", url)
    if parsed.password is None:
        return url
    return parsed.render_as_string(hide_password=True)


def kind_of(url: str) -> str:
    """"sqlite" or "postgresql"; LedgerError for anything else."""
    try:
        backend = make_url(url).get_backend_name()
    except (ArgumentError, ValueError):
        raise LedgerUnreachable(safe_url(url), "this is not a ledger URL (expected sqlite:///FILE "
                                               "or postgresql://USER:PASSWORD@HOST/DATABASE)") from None
    if backend in ("sqlite", "postgresql", "postgres"):
        return "postgresql" if backend == "postgres" else backend
    raise LedgerUnreachable(safe_url(url), f"a ledger is SQLite or PostgreSQL, not {backend!r}")


def sqlite_path(url: str) -> Path | None:
    """The file of a sqlite URL (None for an in-memory one)."""
    database = make_url(url).database
    return Path(database) if database and database != ":memory:" else None


def where(url: str) -> str:
    """What a message names: the file of a SQLite ledger, else the URL without its password."""
    if kind_of(url) == "sqlite":
        path = sqlite_path(url)
        return str(path) if path else url
    return safe_url(url)


def create(url: str, *, busy_timeout: float = BUSY_TIMEOUT) -> Engine:
    """An engine for the ledger at `url` (postgresql:// mapped to pg8000)."""
    kind = kind_of(url)
    parsed = make_url(url)
    if kind == "postgresql":
        if not parsed.username:
            raise LedgerUnreachable(safe_url(url), "the URL names no user (postgresql://USER:PASSWORD@HOST/DATABASE)")
        args: dict[str, Any] = {"timeout": CONNECT_TIMEOUT}
        query = dict(parsed.query)
        ssl = query.pop("sslmode", "prefer")
        if ssl in ("require", "verify-ca", "verify-full"):
            args["ssl_context"] = True
        elif ssl not in ("disable", "allow", "prefer"):
            raise LedgerUnreachable(safe_url(url), f"unknown sslmode {ssl!r} (disable, prefer or require)")
        if query:
            raise LedgerUnreachable(safe_url(url), f"the URL has options a ledger does not take: "
                                                   f"{', '.join(sorted(query))} (only sslmode)")
        parsed = parsed.set(drivername="postgresql+pg8000", query={})
        return create_engine(parsed, connect_args=args, pool_pre_ping=True, pool_size=2, max_overflow=2)
    parsed = parsed.set(drivername="sqlite")
    engine = create_engine(parsed, connect_args={"timeout": busy_timeout})
    millis = int(busy_timeout * 1000)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi: Any, _record: Any) -> None:
        dbapi.isolation_level = None  # SQLAlchemy emits BEGIN itself (below)
        cur = dbapi.cursor()
        cur.execute(f"PRAGMA busy_timeout = {millis}")
        cur.execute("PRAGMA foreign_keys = ON")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("write") else "BEGIN")

    return engine


def use_wal(engine: Engine) -> None:
    """Put a SQLite ledger in WAL mode (kept in the file): outside any transaction, so raw."""
    raw = engine.raw_connection()
    try:
        raw.driver_connection.execute("PRAGMA journal_mode = WAL")  # type: ignore[union-attr]
    finally:
        raw.close()


def translate(e: BaseException, url: str) -> LedgerError:
    """A database error as the LedgerError a person reads (no traceback, no password)."""
    here = where(url)
    if isinstance(e, LedgerError):
        return e
    orig = getattr(e, "orig", None) or e
    text = str(orig)
    fields = orig.args[0] if getattr(orig, "args", None) and isinstance(orig.args[0], dict) else {}
    code = fields.get("C", "")
    message = fields.get("M", "") or text
    if code in ("28P01", "28000"):
        return LedgerAuthError(here, f"the server refused the user name or password ({message})")
    if code == "3D000":
        return LedgerUnreachable(here, f"the server has no such database ({message})")
    if code:
        return LedgerError(here, f"the server said: {message}")
    low = text.lower()
    if "database is locked" in low or "database table is locked" in low:
        return LedgerLocked(here, "the ledger file is locked by another program (another Battlebox "
                                  "recording, or a backup tool); try again when it has finished")
    if "unable to open database file" in low:
        return LedgerUnreachable(here, "the ledger file cannot be opened (does its folder exist, "
                                       "and may Battlebox write there?)")
    if "file is not a database" in low or "malformed" in low:
        return LedgerError(here, "this file is not a Battlebox ledger (it is not an SQLite database, "
                                 "or it is damaged)")
    if "can't create a connection" in low or "connection refused" in low or "timed out" in low \
            or "network" in low or "name or service" in low or "connection" in low and isinstance(e, DBAPIError):
        return LedgerUnreachable(here, "the ledger server cannot be reached (is it running, and are "
                                       "the host name and port right?)")
    if isinstance(e, SQLAlchemyError):
        return LedgerError(here, f"the database said: {_short(text)}")
    return LedgerError(here, f"the ledger cannot be used ({type(e).__name__}: {_short(safe_url(text))})")


def _short(text: str) -> str:
    text = text.strip().splitlines()[0] if text.strip() else text
    return text if len(text) <= 300 else text[:300] + "…"
