"""The versioned save document: strict JSON decode, clear errors, atomic writes, migrations.

A save holds setup + seed + the action log; loading replays the log through the rules
(core/match.py), so a save can never describe a position the rules would not reach. The
checksum covers the game, the seed, the chance model, the setup and the replayed state: it
detects damage and a log that was edited without replaying it honestly. It is not a
signature: someone who rewrites the whole file with a tool can make a new valid save.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from core.errors import SaveError
from maps.datafile import DataError, decode_json, migrate, read_bytes_safely

FORMAT = "battlebox-save"
VERSION = 2
# The cap keeps the largest legal save loadable in seconds (tests/benchmarks/test_saves_speed.py).
MAX_SAVE_BYTES = 4 * 1024 * 1024
MAX_ACTIONS = 20_000


class Reseat(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A seat that changed hands during play: from `step` on, the computer at level `computer`
    plays `seat`, or a person when it is None. The setup holds who sits there now; these keep
    how it came to be, for the log and for the ledger, which rates no game two hands shared."""

    step: int
    seat: int
    computer: str | None = None


class SaveDoc(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    format: str
    version: int
    game: str
    seed: int
    chance_model: int  # the game's chance model when saved; draws are checked only under the same one
    # The first step drawn under that model: a game begun under an older model (or an older
    # format) and played on keeps its earlier outcomes, which are replayed without that check.
    seeded_from: int
    setup: msgspec.Raw  # decoded by the game's own setup type (core/match.py)
    actions: list[msgspec.Raw]  # each decoded by the game's action type, so errors name the step
    checksum: str
    app_version: str = ""
    # When the game ended (ISO 8601 UTC, "2026-12-02T10:04:05Z"): the ledger orders ratings by it.
    # Empty while the game goes on, and in saves written before it was kept (omitted when empty).
    finished_at: str = ""
    # Seats handed over during play, oldest first (omitted when none were).
    reseats: list[Reseat] = msgspec.field(default_factory=list)


class Loaded(msgspec.Struct, frozen=True):
    """A decoded document and the format version it was written in (older ones were migrated,
    so their old checksum could not be checked)."""

    doc: SaveDoc
    written_version: int


_encoder = msgspec.json.Encoder()
_doc_decoder = msgspec.json.Decoder(SaveDoc)


def _v1_to_v2(raw: dict[str, Any]) -> dict[str, Any]:
    """0.1.0 saves: their checksum covered a state whose shape has changed, so it is dropped
    and the save is checked by replay alone; each game rewrites its own old actions."""
    from core import registry

    try:
        game = registry.get(raw["game"])
    except KeyError:
        raise ValueError(f"unknown game {raw.get('game')!r}") from None
    raw = dict(raw)
    raw.pop("state_sha256", None)
    raw["version"] = 2
    raw["chance_model"] = 0
    raw["seeded_from"] = 0
    raw["checksum"] = ""
    if isinstance(raw.get("setup"), dict):
        raw["setup"] = game.migrate_setup(raw["setup"], 1)
    actions = raw.get("actions")
    if isinstance(actions, list):
        raw["actions"] = [game.migrate_action(a, 1) if isinstance(a, dict) else a for a in actions]
    return raw


# version -> function turning a document of that version into the next one.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2}


def checksum(game: str, seed: int, chance_model: int, seeded_from: int, setup: Any, state: Any) -> str:
    h = hashlib.sha256()
    for part in (game, seed, chance_model, seeded_from, setup, state):
        h.update(_encoder.encode(part))
        h.update(b"\0")
    return h.hexdigest()


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


def read_doc(path: str | os.PathLike[str]) -> Loaded:
    """Read and structurally check a save file, migrating older formats; replay is the caller's."""
    name = str(path)
    try:
        data = read_bytes_safely(path, MAX_SAVE_BYTES, "save")
    except DataError as e:
        raise SaveError(name, e.reason) from None
    return decode_doc(data, name)


def decode_doc(data: bytes, name: str = "<save>") -> Loaded:
    try:  # the common case, a save in today's format, in one pass
        doc = _doc_decoder.decode(data)
    except (msgspec.ValidationError, msgspec.DecodeError, RecursionError):
        pass  # the careful path below says what is wrong, or migrates an older format
    else:
        if doc.format == FORMAT and doc.version == VERSION:
            return _checked(doc, name)
    if not data.strip():
        raise SaveError(name, "the file is empty")
    try:
        top = msgspec.json.decode(data, type=dict[str, msgspec.Raw])
    except msgspec.ValidationError:
        raise SaveError(name, "this is not a Battlebox save (the file is not a JSON object)") from None
    except (msgspec.DecodeError, RecursionError) as e:
        raise SaveError(name, f"the file is not valid JSON, it may be truncated or corrupted "
                              f"({_short(e)})") from None
    head = {"format": _field(top, "format"), "version": _field(top, "version")}
    written = head["version"]
    try:
        migrate(head, name, format=FORMAT, version=VERSION, what="Battlebox save")
    except DataError as e:
        if not (isinstance(written, int) and 1 <= written < VERSION):
            raise SaveError(name, e.reason) from None
        try:
            raw = migrate(decode_json(data, name), name, format=FORMAT, version=VERSION,
                          what="Battlebox save", migrations=MIGRATIONS)
        except DataError as e:
            raise SaveError(name, e.reason) from None
        data = _encoder.encode(raw)
    try:
        doc = msgspec.json.decode(data, type=SaveDoc)
    except msgspec.ValidationError as e:
        raise SaveError(name, f"the save's structure is wrong: {e}") from None
    except (msgspec.DecodeError, RecursionError) as e:
        raise SaveError(name, f"the file is not valid JSON ({_short(e)})") from None
    return _checked(doc, name, written)


def _checked(doc: SaveDoc, name: str, written: int = VERSION) -> Loaded:
    if len(doc.actions) > MAX_ACTIONS:
        raise SaveError(name, f"the save has {len(doc.actions):,} actions; a Battlebox save has at "
                              f"most {MAX_ACTIONS:,}")
    return Loaded(doc, written)


def _field(top: dict[str, msgspec.Raw], key: str) -> Any:
    raw = top.get(key)
    if raw is None:
        return None
    try:
        return msgspec.json.decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return None


def _short(e: BaseException) -> str:
    text = str(e) or type(e).__name__
    return text if len(text) <= 200 else text[:200] + "…"
