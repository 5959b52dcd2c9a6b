"""A player's name where a narrow place shows it: New Game takes forty letters.

A label fits the name to its room (ElidedLabel, ElidedColourLabel); a button, which a layout
will not shrink below its text, takes a name cut by letters (cut_name).
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget

from gui.kit.style import ColourLabel

SHORT_NAME = 20  # the most letters of a name a button shows, and the room a panel's name asks for
SHORT_LETTERS = 6  # an elided label keeps at least this many letters before its ellipsis


def cut_name(name: str, letters: int = SHORT_NAME) -> str:
    """`name`, or its start with an ellipsis: at a word's end where one comes late enough. The
    whole name stands where there is room (a title, a tooltip)."""
    if len(name) <= letters:
        return name
    cut = name[:letters - 1]
    return (cut[:cut.rindex(" ")] if " " in cut[8:] else cut).rstrip() + "\u2026"


class _Elides:
    """What makes a label one line that ends in an ellipsis when its room runs short, and then
    says its whole text as a tooltip (mixed into a QLabel class)."""

    _whole = ""
    _asks: int | None = None  # the letters' width it asks for at most (None: its whole text)

    def whole(self) -> str:
        return self._whole

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        """`asks` set, it may grow past what it asks for, but never past its whole text."""
        self._whole = text
        if self._asks is not None:
            m = self.contentsMargins()
            self.setMaximumWidth(self.fontMetrics().horizontalAdvance(text) + 2 + m.left() + m.right())
        self._fit()
        self.updateGeometry()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        m, metrics = self.contentsMargins(), self.fontMetrics()
        width = metrics.horizontalAdvance(self._whole) + 2
        if self._asks is not None:
            width = min(width, metrics.averageCharWidth() * self._asks)
        return QSize(width + m.left() + m.right(), super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        m = self.contentsMargins()
        least = self.fontMetrics().horizontalAdvance(self._whole[:SHORT_LETTERS] + "\u2026")
        return QSize(min(least, self.sizeHint().width()) + m.left() + m.right(), super().minimumSizeHint().height())

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        """The style sheet's font comes after the text: measure it again in that font."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self.setText(self._whole)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        shown = self.fontMetrics().elidedText(self._whole, Qt.TextElideMode.ElideRight, self.contentsRect().width())
        super().setText(shown)
        self.setToolTip(self._whole if shown != self._whole else "")


class ElidedLabel(_Elides, QLabel):
    """A name in a panel's header, which should not widen the panel. With `asks`, a long text
    leaves its neighbours their room; a stretch factor in its layout lets it grow where there is room."""

    def __init__(self, text: str = "", parent: QWidget | None = None, *, objectName: str = "",
                 asks: int | None = None) -> None:
        QLabel.__init__(self, parent)
        if objectName:
            self.setObjectName(objectName)
        self._asks = asks
        self.setText(text)


class ElidedColourLabel(_Elides, ColourLabel):
    """A name on its player's colour (a winner's band): whole where it fits, else cut to fit."""

    def __init__(self, text: str = "", parent: QWidget | None = None, **colour: Any) -> None:
        ColourLabel.__init__(self, "", parent, **colour)
        self.setText(text)
