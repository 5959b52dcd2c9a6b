"""Start-up time to the first shown window, Battlebox vs a bare PySide6 window.

Both run in a fresh interpreter so imports count. The goal is at most 1.5x a bare window, with
the club ledger's libraries (SQLAlchemy alone costs 210-290 ms) not imported yet:
`test_startup_battlebox` times bare starts between its own rounds (the machine's load drifts)
and records the ratio of the medians in its extra_info as `ratio_to_bare`.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# What the `battlebox` command does before its window shows: parse its command line (every
# sub-command's parser, the ledger's too), then build and paint the window. The club ledger's
# database library must still be unloaded then (tests/startup_probe.py checks the real command).
BATTLEBOX = """
import sys
from gui.cli import build_parser
build_parser().parse_args([])
from PySide6.QtWidgets import QApplication
app = QApplication([])
from gui.main_window import MainWindow
w = MainWindow(autosave=False)
w.show()
app.processEvents()
early = sorted({m.split(".")[0] for m in sys.modules} & {"sqlalchemy", "alembic", "openskill", "pg8000"})
sys.exit(f"imported before the first paint: {early}" if early else 0)
"""

BARE = """
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
w = QMainWindow()
w.show()
app.processEvents()
"""


def _launcher(code: str, tmp_path: Path):
    # Byte-code is cached (outside the repo) as in a real install; the warm-up round fills it.
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEBOX_DATA_DIR=str(tmp_path),
               PYTHONPYCACHEPREFIX=str(tmp_path / "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)

    def start() -> None:
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr

    return start


ROUNDS = 5


def test_startup_battlebox(benchmark, tmp_path):
    start_battlebox, bare = _launcher(BATTLEBOX, tmp_path), _launcher(BARE, tmp_path)
    bare_times: list[float] = []
    our_times: list[float] = []

    def battlebox() -> None:
        began = time.perf_counter()
        start_battlebox()
        our_times.append(time.perf_counter() - began)

    def time_a_bare_start() -> None:  # untimed setup of each round
        began = time.perf_counter()
        bare()
        bare_times.append(time.perf_counter() - began)

    benchmark.pedantic(battlebox, setup=time_a_bare_start, rounds=ROUNDS, iterations=1, warmup_rounds=1)
    ours, theirs = statistics.median(our_times), statistics.median(bare_times)
    benchmark.extra_info.update(ratio_to_bare=round(ours / theirs, 2), goal=1.5,
                                battlebox_median_s=round(ours, 4), bare_median_s=round(theirs, 4))
    assert our_times and bare_times


def test_startup_bare_pyside6(benchmark, tmp_path):
    benchmark.pedantic(_launcher(BARE, tmp_path), rounds=ROUNDS, iterations=1, warmup_rounds=1)
