"""The last setup of each game, so New Game opens on a club's own table the next evening too.

Each setup is kept as a save writes it, with the save format's version, so a later release
brings it up to date the way it brings an old save's setup (`Rules.migrate_setup`). Reading is
strict: a damaged file is a DataError naming it; a game's entry that no longer decodes, or that
the rules now refuse, is left out and named, and the other games' entries are used.

Pure: no Qt. The GUI decides where the file lives (the data folder).
"""
from __future__ import annotations

import os
from typing import Any, NamedTuple

import msgspec

from core import registry, saves
from core.errors import IllegalSetup
from maps.datafile import DataError, read_versioned

FORMAT = "battlebox-last-setups"
VERSION = 1
FILE_NAME = "last-setups.json"


class Kept(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    save_version: int  # the save format the setup is written in (core.saves.VERSION)
    setup: dict[str, Any]


class LastSetups(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: str = FORMAT
    version: int = VERSION
    games: dict[str, Kept] = {}


class Read(NamedTuple):
    setups: dict[str, Any]  # game id: its last setup
    problems: list[str]  # a sentence per entry left out, naming the file and the entry
    unread: dict[str, Kept]  # those entries as they were, written back untouched (a newer release's)


def read(path: str | os.PathLike[str]) -> Read:
    """The setups in `path`; no file is no setups. A file that cannot be read at all raises
    DataError naming it."""
    if not os.path.lexists(path):
        return Read({}, [], {})
    doc = read_versioned(path, format=FORMAT, version=VERSION, type=LastSetups, what="Battlebox list of last setups")
    found = Read({}, [], {})
    for game_id, kept in doc.games.items():
        try:
            found.setups[game_id] = _setup(game_id, kept)
        except ValueError as e:
            found.problems.append(str(DataError(str(path), f"games.{game_id}", str(e))))
            found.unread[game_id] = kept
    return found


def _setup(game_id: str, kept: Kept) -> Any:
    try:
        game = registry.get(game_id)
    except KeyError:
        raise ValueError("no game of that name") from None
    if not 1 <= kept.save_version <= saves.VERSION:
        raise ValueError(f"written for save format {kept.save_version}, which this Battlebox does not know")
    try:
        raw = kept.setup
        for version in range(kept.save_version, saves.VERSION):
            raw = game.migrate_setup(raw, version)
        setup = msgspec.convert(raw, game.setup_type)
        game.validate_setup(setup)
    except (msgspec.ValidationError, IllegalSetup) as e:
        raise ValueError(str(e)) from None
    except Exception as e:  # a setup the rules cannot read, however it fails
        raise ValueError(f"{type(e).__name__}: {e}") from None
    return setup


def encode(setups: dict[str, Any], unread: dict[str, Kept] | None = None) -> bytes:
    """The file for `setups`, with the entries this release could not read kept as they were."""
    games = {**(unread or {}), **{g: Kept(saves.VERSION, msgspec.to_builtins(s)) for g, s in setups.items()}}
    doc = LastSetups(games=dict(sorted(games.items())))
    return msgspec.json.format(msgspec.json.encode(doc), indent=1)


def write(path: str | os.PathLike[str], setups: dict[str, Any], unread: dict[str, Kept] | None = None) -> None:
    saves.write_atomic(path, encode(setups, unread))
