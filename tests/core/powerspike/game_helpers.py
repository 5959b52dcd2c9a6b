"""Building Power Spike positions by hand for the game tests.

Units are placed directly (deployment has its own tests); the fights happen in the clear
ground of the default table (x 30-44, y 0-20: no terrain), and every unit not named is parked
in rows along the bottom edge (y 38-46), well away from that ground, so only the named units matter.
"""
from __future__ import annotations

import msgspec

from core.powerspike.cards import card
from core.powerspike.game import GAME, CombatDraw, MovementDraw, PowerSpikeSetup, PowerSpikeState, UnitState

SUIT = {"CDC": 2, "SCS": 3}  # hearts, spades


def setup(**kw) -> PowerSpikeSetup:
    return msgspec.structs.replace(GAME.default_setup(), **kw)


def step(state: PowerSpikeState, *actions) -> PowerSpikeState:
    """Apply actions as a Match would: validate (raising IllegalAction), then apply."""
    for a in actions:
        GAME.validate(state, a)
        state = GAME.apply(state, a)
    return state


def arrange(state: PowerSpikeState, places: dict[str, tuple[float, float, float]],
            remove: tuple[str, ...] = (), **changes) -> PowerSpikeState:
    """Named units at (x, y, facing); the rest parked; `remove` destroyed; ready to draw."""
    parked = {"CDC": 0, "SCS": 0}
    units = []
    for u in state.units:
        if u.id in remove:
            u = msgspec.structs.replace(u, figures=())
        if u.id in places:
            x, y, f = places[u.id]
        elif u.carried_by is not None:
            units.append(u)
            continue
        else:
            i = parked[u.side]
            parked[u.side] += 1
            x = (1.8 if u.side == "CDC" else 38.5) + 3.4 * (i % 10)
            y, f = 46.0 - 4 * (i // 10), 0.0
        units.append(msgspec.structs.replace(u, x=float(x), y=float(y), facing=float(f)))
    return msgspec.structs.replace(state, units=tuple(units), phase="draw", **changes)


def fresh(places: dict[str, tuple[float, float, float]], remove: tuple[str, ...] = (), **setup_kw) -> PowerSpikeState:
    return arrange(GAME.new(setup(**setup_kw)), places, remove)


def hurt(state: PowerSpikeState, uid: str, losses: int = 1) -> PowerSpikeState:
    u = state.unit(uid)
    return _replace_unit(state, msgspec.structs.replace(u, figures=u.figures[losses:]))


def _replace_unit(state: PowerSpikeState, new: UnitState) -> PowerSpikeState:
    return msgspec.structs.replace(state, units=tuple(new if u.id == new.id else u for u in state.units))


def go_card(side: str, rank: int = 5) -> int:
    return card(rank, SUIT[side])


def draw_go(state: PowerSpikeState, side: str, rank: int = 5) -> PowerSpikeState:
    return step(state, MovementDraw(go_card(side, rank)))


def pick(state: PowerSpikeState, ranks: list[int], taken: set[int] | None = None) -> tuple[int, ...]:
    """Cards of these ranks (0 = a joker) that are in the combat deck's pile."""
    taken = set() if taken is None else taken
    out = []
    for r in ranks:
        options = [52, 53] if r == 0 else [s * 13 + r - 1 for s in range(4)]
        c = next(c for c in options if c in state.combat_deck.pile and c not in taken)
        taken.add(c)
        out.append(c)
    return tuple(out)


def combat_draw(state: PowerSpikeState, attacker: list[int], target: list[int]) -> CombatDraw:
    """Hands whose best cards are the given ranks, padded with Aces/2s to the entitlement."""
    c = state.combat
    assert c is not None
    a_n, t_n = c.attacker_entitlement.total, c.target_entitlement.total
    taken: set[int] = set()
    a = list(pick(state, attacker, taken))
    t = list(pick(state, target, taken))
    filler = sorted((x for x in state.combat_deck.pile if x not in taken and x < 52 and x % 13 + 1 <= 2),
                    key=lambda x: -(x % 13))  # pop() takes the Aces first, then the 2s
    while len(a) < a_n:
        a.append(filler.pop())
    while len(t) < t_n:
        t.append(filler.pop())
    return CombatDraw(tuple(a[:a_n]), tuple(t[:t_n]))
