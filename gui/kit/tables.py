"""Tables whose rows stay as tall as their wrapped text, and tables as tall as all their rows.

Qt fits a row's height to its text only when told, so a row fitted while its column was still
narrow or wide keeps a height that cuts its text or leaves a gap once the column settles.
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QTableView


def whole_height(table: QTableView) -> int:
    """The height that shows the header and every row with no scroll bar."""
    header = table.horizontalHeader()
    head = 0 if header.isHidden() else max(header.height(), header.sizeHint().height())
    rows = sum(table.rowHeight(r) for r in range(table.model().rowCount()))
    return head + rows + 2 * table.frameWidth() + 2


def keep_rows_fitted(table: QTableView, refitted: Callable[[], None] | None = None) -> None:
    """Fit the rows to their text again whenever a column changes width, once the resize is over
    (the new widths count only then); `refitted` runs after each fit, e.g. to size the table."""
    timer = QTimer(table, singleShot=True, interval=0)

    def fit() -> None:
        table.resizeRowsToContents()
        if refitted is not None:
            refitted()

    timer.timeout.connect(fit)
    table.horizontalHeader().sectionResized.connect(lambda *_: timer.start())
