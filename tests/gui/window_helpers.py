"""The main window as the end-to-end tests drive it: file dialogs answered, the card clicked."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QPushButton

from gui.main_window import MainWindow
from gui.start_page import GameCard


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


def click_new_game(window: MainWindow, game_id: str) -> None:
    """Click the "New game" button on the game's start-page card."""
    card = next(c for c in window.findChildren(GameCard) if c.info.id == game_id)
    button = next(b for b in card.findChildren(QPushButton) if b.text() == "New game")
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
