"""The main window as the end-to-end tests drive it (the page object lives in tests/gui/drivers/window.py)."""
from __future__ import annotations

from tests.gui.drivers.window import click_new_game, new_window

__all__ = ["click_new_game", "new_window"]
