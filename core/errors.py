"""Typed errors so callers (GUI, CLI, tests) can tell a refused move from a broken file."""
from __future__ import annotations

from maps.datafile import DataError

__all__ = ["DataError", "IllegalAction", "IllegalSetup", "SaveError"]


class IllegalAction(Exception):
    """A move the rules refuse; `reason` is a sentence a player can read."""

    def __init__(self, reason: str, action: object | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action


class IllegalSetup(ValueError):
    """A new-game setup the rules cannot start from (too many players, bad colour...)."""


class SaveError(Exception):
    """A save file that cannot be opened; names the file, the step (if any) and why."""

    def __init__(self, path: str, reason: str, step: int | None = None) -> None:
        where = f"{path}" if step is None else f"{path}, step {step}"
        super().__init__(f"Cannot open {where}: {reason}")
        self.path = path
        self.step = step
        self.reason = reason
        # Steps before a failing one that replay fine: the app may offer to open the game there
        # (an old save whose step a rules fix made illegal). None: nothing to offer.
        self.resume_steps: int | None = None
