"""The side panel's unit lists, and the drop of a listed unit onto the tabletop (deployment).

A greyed entry carries the reason it cannot be chosen in its text and tooltip.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QMimeData, QObject, Qt
from PySide6.QtGui import QBrush, QColor, QDrag, QDragEnterEvent, QDragMoveEvent, QDropEvent, QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QListWidgetItem, QWidget

from gui.kit.style import set_role

if TYPE_CHECKING:
    from gui.powerspike.view import PowerSpikeView

MIME = "application/x-powerspike-unit"


class UnitList(QListWidget):
    """Units with their status; greyed entries carry the reason in their text and tooltip.

    Items can be dragged onto the tabletop (deployment); Enter or Space on a row clicks it.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setDragEnabled(True)
        self.setWordWrap(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        set_role(self, "psUnits")

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter or Space chooses the current row as a click does (Tab moves on, as ever)."""
        item = self.currentItem()
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and item is not None:
            self.itemClicked.emit(item)
            event.accept()
            return
        super().keyPressEvent(event)

    def startDrag(self, actions) -> None:
        item = self.currentItem()
        if item is None or not (item.flags() & Qt.ItemFlag.ItemIsEnabled):
            return
        drag = QDrag(self)
        data = QMimeData()
        data.setData(MIME, item.data(Qt.ItemDataRole.UserRole).encode())
        drag.setMimeData(data)
        drag.exec(Qt.DropAction.MoveAction)


class DropFilter(QObject):
    """Lets the tabletop's viewport take units dragged from the deployment list."""

    def __init__(self, view: PowerSpikeView) -> None:
        super().__init__(view)
        self.view = view

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
            ev: QDragEnterEvent | QDragMoveEvent = event  # type: ignore[assignment]
            if ev.mimeData().hasFormat(MIME):
                uid = bytes(ev.mimeData().data(MIME)).decode()
                x, y = self.view.table_point(ev.position().toPoint())
                self.view.preview_deploy(uid, x, y)
                ev.acceptProposedAction()
                return True
        elif kind == QEvent.Type.Drop:
            ev2: QDropEvent = event  # type: ignore[assignment]
            if ev2.mimeData().hasFormat(MIME):
                uid = bytes(ev2.mimeData().data(MIME)).decode()
                x, y = self.view.table_point(ev2.position().toPoint())
                self.view.deploy(uid, x, y)
                ev2.acceptProposedAction()
                return True
        return False


def fill_list(widget: UnitList, rows: Sequence[tuple[str, str, str]], current: str | None) -> None:
    """rows: (unit id, text, reason it cannot be chosen or '')."""
    widget.clear()
    for uid, text, reason in rows:
        item = QListWidgetItem(text + (f"\n   \u2715 {reason}" if reason else ""))
        item.setData(Qt.ItemDataRole.UserRole, uid)
        item.setToolTip(reason or text)
        if reason:
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            item.setForeground(QBrush(QColor("#9ca3af")))
        widget.addItem(item)
        if uid == current and not reason:
            widget.setCurrentItem(item)
