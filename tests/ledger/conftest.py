"""Ledger fixtures: one throwaway PostgreSQL cluster per test worker (tests/pg.py), a fresh
database or SQLite file per test, and `ledger_url` to run a store test on both backends."""
from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from ledger.db import default_url
from tests.pg import PASSWORD, USER, Cluster

_names = itertools.count()


@pytest.fixture(scope="session")
def pg_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    cluster = Cluster(tmp_path_factory.mktemp("pg")).start()
    yield cluster
    cluster.stop(remove=True)


@pytest.fixture(scope="session")
def pg_url(pg_cluster: Cluster) -> str:
    """The worker's cluster (its `postgres` database); make a fresh one with `fresh_pg_url`."""
    return pg_cluster.url


@pytest.fixture
def fresh_pg_url(pg_cluster: Cluster) -> str:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    return pg_cluster.create_database(f"t_{worker}_{next(_names)}")


@pytest.fixture(scope="session")
def _pg_ledger(pg_cluster: Cluster) -> str:
    """The worker's PostgreSQL ledger at today's schema, emptied for each test that takes it
    (emptying costs far less than a new database and its migrations)."""
    from ledger.store import Ledger

    url = pg_cluster.create_database(f"ledger_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}")
    Ledger.open(url).close()
    return url


def _emptied(cluster: Cluster, url: str) -> str:
    import pg8000.native

    from ledger.schema import Base

    con = pg8000.native.Connection(USER, host="127.0.0.1", port=cluster.port, password=PASSWORD,
                                   database=url.rsplit("/", 1)[1])
    try:
        tables = ", ".join(f'"{t}"' for t in Base.metadata.tables)
        con.run(f"TRUNCATE {tables} RESTART IDENTITY CASCADE")
    finally:
        con.close()
    return url


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return default_url(tmp_path / "data")


@pytest.fixture(params=["sqlite", "postgresql"])
def ledger_url(request: pytest.FixtureRequest) -> str:
    """An empty ledger's URL on each backend (PostgreSQL: at today's schema, shared by the worker's
    tests, so a test taking it must leave the schema as it found it)."""
    if request.param == "sqlite":
        return request.getfixturevalue("sqlite_url")
    return _emptied(request.getfixturevalue("pg_cluster"), request.getfixturevalue("_pg_ledger"))


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_ledger_url(request: pytest.FixtureRequest) -> str:
    """A URL where no ledger exists yet, on each backend."""
    return request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "fresh_pg_url")
