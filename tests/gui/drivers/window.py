"""The main window as the end-to-end tests drive it: file dialogs answered, a game card's button clicked."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton, QWidget

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


    # --- the keyboard ------------------------------------------------------------------------------
    def press(self, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
              to: QWidget | None = None) -> None:
        """A key as the user presses it: to the focused widget (or `to`), through the shortcuts."""
        QTest.keyClick(to or QApplication.focusWidget() or self.root, key, modifier)
        QApplication.processEvents()

    def tab(self, times: int = 1) -> list[QWidget]:
        """Press Tab `times` times; the widgets that had the focus after each press."""
        seen = []
        for _ in range(times):
            self.press(Qt.Key.Key_Tab)
            seen.append(QApplication.focusWidget())
        return seen

    def status(self) -> str:
        return self.root.statusBar().currentMessage()

    def menu_action(self, menu: str, text: str):
        """The action `text` (its & ignored) of the menu bar's `menu`, after the menu has been opened."""
        bar = self.root.menuBar()
        top = next(a.menu() for a in bar.actions() if a.text().replace("&", "") == menu)
        top.aboutToShow.emit()
        return next(a for a in top.actions() if a.text().replace("&", "") == text)


def click_new_game(window: MainWindow, game_id: str) -> None:
    WindowDriver(window).click_new_game(game_id)
