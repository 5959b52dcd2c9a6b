"""What Normal and Strong know of Clout Fantasy beyond its rules.

A throw is a continuous choice and a tree over it spends its budget on aims nobody would take,
so Normal and Strong start from the Easy player's judgement (its best play of each chip, by the
scatter model) and weigh its best few plays, and a second aim for the best chips, by playing
them through the real rules (the seeded landing, the physics, every ability:
core/ai/clout_weigh.py) to the end of the turn; Strong weighs more plays over more landings and
plays on into the rival's turn when the rival has an attack to make (its best one), so a chip
left where the rival's stack can take it is seen taken. A playout answers every decision
greedily; the table is then judged by the clout lead, counting the points still in each stack,
since most of them will land.
"""
from __future__ import annotations

import math
import random
from typing import Any

import msgspec

from core.ai.heuristics import clout as easy
from core.ai.knowledge import Knowledge, Why, within
from core.ai import clout_weigh
from core.clout.game import GAME, Choose, CloutSetup, CloutState, DiscardChip, Keep, PlaceChip, ThrowChip
from core.clout.abilities import Board
from core.clout.geometry import CHIP_DIAMETER_CM
from core.clout.policy import sample_chance
from core.clout.resolution import board
from core.clout.scoring import score_board
from core.clout.stacks import ready_stacks
from core.clout.validation import actor, playable, why_not

SOFT = easy.SOFT
LEAD_SCALE = 3.0  # clout points of lead that make a win about 3 in 4
STACK_SHARE = 0.85  # a stack chip's points count this much: most chips land and score
EXPOSURE = 0.5  # share of the thickest cluster a rival's poison or bomb is expected to take
ATTACKS = easy.ATTACKS
NORMAL_PLAYS, STRONG_PLAYS = 6, 10  # the Easy player's best plays of this many chips are weighed
NORMAL_TURNS, STRONG_TURNS = 0, 1  # rival turns played on (its best attack only) after the decision's own
SECOND_AIMS = 2  # a second aim for the Easy player's best chips
MARGIN = 0.01  # win chance by which another option must beat the Easy player's to be taken


def evaluate(state: CloutState) -> list[float]:
    """Each seat's chance of winning from the clout lead, counting the points still in stacks."""
    n = len(state.setup.players)
    if state.result is not None:
        from core.ai.ismcts import rewards
        return rewards(state.result)
    b = board(state)
    totals = [0.0] * n
    for s in score_board(b, None):
        totals[s.player] += s.total
    for p in range(n):
        totals[p] += STACK_SHARE * sum(b.cat.chip(state.kind(u)).points for u in state.stacks[p])
        totals[p] -= EXPOSURE * exposure(state, b, p)
    if n != 2:
        best = max(totals)
        return [1.0 if t == best else 0.0 for t in totals]
    d = (totals[0] - totals[1]) / LEAD_SCALE
    p0 = 1.0 / (1.0 + math.exp(-d))
    return [p0, 1.0 - p0]


def exposure(state: CloutState, b: Board, p: int) -> float:
    """What one poison or bomb still in a rival's stack could take from `p` in one landing: the
    worth of `p`'s troops it would reach, at their thickest cluster (0 if no rival holds one)."""
    reach = 0.0
    for q, stack in enumerate(state.stacks):
        if q == p:
            continue
        for u in stack:
            chip = b.cat.chip(state.kind(u))
            if chip.has("poison") or chip.has("bomb"):
                reach = max(reach, chip.range * b.increment(q) + CHIP_DIAMETER_CM)
    if reach == 0.0:
        return 0.0
    troops = [(b.pos(u), easy.chip_worth(b, u)) for u in b.on
              if b.controller(u) == p and b.chip(u).type == "troop" and not b.immune(u, "poison")]
    return max((sum(w for q, w in troops if math.dist(q, here) <= reach) for here, _ in troops), default=0.0)


