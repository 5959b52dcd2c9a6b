"""Every game by id. Games load lazily so the start page never imports rules it doesn't show.

The records are plain frozen classes, not dataclasses: importing `dataclasses` costs the app's
start-up ~10 ms, and the start page reads this module before its first paint.
"""
from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.game import Game


class _Record:
    """A small immutable record: fields from `__slots__`, compared and hashed by value."""

    __slots__: tuple[str, ...] = ()

    def __init__(self, *values: Any) -> None:
        if len(values) != len(self.__slots__):
            raise TypeError(f"{type(self).__name__} takes {len(self.__slots__)} values, not {len(values)}")
        for name, value in zip(self.__slots__, values):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._values() == self._values()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"


def players_text(least: int, most: int) -> str:
    """(1, 1), (2, 2), (2, 4): the words for a game's player range."""
    count = f"{least}" if least == most else f"{least}–{most}"
    return f"{count} player{'' if most == 1 else 's'}"


class GameInfo(_Record):
    """A game's start-page card. `module` is None while the game is not built yet: its card
    says so and has no button.

    `players` is the (least, most) range of the game's `SPEC`, copied here so the start page
    paints without importing the rules; tests/core/test_spec.py keeps the two equal."""

    __slots__ = ("id", "title", "family", "players", "summary", "module")
    id: str
    title: str
    family: str
    players: tuple[int, int]
    summary: str
    module: str | None

    def __init__(self, id: str, title: str, family: str, players: tuple[int, int], summary: str,  # noqa: A002
                 module: str | None) -> None:
        super().__init__(id, title, family, players, summary, module)

    @property
    def available(self) -> bool:
        return self.module is not None

    @property
    def players_text(self) -> str:
        return players_text(*self.players)


CATALOGUE: tuple[GameInfo, ...] = (
    GameInfo("throwdown", "Throwdown", "Fistful of Power", (1, 10),
             "Throw your fistful of fighters; the lowest total loses a fighter. "
             "Last player standing wins.", "core.fistful.throwdown"),
    GameInfo("solitaire", "Solitaire Challenge", "Fistful of Power", (1, 1),
             "Ten throws, ten challenges: fill the score sheet.", "core.fistful.solitaire"),
    GameInfo("domination", "Domination!", "Fistful of Power", (2, 4),
             "Battle for the regional discs of the Battle Arena.", "core.fistful.domination"),
    GameInfo("all-out-war", "All-Out War!", "Fistful of Power", (2, 4),
             "Fight for every region on the map of Scar.", "core.fistful.all_out_war"),
    GameInfo("clout", "Clout Fantasy", "Clout Fantasy", (2, 2),
             "Throw chips onto the playing area; abilities fire by range.", "core.clout.game"),
    GameInfo("power-spike", "Power Spike", "Power Spike", (2, 2),
             "Card-driven miniatures battles on a measured tabletop.", "core.powerspike.game"),
    GameInfo("fistful-of-gold", "A Fistful of Gold", "A Fistful of Gold", (2, 2),
             "A secret card duel for gold and sheriff's badges.", "core.gold.game"),
    GameInfo("impact", "Impact: Battle of Elements", "Impact", (2, 5),
             "Throw element dice into the cauldron and win matching sets.", "core.impact.game"),
)

INFO: dict[str, GameInfo] = {g.id: g for g in CATALOGUE}


class _LazyGames(Mapping[str, "Game"]):
    """id -> game object, importing a game's module on first use."""

    def __init__(self) -> None:
        self._loaded: dict[str, Game] = {}

    def __getitem__(self, game_id: str) -> Game:
        game = self._loaded.get(game_id)
        if game is None:
            info = INFO.get(game_id)
            if info is None or info.module is None:
                raise KeyError(game_id)
            game = importlib.import_module(info.module).GAME
            self._loaded[game_id] = game
        return game

    def __iter__(self) -> Iterator[str]:
        return (g.id for g in CATALOGUE if g.available)

    def __len__(self) -> int:
        return sum(1 for g in CATALOGUE if g.available)


GAMES: Mapping[str, "Game"] = _LazyGames()


def get(game_id: str) -> Game:
    """The game with this id, or a KeyError that lists the ids that exist."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES)
        raise KeyError(f"unknown game {game_id!r}; available: {known}") from None
