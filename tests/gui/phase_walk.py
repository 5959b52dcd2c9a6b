"""Every phase of a game through the window, checked as `layout_check` checks a save.

The layout tests open saves, and a hot-seat save mid-game shows the curtain, so the phases
behind it went unchecked. This walks a game by random legal moves through the main window,
lifting the curtain whenever it falls, and checks the page the first time each (phase, page)
shows. Board size is only judged from 1280x800 up, as in the layout tests.

    python -m tests.gui.phase_walk WxH[@SCALE] GAME...    prints {game: {"phase/page": problems}} as JSON

WxH is the picture's size in pixels; @150 renders it at 150 % UI scale, as the layout matrix does
(the window is 100/150 of the picture in Qt's units, and the board is judged by the picture's size).
"""
from __future__ import annotations

import json
import os
import random
import sys

from PySide6.QtWidgets import QApplication, QMainWindow

from tests.gui import layout_check

BOARD_FROM = (1280, 800)


def walk(window: QMainWindow, size: tuple[int, int], seed: int = 3, steps: int = 3000) -> dict[str, dict]:
    """Play the window's game to its end (or `steps` moves); the problems of each phase's page."""
    app = QApplication.instance()
    match, rng = window.match, random.Random(seed)  # type: ignore[attr-defined]
    found: dict[str, dict] = {}
    for _ in range(steps):
        for _ in range(4):
            app.processEvents()
        view = window.view  # type: ignore[attr-defined]
        if view.page == "curtain":
            view.curtain.revealed.emit()
            for _ in range(4):
                app.processEvents()
        key = f"{getattr(match.state, 'phase', '?')}/{view.page}"
        if key not in found:
            problems = layout_check.check(window)
            if size < BOARD_FROM:
                problems["board"] = []
            found[key] = {kind: listed for kind, listed in problems.items() if listed}
        if match.is_over:
            break
        view.controller.apply(match.random_action(rng))
    return found


def main(argv: list[str]) -> int:
    size_text, *games = argv
    size_text, _, scale_text = size_text.partition("@")
    scale = int(scale_text or 100)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["QT_SCALE_FACTOR"] = f"{scale / 100:g}"
    from gui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    size = tuple(int(v) for v in size_text.split("x"))
    out = {}
    for game in games:
        window = MainWindow(autosave=False)
        window.confirm_discard = lambda: "discard"  # type: ignore[method-assign]  # no modal box on close
        window.resize(*(round(v * 100 / scale) for v in size))
        window.show()
        if not window.start_new_game(game):
            out[game] = {"start": {"error": ["the game did not start"]}}
            continue
        out[game] = walk(window, size)  # type: ignore[arg-type]
        window.close()
        window.deleteLater()
        app.processEvents()
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
