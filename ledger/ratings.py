"""Ratings: openskill Plackett-Luce per game, teams of one, ranks = placings (ties = draws).

The order is (finished_at, match id) everywhere, so every machine computes the same table. Each
seat stores its player's rating after that match, and `ratings` the current one with played,
won and streak: a new match rates incrementally; one that lands before later matches of its
game re-rates that game (from stored placings, without replaying saves).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from sqlalchemy import and_, bindparam, delete, or_, select, text, update
from sqlalchemy.engine import Connection

from ledger.identity import parse_stamp
from ledger.rows import HeadToHead, RatingPoint, Standing
from ledger.schema import MATCHES, PLAYERS, RATINGS, SEATS

if TYPE_CHECKING:
    from ledger.store import Ledger

_MODEL: Any = None


def model() -> Any:
    global _MODEL
    if _MODEL is None:
        from openskill.models import PlackettLuce

        _MODEL = PlackettLuce()
    return _MODEL


def conservative(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


def rate(before: Sequence[tuple[float, float] | None], placings: Sequence[int]) -> list[tuple[float, float]]:
    """Each seat's (mu, sigma) after a match, from its rating before (None: new) and placings."""
    m = model()
    teams = [[m.rating() if r is None else m.rating(mu=r[0], sigma=r[1])] for r in before]
    after = m.rate(teams, ranks=list(placings))
    return [(float(t[0].mu), float(t[0].sigma)) for t in after]


def next_streak(streak: int, won: bool, placing: int | None) -> int:
    if won:
        return max(streak, 0) + 1
    if placing == 1:  # shared first place: a draw ends either run
        return 0
    return min(streak, 0) - 1


class _Tally:
    """One player's running figures in one game."""

    __slots__ = ("mu", "sigma", "played", "won", "streak")

    def __init__(self, mu: float, sigma: float, played: int = 0, won: int = 0, streak: int = 0) -> None:
        self.mu, self.sigma, self.played, self.won, self.streak = mu, sigma, played, won, streak


def _apply(tallies: dict[int, _Tally], seats: Sequence[tuple[int, int | None, bool]]) -> list[tuple[float, float]]:
    """Rate one match's seats (player, placing, won) into `tallies`; each seat's rating after."""
    before = [(tallies[p].mu, tallies[p].sigma) if p in tallies else None for p, _pl, _w in seats]
    after = rate(before, [pl or 0 for _p, pl, _w in seats])
    _count(tallies, [(p, pl, w, mu, sg) for (p, pl, w), (mu, sg) in zip(seats, after)])
    return after


def _keep(tallies: dict[int, _Tally], rows: Sequence[Any]) -> None:
    """Take one already-rated match's stored ratings into `tallies` (a match before the point
    where re-rating starts: its stored figures are the ones a recompute would give)."""
    _count(tallies, [(r.player_id, r.placing, bool(r.won), r.mu, r.sigma) for r in rows])


def _count(tallies: dict[int, _Tally], seats: Sequence[tuple[int, int | None, bool, float, float]]) -> None:
    """One match into the tallies. A player in several seats (two "Computer (Normal)" seats, say)
    plays it once, at their best placing, and keeps the rating of their last seat."""
    best: dict[int, tuple[int | None, bool]] = {}
    for p, placing, won, mu, sigma in seats:
        t = tallies.get(p)
        if t is None:
            t = tallies[p] = _Tally(mu, sigma)
        t.mu, t.sigma = mu, sigma
        old = best.get(p)
        if old is None or (placing or 10**6) < (old[0] or 10**6):
            best[p] = (placing, won or (old is not None and old[1]))
        elif won:
            best[p] = (old[0], True)
    for p, (placing, won) in best.items():
        t = tallies[p]
        t.played += 1
        t.won += int(won)
        t.streak = next_streak(t.streak, won, placing)


def _later(game: str, finished_at: str, match_id: str) -> Any:
    return and_(MATCHES.c.game == game, MATCHES.c.rated.is_(True),
                or_(MATCHES.c.finished_at > finished_at,
                    and_(MATCHES.c.finished_at == finished_at, MATCHES.c.id > match_id)))


