"""What the window's menu actions say, shared with the buttons that do the same on a page. No Qt
import, so the first window pays nothing for it."""
from __future__ import annotations

from typing import Any

AGAIN_TIP = "A new game with the same players, seats and options"  # File → Play Again, a winner page's button
REVIEW_TIP = "Each decision a person made beside the one the Normal computer would have made, and why in numbers"
# A Qt property on a page's button that does not play in the game (back to the start page, play
# again, review it): a replay, which refuses every press on its table, lets these work.
LEAVES_GAME = "leavesGame"


def explain(action: Any, reason: str | None, tip: str) -> None:
    """Enable `action` (a QAction) when `reason` is None; otherwise grey it and say the reason in its
    tooltip and the status bar."""
    action.setEnabled(reason is None)
    action.setToolTip(reason or tip)
    action.setStatusTip(reason or tip)
