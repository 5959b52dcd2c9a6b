"""The search workers' fixture for tests whose windows have computer seats or hints."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QThreadPool


@pytest.fixture(autouse=True)
def workers_done():
    """A search still running when a test ends finishes before the next test (and before exit).
    A module that imports this runs it around each of its tests."""
    yield
    QThreadPool.globalInstance().waitForDone()
