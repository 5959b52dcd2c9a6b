"""A full A Fistful of Gold state drawn consistently with one seat's view, for the computer's search.

What a seat cannot see of its rival: the set-up discards, the hand, the card left in hand at
each round's end, and a card already chosen for the coming duel. Most of it follows from the
public duels: after a round that ended normally, the rival's next hand is exactly the cards
they played in its duels before the final one. Only while no such round has been played is the
hand unknown, and then it is the nine cards less two set-up discards drawn from the cards the
rival has not been seen to hold.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

import msgspec

from core.gold.cards import CARDS, HIDDEN, is_forbidden

if TYPE_CHECKING:
    from core.gold.game import GoldState


def _order(cards: set[int] | list[int]) -> tuple[int, ...]:
    return tuple(sorted(cards, key=CARDS.index))


def _rival_hand(view: GoldState, rival: int, rng: random.Random) -> tuple[int, ...]:
    played_now = [d.cards[rival] for d in view.duels]
    if view.phase == "discard":
        if not view.discarded[rival]:
            return CARDS
        return _order(rng.sample(CARDS, len(view.hands[rival])))
    start: set[int] | None = None
    seen: set[int] = set()  # cards the rival showed while their round-start hand is unknown
    for record in view.rounds:
        if record.how == "mistake":
            seen.update(d.cards[rival] for d in record.duels)
            continue
        start = {d.cards[rival] for d in record.duels if not d.final}
        seen = set()
    seen.update(played_now)
    if start is None:
        size = len(view.hands[rival]) + len(played_now)
        rest = [c for c in CARDS if c not in seen]
        start = seen | set(rng.sample(rest, size - len(seen)))
    return _order(start - set(played_now))


def determinize(view: GoldState, seat: int, rng: random.Random) -> GoldState:
    """The view with the rival's hidden cards filled in (the seat's own are all shown)."""
    if view.phase == "over":
        return view
    rival = 1 - seat
    hand = _rival_hand(view, rival, rng)
    hands = tuple(hand if p == rival else view.hands[p] for p in (0, 1))
    discards = view.discards
    if HIDDEN in discards[rival]:
        gone = [c for c in CARDS if c not in hand and c not in {d.cards[rival] for d in view.duels}]
        rng.shuffle(gone)
        discards = tuple(tuple(gone[:len(discards[p])]) if p == rival else discards[p] for p in (0, 1))
    pending = view.pending
    if pending[rival] == HIDDEN:
        previous = view.duels[-1].cards[rival] if view.duels else None
        allowed = [c for c in hand if not is_forbidden(c, previous)] or list(hand)
        if view.setup.mode == "table":
            allowed = list(hand)
        pending = tuple(rng.choice(allowed) if p == rival else pending[p] for p in (0, 1))
    return msgspec.structs.replace(view, hands=hands, discards=discards, pending=pending)
