"""Crash safety: every running copy of Battlebox owns one autosave record and a lock that dies
with it, so a restore offer only ever concerns a copy that is gone.

A record is ONE file, written atomically: the save document and the file the game came from.
A crash can therefore never pair a game with another game's file name. A copy finds its
predecessors' records by trying their locks: a lock it can take belongs to a dead copy (Qt's
lock file checks the owner's process and holds an OS lock that the system drops when the
process dies), and a lock it cannot take belongs to a live copy, whose files it never touches.
"""
from __future__ import annotations

import glob
import os
import time
import uuid
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec
from PySide6.QtCore import QLockFile

from core import saves
from core.errors import SaveError
from maps.datafile import DataError, read_versioned

if TYPE_CHECKING:
    from core.match import Match

RECORD_FORMAT = "battlebox-autosave"
RECORD_VERSION = 1
PREFIX = "autosave-"
STALE_TEMP_SECONDS = 300
"""A temp file this old was left by an interrupted write: no save takes minutes to write."""
LEGACY_AUTOSAVE = "autosave.battlebox.json"  # 0.1.0: one autosave for all copies
LEGACY_LOCK = "session.lock"
LEGACY_SOURCE_KEY = "autosave/source"


class NewerAutosave(SaveError):
    """An autosave a newer Battlebox wrote: left alone for that version to restore."""


