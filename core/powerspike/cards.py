"""The two Power Spike decks: 52 cards and 2 jokers each, what a movement card means, reshuffles.

A card is an int so actions and saves stay small JSON numbers: 0-51 are the suited cards
(suit * 13 + rank - 1, suits in the order of SUITS) and 52, 53 the two jokers. A `Deck` is
part of the immutable game state. The draw pile is kept as a sorted tuple: nobody knows its
order, so only its composition matters, and drawing is a chance action whose outcome is the
cards drawn (`sample_draw` in simulated play, the players' real cards in table mode), applied
with `Deck.after_draw`, which refuses cards that are not there.

Reshuffles (GAME-DATA.md 2): the movement deck reshuffles all 54 cards when a joker is
drawn or its last card is played. The combat deck reshuffles its discards when a card is
needed and the pile is empty (cards still in the combatants' hands stay out of it), and at
the end of a combat that took its last card.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Literal

import msgspec

Side = Literal["CDC", "SCS"]
SIDES: tuple[Side, Side] = ("CDC", "SCS")

SUITS: tuple[str, ...] = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS: tuple[str, ...] = ("♣", "♦", "♥", "♠")
RED_SUITS = frozenset({1, 2})  # diamonds, hearts: the CDC's colour; clubs and spades are the SCS's
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANKS = range(1, 14)
JOKERS: tuple[int, int] = (52, 53)
DECK_SIZE = 54
FULL_DECK: tuple[int, ...] = tuple(range(DECK_SIZE))
_CARD_SET = frozenset(FULL_DECK)

# Movement cards: Power Spike cards (picture cards and Aces) activate several distinct units.
ACTIVATIONS = {1: 5, 11: 2, 12: 3, 13: 4}


def card(rank: int, suit: int) -> int:
    """The card of `rank` (Ace = 1 ... King = 13) in suit index `suit` (see SUITS)."""
    if rank not in RANKS or suit not in range(4):
        raise ValueError(f"no card of rank {rank} in suit {suit}")
    return suit * 13 + rank - 1


def is_joker(c: int) -> bool:
    return c >= 52


def rank(c: int) -> int:
    """The card's number for combat: Ace 1, 2-10, Jack 11, Queen 12, King 13; a joker has none (0)."""
    _check(c)
    return 0 if c >= 52 else c % 13 + 1


def suit(c: int) -> int | None:
    _check(c)
    return None if c >= 52 else c // 13


def side_of(c: int) -> Side | None:
    """Whose go a movement card gives: red suits are the CDC's, black the SCS's; a joker, nobody's."""
    s = suit(c)
    if s is None:
        return None
    return "CDC" if s in RED_SUITS else "SCS"


def card_name(c: int) -> str:
    if is_joker(c):
        _check(c)
        return "Joker"
    r = rank(c)
    return f"{RANK_NAMES.get(r, str(r))}{SUIT_SYMBOLS[c // 13]}"


def cards_text(cards: Iterable[int]) -> str:
    names = [card_name(c) for c in cards]
    if len(names) <= 1:
        return "".join(names) or "no cards"
    return ", ".join(names[:-1]) + " and " + names[-1]


def _check(c: int) -> None:
    if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < DECK_SIZE:
        raise ValueError(f"{c!r} is not a card (cards are 0-53)")


class MovementCard(msgspec.Struct, frozen=True):
    """What a movement card drawn gives: a go for `side` activating `activations` distinct units."""

    side: Side
    activations: int


def movement_meaning(c: int) -> MovementCard | None:
    """None for a joker, which only reshuffles the deck (and the drawer draws again)."""
    s = side_of(c)
    if s is None:
        return None
    return MovementCard(s, ACTIVATIONS.get(rank(c), 1))


