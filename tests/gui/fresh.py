"""Python code run in a fresh process on Qt's offscreen platform, from the repository's root: how a
test sees what a first window loads, since the test process itself has loaded everything."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_fresh(code: str, **env: str) -> list[str]:
    """The lines `code` prints; `env` adds to the environment. A failure raises with its stderr."""
    environ = dict(os.environ, QT_QPA_PLATFORM="offscreen", **env)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=environ,
                          cwd=str(ROOT), timeout=120).stdout.splitlines()
