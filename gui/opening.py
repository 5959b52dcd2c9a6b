"""Bringing a saved game into the window: off the UI thread, before a step a rules fix broke,
and back from the autosave of a copy of Battlebox that crashed.

Every failure ends as one message box naming the file, the step and the reason; the game that
was open stays open.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from core.errors import DataError, IllegalSetup, SaveError

if TYPE_CHECKING:
    from core.match import Match
    from gui.autosave import Orphan
    from gui.controller import MatchController
    from gui.loading import Progress

    Loader = Callable[[int | None, Progress], Match]


class MainWindow(Protocol):
    """What opening a game needs of the main window (gui.main_window.MainWindow)."""

    _busy: bool

    def statusBar(self) -> Any: ...
    def show_error(self, title: str, text: str) -> None: ...
    def confirm_resume(self, error: SaveError, steps: int) -> bool: ...
    def confirm_restore(self, source: str | None, saved_at: Any) -> bool: ...
    def _may_replace(self) -> bool: ...
    def _install(self, controller: MatchController) -> bool: ...


def player_errors() -> tuple[type[Exception], ...]:
    """What damaged data or a refused setup raises: its message is written for players."""
    return DataError, IllegalSetup, SaveError, OSError


def unexpected(e: BaseException) -> str:
    """The last resort for a bug: one clear line, never a traceback in the player's face."""
    return f"unexpected error ({type(e).__name__}: {e})"


def load_match(window: MainWindow, load: Loader, name: str, title: str,
               propagate_cancel: bool = False) -> tuple[Match, bool] | None:
    """(match, True when opened before a broken step), or None once the reason was shown.

    `load(upto, progress)` replays the save (all of it when `upto` is None). A step that the
    rules now refuse (an old save and a rules fix) offers the game before that step.
    """
    from gui.loading import Cancelled, run_with_progress

    label = f"Opening {Path(name).name}…"
    window._busy = True
    try:
        try:
            return _viewable(run_with_progress(window, label, lambda p: load(None, p)), name), False
        except SaveError as e:
            resume = e.resume_steps
            if resume is None or e.step is None:
                raise
            if not window.confirm_resume(e, resume):
                return None
        return _viewable(run_with_progress(window, label, lambda p: load(resume, p)), name), True
    except Cancelled:
        if propagate_cancel:
            raise
        window.statusBar().showMessage(f"Opening {Path(name).name} was cancelled.", 5000)
    except (SaveError, DataError, IllegalSetup) as e:
        window.show_error(title, str(e))
    except OSError as e:
        window.show_error(title, f"Cannot open {name}: {e.strerror or e}")
    except Exception as e:  # a rules bug must not take the open game down with it
        window.show_error(title, f"Cannot open {name}: {unexpected(e)}")
    finally:
        window._busy = False
    return None


def _viewable(match: Match, name: str) -> Match:
    from gui.views import has_view

    if not has_view(match.game_id):
        raise SaveError(name, f"{match.game.title} cannot be shown in this version")
    return match


def restore(window: MainWindow, orphan: Orphan) -> bool:
    """Offer one orphaned autosave; restore it, or discard it when the player says no.

    A restored game keeps its file name only while that file holds the same game, so Save can
    never write it over another game; it is unsaved only when it differs from that file.
    """
    from core import saves
    from core.match import Match
    from gui.autosave import NewerAutosave, compare_with_source
    from gui.controller import MatchController
    from gui.loading import Cancelled

    try:
        record = orphan.read()
    except NewerAutosave as e:
        orphan.release()
        window.statusBar().showMessage(f"{e} It is kept for that version.", 10000)
        return False
    except SaveError as e:
        kept = orphan.set_aside()
        window.show_error("Cannot restore the game", f"{e}\n\nThe file is kept as {kept}.")
        return False
    if not window.confirm_restore(record.source, record.saved_at):
        orphan.discard()
        return False
    name = str(orphan.path)

    def load(upto: int | None, progress: Progress) -> Match:
        return Match.from_doc(saves.decode_doc(record.save_bytes(), name), name, upto=upto, progress=progress)

    try:
        loaded = load_match(window, load, name, "Cannot restore the game", propagate_cancel=True)
    except Cancelled:
        orphan.release()  # offered again at the next start
        return False
    if loaded is None:
        orphan.set_aside()
        return False
    match, resumed = loaded
    if not window._may_replace():
        orphan.release()
        return False
    same = compare_with_source(record, record.source)
    keep_path = same != "other" and not resumed
    controller = MatchController(match, path=record.source if keep_path else None)
    controller.dirty = resumed or same != "equal"
    if not keep_path:
        controller.origin = record.source
    if not window._install(controller):
        orphan.release()
        return False
    orphan.discard()  # the game lives in this copy's autosave now
    message = "Restored the autosaved game."
    if same == "other" and record.source:
        message += f" {Path(record.source).name} holds another game now; save this one under a new name."
    window.statusBar().showMessage(message, 10000)
    return True
