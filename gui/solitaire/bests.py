"""Personal bests in the app's data folder; the file itself is read and written by core.fistful.bests.

A damaged file is reported (the view shows `problem`), kept aside as `*.broken` and replaced
by a fresh list, so a bad file never stops play and is never silently overwritten.
"""
from __future__ import annotations

import os
from pathlib import Path

from core.fistful import bests as _bests
from core.fistful.bests import FILE_NAME, Best, game_key, ranked
from gui import storage

__all__ = ["FILE_NAME", "Best", "BestsBook", "bests_path", "game_key", "ranked"]


def bests_path() -> Path:
    return storage.data_dir() / FILE_NAME


class BestsBook(_bests.BestsBook):
    """The personal bests of this computer's player (the data folder's file by default)."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        super().__init__(path if path is not None else bests_path())
