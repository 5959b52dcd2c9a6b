"""A small key to the element dice: each symbol next to the element it stands for.

The symbols are drawn shapes (no emoji font), so a new player needs them named once.
"""
from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from gui.impact.symbols import FACE_LABELS, INK, paint_die

DIE = 20
ROW = 26
COLUMNS = 3


class ElementLegend(QWidget):
    """Fire, water, stone, air, lightning and blank with their dice, in rows of three."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("elementLegend")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setToolTip("The element dice: each face's symbol and the element it stands for.")

    @property
    def faces(self) -> tuple[str, ...]:
        return tuple(FACE_LABELS)

    def _rows(self) -> int:
        return -(-len(self.faces) // COLUMNS)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(COLUMNS * 96, self._rows() * ROW + 4)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(COLUMNS * 84, self._rows() * ROW + 4)

    def entry_rect(self, i: int) -> QRectF:
        """Where face number `i` (die and name) is drawn."""
        row, col = divmod(i, COLUMNS)
        w = self.width() / COLUMNS
        return QRectF(col * w, 2 + row * ROW, w, ROW)

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont(self.font())
        font.setPixelSize(12)
        p.setFont(font)
        for i, face in enumerate(self.faces):
            r = self.entry_rect(i)
            paint_die(p, QRectF(r.x() + 2, r.y() + (ROW - DIE) / 2, DIE, DIE), face)
            p.setPen(QColor(INK))
            p.drawText(r.adjusted(DIE + 8, 0, 0, 0), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                       FACE_LABELS[face])
        p.end()
