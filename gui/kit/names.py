"""A player's name where a narrow place shows it: New Game takes forty letters."""
from __future__ import annotations

SHORT_NAME = 20  # the most letters of a name a button or a panel's header shows


def cut_name(name: str, letters: int = SHORT_NAME) -> str:
    """`name`, or its start with an ellipsis: at a word's end where one comes late enough. The
    whole name stands where there is room (a title, a tooltip)."""
    if len(name) <= letters:
        return name
    cut = name[:letters - 1]
    return (cut[:cut.rindex(" ")] if " " in cut[8:] else cut).rstrip() + "\u2026"
