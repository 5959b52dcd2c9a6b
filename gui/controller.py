"""The thin controller between a Match and the widgets that show it.

Views never change a match directly: they call `apply`, and redraw when `changed` fires.
A refused action becomes `refused(reason)` for the view to show; the match is untouched.
Unsaved changes are the difference between the action log and the log last saved, so undoing
back to the saved position, or a restored game that matches its file, needs no saving.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from core.errors import IllegalAction
from core.game import CHANCE
from core.match import Match


class MatchController(QObject):
    changed = Signal()
    refused = Signal(str)
    replaying = False  # a replay's controller (gui/replay) shows steps and refuses every action

    def __init__(self, match: Match, path: str | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.match = match
        self.path = path
        self.origin: str | None = None  # the file a game came from when it may not be saved back there
        self._saved: tuple[Any, ...] | None = match.actions

    @property
    def dirty(self) -> bool:
        """True when the game has changes no file holds: the window asks before losing them."""
        return self._saved is None or self.match.actions != self._saved

    @dirty.setter
    def dirty(self, value: bool) -> None:
        self._saved = None if value else self.match.actions

    def apply(self, action: Any) -> bool:
        return self._change(lambda: self.match.apply(action))

    def play_chance(self) -> bool:
        """Simulated mode: let the seeded chance actor make its move (a throw, a draw...)."""
        if self.match.actor != CHANCE:
            self.refused.emit("It is not time for a throw.")
            return False
        return self.apply(self.match.chance_action())

    def undo(self) -> bool:
        """Back to where a person was to act: the computers' moves since go too (Match.undo_turn)."""
        return self._change(self.match.undo_turn)

    def redo(self) -> bool:
        return self._change(self.match.redo)

    def _change(self, change: Callable[[], object]) -> bool:
        try:
            change()
        except IllegalAction as e:
            self.refused.emit(e.reason)
            return False
        self.changed.emit()
        return True
