"""The layout board's referee parts as a referee drives them: typing a chip's position, the reach
table and warnings, ruling a pair with Shift/Ctrl+click and exporting the ruling sheet."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDoubleSpinBox, QLabel, QListWidget, QTableWidget, QWidget

from gui.clout.canvas import CloutCanvas
from tests.gui.drivers.base import click, find
from tests.gui.drivers.clout_canvas import chip_view_pos


def type_position(board: QWidget, x_cm: float, y_cm: float) -> None:
    """Type both coordinates and press Enter in the second, as a referee would."""
    for name, value in (("chipX", x_cm), ("chipY", y_cm)):
        box = find(board, name, QDoubleSpinBox)
        box.setFocus()
        box.selectAll()
        QTest.keyClicks(box, f"{value:.2f}")
    QTest.keyClick(find(board, "chipY", QDoubleSpinBox), Qt.Key.Key_Return)


def shown_position(board: QWidget) -> tuple[float, float]:
    return find(board, "chipX", QDoubleSpinBox).value(), find(board, "chipY", QDoubleSpinBox).value()


def reach_rows(board: QWidget) -> list[list[str]]:
    table = find(board, "reachTable", QTableWidget)
    return [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]


def click_reach_row(board: QWidget, row: int) -> None:
    table = find(board, "reachTable", QTableWidget)
    table.scrollToItem(table.item(row, 0))
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     table.visualItemRect(table.item(row, 0)).center())


def warnings_shown(board: QWidget) -> list[str]:
    lst = find(board, "layoutWarnings", QListWidget)
    return [lst.item(i).text() for i in range(lst.count())]


def ruling_text(board: QWidget) -> str:
    return find(board, "rulingText", QLabel).text()


def cursor_readout(board: QWidget) -> str:
    return find(board, "cursorReadout", QLabel).text()


def hover(canvas: CloutCanvas, at: QPoint) -> None:
    """The pointer moving over the area to `at`, no button held (sent to the area itself: the
    offscreen platform may route a synthetic cursor move to another test's window)."""
    vp = canvas.viewport()
    event = QMouseEvent(QEvent.Type.MouseMove, QPointF(at), QPointF(vp.mapToGlobal(at)), Qt.MouseButton.NoButton,
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(vp, event)


def rule_with_click(canvas: CloutCanvas, first: str, second: str, ctrl: bool = False) -> None:
    """Click one chip, then Ctrl+ (or Shift+) click another."""
    vp = canvas.viewport()
    QTest.mouseClick(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, chip_view_pos(canvas, first))
    mods = Qt.KeyboardModifier.ControlModifier if ctrl else Qt.KeyboardModifier.ShiftModifier
    QTest.mouseClick(vp, Qt.MouseButton.LeftButton, mods, chip_view_pos(canvas, second))


def export(board: QWidget, fmt: str) -> None:
    click(find(board, "exportRulingPdf" if fmt == "pdf" else "exportRulingPng"), on_screen_in=board, enabled=True)
