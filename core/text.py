"""Words for players, built from facts where they are shown: the one plural rule every game uses."""
from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 card', '2 cards', '3 passes', '0 combats'; `many` for a word English does not regularise
    ('die', 'dice')."""
    if n == 1:
        return f"{n} {word}"
    if many is None:
        many = word + ("es" if word.endswith(("s", "x", "ch", "sh")) else "s")
    return f"{n} {many}"


def listing(words: list[str] | tuple[str, ...]) -> str:
    """'Ann', 'Ann and Bo', 'Ann, Bo and Cy': English joins the last two with 'and'."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
