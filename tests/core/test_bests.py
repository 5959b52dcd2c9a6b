"""Solitaire personal bests on disk: damage is reported, and a damaged file is never lost."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from core.fistful import bests
from core.fistful.bests import BestsBook, load_bests
from maps.datafile import DataError

BROKEN = b'{"format": "battlebox-solitaire-bests", "version": 1, "bests": [{"name": "Ada", "total": "lots"}]}'


def test_round_trip_and_ranking(tmp_path: Path) -> None:
    path = tmp_path / bests.FILE_NAME
    book = BestsBook(path)
    assert book.bests == [] and book.problem == "" and not path.exists()
    assert book.record("Ada", 90, "a") == 1
    assert book.record("Bo", 120, "b") == 1
    assert [b.total for b in load_bests(path)] == [120, 90]
    assert BestsBook(path).rank_of("a") == 2


@pytest.mark.parametrize("data, entry", [
    (BROKEN, "bests[0].total"),
    (b'{"format": "battlebox-solitaire-bests", "version": 1, "bests": [{"name": " ", "total": 3, "date": "2026-01-01"}]}',
     "bests[0]"),
    (b'{"format": "battlebox-solitaire-bests", "version": 1, "bests": [{"name": "A", "total": -3, "date": "2026-01-01"}]}',
     "bests[0]"),
    (b'{"format": "battlebox-solitaire-bests", "version": 1, "bests": [{"name": "A", "total": 3, "date": "May"}]}',
     "bests[0]"),
    (b'{"format": "battlebox-solitaire-bests", "version": 7, "bests": []}', "version"),
    (b'{"format": "battlebox-save", "version": 1, "bests": []}', "format"),
])
def test_damage_names_the_file_and_the_entry(tmp_path: Path, data: bytes, entry: str) -> None:
    path = tmp_path / bests.FILE_NAME
    path.write_bytes(data)
    with pytest.raises(DataError) as err:
        load_bests(path)
    assert err.value.file == str(path) and err.value.entry == entry, str(err.value)


def test_a_damaged_file_is_kept_aside_and_a_fresh_list_started(tmp_path: Path) -> None:
    path = tmp_path / bests.FILE_NAME
    path.write_bytes(BROKEN)
    book = BestsBook(path)
    assert str(path) in book.problem and "bests[0].total" in book.problem
    assert f"kept as {bests.FILE_NAME}.broken" in book.problem
    assert (tmp_path / (bests.FILE_NAME + ".broken")).read_bytes() == BROKEN
    assert load_bests(path) == []
    path.write_bytes(b"\xff\xfe garbage")
    again = BestsBook(path)
    assert f"{bests.FILE_NAME}.broken-2" in again.problem, "an older broken copy is never overwritten"
    assert (tmp_path / (bests.FILE_NAME + ".broken")).read_bytes() == BROKEN
    assert (tmp_path / (bests.FILE_NAME + ".broken-2")).read_bytes() == b"\xff\xfe garbage"


def test_a_file_that_cannot_be_kept_aside_is_left_untouched(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / bests.FILE_NAME
    path.write_bytes(BROKEN)

    def refuse(src: object, dst: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "rename", refuse)
    book = BestsBook(path)
    assert "left untouched" in book.problem
    assert book.record("Ada", 50, "k") == 1, "play goes on with the list in memory"
    assert path.read_bytes() == BROKEN
    assert [b.total for b in book.bests] == [50]


@pytest.mark.timeout(60)
def test_a_pipe_or_folder_in_its_place_is_reported_and_left_alone(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    book = BestsBook(fifo)
    assert "not an ordinary file" in book.problem and "left untouched" in book.problem
    book.record("Ada", 10, "k")
    assert fifo.is_fifo()
    folder = tmp_path / "folder.json"
    folder.mkdir()
    assert "folder" in BestsBook(folder).problem and folder.is_dir()

