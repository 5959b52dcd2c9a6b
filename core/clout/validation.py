"""Why an action may not be taken now, in words a player can read ("" when it may).

Every input is checked before it is used to look anything up (seat, chip uid, slot, numbers),
so a malformed action, typed in a save by hand or sent by a buggy view, gets a reason and
never a lookup error.
"""
from __future__ import annotations

import math

from core.clout.abilities import Board
from core.clout.catalogue import ABILITIES
from core.clout.geometry import inside_area, wholly_inside
from core.clout.resolution import board
from core.clout.state import (
    Choose,
    CloutAction,
    CloutState,
    DiscardChip,
    Keep,
    Landed,
    PlaceChip,
    ReplaceChip,
    Slot,
    ThrowChip,
    catalogue,
    play_area,
)
from core.game import CHANCE, Actor
from core.text import plural

MULTI = ("attract", "repulse", "trap", "destroy", "raze")
AIM_MARGIN_CM = 100.0  # an aim may miss the area, but not by more than this


def actor(state: CloutState) -> Actor:
    if state.phase == "over":
        return None
    if state.phase == "land":
        return CHANCE
    if state.phase == "resolve" and state.slots:
        mine = [s for s in state.slots if s.decider == state.turn]
        return state.turn if mine else state.slots[0].decider
    return state.turn


_PLAYABLE: list[tuple[CloutState, int, dict[str, tuple[str, ...]]]] = []


def playable(state: CloutState, player: int) -> dict[str, tuple[str, ...]]:
    """Stack chips the player may put into play now and how: throw, place, replace."""
    for known, p, ways in _PLAYABLE:
        if known is state and p == player:
            return dict(ways)
    b = board(state)
    in_play = {b.chip(u).id for u in b.on}
    out: dict[str, tuple[str, ...]] = {}
    for uid in state.stacks[player]:
        chip = b.chip(uid)
        printed = b.printed(uid)
        if not state.first_done[player] and chip.type != "base":
            continue
        if "unique" in printed and chip.id in in_play:
            continue
        if "replace" in printed:
            if any(b.controller(u) == player and not b.stopped_at(b.pos(u), player, uid) for u in b.on):
                out[uid] = ("replace",)
            continue
        out[uid] = ("throw", "place") if "place" in printed else ("throw",)
    _PLAYABLE.insert(0, (state, player, out))
    del _PLAYABLE[4:]
    return dict(out)


def why_unplayable(s: CloutState, player: int, uid: str) -> str:
    if uid not in s.stacks[player]:
        return "that chip is not in your stack"
    chip = catalogue().chip(s.kind(uid))
    if not s.first_done[player] and chip.type != "base":
        return "your first chip must be one of your bases"
    if chip.unique:
        return f"another {chip.name} is on the area (Unique)"
    return f"{chip.name} has nothing to replace"


def _finite(*values: float | None) -> bool:
    return all(v is not None and math.isfinite(v) for v in values)


def why_not(s: CloutState, a: CloutAction) -> str:
    who = actor(s)
    if isinstance(a, Landed):
        if who != CHANCE:
            return "no chip is in the air"
        return _why_not_landed(s, a)
    if not 0 <= a.player < len(s.setup.players):
        return f"there is no player {a.player + 1} in this game" if a.player >= 0 else "there is no such player"
    if who == CHANCE:
        return "the thrown chip has not landed yet"
    if a.player != who:
        return f"it is {s.name(who)}'s decision, not {s.name(a.player)}'s" if isinstance(who, int) \
            else "nobody acts now"
    if isinstance(a, Choose):
        return _why_not_choose(s, a)
    if isinstance(a, Keep):
        return "" if s.phase == "precision" else "there is no landing to keep"
    if not s.knows(a.chip):
        return f"there is no chip {a.chip!r} in this game"
    if isinstance(a, ThrowChip):
        if not (0.0 <= a.strength <= 1.0) or not _finite(a.x, a.y):
            return "aim at a point with a strength from 0 to 1"
        minx, miny, maxx, maxy = play_area(s.setup.area).bounds_cm
        if not (minx - AIM_MARGIN_CM <= a.x <= maxx + AIM_MARGIN_CM and miny - AIM_MARGIN_CM <= a.y <= maxy + AIM_MARGIN_CM):
            return "aim at the playing area"
        if s.phase in ("throw", "precision"):
            return "" if s.ctx and a.chip == s.ctx.chip else "that is not the chip to throw"
        if s.phase != "choose":
            return "this is not the time to throw"
        ways = playable(s, a.player).get(a.chip)
        if ways is None:
            return why_unplayable(s, a.player, a.chip)
        return "" if "throw" in ways else "this chip is not thrown: it replaces one of your chips"
    if isinstance(a, PlaceChip):
        if s.phase != "choose":
            return "this is not the time to place a chip"
        ways = playable(s, a.player).get(a.chip)
        if ways is None:
            return why_unplayable(s, a.player, a.chip)
        if "place" not in ways:
            return "only a chip with Place may be placed"
        if not _finite(a.x, a.y):
            return "place the chip at a point on the area"
        b = board(s)
        pt = (a.x, a.y)
        if not wholly_inside(pt, b.area):
            return "place the chip wholly on the playing area"
        if not b.free_spot(pt):
            return "another chip is in the way there"
        if b.stopped_at(pt, a.player, a.chip):
            return "a chip with Stop reaches that spot: Place cannot be used there (throw it instead)"
        return ""
    if isinstance(a, ReplaceChip):
        if s.phase != "choose":
            return "this is not the time to replace a chip"
        ways = playable(s, a.player).get(a.chip)
        if ways is None or "replace" not in ways:
            return "only a chip with Replace may replace another" if ways is not None \
                else why_unplayable(s, a.player, a.chip)
        b = board(s)
        if a.target not in b.on or b.controller(a.target) != a.player:
            return "replace one of your own chips on the area"
        if b.stopped_at(b.pos(a.target), a.player, a.chip):
            return "a chip with Stop reaches that chip: Replace cannot be used there"
        return ""
    if isinstance(a, DiscardChip):
        if s.phase != "choose":
            return "this is not the time to discard"
        if playable(s, a.player):
            return "you can still play a chip"
        return "" if a.chip in s.stacks[a.player] else "that chip is not in your stack"
    return "unknown action"


