"""Every data loader, fed damaged copies of the real files, raises DataError naming the file.

The damage is what a bad edit, a bad disk or a hostile file does: keys deleted, values swapped
for other types or junk (NaN, 1e400, 5,000-digit integers, deep nesting, non-UTF-8 strings,
negative sizes), list entries duplicated, bytes truncated, flipped or inserted. A loader may
accept a harmless change; it may never let anything but a DataError out.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.clout import catalogue, layout, stacks
from core import last_setups
from core.fistful import bests, roster
from core.powerspike import army, units
from maps import scar
from maps.clout import areas
from maps.datafile import DataError
from maps.powerspike import table

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = int(os.environ.get("BATTLEBOX_FUZZ_EXAMPLES", "100"))


def _layout_file() -> bytes:
    doc = layout.Layout().with_player(1, layout.PlayerSlot("Marge", "#8e24aa", 7.5))
    first, second = list(catalogue.default_catalogue().chips)[:2]
    doc, _ = doc.place(first, 0, 20.0, 30.0)
    doc, _ = doc.place(second, 1, 28.5, 31.25)
    return layout.to_json(doc)


def _bests_file() -> bytes:
    return bests.encode_bests([bests.Best("Ada", 120, "2026-03-01", "k1"), bests.Best("Bo", 90, "2026-04-02")])


def _last_setups_file() -> bytes:
    from core import registry
    from tests.setups import tweaked

    return last_setups.encode({game_id: tweaked(game_id) for game_id in registry.GAMES})


def _files(folder: str) -> list[tuple[str, bytes]]:
    return [(p.name, p.read_bytes()) for p in sorted((ROOT / folder).glob("*.json"))]


def _one(path: str) -> list[tuple[str, bytes]]:
    p = ROOT / path
    return [(p.name, p.read_bytes())]


def _layout(path: Path) -> Any:
    cat = catalogue.default_catalogue()
    return layout.load_layout(path, known_chips=cat.chips, known_areas=areas.available_areas())


# name -> (sample files as (file name, bytes), loader taking a path)
LOADERS: dict[str, tuple[list[tuple[str, bytes]], Callable[[Path], Any]]] = {
    "fistful roster": (_one("resources/fistful/roster.json"), roster.load_roster),
    "scar map": (_one("maps/scar.json"), scar.load_scar),
    "clout chips": (_one("resources/clout/chips.json"), catalogue.load_catalogue),
    "clout stacks": (_files("resources/clout/stacks"), stacks.load_stack),
    "clout layouts": ([("table.clout-layout.json", _layout_file())], _layout),
    "clout areas": (_files("maps/clout/areas"), areas.load_area),
    "powerspike units": (_one("resources/powerspike/units.json"), units.load_units),
    "powerspike formations": (_one("resources/powerspike/formations.json"), army.load_organisation),
    "powerspike rosters": (_files("resources/powerspike/rosters"), army.load_roster),
    "powerspike tables": (_files("maps/powerspike/tables"), table.load_table),
    "solitaire bests": ([(bests.FILE_NAME, _bests_file())], bests.load_bests),
    # a game's entry that cannot be used is left out and named; only a damaged file raises
    "last setups": ([(last_setups.FILE_NAME, _last_setups_file())], last_setups.read),
}

# Loaders whose every call builds and checks map geometry (tens of ms).
SLOW = {"scar map"}
MARK = "@@fuzz@@"
JSON_JUNK: list[Any] = [
    None, True, False, 0, 1, -1, -(2**63), 2**64 - 1, 0.5, -0.0, -1e308, 1.7e308, 5e-324,
    "", " ", "x", "\u0000", "é" * 3, "a" * 2000, "#zzzzzz", "-1", "1e400",
    [], {}, [None], [[]], [0, 0], [1, 2, 3], [-1, -1], [[0, 0], [0, 0], [0, 0]], {"": None},
    {"id": 1}, {"id": "x"},
]
RAW_JUNK: list[bytes] = [
    b"NaN", b"Infinity", b"-Infinity", b"1e400", b"-1e400", b"9" * 5000, b"-" + b"9" * 5000,
    b'"\xff\xfe"', b'"\xc3"', b'"\\ud800"', b"[" * 3000 + b"]" * 3000, b"{" * 10, b"0x10", b"01",
]


def _copy(value: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(value))


def _paths(doc: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [here]
    if isinstance(doc, dict):
        for k, v in doc.items():
            found += _paths(v, (*here, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            found += _paths(v, (*here, i))
    return found


def _parent(doc: Any, path: tuple[Any, ...]) -> Any:
    for step in path[:-1]:
        doc = doc[step]
    return doc


def _at(doc: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    _parent(doc, path)[path[-1]] = value
    return doc


def _swapped(value: Any) -> Any:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return {str(i): v for i, v in enumerate(value)}
    if isinstance(value, dict):
        return list(value.values())
    return 0


def _numeric(value: Any, how: int) -> Any:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    return (-value, 0, value * 1e300, -abs(value) - 1, value + 0.5)[how % 5]


@st.composite
def damaged(draw: st.DrawFn, original: bytes) -> bytes:
    """A damaged copy of `original`: one to three changes to its document, then maybe its bytes."""
    doc = msgspec.json.decode(original)
    raw: bytes | None = None
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(doc)
        path = draw(st.sampled_from(paths))
        op = draw(st.sampled_from(["delete", "junk", "raw", "swap", "number", "extra", "duplicate"]))
        target = _parent(doc, path) if path else None
        if op == "delete" and path:
            del target[path[-1]]
        elif op == "junk":
            doc = _set(doc, path, _copy(draw(st.sampled_from(JSON_JUNK))))
        elif op == "raw" and raw is None:
            raw = draw(st.sampled_from(RAW_JUNK))
            doc = _set(doc, path, MARK)
        elif op == "swap":
            doc = _set(doc, path, _swapped(_at(doc, path)))
        elif op == "number":
            value = _at(doc, path)
            doc = _set(doc, path, _numeric(value, draw(st.integers(0, 4))))
        elif op == "extra":
            value = _at(doc, path)
            if isinstance(value, dict):
                value["fuzz_extra"] = _copy(draw(st.sampled_from(JSON_JUNK)))
            elif isinstance(value, list):
                value.append(_copy(draw(st.sampled_from(JSON_JUNK))))
        elif op == "duplicate":
            value = _at(doc, path)
            if isinstance(value, list) and value:
                value.append(_copy(value[0]))
    data = msgspec.json.encode(doc)
    if raw is not None:
        data = data.replace(msgspec.json.encode(MARK), raw, 1)
    byte_op = draw(st.sampled_from(["none", "none", "truncate", "flip", "insert", "nest"]))
    if byte_op != "none" and data:
        at = draw(st.integers(0, len(data) - 1))
        if byte_op == "truncate":
            data = data[:at]
        elif byte_op == "flip":
            data = data[:at] + bytes([data[at] ^ draw(st.integers(1, 255))]) + data[at + 1:]
        elif byte_op == "insert":
            data = data[:at] + bytes([draw(st.integers(0, 255))]) + data[at:]
        else:
            depth = draw(st.sampled_from([2, 50, 5000]))
            data = b"[" * depth + data + b"]" * depth
    return data


def _check(loader: Callable[[Path], Any], path: Path) -> None:
    try:
        loader(path)
    except DataError as e:
        assert e.file == str(path), f"the error names {e.file!r}, not the file: {e}"
        assert str(path) in str(e)


@pytest.fixture(scope="module")
def fuzz_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@pytest.mark.parametrize("kind", sorted(LOADERS))
def test_every_sample_loads(kind: str, fuzz_dir: Path) -> None:
    """The undamaged samples load, so the fuzzing starts from files the loader accepts."""
    files, loader = LOADERS[kind]
    for name, data in files:
        path = fuzz_dir / kind.replace(" ", "-") / name
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(data)
        loader(path)


def _fuzz_once(kind: str, fuzz_dir: Path, data: st.DataObject) -> None:
    files, loader = LOADERS[kind]
    name, original = data.draw(st.sampled_from(files))
    path = fuzz_dir / name
    path.write_bytes(data.draw(damaged(original)))
    _check(loader, path)


_FUZZ = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("kind", sorted(set(LOADERS) - SLOW))
@settings(max_examples=EXAMPLES, **_FUZZ)
@given(data=st.data())
def test_damaged_files_raise_only_data_errors(kind: str, fuzz_dir: Path, data: st.DataObject) -> None:
    _fuzz_once(kind, fuzz_dir, data)


@pytest.mark.parametrize("kind", sorted(SLOW))
@settings(max_examples=max(1, EXAMPLES // 3), **_FUZZ)
@given(data=st.data())
def test_damaged_maps_raise_only_data_errors(kind: str, fuzz_dir: Path, data: st.DataObject) -> None:
    """Fewer examples: every load of the map builds and checks its geometry."""
    _fuzz_once(kind, fuzz_dir, data)


@pytest.mark.parametrize("kind", sorted(LOADERS))
@pytest.mark.timeout(60)
def test_paths_that_are_not_files_are_refused(kind: str, tmp_path: Path) -> None:
    """A folder, a FIFO (opening one blocks forever), a device and an oversize file."""
    _, loader = LOADERS[kind]
    folder = tmp_path / "folder.json"
    folder.mkdir()
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    huge = tmp_path / "huge.json"
    huge.write_bytes(b"[" + b"0," * 3_000_000 + b"0]")
    cases = [(folder, "folder"), (fifo, "not an ordinary file"), (Path("/dev/zero"), "not an ordinary file"),
             (huge, "too large"), (tmp_path / "missing.json", "does not exist")]
    if kind == "solitaire bests":  # no file yet is no bests yet, not an error
        assert loader(cases.pop()[0]) == []
    if kind == "last setups":  # no file yet is no setups yet
        assert loader(cases.pop()[0]) == ({}, [], {})
    for path, reason in cases:
        with pytest.raises(DataError, match=reason) as err:
            loader(path)
        assert err.value.file == str(path)


@pytest.mark.parametrize("kind", sorted(LOADERS))
@pytest.mark.parametrize("content, reason", [
    (b"", "empty"),
    (b"\xff\xfe{}", "not valid JSON|not UTF-8"),
    (b'{"a": "\xff"}', "not UTF-8"),
    (b"[" * 5000 + b"]" * 5000, "nested far too deeply"),
    (b'{"a": 1e400}', "out of range"),
    (b'{"a": ' + b"9" * 5000 + b"}", "out of range"),
    (b'{"a": NaN}', "not valid JSON"),
    (b'{"a": 1, "b": {"c": 1, "c": 2}}', "'c' appears twice"),
    (b"[]", None),
    (b"null", None),
])
def test_every_loader_names_the_file_for_broken_bytes(kind: str, content: bytes, reason: str | None,
                                                      tmp_path: Path) -> None:
    _, loader = LOADERS[kind]
    path = tmp_path / LOADERS[kind][0][0][0]
    path.write_bytes(content)
    with pytest.raises(DataError, match=reason) as err:
        loader(path)
    assert err.value.file == str(path)


def _sample(kind: str, index: int = 0) -> Any:
    return msgspec.json.decode(LOADERS[kind][0][index][1])


HUGE = 1e300
# (loader, sample file index, path to the number, value, the entry the error must name)
ABSURD: list[tuple[str, int, tuple[Any, ...], Any, str]] = [
    ("scar map", 0, ("size",), [HUGE, HUGE], "top level"),
    ("scar map", 0, ("regions", 0, "polygon", 0), [HUGE, 0], "region 'Sub-0'"),
    ("scar map", 0, ("arena", "disc_radius"), HUGE, "arena disc 'Sub-0'"),
    ("clout areas", 1, ("circle", "diameter_cm"), HUGE, "circle"),
    ("clout areas", 2, ("slide_friction",), HUGE, "slide_friction"),
    ("clout areas", 2, ("polygon", 1), [HUGE, 0], "polygon[1]"),
    ("powerspike tables", 1, ("size_in",), [HUGE, HUGE], "size_in"),
    ("powerspike tables", 1, ("terrain", 0, "polygon", 0), [-HUGE, 0], "terrain 'Birch wood'"),
    ("powerspike units", 0, ("units", 0, "cards"), 10**9, "unit 'death-commando'"),
    ("powerspike units", 0, ("units", 0, "move"), HUGE, "unit 'death-commando'"),
    ("powerspike units", 0, ("units", 0, "tray"), [HUGE, 1], "unit 'death-commando'"),
    ("powerspike formations", 0, ("formations", 0, "slots", 0, "max"), 10**9,
     "formation 'death-commando-brigade' slots[0]"),
    ("solitaire bests", 0, ("bests", 0, "total"), 10**15, "bests[0]"),
]


@pytest.mark.parametrize("kind, index, path, value, entry", ABSURD)
def test_absurd_numbers_are_refused_naming_the_entry(kind: str, index: int, path: tuple[Any, ...], value: Any,
                                                     entry: str, tmp_path: Path) -> None:
    """Finite but absurd sizes would overflow the geometry or build endless decks."""
    doc = _set(_sample(kind, index), path, value)
    file = tmp_path / LOADERS[kind][0][index][0]
    file.write_bytes(msgspec.json.encode(doc))
    with pytest.raises(DataError) as err:
        LOADERS[kind][1](file)
    assert err.value.file == str(file)
    assert err.value.entry == entry, str(err.value)
