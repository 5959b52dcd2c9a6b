"""The club ledger: players, results, ratings and records, in SQLite or a club's PostgreSQL.

Qt-free, like core/. This package file stays light (no SQLAlchemy import): the app imports the
ledger lazily, after its first paint, because SQLAlchemy alone costs a few hundred milliseconds.
"""