def _aim_near(state: CloutState, seat: int, target: tuple[float, float], gap: float,
              rng: random.Random) -> tuple[float, float, float]:
    """A soft throw landing `gap` cm short of `target` (seen from the thrower), a little jittered."""
    ox, oy = GAME.throw_origin(state, seat)
    ang = math.atan2(oy - target[1], ox - target[0]) + rng.uniform(-0.6, 0.6)
    minx, miny, maxx, maxy = GAME.area(state).bounds_cm
    x = min(maxx - 3, max(minx + 3, target[0] + gap * math.cos(ang)))
    y = min(maxy - 3, max(miny + 3, target[1] + gap * math.sin(ang)))
    return (x, y, SOFT)


def _spots(state: CloutState, seat: int, uid: str, rng: random.Random, k: int) -> list[tuple[float, float, float]]:
    """Up to `k` aims for `uid` at the chips worth reaching, by simple rules (no scoring)."""
    b = board(state)
    chip = b.cat.chip(state.kind(uid))
    inc = b.increment(seat)
    gap = CHIP_DIAMETER_CM + chip.range * inc * 0.45
    names = {a.name for a in chip.abilities}
    rivals = [u for u in b.on if b.controller(u) != seat and b.chip(u).type != "action"]
    mine = [u for u in b.on if b.controller(u) == seat and b.chip(u).type != "action"]
    aims: list[tuple[float, float, float]] = []
    if names & {"strike", "siege", "bomb", "poison", "trap", "possess", "repulse"}:
        value = max((a.value or 0) for a in chip.abilities if a.name in ATTACKS) if names & set(ATTACKS) else 99
        want = "troop" if "siege" not in names else None
        prey = [u for u in rivals if (want is None or b.chip(u).type == want or "siege" in names)
                and (b.defense(u) <= value)]
        prey.sort(key=lambda u: -easy.chip_worth(b, u))
        aims += [_aim_near(state, seat, b.pos(u), gap, rng) for u in prey[:k]]
    bases = [u for u in mine if b.chip(u).type == "base"]
    if chip.type == "base":
        anchors = sorted(mine, key=lambda u: -len([o for o in mine if math.dist(b.pos(o), b.pos(u)) < 15]))
        aims += [_aim_near(state, seat, b.pos(u), CHIP_DIAMETER_CM + inc, rng) for u in anchors[:2]]
    else:
        for u in rng.sample(bases, min(2, len(bases))):
            aims.append(_aim_near(state, seat, b.pos(u), CHIP_DIAMETER_CM + b.chip(u).range * inc * 0.6, rng))
    minx, miny, maxx, maxy = GAME.area(state).bounds_cm
    while len(aims) < k:
        aims.append((rng.uniform(minx + 15, maxx - 15), rng.uniform(miny + 15, maxy - 15), SOFT))
    return aims[:k]


def _answers(state: CloutState, seat: int, rng: random.Random) -> list[Any]:
    """The discrete answers worth weighing for the seat's pending decision."""
    slot = next(x for x in state.slots if x.decider == seat)
    out: list[Any] = [easy.answer(state, seat, rng)]
    if slot.optional:
        out.append(Choose(seat, slot.id, False))
    if slot.fixed:
        out.append(Choose(seat, slot.id, True))
    elif not slot.needs_point and slot.ability != "reanimate" and (slot.count == 1 or slot.kind == "conflict"):
        out += [Choose(seat, slot.id, True, (t,)) for t in slot.options[:6]]
    else:
        out += [GAME.random_action(state, rng) for _ in range(3)]
    unique: dict[Any, Any] = {}
    for a in out:
        if not why_not(state, a):
            unique.setdefault(a, a)
    return list(unique.values())