class RatingsMixin:
    def standings(self: Ledger, game: str, *, include_computers: bool = True) -> list[Standing]:
        query = (select(RATINGS, PLAYERS.c.name, PLAYERS.c.computer)
                 .join(PLAYERS, PLAYERS.c.id == RATINGS.c.player_id).where(RATINGS.c.game == game))
        if not include_computers:
            query = query.where(PLAYERS.c.computer.is_(None))
        with self._read() as conn:
            rows = [Standing(r.player_id, r.name, r.computer, conservative(r.mu, r.sigma), r.mu, r.sigma,
                             r.played, r.won, r.streak) for r in conn.execute(query)]
        rows.sort(key=lambda s: (-s.rating, -s.mu, s.player.casefold(), s.player_id))
        return rows

    def rating_history(self: Ledger, game: str, player_id: int) -> list[RatingPoint]:
        query = (select(MATCHES.c.finished_at, MATCHES.c.id, SEATS.c.mu, SEATS.c.sigma)
                 .join(SEATS, SEATS.c.match_id == MATCHES.c.id)
                 .where(MATCHES.c.game == game, MATCHES.c.rated.is_(True), SEATS.c.player_id == player_id,
                        SEATS.c.mu.is_not(None))
                 .order_by(MATCHES.c.finished_at, MATCHES.c.id, SEATS.c.seat))
        with self._read() as conn:
            return [RatingPoint(parse_stamp(r.finished_at), r.id, r.mu, r.sigma, conservative(r.mu, r.sigma))
                    for r in conn.execute(query)]

    def head_to_head(self: Ledger, a_id: int, b_id: int, game: str | None = None) -> HeadToHead:
        """Matches both played with a placing each; who placed better (equal placings: a draw)."""
        a, b = SEATS.alias("a"), SEATS.alias("b")
        query = (select(a.c.placing, b.c.placing).select_from(a)
                 .join(b, b.c.match_id == a.c.match_id).join(MATCHES, MATCHES.c.id == a.c.match_id)
                 .where(a.c.player_id == a_id, b.c.player_id == b_id, a.c.seat != b.c.seat,
                        a.c.placing.is_not(None), b.c.placing.is_not(None)))
        if game is not None:
            query = query.where(MATCHES.c.game == game)
        played = a_won = b_won = draws = 0
        with self._read() as conn:
            for pa, pb in conn.execute(query):
                played += 1
                a_won += pa < pb
                b_won += pb < pa
                draws += pa == pb
        return HeadToHead(played, a_won, b_won, draws)

    def recompute(self: Ledger, game: str | None = None) -> None:
        with self._read() as conn:
            games = set(conn.execute(select(MATCHES.c.game).distinct()).scalars())
            games |= set(conn.execute(select(RATINGS.c.game).distinct()).scalars())
        for g in sorted(games if game is None else {game}):
            with self._write() as conn:
                self._lock_game(conn, g)
                self._recompute_game(conn, g)
        self._analyze()

    # --- inside a write transaction holding the game's lock ---------------------------
    def _rate_new(self: Ledger, conn: Connection, game: str, match_id: str, finished_at: str,
                  seats: Sequence[tuple[int, int, int | None, bool]]) -> None:
        """Rate a just-inserted match (seats: seat, player, placing, won)."""
        later = conn.execute(select(MATCHES.c.id).where(_later(game, finished_at, match_id)).limit(1)).first()
        if later is not None:
            self._recompute_game(conn, game, since=(finished_at, match_id))
            return
        pids = sorted({p for _s, p, _pl, _w in seats})
        tallies = {r.player_id: _Tally(r.mu, r.sigma, r.played, r.won, r.streak) for r in conn.execute(
            select(RATINGS).where(RATINGS.c.game == game, RATINGS.c.player_id.in_(pids)))}
        known = set(tallies)
        after = _apply(tallies, [(p, pl, w) for _s, p, pl, w in seats])
        self._store_seats(conn, [(match_id, s, mu, sg) for (s, _p, _pl, _w), (mu, sg) in zip(seats, after)])
        for pid in pids:
            t = tallies[pid]
            values = {"mu": t.mu, "sigma": t.sigma, "played": t.played, "won": t.won, "streak": t.streak}
            if pid in known:
                conn.execute(update(RATINGS).where(RATINGS.c.game == game, RATINGS.c.player_id == pid)
                             .values(**values))
            else:
                conn.execute(RATINGS.insert().values(game=game, player_id=pid, **values))

    def _recompute_game(self: Ledger, conn: Connection, game: str,
                        since: tuple[str, str] | None = None) -> None:
        """Re-rate the rated matches of `game` in order (those before `since` keep their stored
        ratings); rewrite only the seats whose rating changed, and the game's table."""
        query = (select(MATCHES.c.id, MATCHES.c.finished_at, SEATS.c.seat, SEATS.c.player_id,
                        SEATS.c.placing, SEATS.c.won, SEATS.c.mu, SEATS.c.sigma)
                 .join(SEATS, SEATS.c.match_id == MATCHES.c.id)
                 .where(MATCHES.c.game == game, MATCHES.c.rated.is_(True))
                 .order_by(MATCHES.c.finished_at, MATCHES.c.id, SEATS.c.seat))
        tallies: dict[int, _Tally] = {}
        changed: list[tuple[str, int, float, float]] = []
        for match_id, rows in _grouped(conn.execute(query)):
            if since is not None and (rows[0].finished_at, match_id) < since \
                    and all(r.mu is not None for r in rows):
                _keep(tallies, rows)
                continue
            since = None
            after = _apply(tallies, [(r.player_id, r.placing, bool(r.won)) for r in rows])
            for r, (mu, sigma) in zip(rows, after):
                if r.mu != mu or r.sigma != sigma:
                    changed.append((match_id, r.seat, mu, sigma))
        self._store_seats(conn, changed)
        conn.execute(delete(RATINGS).where(RATINGS.c.game == game))
        if tallies:
            conn.execute(RATINGS.insert(), [
                {"game": game, "player_id": p, "mu": t.mu, "sigma": t.sigma, "played": t.played,
                 "won": t.won, "streak": t.streak} for p, t in tallies.items()])

    def _store_seats(self: Ledger, conn: Connection, values: list[tuple[str, int, float, float]]) -> None:
        if not values:
            return
        if self.kind == "postgresql":  # one statement per 1,000 seats, not one round trip each
            for i in range(0, len(values), 1000):
                chunk = values[i:i + 1000]
                rows = ", ".join(f"(CAST(:m{j} AS VARCHAR), CAST(:s{j} AS INTEGER), "
                                 f"CAST(:mu{j} AS DOUBLE PRECISION), CAST(:sg{j} AS DOUBLE PRECISION))"
                                 for j in range(len(chunk)))
                params: dict[str, Any] = {}
                for j, (m, s, mu, sg) in enumerate(chunk):
                    params.update({f"m{j}": m, f"s{j}": s, f"mu{j}": mu, f"sg{j}": sg})
                conn.execute(text(f"UPDATE seats SET mu = v.mu, sigma = v.sg FROM (VALUES {rows}) "
                                  "AS v(m, s, mu, sg) WHERE seats.match_id = v.m AND seats.seat = v.s"),
                             params)
            return
        stmt = (update(SEATS).where(SEATS.c.match_id == bindparam("m"), SEATS.c.seat == bindparam("s"))
                .values(mu=bindparam("new_mu"), sigma=bindparam("new_sigma")))
        conn.execute(stmt, [{"m": m, "s": s, "new_mu": mu, "new_sigma": sg} for m, s, mu, sg in values])


def _grouped(rows: Iterable[Any]) -> Iterable[tuple[str, list[Any]]]:
    current: str | None = None
    group: list[Any] = []
    for r in rows:
        if r.id != current:
            if group:
                yield current, group  # type: ignore[misc]
            current, group = r.id, []
        group.append(r)
    if group:
        yield current, group  # type: ignore[misc]
