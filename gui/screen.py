"""The window's least and greatest size, the UI scale's range, and the user's own scale factor.

Free of Qt on purpose: the command line checks `--size` and `--scale` against these before any
window exists, and the app, the main window and the View menu read the same facts.
"""
from __future__ import annotations

import os
from collections.abc import Mapping

MIN_SIZE = (800, 560)  # the main window's own minimum
MAX_SIZE = (7680, 4320)
MIN_SCALE, MAX_SCALE = 100, 200

# The user's own QT_SCALE_FACTOR, as the process started (before `set_scale` writes one).
USER_SCALE_FACTOR = os.environ.get("QT_SCALE_FACTOR") or None


def start_scale(cli_percent: int | None, environ: Mapping[str, str]) -> int | None:
    """The UI scale to start at: `--scale`, else none when the user set QT_SCALE_FACTOR
    (theirs stands), else the View → UI scale setting. None leaves Qt's own."""
    if cli_percent is not None:
        return cli_percent
    if environ.get("QT_SCALE_FACTOR"):
        return None
    from gui.storage import ui_scale

    return ui_scale()


def set_scale(percent: int | None) -> None:
    """The UI scale (`--scale`): Qt reads QT_SCALE_FACTOR once, when the QApplication is made,
    and scales every widget, font and picture by it."""
    if percent is not None:
        os.environ["QT_SCALE_FACTOR"] = f"{percent / 100:g}"
