"""Exact combat odds, checked against an explicit enumeration of every way the cards can fall."""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.powerspike.cards import FULL_DECK, JOKERS, Deck, card, composition
from core.powerspike.combat import band_index
from core.powerspike.odds import VALUES, combat_odds, deck_odds, full_deck_counts


def labelled(counts) -> list[int]:
    """One entry per card: its value (0 for a joker), so equal ranks are still distinct cards."""
    return [v for v, n in enumerate(counts) for _ in range(n)]


def enumerate_odds(pile_counts, a: int, t: int, discard_counts=None) -> dict[str, Fraction]:
    """Draw card by card, every card of the pile equally likely, the discards reshuffled into the
    pile when it is empty; the attacker's a cards first, then the target's t."""
    out: dict[str, Fraction] = {}

    def add(key, p):
        out[key] = out.get(key, Fraction(0)) + p

    def walk(pile, discards, drawn, p):
        if len(drawn) == a + t:
            att, tgt = drawn[:a], drawn[a:]
            x, y = max(att, default=0), max(tgt, default=0)
            if x > y:
                add(f"a{band_index(x - y)}", p)
            elif y > x:
                add(f"t{band_index(y - x)}", p)
            else:
                add("tie", p)
            if 0 in att:
                add("aj", p)
            if 0 in tgt:
                add("tj", p)
            return
        if not pile:
            pile, discards = discards, []
        for i, v in enumerate(pile):
            walk(pile[:i] + pile[i + 1:], discards, drawn + [v], p / len(pile))

    walk(labelled(pile_counts), labelled(discard_counts or [0] * VALUES), [], Fraction(1))
    return out


def as_dict(odds) -> dict[str, Fraction]:
    d = {f"a{i}": p for i, p in enumerate(odds.attacker_wins)}
    d.update({f"t{i}": p for i, p in enumerate(odds.target_wins)})
    d.update(tie=odds.tie, aj=odds.attacker_joker, tj=odds.target_joker)
    return {k: v for k, v in d.items() if v}


def counts(**ranks) -> tuple[int, ...]:
    out = [0] * VALUES
    for key, n in ranks.items():
        out[0 if key == "J" else int(key[1:])] = n
    return tuple(out)


SMALL_DECKS = [
    counts(J=1, r1=1, r5=2, r9=1, r13=2),
    counts(r2=2, r8=1, r12=1, r13=1),
    counts(J=2, r3=1, r4=1, r11=2),
    counts(J=2, r1=1, r7=2, r10=1, r13=1),
]


@pytest.mark.parametrize(("pile", "a", "t"), [
    (pile, a, t) for pile in SMALL_DECKS for a, t in [(1, 1), (2, 1), (1, 3), (3, 2), (2, 2), (4, 3), (0, 2)]
    if a + t <= sum(pile)])
def test_odds_match_exhaustive_enumeration(pile, a, t):
    assert as_dict(combat_odds(pile, a, t)) == enumerate_odds(pile, a, t)


@pytest.mark.parametrize(("pile", "discards", "a", "t"), [
    (counts(r5=1), counts(J=1, r2=1, r9=2, r13=1), 2, 2),            # the attacker takes the whole pile and more
    (counts(r5=1, J=1), counts(r2=1, r9=2, r13=1, J=1), 2, 3),
    (counts(r13=1, J=1), counts(r1=2, r6=1), 2, 2),                 # pile ends with the attacker's hand
    (counts(r4=1, r7=1, J=1), counts(r1=1, r12=1, r13=1, J=1), 2, 3),  # the target takes the rest, then more
    (counts(r4=1, J=2, r11=1), counts(r6=2, r10=1), 1, 4),
    (counts(r4=1, J=2, r11=1), counts(r6=2, r10=1), 3, 3),
    ((0,) * VALUES, counts(J=1, r3=2, r8=1, r12=1), 2, 2),           # empty pile: all from the discards
])
def test_odds_across_a_reshuffle_match_enumeration(pile, discards, a, t):
    assert as_dict(combat_odds(pile, a, t, discards)) == enumerate_odds(pile, a, t, discards)


