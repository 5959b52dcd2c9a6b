"""Two processes record into one SQLite ledger at once: BEGIN IMMEDIATE queues the writers, every
match lands once, and the league table equals a sequential recompute."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ledger.store import Ledger
from tests.ledger.finished import finished_saves, write_saves

ROOT = Path(__file__).resolve().parents[2]
EACH = 8

WORKER = """
import sys
from pathlib import Path
from ledger.store import Ledger
led = Ledger.open(sys.argv[1])
print("ready", flush=True)
sys.stdin.readline()
print(sum(led.record(p.read_bytes()).added for p in sorted(Path(sys.argv[2]).iterdir())), flush=True)
led.close()
"""


def test_two_processes_write_one_sqlite_ledger(sqlite_url: str, tmp_path: Path) -> None:
    Ledger.open(sqlite_url).close()
    data = finished_saves(range(2 * EACH))
    write_saves(tmp_path / "a", data[:EACH])
    write_saves(tmp_path / "b", data[EACH - 3:])  # three matches both machines add
    workers = [subprocess.Popen([sys.executable, "-c", WORKER, sqlite_url, str(tmp_path / name)], cwd=ROOT,
                                text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
               for name in ("a", "b")]
    for w in workers:
        assert w.stdout is not None and w.stdout.readline().strip() == "ready"
    for w in workers:
        assert w.stdin is not None
        w.stdin.write("go\n")
        w.stdin.flush()
    outs = [w.communicate(timeout=240) for w in workers]
    assert all(w.returncode == 0 for w in workers), [err for _out, err in outs]
    assert sum(int(out.strip()) for out, _err in outs) == 2 * EACH
    with Ledger.open(sqlite_url) as led:
        assert len(led.matches()) == 2 * EACH
        landed = led.standings("throwdown")
        led.recompute()
        assert led.standings("throwdown") == landed
