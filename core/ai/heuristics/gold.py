"""A Fistful of Gold, Easy: play the card that wins most gold on average against every card the
opponent may still hold, with a little noise so the pick is not fixed.

The set-up discard is drawn among the weaker cards rather than always the same two, so the hand
is not known; a card that would be forbidden next duel is kept back when it is close to the best.
"""
from __future__ import annotations

import random

from core.gold.cards import CARDS, HIDDEN, duel, is_forbidden
from core.gold.game import DISCARDS, Discard, GoldState, Play, allowed_cards


LOOK_AHEAD = 1.0  # how much the best card still playable next duel counts


def _net(mine: int, theirs: int, dynamite_gold: int) -> int:
    winner, gold = duel(mine, theirs, dynamite_gold)
    if winner is None:
        return 0
    return gold if winner == 0 else -gold


def _rivals(view: GoldState, seat: int) -> list[int]:
    opp = 1 - seat
    gone = set(view.played(opp)) | {c for c in view.discards[opp] if c != HIDDEN}
    prev = view.previous(opp)
    return [c for c in CARDS if c not in gone and not is_forbidden(c, prev)] or list(CARDS)


def choose(view: GoldState, seat: int, rng: random.Random) -> Discard | Play:
    gold = view.setup.dynamite_gold
    if view.phase == "discard":
        worth = {c: sum(_net(c, o, gold) for o in CARDS) / len(CARDS) + rng.uniform(0, 3)
                 for c in view.hands[seat]}
        worst = sorted(view.hands[seat], key=worth.__getitem__)[:DISCARDS]
        return Discard(seat, tuple(sorted(worst, key=CARDS.index)))
    rivals = _rivals(view, seat)

    hand = [c for c in view.hands[seat] if c != HIDDEN]

    def now(card: int) -> float:
        return sum(_net(card, o, gold) for o in rivals) / len(rivals)

    def value(card: int) -> float:
        rest = [c for c in hand if c != card and not is_forbidden(c, card)]
        later = max((now(c) for c in rest), default=0.0) if len(hand) > 2 else 0.0
        return now(card) + LOOK_AHEAD * later + rng.uniform(0, 0.2)

    return Play(seat, max(allowed_cards(view, seat), key=value))


HEURISTICS = {"fistful-of-gold": choose}