class Record(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    format: str
    version: int
    source: str | None  # the save file the game came from, None for an unsaved game
    saved_at: float  # seconds since the epoch, to tell the player which game this is
    save: dict[str, Any]  # the save document, read strictly by core.saves on restore

    def save_bytes(self) -> bytes:
        return msgspec.json.encode(self.save)


def encode_record(match: Match, source: str | None, saved_at: float | None = None) -> bytes:
    record = {"format": RECORD_FORMAT, "version": RECORD_VERSION, "source": source,
              "saved_at": time.time() if saved_at is None else saved_at,
              "save": msgspec.Raw(saves.encode_doc(match.to_doc()).rstrip())}
    return msgspec.json.encode(record) + b"\n"


def read_record(path: str | os.PathLike[str]) -> Record:
    """The record at `path`, or a SaveError naming the file and what is wrong with it."""
    try:
        return read_versioned(path, format=RECORD_FORMAT, version=RECORD_VERSION, type=Record,
                              what="Battlebox autosave", max_bytes=saves.MAX_SAVE_BYTES + 65536)
    except DataError as e:
        if e.entry == "version" and "newer" in e.reason:
            raise NewerAutosave(str(path), e.reason) from None
        raise SaveError(str(path), e.reason if e.entry is None else f"{e.entry}: {e.reason}") from None


def _try_lock(path: Path) -> QLockFile | None:
    lock = QLockFile(str(path))
    lock.setStaleLockTime(0)  # never judge a live copy's lock stale by its age
    return lock if lock.tryLock(0) else None


def _lock_path(autosave: Path) -> Path:
    return autosave.with_suffix(".lock")


class Slot:
    """This copy's own autosave record; its lock is taken before the first write."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.id = uuid.uuid4().hex[:16]
        self.path = folder / f"{PREFIX}{self.id}.json"
        self._lock: QLockFile | None = None

    def open(self) -> None:
        if self._lock is not None:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        lock = _try_lock(_lock_path(self.path))
        if lock is None:
            raise OSError(f"cannot lock {_lock_path(self.path)}")
        self._lock = lock

    def write(self, match: Match, source: str | None) -> None:
        self.open()
        saves.write_atomic(self.path, encode_record(match, source))

    def remove(self) -> None:
        self.path.unlink(missing_ok=True)

    def close(self) -> None:
        """A clean quit: nothing is left to restore."""
        self.remove()
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None


class Orphan:
    """The autosave of a copy that is gone, claimed by this copy (its lock is now ours)."""

    def __init__(self, path: Path, lock: QLockFile | None) -> None:
        self.path = path
        self._lock = lock

    @property
    def saved_at(self) -> float:
        try:
            return self.path.stat().st_mtime
        except OSError:
            return 0.0

    def read(self) -> Record:
        return read_record(self.path)

    def discard(self) -> None:
        """Restored here, or the player declined it."""
        self.path.unlink(missing_ok=True)
        self.release()

    def set_aside(self) -> Path:
        """Unreadable: kept under another name for a person to look at, never offered again."""
        target = self.path.with_name(f"damaged-{self.path.name}")
        os.replace(self.path, target)
        self.release()
        return target

    def release(self) -> None:
        """Kept for the next start (the player wanted to keep the game open instead)."""
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None


class LegacyOrphan(Orphan):
    """Battlebox 0.1.0's single autosave (its source path in the settings), left by a crash."""

    def __init__(self, folder: Path, source: str | None) -> None:
        super().__init__(folder / LEGACY_AUTOSAVE, None)
        self.folder = folder
        self.source = source

    def read(self) -> Record:
        try:
            data = self.path.read_bytes()
            save = msgspec.json.decode(data, type=dict[str, Any])
        except (OSError, msgspec.DecodeError, msgspec.ValidationError, RecursionError) as e:
            raise SaveError(str(self.path), f"the autosave cannot be read ({e})") from None
        return Record(RECORD_FORMAT, RECORD_VERSION, self.source, self.saved_at, save)

    def discard(self) -> None:
        self.path.unlink(missing_ok=True)
        (self.folder / LEGACY_LOCK).unlink(missing_ok=True)

    def set_aside(self) -> Path:
        target = super().set_aside()
        (self.folder / LEGACY_LOCK).unlink(missing_ok=True)
        return target


def claim_orphans(folder: Path, own: Slot | None = None,
                  legacy_source: str | None = None) -> list[Orphan]:
    """Every autosave whose copy is gone, newest first, each locked for this copy."""
    found: list[Orphan] = []
    for path in folder.glob(f"{PREFIX}*.json"):
        if own is not None and path == own.path:
            continue
        lock = _try_lock(_lock_path(path))
        if lock is None:
            continue  # a live copy's
        if not path.exists():  # its copy quit cleanly while we looked
            lock.unlock()
            continue
        found.append(Orphan(path, lock))
    if (folder / LEGACY_AUTOSAVE).is_file() and _legacy_copy_is_gone(folder / LEGACY_LOCK):
        found.append(LegacyOrphan(folder, legacy_source))
    found.sort(key=lambda o: o.saved_at, reverse=True)
    return found


def _legacy_copy_is_gone(lock: Path) -> bool:
    """0.1.0 left its lock only when it crashed; a copy of it may still be running, though."""
    try:
        pid = int(lock.read_text(encoding="utf-8").strip())
    except (OSError, ValueError):
        return lock.exists()
    if pid == os.getpid() or os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


def clean_stale_temp_files(folder: Path, name: str | None = None, *,
                           dead_ids: frozenset[str] = frozenset(),
                           max_age: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Delete the `.NAME.xxxx.tmp` files interrupted atomic writes left in `folder`.

    With `name`, only that file's; otherwise every one. A temp file goes when it is older than
    `max_age`, or at once when it is an autosave temp whose copy is dead (`dead_ids`, or its
    lock can be taken now).
    """
    pattern = f".{glob.escape(name)}.*.tmp" if name else ".*.tmp"
    removed = []
    now = time.time()
    for path in folder.glob(pattern):
        try:
            old = now - path.stat().st_mtime > max_age
            if old or _autosave_writer_is_dead(folder, path.name, dead_ids):
                path.unlink()
                removed.append(path)
        except OSError:
            continue
    return removed


def _autosave_writer_is_dead(folder: Path, temp_name: str, dead_ids: frozenset[str]) -> bool:
    prefix = f".{PREFIX}"
    if not temp_name.startswith(prefix):
        return False
    owner = temp_name[len(prefix):].split(".", 1)[0]
    if owner in dead_ids:
        return True
    lock = _try_lock(folder / f"{PREFIX}{owner}.lock")
    if lock is None:
        return False
    lock.unlock()
    return True


def compare_with_source(record: Record, source: str | None) -> str:
    """How the autosaved game stands to the file it came from.

    "equal": the file holds exactly this game (nothing to save); "same": the same game, a few
    steps apart, or the file is gone (saving there is what the player expects); "other": the
    file now holds another game or is unreadable, so saving there would lose it.
    """
    if source is None:
        return "same"
    if not os.path.exists(source):
        return "same"
    try:
        ours = saves.decode_doc(record.save_bytes(), "<autosave>").doc
        theirs = saves.read_doc(source).doc
    except SaveError:
        return "other"
    if (ours.game, ours.seed, bytes(ours.setup)) != (theirs.game, theirs.seed, bytes(theirs.setup)):
        return "other"
    mine = [bytes(a) for a in ours.actions]
    file = [bytes(a) for a in theirs.actions]
    if mine == file:
        return "equal"
    shorter = min(len(mine), len(file))
    return "same" if mine[:shorter] == file[:shorter] else "other"