def _why_not_landed(s: CloutState, a: Landed) -> str:
    assert s.ctx is not None
    if a.chip != s.ctx.chip:
        return "that is not the chip in the air"
    if a.draws is not None and not _finite(*a.draws):
        return "the throw's draws must be numbers"
    area = play_area(s.setup.area)
    seen = set()
    on = {c.uid for c in s.chips}
    for sp in a.spots:
        if sp.chip in seen:
            return "a chip is given twice"
        seen.add(sp.chip)
        if sp.chip != a.chip and sp.chip not in on:
            return f"chip {sp.chip!r} is not on the area"
        if not _finite(sp.x, sp.y):
            return "positions must be numbers"
        if not inside_area((sp.x, sp.y), area):
            return "a chip in play must touch the playing area"
    if a.out == (a.chip in seen):
        return "a chip that went out has no position" if a.out else "say where the thrown chip landed"
    return ""


def slot_by_id(s: CloutState, sid: int) -> Slot | None:
    return next((x for x in s.slots if x.id == sid), None)


def _why_not_choose(s: CloutState, a: Choose) -> str:
    if s.phase != "resolve":
        return "there is nothing to decide"
    slot = slot_by_id(s, a.slot)
    if slot is None:
        return "there is no such decision pending"
    if slot.decider != a.player:
        return "that decision is not yours"
    if not a.use:
        return "" if slot.optional else f"{ABILITIES[slot.ability].name} must be used"
    if slot.fixed:
        return ""
    name = slot.ability
    if name == "reanimate":
        if len(a.targets) != 2 or a.targets[0] not in slot.options or a.targets[1] not in slot.extra:
            return "choose one of your troops in range to remove and a troop from your discard stack"
        return ""
    if len(set(a.targets)) != len(a.targets) or any(t not in slot.options for t in a.targets):
        return "choose among the chips offered"
    if slot.kind == "conflict" or name not in ("command", *MULTI):
        if slot.options and len(a.targets) != 1:
            return "choose one chip"
    elif name == "command":
        if not 1 <= len(a.targets) <= slot.count:
            return f"choose 1 to {slot.count} chips (or decline)"
    else:
        need = min(slot.count, len(slot.options))
        if len(a.targets) != need:
            return f"choose {plural(need, 'chip')}"
    if slot.needs_point:
        return _why_not_point(board(s), slot, a)
    return ""


def _why_not_point(b: Board, slot: Slot, a: Choose) -> str:
    if a.x is None or a.y is None:
        return "say where the chip goes"
    if not _finite(a.x, a.y):
        return "say where the chip goes, as a point on the area"
    mover = a.targets[0] if slot.ability == "push" else slot.source
    if mover not in b.on:
        return "that chip is no longer on the area"
    pt = (a.x, a.y)
    limit = slot.value * b.increment(b.controller(slot.source))
    if math.dist(pt, b.pos(mover)) > limit + 1e-6:
        return f"that is farther than {plural(slot.value, 'range increment')}"
    if not wholly_inside(pt, b.area):
        return "the chip must end wholly on the playing area"
    if not b.free_spot(pt, (mover,)):
        return "another chip is in the way there"
    return ""
