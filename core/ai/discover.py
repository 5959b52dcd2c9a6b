"""Per-game AI modules found by name, so each game's engineers add a file and touch nothing shared."""
from __future__ import annotations

import importlib
import importlib.util
from typing import Any


def collect(package: str, modules: tuple[str, ...], attr: str) -> dict[str, Any]:
    """The merged `attr` dicts (game id -> entry) of those `package.<module>` that exist."""
    found: dict[str, Any] = {}
    for name in modules:
        if importlib.util.find_spec(f"{package}.{name}") is None:
            continue
        found.update(getattr(importlib.import_module(f"{package}.{name}"), attr))
    return found
