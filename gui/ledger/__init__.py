"""The club ledger in the app: one service that opens it off the UI thread, and the window's hooks.

Nothing here imports SQLAlchemy (or the `ledger` package) at import time: the ledger opens after
the first window is painted, on the service's worker thread.
"""

from gui.ledger import hooks

__all__ = ["hooks"]
