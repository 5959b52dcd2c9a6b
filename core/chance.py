"""Chance outcomes: finite distributions and a seeded RNG per step.

Chance for step N of a match is drawn from an RNG seeded by (match seed, N), so undo,
redo and reloading never change what a throw would have been: a seed replays a game.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def step_rng(seed: int, step: int) -> random.Random:
    return random.Random(f"battlebox:{seed}:{step}")


def sample(rng: random.Random, outcomes: Sequence[tuple[T, float]]) -> T:
    """Draw one outcome from (outcome, probability) pairs; probabilities need not sum to 1."""
    total = sum(p for _, p in outcomes)
    if total <= 0:
        raise ValueError("a chance distribution needs a positive total probability")
    x = rng.random() * total
    acc = 0.0
    for outcome, p in outcomes:
        acc += p
        if x < acc:
            return outcome
    return outcomes[-1][0]
