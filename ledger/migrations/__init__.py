"""Bring a ledger to this version's schema on open, with a backup first; refuse a newer one.

Alembic runs from code (no alembic.ini): its scripts are this folder. The upgrade runs in one
write transaction (SQLite: BEGIN IMMEDIATE; PostgreSQL: DDL is transactional, and an advisory
lock lets one of several machines opening a new club ledger at once create it while the others
wait and then find it done).
"""
from __future__ import annotations

import base64
import datetime as dt
import json
import sqlite3
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine

from ledger import db
from ledger.errors import LedgerError, LedgerTooNew

HERE = Path(__file__).resolve().parent
MIGRATE_LOCK = 0x6C656467  # "ledg": the advisory lock key of a PostgreSQL upgrade


def config(connection: Connection | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


def head() -> str:
    heads = ScriptDirectory.from_config(config()).get_heads()
    return heads[0]


def current(connection: Connection) -> tuple[str, ...]:
    return tuple(MigrationContext.configure(connection).get_current_heads())


def _check_known(revs: tuple[str, ...], url: str) -> None:
    script = ScriptDirectory.from_config(config())
    for rev in revs:
        try:
            known = script.get_revision(rev)
        except CommandError:
            known = None
        if known is None:
            raise LedgerTooNew(db.where(url), f"this ledger was written by a newer Battlebox (schema "
                                              f"revision {rev!r}); update Battlebox to open it. "
                                              "Nothing was changed.")


def upgrade(engine: Engine, url: str, backup_dir: Path | None, *, to: str = "head") -> Path | None:
    """Upgrade the ledger at `url` to `to` (this version's head); the backup written, if any."""
    with engine.connect() as conn:
        now = current(conn)
    _check_known(now, url)
    kind = db.kind_of(url)
    if kind == "sqlite":
        db.use_wal(engine)
    target = head() if to == "head" else to
    if now == (target,):
        return None
    backup = None
    if now and kind == "sqlite":
        backup = _backup_sqlite(url, backup_dir, now[0])
    with engine.connect().execution_options(write=True) as conn, conn.begin():
        if kind == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATE_LOCK})
        again = current(conn)
        _check_known(again, url)
        if again == (target,):
            return backup
        if again and kind == "postgresql":
            backup = _backup_json(conn, backup_dir, again[0])
        command.upgrade(config(conn), target)
    return backup


def _stamp() -> str:
    return dt.datetime.now(dt.timezone.utc).strftime("%Y%m%d-%H%M%S-%f")


def _backup_sqlite(url: str, backup_dir: Path | None, rev: str) -> Path:
    source = db.sqlite_path(url)
    assert source is not None
    folder = Path(backup_dir) if backup_dir is not None else source.parent
    target = folder / f"{source.stem}-backup-rev{rev}-{_stamp()}.sqlite3"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        src = sqlite3.connect(str(source), timeout=db.BUSY_TIMEOUT)
        try:
            dst = sqlite3.connect(str(target))
            try:
                src.backup(dst)
            finally:
                dst.close()
        finally:
            src.close()
    except (OSError, sqlite3.Error) as e:
        raise LedgerError(str(source), f"the ledger needs an upgrade, but its backup to {target} "
                                       f"failed ({e}); nothing was changed") from None
    return target


def _backup_json(conn: Connection, backup_dir: Path | None, rev: str) -> Path:
    """Every table's rows as JSON (bytes as base64), before a PostgreSQL ledger is upgraded."""
    if backup_dir is None:
        raise LedgerError(db.safe_url(str(conn.engine.url)), "the ledger needs an upgrade, but no "
                                                             "backup folder was given; nothing was changed")
    dump: dict[str, object] = {"revision": rev, "tables": {}}
    tables: dict[str, list[dict[str, object]]] = {}
    for name in inspect(conn).get_table_names():
        rows = conn.execute(text(f'SELECT * FROM "{name}"')).mappings().all()
        tables[name] = [{k: (base64.b64encode(v).decode() if isinstance(v, (bytes, memoryview)) else v)
                         for k, v in row.items()} for row in rows]
    dump["tables"] = tables
    target = Path(backup_dir) / f"ledger-backup-rev{rev}-{_stamp()}.json"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(dump, default=str))
    except OSError as e:
        raise LedgerError(db.safe_url(str(conn.engine.url)),
                          f"the ledger needs an upgrade, but its backup to {target} failed ({e}); "
                          "nothing was changed") from None
    return target
