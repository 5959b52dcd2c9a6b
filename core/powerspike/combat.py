"""Power Spike combat: how many cards each side draws, and what the drawn cards decide.

Pure functions over card ints (core/powerspike/cards.py); the game module measures the
table (ranges, contact, cover, flank, commanders) and passes the answers in, so the same
rules serve simulated play, table mode and the odds shown before an attack.

Rulings beyond the rulebook (resources/notes/power-spike-combat.md):
- A joker is set aside: it has no value and grants its side one Orbital Artillery Strike per
  ten enemy units on the table, or part of ten, for each joker.
- A hand of jokers only (or no cards) counts as 0, so it loses to any card and ties another
  such hand; a difference of 13 (King against 0) is in the top band with 10-12.
- An OAS is a combat like any other for jokers: a joker drawn in it grants strikes too.
"""
from __future__ import annotations

from collections.abc import Iterable
from math import ceil
from typing import Literal

import msgspec

from core.powerspike.cards import is_joker, rank

Role = Literal["attacker", "target"]
ROLES: tuple[Role, Role] = ("attacker", "target")
Extra = Literal["flank or rear", "cover", "unhurt against hurt", "commander"]

OAS_CARDS = 4
UNITS_PER_STRIKE = 10


class DrawEntitlement(msgspec.Struct, frozen=True):
    """The cards one side draws: its unit card allowance plus one per extra it qualifies for."""

    base: int
    extras: tuple[Extra, ...] = ()

    @property
    def total(self) -> int:
        return self.base + len(self.extras)


def entitlement(base: int, role: Role, *, flank_or_rear: bool = False, target_in_cover: bool = False,
                unhurt_vs_hurt: bool = False, near_commander: bool = False) -> DrawEntitlement:
    """Which extra cards `role` gets, each +1 and cumulative.

    `flank_or_rear` and `target_in_cover` describe the combat and are the same for both sides:
    the flank/rear card goes to the attacker only, the cover card to the target only.
    `unhurt_vs_hurt` (this side has no losses, the other side at least one) and
    `near_commander` (within 12" of its own Commander) are this side's own qualifications.
    """
    if base < 0:
        raise ValueError("a unit cannot draw fewer than no cards")
    if role not in ROLES:
        raise ValueError(f"unknown combat role {role!r}")
    extras: list[Extra] = []
    if role == "attacker" and flank_or_rear:
        extras.append("flank or rear")
    if role == "target" and target_in_cover:
        extras.append("cover")
    if unhurt_vs_hurt:
        extras.append("unhurt against hurt")
    if near_commander:
        extras.append("commander")
    return DrawEntitlement(base, tuple(extras))


def cards_to_draw(base: int, role: Role, *, flank_or_rear: bool = False, target_in_cover: bool = False,
                  unhurt_vs_hurt: bool = False, near_commander: bool = False) -> int:
    return entitlement(base, role, flank_or_rear=flank_or_rear, target_in_cover=target_in_cover,
                       unhurt_vs_hurt=unhurt_vs_hurt, near_commander=near_commander).total


def oas_target_entitlement(base: int, *, near_commander: bool = False) -> DrawEntitlement:
    """The target of an Orbital Artillery Strike: never a cover card; the strike is no unit, so
    there is no flank and no unhurt-against-hurt card either; its Commander still helps."""
    return entitlement(base, "target", near_commander=near_commander)


def oas_strikes(jokers: int, enemy_units: int) -> int:
    """Strikes earned: per joker, one per ten enemy units on the table or part of ten."""
    if jokers < 0 or enemy_units < 0:
        raise ValueError("jokers and units cannot be negative")
    return jokers * ceil(enemy_units / UNITS_PER_STRIKE)


class LossBand(msgspec.Struct, frozen=True):
    """A row of the difference table: hold and lose `hold`, or retreat a full move and lose `retreat`."""

    low: int
    high: int
    hold: int
    retreat: int

    @property
    def label(self) -> str:
        return f"{self.low}-{self.high}"


BANDS: tuple[LossBand, ...] = (LossBand(1, 6, 1, 0), LossBand(7, 9, 2, 1), LossBand(10, 12, 3, 2))
MAX_DIFFERENCE = 13  # a King against a hand of jokers only (worth 0)


def band_for(difference: int) -> LossBand:
    """The table row for a winning margin; 13 (only possible against a 0) joins the top row."""
    if not 1 <= difference <= MAX_DIFFERENCE:
        raise ValueError(f"no table row for a difference of {difference}")
    return next((b for b in BANDS if b.low <= difference <= b.high), BANDS[-1])


def band_index(difference: int) -> int:
    return BANDS.index(band_for(difference))


