"""Power Spike exact odds speed: shown live while a unit is dragged, so every call counts.

Goal (watched here, never asserted): a 4-card against 3-card combat from a full 54-card
deck in at most 1 ms; the reshuffle cases are rarer but should stay in the same range.
"""
from __future__ import annotations

from core.powerspike.odds import VALUES, combat_odds, full_deck_counts


def test_odds_four_against_three_full_deck(benchmark):
    pile = full_deck_counts()
    odds = benchmark(combat_odds, pile, 4, 3)
    assert odds.total == 1


def test_odds_across_a_reshuffle(benchmark):
    pile = (1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0)
    discards = tuple(n - p for n, p in zip(full_deck_counts(), pile))
    assert len(discards) == VALUES
    odds = benchmark(combat_odds, pile, 2, 5, discards)
    assert odds.total == 1
