"""Start-up time to the first shown window, Battlebox vs a bare PySide6 window.

Both run in a fresh interpreter so imports count; read the 1.5x goal off the report.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

BATTLEBOX = """
from PySide6.QtWidgets import QApplication
app = QApplication([])
from gui.main_window import MainWindow
w = MainWindow(autosave=False)
w.show()
app.processEvents()
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


def test_startup_battlebox(benchmark, tmp_path):
    benchmark.pedantic(_launcher(BATTLEBOX, tmp_path), rounds=3, iterations=1, warmup_rounds=1)


def test_startup_bare_pyside6(benchmark, tmp_path):
    benchmark.pedantic(_launcher(BARE, tmp_path), rounds=3, iterations=1, warmup_rounds=1)
