"""The ledger's tables (SQLAlchemy 2 declarative). Alembic's revisions in ledger/migrations
create them; change a table only together with a new revision.

Times are stored as fixed-width UTC text ("2026-12-02T10:04:05.000000Z"), so both backends
sort them the same way and the rating order (finished_at, match id) is one ORDER BY.
Each seat keeps its player's rating after that match (mu, sigma), and `ratings` keeps each
player's current rating, games and streak per game, so a league table is one small query.
"""
from __future__ import annotations

from sqlalchemy import Boolean, Float, ForeignKey, Index, Integer, LargeBinary, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class Player(Base):
    __tablename__ = "players"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(80))
    colour: Mapped[str] = mapped_column(String(16))
    short: Mapped[str | None] = mapped_column(String(16), nullable=True)
    computer: Mapped[str | None] = mapped_column(String(16), nullable=True)


class Alias(Base):
    """Every name a player has had, current one included; `key` is the case-folded name."""

    __tablename__ = "aliases"
    key: Mapped[str] = mapped_column(String(80), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)


class MatchRecord(Base):
    __tablename__ = "matches"
    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    mode: Mapped[str] = mapped_column(String(16))
    finished_at: Mapped[str] = mapped_column(String(32))
    draw: Mapped[bool] = mapped_column(Boolean)
    reason: Mapped[str] = mapped_column(String(64))
    rated: Mapped[bool] = mapped_column(Boolean)
    source: Mapped[str] = mapped_column(Text, default="")
    recorded_at: Mapped[str] = mapped_column(String(32))
    app_version: Mapped[str] = mapped_column(String(32), server_default="")  # the release that saved it
    __table_args__ = (Index("ix_matches_game_order", "game", "finished_at", "id"),
                      Index("ix_matches_order", "finished_at", "id"))


class Seat(Base):
    __tablename__ = "seats"
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    name: Mapped[str] = mapped_column(String(80))  # the name the save gave the seat
    placing: Mapped[int | None] = mapped_column(Integer, nullable=True)
    won: Mapped[bool] = mapped_column(Boolean)
    mu: Mapped[float | None] = mapped_column(Float, nullable=True)
    sigma: Mapped[float | None] = mapped_column(Float, nullable=True)


class SaveData(Base):
    __tablename__ = "saves"
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    data: Mapped[bytes] = mapped_column(LargeBinary)


class Rating(Base):
    __tablename__ = "ratings"
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    played: Mapped[int] = mapped_column(Integer)
    won: Mapped[int] = mapped_column(Integer)
    streak: Mapped[int] = mapped_column(Integer)


class Event(Base):
    """A match that is an event with a points table (an Impact tournament); `points` is JSON
    [[player name, [points lost per game...], total], ...]."""

    __tablename__ = "events"
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), index=True)
    points: Mapped[str] = mapped_column(Text)


class SolitaireScore(Base):
    """One Solitaire game's total; `key` is core.fistful.bests.game_key, so the imported bests
    file and later recordings of the same game meet on one row."""

    __tablename__ = "solitaire_scores"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    name: Mapped[str] = mapped_column(String(80))
    total: Mapped[int] = mapped_column(Integer, index=True)
    date: Mapped[str] = mapped_column(String(10))
    match_id: Mapped[str | None] = mapped_column(ForeignKey("matches.id"), nullable=True)


class Meta(Base):
    """Markers such as the one-time import of the Solitaire bests file."""

    __tablename__ = "meta"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


PLAYERS = Player.__table__
ALIASES = Alias.__table__
MATCHES = MatchRecord.__table__
SEATS = Seat.__table__
SAVES = SaveData.__table__
RATINGS = Rating.__table__
EVENTS = Event.__table__
SOLO = SolitaireScore.__table__
META = Meta.__table__
