"""A full Clout Fantasy state drawn consistently with one seat's view, for the computer's search.

What a seat cannot see: which chips are still in a rival's stack (their kinds read "" in the
view), and, for a rival playing an own-built stack, that stack's chips in the setup. Everything
else (chips on the area, discards, the chip being thrown) is shown.

A ready stack's chips are public (its id is in the setup), so the hidden ones are exactly the
stack's chips less those seen. Their order among the hidden uids is drawn at random: a uid says
nothing a player at the table could see. An own-built stack's unseen chips are drawn from the
catalogue so that the stack keeps the construction rules where it can (one faction with the
chips seen, at most three copies, a Unique once, two neutrals, two bases, 25 points); when no
draw keeps them all, from the chips the seen ones' faction may hold.

`redact` blanks a rival's chip named by an action while that chip is still hidden now.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

import msgspec

from core.clout.catalogue import NEUTRAL, Catalogue, default_catalogue
from core.clout.stacks import BASES, MAX_COPIES, MAX_NEUTRAL, MAX_STACK_POINTS, Stack, ready_stacks
from core.clout.state import CloutState, owner, rep

HIDDEN = ""
DRAW_TRIES = 30


def hidden_uids(view: CloutState, player: int) -> list[str]:
    """The player's uids whose kind the view hides."""
    return [f"{player}.{k}" for k, c in enumerate(view.kinds[player]) if c == HIDDEN]


def _ready_rest(view: CloutState, p: int) -> list[str] | None:
    """A ready stack's chips less the ones the view shows (None: an own-built stack)."""
    customs = view.setup.custom_stacks
    if p < len(customs) and customs[p] is not None:
        return None
    key = view.setup.stacks[p] if p < len(view.setup.stacks) else ""
    stack = ready_stacks().get(key)
    if stack is None:
        return None
    rest = Counter(stack.chips)
    rest.subtract(c for c in view.kinds[p] if c != HIDDEN)
    out = list(rest.elements())
    return out if len(out) == view.kinds[p].count(HIDDEN) else None


def _fits(chosen: Counter[str], cid: str, cat: Catalogue, points: int, bases_left: int, slots: int) -> bool:
    chip = cat.chips[cid]
    limit = 1 if chip.unique else MAX_COPIES
    if chosen[cid] >= limit:
        return False
    if chip.faction == NEUTRAL and sum(k for c, k in chosen.items() if cat.chips[c].faction == NEUTRAL) >= MAX_NEUTRAL:
        return False
    if points + chip.points > MAX_STACK_POINTS:
        return False
    is_base = chip.type == "base"
    if is_base and bases_left <= 0:
        return False
    return is_base or slots - 1 >= bases_left  # room must stay for the bases still owed


def _custom_rest(view: CloutState, p: int, rng: random.Random, cat: Catalogue) -> list[str]:
    """Unseen chips of an own-built stack, drawn to keep the construction rules where possible."""
    seen = [c for c in view.kinds[p] if c != HIDDEN]
    need = view.kinds[p].count(HIDDEN)
    factions = {cat.chips[c].faction for c in seen if c in cat.chips} - {NEUTRAL}
    if not factions:
        factions = {rng.choice(sorted({c.faction for c in cat.chips.values()} - {NEUTRAL}))}
    pool = [cid for cid, c in cat.chips.items() if c.faction in factions or c.faction == NEUTRAL]
    for _ in range(DRAW_TRIES):
        chosen = Counter(seen)
        points = sum(cat.chips[c].points for c in seen if c in cat.chips)
        bases_left = BASES - sum(1 for c in seen if c in cat.chips and cat.chips[c].type == "base")
        drawn: list[str] = []
        for slots in range(need, 0, -1):
            options = [c for c in pool if _fits(chosen, c, cat, points, bases_left, slots)]
            if bases_left >= slots:
                options = [c for c in options if cat.chips[c].type == "base"]
            if not options:
                break
            cid = rng.choice(options)
            drawn.append(cid)
            chosen[cid] += 1
            points += cat.chips[cid].points
            bases_left -= cat.chips[cid].type == "base"
        if len(drawn) == need:
            return drawn
    loose = [c for c in pool if not cat.chips[c].unique or c not in seen] or pool
    return [rng.choice(loose) for _ in range(need)]


def determinize(view: CloutState, seat: int, rng: random.Random) -> CloutState:
    """The view with every hidden chip kind filled in (the seat's own are all shown)."""
    if view.phase == "over" or not any(HIDDEN in ks for ks in view.kinds):
        return view
    cat = default_catalogue()
    kinds = list(view.kinds)
    customs = list(view.setup.custom_stacks)
    for p, ks in enumerate(view.kinds):
        if HIDDEN not in ks:
            continue
        rest = _ready_rest(view, p)
        if rest is None:
            rest = _custom_rest(view, p, rng, cat)
        rng.shuffle(rest)
        fill = iter(rest)
        kinds[p] = tuple(next(fill) if c == HIDDEN else c for c in ks)
        if p < len(customs) and customs[p] is not None:
            customs[p] = Stack(customs[p].name, kinds[p])
    setup = msgspec.structs.replace(view.setup, custom_stacks=tuple(customs))
    return rep(view, kinds=tuple(kinds), setup=setup)


def hidden_from(state: CloutState, seat: int, uid: str) -> bool:
    """Whether `seat` cannot see the kind of `uid` in `state` (as `CloutGame.view` hides it)."""
    p = owner(uid)
    if p == seat or p in state.revealed or state.phase == "over":
        return False
    if state.ctx is not None and state.ctx.chip == uid:
        return False
    return uid in state.stacks[p]


def redact(action: Any, seat: int, now: CloutState) -> Any:
    """The action with a rival chip it names blanked while that chip's kind is still hidden."""
    chip = getattr(action, "chip", None)
    if isinstance(chip, str) and now.knows(chip) and hidden_from(now, seat, chip):
        return msgspec.structs.replace(action, chip=HIDDEN)
    return action
