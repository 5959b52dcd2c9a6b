"""The computer opponent: a greedy duellist that reads only what its seat may see.

It scores each card it may play by the average gold it would win minus the gold it would
give away against every card the opponent might still hold, and plays the best. At set-up
it discards the two cards that do worst against a full hand.
"""
from __future__ import annotations

import random

from core.gold.cards import CARDS, HIDDEN, duel, is_forbidden
from core.gold.game import DISCARDS, Discard, GoldState, Play, allowed_cards


def net_gold(mine: int, theirs: int, dynamite_gold: int) -> int:
    """Gold won (positive) or given to the opponent (negative) by playing `mine` against `theirs`."""
    winner, gold = duel(mine, theirs, dynamite_gold)
    if winner is None:
        return 0
    return gold if winner == 0 else -gold


def opponent_candidates(view: GoldState, player: int) -> list[int]:
    """The cards the opponent may still play in this duel, as far as `player` can tell."""
    opp = 1 - player
    gone = set(view.played(opp)) | {c for c in view.discards[opp] if c != HIDDEN}
    prev = view.previous(opp)
    return [c for c in CARDS if c not in gone and not is_forbidden(c, prev)]


def seat_of(view: GoldState) -> int:
    computers = [i for i, seat in enumerate(view.setup.players) if seat.computer is not None]
    if len(computers) == 1:
        return computers[0]
    return next(p for p in (0, 1) if HIDDEN not in view.hands[p])


def choose(view: GoldState, rng: random.Random, player: int | None = None) -> Discard | Play:
    p = seat_of(view) if player is None else player
    gold = view.setup.dynamite_gold
    if view.phase == "discard":
        worth = {c: sum(net_gold(c, o, gold) for o in CARDS) + rng.random() for c in view.hands[p]}
        worst = sorted(view.hands[p], key=worth.__getitem__)[:DISCARDS]
        return Discard(p, tuple(sorted(worst, key=CARDS.index)))
    rivals = opponent_candidates(view, p) or list(CARDS)
    best = max(allowed_cards(view, p),
               key=lambda c: (sum(net_gold(c, o, gold) for o in rivals) / len(rivals), rng.random()))
    return Play(p, best)
