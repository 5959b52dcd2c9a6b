"""Start the app the way the `battlebox` command does and stop at its first paint.

Run in a fresh interpreter (`python -m tests.startup_probe`): it prints one JSON line saying which
heavy libraries were already imported when the main window first painted. The ledger's database
library must not be among them: SQLAlchemy alone costs 210-290 ms to import here, so the ledger
opens after the first paint, off the UI thread. tests/benchmarks/test_startup.py times the same
start.
"""
from __future__ import annotations

import json
import sys

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

WATCHED = ("sqlalchemy", "alembic", "openskill", "pg8000")


class _FirstPaint(QObject):
    """Notes what is imported when a main window first paints, then ends the event loop."""

    def __init__(self, app: QApplication) -> None:
        super().__init__()
        self.app = app
        self.found: dict[str, bool] | None = None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if self.found is None and event.type() == QEvent.Type.Paint and isinstance(watched, QMainWindow):
            loaded = {name.split(".")[0] for name in sys.modules}
            self.found = {lib: lib in loaded for lib in WATCHED}
            QTimer.singleShot(0, self.app.quit)
        return False


def main() -> int:
    app = QApplication(sys.argv[:1])
    spy = _FirstPaint(app)
    app.installEventFilter(spy)
    QTimer.singleShot(60_000, app.quit)
    from gui.cli import main as battlebox

    code = battlebox([])
    print(json.dumps({"painted": spy.found is not None, "imported_at_first_paint": spy.found or {},
                      "exit": code}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
