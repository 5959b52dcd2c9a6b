"""The club tools (no turns, so not games), registered in one place: the start page paints a card
for each and the window's Tools menu lists them, both from `TOOLS`.

Light on purpose: the start page reads this before its first paint, so a tool's own modules load
only when it opens (`opener` names the window's method that builds it).
"""
from __future__ import annotations

from typing import Any

from core.registry import _Record


class ToolInfo(_Record):
    """A tool's start-page card and menu entry. `purpose` is the card's line where a game shows
    its player count; `opener` is the MainWindow method that opens the tool."""

    __slots__ = ("id", "title", "family", "purpose", "summary", "menu_text", "tip", "opener")
    id: str
    title: str
    family: str
    purpose: str
    summary: str
    menu_text: str
    tip: str
    opener: str

    def __init__(self, id: str, title: str, family: str, purpose: str, summary: str,  # noqa: A002
                 menu_text: str, tip: str, opener: str) -> None:
        super().__init__(id, title, family, purpose, summary, menu_text, tip, opener)

    @property
    def players_text(self) -> str:
        return self.purpose

    def open(self, window: Any) -> Any:
        """Open the tool in `window` (the same window whether asked from the card or the menu)."""
        return getattr(window, self.opener)()


TOOLS: tuple[ToolInfo, ...] = (
    ToolInfo("clout-layout", "Layout board", "Clout Fantasy", "Referee tool",
             "Lay out where real chips landed, read ranges and the score, settle disputes.",
             "&Clout layout board…", "Lay out a Clout Fantasy table and read its ranges",
             "open_clout_layout_board"),
    ToolInfo("clout-stacks", "Stack builder", "Clout Fantasy", "Deck building",
             "Build and check playing stacks, save them and open them again.",
             "Clout &stacks…", "Build, check, save and open Clout Fantasy playing stacks",
             "open_clout_stacks"),
    ToolInfo("power-spike-armies", "Army builder", "Power Spike", "Army building",
             "Build armies from formations, check them and start a game with them.",
             "&Power Spike armies…", "Build Power Spike armies and start a game with them",
             "open_army_builder"),
    ToolInfo("club-ledger", "Club ledger", "Club", "Results & ratings",
             "League tables and rating charts, every match to replay, the players and the records.",
             "Club &ledger…", "League tables, match history with replays, players and records",
             "open_ledger"),
)

TOOL: dict[str, ToolInfo] = {t.id: t for t in TOOLS}
