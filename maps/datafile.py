"""Reading the project's JSON data files (rosters, maps, catalogues, stacks, layouts) safely.

Every file a player can hand us goes through here, so every kind of damage gets one clear
`DataError` naming the file and the entry, never a traceback:

- `read_bytes_safely` refuses folders, FIFOs and devices (checked before opening: opening a
  FIFO blocks forever), oversize and unreadable files;
- `decode_json` turns non-UTF-8 bytes, invalid JSON, absurd nesting and out-of-range numbers
  into one error (msgspec reads NaN/Infinity as invalid JSON and 1e400 or 5,000-digit
  integers as out of range, so a decoded document only holds finite numbers);
- `read_versioned` is the one reader for versioned documents: format marker, version (newer ->
  a clear refusal, older -> migrations), then a strict msgspec conversion to the file's type.

Lives in maps/ because imports run gui -> core -> maps: both the rules and the boards use it.
"""
from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Callable, Mapping
from importlib import resources as importlib_resources
from pathlib import Path
from typing import Any, TypeVar

import msgspec

T = TypeVar("T")

MAX_DATA_BYTES = 4 * 1024 * 1024
"""No data file of ours comes near this; a larger file is not one of them."""

Migration = Callable[[dict[str, Any]], dict[str, Any]]


class DataError(ValueError):
    """A data file (roster, map, catalogue) that fails validation; names file and entry."""

    def __init__(self, file: str, entry: str | None, reason: str) -> None:
        where = f"{file}: {entry}" if entry else file
        super().__init__(f"{where}: {reason}")
        self.file = file
        self.entry = entry
        self.reason = reason


# --- fields ------------------------------------------------------------------------------------

def get_field(obj: Mapping[str, Any], key: str, typ: type | tuple[type, ...], file: str,
              entry: str | None) -> Any:
    """`obj[key]` if it is there and of `typ`; else a DataError naming the file, entry and field.

    JSON's true and false count as ints to Python but not to a file's author, so a bool is
    refused wherever a bool is not asked for."""
    if key not in obj:
        raise DataError(file, entry, f"missing field '{key}'")
    value = obj[key]
    if not isinstance(value, typ) or (isinstance(value, bool) and typ is not bool):
        name = typ.__name__ if isinstance(typ, type) else " or ".join(t.__name__ for t in typ)
        raise DataError(file, entry, f"field '{key}' must be {name}, got {value!r}")
    return value


