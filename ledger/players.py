"""The player registry: names (current and old, as aliases), colours, short names, computers.

A seat's name finds its player by any name the player has had, case-insensitively, so a rename
keeps the history and an old save still lands on the right person.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, select, update
from sqlalchemy.engine import Connection

from ledger.errors import LedgerError
from ledger.identity import COMPUTER_COLOUR, computer_name
from ledger.rows import PlayerRow
from ledger.schema import ALIASES, PLAYERS, RATINGS, SEATS, SOLO

if TYPE_CHECKING:
    from ledger.store import Ledger

_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def _key(name: str) -> str:
    return name.strip().casefold()


class PlayersMixin:
    def players(self: Ledger, include_computers: bool = True) -> list[PlayerRow]:
        query = select(PLAYERS).order_by(PLAYERS.c.computer.is_not(None), PLAYERS.c.name, PLAYERS.c.id)
        if not include_computers:
            query = query.where(PLAYERS.c.computer.is_(None))
        with self._read() as conn:
            return [PlayerRow(r.id, r.name, r.colour, r.short, r.computer) for r in conn.execute(query)]

    def add_player(self: Ledger, name: str, colour: str, short: str | None = None) -> PlayerRow:
        name = self._check_name(name)
        self._check_colour(colour)
        with self._write() as conn:
            self._lock_players(conn)
            if self._find(conn, name) is not None:
                raise LedgerError(self.where, f"a player called {name!r} already exists (or had that name)")
            pid = self._create(conn, name, colour, short, None)
        return PlayerRow(pid, name, colour, short, None)

    def rename_player(self: Ledger, player_id: int, name: str, *, colour: str | None = None,
                      short: str | None = None) -> None:
        name = self._check_name(name)
        if colour is not None:
            self._check_colour(colour)
        with self._write() as conn:
            self._lock_players(conn)
            self._row(conn, player_id)
            owner = self._find(conn, name)
            if owner is not None and owner != player_id:
                raise LedgerError(self.where, f"another player is called {name!r} (or had that name)")
            values: dict[str, Any] = {"name": name}
            if colour is not None:
                values["colour"] = colour
            if short is not None:
                values["short"] = short or None
            conn.execute(update(PLAYERS).where(PLAYERS.c.id == player_id).values(**values))
            if owner is None:
                conn.execute(ALIASES.insert().values(key=_key(name), name=name, player_id=player_id))
            else:
                conn.execute(update(ALIASES).where(ALIASES.c.key == _key(name)).values(name=name))

    def merge_players(self: Ledger, keep_id: int, gone_id: int) -> None:
        """`gone`'s matches, names and bests become `keep`'s; the games they played are re-rated."""
        if keep_id == gone_id:
            raise LedgerError(self.where, "a player cannot be merged into themselves")
        with self._write() as conn:
            self._lock_players(conn)
            self._row(conn, keep_id)
            self._row(conn, gone_id)
            games = self._games_of(conn, (keep_id, gone_id))
            for game in games:
                self._lock_game(conn, game)
            conn.execute(update(SEATS).where(SEATS.c.player_id == gone_id).values(player_id=keep_id))
            conn.execute(update(SOLO).where(SOLO.c.player_id == gone_id).values(player_id=keep_id))
            conn.execute(update(ALIASES).where(ALIASES.c.player_id == gone_id).values(player_id=keep_id))
            conn.execute(delete(RATINGS).where(RATINGS.c.player_id == gone_id))
            conn.execute(delete(PLAYERS).where(PLAYERS.c.id == gone_id))
            for game in games:
                self._recompute_game(conn, game)

    # --- helpers --------------------------------------------------------------------------
    def _check_name(self: Ledger, name: str) -> str:
        name = name.strip()
        if not name:
            raise LedgerError(self.where, "a player needs a name")
        if len(name) > 40:
            raise LedgerError(self.where, "a player's name is at most 40 characters")
        return name

    def _check_colour(self: Ledger, colour: str) -> None:
        if not _COLOUR.match(colour):
            raise LedgerError(self.where, f"the colour {colour!r} is not a #rrggbb colour")

    def _row(self: Ledger, conn: Connection, player_id: int) -> Any:
        row = conn.execute(select(PLAYERS).where(PLAYERS.c.id == player_id)).first()
        if row is None:
            raise LedgerError(self.where, f"there is no player {player_id}")
        return row

    def _find(self: Ledger, conn: Connection, name: str) -> int | None:
        return conn.execute(select(ALIASES.c.player_id).where(ALIASES.c.key == _key(name))).scalar()

    def _create(self: Ledger, conn: Connection, name: str, colour: str, short: str | None,
                computer: str | None) -> int:
        pid = conn.execute(PLAYERS.insert().values(name=name, colour=colour, short=short, computer=computer)
                           .returning(PLAYERS.c.id)).scalar_one()
        conn.execute(ALIASES.insert().values(key=_key(name), name=name, player_id=pid))
        return int(pid)

    def _player_for(self: Ledger, conn: Connection, name: str, colour: str, computer: str | None,
                    locked: list[bool]) -> int:
        """The player a seat names, created when new (under the players lock, taken once)."""
        if computer is not None:
            name = computer_name(computer)
        found = self._find(conn, name)
        if found is not None:
            return found
        if not locked[0]:
            self._lock_players(conn)
            locked[0] = True
            found = self._find(conn, name)
            if found is not None:
                return found
        return self._create(conn, name, COMPUTER_COLOUR if computer else colour, None, computer)

    def _games_of(self: Ledger, conn: Connection, player_ids: tuple[int, ...]) -> list[str]:
        from ledger.schema import MATCHES

        query = (select(MATCHES.c.game).distinct().join(SEATS, SEATS.c.match_id == MATCHES.c.id)
                 .where(SEATS.c.player_id.in_(player_ids), MATCHES.c.rated.is_(True)))
        return sorted(conn.execute(query).scalars())
