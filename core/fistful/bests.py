"""Solitaire personal bests: the top ten totals across sessions, read and written as a file.

The file is small versioned JSON read through the one data-file reader (maps.datafile), so
any damage is a DataError naming the file and the entry. A damaged file is never silently
overwritten: `BestsBook` moves it aside to `<name>.broken` (or `.broken-2`, ... when that
exists) before starting a fresh list, and when it cannot be moved aside (or the path is not
an ordinary file) the book keeps its list in memory and writes nothing.
Each game has a key (seed, game number, its throws) so reopening a save or undoing and
redoing the last entry never counts the same game twice.
"""
from __future__ import annotations

import hashlib
import os
import stat
from datetime import date
from pathlib import Path

import msgspec

from core.fistful.solitaire import SolitaireState
from core.saves import write_atomic
from maps.datafile import DataError, read_versioned

FILE_NAME = "solitaire-bests.json"
FORMAT = "battlebox-solitaire-bests"
VERSION = 1
TOP = 10
MAX_BYTES = 256 * 1024
MAX_TOTAL = 10**9  # far above any Solitaire total; a larger one is damage, not a score


class Best(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    total: int
    date: str  # ISO yyyy-mm-dd
    key: str = ""


class BestsDoc(msgspec.Struct, forbid_unknown_fields=True):
    format: str
    version: int
    bests: list[Best]


def ranked(bests: list[Best]) -> list[Best]:
    """Highest first; on equal totals the older score keeps its place."""
    return sorted(bests, key=lambda b: (-b.total, b.date))[:TOP]


def load_bests(path: str | os.PathLike[str]) -> list[Best]:
    """The ranked bests in the file at `path` (none when it does not exist); DataError if damaged."""
    if not os.path.lexists(path):
        return []
    file = str(path)
    doc = read_versioned(path, format=FORMAT, version=VERSION, type=BestsDoc, what="personal-best file",
                         max_bytes=MAX_BYTES)
    for i, b in enumerate(doc.bests):
        entry = f"bests[{i}]"
        if not b.name.strip():
            raise DataError(file, entry, "the entry has no name")
        if not 0 <= b.total <= MAX_TOTAL:
            raise DataError(file, entry, f"a total must be from 0 to {MAX_TOTAL}, got {b.total}")
        try:
            date.fromisoformat(b.date)
        except ValueError:
            raise DataError(file, entry, f"the date {b.date!r} is not a date (yyyy-mm-dd)") from None
    return ranked(doc.bests)


def encode_bests(bests: list[Best]) -> bytes:
    return msgspec.json.format(msgspec.json.encode(BestsDoc(FORMAT, VERSION, bests))) + b"\n"


def save_bests(path: str | os.PathLike[str], bests: list[Best]) -> None:
    write_atomic(path, encode_bests(bests))


def set_aside(path: Path) -> Path:
    """Move a damaged file to a free `<name>.broken[-n]` name beside it; the new path."""
    for n in range(1, 1000):
        target = path.with_name(path.name + (".broken" if n == 1 else f".broken-{n}"))
        if not os.path.lexists(target):
            os.rename(path, target)
            return target
    raise OSError("too many broken copies are already kept beside it")


class BestsBook:
    """The loaded list plus what went wrong reading or writing it (`problem`, a sentence, or "")."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.problem = ""
        self.writable = True
        self.bests: list[Best] = []
        self.load()

    def load(self) -> list[Best]:
        """Read the file again; a problem found stays reported for the book's lifetime."""
        if not self.writable:
            return self.bests
        try:
            self.bests = load_bests(self.path)
        except DataError as e:
            self._replace_broken(e)
        return self.bests

    def _replace_broken(self, error: DataError) -> None:
        self.bests = []
        self.problem = f"The personal bests could not be read ({error})."
        if not self._ordinary_file():
            self.writable = False
            self.problem += " It was left untouched and new bests are kept only until you quit."
            return
        try:
            kept = set_aside(self.path)
        except OSError as e:
            self.writable = False
            self.problem += (f" It could not be kept aside ({e.strerror or e}), so it was left untouched "
                             "and new bests are kept only until you quit.")
            return
        self.problem += f" It was kept as {kept.name} and a fresh list was started."
        try:
            self._write()
        except OSError as e:
            self.problem += f" The fresh list could not be written ({e.strerror or e})."

    def _ordinary_file(self) -> bool:
        try:
            return stat.S_ISREG(os.lstat(self.path).st_mode)
        except OSError:
            return False

    def _write(self) -> None:
        if self.writable:
            save_bests(self.path, self.bests)

    def record(self, name: str, total: int, key: str, when: date | None = None) -> int | None:
        """Add a finished game; its 1-based rank in the top ten, or None if it did not make it.

        A game already recorded under `key` is updated in place (same date) instead of added.
        """
        self.load()
        old = next((b for b in self.bests if key and b.key == key), None)
        day = old.date if old is not None else (when or date.today()).isoformat()
        entry = Best(name, total, day, key)
        others = [b for b in self.bests if b is not old]
        self.bests = ranked(others + [entry])
        try:
            self._write()
        except OSError as e:
            self.problem = f"The personal bests could not be saved ({e.strerror or e})."
        return next((i + 1 for i, b in enumerate(self.bests) if b is entry), None)

    def rank_of(self, key: str) -> int | None:
        return next((i + 1 for i, b in enumerate(self.bests) if key and b.key == key), None)


def game_key(seed: int, state: SolitaireState, game: int) -> str:
    """Names one played game: the same seed, game number and throws give the same key."""
    # spelled as 0.1.0 encoded a landing, so a game keeps its key across releases
    throws = [[{"fighter": {"sculpt": x.fighter.sculpt, "finish": x.fighter.finish}, "pose": x.pose}
               for x in t.landed] for t in state.throws if t.game == game]
    raw = msgspec.json.encode([seed, game, throws])
    return hashlib.sha256(raw).hexdigest()[:16]
