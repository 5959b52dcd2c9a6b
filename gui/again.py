"""File → Play Again and every winner page's "Play again": the next game of the evening.

A club plays the same game again with the same people far more often than it starts afresh, and
New Game would have them type every name, colour, computer level and option again. The new game
takes the open game's setup whole (today's seats, after any Edit → Seats… change) and a fresh
seed. Who begins is left as the setup says: the rulebooks tie it to the players themselves (the
youngest attacks first), which a rematch does not change. Like seats.py, this module imports no
Qt class, so the first window pays nothing for it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

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
