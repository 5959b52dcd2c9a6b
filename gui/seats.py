"""Edit → Seats…: hand a seat to the computer mid-game, or take one over from it.

A club evening changes shape: a player leaves and the computer finishes their game, or someone
arrives and takes over a computer's seat. The match is replayed on the new seats off the UI
thread (`Match.reseated`), and the change is kept in the save, so the log says who played
from where and the ledger rates nobody for a game two hands shared. The dialog lives in
gui/seats_dialog.py: the first window imports this module, and no dialog class with it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gui.kit.actions import explain

if TYPE_CHECKING:
    from core.match import Match
    from core.saves import Reseat
    from gui.main_window import MainWindow

TITLE = "Cannot change the seats"
TIP = "Hand a seat to the computer, or take one over from it"


def seat_line(match: Match, change: Reseat) -> str:
    """The log's line for a seat that changed hands, worded from the facts kept."""
    name = match.setup.players[change.seat].name
    who = "a person" if change.computer is None else f"the computer ({change.computer.capitalize()})"
    return f"{name}'s seat is played by {who} from here."


def why_not(window: MainWindow) -> str | None:
    """Why Seats… cannot be used now (its tooltip and the status bar say it), or None."""
    controller = window.controller
    if controller is None:
        return "No game is open."
    if controller.replaying:
        return "A replay cannot change its seats; continue from a step to play on."
    if controller.match.is_over:
        return "The game is over."
    return None


def refresh_action(window: MainWindow) -> None:
    explain(window.seats_action, why_not(window), TIP)


def change_seats(window: MainWindow) -> bool:
    """Ask, replay the match on the new seats, and put it in the window in place of the old one;
    any refusal leaves the open game as it was."""
    from core.errors import IllegalSetup
    from gui.controller import MatchController
    from gui.loading import Cancelled, run_with_progress
    from gui.opening import unexpected

    reason = why_not(window)
    if reason is not None or window._busy:
        if reason is not None:
            window.statusBar().showMessage(reason, 5000)
        return False
    old, view = window.controller, window.view
    match = old.match
    view.stop_computer()  # the game holds still while the seats are chosen and the match replayed
    levels = window.ask_seats(match)
    if levels is None or all(match.setup.players[s].computer == level for s, level in levels.items()):
        return _resume(window, view, None)
    window._busy = True
    try:
        new = run_with_progress(window, "Changing seats…", lambda progress: match.reseated(levels, progress))
    except Cancelled:
        return _resume(window, view, None)
    except IllegalSetup as e:
        return _resume(window, view, str(e))
    except Exception as e:  # a rules bug must not take the open game down with it
        return _resume(window, view, unexpected(e))
    finally:
        window._busy = False
    controller = MatchController(new, path=old.path)
    controller.origin = old.origin
    controller.dirty = True
    notes = list(view.log_notes)
    if not window._install(controller):  # it said why; the game stays as it was
        return _resume(window, view, None)
    window.view.log_notes = notes
    window._refresh_log()
    changes = new.reseats[len(match.reseats):]
    window.statusBar().showMessage(seat_line(new, changes[0]) if len(changes) == 1 else
                                   f"{len(changes)} seats changed hands; the log says who plays them now.", 10000)
    return True


def _resume(window: MainWindow, view: Any, error: str | None) -> bool:
    if error is not None:
        window.show_error(TITLE, error)
    view.refresh()  # a computer seat whose turn it is thinks again
    return False
