"""The ledger with 10,000 recorded matches, on SQLite and on PostgreSQL.

Goal (asserted): the league table (`standings`) answers within 200 ms, timed on a ledger just
opened (a fresh engine, nothing cached). Also watched: re-rating all 10,000 matches
(`recompute`, what one match landing before all the others costs), opening the ledger, the
newest 50 matches of the history, one player's rating history, and recording one more match.

The 10,000 matches are 100 real recordings (`Ledger.record`, replayed through core) copied to
new ids and finish times with their seats, then re-rated by `recompute`: replaying 10,000 saves
would take minutes and measure core, not the ledger.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import time
from collections.abc import Iterator

import pytest
from sqlalchemy import select

from ledger.identity import parse_stamp, stamp
from ledger.schema import MATCHES, SEATS
from ledger.store import Ledger
from tests.ledger.finished import finished_save, without_finish_time
from tests.pg import Cluster

MATCHES_WANTED = 10_000
REAL = 100
LIMIT_S = 0.200


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    c = Cluster(tmp_path_factory.mktemp("pg-bench")).start()
    yield c
    c.stop(remove=True)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def big_ledger(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('ledger-bench') / 'ledger.sqlite3'}"
    else:
        url = request.getfixturevalue("cluster").create_database("bench")
    with Ledger.open(url) as led:
        for seed in range(REAL):
            led.record(finished_save(seed, computer=seed % 5 == 0))
        with led._write() as conn:
            matches = [dict(r._mapping) for r in conn.execute(select(MATCHES))]
            seats = [dict(r._mapping) for r in conn.execute(select(SEATS))]
            by_match: dict[str, list[dict]] = {}
            for s in seats:
                by_match.setdefault(s["match_id"], []).append(s)
            new_matches, new_seats = [], []
            for i in range(MATCHES_WANTED - REAL):
                m = dict(matches[i % REAL])
                old = m["id"]
                m["id"] = hashlib.sha256(f"bench-{i}".encode()).hexdigest()
                m["finished_at"] = stamp(parse_stamp(m["finished_at"]).replace(year=2020 + i % 6))
                new_matches.append(m)
                new_seats += [dict(s, match_id=m["id"], mu=None, sigma=None) for s in by_match[old]]
            conn.execute(MATCHES.insert(), new_matches)
            conn.execute(SEATS.insert(), new_seats)
        started = time.perf_counter()
        led.recompute()
        print(f"\n{request.param}: recompute of {MATCHES_WANTED} matches took {time.perf_counter() - started:.2f} s")
        assert len(led.matches()) == MATCHES_WANTED
    yield url


def _fresh_call(url: str, fn_name: str, *args: object) -> tuple[float, float]:
    """(seconds to open, seconds of the call) on a ledger just opened."""
    started = time.perf_counter()
    led = Ledger.open(url)
    opened = time.perf_counter() - started
    try:
        started = time.perf_counter()
        getattr(led, fn_name)(*args)
        return opened, time.perf_counter() - started
    finally:
        led.close()


def test_league_table_of_10000_matches(benchmark, big_ledger: str) -> None:
    runs = [_fresh_call(big_ledger, "standings", "throwdown") for _ in range(5)]
    call = sorted(c for _o, c in runs)[len(runs) // 2]
    opened = sorted(o for o, _c in runs)[len(runs) // 2]
    benchmark.extra_info.update(standings_after_open_s=round(call, 4), open_s=round(opened, 4))
    print(f"\nstandings after a fresh open: {call * 1000:.1f} ms (open {opened * 1000:.0f} ms)")
    with Ledger.open(big_ledger) as led:
        table = benchmark(led.standings, "throwdown")
        assert sum(s.played for s in table) == sum(len(m.seats) for m in led.matches(game="throwdown"))
    assert call <= LIMIT_S


def test_history_and_rating_chart_of_10000_matches(benchmark, big_ledger: str) -> None:
    with Ledger.open(big_ledger) as led:
        ada = next(p for p in led.players() if p.name == "Ada")
        started = time.perf_counter()
        points = led.rating_history("throwdown", ada.id)
        chart = time.perf_counter() - started
        print(f"\nrating history of {len(points)} points: {chart * 1000:.1f} ms")
        benchmark.extra_info["rating_history_s"] = round(chart, 4)
        rows = benchmark(led.matches, limit=50)
        assert len(rows) == 50


def test_recording_one_more_match(benchmark, big_ledger: str) -> None:
    """The newest match rates incrementally (replaying its save through core included)."""
    saves = iter(without_finish_time(finished_save(seed)) for seed in range(10_000, 10_100))
    with Ledger.open(big_ledger) as led:
        result = benchmark.pedantic(lambda: led.record(next(saves), finished_at=dt.datetime.now(dt.timezone.utc)),
                                    rounds=5, iterations=1)
        assert result.added


def test_recording_a_match_older_than_all_others(benchmark, big_ledger: str) -> None:
    """A match that finished before the other 10,000 re-rates its game."""
    saves = iter(without_finish_time(finished_save(seed)) for seed in range(20_000, 20_100))
    when = dt.datetime(2019, 1, 1, tzinfo=dt.timezone.utc)
    with Ledger.open(big_ledger) as led:
        result = benchmark.pedantic(lambda: led.record(next(saves), finished_at=when), rounds=2, iterations=1)
        assert result.added
