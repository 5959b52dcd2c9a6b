"""The one reader of data files: safe bytes, strict JSON, versions and migrations, typed entries."""
from __future__ import annotations

import os
from pathlib import Path

import msgspec
import pytest

from maps.datafile import (DataError, convert, decode_json, get_field, is_number, migrate, read_bytes_safely,
                           read_versioned)


class Doc(msgspec.Struct, forbid_unknown_fields=True):
    format: str
    version: int
    sizes: list[int]
    name: str = ""


def _v1_to_v2(doc: dict) -> dict:
    size = doc.pop("size")
    return {**doc, "version": 2, "sizes": [size]}


def test_reads_an_ordinary_file(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_bytes(b"{}")
    assert read_bytes_safely(path, 10) == b"{}"


@pytest.mark.timeout(60)
def test_refuses_what_is_not_an_ordinary_small_file(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # opening it would block for ever
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 11)
    cases = [(fifo, "not an ordinary file"), ("/dev/zero", "not an ordinary file"), (tmp_path, "folder"),
             (big, "too large"), (tmp_path / "none.json", "does not exist"), ("a\0b", "cannot be read")]
    for path, reason in cases:
        with pytest.raises(DataError, match=reason) as err:
            read_bytes_safely(path, 10, "my label")
        assert err.value.file == "my label"


@pytest.mark.parametrize("data, entry, reason", [
    (b"", None, "empty"),
    (b"  \n ", None, "empty"),
    (b'{\n"a": "caf\xe9"}', "line 2", "not UTF-8"),
    (b"[" * 100_000 + b"]" * 100_000, None, "nested far too deeply"),
    (b'{"a": 1e400}', None, "out of range"),
    (b'{"a": -' + b"9" * 5000 + b"}", None, "out of range"),
    (b'{"a": NaN}', "line 1", "not valid JSON"),
    (b'{"a": Infinity}', "line 1", "not valid JSON"),
    (b'{"a": [1, 2', None, "not valid JSON"),
    (b'{"a": 1}\n{"b": 2}', "line 2", "not valid JSON"),
])
def test_decode_json_turns_damage_into_one_error(data: bytes, entry: str | None, reason: str) -> None:
    with pytest.raises(DataError, match=reason) as err:
        decode_json(data, "f.json")
    assert (err.value.file, err.value.entry) == ("f.json", entry)


def test_decode_json_reads_a_byte_order_mark_and_can_refuse_repeated_keys() -> None:
    assert decode_json(b'\xef\xbb\xbf{"a": 1, "a": 2}', "f") == {"a": 2}
    with pytest.raises(DataError, match="'a' appears twice") as err:
        decode_json(b'{"b": [{"a": 1, "a": 2}]}', "f", unique_keys=True)
    assert err.value.entry == "a"


def test_read_versioned_migrates_older_files(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_bytes(b'{"format": "f", "version": 1, "size": 3}')
    doc = read_versioned(path, format="f", version=2, type=Doc, migrations={1: _v1_to_v2})
    assert doc == Doc("f", 2, [3])
    assert read_versioned(b'{"format": "f", "version": 2, "sizes": []}', format="f", version=2, type=Doc) == \
        Doc("f", 2, [])


@pytest.mark.parametrize("data, entry, reason", [
    (b'{"format": "f", "version": 3, "sizes": []}', "version", "made by a newer Battlebox; this version reads up to 2"),
    (b'{"format": "f", "version": ' + b"9" * 30 + b"}", "version", "above a billion was made by a newer"),
    (b'{"format": "f", "version": ' + b"9" * 5000 + b"}", None, "out of range"),
    (b'{"format": "f", "version": 0}', "version", "unknown format version 0"),
    (b'{"format": "f", "version": true}', "version", "no valid version number"),
    (b'{"format": "f", "version": "2"}', "version", "no valid version number"),
    (b'{"format": "g", "version": 2}', "format", "this is not a thing (no 'f' format marker)"),
    (b"[1]", "format", "this is not a thing"),
    (b'{"format": "f", "version": 1}', "version", "cannot be upgraded (it has no 'size')"),
    (b'{"format": "f", "version": 2, "sizes": [1, "2"]}', "sizes[1]", "Expected 'int', got 'str'"),
    (b'{"format": "f", "version": 2, "sizes": [], "colour": 1}', "colour", "unknown field 'colour'"),
    (b'{"format": "f", "version": 2}', "sizes", "missing required field 'sizes'"),
    (b'{"format": "f", "version": 2, "sizes": [1], "name": 5}', "name", "Expected 'str', got 'int'"),
])
def test_read_versioned_names_the_entry(data: bytes, entry: str | None, reason: str) -> None:
    with pytest.raises(DataError) as err:
        read_versioned(data, format="f", version=2, type=Doc, file_label="thing.json", what="thing",
                       migrations={1: _v1_to_v2})
    assert err.value.file == "thing.json"
    assert err.value.entry == entry, str(err.value)
    assert reason in err.value.reason, str(err.value)


def test_a_migration_that_goes_nowhere_is_refused() -> None:
    with pytest.raises(DataError, match="went wrong"):
        migrate({"format": "f", "version": 1}, "x", format="f", version=2, migrations={1: lambda d: d})
    with pytest.raises(DataError, match="cannot be brought up to version 2"):
        migrate({"format": "f", "version": 1}, "x", format="f", version=2)


def test_bytes_over_the_cap_are_refused() -> None:
    with pytest.raises(DataError, match="too large"):
        read_versioned(b" " * 100, format="f", version=1, type=Doc, max_bytes=10)


def test_convert_prefixes_the_entry() -> None:
    with pytest.raises(DataError) as err:
        convert({"sizes": [1, None]}, Doc, "f", "docs[3]")
    assert err.value.entry in ("docs[3]", "docs[3].sizes[1]") and "docs[3]" in str(err.value)
    with pytest.raises(DataError) as err:
        convert({"format": "f", "version": 1, "sizes": [None]}, Doc, "f", "docs[3]")
    assert err.value.entry == "docs[3].sizes[0]"


@pytest.mark.parametrize("doc, typ, reason", [
    ({}, str, "missing field 'x'"),
    ({"x": 3}, str, "field 'x' must be str, got 3"),
    ({"x": True}, int, "field 'x' must be int, got True"),
    ({"x": False}, (int, float), "field 'x' must be int or float, got False"),
    ({"x": 1}, bool, "field 'x' must be bool, got 1"),
])
def test_get_field_names_the_file_the_entry_and_the_field(doc: dict, typ: type, reason: str) -> None:
    with pytest.raises(DataError) as e:
        get_field(doc, "x", typ, "maps/a.json", "region 'Sub-0'")
    assert (e.value.file, e.value.entry, e.value.reason) == ("maps/a.json", "region 'Sub-0'", reason)


def test_get_field_takes_a_bool_only_where_one_is_asked_for() -> None:
    assert get_field({"x": True}, "x", bool, "f", None) is True
    assert get_field({"x": 2.5}, "x", (int, float), "f", None) == 2.5
    assert get_field({"x": [1]}, "x", list, "f", None) == [1]


def test_is_number_is_a_finite_number_within_its_limit() -> None:
    assert is_number(3) and is_number(-2.5) and is_number(1000.0, 1000.0)
    assert not any(is_number(v) for v in (True, float("nan"), float("inf"), "3", None))
    assert not is_number(1000.5, 1000.0) and not is_number(-1001, 1000.0)
