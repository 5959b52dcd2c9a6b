"""Edit → Review with the Computer…: a finished game's decisions beside the computer's.

After the game a player wants to know where it turned: which of their choices the computer would
have made otherwise, and what the numbers said. The review (core/ai/review.py) asks the Normal
computer at every decision a person made, off the UI thread with the window's progress dialog,
and the dialog (gui/review_dialog.py) lists them; "Show in replay" opens the game as a replay at
the decision, where "Try it" plays the computer's move in a new game from there, and the
timeline's Decision buttons go on to the other decisions listed, each with the computer's move
marked and worded. It opens only on a finished game: every seat's choices are shown, and during
play they would give away a seat's secrets.
Like seats.py, this module imports no Qt class, so the first window pays nothing for it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gui.kit.actions import REVIEW_TIP, explain

if TYPE_CHECKING:
    from core.ai.review import Moment
    from core.match import Match
    from gui.main_window import MainWindow

TITLE = "Cannot review the game"
TIP = REVIEW_TIP


@dataclass(frozen=True)
class Reviewed:
    """The last game reviewed, kept so the replay it opens reviews it again at once; `every` is
    the dialog's "Show every decision"."""

    match: Match
    moments: tuple[Moment, ...]
    every: bool = False


def listed(moments: tuple[Moment, ...], every: bool) -> tuple[Moment, ...]:
    """The decisions the dialog lists: where the computer differs and its figures do not rate the
    move played as well, or all of them."""
    return tuple(m for m in moments if every or not (m.agrees or m.even))


def reviewed_match(window: MainWindow) -> Match | None:
    """The whole game the window shows: the open game, or the game a replay steps through."""
    controller = window.controller
    if controller is None:
        return None
    replay = getattr(controller, "replay", None)
    return replay.match if replay is not None else controller.match


def why_not(window: MainWindow) -> str | None:
    """Why the review cannot open now (its tooltip and the status bar say it), or None."""
    match = reviewed_match(window)
    if match is None:
        return "No game is open."
    if not match.is_over:
        return "The review opens once the game is over; during play, View → Hints advises a move."
    if not match.person_played:
        return "Every seat was played by the computer; there is nobody's play to review."
    return None


def refresh_action(window: MainWindow) -> None:
    explain(window.review_action, why_not(window), TIP)


def review_game(window: MainWindow) -> bool:
    """Review the finished game and show it; "Show in replay" jumps there. False when nothing
    was shown (greyed, cancelled, or a fault, which is said and leaves the game as it was)."""
    from core.ai.review import review
    from gui.loading import Cancelled, run_with_progress
    from gui.opening import unexpected

    reason = why_not(window)
    if reason is not None or window._busy:
        if reason is not None:
            window.statusBar().showMessage(reason, 5000)
        return False
    match = reviewed_match(window)
    assert match is not None
    kept = window._review
    if kept is not None and kept.match is match:  # back from "Show in replay": the same game, reviewed
        return _show(window, kept)
    window._busy = True
    try:
        moments = run_with_progress(window, "Asking the computer about each decision…",
                                    lambda progress: review(match, match.seed, progress), unit="Decision")
    except Cancelled:
        window.statusBar().showMessage("The review was cancelled.", 5000)
        return False
    except Exception as e:  # a rules bug must not take the open game down with it
        window.show_error(TITLE, unexpected(e))
        return False
    finally:
        window._busy = False
    if not moments:
        window.statusBar().showMessage("Nobody had a choice to make by hand in this game: every move was "
                                       "forced or the computer's.", 10000)
        return False
    return _show(window, Reviewed(match, moments))


def _show(window: MainWindow, reviewed: Reviewed) -> bool:
    replay = getattr(window.controller, "replay", None)
    at = window.controller.step if replay is not None and replay.match is reviewed.match else None
    step, every = window.ask_review(reviewed.match, reviewed.moments, reviewed.every, at)
    window._review = reviewed = Reviewed(reviewed.match, reviewed.moments, every)
    if step is not None:
        show_step(window, reviewed, step)
    return True


def show_step(window: MainWindow, reviewed: Reviewed, step: int) -> bool:
    """The reviewed game as a replay at the decision made at `step` (the replay already open moves
    there), with the computer's move marked on the board as a hint's would be, and the timeline's
    Decision buttons set to the decisions listed."""
    from core.ai.hints import Hint
    from gui.replay import open_replay
    from gui.replay.controller import ReplayHost

    match, controller = reviewed.match, window.controller
    if getattr(controller, "replay", None) is None or controller.replay.match is not match:
        title = window._display_name() or match.game.title
        if not open_replay(window, match, title):
            return False
    host = window.view.findChild(ReplayHost) if window.view is not None else None
    if host is None:
        return False
    moment = next(m for m in reviewed.moments if m.step == step)
    stops = listed(reviewed.moments, reviewed.every)
    host.set_stops(tuple(m.step for m in stops), lambda at: show_step(window, reviewed, at))
    host.go(step)
    name = match.setup.players[moment.seat].name
    place = [m.step for m in stops].index(step) + 1 if moment in stops else None
    decision = f"Step {step:,}: {name}'s decision" + (f" ({place} of {len(stops)} listed)" if place else "")
    played, advised = moves_text(match, moment)
    words = (f"{name} played: {played}\nThe computer (Normal) would "
             + ("have made the same move." if moment.agrees else f"rather: {advised}"))
    window.view.show_advice(Hint(moment.advised, moment.advised_why), words)
    window.statusBar().showMessage(f"{decision}. Page Up / Page Down go to the other decisions listed.", 15000)
    return True


def summary(match: Match, moments: tuple[Moment, ...]) -> list[str]:
    """A line per player reviewed: how many of their decisions the computer would have made too,
    and how many more its figures rate as well as the computer's own."""
    from core.text import plural

    lines = []
    for seat, player in enumerate(match.setup.players):
        mine = [m for m in moments if m.seat == seat]
        if mine:
            same, even = sum(m.agrees for m in mine), sum(m.even for m in mine)
            line = f"{player.name} chose as the computer would in {same} of {plural(len(mine), 'decision')}"
            lines.append(f"{line}, and as well by the figures in {even} more." if even else f"{line}.")
    return lines


def moves_text(match: Match, moment: Moment) -> tuple[str, str]:
    """The move played and the move advised, each with its figures, in the hint's words."""
    from core.ai.hints import Hint
    from gui.kit.hints import hint_text

    game, view = match.game, moment.view
    return (hint_text(game, view, Hint(moment.played, moment.played_why)),
            hint_text(game, view, Hint(moment.advised, moment.advised_why)))
