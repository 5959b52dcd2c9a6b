"""The Power Spike decks: card meanings, drawing, and both decks' reshuffles."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.powerspike.cards import (
    DECK_SIZE,
    FULL_DECK,
    JOKERS,
    Deck,
    MovementCard,
    card,
    card_name,
    cards_text,
    composition,
    is_joker,
    movement_meaning,
    rank,
    sample_draw,
    sample_movement_card,
    side_of,
)

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


def test_a_deck_is_52_cards_and_two_jokers():
    deck = Deck.full()
    assert len(deck.pile) == DECK_SIZE == 54
    assert sum(is_joker(c) for c in deck.pile) == 2
    assert Counter(rank(c) for c in deck.pile if not is_joker(c)) == {r: 4 for r in range(1, 14)}


@pytest.mark.parametrize(("r", "value"), [(1, 1), (2, 2), (10, 10), (11, 11), (12, 12), (13, 13)])
def test_card_values(r, value):
    for s in range(4):
        assert rank(card(r, s)) == value
    assert all(rank(j) == 0 for j in JOKERS)


def test_red_suits_are_cdc_and_black_suits_scs():
    for r in range(1, 14):
        assert side_of(card(r, DIAMONDS)) == side_of(card(r, HEARTS)) == "CDC"
        assert side_of(card(r, CLUBS)) == side_of(card(r, SPADES)) == "SCS"
    assert side_of(JOKERS[0]) is None and side_of(JOKERS[1]) is None


@pytest.mark.parametrize(("r", "activations"),
                         [(2, 1), (5, 1), (10, 1), (11, 2), (12, 3), (13, 4), (1, 5)])
def test_movement_card_activations(r, activations):
    assert movement_meaning(card(r, HEARTS)) == MovementCard("CDC", activations)
    assert movement_meaning(card(r, SPADES)) == MovementCard("SCS", activations)


def test_joker_movement_card_means_reshuffle():
    assert movement_meaning(JOKERS[0]) is None
    assert movement_meaning(JOKERS[1]) is None


def test_card_names():
    assert card_name(card(1, SPADES)) == "A♠"
    assert card_name(card(10, HEARTS)) == "10♥"
    assert card_name(card(12, DIAMONDS)) == "Q♦"
    assert card_name(JOKERS[0]) == "Joker"
    assert cards_text([card(13, CLUBS), JOKERS[1], card(2, CLUBS)]) == "K♣, Joker and 2♣"


@pytest.mark.parametrize("bad", [-1, 54, True, "3"])
def test_not_a_card(bad):
    with pytest.raises(ValueError):
        rank(bad)


def test_drawn_cards_leave_the_pile_and_are_held():
    deck = Deck.full()
    drawn = (card(13, HEARTS), JOKERS[0])
    after = deck.after_draw(drawn)
    assert set(after.pile) == set(FULL_DECK) - set(drawn)
    assert after.held == drawn and after.discards == ()
    done = after.discard_held()
    assert done.held == () and done.discards == drawn


def test_a_card_not_in_the_pile_is_refused():
    deck = Deck.full().after_draw((card(5, CLUBS),)).discard_held()
    with pytest.raises(ValueError, match="5♣ is not in the draw pile"):
        deck.after_draw((card(5, CLUBS),))
    with pytest.raises(ValueError, match="twice"):
        Deck.full().after_draw((card(6, CLUBS), card(6, CLUBS)))


def test_a_deck_cannot_hold_a_card_twice():
    with pytest.raises(ValueError):
        Deck(pile=(1, 2), discards=(2,))


def test_combat_deck_reshuffles_discards_when_the_pile_runs_out_mid_draw():
    pile = (card(2, CLUBS), card(3, CLUBS))
    discards = (card(9, HEARTS), card(10, HEARTS), JOKERS[0])
    held = (card(13, SPADES),)  # a card still in someone's hand stays out of the reshuffle
    deck = Deck(pile, discards, held)
    after = deck.after_draw((card(3, CLUBS), card(2, CLUBS), JOKERS[0]))
    assert after.pile == (card(9, HEARTS), card(10, HEARTS))
    assert after.discards == ()
    assert card(13, SPADES) in after.held and JOKERS[0] in after.held
    with pytest.raises(ValueError, match="had to be drawn first"):
        deck.after_draw((card(9, HEARTS), card(2, CLUBS), card(3, CLUBS)))
    with pytest.raises(ValueError, match="not in the draw pile"):
        deck.after_draw((card(2, CLUBS), card(3, CLUBS), card(13, SPADES)))


def test_combat_deck_with_an_empty_pile_draws_from_the_reshuffled_discards():
    deck = Deck((), (card(4, DIAMONDS), card(8, DIAMONDS)))
    after = deck.after_draw((card(8, DIAMONDS),))
    assert after.pile == (card(4, DIAMONDS),) and after.held == (card(8, DIAMONDS),)


def test_end_of_combat_that_took_the_last_card_reshuffles_everything_discarded():
    deck = Deck((card(2, CLUBS),), (card(7, HEARTS),))
    after = deck.after_draw((card(2, CLUBS),)).end_combat()
    assert after.pile == tuple(sorted((card(2, CLUBS), card(7, HEARTS))))
    assert after.discards == () and after.held == ()
    kept = Deck((card(2, CLUBS), card(3, CLUBS))).after_draw((card(2, CLUBS),)).end_combat()
    assert kept.pile == (card(3, CLUBS),) and kept.discards == (card(2, CLUBS),)


def test_movement_joker_reshuffles_the_whole_deck():
    deck = Deck.full()
    for c in (card(5, HEARTS), card(12, SPADES)):
        deck = deck.after_movement_draw(c)
    assert len(deck.pile) == 52 and len(deck.discards) == 2
    after = deck.after_movement_draw(JOKERS[1])
    assert after == Deck.full()


def test_movement_deck_reshuffles_after_its_last_card():
    deck = Deck((card(7, CLUBS),), tuple(c for c in FULL_DECK if c != card(7, CLUBS)))
    after = deck.after_movement_draw(card(7, CLUBS))
    assert after == Deck.full()


def test_movement_card_is_discarded_face_up():
    after = Deck.full().after_movement_draw(card(11, DIAMONDS))
    assert after.discards == (card(11, DIAMONDS),) and after.held == ()
    assert card(11, DIAMONDS) not in after.pile


def test_sample_draw_reaches_every_card_and_only_pile_cards():
    deck = Deck((card(2, CLUBS), card(3, CLUBS), card(4, CLUBS)), (card(9, HEARTS),))
    seen = {sample_draw(deck, 2, random.Random(seed)) for seed in range(200)}
    assert seen == {(x, y) for x in deck.pile for y in deck.pile if x != y}


def test_sample_draw_takes_the_whole_pile_before_the_discards():
    deck = Deck((card(2, CLUBS), card(3, CLUBS)), (card(9, HEARTS), card(10, HEARTS)))
    for seed in range(50):
        drawn = sample_draw(deck, 3, random.Random(seed))
        assert set(drawn[:2]) == set(deck.pile) and drawn[2] in deck.discards
    with pytest.raises(ValueError):
        sample_draw(deck, 5, random.Random(0))


def test_sample_movement_card_from_an_empty_pile_uses_the_discards():
    deck = Deck((), (card(6, SPADES),))
    assert sample_movement_card(deck, random.Random(1)) == card(6, SPADES)


def test_composition_counts_jokers_first():
    counts = composition([JOKERS[0], card(1, CLUBS), card(1, HEARTS), card(13, SPADES)])
    assert counts == (1, 2) + (0,) * 11 + (1,)
    assert composition(FULL_DECK) == (2,) + (4,) * 13


@st.composite
def decks(draw):
    order = draw(st.permutations(FULL_DECK))
    k = draw(st.integers(0, 54))
    d = draw(st.integers(0, 54 - k))
    return Deck(tuple(sorted(order[:k])), tuple(order[k:k + d]), tuple(order[k + d:]))


@given(decks(), st.integers(0, 20), st.integers(0, 2**32))
def test_sampled_draws_are_accepted_and_no_card_is_lost(deck, n, seed):
    if n > deck.available:
        with pytest.raises(ValueError):
            sample_draw(deck, n, random.Random(seed))
        return
    drawn = sample_draw(deck, n, random.Random(seed))
    after = deck.after_draw(drawn)
    assert len(drawn) == n
    assert sorted(after.pile + after.discards + after.held) == list(FULL_DECK)
    assert after.held[len(deck.held):] == drawn
    ended = after.end_combat()
    assert ended.held == () and ended.pile
