"""Layout helpers for views that rebuild parts of themselves on every change."""
from __future__ import annotations

from PySide6.QtWidgets import QLayout


def clear_layout(layout: QLayout) -> None:
    """Empty a layout; widgets are hidden now and deleted later (one may be mid-click)."""
    while layout.count():
        item = layout.takeAt(0)
        if item.widget() is not None:
            item.widget().hide()
            item.widget().deleteLater()
        elif item.layout() is not None:
            clear_layout(item.layout())


def side_width(total: int, share: float, least: int, most: int) -> int:
    """A side panel's width: its share of the view, within its least and most, so the board
    beside it keeps the rest of a big window and the panel stays usable on a small one."""
    return max(least, min(most, round(total * share)))
