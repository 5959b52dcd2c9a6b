"""The ledger's errors: each names where (a URL without its password, or a file) and why.

They are messages for a person, never tracebacks; the app and the command line show `str(e)`.
"""
from __future__ import annotations


class LedgerError(Exception):
    """A ledger problem a person can read: `where` (URL without password, or file) and `reason`."""

    def __init__(self, where: str, reason: str) -> None:
        super().__init__(where, reason)
        self.where = where
        self.reason = reason

    def __str__(self) -> str:
        return f"{self.where}: {self.reason}"


class LedgerUnreachable(LedgerError):
    """The server or file cannot be reached (wrong URL, host down, folder missing)."""


class LedgerAuthError(LedgerError):
    """The server refused the user name or password."""


class LedgerTooNew(LedgerError):
    """The ledger was written by a newer Battlebox (its schema revision is unknown here)."""


class LedgerLocked(LedgerError):
    """Another program holds the SQLite file locked longer than the busy timeout."""
