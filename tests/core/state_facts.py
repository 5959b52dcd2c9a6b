"""Checks shared by the Impact and Fistful of Gold protocol tests: states hold facts, not words."""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import msgspec

FACT_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$|^$")


def strings_in(value: Any, path: str = "state") -> Iterator[tuple[str, str]]:
    """Every str inside a state (structs, tuples, dicts), with where it sits; the setup is the
    players' own input (names, colours) and is skipped."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, msgspec.Struct):
        for field in value.__struct_fields__:
            if field != "setup":
                yield from strings_in(getattr(value, field), f"{path}.{field}")
    elif isinstance(value, (tuple, list)):
        for i, item in enumerate(value):
            yield from strings_in(item, f"{path}[{i}]")
    elif isinstance(value, dict):
        for k, item in value.items():
            yield from strings_in(k, f"{path}{{key}}")
            yield from strings_in(item, f"{path}[{k!r}]")


def sentences_in(state: Any) -> list[tuple[str, str]]:
    """The strings of a state that are not short lowercase ids ("fire", "last-standing")."""
    return [(path, s) for path, s in strings_in(state) if not FACT_ID.match(s)]


def encoded(value: Any) -> bytes:
    return msgspec.json.encode(value)
