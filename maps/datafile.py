"""Reading the project's JSON data files (rosters, maps, catalogues) with errors that name them.

Lives in maps/ because imports run gui -> core -> maps: both the rules and the boards use it.
"""
from __future__ import annotations

import json
from importlib import resources as importlib_resources
from pathlib import Path
from typing import Any


class DataError(ValueError):
    """A data file (roster, map, catalogue) that fails validation; names file and entry."""

    def __init__(self, file: str, entry: str | None, reason: str) -> None:
        where = f"{file}: {entry}" if entry else file
        super().__init__(f"{where}: {reason}")
        self.file = file
        self.entry = entry
        self.reason = reason


def read_json(path: str | Path | None, package: str, name: str, label: str) -> tuple[Any, str]:
    """The parsed document and the name to use in errors: `path`, or the bundled `package/name`."""
    if path is None:
        file = label
        try:
            text = importlib_resources.files(package).joinpath(name).read_text(encoding="utf-8")
        except OSError as e:
            raise DataError(file, None, f"cannot be read ({e.strerror})") from None
    else:
        file = str(path)
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as e:
            raise DataError(file, None, f"cannot be read ({e.strerror})") from None
    try:
        return json.loads(text), file
    except json.JSONDecodeError as e:
        raise DataError(file, f"line {e.lineno}", f"not valid JSON ({e.msg})") from None


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