class LossOption(msgspec.Struct, frozen=True):
    kind: Literal["hold", "retreat"]
    losses: int


class Hand(msgspec.Struct, frozen=True):
    """One side's cards: the best non-joker kept (None if there is none), its value, jokers set aside."""

    cards: tuple[int, ...]
    best: int | None
    value: int
    jokers: int


def hand(cards: Iterable[int]) -> Hand:
    cards = tuple(cards)
    numbered = [c for c in cards if not is_joker(c)]
    best = max(numbered, key=lambda c: (rank(c), -c)) if numbered else None
    return Hand(cards, best, 0 if best is None else rank(best), len(cards) - len(numbered))


class CombatResult(msgspec.Struct, frozen=True):
    """What the cards decided; the loser's choice (hold or retreat) is still to be made.

    `loser_suffers` is False when an outscored attacker was out of the target's range and not
    in contact (no fire exchange), and for a failed Orbital Artillery Strike. `options` lists
    what the loser may choose (empty when it does not suffer). On a tie `tie_losses` says
    whether both units lose one figure.
    """

    attacker: Hand
    target: Hand
    winner: Role | None
    difference: int
    band: LossBand | None
    loser_suffers: bool
    options: tuple[LossOption, ...]
    tie_losses: bool
    attacker_oas: int
    target_oas: int
    strike: bool = False  # an Orbital Artillery Strike: the attacker is the orbiting artillery

    @property
    def loser(self) -> Role | None:
        if self.winner is None:
            return None
        return "target" if self.winner == "attacker" else "attacker"

    @property
    def attacker_suffers(self) -> bool:
        return self.tie_losses or (self.winner == "target" and self.loser_suffers)

    @property
    def target_suffers(self) -> bool:
        return self.tie_losses or (self.winner == "attacker" and self.loser_suffers)


def _options(band: LossBand, may_retreat: bool) -> tuple[LossOption, ...]:
    hold = LossOption("hold", band.hold)
    return (hold, LossOption("retreat", band.retreat)) if may_retreat else (hold,)


def resolve_combat(attacker_cards: Iterable[int], target_cards: Iterable[int], *,
                   attacker_enemy_units: int, target_enemy_units: int,
                   attacker_in_target_range: bool, target_in_attacker_range: bool = True,
                   in_contact: bool = False, attacker_may_retreat: bool = True,
                   target_may_retreat: bool = True) -> CombatResult:
    """Compare the best cards of the (pooled) attackers and the target.

    `attacker_in_target_range`: the attacker is within the target's weapon range, so a fire
    exchange takes place and an outscored attacker suffers; base contact (`in_contact`) counts
    as in range both ways. A tie costs both one figure only if each is in range of the other.
    `*_enemy_units`: enemy units on the table for that side, for the OAS count. A side that
    cannot retreat (no room) is offered only to hold.
    """
    a, t = hand(attacker_cards), hand(target_cards)
    a_oas = oas_strikes(a.jokers, attacker_enemy_units)
    t_oas = oas_strikes(t.jokers, target_enemy_units)
    diff = abs(a.value - t.value)
    if diff == 0:
        mutual = in_contact or (attacker_in_target_range and target_in_attacker_range)
        return CombatResult(a, t, None, 0, None, False, (), mutual, a_oas, t_oas)
    band = band_for(diff)
    if a.value > t.value:
        return CombatResult(a, t, "attacker", diff, band, True, _options(band, target_may_retreat),
                            False, a_oas, t_oas)
    exchange = in_contact or attacker_in_target_range
    options = _options(band, attacker_may_retreat) if exchange else ()
    return CombatResult(a, t, "target", diff, band, exchange, options, False, a_oas, t_oas)


def resolve_oas(strike_cards: Iterable[int], target_cards: Iterable[int], *,
                striker_enemy_units: int, target_enemy_units: int) -> CombatResult:
    """An Orbital Artillery Strike: 4 cards against any enemy unit, which may not retreat.

    A tie does nothing and an outscored strike does nothing (there is no unit to hit back).
    """
    a, t = hand(strike_cards), hand(target_cards)
    a_oas = oas_strikes(a.jokers, striker_enemy_units)
    t_oas = oas_strikes(t.jokers, target_enemy_units)
    diff = abs(a.value - t.value)
    if diff == 0:
        return CombatResult(a, t, None, 0, None, False, (), False, a_oas, t_oas, strike=True)
    band = band_for(diff)
    if a.value > t.value:
        return CombatResult(a, t, "attacker", diff, band, True, _options(band, False), False,
                            a_oas, t_oas, strike=True)
    return CombatResult(a, t, "target", diff, band, False, (), False, a_oas, t_oas, strike=True)
