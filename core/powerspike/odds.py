"""Exact combat odds from the cards left in the combat deck, counted, never simulated.

Only the best card of each hand matters, so instead of enumerating hands we count pairs of
disjoint hands by their maxima. Let U(r) be the jokers plus the cards of rank <= r (U(0):
the jokers; a hand inside U(0) is worth 0). The pairs (A, T) with |A| = a, |T| = t, every
card of A in U(x) and of T in U(y) number, for x >= y,

    C(|U(y)|, t) * C(|U(x)| - t, a)      (T first, then A from the rest of U(x))

and symmetrically for x < y. Differencing this cumulative count over x and y gives the
number of pairs whose values are exactly (x, y): 14 x 14 cells of a few integer products.

The pile may hold fewer cards than the combat needs. Then (cards.Deck) the whole pile is
drawn first - the attacker draws first - the discards are reshuffled and the rest come from
them, so the odds combine the pile and the discards exactly (see `deck_odds`).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from core.powerspike.cards import Deck, composition
from core.powerspike.combat import BANDS, band_index

VALUES = 14  # 0 (jokers only) and ranks 1-13
_BAND_OF = [-1] + [band_index(d) for d in range(1, VALUES)]  # by difference
_BINOMIAL_LIMIT = 128
_C = [[comb(n, k) for k in range(n + 1)] for n in range(_BINOMIAL_LIMIT)]


def _binomial(n: int, k: int) -> int:
    if k < 0 or n < 0 or k > n:
        return 0
    if n < _BINOMIAL_LIMIT:
        return _C[n][k]
    return comb(n, k)


@dataclass(frozen=True)
class Odds:
    """Exact probabilities of a combat's outcomes before the cards are drawn.

    `attacker_wins[i]` / `target_wins[i]`: that side wins by a difference in BANDS[i]
    (1-6, 7-9, 10-12; 13, only possible against a hand of jokers only, counts as 10-12).
    `attacker_joker` / `target_joker`: that side draws at least one joker (so earns OAS).
    """

    attacker_wins: tuple[Fraction, Fraction, Fraction]
    tie: Fraction
    target_wins: tuple[Fraction, Fraction, Fraction]
    attacker_joker: Fraction
    target_joker: Fraction

    @property
    def attacker_win(self) -> Fraction:
        return sum(self.attacker_wins, Fraction(0))

    @property
    def target_win(self) -> Fraction:
        return sum(self.target_wins, Fraction(0))

    @property
    def total(self) -> Fraction:
        return self.attacker_win + self.tie + self.target_win


@dataclass(frozen=True)
class _Counts:
    """Unnormalised: joint[x][y] pairs with values (x, y), jokers per side, out of `total`."""

    joint: list[list[int]]
    attacker_joker: int
    target_joker: int
    total: int


def _cumulative(counts: tuple[int, ...] | list[int]) -> list[int]:
    u, acc = [], 0
    for c in counts:
        acc += c
        u.append(acc)
    return u


def _joint(counts: tuple[int, ...] | list[int], a: int, t: int) -> _Counts:
    """Two disjoint hands of a and t cards from one pile of composition `counts`."""
    u = _cumulative(counts)
    n = u[-1]
    C = _binomial
    # F[x][y]: pairs with A inside U(x) and T inside U(y).
    F = [[C(u[y], t) * C(u[x] - t, a) if x >= y else C(u[x], a) * C(u[y] - a, t) for y in range(VALUES)]
         for x in range(VALUES)]
    joint = []
    prev_row = [0] * VALUES
    for x in range(VALUES):
        row = F[x]
        out = []
        left = 0
        left_prev = 0
        for y in range(VALUES):
            out.append(row[y] - left - prev_row[y] + left_prev)
            left, left_prev = row[y], prev_row[y]
        joint.append(out)
        prev_row = row
    total = C(n, a) * C(n - a, t)
    jokers = counts[0]
    return _Counts(joint, total - C(n - jokers, a) * C(n - a, t), total - C(n - jokers, t) * C(n - t, a), total)


def _max_distribution(counts: tuple[int, ...] | list[int], k: int) -> list[int]:
    """Hands of k cards by value (the cumulative count differenced)."""
    u = _cumulative(counts)
    cum = [_binomial(v, k) for v in u]
    return [cum[0]] + [cum[i] - cum[i - 1] for i in range(1, VALUES)]


def _odds(c: _Counts) -> Odds:
    aw, tw = [0, 0, 0], [0, 0, 0]
    tie = 0
    band_of = _BAND_OF
    for x, row in enumerate(c.joint):
        tie += row[x]
        for y in range(x):
            aw[band_of[x - y]] += row[y]
        for y in range(x + 1, VALUES):
            tw[band_of[y - x]] += row[y]
    T = c.total
    return Odds((Fraction(aw[0], T), Fraction(aw[1], T), Fraction(aw[2], T)), Fraction(tie, T),
                (Fraction(tw[0], T), Fraction(tw[1], T), Fraction(tw[2], T)),
                Fraction(c.attacker_joker, T), Fraction(c.target_joker, T))


def _check_counts(counts: tuple[int, ...] | list[int], what: str) -> tuple[int, ...]:
    counts = tuple(counts)
    if len(counts) != VALUES or any(not isinstance(c, int) or c < 0 for c in counts):
        raise ValueError(f"{what} must be 14 counts (jokers, then ranks 1-13), none negative")
    return counts


def combat_odds(pile: tuple[int, ...] | list[int], attacker: int, target: int,
                discards: tuple[int, ...] | list[int] | None = None) -> Odds:
    """Exact odds of the attacker drawing `attacker` cards and then the target `target` cards.

    `pile` and `discards` are compositions (`cards.composition`): index 0 the jokers, 1-13 the
    cards of each rank. If the pile holds fewer than attacker + target cards, the pile is
    drawn to the last card, the discards are reshuffled into a new pile and the drawing goes
    on from it: exact too. Raises ValueError if even that is not enough cards.
    """
    pile = _check_counts(pile, "the pile")
    discards = _check_counts(discards if discards is not None else (0,) * VALUES, "the discards")
    if attacker < 0 or target < 0:
        raise ValueError("a side cannot draw a negative number of cards")
    k, d = sum(pile), sum(discards)
    n = attacker + target
    if n <= k:
        return _odds(_joint(pile, attacker, target))
    if n > k + d:
        raise ValueError(f"the combat needs {n} cards but only {k + d} can be drawn")
    if k <= attacker:
        return _odds(_with_whole_pile(pile, discards, attacker - k, target))
    return _odds(_split_pile(pile, discards, attacker, target - (k - attacker)))


def _with_whole_pile(pile: tuple[int, ...], discards: tuple[int, ...], more: int, target: int) -> _Counts:
    """The attacker takes the whole pile plus `more` reshuffled cards; the target draws after."""
    inner = _joint(discards, more, target)
    floor = max((r for r in range(1, VALUES) if pile[r]), default=0)
    joint = [[0] * VALUES for _ in range(VALUES)]
    for x, row in enumerate(inner.joint):
        target_row = joint[max(x, floor)]
        for y, m in enumerate(row):
            target_row[y] += m
    attacker_joker = inner.total if pile[0] else inner.attacker_joker
    return _Counts(joint, attacker_joker, inner.target_joker, inner.total)


def _split_pile(pile: tuple[int, ...], discards: tuple[int, ...], attacker: int, more: int) -> _Counts:
    """The attacker's cards come from the pile; the target takes the rest of it plus `more`
    reshuffled cards, which are independent of how the pile was split."""
    k = sum(pile)
    split = _joint(pile, attacker, k - attacker)
    extra = _max_distribution(discards, more)
    extra_cum = _cumulative(extra)
    joint = []
    for row in split.joint:
        row_cum = _cumulative(row)
        cum = [row_cum[y] * extra_cum[y] for y in range(VALUES)]
        joint.append([cum[0]] + [cum[y] - cum[y - 1] for y in range(1, VALUES)])
    d = sum(discards)
    ways_extra = _binomial(d, more)
    total = split.total * ways_extra
    jp, jd = pile[0], discards[0]
    attacker_joker = total - _binomial(k - jp, attacker) * ways_extra
    target_clean = _binomial(k - jp, attacker - jp) * _binomial(d - jd, more)
    return _Counts(joint, attacker_joker, total - target_clean, total)


def deck_odds(deck: Deck, attacker: int, target: int) -> Odds:
    """`combat_odds` for the combat deck as it stands (cards held now are out of play)."""
    return combat_odds(composition(deck.pile), attacker, target, composition(deck.discards))


def full_deck_counts() -> tuple[int, ...]:
    return composition(range(54))


__all__ = ["BANDS", "Odds", "combat_odds", "deck_odds", "full_deck_counts"]
