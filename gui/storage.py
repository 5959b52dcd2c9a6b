"""Where Battlebox keeps the user's things: settings, recent files, autosave, session lock.

Everything lives in one data folder (platformdirs), which `BATTLEBOX_DATA_DIR` overrides so
tests and portable installs never touch the real one. Settings are an INI file in that folder
rather than the platform registry for the same reason.
"""
from __future__ import annotations

import os
from pathlib import Path

from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings

if TYPE_CHECKING:
    from core.match import Match

ENV_DATA_DIR = "BATTLEBOX_DATA_DIR"
MAX_RECENT = 8
AUTOSAVE_NAME = "autosave.battlebox.json"
LOCK_NAME = "session.lock"
_RECENT_KEY = "recent/files"
_AUTOSAVE_SOURCE_KEY = "autosave/source"


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


# --- autosave and crash detection --------------------------------------------------------
def autosave_path() -> Path:
    return data_dir() / AUTOSAVE_NAME


def lock_path() -> Path:
    return data_dir() / LOCK_NAME


def write_autosave(match: Match, source: str | None) -> None:
    """Save atomically; `source` is the file the match came from, so a restore can name it."""
    match.save(autosave_path())
    s = settings()
    if s.value(_AUTOSAVE_SOURCE_KEY, "") != (source or ""):
        s.setValue(_AUTOSAVE_SOURCE_KEY, source or "")
        s.sync()


def autosave_source() -> str | None:
    return str(settings().value(_AUTOSAVE_SOURCE_KEY, "")) or None


def remove_autosave() -> None:
    autosave_path().unlink(missing_ok=True)


def has_autosave() -> bool:
    return autosave_path().is_file()


def begin_session() -> bool:
    """Create the lock; True when a lock from an earlier run was still there (it crashed)."""
    lock = lock_path()
    crashed = lock.exists()
    lock.parent.mkdir(parents=True, exist_ok=True)
    lock.write_text(str(os.getpid()), encoding="utf-8")
    return crashed


def end_session() -> None:
    lock_path().unlink(missing_ok=True)
