"""Each match keeps the Battlebox release that wrote its save (filled in from the stored saves),
and Solitaire totals get an index for the bests table.

Revision ID: 0002
Revises: 0001
"""
from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("app_version", sa.String(32), nullable=False, server_default=""))
    op.create_index("ix_solitaire_scores_total", "solitaire_scores", ["total"])
    bind = op.get_bind()
    saves = sa.table("saves", sa.column("match_id", sa.String), sa.column("data", sa.LargeBinary))
    matches = sa.table("matches", sa.column("id", sa.String), sa.column("app_version", sa.String))
    found = []
    for match_id, data in bind.execute(sa.select(saves.c.match_id, saves.c.data)):
        try:
            version = json.loads(bytes(data)).get("app_version", "")
        except (ValueError, AttributeError):
            version = ""
        if isinstance(version, str) and version:
            found.append({"m": match_id, "v": version[:32]})
    if found:
        bind.execute(sa.update(matches).where(matches.c.id == sa.bindparam("m"))
                     .values(app_version=sa.bindparam("v")), found)


def downgrade() -> None:
    op.drop_index("ix_solitaire_scores_total", "solitaire_scores")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("app_version")
