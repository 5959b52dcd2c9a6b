import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path_factory, monkeypatch):
    """No test touches the user's data folder, and parallel test workers never share one."""
    if "BATTLEBOX_DATA_DIR" not in os.environ:
        monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    # Animations are off in tests unless one asks for them (monkeypatch.setenv(..., "1")).
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", os.environ.get("BATTLEBOX_ANIMATIONS", "0"))
    # Computer seats move as fast as the machine goes (the pace setting at its fastest).
    monkeypatch.setenv("BATTLEBOX_COMPUTER_SPEED", os.environ.get("BATTLEBOX_COMPUTER_SPEED", "Instant"))
    # The window opens no ledger by itself and records nothing unless a test asks (gui/kit/ledger_service.py).
    monkeypatch.setenv("BATTLEBOX_LEDGER", os.environ.get("BATTLEBOX_LEDGER", "0"))

# CI runs the same examples every time (a failure there is reproducible), with no per-example deadline
# (the machine has 2 cores shared with Qt tests).
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

# Benchmarks have their own command (`bash packaging/dev.sh bench`); the test command skips them.
collect_ignore_glob = [] if os.environ.get("BATTLEBOX_BENCH") else ["benchmarks/*"]


def pytest_collection_modifyitems(config, items):
    """The packaging tests (the frozen build takes a minute or two in CI) run first: collected
    last, they kept one worker busy alone at the end while the other had finished."""
    items[:] = sorted(items, key=lambda item: item.path.parent.name != "packaging")


def pytest_runtest_teardown(item):
    """Widgets a test leaves behind are deleted now, after pytest-qt has closed them. Its
    `deleteLater` would otherwise wait for the next event loop, a later test's: a loading job's
    nested loop then destroyed a whole earlier window while the job's app-wide input filter was
    installed (one segfault in a loaded CI run)."""
    widgets = sys.modules.get("PySide6.QtWidgets")
    if widgets is not None and widgets.QApplication.instance() is not None:
        from PySide6.QtCore import QCoreApplication, QEvent

        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
