"""The base every game's view extends: the contract the main window relies on.

The window connects `finished_requested` to the start page and docks `scores_widget()`;
`PRIMARY_CONTROLS` and `BOARD` name (by object name) the controls and the board that must stay
visible at every window size, which the layout checks verify. Declaring them here lets the
window use every view the same way instead of probing each one for what it offers.
"""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget


class GameView(QWidget):
    """A game's whole play area, built for one MatchController."""

    finished_requested = Signal()

    PRIMARY_CONTROLS: tuple[str, ...] = ()  # object names of the controls a player uses most
    BOARD: str | None = None  # object name of the widget that shows the board or table

    def scores_widget(self) -> QWidget | None:
        """The widget for the window's scores dock; None leaves the dock's placeholder."""
        return None
