"""Ledger fixtures: one throwaway PostgreSQL cluster per test worker (tests/pg.py), a fresh
database or SQLite file per test, and `ledger_url` to run a store test on both backends."""
from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from ledger.db import default_url
from tests.pg import Cluster

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


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return default_url(tmp_path / "data")


@pytest.fixture(params=["sqlite", "postgresql"])
def ledger_url(request: pytest.FixtureRequest) -> str:
    """A fresh empty ledger URL on each backend."""
    return request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "fresh_pg_url")
