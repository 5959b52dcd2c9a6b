"""Two machines record at the same moment into one club PostgreSQL ledger: 200 matches each,
started together. Every match lands once, and the stored league table equals a sequential
recompute (ratings in the order (finish time, match id), whoever recorded first).

The saves carry no finish time, so each match finishes when it is recorded, as at a club
evening where games end as they are saved: the two streams interleave in time, and where
the race puts one machine's match before the other's latest, the ledger re-rates from there."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ledger.store import Ledger
from tests.ledger.finished import finished_saves, without_finish_time, write_saves

ROOT = Path(__file__).resolve().parents[2]
PER_WORKER = 200

# A worker connects, says "ready", waits for "go" on stdin (so both record at once), records
# every save in its folder, and prints how many it added.
WORKER = """
import sys
from pathlib import Path
from ledger.store import Ledger
led = Ledger.open(sys.argv[1])
led.matches(limit=1)
print("ready", flush=True)
sys.stdin.readline()
added = sum(led.record(p.read_bytes(), source=p.name).added for p in sorted(Path(sys.argv[2]).iterdir()))
led.close()
print(added, flush=True)
"""


def test_two_processes_record_200_matches_each_at_once(fresh_pg_url, tmp_path):
    url = fresh_pg_url
    Ledger.open(url).close()  # the schema exists before the race (each machine opened it once)
    data = [without_finish_time(d) for d in finished_saves(range(2 * PER_WORKER))]
    folders = [tmp_path / "a", tmp_path / "b"]
    write_saves(folders[0], data[:PER_WORKER], prefix="a")
    write_saves(folders[1], data[PER_WORKER:], prefix="b")

    workers = [subprocess.Popen([sys.executable, "-c", WORKER, url, str(folder)], cwd=ROOT, text=True,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
               for folder in folders]
    try:
        for w in workers:
            assert w.stdout is not None and w.stdout.readline().strip() == "ready", w.stderr and w.stderr.read()
        for w in workers:
            assert w.stdin is not None
            w.stdin.write("go\n")
            w.stdin.flush()
        outs = [w.communicate(timeout=240) for w in workers]
    finally:
        for w in workers:
            if w.poll() is None:
                w.kill()
    assert [w.returncode for w in workers] == [0, 0], [err for _, err in outs]
    assert [int(out) for out, _ in outs] == [PER_WORKER, PER_WORKER]

    led = Ledger.open(url)
    try:
        matches = led.matches(game="throwdown")
        assert len(matches) == len({m.id for m in matches}) == 2 * PER_WORKER
        assert {led.save_bytes(m.id) for m in matches[::40]} <= set(data)
        stored = led.standings("throwdown")
        assert sum(s.played for s in stored) == sum(len(m.seats) for m in matches)
        charts = {s.player_id: led.rating_history("throwdown", s.player_id) for s in stored}
        led.recompute("throwdown")
        assert led.standings("throwdown") == stored
        assert {p: led.rating_history("throwdown", p) for p in charts} == charts
    finally:
        led.close()
