"""The army book: each player's last army and their saved named armies for the battle games.

Building an army is fifteen picks from 144 fighters, every game; the book keeps what a player
chose before so "Same as last game" or a saved army is one click. It is kept per seat, keyed by
the player's name for now (`SeatBook.player_id` is there for the club ledger's registered
players: a record with an id is matched by id, one without by name). Every army in the book is
checked against the battle engine's own rules of a legal army when it is read, so a hand-edited
file with a bad army is refused with the file and the entry named, never played.

Pure: no Qt. The file is versioned JSON read by the strict loader and written atomically; the
GUI decides where it lives (the data folder).
"""
from __future__ import annotations

import os
import random
from collections.abc import Sequence

import msgspec

from core.fistful.battle_state import ARMY_SIZE
from core.fistful.roster import Fighter, Roster
from core.saves import write_atomic
from maps.datafile import DataError, read_versioned

FORMAT = "battlebox-army-book"
VERSION = 1
FILE_NAME = "fistful-armies.json"
MAX_NAME = 40


class SavedArmy(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    fighters: tuple[Fighter, ...]


class SeatBook(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One player's armies: the last one they played and the ones they saved by name."""

    player: str
    player_id: str | None = None
    last: tuple[Fighter, ...] = ()
    saved: tuple[SavedArmy, ...] = ()


class ArmyBook(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: str = FORMAT
    version: int = VERSION
    seats: tuple[SeatBook, ...] = ()


def army_problems(roster: Roster, fighters: Sequence[Fighter]) -> list[str]:
    """Every reason this is not a legal army (the engine's rule: 15 different fighters of the roster)."""
    from core.fistful.battles import BattleGame

    return BattleGame("domination", roster).army_problems(fighters)


def random_army(roster: Roster, seed: int | str) -> tuple[Fighter, ...]:
    """A legal army drawn at random; the same seed always gives the same army."""
    army = tuple(random.Random(seed).sample(roster.fighters, ARMY_SIZE))
    assert not army_problems(roster, army)
    return army


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def seat(book: ArmyBook, player: str, player_id: str | None = None) -> SeatBook:
    """This player's page of the book (an empty one if they have none yet)."""
    for s in book.seats:
        if (player_id is not None and s.player_id == player_id) or \
                (player_id is None and s.player_id is None and _key(s.player) == _key(player)):
            return s
    return SeatBook(player=player.strip(), player_id=player_id)


def _with_seat(book: ArmyBook, page: SeatBook) -> ArmyBook:
    others = tuple(s for s in book.seats if s is not seat(book, page.player, page.player_id))
    return msgspec.structs.replace(book, seats=others + (page,))


def name_problem(name: str) -> str | None:
    """Why a name cannot be given to a saved army (None when it can)."""
    clean = " ".join(name.split())
    if not clean:
        return "Give the army a name."
    if len(clean) > MAX_NAME:
        return f"An army's name is at most {MAX_NAME} characters."
    return None


def with_last(book: ArmyBook, player: str, fighters: Sequence[Fighter], player_id: str | None = None) -> ArmyBook:
    """The book after `player` played this army."""
    return _with_seat(book, msgspec.structs.replace(seat(book, player, player_id), last=tuple(fighters)))


def with_saved(book: ArmyBook, player: str, name: str, fighters: Sequence[Fighter],
               player_id: str | None = None) -> ArmyBook:
    """The book with this army saved under `name` (replacing one of the same name)."""
    problem = name_problem(name)
    if problem:
        raise ValueError(problem)
    clean = " ".join(name.split())
    page = seat(book, player, player_id)
    kept = tuple(a for a in page.saved if _key(a.name) != _key(clean))
    saved = tuple(sorted(kept + (SavedArmy(clean, tuple(fighters)),), key=lambda a: _key(a.name)))
    return _with_seat(book, msgspec.structs.replace(page, saved=saved))


def without_saved(book: ArmyBook, player: str, name: str, player_id: str | None = None) -> ArmyBook:
    page = seat(book, player, player_id)
    saved = tuple(a for a in page.saved if _key(a.name) != _key(name))
    return _with_seat(book, msgspec.structs.replace(page, saved=saved))


def check(book: ArmyBook, roster: Roster, file: str) -> ArmyBook:
    """The book if every army in it is legal and every name unique; else a DataError naming the entry."""
    seen: set[tuple[str | None, str]] = set()
    for i, page in enumerate(book.seats):
        entry = f"seats[{i}]"
        if not page.player.strip():
            raise DataError(file, f"{entry}.player", "a player's name is empty")
        who = (page.player_id, _key(page.player) if page.player_id is None else "")
        if who in seen:
            raise DataError(file, entry, f"{page.player!r} has two pages in the book; keep one")
        seen.add(who)
        armies = [(f"{entry}.last", page.last)] if page.last else []
        names: set[str] = set()
        for j, army in enumerate(page.saved):
            where = f"{entry}.saved[{j}]"
            problem = name_problem(army.name)
            if problem:
                raise DataError(file, f"{where}.name", problem)
            if _key(army.name) in names:
                raise DataError(file, f"{where}.name", f"{page.player!r} has two armies called {army.name!r}")
            names.add(_key(army.name))
            armies.append((f"{where} {army.name!r}", army.fighters))
        for where, fighters in armies:
            problems = army_problems(roster, fighters)
            if problems:
                raise DataError(file, where, "not a legal army: " + " ".join(problems))
    return book


def read_book(path: str | os.PathLike[str], roster: Roster) -> ArmyBook:
    """The book in `path`; a missing file is an empty book, any damage a DataError naming file and entry."""
    if not os.path.lexists(path):
        return ArmyBook()
    book = read_versioned(path, format=FORMAT, version=VERSION, type=ArmyBook, what="Battlebox army book")
    return check(book, roster, str(path))


def write_book(path: str | os.PathLike[str], book: ArmyBook) -> None:
    write_atomic(path, msgspec.json.format(msgspec.json.encode(book), indent=1))
