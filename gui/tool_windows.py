"""The main window's club tools, each in a window of its own beside the game: the Clout layout
board and stack builder, the Power Spike army builder and the club ledger.

A tool that can start a game hands its setup to `play_from_tool`, so no tool reaches up into the
main window; one that cannot open (its data files damaged) says why, and the game open stays.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QWidget

from gui.kit.stylesheet import apply_theme


class ToolWindows:
    """Mixed into MainWindow (a QMainWindow with `start_new_game` and `show_error`)."""

    if TYPE_CHECKING:
        def start_new_game(self, game_id: str, setup: Any = None, seed: int | None = None) -> bool: ...
        def show_error(self, title: str, text: str) -> None: ...
        def findChildren(self, kind: type[QWidget]) -> list[QWidget]: ...  # noqa: N802 (Qt's)
        def raise_(self) -> None: ...
        def activateWindow(self) -> None: ...  # noqa: N802 (Qt's)

    def _close_tool_windows(self) -> bool:
        """Close the tool windows first, so one with unsaved work (the layout board) may ask; False
        when one stays open (its user cancelled), and then the app stays open too."""
        tools = [w for w in self.findChildren(QWidget) if w.isWindow() and w.isVisible() and w is not self]
        return all(w.close() for w in tools)

    def open_army_builder(self) -> QWidget | None:
        """The Power Spike armies dialog (non-modal); its start button starts the game here."""
        return self._open_tool_window("Power Spike armies", self._build_army_builder)

    def _build_army_builder(self) -> QWidget:
        from PySide6.QtCore import Qt

        from gui.powerspike.armies_dialog import ArmiesDialog

        dialog = ArmiesDialog(lambda setup: self.play_from_tool("power-spike", setup), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.armies_dialog = dialog
        dialog.show()
        return dialog

    def open_clout_layout_board(self) -> QWidget | None:
        """The Clout Fantasy layout board in its own window, beside whatever game is open."""
        def build() -> QWidget:
            from gui.clout.layout_board import open_layout_board

            board = self.clout_layout_board = open_layout_board(self)
            board.play_requested.connect(lambda setup: self.play_from_tool("clout", setup))
            return board

        return self._open_tool_window("the Clout layout board", build)

    def play_from_tool(self, game_id: str, setup: Any, seed: int | None = None) -> bool:
        """A tool window's "play this" (armies, a stack, a layout's position): the game starts here,
        and this window comes in front of the tool."""
        started = self.start_new_game(game_id, setup, seed)
        if started:
            self.raise_()
            self.activateWindow()
        return started

    def open_tool(self, tool_id: str) -> QWidget | None:
        """A club tool from its start-page card (the same windows as the Tools menu)."""
        from gui.tools import TOOL

        return TOOL[tool_id].open(self)

    def open_clout_stacks(self) -> QWidget | None:
        """The Clout Fantasy stack builder in its own window."""
        return self._open_tool_window("Clout stacks", self._build_clout_stacks)

    def _build_clout_stacks(self) -> QWidget:
        from PySide6.QtCore import Qt

        from gui.clout.stack_builder import StackBuilder

        builder = StackBuilder()
        builder.setParent(self, Qt.WindowType.Window)
        builder.setWindowTitle("Clout Fantasy stacks — Battlebox")
        builder.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        builder.resize(1100, 720)
        builder.play_requested.connect(lambda setup, seed: self.play_from_tool("clout", setup, seed))
        self.clout_stack_builder = builder
        builder.show()
        return builder

    def open_ledger(self) -> QWidget | None:
        from gui.ledger.window import open_ledger

        return self._open_tool_window("the club ledger", lambda: open_ledger(self))

    def _open_tool_window(self, what: str, build: Callable[[], QWidget]) -> QWidget | None:
        """A tool whose data files are damaged says so; the window and the game stay as they were."""
        from gui.opening import player_errors, unexpected

        apply_theme()  # tools are styled by their games' sheets, not only the start page's
        try:
            return build()
        except player_errors() as e:
            self.show_error(f"Cannot open {what}", str(e))
        except Exception as e:
            self.show_error(f"Cannot open {what}", unexpected(e))
        return None

