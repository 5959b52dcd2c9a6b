"""Start the Battlebox app, or render it offscreen to a PNG (`battlebox --screenshot`)."""
from __future__ import annotations

import os
import sys

from PySide6.QtWidgets import QApplication


def _application() -> QApplication:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Battlebox")
    app.setOrganizationName("Battlebox")
    app.setApplicationDisplayName("Battlebox")
    app.setDesktopFileName("battlebox")
    from gui.icons import app_icon

    app.setWindowIcon(app_icon())
    return app


def run(open_path: str | None = None) -> int:
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


def screenshot(path: str, game_id: str | None = None, size: tuple[int, int] = (1280, 800)) -> int:
    """Render the window (1280x800 unless `size` says) without a display; checks that the app
    starts at all."""
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
    app = _application()
    from gui.main_window import MainWindow

    window = MainWindow(autosave=False)
    errors: list[str] = []

    def report(title: str, text: str) -> None:
        """No modal boxes without a screen: print the error and fail instead of waiting forever."""
        errors.append(text)
        print(f"battlebox: {title}: {text}", file=sys.stderr)

    window.show_error = report  # type: ignore[method-assign]
    window.resize(*size)
    if game_id is not None and not window.start_new_game(game_id):
        print(f"battlebox: cannot start a game of {game_id!r}", file=sys.stderr)
        return 2
    window.show()
    for _ in range(3):
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