def is_number(value: Any, limit: float = math.inf) -> bool:
    """A finite JSON number (not a bool) no larger than `limit` either way."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
            and abs(value) <= limit)


# --- bytes -------------------------------------------------------------------------------------

def read_bytes_safely(path: str | os.PathLike[str], max_bytes: int = MAX_DATA_BYTES,
                      label: str | None = None) -> bytes:
    """The bytes of an ordinary file of at most `max_bytes`, or a DataError saying why not."""
    file = label if label is not None else str(path)
    try:
        info = os.stat(path)
        _check_kind(info, file, max_bytes)
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        fd = os.open(path, flags)
        with os.fdopen(fd, "rb") as f:
            size = os.fstat(f.fileno())
            _check_kind(size, file, max_bytes)  # swapped after the stat
            data = f.read(size.st_size + 1)  # a buffer of the file's size, not of the cap
            if len(data) > size.st_size:  # it grew since: read on, up to the cap
                data += f.read(max_bytes + 1 - len(data))
    except DataError:
        raise
    except FileNotFoundError:
        raise DataError(file, None, "the file does not exist") from None
    except IsADirectoryError:
        raise DataError(file, None, "that is a folder, not a file") from None
    except PermissionError:
        raise DataError(file, None, "the file cannot be read (permission denied)") from None
    except (OSError, ValueError) as e:
        why = getattr(e, "strerror", None) or str(e)
        raise DataError(file, None, f"the file cannot be read ({why})") from None
    if len(data) > max_bytes:
        raise DataError(file, None, _too_large(len(data), max_bytes))
    return data


def _check_kind(info: os.stat_result, file: str, max_bytes: int) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise DataError(file, None, "that is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise DataError(file, None, "that is not an ordinary file (a pipe, socket or device); "
                                    "Battlebox reads data only from files")
    if info.st_size > max_bytes:
        raise DataError(file, None, _too_large(info.st_size, max_bytes))


def _too_large(size: int, max_bytes: int) -> str:
    return (f"the file is too large ({_size(size)}; a file of this kind is at most "
            f"{_size(max_bytes)}), so it is not one")


def _size(n: int) -> str:
    if n < 1000:
        return f"{n} bytes"
    return f"{n / 1e6:.1f} MB" if n >= 100_000 else f"{n / 1e3:.0f} kB"


# --- JSON --------------------------------------------------------------------------------------

def decode_json(data: bytes, label: str, *, unique_keys: bool = False) -> Any:
    """The JSON document in `data`; any damage is a DataError naming `label`.

    `unique_keys` also refuses an object that names a key twice (JSON readers silently keep
    the last one, so a merge slip or a pasted entry would go unnoticed); it parses a second
    time in Python, so it is meant for small hand-edited data files, not saves.
    """
    if data.startswith(b"\xef\xbb\xbf"):  # a byte-order mark some editors add
        data = data[3:]
    if not data.strip():
        raise DataError(label, None, "the file is empty")
    try:
        doc = msgspec.json.decode(data)
    except RecursionError:
        raise DataError(label, None, "the data is nested far too deeply to be a real file") from None
    except msgspec.ValidationError as e:  # numbers beyond 64-bit integers or doubles
        where = _line_of(data, str(e))
        raise DataError(label, where, "a number is out of range (too large to be real data)") from None
    except msgspec.DecodeError as e:
        text = str(e)
        where = _line_of(data, text)
        if "UTF-8" in text:
            raise DataError(label, _bad_utf8_line(data), "the file is not UTF-8 text") from None
        if "truncated" in text:
            raise DataError(label, None, "not valid JSON (it ends too early or holds an invalid "
                                         "character); the file may be truncated or corrupted") from None
        return _raise_json(label, where, text)
    if unique_keys:
        _refuse_repeated_keys(data, label)
    return doc


def _repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise _RepeatedKey(key)
        seen[key] = value
    return seen


class _RepeatedKey(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _refuse_repeated_keys(data: bytes, label: str) -> None:
    try:
        json.loads(data, object_pairs_hook=_repeated_keys)
    except _RepeatedKey as e:
        raise DataError(label, e.key, f"the key '{e.key}' appears twice in one object; "
                                      "keep one of them") from None
    except (ValueError, RecursionError):
        pass  # msgspec read it; Python's reader disagreeing on an edge case is no reason to refuse


def _raise_json(label: str, where: str | None, text: str) -> Any:
    detail = re.sub(r"^JSON is malformed: ", "", text)
    detail = re.sub(r"\s*\(byte \d+\)$", "", detail)
    raise DataError(label, where, f"not valid JSON ({detail}); the file may be truncated or corrupted")


def _bad_utf8_line(data: bytes) -> str | None:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        return f"line {line}"
    return None


def _line_of(data: bytes, message: str) -> str | None:
    m = re.search(r"\(byte (\d+)\)", message)
    if not m:
        return None
    line = data.count(b"\n", 0, int(m.group(1))) + 1
    return f"line {line}"


def located(e: msgspec.ValidationError) -> tuple[str | None, str]:
    """msgspec's 'Expected `int`, got `str` - at `$.chips[3].x`' as ('chips[3].x', reason)."""
    text = str(e)
    m = re.match(r"^(.*?)(?: - at `\$\.?(.*)`)?$", text, re.S)
    if m is None:
        return None, text
    reason, where = m.group(1), m.group(2) or None
    field = re.search(r"field `(.*?)`", reason)
    if where is None and field:
        where = field.group(1)
    reason = reason.replace("`", "'").replace("Object contains", "unknown field:").replace(
        "Object missing required field", "missing required field")
    reason = re.sub(r"^unknown field: unknown field", "unknown field", reason)
    return where, reason


def convert(raw: Any, typ: type[T], file: str, entry: str | None = None) -> T:
    """`raw` (decoded JSON) as `typ`, strictly: wrong types and unknown fields name the entry."""
    try:
        return msgspec.convert(raw, typ, strict=True)
    except msgspec.ValidationError as e:
        where, reason = located(e)
        if entry and where:
            where = f"{entry}.{where}" if not where.startswith("[") else entry + where
        raise DataError(file, where or entry, reason) from None
    except RecursionError:
        raise DataError(file, entry, "the data is nested far too deeply to be a real file") from None


# --- versioned documents -----------------------------------------------------------------------

