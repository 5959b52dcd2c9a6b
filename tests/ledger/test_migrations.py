"""Schema versions: a new ledger gets the head; a ledger of each earlier revision (kept in
tests/saves/ledger/<rev>.sqlite3) is upgraded on open after a backup, its data kept; a ledger
from a newer Battlebox is refused and left untouched."""
from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from ledger import migrations
from ledger.db import default_url
from ledger.errors import LedgerTooNew
from ledger.store import Ledger
from tests.ledger.finished import finished_save

OLD = Path(__file__).resolve().parents[1] / "saves" / "ledger"
REVISIONS = sorted(p.stem for p in OLD.glob("*.sqlite3"))


def revision_of(url: str) -> str:
    engine = create_engine(url.replace("postgresql://", "postgresql+pg8000://"))
    try:
        with engine.connect() as conn:
            return conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one()
    finally:
        engine.dispose()


def test_every_earlier_revision_has_a_ledger_kept() -> None:
    assert REVISIONS == ["0001"] and migrations.head() == "0002"


def test_a_new_ledger_gets_the_newest_schema(empty_ledger_url: str, tmp_path: Path) -> None:
    ledger_url = empty_ledger_url
    with Ledger.open(ledger_url, backup_dir=tmp_path / "b") as led:
        led.record(finished_save(1))
        assert len(led.matches()) == 1
    assert revision_of(ledger_url) == migrations.head()
    assert not (tmp_path / "b").exists()  # nothing to back up


@pytest.mark.parametrize("rev", REVISIONS)
def test_an_old_sqlite_ledger_is_backed_up_and_upgraded_with_its_data(rev: str, tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    shutil.copyfile(OLD / f"{rev}.sqlite3", path)
    url = f"sqlite:///{path}"
    before = _dump(path)
    with Ledger.open(url, backup_dir=tmp_path / "backups") as led:
        assert revision_of(url) == migrations.head()
        assert len(led.matches()) == 10 and "Ada Lovelace" in {p.name for p in led.players()}
        table = led.standings("throwdown")
        led.recompute()
        assert led.standings("throwdown") == table  # the stored ratings were the recomputed ones
        assert len(led.events()) == 1 and len(led.solitaire_bests()) == 2
        old = led.matches(game="throwdown")[-1].id
        assert led.record(led.save_bytes(old)) == (old, False)  # its match ids are today's ids
        assert led.record(finished_save(40)).added
    [backup] = (tmp_path / "backups").iterdir()
    assert _dump(backup) == before
    with sqlite3.connect(path) as con:
        versions = {v for (v,) in con.execute("SELECT app_version FROM matches")}
    assert versions and "" not in versions  # filled in from the stored saves


def test_an_old_postgresql_ledger_is_dumped_to_json_and_upgraded(fresh_pg_url: str, tmp_path: Path) -> None:
    engine = create_engine(fresh_pg_url.replace("postgresql://", "postgresql+pg8000://"))
    try:
        migrations.upgrade(engine, fresh_pg_url, None, to="0001")
    finally:
        engine.dispose()
    assert revision_of(fresh_pg_url) == "0001"
    with Ledger.open(fresh_pg_url, backup_dir=tmp_path / "b") as led:
        assert revision_of(fresh_pg_url) == migrations.head()
        led.record(finished_save(2))
    [dump] = (tmp_path / "b").iterdir()
    tables = json.loads(dump.read_text())["tables"]
    assert tables["alembic_version"] == [{"version_num": "0001"}] and tables["matches"] == []


def test_a_ledger_from_a_newer_battlebox_is_refused_untouched(empty_ledger_url: str, tmp_path: Path) -> None:
    ledger_url = empty_ledger_url
    Ledger.open(ledger_url).close()
    engine = create_engine(ledger_url.replace("postgresql://", "postgresql+pg8000://"))
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    engine.dispose()
    path = Path(ledger_url.removeprefix("sqlite:///")) if ledger_url.startswith("sqlite") else None
    if path:  # as a newer release might leave it: not in WAL mode, which opening must not change
        with sqlite3.connect(path) as con:
            con.execute("PRAGMA journal_mode = DELETE")
    data = path.read_bytes() if path else b""
    with pytest.raises(LedgerTooNew, match="newer Battlebox") as e:
        Ledger.open(ledger_url, backup_dir=tmp_path / "b")
    assert "battlebox-test-pw" not in str(e.value)
    assert revision_of(ledger_url) == "9999" and not (tmp_path / "b").exists()
    if path:
        assert path.read_bytes() == data and not Path(f"{path}-wal").exists()


def _dump(path: Path) -> list[str]:
    with sqlite3.connect(path) as con:
        return list(con.iterdump())


def test_default_url_is_a_file_in_the_data_folder(tmp_path: Path) -> None:
    assert default_url(tmp_path) == f"sqlite:///{tmp_path / 'ledger.sqlite3'}"


def test_a_sqlite_ledger_runs_in_wal_mode(sqlite_url: str) -> None:
    Ledger.open(sqlite_url).close()
    with sqlite3.connect(sqlite_url.removeprefix("sqlite:///")) as con:
        assert con.execute("PRAGMA journal_mode").fetchone() == ("wal",)