def playout(state: CloutState, rng: random.Random) -> Any:
    """A quick action for whoever acts: greedy answers, keep landings, throws by simple rules."""
    if state.phase == "land":
        return sample_chance(state, rng)
    p = actor(state)
    assert isinstance(p, int)
    if state.phase == "precision":
        return Keep(p)
    if state.phase == "throw":
        assert state.ctx is not None
        x, y, st = _spots(state, p, state.ctx.chip, rng, 1)[0]
        return ThrowChip(p, state.ctx.chip, x, y, st)
    if state.phase == "resolve":
        return easy.answer(state, p, rng)
    ways = playable(state, p)
    if not ways:
        return DiscardChip(p, state.stacks[p][0])
    uid, target = _greedy_pick(state, p, ways, rng)
    if "replace" in ways[uid]:
        return GAME.random_action(state, rng)
    if target is None:
        x, y, st = _spots(state, p, uid, rng, 1)[0]
    else:
        b = board(state)
        x, y, st = _aim_near(state, p, target, CHIP_DIAMETER_CM + b.cat.chip(state.kind(uid)).range
                             * b.increment(p) * 0.45, rng)
    return ThrowChip(p, uid, x, y, st)


def _greedy_pick(state: CloutState, p: int, ways: dict[str, tuple[str, ...]],
                 rng: random.Random) -> tuple[str, tuple[float, float] | None]:
    """A playout's chip and where it goes: mostly its best attack (`_best_attack`), else a random
    chip aimed by simple rules. Playouts so meet a rival that punishes chips thrown where its
    stack can reach them."""
    best = _best_attack(state, p, ways)
    if best is None or rng.random() < 0.2:
        return rng.choice(sorted(ways)), None
    return best


def _best_attack(state: CloutState, p: int,
                 ways: dict[str, tuple[str, ...]]) -> tuple[str, tuple[float, float]] | None:
    """The chip of `p`'s that does the most harm and where: the rival chip its attack beats, or
    the rival cluster its poison or bomb reaches (None when no chip harms anything)."""
    b = board(state)
    inc = b.increment(p)
    rivals = [u for u in b.on if b.controller(u) != p and b.chip(u).type == "troop"]
    hittable = [u for u in b.on if b.controller(u) != p and b.chip(u).type != "action"]
    best: tuple[float, str | None, tuple[float, float] | None] = (0.0, None, None)
    seen: set[str] = set()
    for uid in sorted(ways):
        kind = state.kind(uid)
        if kind in seen or "replace" in ways[uid]:
            continue
        seen.add(kind)
        chip = b.cat.chip(kind)
        for a in chip.abilities:
            if a.name in ATTACKS:
                types = ("troop",) if a.name == "strike" else ("base", "relic")
                for t in hittable:
                    if b.chip(t).type in types and not b.immune(t, a.name) and b.defense(t) <= (a.value or 0):
                        gain = easy.chip_worth(b, t)
                        if gain > best[0]:
                            best = (gain, uid, b.pos(t))
            elif a.name in ("poison", "bomb"):
                reach = chip.range * inc + CHIP_DIAMETER_CM
                for t in rivals:
                    here = b.pos(t)
                    gain = sum(easy.chip_worth(b, o) for o in rivals if math.dist(b.pos(o), here) <= reach)
                    gain -= chip.points if a.name == "bomb" else 0.0
                    if gain > best[0]:
                        best = (gain, uid, here)
    if best[1] is None or best[2] is None:
        return None
    return best[1], best[2]


def punish(state: CloutState, rng: random.Random) -> Any:
    """The turn's player's best attack on the table as it stands, aimed by simple rules, or None
    when none of its chips harms anything (Strong then judges the table before that turn)."""
    p = actor(state)
    assert isinstance(p, int)
    ways = playable(state, p)
    best = _best_attack(state, p, ways) if ways else None
    if best is None:
        return None
    uid, target = best
    b = board(state)
    x, y, st = _aim_near(state, p, target, CHIP_DIAMETER_CM + b.cat.chip(state.kind(uid)).range
                         * b.increment(p) * 0.45, rng)
    return ThrowChip(p, uid, x, y, st)


