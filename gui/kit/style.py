"""Styling without inline style sheets: roles the one stylesheet knows, and player colours.

A widget says what it is (`set_role(w, "hint")`) and `resources/style/*.qss` says how that looks.
Player colours are chosen at run time, which a static sheet cannot know, so `ColourLabel`
paints its own background and only tells the sheet whether its ink must be light or dark.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QWidget

from gui.kit.theme import text_colour_on


def repolish(widget: QWidget) -> None:
    """Make a property change show: Qt matches style rules only when a widget is polished."""
    style = widget.style()
    style.unpolish(widget)
    style.polish(widget)
    widget.update()


def set_role(widget: QWidget, role: str) -> None:
    """Give `widget` the look the stylesheet defines for `role` (a no-op when it already has it)."""
    if widget.property("role") != role:
        widget.setProperty("role", role)
        repolish(widget)


def set_ink(widget: QWidget, background: str | QColor) -> None:
    """Mark `widget` for light or dark ink, whichever reads better on `background`."""
    ink = "light" if text_colour_on(background).name() == "#ffffff" else "dark"
    if widget.property("ink") != ink:
        widget.setProperty("ink", ink)
        repolish(widget)
        for child in widget.findChildren(QWidget):
            repolish(child)


class ColourLabel(QLabel):
    """A label on a player's colour: a banner, a name chip, a score swatch."""

    def __init__(self, text: str = "", parent: QWidget | None = None, *, role: str = "banner",
                 radius: float = 8.0, objectName: str = "") -> None:
        super().__init__(text, parent)
        if objectName:
            self.setObjectName(objectName)
        self._colour: QColor | None = None
        self._radius = radius
        self.setProperty("role", role)

    @property
    def colour(self) -> QColor | None:
        return self._colour

    def set_colour(self, colour: str | QColor | None) -> None:
        """Paint on `colour` (None: no background, the page's ink)."""
        self._colour = QColor(colour) if colour is not None else None
        if self._colour is None:
            if self.property("ink") is not None:
                self.setProperty("ink", None)
                repolish(self)
        else:
            set_ink(self, self._colour)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        if self._colour is not None:
            p = QPainter(self)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(self._colour)
            p.drawRoundedRect(self.rect(), self._radius, self._radius)
            p.end()
        super().paintEvent(event)
