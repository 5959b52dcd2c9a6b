"""The rows the ledger hands out: plain immutable tuples, no database objects."""
from __future__ import annotations

import datetime as dt
from typing import NamedTuple


class PlayerRow(NamedTuple):
    id: int
    name: str
    colour: str
    short: str | None
    computer: str | None  # None for a person, else the computer's level


class SeatRow(NamedTuple):
    seat: int
    player_id: int
    name: str  # the player's current name
    colour: str
    computer: str | None
    placing: int | None
    won: bool


class EventRow(NamedTuple):
    match_id: str
    finished_at: dt.datetime
    points: tuple[tuple[str, tuple[int, ...], int], ...]  # (player, points lost per game, total)


class MatchRow(NamedTuple):
    id: str
    game: str
    mode: str
    finished_at: dt.datetime  # UTC, aware
    draw: bool
    reason: str
    rated: bool
    seats: tuple[SeatRow, ...]
    event: EventRow | None


class Recorded(NamedTuple):
    match_id: str
    added: bool  # False: that match was already in the ledger


class Standing(NamedTuple):
    player_id: int
    player: str
    computer: str | None
    rating: float  # mu - 3 sigma
    mu: float
    sigma: float
    played: int
    won: int
    streak: int  # +n wins in a row, -n losses in a row, 0 after a draw


class RatingPoint(NamedTuple):
    finished_at: dt.datetime
    match_id: str
    mu: float
    sigma: float
    rating: float


class HeadToHead(NamedTuple):
    played: int
    a_won: int  # matches where a placed better than b
    b_won: int
    draws: int  # equal placings


class BestRow(NamedTuple):
    name: str
    total: int
    date: str  # yyyy-mm-dd
    match_id: str | None  # None for a best imported from the old bests file
