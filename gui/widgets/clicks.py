"""Clicking a widget the way a mouse would, for the views' click-driving helpers (tests, demos)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget


def click(widget: QWidget | None, on_screen_in: QWidget | None = None) -> None:
    """Scroll the widget into view and click its centre; with `on_screen_in`, refuse a hidden one."""
    if widget is None:
        raise LookupError("no such widget on screen")
    if on_screen_in is not None:
        QApplication.processEvents()
        if not widget.isVisibleTo(on_screen_in):
            raise LookupError(f"{widget.objectName() or widget} is not on screen")
    scroll = widget.parentWidget()
    while scroll is not None and not isinstance(scroll, QScrollArea):
        scroll = scroll.parentWidget()
    if scroll is not None:
        scroll.ensureWidgetVisible(widget)
    QTest.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.rect().center())