def test_one_card_each_from_a_full_deck():
    odds = combat_odds(full_deck_counts(), 1, 1)
    pairs = 54 * 53
    assert odds.tie == Fraction(13 * 4 * 3 + 2 * 1, pairs)
    assert odds.attacker_joker == odds.target_joker == Fraction(2, 54)
    assert odds.attacker_win == odds.target_win
    # Against a joker (worth 0) a 10 to King wins by 10 to 13: 13 joins the top band.
    by_cards = sum(4 * 4 for x in range(11, 14) for y in range(1, x - 9))
    by_jokers = 4 * 2 * len(range(10, 14))
    assert odds.attacker_wins[2] == Fraction(by_cards + by_jokers, pairs)


def test_four_against_three_from_a_full_deck_sums_to_one():
    odds = combat_odds(full_deck_counts(), 4, 3)
    assert odds.total == 1
    assert odds.attacker_win > odds.target_win
    assert odds.attacker_joker == 1 - Fraction(52 * 51 * 50 * 49, 54 * 53 * 52 * 51)


def test_deck_odds_read_the_pile_and_discards_and_ignore_held_cards():
    held = (card(13, 0), card(13, 1))
    deck = Deck(tuple(c for c in FULL_DECK if c not in held + (card(12, 0),)), (card(12, 0),), held)
    direct = combat_odds(composition(deck.pile), 2, 2, composition(deck.discards))
    assert deck_odds(deck, 2, 2) == direct
    short = Deck((card(1, 0),), (card(13, 2), JOKERS[0]), tuple(c for c in FULL_DECK if c not in
                                                                (card(1, 0), card(13, 2), JOKERS[0])))
    assert as_dict(deck_odds(short, 1, 2)) == enumerate_odds(composition(short.pile), 1, 2,
                                                             composition(short.discards))


def test_too_few_cards_even_after_a_reshuffle_is_refused():
    with pytest.raises(ValueError, match="needs 5 cards"):
        combat_odds(counts(r2=2), 3, 2, counts(r9=2))
    with pytest.raises(ValueError):
        combat_odds((1, 2, 3), 1, 1)


def composition_of(values: list[int]) -> tuple[int, ...]:
    out = [0] * VALUES
    for v in values:
        out[v] += 1
    return tuple(out)


@st.composite
def draws(draw, most: int, spare: int = 0):
    """A pile (values 0-13, 0 a joker) with room for both hands, plus `spare` cards."""
    pile = composition_of(draw(st.lists(st.integers(0, 13), min_size=spare, max_size=most)))
    room = sum(pile) - spare
    a = draw(st.integers(0, max(room, 0)))
    t = draw(st.integers(0, max(room - a, 0)))
    return pile, a, t


@settings(max_examples=80, deadline=None)
@given(draws(most=20))
def test_odds_sum_to_one_and_swap_with_the_sides(case):
    pile, a, t = case
    odds = combat_odds(pile, a, t)
    assert odds.total == 1
    swapped = combat_odds(pile, t, a)
    assert swapped.attacker_wins == odds.target_wins and swapped.tie == odds.tie
    assert swapped.attacker_joker == odds.target_joker


@settings(max_examples=80, deadline=None)
@given(draws(most=20, spare=1))
def test_an_extra_attacker_card_never_hurts_the_attacker(case):
    pile, a, t = case
    before, after = combat_odds(pile, a, t), combat_odds(pile, a + 1, t)
    assert after.attacker_win >= before.attacker_win
    assert after.target_win <= before.target_win


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 13), max_size=5), st.lists(st.integers(0, 13), max_size=5), st.data())
def test_random_small_decks_match_enumeration(pile_values, discard_values, data):
    pile, discards = composition_of(pile_values), composition_of(discard_values)
    a = data.draw(st.integers(0, min(4, len(pile_values) + len(discard_values))))
    t = data.draw(st.integers(0, min(4, len(pile_values) + len(discard_values) - a)))
    assert as_dict(combat_odds(pile, a, t, discards)) == enumerate_odds(pile, a, t, discards)
