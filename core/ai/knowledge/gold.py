"""A Fistful of Gold: Normal and Strong play the solved duels of core/ai/gold_duel.py instead
of the search; a hint gives the chosen card's expected gold and how often the solution plays it."""
from __future__ import annotations

import random
from typing import Any

from core.ai.gold_duel import decide, discard_strategy, expected
from core.ai.knowledge import Knowledge, Why
from core.gold.cards import CARDS
from core.gold.game import Discard, GoldState, Play


def explain(view: GoldState, seat: int, action: Any, rng: random.Random | None = None) -> Why:
    """`rng` is the decision's own generator, fresh: the duel's strategy is solved on sampled hands,
    and the same samples make the figures describe the card the decision drew."""
    if isinstance(action, Play) and view.phase == "duel":
        gold, chance = expected(view, seat, action.card, rng or random.Random(0))
        return Why(numbers=(("expected_gold", gold), ("play_chance", chance)))
    if isinstance(action, Discard):
        pairs, weights = discard_strategy(view.setup.dynamite_gold)
        pair = tuple(sorted(action.cards, key=CARDS.index))
        chance = next((w for p, w in zip(pairs, weights) if tuple(sorted(p, key=CARDS.index)) == pair), 0.0)
        return Why(numbers=(("play_chance", chance),))
    return Why()


KNOWLEDGE = {"fistful-of-gold": Knowledge(decide=decide, explain=explain)}
