"""A full Power Spike state drawn consistently with one seat's view, for the computer's search.

Everything on the table, every discard and every card held in a combat is open to both
players; the only secret is the order of the two undrawn piles, which the view shows sorted.
A determinisation deals each pile into a random order: every visible fact is kept, and the
search's draws (which sample from the pile) then depend on an order the seat never saw.
"""
from __future__ import annotations

import random

import msgspec

from core.powerspike.cards import Deck
from core.powerspike.state import PowerSpikeState, replace_state


def _shuffled(deck: Deck, rng: random.Random) -> Deck:
    pile = list(deck.pile)
    rng.shuffle(pile)
    return msgspec.structs.replace(deck, pile=tuple(pile))


def determinize(view: PowerSpikeState, seat: int, rng: random.Random) -> PowerSpikeState:
    """The view with both draw piles in a random order (the same cards, nothing else changed)."""
    if view.phase == "over":
        return view
    return replace_state(view, movement_deck=_shuffled(view.movement_deck, rng),
                         combat_deck=_shuffled(view.combat_deck, rng))
