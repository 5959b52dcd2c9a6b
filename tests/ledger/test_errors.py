"""Bad input gets a clear LedgerError naming the ledger (never its password): a wrong URL, a
server that is down, wrong credentials, a locked SQLite file, a file that is not a ledger."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ledger.db import safe_url
from ledger.errors import LedgerAuthError, LedgerError, LedgerLocked, LedgerUnreachable
from ledger.store import Ledger
from tests.ledger.finished import finished_save
from tests.pg import PASSWORD, Cluster, free_port


def test_safe_url_masks_the_password() -> None:
    assert safe_url("postgresql://club:s3cret@db.example:5432/ledger") == "postgresql://club:***@db.example:5432/ledger"
    assert safe_url("sqlite:////tmp/x.sqlite3") == "sqlite:////tmp/x.sqlite3"
    assert "s3cret" not in safe_url("postgresql://club:s3cret@[bad")


def test_wrong_password(pg_cluster: Cluster) -> None:
    url = pg_cluster.url_for("postgres", password="not-the-password")
    with pytest.raises(LedgerAuthError) as e:
        Ledger.open(url)
    text = str(e.value)
    assert "not-the-password" not in text and f"127.0.0.1:{pg_cluster.port}" in text
    assert "password" in e.value.reason


def test_no_such_database(pg_cluster: Cluster) -> None:
    with pytest.raises(LedgerUnreachable, match="no such database") as e:
        Ledger.open(pg_cluster.url_for("nowhere"))
    assert PASSWORD not in str(e.value)


def test_server_down_and_wrong_urls(tmp_path: Path) -> None:
    url = f"postgresql://battlebox:{PASSWORD}@127.0.0.1:{free_port()}/club"
    with pytest.raises(LedgerUnreachable, match="cannot be reached") as e:
        Ledger.open(url)
    assert PASSWORD not in str(e.value) and "***" in str(e.value)
    with pytest.raises(LedgerUnreachable, match="SQLite or PostgreSQL"):
        Ledger.open("mysql://u:pw@host/db")
    with pytest.raises(LedgerUnreachable, match="not a ledger URL"):
        Ledger.open("club server please")


def test_a_file_that_is_not_a_ledger(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_bytes(b"these are my notes, not a database" * 100)
    with pytest.raises(LedgerError, match="not a Battlebox ledger") as e:
        Ledger.open(f"sqlite:///{path}")
    assert e.value.where == str(path)
    assert path.read_bytes().startswith(b"these are my notes")


HOLD = """
import sqlite3, sys, time
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.readline()
con.execute("ROLLBACK")
"""


def test_a_locked_file_says_so_after_the_busy_timeout(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    url = f"sqlite:///{path}"
    Ledger.open(url).close()
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        with Ledger.open(url, busy_timeout=0.3) as led:
            with pytest.raises(LedgerLocked, match="locked by another program") as e:
                led.record(finished_save(1))
            assert e.value.where == str(path)
    finally:
        assert holder.stdin is not None
        holder.stdin.write("\n")
        holder.stdin.flush()
        holder.wait(timeout=30)
    with Ledger.open(url) as led:
        assert led.matches() == []
        assert led.record(finished_save(1)).added


def test_url_options(fresh_pg_url: str) -> None:
    with Ledger.open(fresh_pg_url + "?sslmode=disable") as led:
        assert led.kind == "postgresql" and led.players() == []
    with pytest.raises(LedgerUnreachable, match="options a ledger does not take: colour"):
        Ledger.open(fresh_pg_url + "?colour=red")
    with pytest.raises(LedgerUnreachable, match="names no user"):
        Ledger.open("postgresql:///club")
