"""Where Battlebox keeps the user's things: settings, recent files, and (gui/autosave.py) autosaves.

Everything lives in one data folder (platformdirs), which `BATTLEBOX_DATA_DIR` overrides so
tests and portable installs never touch the real one. Settings are an INI file in that folder
rather than the platform registry for the same reason.
"""
from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QSettings

ENV_DATA_DIR = "BATTLEBOX_DATA_DIR"
SAVE_SUFFIX = ".battlebox.json"
SAVE_FILTER = "Battlebox saves (*.battlebox.json *.json)"  # the file dialogs' filter for saves
MAX_RECENT = 8
_RECENT_KEY = "recent/files"
_LEGACY_AUTOSAVE_SOURCE_KEY = "autosave/source"


def data_dir() -> Path:
    override = os.environ.get(ENV_DATA_DIR)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("Battlebox", "Battlebox"))


def settings() -> QSettings:
    return QSettings(str(data_dir() / "settings.ini"), QSettings.Format.IniFormat)


# --- recent files -----------------------------------------------------------------------
def recent_files() -> list[str]:
    value = settings().value(_RECENT_KEY, [])
    if isinstance(value, str):  # QSettings returns a lone string for a one-item list
        value = [value]
    return [str(v) for v in value or []][:MAX_RECENT]


def add_recent(path: str | os.PathLike[str]) -> list[str]:
    path = str(Path(path).resolve())
    files = [path] + [f for f in recent_files() if f != path]
    _store_recent(files[:MAX_RECENT])
    return files[:MAX_RECENT]


def remove_recent(path: str) -> None:
    _store_recent([f for f in recent_files() if f != path])


def clear_recent() -> None:
    _store_recent([])


def _store_recent(files: list[str]) -> None:
    s = settings()
    s.setValue(_RECENT_KEY, files)
    s.sync()


# --- autosave ----------------------------------------------------------------------------
def legacy_autosave_source() -> str | None:
    """The file 0.1.0's single autosave came from (it kept that in the settings)."""
    return str(settings().value(_LEGACY_AUTOSAVE_SOURCE_KEY, "")) or None


# --- UI scale ----------------------------------------------------------------------------
UI_SCALES = (100, 125, 150, 175, 200)
_UI_SCALE_KEY = "view/ui_scale"


def ui_scale() -> int | None:
    """The View → UI scale percentage, or None when unset (or not one the menu offers)."""
    value = str(settings().value(_UI_SCALE_KEY, "") or "")
    return int(value) if value.isdigit() and int(value) in UI_SCALES else None


def set_ui_scale(percent: int) -> None:
    if percent not in UI_SCALES:
        raise ValueError(f"{percent} % is not one of {UI_SCALES}")
    s = settings()
    s.setValue(_UI_SCALE_KEY, percent)
    s.sync()


# --- animations ---------------------------------------------------------------------------
_ANIMATIONS_KEY = "view/animations"
ENV_ANIMATIONS = "BATTLEBOX_ANIMATIONS"  # "0" turns every animation off (the tests do)


def animations_on() -> bool:
    """Throws tumble, discs flip, chips fly: View → Animations, on unless switched off."""
    if os.environ.get(ENV_ANIMATIONS) == "0":
        return False
    return str(settings().value(_ANIMATIONS_KEY, "true")).lower() != "false"


def set_animations(on: bool) -> None:
    s = settings()
    s.setValue(_ANIMATIONS_KEY, "true" if on else "false")
    s.sync()


# --- computer speed ------------------------------------------------------------------------
# View → Computer speed: the least time a computer seat's move takes to land, so a person can
# follow each step; the last is as fast as the machine goes (the tests use it).
COMPUTER_SPEEDS: tuple[tuple[str, int], ...] = (("Slow", 1600), ("Normal", 800), ("Fast", 300), ("Instant", 0))
_COMPUTER_SPEED_KEY = "view/computer_speed"
ENV_COMPUTER_SPEED = "BATTLEBOX_COMPUTER_SPEED"  # a speed's name, over the saved one (the tests set Instant)


def computer_speed() -> str:
    """The chosen speed's name (Normal unless set)."""
    names = [name for name, _ in COMPUTER_SPEEDS]
    value = os.environ.get(ENV_COMPUTER_SPEED) or str(settings().value(_COMPUTER_SPEED_KEY, "Normal") or "")
    return value if value in names else "Normal"


def computer_delay_ms() -> int:
    return dict(COMPUTER_SPEEDS)[computer_speed()]


def set_computer_speed(name: str) -> None:
    if name not in dict(COMPUTER_SPEEDS):
        raise ValueError(f"{name!r} is not one of {[n for n, _ in COMPUTER_SPEEDS]}")
    s = settings()
    s.setValue(_COMPUTER_SPEED_KEY, name)
    s.sync()


# --- hints ------------------------------------------------------------------------------------
_HINTS_KEY = "view/hints"


def hints_on() -> bool:
    """View → Hints: a Hint button for the human in front of the screen; off unless turned on."""
    return str(settings().value(_HINTS_KEY, "false")).lower() == "true"


def set_hints(on: bool) -> None:
    s = settings()
    s.setValue(_HINTS_KEY, "true" if on else "false")
    s.sync()


# --- ledger -------------------------------------------------------------------------------------
_LEDGER_URL_KEY = "ledger/url"


def ledger_url() -> str | None:
    """Settings → Ledger: a club's database URL, or None for the default SQLite file in the data folder."""
    return str(settings().value(_LEDGER_URL_KEY, "") or "").strip() or None


def set_ledger_url(url: str | None) -> None:
    s = settings()
    if url and url.strip():
        s.setValue(_LEDGER_URL_KEY, url.strip())
    else:
        s.remove(_LEDGER_URL_KEY)
    s.sync()
