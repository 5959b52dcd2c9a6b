"""The first ledger schema: players and aliases, matches with seats and saves, ratings,
events (Impact tournaments), Solitaire scores, markers.

Revision ID: 0001
Revises:
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("colour", sa.String(16), nullable=False),
        sa.Column("short", sa.String(16), nullable=True),
        sa.Column("computer", sa.String(16), nullable=True),
    )
    op.create_table(
        "aliases",
        sa.Column("key", sa.String(80), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
    )
    op.create_index("ix_aliases_player_id", "aliases", ["player_id"])
    op.create_table(
        "matches",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("mode", sa.String(16), nullable=False),
        sa.Column("finished_at", sa.String(32), nullable=False),
        sa.Column("draw", sa.Boolean, nullable=False),
        sa.Column("reason", sa.String(64), nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("source", sa.Text, nullable=False),
        sa.Column("recorded_at", sa.String(32), nullable=False),
    )
    op.create_index("ix_matches_game_order", "matches", ["game", "finished_at", "id"])
    op.create_index("ix_matches_order", "matches", ["finished_at", "id"])
    op.create_table(
        "seats",
        sa.Column("match_id", sa.String(64), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("placing", sa.Integer, nullable=True),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("mu", sa.Float, nullable=True),
        sa.Column("sigma", sa.Float, nullable=True),
    )
    op.create_index("ix_seats_player_id", "seats", ["player_id"])
    op.create_table(
        "saves",
        sa.Column("match_id", sa.String(64), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("data", sa.LargeBinary, nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("played", sa.Integer, nullable=False),
        sa.Column("won", sa.Integer, nullable=False),
        sa.Column("streak", sa.Integer, nullable=False),
    )
    op.create_table(
        "events",
        sa.Column("match_id", sa.String(64), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("points", sa.Text, nullable=False),
    )
    op.create_index("ix_events_game", "events", ["game"])
    op.create_table(
        "solitaire_scores",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("date", sa.String(10), nullable=False),
        sa.Column("match_id", sa.String(64), sa.ForeignKey("matches.id"), nullable=True),
    )
    op.create_index("ix_solitaire_scores_player_id", "solitaire_scores", ["player_id"])
    op.create_table(
        "meta",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for table in ("meta", "solitaire_scores", "events", "ratings", "saves", "seats", "matches",
                  "aliases", "players"):
        op.drop_table(table)
