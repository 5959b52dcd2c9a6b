"""Personal bests across sessions: the top ten Solitaire totals, kept in the data folder.

The file is small JSON decoded strictly; a damaged file is reported, kept aside as
`*.broken` for the curious, and replaced by a fresh one, so a bad file never stops play.
Each game has a key (seed, game number, its throws) so reopening a save or undoing and
redoing the last entry never counts the same game twice.
"""
from __future__ import annotations

import hashlib
import os
from datetime import date
from pathlib import Path

import msgspec

from core.fistful.solitaire import SolitaireState
from core.saves import write_atomic
from gui import storage

FILE_NAME = "solitaire-bests.json"
FORMAT = "battlebox-solitaire-bests"
VERSION = 1
TOP = 10
MAX_BYTES = 256 * 1024


class Best(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    total: int
    date: str  # ISO yyyy-mm-dd
    key: str = ""


class BestsDoc(msgspec.Struct, forbid_unknown_fields=True):
    format: str
    version: int
    bests: list[Best]


def bests_path() -> Path:
    return storage.data_dir() / FILE_NAME


def ranked(bests: list[Best]) -> list[Best]:
    """Highest first; on equal totals the older score keeps its place."""
    return sorted(bests, key=lambda b: (-b.total, b.date))[:TOP]


class BestsBook:
    """The loaded list plus what went wrong reading it (`problem`, a sentence, or "")."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else bests_path()
        self.problem = ""
        self.bests: list[Best] = []
        self.load()

    def load(self) -> list[Best]:
        """Read the file again; a problem found stays reported for the book's lifetime."""
        try:
            if not self.path.exists():
                self.bests = []
                return self.bests
            if self.path.stat().st_size > MAX_BYTES:
                raise ValueError("the file is far too large")
            doc = msgspec.json.decode(self.path.read_bytes(), type=BestsDoc)
            if doc.format != FORMAT or doc.version != VERSION:
                raise ValueError(f"it is not a version {VERSION} personal-best file")
            for b in doc.bests:
                if not b.name.strip() or b.total < 0:
                    raise ValueError("it holds an entry without a name or with a negative total")
                date.fromisoformat(b.date)
            self.bests = ranked(doc.bests)
        except (OSError, ValueError, msgspec.DecodeError, msgspec.ValidationError) as e:
            self._replace_broken(str(e))
        return self.bests

    def _replace_broken(self, why: str) -> None:
        self.bests = []
        self.problem = (f"The personal-best file {self.path.name} could not be read ({why}); "
                        "a fresh list was started.")
        try:
            os.replace(self.path, self.path.with_name(self.path.name + ".broken"))
        except OSError:
            pass
        try:
            self._write()
        except OSError as e:
            self.problem += f" It could not be rewritten either ({e.strerror or e})."

    def _write(self) -> None:
        doc = BestsDoc(FORMAT, VERSION, self.bests)
        write_atomic(self.path, msgspec.json.format(msgspec.json.encode(doc)) + b"\n")

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
    throws = [t.landed for t in state.throws if t.game == game]
    raw = msgspec.json.encode([seed, game, throws])
    return hashlib.sha256(raw).hexdigest()[:16]
