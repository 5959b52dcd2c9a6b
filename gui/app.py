"""Start the Battlebox app, or render it offscreen to a PNG (`battlebox --screenshot`)."""
from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication

from gui.screen import MIN_SIZE, set_scale, start_scale

if TYPE_CHECKING:
    from core.match import Match


def _application() -> QApplication:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Battlebox")
    app.setOrganizationName("Battlebox")
    app.setApplicationDisplayName("Battlebox")
    app.setDesktopFileName("battlebox")
    from gui.icons import app_icon

    app.setWindowIcon(app_icon())
    return app


def run(open_path: str | None = None, scale: int | None = None) -> int:
    set_scale(start_scale(scale, os.environ))
    app = _application()
    from gui.main_window import MainWindow

    window = MainWindow()
    window.show()
    # Paint first: the autosave search and an opened file load the rules engine and msgspec,
    # and may ask questions; the window is already on screen by then.
    app.processEvents()
    window.start_session()
    if open_path:
        window.open_file(open_path)
    return app.exec()


def screenshot(path: str, game_id: str | None = None, size: tuple[int, int] = (1280, 800),
               open_path: str | None = None, scale: int = 100) -> int:
    """Render the window (1280x800 unless `size` says) without a display; checks that the app
    starts at all. `open_path` shows that saved position, loaded here before the window shows
    (the app loads off the UI thread, which a one-shot picture would not wait for). `size` is
    the picture's size in pixels; at a `scale` above 100 the window is that much smaller in
    Qt's units, as on a screen of that size at that UI scale."""
    if not os.environ.get("QT_QPA_PLATFORM") and not os.environ.get("DISPLAY") \
            and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    if game_id is not None:
        from core.registry import GAMES, INFO
        from gui.views import has_view

        if game_id not in GAMES or not has_view(game_id):
            info = INFO.get(game_id)
            why = "is not available yet" if info else "does not exist"
            print(f"battlebox: the game {game_id!r} {why}; available: {', '.join(GAMES)}", file=sys.stderr)
            return 2
    window_size = (round(size[0] * 100 / scale), round(size[1] * 100 / scale))
    if window_size[0] < MIN_SIZE[0] or window_size[1] < MIN_SIZE[1]:
        print(f"battlebox: {size[0]}x{size[1]} at {scale} % leaves a {window_size[0]}x{window_size[1]} window, "
              f"below the smallest, {MIN_SIZE[0]}x{MIN_SIZE[1]}", file=sys.stderr)
        return 2
    fresh = QApplication.instance() is None
    if fresh:
        set_scale(scale)
    app = _application()
    if not fresh and abs(app.primaryScreen().devicePixelRatio() - scale / 100) > 0.01:
        print("battlebox: the UI scale is set when the app starts; it cannot change now", file=sys.stderr)
        return 2
    match = None
    if open_path is not None:
        match = _load(open_path)
        if match is None:
            return 1
    from gui.main_window import MainWindow

    window = MainWindow(autosave=False)
    errors: list[str] = []

    def report(title: str, text: str) -> None:
        """No modal boxes without a screen: print the error and fail instead of waiting forever."""
        errors.append(text)
        print(f"battlebox: {title}: {text}", file=sys.stderr)

    window.show_error = report  # type: ignore[method-assign]
    window.resize(*window_size)
    if game_id is not None and not window.start_new_game(game_id):
        print(f"battlebox: cannot start a game of {game_id!r}", file=sys.stderr)
        return 2
    if match is not None:
        from gui.controller import MatchController

        if not window._install(MatchController(match, path=open_path)):
            return 1
    window.show()
    for _ in range(6):  # views settle in a few rounds (layouts, then sizes that follow the room)
        app.processEvents()
    ok = window.grab().save(path, "PNG")
    window.hide()
    window.deleteLater()
    app.processEvents()
    if not ok:
        print(f"battlebox: cannot write {path}", file=sys.stderr)
        return 1
    print(path)
    return 0


def _load(path: str) -> Match | None:
    """The whole save, replayed here, or None once one `battlebox: ...` line said why not."""
    from core.errors import DataError, IllegalSetup, SaveError
    from core.match import Match
    from gui.views import has_view

    try:
        match = Match.load(path)
    except (SaveError, DataError, IllegalSetup) as e:
        print(f"battlebox: Cannot open {path}: {e}" if not isinstance(e, SaveError) else f"battlebox: {e}",
              file=sys.stderr)
        return None
    except OSError as e:
        print(f"battlebox: Cannot open {path}: {e.strerror or e}", file=sys.stderr)
        return None
    if not has_view(match.game_id):
        print(f"battlebox: {match.game.title} cannot be shown in this version", file=sys.stderr)
        return None
    return match
