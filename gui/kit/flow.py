"""Same-sized widgets side by side, wrapping onto further lines when their room is narrow.

A hand of cards or a fistful of fighters is never cut off and no piece covers another, at any
window width: the panel around it can be as narrow as one piece.
"""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QWidget


class WidgetFlow(QWidget):
    """Lays out `items` (all the size of the first) in rows, as many to a row as the width holds."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 4) -> None:
        super().__init__(parent)
        self.spacing = spacing
        self.items: list[QWidget] = []

    def set_items(self, items: Sequence[QWidget]) -> None:
        for w in self.items:
            w.hide()
            w.deleteLater()
        self.items = list(items)
        for w in self.items:
            w.setParent(self)
            w.show()
        self.updateGeometry()
        self._place()

    def _item(self) -> QSize:
        return self.items[0].size() if self.items else QSize(0, 0)

    def columns(self, width: int) -> int:
        step = self._item().width() + self.spacing
        return max(1, min(len(self.items), (width + self.spacing) // max(1, step)))

    def rows_height(self, width: int) -> int:
        if not self.items:
            return 0
        rows = -(-len(self.items) // self.columns(width))
        return rows * self._item().height() + (rows - 1) * self.spacing

    def sizeHint(self) -> QSize:
        n, item = len(self.items), self._item()
        return QSize(max(0, n * (item.width() + self.spacing) - self.spacing), self.height())

    def minimumSizeHint(self) -> QSize:
        return QSize(self._item().width(), self.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place()

    def _place(self) -> None:
        # the height is fixed to the rows the width calls for: layouts that read size hints only
        # (a card of fixed or maximum height, a scroll area) still make room for every row
        height = self.rows_height(self.width())
        if self.minimumHeight() != height or self.maximumHeight() != height:
            self.setFixedHeight(height)
        cols = self.columns(self.width())
        item = self._item()
        for i, w in enumerate(self.items):
            row, col = divmod(i, cols)
            w.move(col * (item.width() + self.spacing), row * (item.height() + self.spacing))
