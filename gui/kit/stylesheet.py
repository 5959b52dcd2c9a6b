"""The one application stylesheet, assembled from `resources/style/*.qss`.

Each area keeps its rules in its own .qss file (base and kit first, then one per game and the
shell), so engineers styling different games never edit the same file, and no view carries an
inline style. Theme colours are named once in `palette.json` and written `@name` in the sheets.
The main window applies the sheet once, before it builds the start page (the start page and the
dialogs use it too), so it must be cheap to read: the files are read from the source folder when
there is one (importlib.resources costs ~10 ms to import), the palette is our own file, read with
the standard library's JSON reader, and `maps.datafile` (which loads msgspec, ~85 ms) is imported
only to word an error.
"""
from __future__ import annotations

import json
import logging
import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

PACKAGE = "resources.style"
FOLDER = Path(__file__).resolve().parents[2] / "resources" / "style"  # as gui/icons.py finds the icon
FIRST = ("base.qss", "kit.qss")
_NAME = re.compile(r"@([a-z][a-z0-9-]*)")
_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_APPLIED = "battleboxThemeApplied"
log = logging.getLogger(__name__)


def _error(file: str, entry: str | None, reason: str) -> ValueError:
    from maps.datafile import DataError

    return DataError(file, entry, reason)


def palette(data: bytes, file: str = "palette.json") -> dict[str, str]:
    """The named theme colours; every entry must be a #rrggbb colour."""
    try:
        raw = json.loads(data)
    except ValueError:
        from maps.datafile import decode_json

        raw = decode_json(data, file)  # words the damage (it raises on what json refused)
    if not isinstance(raw, dict):
        raise _error(file, None, "expected an object of colour names")
    for name, value in raw.items():
        if not isinstance(value, str) or not _COLOUR.fullmatch(value):
            raise _error(file, name, f"expected a colour like #1f2937, not {value!r}")
    return dict(raw)


def expand(sheet: str, colours: dict[str, str], file: str) -> str:
    """Replace each @name by its colour, refusing a name the palette lacks."""
    def colour(m: re.Match[str]) -> str:
        try:
            return colours[m.group(1)]
        except KeyError:
            line = sheet.count("\n", 0, m.start()) + 1
            raise _error(file, f"line {line}", f"unknown colour name @{m.group(1)}") from None
    sheet = _COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), sheet)
    return _NAME.sub(colour, sheet)


def assemble(sheets: dict[str, str], colours: dict[str, str]) -> str:
    """Join the sheets, shared ones first, so a game's rule may refine a shared one."""
    order = [n for n in FIRST if n in sheets] + sorted(n for n in sheets if n not in FIRST)
    return "\n".join(expand(sheets[n], colours, n) for n in order)


START = ("base.qss", "shell.qss")  # what the start page and its dialogs use


@lru_cache(maxsize=2)
def stylesheet(only: tuple[str, ...] | None = None) -> str:
    """The application stylesheet read from the installed resources: all of it, or `only` those sheets."""
    folder: Path | Traversable = FOLDER
    if not FOLDER.is_dir():
        from importlib import resources  # a zipped or frozen install: the package reader

        folder = resources.files(PACKAGE)
    colours = palette(folder.joinpath("palette.json").read_bytes())
    sheets = {f.name: f.read_text(encoding="utf-8") for f in folder.iterdir()
              if f.name.endswith(".qss") and (only is None or f.name in only)}
    return assemble(sheets, colours)


def apply_theme(app: QApplication | None = None, *, start: bool = False) -> None:
    """Set the application stylesheet (a second call costs nothing).

    `start=True` sets only the start page's part, so the first window paints sooner; the first
    game view or tool then sets the whole sheet, which holds the same start-page rules.
    """
    app = app or QApplication.instance()
    applied = app.property(_APPLIED) if app is not None else None
    if app is None or applied == "all" or (start and applied == "start"):
        return
    app.setProperty(_APPLIED, "start" if start else "all")
    try:
        sheet = stylesheet(START if start else None)
    except ValueError as e:  # a DataError
        # A damaged install: play on unstyled rather than lose the game being opened.
        log.warning("the stylesheet could not be read (%s); the app runs unstyled", e)
        return
    app.setStyleSheet(sheet)
