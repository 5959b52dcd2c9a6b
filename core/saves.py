"""The versioned save document: strict JSON decode, clear errors, atomic writes.

A save holds only setup + seed + action log; loading replays the log through the rules
(core/match.py), so a save can never describe a position the rules would not reach.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import Any

import msgspec

from core.errors import SaveError

FORMAT = "battlebox-save"
VERSION = 1
MAX_SAVE_BYTES = 16 * 1024 * 1024


class SaveDoc(msgspec.Struct, forbid_unknown_fields=True):
    format: str
    version: int
    game: str
    seed: int
    setup: msgspec.Raw  # decoded by the game's own setup type (core/match.py)
    actions: list[msgspec.Raw]  # each decoded by the game's action type, so errors name the step
    state_sha256: str
    app_version: str = ""


_encoder = msgspec.json.Encoder()

# version -> function turning a document of that version into the next one.
MIGRATIONS: dict[int, Any] = {}


def state_digest(state: Any) -> str:
    """A checksum of a state, to detect a log that replays to something else."""
    return hashlib.sha256(_encoder.encode(state)).hexdigest()


def encode(obj: Any) -> msgspec.Raw:
    return msgspec.Raw(_encoder.encode(obj))


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write via a temp file in the same folder and rename, so a crash never leaves half a file."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def encode_doc(doc: SaveDoc) -> bytes:
    return _encoder.encode(doc) + b"\n"


def read_doc(path: str | os.PathLike[str]) -> SaveDoc:
    """Read and structurally check a save file; replay is the caller's job."""
    name = str(path)
    try:
        size = os.stat(path).st_size
        if size > MAX_SAVE_BYTES:
            raise SaveError(name, f"the file is {size / 1e6:.1f} MB; a save is at most "
                                  f"{MAX_SAVE_BYTES / 1e6:.0f} MB, so this is not a Battlebox save")
        with open(path, "rb") as f:
            data = f.read(MAX_SAVE_BYTES + 1)
    except SaveError:
        raise
    except FileNotFoundError:
        raise SaveError(name, "the file does not exist") from None
    except IsADirectoryError:
        raise SaveError(name, "that is a folder, not a save file") from None
    except OSError as e:
        raise SaveError(name, f"the file cannot be read ({e.strerror})") from None
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(name, "the file is too large to be a Battlebox save")
    if not data.strip():
        raise SaveError(name, "the file is empty")
    try:
        top = msgspec.json.decode(data, type=dict[str, msgspec.Raw])
    except msgspec.ValidationError:
        raise SaveError(name, "this is not a Battlebox save (the file is not a JSON object)") from None
    except msgspec.DecodeError as e:
        raise SaveError(name, f"the file is not valid JSON, it may be truncated or corrupted ({e})") from None
    if _field(top, "format") != FORMAT:
        raise SaveError(name, "this is not a Battlebox save (no 'battlebox-save' format marker)")
    version = _field(top, "version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(name, "the save has no valid version number")
    if version > VERSION:
        raise SaveError(name, f"the save is format version {version}, made by a newer Battlebox; "
                              f"this version reads up to {VERSION}")
    if version < 1:
        raise SaveError(name, f"unknown save format version {version}")
    if version < VERSION:
        raw = msgspec.json.decode(data)
        while version < VERSION:
            raw = MIGRATIONS[version](raw)
            version = raw["version"]
        data = _encoder.encode(raw)
    try:
        return msgspec.json.decode(data, type=SaveDoc)
    except msgspec.ValidationError as e:
        raise SaveError(name, f"the save's structure is wrong: {e}") from None


def _field(top: dict[str, msgspec.Raw], key: str) -> Any:
    raw = top.get(key)
    return None if raw is None else msgspec.json.decode(raw)
