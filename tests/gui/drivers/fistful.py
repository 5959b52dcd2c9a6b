"""The fistful boards (the map of Scar, the arena) as a player clicks them."""
from __future__ import annotations

from PySide6.QtWidgets import QGraphicsView

from tests.gui.drivers.base import click_at


def click_region(board: QGraphicsView, name: str) -> None:
    """A real mouse click on the region's anchor point, as a user would make it."""
    click_at(board, board.mapFromScene(board.anchor(name)))
