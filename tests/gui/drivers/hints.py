"""The hint bar of any game view (gui/kit/hints.py), starting a game with chosen seats, and a hint asked."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QPushButton

from core import registry
from core.game import with_computers
from gui.main_window import MainWindow
from tests.gui.drivers.base import Driver, click
from tests.gui.drivers.window import WindowDriver, click_new_game, new_window


def start_with_seats(monkeypatch, window: MainWindow, game_id: str, levels: dict[int, str | None],
                     seed: int = 11, setup: Any = None) -> None:
    """New Game from the start page, answered with `setup` (default: the game's) whose seats play
    at `levels` (None: a human), as the dialog would answer."""
    setup = with_computers(setup if setup is not None else registry.get(game_id).default_setup(), levels)
    monkeypatch.setattr(window, "ask_new_game", lambda g: (setup, seed))
    click_new_game(window, game_id)


def set_hints(window: MainWindow, on: bool) -> None:
    """View → Hints, as the player ticks it."""
    action = WindowDriver(window).menu_action("View", "Hints")
    if action.isChecked() != on:
        action.trigger()


class HintDriver(Driver):
    """Drives `window.view`'s hint bar."""

    def button(self) -> QPushButton:
        return self.find("hintButton", QPushButton)

    def shown(self) -> bool:
        return self.find("hintBar").isVisibleTo(self.root)

    def can_ask(self) -> bool:
        return self.shown() and self.button().isEnabled()

    def ask(self) -> None:
        click(self.button(), on_screen_in=self.root, enabled=True)

    def press_shortcut(self) -> None:
        """Ctrl+H in the active window, where the player's focus is."""
        self.activate_window()
        QTest.keyClick(QApplication.focusWidget() or self.root.window(), Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)

    def play_button(self) -> QPushButton:
        return self.find("hintPlay", QPushButton)

    def can_play(self) -> bool:
        return self.shown() and self.play_button().isVisibleTo(self.root) and self.play_button().isEnabled()

    def play(self) -> None:
        click(self.play_button(), on_screen_in=self.root, enabled=True)

    def press_play_shortcut(self) -> None:
        self.activate_window()
        QTest.keyClick(QApplication.focusWidget() or self.root.window(), Qt.Key.Key_H,
                       Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)

    def advice(self) -> str:
        return self.find("hintAdvice", QLabel).text()

    def wait_for_advice(self, qtbot) -> str:
        qtbot.waitUntil(lambda: bool(self.advice()) and "Thinking" not in self.advice(), timeout=20000)
        return self.advice()


def quick_hints(monkeypatch, game_id: str) -> None:
    """The game's own knowledge with a tiny search budget, so a hint comes quickly."""
    import dataclasses

    from core.ai.knowledge import KNOWLEDGE

    monkeypatch.setitem(KNOWLEDGE, game_id, dataclasses.replace(KNOWLEDGE[game_id], iterations=(8, 8)))


def asked(qtbot, monkeypatch, tmp_path, game_id: str):
    """A new game with the human at seat 0 and Easy computers in the other seats, a hint asked
    and shown (on a tiny search): (window, view, hints)."""
    quick_hints(monkeypatch, game_id)
    window = new_window(qtbot, monkeypatch, tmp_path / "x.battlebox.json")
    seats = {i: None if i == 0 else "easy" for i in range(len(registry.get(game_id).default_setup().players))}
    start_with_seats(monkeypatch, window, game_id, seats)
    set_hints(window, True)
    hints = HintDriver(window.view)
    hints.ask()
    hints.wait_for_advice(qtbot)
    return window, window.view, hints
