"""The Linux release, end to end: build it, install it for a throw-away user, run the frozen
app headless, uninstall it (packaging/smoke.sh does the work; this runs it under pytest).

It takes a minute or two and needs PyPI, so it runs only when BATTLEBOX_PACKAGING=1, as
.ci/run sets it.
"""
from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NO_TOOLS = 3  # packaging/build.py: the build tools cannot be installed here

pytestmark = pytest.mark.packaging


def _why_not() -> str | None:
    if os.environ.get("BATTLEBOX_PACKAGING") != "1":
        return "set BATTLEBOX_PACKAGING=1 to build and smoke-test the frozen app (.ci/run does)"
    if sys.platform != "linux" or platform.machine() != "x86_64":
        return f"the Linux release is built on linux x86_64, not {sys.platform} {platform.machine()}"
    missing = [tool for tool in ("bash", "tar", "ldd", "objdump", "timeout") if not shutil.which(tool)]
    if missing:
        return f"build tools missing: {', '.join(missing)}"
    try:
        import ensurepip  # noqa: F401
        import venv  # noqa: F401
    except ImportError:
        return "this Python has no venv/ensurepip for the clean build venv"
    return None


@pytest.mark.timeout(1500)
def test_release_installs_runs_and_uninstalls(tmp_path):
    reason = _why_not()
    if reason:
        pytest.skip(reason)
    env = dict(os.environ, PYTHON=sys.executable, SMOKE_KEEP=str(tmp_path / "png"), BATTLEBOX_BUILD_SEED=sys.prefix)
    done = subprocess.run(["bash", str(ROOT / "packaging" / "smoke.sh")], cwd=ROOT, env=env,
                          capture_output=True, text=True)
    if done.returncode == NO_TOOLS:
        pytest.skip("PyInstaller or the app's dependencies cannot be installed here: "
                    + done.stderr.strip()[-300:])
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    assert "[smoke] all checks passed" in done.stdout
    for name in ("main-window", "scar-map", "game-throwdown", "save", "screenshot-main"):
        assert (tmp_path / "png" / f"{name}.png").stat().st_size > 10_000, name