def explain(view: CloutState, seat: int, action: Any, rng: random.Random | None = None) -> Why:
    """For a throw: the chips it aims to reach (rival chips it may attack, else own bases whose
    range it seeks) and the chance, by the scatter model, of resting within reach of them all."""
    if not isinstance(action, (ThrowChip, PlaceChip)):
        return Why()
    uid = action.chip
    strength = action.strength if isinstance(action, ThrowChip) else 0.0
    pred = GAME.predict_throw(view, seat, action.x, action.y, strength)
    spot = pred.centre_cm if isinstance(action, ThrowChip) else (action.x, action.y)
    _value, aimed = easy.spot_value(view, seat, uid, spot)
    b = board(view)
    if not aimed:
        placed = board(easy._with_chip(view, uid, spot))
        aimed = [u for u in placed.bases() if u != uid and placed.controller(u) == seat and placed.within(u, uid)]
        if b.cat.chip(view.kind(uid)).type == "base":
            aimed = [u for u in placed.in_range_of(uid) if placed.controller(u) == seat]
    aimed = [u for u in aimed if u in b.on]
    if isinstance(action, PlaceChip):
        chance = 1.0
    elif aimed:
        chance = easy.reach_chance(view, seat, uid, (action.x, action.y, strength), aimed)
    else:
        chance = 1.0 if GAME.leaving(view, pred) == "" else 0.5 if GAME.leaving(view, pred) == "possible" else 0.0
    return Why(numbers=(("reach_chance", round(chance, 3)),), chips=tuple(aimed))



def decide(view: CloutState, seat: int, rng: random.Random, level: str) -> Any:
    """Normal and Strong: the Easy player's choice, swapped for a better one found by playing the
    options out (core.ai.clout_weigh)."""
    from core.ai.ismcts import budget
    runs = budget("clout", level)
    plays, turns = (NORMAL_PLAYS, NORMAL_TURNS) if level == "normal" else (STRONG_PLAYS, STRONG_TURNS)
    if view.phase == "choose":
        if not playable(view, seat):
            return easy.choose_chip(view, seat, rng)
        ranked = [a for _g, a in easy.ranked_plays(view, seat, random.Random(rng.random()))]
        extra = [ThrowChip(seat, a.chip, *_spots(view, seat, a.chip, rng, 1)[0])
                 for a in ranked[:SECOND_AIMS] if isinstance(a, ThrowChip)]
        first, others = ranked[0], ranked[1:plays] + extra
    elif view.phase in ("throw", "precision"):
        first = easy.rethrow(view, seat, rng)
        assert view.ctx is not None
        aims = [ThrowChip(seat, view.ctx.chip, x, y, st) for x, y, st in _spots(view, seat, view.ctx.chip, rng, 3)]
        others = clout_weigh.keep_or_throw(view, seat, first, aims)
    else:
        first, others = easy.answer(view, seat, rng), _answers(view, seat, rng)
    return clout_weigh.pick(view, seat, rng, first, others, runs, turns, MARGIN, playout, evaluate, punish)


def measured_setup(game: int, players: int = 2) -> CloutSetup:
    """The setup the computer players' strength is measured on: both seats play the same ready
    stack, each stack for two games running so seats alternate on it, the stacks in turn.

    The default stacks decide the game between players of equal skill (Undead against Elves:
    Easy against Easy, Undead won 19 of 20 from either seat; Normal against Easy, the Undead
    side won all of 30 games), so a measure on them shows only whose turn it was to be Undead."""
    stacks = sorted(ready_stacks())
    stack = stacks[(game // 2) % len(stacks)]
    return msgspec.structs.replace(GAME.default_setup(players), stacks=(stack,) * players)


def alike(played: Any, advised: Any) -> bool:
    """A throw of the same chip aimed within 3 cm, as hard give or take a tenth, is the same choice
    (its scatter is wider than that); a chip placed within 2 cm likewise."""
    if isinstance(played, ThrowChip):
        return within(played, advised, 3.0, strength=0.1)
    if isinstance(played, PlaceChip):
        return within(played, advised, 2.0)
    return played == advised


# `iterations` are the runs (determinisations, each with its landing draws) per weighed option.
KNOWLEDGE = {"clout": Knowledge(playout=playout, evaluate=evaluate, explain=explain, iterations=(8, 24),
                                decide=decide, measured_setup=measured_setup, alike=alike)}
