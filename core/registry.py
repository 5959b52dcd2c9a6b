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


class GameInfo(_Record):
    """A game's start-page card. `module` is None while the game is not built yet: its card
    says so and has no button."""

    __slots__ = ("id", "title", "family", "players", "summary", "module")
    id: str
    title: str
    family: str
    players: str
    summary: str
    module: str | None

    def __init__(self, id: str, title: str, family: str, players: str, summary: str,  # noqa: A002
                 module: str | None) -> None:
        super().__init__(id, title, family, players, summary, module)

    @property
    def available(self) -> bool:
        return self.module is not None


CATALOGUE: tuple[GameInfo, ...] = (
    GameInfo("throwdown", "Throwdown", "Fistful of Power", "1–10 players",
             "Throw your fistful of fighters; the lowest total loses a fighter. "
             "Last player standing wins.", "core.fistful.throwdown"),
    GameInfo("solitaire", "Solitaire Challenge", "Fistful of Power", "1 player",
             "Ten throws, ten challenges: fill the score sheet.", "core.fistful.solitaire"),
    GameInfo("domination", "Domination!", "Fistful of Power", "2–4 players",
             "Battle for the regional discs of the Battle Arena.", "core.fistful.domination"),
    GameInfo("all-out-war", "All-Out War!", "Fistful of Power", "2–4 players",
             "Fight for every region on the map of Scar.", "core.fistful.all_out_war"),
    GameInfo("clout", "Clout Fantasy", "Clout Fantasy", "2 players",
             "Throw chips onto the playing area; abilities fire by range.", "core.clout.game"),
    GameInfo("power-spike", "Power Spike", "Power Spike", "2 players",
             "Card-driven miniatures battles on a measured tabletop.", "core.powerspike.game"),
    GameInfo("fistful-of-gold", "A Fistful of Gold", "A Fistful of Gold", "2 players",
             "A secret card duel for gold and sheriff's badges.", "core.gold.game"),
    GameInfo("impact", "Impact: Battle of Elements", "Impact", "2–5 players",
             "Throw element dice into the cauldron and win matching sets.", "core.impact.game"),
)

INFO: dict[str, GameInfo] = {g.id: g for g in CATALOGUE}


class ToolInfo(_Record):
    """A club tool with a start-page card of its own (no turns, so not a game)."""

    __slots__ = ("id", "title", "family", "players", "summary")
    id: str
    title: str
    family: str
    players: str
    summary: str

    def __init__(self, id: str, title: str, family: str, players: str, summary: str) -> None:  # noqa: A002
        super().__init__(id, title, family, players, summary)


TOOLS: tuple[ToolInfo, ...] = (
    ToolInfo("clout-layout", "Layout board", "Clout Fantasy", "Referee tool",
             "Lay out where real chips landed, read ranges and the score, settle disputes."),
    ToolInfo("clout-stacks", "Stack builder", "Clout Fantasy", "Deck building",
             "Build and check playing stacks, save them and open them again."),
    ToolInfo("power-spike-armies", "Army builder", "Power Spike", "Army building",
             "Build armies from formations, check them and start a game with them."),
)


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
