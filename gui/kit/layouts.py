"""Layout helpers for views that rebuild parts of themselves on every change."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QLayout, QScrollArea, QWidget
from shiboken6 import isValid


def clear_layout(layout: QLayout) -> None:
    """Empty a layout; widgets are hidden now and deleted later (one may be mid-click)."""
    while layout.count():
        item = layout.takeAt(0)
        if item.widget() is not None:
            item.widget().hide()
            item.widget().deleteLater()
        elif item.layout() is not None:
            clear_layout(item.layout())


class _ResizeWatch(QObject):
    def __init__(self, on_resize: Callable[[], None], parent: QObject) -> None:
        super().__init__(parent)
        self._on_resize = on_resize

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Resize:
            self._on_resize()
        return False


def on_resize(widget: QWidget, call: Callable[[], None]) -> QObject:
    """Call `call` after every resize of `widget` (a scroll area's viewport: its size is known only
    once the layout has run, after the view's own resize); the watcher lives as long as `widget`."""
    watch = _ResizeWatch(call, widget)
    widget.installEventFilter(watch)
    return watch


def side_width(total: int, share: float, least: int, most: int) -> int:
    """A side panel's width: its share of the view, within its least and most, so the board
    beside it keeps the rest of a big window and the panel stays usable on a small one."""
    return max(least, min(most, round(total * share)))


def keep_in_view(scroll: QScrollArea, target: Callable[[], QWidget | None]) -> Callable[[], None]:
    """Scroll `target()` (the thing to act on) into view whenever the scroll range changes, as
    content below it settles or wraps; returns the function that does it, to call after a redraw."""
    def show() -> None:
        widget = target()
        if widget is not None and isValid(widget):
            scroll.ensureWidgetVisible(widget, 0, 0)

    scroll.verticalScrollBar().rangeChanged.connect(lambda _low, _high: show())
    return show
