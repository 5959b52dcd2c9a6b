"""What the ledger keeps of a save: replayed through core, never trusted as written.

The match id is the sha256 of (game, setup, seed, actions) as core decodes them, encoded one
canonical way, so the same match added twice (a re-saved file, another machine's copy, an older
release's format) gets the same id and is recorded once.
"""
from __future__ import annotations

import datetime as dt
import hashlib
from typing import Any, NamedTuple

import msgspec

from core.errors import SaveError
from ledger.errors import LedgerError

COMPUTER_COLOUR = "#4b5563"


class SeatFacts(NamedTuple):
    seat: int
    name: str
    colour: str
    computer: str | None
    placing: int | None
    won: bool


class Facts(NamedTuple):
    match_id: str
    game: str
    mode: str
    finished_at: dt.datetime
    draw: bool
    reason: str
    rated: bool
    seats: tuple[SeatFacts, ...]
    points: tuple[tuple[str, tuple[int, ...], int], ...] | None  # an Impact tournament's table
    solo: tuple[tuple[str, str, int], ...]  # Solitaire (key, name, total) per game of the session
    app_version: str  # the release that wrote the save


def computer_name(level: str) -> str:
    return f"Computer ({level.capitalize()})"


def stamp(when: dt.datetime) -> str:
    """Fixed-width UTC text: sorts the same as the times on every backend."""
    return when.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse_stamp(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text)


def utc(when: dt.datetime) -> dt.datetime:
    """Aware UTC; a naive time (a file's mtime from datetime.fromtimestamp) is local time."""
    return when.astimezone(dt.timezone.utc)


def match_id(game: str, setup: Any, seed: int, actions: Any) -> str:
    raw = msgspec.json.encode([game, setup, seed, list(actions)], order="deterministic")
    return hashlib.sha256(raw).hexdigest()


def read_save(data: bytes, name: str, finished_at: dt.datetime | None) -> Facts:
    """Replay a save's bytes; LedgerError naming `name` when it is broken or unfinished."""
    from core import saves
    from core.match import Match

    try:
        loaded = saves.decode_doc(data, name)
        match = Match.from_doc(loaded, name)
    except SaveError as e:
        raise LedgerError(name, f"this save cannot be recorded: {e}") from None
    result = match.result
    if result is None:
        raise LedgerError(name, "this match is not finished, so it has no result to record")
    written = getattr(loaded.doc, "finished_at", "") or ""
    when = None
    if written:
        try:
            when = dt.datetime.fromisoformat(written.replace("Z", "+00:00"))
        except ValueError:
            when = None
        if when is not None and when.tzinfo is None:
            when = when.replace(tzinfo=dt.timezone.utc)
    if when is None:
        when = finished_at if finished_at is not None else dt.datetime.now(dt.timezone.utc)
    players = match.setup.players
    ranked = bool(result.winners) or result.draw
    # A seat that changed hands mid-game was played by two, so nobody's rating answers for it.
    rated = len(players) >= 2 and ranked and len(result.placings) == len(players) and not match.reseats
    seats = []
    for i, p in enumerate(players):
        placing = result.placings[i] if ranked and i < len(result.placings) else None
        won = i in result.winners and len(result.winners) == 1
        if p.computer is not None:
            seats.append(SeatFacts(i, computer_name(p.computer), p.colour, p.computer, placing, won))
        else:
            seats.append(SeatFacts(i, p.name.strip(), p.colour, None, placing, won))
    return Facts(match_id(match.game_id, match.setup, match.seed, match.actions), match.game_id,
                 match.mode, utc(when), result.draw, result.reason, rated, tuple(seats),
                 _tournament(match), _solo(match), loaded.doc.app_version[:32])


def _tournament(match: Any) -> tuple[tuple[str, tuple[int, ...], int], ...] | None:
    state = match.state
    if match.game_id != "impact" or not getattr(state.setup, "tournament", False):
        return None
    names = [p.name for p in match.setup.players]
    per: list[list[int]] = [[] for _ in names]
    before = [0] * len(names)
    for record in state.games:
        for p, total in enumerate(record.lost):
            per[p].append(total - before[p])
            before[p] = total
    return tuple((names[p], tuple(per[p]), int(state.lost[p])) for p in range(len(names)))


def _solo(match: Any) -> tuple[tuple[str, str, int], ...]:
    if match.game_id != "solitaire":
        return ()
    from core.fistful.bests import game_key

    state = match.state
    name = match.setup.players[0].name.strip() if hasattr(match.setup, "players") else state.name
    return tuple((game_key(match.seed, state, g), name, state.sheet.total(g))
                 for g in range(state.setup.games))
