"""The app icon, in a module of its own so the first window does not load the About box."""
from __future__ import annotations

import functools
from pathlib import Path

from PySide6.QtGui import QIcon

ICON = Path(__file__).resolve().parents[1] / "resources" / "icons" / "battlebox.svg"


@functools.cache
def app_icon() -> QIcon:
    if ICON.is_file():
        return QIcon(str(ICON))
    from importlib import resources  # a zipped or frozen install: the package reader

    with resources.as_file(resources.files("resources") / "icons" / "battlebox.svg") as path:
        return QIcon(str(path))