class Deck(msgspec.Struct, frozen=True):
    """One deck: the draw pile (sorted), the face-up discards (in order) and the cards held out.

    `held` are cards drawn and not yet discarded: the hands of a combat being resolved. They
    are neither in the pile nor among the discards, so a reshuffle in the middle of a combat
    does not give them back.
    """

    pile: tuple[int, ...] = FULL_DECK
    discards: tuple[int, ...] = ()
    held: tuple[int, ...] = ()

    @classmethod
    def full(cls) -> Deck:
        return cls(FULL_DECK)

    def __post_init__(self) -> None:
        everything = self.pile + self.discards + self.held
        distinct = set(everything)
        if not (distinct <= _CARD_SET and set(map(type, everything)) <= {int}):
            for c in everything:
                _check(c)
        if len(distinct) != len(everything):
            raise ValueError("a card is in the deck twice")

    @property
    def available(self) -> int:
        """How many cards can still be drawn, counting a reshuffle of the discards."""
        return len(self.pile) + len(self.discards)

    def after_draw(self, cards: Sequence[int]) -> Deck:
        """The deck after `cards` were drawn in this order; they become held.

        When the pile runs out part-way, the first cards must be exactly the whole pile, the
        discards are reshuffled into a new pile and the rest come from it. Raises ValueError
        naming a card that cannot have been drawn.
        """
        cards = tuple(cards)
        if len(set(cards)) != len(cards):
            raise ValueError(f"{cards_text(cards)}: the same card was drawn twice")
        for c in cards:
            _check(c)
        pile, discards = set(self.pile), self.discards
        if len(cards) > len(pile):
            first = cards[:len(pile)]
            if set(first) != pile:
                missing = sorted(pile - set(first))
                raise ValueError(f"the draw pile ran out, so {cards_text(missing)} had to be drawn first")
            pile, discards = set(discards), ()
            rest = cards[len(first):]
        else:
            rest = cards
        for c in rest:
            if c not in pile:
                raise ValueError(f"{card_name(c)} is not in the draw pile")
        pile.difference_update(rest)
        return Deck(tuple(sorted(pile)), discards, self.held + cards)

    def discard_held(self, cards: Iterable[int] | None = None) -> Deck:
        """Put held cards (all of them by default) on the discard pile, in order."""
        out = self.held if cards is None else tuple(cards)
        for c in out:
            if c not in self.held:
                raise ValueError(f"{card_name(c)} is not held")
        keep = tuple(c for c in self.held if c not in out)
        return Deck(self.pile, self.discards + out, keep)

    def reshuffled(self) -> Deck:
        """All 54 cards back in the pile, held ones included (the movement deck's joker rule)."""
        return Deck(FULL_DECK)

    def after_movement_draw(self, c: int) -> Deck:
        """The movement deck after drawing `c`: played face up; all reshuffled on a joker or
        when that was the last card (the drawer of a joker then draws again)."""
        after = self.after_draw((c,))
        if is_joker(c) or not after.pile:
            return after.reshuffled()
        return after.discard_held()

    def end_combat(self) -> Deck:
        """The combat deck once a combat is over: its cards discarded, and the discards
        reshuffled into a new pile if the last card was drawn."""
        after = self.discard_held()
        if not after.pile:
            return Deck(tuple(sorted(after.discards)))
        return after


def sample_draw(deck: Deck, n: int, rng: random.Random) -> tuple[int, ...]:
    """The next `n` cards, in drawing order, as `Deck.after_draw` expects them.

    Every ordering is equally likely: the pile in random order, then (if it runs out) cards
    from the reshuffled discards. Raises ValueError if fewer than `n` cards can be drawn.
    """
    if n < 0:
        raise ValueError("cannot draw a negative number of cards")
    if n > deck.available:
        raise ValueError(f"only {deck.available} cards can be drawn, not {n}")
    if n <= len(deck.pile):
        return tuple(rng.sample(deck.pile, n))
    return tuple(rng.sample(deck.pile, len(deck.pile))) + tuple(rng.sample(deck.discards, n - len(deck.pile)))


def sample_movement_card(deck: Deck, rng: random.Random) -> int:
    return sample_draw(deck, 1, rng)[0]


def composition(cards: Iterable[int]) -> tuple[int, ...]:
    """Counts for the odds: index 0 the jokers, 1-13 the cards of each rank."""
    counts = [0] * 14
    for c in cards:
        counts[rank(c)] += 1
    return tuple(counts)
