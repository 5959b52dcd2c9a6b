"""What-if questions the Power Spike view asks before anything is played: the cards and odds of
an attack, and the same as if the dragged unit already stood where its ghost is.

None of these change the game; they answer from the immutable state (and the caches in
measure.py), fast enough to follow a drag.
"""
from __future__ import annotations

from collections.abc import Sequence

import msgspec

from core.powerspike.combat import DrawEntitlement
from core.powerspike.measure import combat_for, strike_for
from core.powerspike.odds import Odds, deck_odds
from core.powerspike.state import Declared, PowerSpikeState, side_points, tracks_positions, with_unit


def entitlements(state: PowerSpikeState, attackers: Sequence[str], target: str,
                 declared: Declared | None = None) -> tuple[DrawEntitlement, DrawEntitlement]:
    c = combat_for(state, tuple(attackers), target, declared)
    return c.attacker_entitlement, c.target_entitlement


def odds(state: PowerSpikeState, attackers: Sequence[str], target: str, declared: Declared | None = None) -> Odds:
    a, t = entitlements(state, attackers, target, declared)
    return deck_odds(state.combat_deck, a.total, t.total)


def as_if_moved(state: PowerSpikeState, unit_id: str, x: float, y: float, facing: float) -> PowerSpikeState:
    """The state with only this unit's tray at (x, y, facing): the table the odds panel
    measures while the unit is dragged, before the move is made (or refused).

    Nothing is validated (move_problems says whether the end is legal) and no step of the
    activation is spent; a unit aboard an ornithopter is taken off it, as a real move would.
    Without tracked positions there is nothing to move: the state comes back unchanged.
    """
    if not tracks_positions(state.setup):
        return state
    u = state.unit(unit_id)
    state = with_unit(state, msgspec.structs.replace(u, x=float(x), y=float(y),
                                                     facing=float(facing) % 360.0, carried_by=None))
    if u.carried_by is not None:
        carrier = state.unit(u.carried_by)
        state = with_unit(state, msgspec.structs.replace(
            carrier, carrying=tuple(c for c in carrier.carrying if c != u.id)))
    return state


def odds_if_moved(state: PowerSpikeState, unit_id: str, x: float, y: float, facing: float,
                  attackers: Sequence[str], target: str, declared: Declared | None = None) -> Odds:
    """`odds` as if the unit stood at (x, y, facing): fast enough to follow a drag, because
    it only re-measures the table (arc, cover, commander radius) and recounts the deck."""
    return odds(as_if_moved(state, unit_id, x, y, facing), attackers, target, declared)


def strike_entitlement(state: PowerSpikeState, target: str) -> DrawEntitlement:
    return strike_for(state, target).target_entitlement


def points(state: PowerSpikeState) -> tuple[int, int]:
    """Each side's points (figures left x combat cards), CDC first."""
    return side_points(state, "CDC"), side_points(state, "SCS")