def read_versioned(source: str | os.PathLike[str] | bytes, *, format: str, version: int,
                   type: type[T], file_label: str | None = None, what: str = "file",
                   migrations: Mapping[int, Migration] | None = None,
                   max_bytes: int = MAX_DATA_BYTES) -> T:
    """One reader for every versioned JSON file: {"format": ..., "version": n, ...}.

    `source` is a path or the file's bytes; `file_label` names it in errors (default: the
    path). A newer version is refused with a clear sentence; an older one is brought up to
    date by `migrations[v]` (document of version v -> document of version v + 1, which must
    set "version"); then the document is converted strictly to `type`.
    """
    if isinstance(source, (bytes, bytearray, memoryview)):
        file = file_label or "the data"
        data = bytes(source)
        if len(data) > max_bytes:
            raise DataError(file, None, _too_large(len(data), max_bytes))
    else:
        file = file_label if file_label is not None else str(source)
        data = read_bytes_safely(source, max_bytes, file)
    doc = migrate(decode_json(data, file, unique_keys=True), file, format=format, version=version, what=what,
                  migrations=migrations)
    return convert(doc, type, file)


def migrate(doc: Any, file: str, *, format: str, version: int, what: str = "file",
            migrations: Mapping[int, Migration] | None = None) -> dict[str, Any]:
    """Check the marker and version of a decoded document and bring it to `version`."""
    if not isinstance(doc, dict) or doc.get("format") != format:
        raise DataError(file, "format", f"this is not a {what} (no '{format}' format marker)")
    found = doc.get("version")
    if isinstance(found, bool) or not isinstance(found, int):
        raise DataError(file, "version", f"the {what} has no valid version number")
    if found > version:
        shown = found if found < 10**9 else "above a billion"
        raise DataError(file, "version", f"format version {shown} was made by a newer Battlebox; "
                                         f"this version reads up to {version}")
    if found < 1:
        raise DataError(file, "version", f"unknown format version {found}")
    while found < version:
        step = (migrations or {}).get(found)
        if step is None:
            raise DataError(file, "version", f"format version {found} cannot be brought up to "
                                             f"version {version} by this Battlebox")
        try:
            doc = step(dict(doc))
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            raise DataError(file, "version", f"the version {found} {what} cannot be upgraded "
                                             f"({_why(e)})") from None
        after = doc.get("version") if isinstance(doc, dict) else None
        if not isinstance(after, int) or after <= found:
            raise DataError(file, "version", f"the upgrade from version {found} went wrong")
        found = after
    return doc


def _why(e: BaseException) -> str:
    if isinstance(e, KeyError) and e.args:
        return f"it has no {e.args[0]!r}"
    return str(e) or e.__class__.__name__


# --- bundled-or-file data ---------------------------------------------------------------------

def read_json(path: str | Path | None, package: str, name: str, label: str) -> tuple[Any, str]:
    """The parsed document and the name to use in errors: `path`, or the bundled `package/name`."""
    if path is None:
        file = label
        try:
            data = importlib_resources.files(package).joinpath(name).read_bytes()
        except OSError as e:
            raise DataError(file, None, f"the file cannot be read ({e.strerror})") from None
    else:
        file = str(path)
        data = read_bytes_safely(path, MAX_DATA_BYTES, file)
    return decode_json(data, file, unique_keys=True), file


def bundled_ids(package: str, folder: str, first: str) -> tuple[str, ...]:
    """The ids of the JSON files bundled in `package/folder`, `first` leading, the rest by id."""
    files = importlib_resources.files(package).joinpath(folder)
    ids = sorted(f.name[:-5] for f in files.iterdir() if f.name.endswith(".json"))
    return tuple(sorted(ids, key=lambda i: (i != first, i)))


def read_named(name_or_path: str | Path, package: str, folder: str, bundled: tuple[str, ...],
               what: str) -> tuple[Any, str, str]:
    """A bundled file by id or any file by path: (document, name for errors, id)."""
    if isinstance(name_or_path, str) and name_or_path in bundled:
        label = f"{package.replace('.', '/')}/{folder}/{name_or_path}.json"
        doc, file = read_json(None, package, f"{folder}/{name_or_path}.json", label)
        return doc, file, name_or_path
    path = Path(name_or_path)
    if isinstance(name_or_path, str) and path.suffix != ".json" and not path.exists():
        raise DataError(name_or_path, None, f"no such {what} (bundled {what}s: {', '.join(bundled)})")
    doc, file = read_json(path, package, path.name, str(path))
    return doc, file, path.stem
