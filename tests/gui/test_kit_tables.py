"""Rows that follow their columns' widths, and tables as tall as their rows (gui/kit/tables.py)."""
from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QHeaderView, QTableWidget, QTableWidgetItem

from gui.kit.tables import keep_rows_fitted, whole_height

pytestmark = pytest.mark.gui
TEXT = "alpha beta gamma delta epsilon"


def wrapped_table(qtbot, width: int) -> QTableWidget:
    table = QTableWidget(2, 1)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    table.setItem(0, 0, QTableWidgetItem(TEXT))
    table.setItem(1, 0, QTableWidgetItem("short"))
    qtbot.addWidget(table)
    table.resize(width, 300)
    table.show()
    qtbot.waitExposed(table)
    table.resizeRowsToContents()
    return table


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def test_rows_grow_when_their_column_narrows_and_shrink_when_it_widens(qtbot):
    fitted, plain = wrapped_table(qtbot, 500), wrapped_table(qtbot, 500)
    one_line = fitted.rowHeight(0)
    keep_rows_fitted(fitted)
    for table in (fitted, plain):
        table.resize(110, 300)
    settle()
    assert plain.rowHeight(0) == one_line, "Qt refits rows by itself after all"
    assert fitted.rowHeight(0) > one_line
    assert fitted.sizeHintForRow(0) <= fitted.rowHeight(0)
    fitted.resize(500, 300)
    settle()
    assert fitted.rowHeight(0) == one_line


def test_a_table_sized_by_its_refit_shows_every_row_without_scrolling(qtbot):
    table = wrapped_table(qtbot, 500)
    one_line = table.rowHeight(0)
    table.setFixedHeight(whole_height(table))
    keep_rows_fitted(table, lambda: table.setFixedHeight(whole_height(table)))
    table.setFixedWidth(110)
    settle()
    assert table.rowHeight(0) > one_line
    rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
    assert table.height() == whole_height(table) >= rows + table.horizontalHeader().height()
    assert table.verticalScrollBar().maximum() == 0
