"""The main window as the end-to-end tests drive it: file dialogs answered, a game card's button clicked."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QPushButton, QWidget

from gui.main_window import MainWindow
from tests.gui.drivers.base import Driver, click


def new_window(qtbot, monkeypatch, save_path: Path, size: tuple[int, int] = (1280, 800)) -> MainWindow:
    """A shown main window whose Save/Open dialogs answer `save_path` and whose errors are collected
    in `window.errors` instead of modal boxes."""
    window = MainWindow()
    qtbot.addWidget(window)
    errors: list[str] = []
    monkeypatch.setattr(window, "show_error", lambda title, text: errors.append(text))
    monkeypatch.setattr(window, "ask_save_path", lambda suggested: str(save_path))
    monkeypatch.setattr(window, "ask_open_path", lambda: str(save_path))
    monkeypatch.setattr(window, "confirm_discard", lambda: "discard")
    window.errors = errors
    window.resize(*size)
    window.show()
    return window


class WindowDriver(Driver):
    def game_card(self, game_id: str) -> QWidget:
        cards = [c for c in self.root.findChildren(QWidget, "gameCard") if c.info.id == game_id]
        if not cards:
            raise LookupError(f"no start-page card for {game_id}")
        return cards[0]

    def click_new_game(self, game_id: str) -> None:
        """Click the "New game" button on the game's start-page card."""
        card = self.game_card(game_id)
        click(next(b for b in card.findChildren(QPushButton) if b.text() == "New game"))


def click_new_game(window: MainWindow, game_id: str) -> None:
    WindowDriver(window).click_new_game(game_id)
