"""The revolver cards and the duel rule, shared by the rules, the computer and the views.

A card is an int: 1-8 for the revolvers and DYNAMITE (0) for the card with no number, so
actions and saves stay small JSON numbers.
"""
from __future__ import annotations

from core.text import listing

DYNAMITE = 0
HIDDEN = -1  # a card someone may not see (an opponent's hand, a face-down discard, a secret choice)
CARDS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, DYNAMITE)
CLOSE = 3  # a difference up to this goes to the higher card, above it to the lower one
TIE_GOLD = 2
DYNAMITE_BEATS = frozenset({1, 2, 3, 4})


def card_name(card: int) -> str:
    if card == DYNAMITE:
        return "Dynamite"
    if card == HIDDEN:
        return "a hidden card"
    return str(card)


def cards_text(cards: tuple[int, ...] | list[int]) -> str:
    return listing([card_name(c) for c in cards])


def duel(a: int, b: int, dynamite_gold: int) -> tuple[int | None, int]:
    """(winner: 0 for `a`, 1 for `b`, None for a tie; gold due). A tie's gold goes aside."""
    if a == b:
        return None, TIE_GOLD
    if DYNAMITE in (a, b):
        number, dyn_side = (b, 0) if a == DYNAMITE else (a, 1)
        return (dyn_side if number in DYNAMITE_BEATS else 1 - dyn_side), dynamite_gold
    diff = abs(a - b)
    higher = 0 if a > b else 1
    return (higher if diff <= CLOSE else 1 - higher), diff


def is_forbidden(card: int, previous: int | None) -> bool:
    """The card immediately above the same player's previous card this round; Dynamite is neither."""
    if previous is None or previous == DYNAMITE or card == DYNAMITE:
        return False
    return card == previous + 1


def forbidden_reason(card: int, previous: int | None) -> str:
    return f"You played a {previous} last: a {card} is not allowed now"
