"""Replays in the main window: any save (File → Open as replay…) or a ledger match's bytes.

Reading and replaying a long save, and walking it once for the replay, run off the UI thread
with the window's progress dialog (gui.loading); a broken save says why in one message and the
game already open stays open.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from core.match import Match
    from gui.loading import Progress
    from gui.opening import MainWindow

TITLE = "Cannot open the replay"


def open_replay_dialog(window: MainWindow) -> bool:
    """File → Open as replay…: choose a save, show it as a replay."""
    path = window.ask_open_path()
    return open_replay_file(window, path) if path else False


def open_replay_file(window: MainWindow, path: str) -> bool:
    from core.match import Match

    if window._busy:
        return False
    loaded = _load(window, lambda upto, progress: Match.load(path, upto=upto, progress=progress), path)
    return loaded is not None and open_replay(window, loaded, Path(path).name)


def open_replay_bytes(window: MainWindow, data: bytes, name: str) -> bool:
    """A save's bytes (a ledger match) as a replay; `name` titles it and names it in errors."""
    from core import saves
    from core.match import Match

    if window._busy:
        return False

    def load(upto: int | None, progress: Progress) -> Match:
        return Match.from_doc(saves.decode_doc(data, name), name, upto=upto, progress=progress)

    loaded = _load(window, load, name)
    return loaded is not None and open_replay(window, loaded, name)


def open_replay(window: MainWindow, match: Match, title: str) -> bool:
    """Show `match` as a replay with its timeline, once the open game may go (asking to save)."""
    from core.replay import Replay
    from gui.loading import Cancelled, run_with_progress
    from gui.opening import unexpected
    from gui.replay.controller import ReplayController, ReplayHost

    if window._busy:
        return False
    window._busy = True
    try:
        replay = run_with_progress(window, f"Preparing the replay of {title}…", lambda p: Replay(match, p))
    except Cancelled:
        window.statusBar().showMessage(f"Opening the replay of {title} was cancelled.", 5000)
        return False
    except Exception as e:  # a rules bug must not take the open game down with it
        window.show_error(TITLE, f"Cannot replay {title}: {unexpected(e)}")
        return False
    finally:
        window._busy = False
    if not window._may_replace():
        return False
    controller = ReplayController(replay, title)
    if not window._install(controller):
        return False
    ReplayHost(window, controller, window.view)
    window.statusBar().showMessage(f"Replay of {title}: Left/Right steps, Space plays.", 10000)
    return True


def _load(window: MainWindow, load: object, name: str) -> Match | None:
    from gui.opening import load_match

    loaded = load_match(window, load, name, TITLE)  # type: ignore[arg-type]
    return None if loaded is None else loaded[0]
