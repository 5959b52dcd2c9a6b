"""Alembic's environment: always run from code (ledger.migrations.upgrade) on a connection the
ledger opened, inside its transaction, so an upgrade lands whole or not at all."""
from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=None, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
