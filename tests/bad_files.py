"""Makers of broken files for the tests that open them: each takes a folder, returns the path."""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

Maker = Callable[[Path], Path]


def written(name: str, data: bytes) -> Maker:
    def make(folder: Path) -> Path:
        (folder / name).write_bytes(data)
        return folder / name
    return make


def a_folder(name: str) -> Maker:
    def make(folder: Path) -> Path:
        (folder / name).mkdir()
        return folder / name
    return make


def a_fifo(name: str) -> Maker:
    def make(folder: Path) -> Path:
        os.mkfifo(folder / name)
        return folder / name
    return make
