"""The Clout layout board as a referee drives it: undo and redo, arrow nudges and Esc on the area
(placing and picking chips: tests/gui/test_clout_layout_board.py with drivers/clout_canvas.py)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGraphicsView, QWidget

from tests.gui.drivers.base import click, find


def layout_undo(board: QWidget) -> None:
    click(find(board, "layoutUndo"), on_screen_in=board, enabled=True)


def layout_redo(board: QWidget) -> None:
    click(find(board, "layoutRedo"), on_screen_in=board, enabled=True)


def can_undo(board: QWidget) -> bool:
    return find(board, "layoutUndo").isEnabled()


def arrow(canvas: QGraphicsView, key: Qt.Key, shift: bool = False) -> None:
    """An arrow key on the area, which takes the focus first (Shift: ten steps)."""
    canvas.setFocus()
    mods = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    QTest.keyClick(canvas, key, mods)


def escape(widget: QWidget) -> None:
    widget.setFocus()
    QTest.keyClick(widget, Qt.Key.Key_Escape)


def press_enter(widget: QWidget) -> None:
    widget.setFocus()
    QTest.keyClick(widget, Qt.Key.Key_Return)
