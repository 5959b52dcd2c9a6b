"""Recording matches and reading them back: history, saves, events, Solitaire bests.

`record` replays the save through core before anything is written, then inserts the match, its
seats and save, and rates it, all in one transaction that holds the game's lock: two machines
recording at once both land, and the ratings come out as a sequential recompute would give.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import select, update
from sqlalchemy.engine import Connection

from ledger.errors import LedgerError
from ledger.identity import Facts, parse_stamp, read_save, stamp
from ledger.rows import BestRow, EventRow, MatchRow, Recorded, SeatRow
from ledger.schema import EVENTS, MATCHES, META, PLAYERS, SAVES, SEATS, SOLO

if TYPE_CHECKING:
    from ledger.store import Ledger

BESTS_MARKER = "solitaire-bests-imported"
_CHUNK = 500


class RecordsMixin:
    def record(self: Ledger, save: bytes, *, finished_at: dt.datetime | None = None,
               source: str = "") -> Recorded:
        facts = read_save(save, source or "<save>", finished_at)
        with self._write() as conn:
            pids = self._players_of(conn, facts, [False])
            self._lock_game(conn, facts.game)
            if not self._insert_match(conn, facts, pids, save, source):
                return Recorded(facts.match_id, False)
            if facts.rated:
                self._rate_new(conn, facts.game, facts.match_id, stamp(facts.finished_at),
                               [(s.seat, p, s.placing, s.won) for s, p in zip(facts.seats, pids)])
        return Recorded(facts.match_id, True)

    def record_many(self: Ledger, saves: Iterable[tuple[bytes, dt.datetime | None, str]]
                    ) -> list[Recorded | LedgerError]:
        """Record (save, finished_at, source) items in one transaction, each game re-rated once
        from its earliest new match: adding a folder of old saves to a big ledger costs one
        re-rating, not one per save. Per item, its Recorded or the LedgerError that refused it."""
        out: list[Recorded | LedgerError] = []
        batch: list[tuple[int, Facts, bytes, str]] = []
        for save, finished_at, source in saves:
            try:
                facts = read_save(save, source or "<save>", finished_at)
            except LedgerError as e:
                out.append(e)
                continue
            batch.append((len(out), facts, save, source))
            out.append(Recorded(facts.match_id, False))
        if not batch:
            return out
        with self._write() as conn:
            locked = [False]
            pids = [self._players_of(conn, facts, locked) for _i, facts, _s, _src in batch]
            for game in sorted({facts.game for _i, facts, _s, _src in batch}):
                self._lock_game(conn, game)
            earliest: dict[str, tuple[str, str]] = {}
            for (i, facts, save, source), players in zip(batch, pids):
                added = self._insert_match(conn, facts, players, save, source)
                out[i] = Recorded(facts.match_id, added)
                if added and facts.rated:
                    key = (stamp(facts.finished_at), facts.match_id)
                    earliest[facts.game] = min(earliest.get(facts.game, key), key)
            for game, since in sorted(earliest.items()):
                self._recompute_game(conn, game, since=since)
        if len(batch) > 100:
            self._analyze()
        return out

    def _players_of(self: Ledger, conn: Connection, facts: Facts, locked: list[bool]) -> list[int]:
        return [self._player_for(conn, s.name, s.colour, s.computer, locked) for s in facts.seats]

    def _insert_match(self: Ledger, conn: Connection, facts: Facts, pids: list[int], save: bytes,
                      source: str) -> bool:
        """Insert a match with its seats, save, event and Solitaire totals, unrated; False when
        its id is already there (nothing written)."""
        added = conn.execute(self._insert(MATCHES).values(
            id=facts.match_id, game=facts.game, mode=facts.mode, finished_at=stamp(facts.finished_at),
            draw=facts.draw, reason=facts.reason, rated=facts.rated, source=source,
            recorded_at=stamp(dt.datetime.now(dt.timezone.utc)), app_version=facts.app_version)
            .on_conflict_do_nothing(index_elements=["id"])).rowcount == 1
        if not added:
            return False
        conn.execute(SEATS.insert(), [
            {"match_id": facts.match_id, "seat": s.seat, "player_id": p, "name": s.name,
             "placing": s.placing, "won": s.won, "mu": None, "sigma": None}
            for s, p in zip(facts.seats, pids)])
        conn.execute(SAVES.insert().values(match_id=facts.match_id, data=save))
        if facts.points is not None:
            conn.execute(EVENTS.insert().values(match_id=facts.match_id, game=facts.game,
                                                points=json.dumps(facts.points)))
        for key, _name, total in facts.solo:
            self._add_score(conn, key, pids[0], facts.seats[0].name, total,
                            facts.finished_at.date().isoformat(), facts.match_id)
        return True

    def matches(self: Ledger, *, game: str | None = None, player_id: int | None = None,
                since: dt.date | None = None, until: dt.date | None = None,
                limit: int | None = None) -> list[MatchRow]:
        """Newest first; `since` and `until` are whole UTC days, both included."""
        query = select(MATCHES).order_by(MATCHES.c.finished_at.desc(), MATCHES.c.id.desc())
        if game is not None:
            query = query.where(MATCHES.c.game == game)
        if player_id is not None:
            query = query.where(MATCHES.c.id.in_(select(SEATS.c.match_id).where(SEATS.c.player_id == player_id)))
        if since is not None:
            query = query.where(MATCHES.c.finished_at >= stamp(_midnight(since)))
        if until is not None:
            query = query.where(MATCHES.c.finished_at < stamp(_midnight(until + dt.timedelta(days=1))))
        if limit is not None:
            query = query.limit(limit)
        with self._read() as conn:
            rows = conn.execute(query).all()
            ids = [r.id for r in rows]
            seats = self._seats_of(conn, ids)
            events = self._events_of(conn, ids)
        return [MatchRow(r.id, r.game, r.mode, parse_stamp(r.finished_at), bool(r.draw), r.reason,
                         bool(r.rated), seats.get(r.id, ()), events.get(r.id)) for r in rows]

    def save_bytes(self: Ledger, match_id: str) -> bytes:
        with self._read() as conn:
            data = conn.execute(select(SAVES.c.data).where(SAVES.c.match_id == match_id)).scalar()
        if data is None:
            raise LedgerError(self.where, f"there is no match {match_id}")
        return bytes(data)

    def events(self: Ledger, game: str = "impact") -> list[EventRow]:
        """Newest first."""
        query = (select(EVENTS, MATCHES.c.finished_at).join(MATCHES, MATCHES.c.id == EVENTS.c.match_id)
                 .where(EVENTS.c.game == game).order_by(MATCHES.c.finished_at.desc(), MATCHES.c.id.desc()))
        with self._read() as conn:
            return [_event(r) for r in conn.execute(query)]

    # --- Solitaire ----------------------------------------------------------------------
    def solitaire_bests(self: Ledger, limit: int = 10) -> list[BestRow]:
        """Highest first; on equal totals the older score keeps its place (as the old file did)."""
        query = select(SOLO).order_by(SOLO.c.total.desc(), SOLO.c.date, SOLO.c.key).limit(limit)
        with self._read() as conn:
            return [BestRow(r.name, r.total, r.date, r.match_id) for r in conn.execute(query)]

    def solitaire_history(self: Ledger, player_id: int) -> list[BestRow]:
        """Every Solitaire total of a player, oldest first."""
        query = select(SOLO).where(SOLO.c.player_id == player_id).order_by(SOLO.c.date, SOLO.c.key)
        with self._read() as conn:
            return [BestRow(r.name, r.total, r.date, r.match_id) for r in conn.execute(query)]

    def import_solitaire_bests(self: Ledger, path: Path) -> int:
        """Import the old personal-bests file once; how many entries were new (0 after the first)."""
        from core.fistful.bests import load_bests
        from maps.datafile import DataError

        if not Path(path).exists():
            return 0  # nothing to import yet; a file that appears later is imported then
        try:
            bests = load_bests(path)
        except DataError as e:
            raise LedgerError(str(path), f"the personal bests could not be read: {e}") from None
        added = 0
        with self._write() as conn:
            self._lock_players(conn)
            if conn.execute(select(META.c.value).where(META.c.key == BESTS_MARKER)).first() is not None:
                return 0
            locked = [True]
            for b in bests:
                pid = self._player_for(conn, b.name, "#d62828", None, locked)
                key = b.key or "imported-" + hashlib.sha256(
                    json.dumps([b.name, b.total, b.date]).encode()).hexdigest()[:16]
                added += self._add_score(conn, key, pid, b.name.strip(), b.total, b.date, None)
            conn.execute(META.insert().values(key=BESTS_MARKER, value=json.dumps(
                {"file": str(path), "entries": len(bests), "at": stamp(dt.datetime.now(dt.timezone.utc))})))
        return added

    def _add_score(self: Ledger, conn: Connection, key: str, pid: int, name: str, total: int, day: str,
                   match_id: str | None) -> int:
        """Add one Solitaire total; a game already there (imported) gains its match."""
        old = conn.execute(select(SOLO.c.match_id).where(SOLO.c.key == key)).first()
        if old is None:
            conn.execute(SOLO.insert().values(key=key, player_id=pid, name=name, total=total, date=day,
                                              match_id=match_id))
            return 1
        if old.match_id is None and match_id is not None:
            conn.execute(update(SOLO).where(SOLO.c.key == key).values(match_id=match_id))
        return 0

    # --- helpers --------------------------------------------------------------------------
    def _seats_of(self: Ledger, conn: Connection, ids: list[str]) -> dict[str, tuple[SeatRow, ...]]:
        found: dict[str, list[SeatRow]] = {}
        for i in range(0, len(ids), _CHUNK):
            query = (select(SEATS.c.match_id, SEATS.c.seat, SEATS.c.player_id, SEATS.c.placing, SEATS.c.won,
                            PLAYERS.c.name, PLAYERS.c.colour, PLAYERS.c.computer)
                     .join(PLAYERS, PLAYERS.c.id == SEATS.c.player_id)
                     .where(SEATS.c.match_id.in_(ids[i:i + _CHUNK])).order_by(SEATS.c.match_id, SEATS.c.seat))
            for r in conn.execute(query):
                found.setdefault(r.match_id, []).append(
                    SeatRow(r.seat, r.player_id, r.name, r.colour, r.computer, r.placing, bool(r.won)))
        return {k: tuple(v) for k, v in found.items()}

    def _events_of(self: Ledger, conn: Connection, ids: list[str]) -> dict[str, EventRow]:
        found: dict[str, EventRow] = {}
        for i in range(0, len(ids), _CHUNK):
            query = (select(EVENTS, MATCHES.c.finished_at).join(MATCHES, MATCHES.c.id == EVENTS.c.match_id)
                     .where(EVENTS.c.match_id.in_(ids[i:i + _CHUNK])))
            for r in conn.execute(query):
                found[r.match_id] = _event(r)
        return found


def _event(r: Any) -> EventRow:
    points = tuple((str(name), tuple(int(x) for x in per), int(total)) for name, per, total in json.loads(r.points))
    return EventRow(r.match_id, parse_stamp(r.finished_at), points)


def _midnight(day: dt.date) -> dt.datetime:
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.timezone.utc)
