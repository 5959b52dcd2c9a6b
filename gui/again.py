"""File → Play Again and every winner page's "Play again": the next game of the evening.

A club plays the same game again with the same people far more often than it starts afresh, and
New Game would have them type every name, colour, computer level and option again. The new game
takes the open game's setup whole (today's seats, after any Edit → Seats… change) and a fresh
seed. Who begins is left as the setup says: the rulebooks tie it to the players themselves (the
youngest attacks first), which a rematch does not change.

New Game opens on the last setup of its game (`Remembered`), kept in the data folder so the
next evening starts where this one ended. Like seats.py, this module imports no Qt class, so the
first window pays nothing for it.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from gui.kit.actions import AGAIN_TIP, explain

if TYPE_CHECKING:
    from gui.main_window import MainWindow

TIP = AGAIN_TIP


def why_not(window: MainWindow) -> str | None:
    """Why Play Again cannot be used now (its tooltip and the status bar say it), or None."""
    return "No game is open." if window.controller is None else None


def refresh_action(window: MainWindow) -> None:
    explain(window.again_action, why_not(window), TIP)


def play_again(window: MainWindow) -> bool:
    """Start the open game's setup afresh; unsaved changes are asked about as New Game asks."""
    from core.text import listing

    reason = why_not(window)
    if reason is not None or window._busy:
        if reason is not None:
            window.statusBar().showMessage(reason, 5000)
        return False
    match = window.controller.match
    if not window.start_new_game(match.game_id, match.setup):
        return False
    names = listing([p.name for p in match.setup.players])
    window.statusBar().showMessage(f"A new game of {match.game.title} for {names}.", 10000)
    return True


class Remembered:
    """The last setup of each game, for New Game to open on: read once from the data folder
    (core/last_setups.py) and written back as each game is shown. A file that cannot be read is
    said once and never written over, so nothing in it is lost; the window then remembers only
    what it shows. `persist=False` (screenshot windows) keeps the data folder out of it."""

    def __init__(self, persist: bool = True) -> None:
        self.persist = persist
        self.setups: dict[str, Any] | None = None
        self.problem: str | None = None  # said before the next New Game dialog, then forgotten
        self.broken = False
        self.unread: dict[str, Any] = {}  # entries this release cannot read, written back as they were

    def _path(self) -> Path:
        from core.last_setups import FILE_NAME
        from gui import storage

        return storage.data_dir() / FILE_NAME

    def _loaded(self) -> dict[str, Any]:
        if self.setups is None:
            self.setups = {}
            if self.persist:
                from core.last_setups import read
                from maps.datafile import DataError

                try:
                    self.setups, problems, self.unread = read(self._path())
                    if problems:
                        self.problem = (f"Some games' last players could not be read ({'; '.join(problems)}): "
                                        "those games open on their defaults.")
                except (DataError, OSError) as e:
                    self.broken = True
                    self.problem = (f"Your last players could not be read ({e}): the defaults show, and the file "
                                    "is left as it is, not written to.")
        return self.setups

    def get(self, game_id: str) -> tuple[Any, str | None]:
        """(the last setup of `game_id` or None, why the remembered setups could not all be read,
        the first time it is asked)."""
        setup = self._loaded().get(game_id)
        problem, self.problem = self.problem, None
        return setup, problem

    def keep(self, game_id: str, setup: Any) -> str | None:
        """Remember `setup` as `game_id`'s last; the reason it could not be written, or None."""
        setups = self._loaded()
        if setups.get(game_id) == setup:
            return None  # a reopened save or a replay of the same table: nothing new to write
        setups[game_id] = setup
        self.unread.pop(game_id, None)
        if not self.persist or self.broken:
            return None
        from core.last_setups import write

        try:
            write(self._path(), setups, self.unread)
        except OSError as e:
            return f"Cannot keep the players for next time in {self._path()}: {e.strerror or e}"
        return None
