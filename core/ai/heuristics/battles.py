"""Domination! and All-Out War!: the Easy level, and the planner Normal and Strong build on.

Every sculpt lands face up as often as any other, so a fistful's expected points are its value
(fifteen at most) and more fighters earn the +2 bonus more often. What differs is the
defender's flip: a face-down fighter from the region fought for turns face up. So:
- the attacker (who sees every fistful once chosen) attacks where the defender's fistful has
  the least to flip; a defender's fistful holds a fighter from as many of their regions as it can;
- an army holds threes and twos (six of them make fifteen points) from the regions it will
  defend: in Domination its own discs, in All-Out War (armies before counters) every region,
  and there counters go where its fistful can flip, or where the rival's could;
- a loser gives up the fighter the army misses least, a Hero claims the weakest rival's region.

The Easy level does all this but plan its defence (a covering fistful, counters placed to flip):
Easy is a beginner's level, and with that planning it was nearly Normal's equal (Normal scored
58 % against it in Domination and 46 % in All-Out War). Without it, measured this session over
300 games each: Easy beats random 97.7 % (Domination) and 98.5 % (All-Out War), and Normal
scores 66 % against it in Domination; in All-Out War the planning is worth little (51 %).
"""
from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any

from core.fistful.battle_state import (AMBUSH_FINISH, ARMY_SIZE, CHAMPION_FIGHTERS, BattleState, ChampionPick,
                                       ChooseArmy, ChooseFistful)
from core.fistful.roster import Fighter, Roster
from core.fistful.throwdown import MAX_FIGHTERS, MAX_POINTS
from core.registry import GAMES

FACE_DOWN = 0.58  # every sculpt lands face down this often (roster: back 0.40, standing 0.02)
FACE_UP = 1.0 - FACE_DOWN
PER_FIGHTER = 0.35  # what one more fighter is worth through the +2 most-face-up bonus, in points
ARMY_VALUES = (3, 2)

# Every multiset of fighter values a fistful can have, fullest first.
SHAPES: tuple[tuple[int, ...], ...] = tuple(sorted(
    {tuple(sorted(c, reverse=True)) for n in range(1, MAX_FIGHTERS + 1)
     for c in itertools.combinations_with_replacement((4, 3, 2, 1), n) if sum(c) <= MAX_POINTS},
    key=lambda s: (-(FACE_UP * sum(s) + PER_FIGHTER * len(s)), -max(s))))


_FACTS: dict[int, tuple[Roster, dict[Fighter, int], dict[Fighter, str]]] = {}


def _facts(roster: Roster) -> tuple[dict[Fighter, int], dict[Fighter, str]]:
    """Each fighter's value and region, looked up once (playouts ask thousands of times)."""
    known = _FACTS.get(id(roster))
    if known is None or known[0] is not roster:
        known = _FACTS[id(roster)] = (roster, {f: roster.value(f) for f in roster.fighters},
                                      {f: roster.region(f) for f in roster.fighters})
    return known[1], known[2]


def _gain(values: Sequence[int]) -> float:
    """The expected flip from these fighters of one region: the best of those landing face down."""
    gain, none_yet = 0.0, 1.0
    for v in sorted(values, reverse=True):
        gain += none_yet * FACE_DOWN * v
        none_yet *= FACE_UP
    return gain


def flip_gain(roster: Roster, fighters: Sequence[Fighter], region: str) -> float:
    """The defender's expected flip in `region` with this fistful, in points."""
    value, where = _facts(roster)
    return _gain([value.get(f) or roster.value(f) for f in fighters if (where.get(f) or roster.region(f)) == region])


def strength(roster: Roster, fighters: Sequence[Fighter]) -> float:
    value = _facts(roster)[0]
    return FACE_UP * sum(value.get(f) or roster.value(f) for f in fighters) + PER_FIGHTER * len(fighters)


def cover(roster: Roster, fighters: Sequence[Fighter], regions: Sequence[str]) -> float:
    """How well a defender's fistful covers its regions: the attacker picks the worst one."""
    if not regions:
        return 0.0
    value, where = _facts(roster)
    by_region: dict[str, list[int]] = {}
    for f in fighters:
        by_region.setdefault(where.get(f) or roster.region(f), []).append(value.get(f) or roster.value(f))
    gains = [_gain(by_region[r]) if r in by_region else 0.0 for r in regions]
    return 0.7 * min(gains) + 0.3 * sum(gains) / len(gains)


_NEEDS = tuple(tuple(sorted({v: shape.count(v) for v in shape}.items())) for shape in SHAPES)


def best_fistful(roster: Roster, army: Sequence[Fighter], defend: Sequence[str],
                 rng: random.Random, tries: int = 6) -> tuple[Fighter, ...]:
    """The strongest fistful the army allows; a defender's covers its regions best among the
    `tries` strongest shapes (a weaker shape wins only by covering more)."""
    value, where = _facts(roster)
    pool = list(army)
    rng.shuffle(pool)
    by_value: dict[int, list[Fighter]] = {}
    for f in pool:
        by_value.setdefault(value[f], []).append(f)
    counts = {v: len(fs) for v, fs in by_value.items()}
    best: tuple[Fighter, ...] = ()
    best_score = -1.0
    tried = 0
    wanted = set(defend)
    for shape, need in zip(SHAPES, _NEEDS):
        if any(counts.get(v, 0) < k for v, k in need):
            continue
        chosen: list[Fighter] = []
        covered: set[str] = set()
        for v in shape:
            options = [f for f in by_value[v] if f not in chosen]
            pick = next((f for f in options if where[f] in wanted and where[f] not in covered), options[0])
            chosen.append(pick)
            covered.add(where[pick])
        if not defend:
            return tuple(chosen)
        score = strength(roster, chosen) + cover(roster, chosen, defend)
        if score > best_score:
            best, best_score = tuple(chosen), score
        tried += 1
        if tried >= tries:
            break
    return best


def army_for(roster: Roster, regions: Sequence[str], rng: random.Random) -> tuple[Fighter, ...]:
    """Threes and twos from these regions in turn (others fill any gap), so fistfuls can cover them."""
    by_region: dict[tuple[str, int], list[Fighter]] = {}
    for f in roster.fighters:
        by_region.setdefault((roster.region(f), roster.value(f)), []).append(f)
    for fs in by_region.values():
        rng.shuffle(fs)
    order = list(regions)
    chosen: list[Fighter] = []
    for round_ in range(6):
        for i, r in enumerate(order):
            value = ARMY_VALUES[(i + round_) % 2]
            left = [f for f in by_region.get((r, value), []) if f not in chosen]
            if left and len(chosen) < ARMY_SIZE:
                chosen.append(left[0])
    rest = [f for f in roster.fighters if roster.value(f) in ARMY_VALUES and f not in chosen]
    rng.shuffle(rest)
    return tuple(chosen + rest[:ARMY_SIZE - len(chosen)])


def defends(state: BattleState, seat: int) -> bool:
    """Whether the seat may have to defend in the next battle (the attacker's own fistful never flips)."""
    if state.variant == "all-out-war" and not state.history:
        return True
    return state.attacker != seat or state.players > 2


def make(game_id: str, plans_defence: bool = True) -> Callable[[BattleState, int, random.Random], Any]:
    """The player. Without `plans_defence` (the Easy level) a fistful is the strongest shape
    whatever regions the seat holds, and All-Out War's counters go anywhere: the attacker then
    finds a region with nothing to flip."""
    game = GAMES[game_id]
    roster: Roster = game.roster

    def open_owned(state: BattleState, seat: int) -> list[str]:
        return [r for r, o, c in zip(state.regions, state.owner, state.closed) if o == seat and not c]

    def fistful(view: BattleState, seat: int, rng: random.Random) -> ChooseFistful:
        army = view.armies[seat]
        if view.phase == "reselect" and game._winner_keeps(view, seat):
            fighters = view.fistfuls[seat]
        else:
            regions = open_owned(view, seat)
            if view.variant == "all-out-war" and view.phase == "fistful":
                regions = list(view.regions)  # counters come after fistfuls: spread it, they follow
            fighters = best_fistful(roster, army, regions if plans_defence and defends(view, seat) else [], rng)
        extra = None
        if view.ambush_right[seat]:
            shadows = [f for f in army if f.finish == AMBUSH_FINISH and f not in fighters]
            extra = max(shadows, key=roster.value) if shadows else None
        return ChooseFistful(seat, tuple(fighters), extra)

    def remove_cost(view: BattleState, seat: int, fighter: Fighter, rng: random.Random) -> float:
        army = [f for f in view.armies[seat] if f != fighter]
        regions = open_owned(view, seat)
        kept = best_fistful(roster, army, regions, rng)
        return -(strength(roster, kept) + cover(roster, kept, regions)) + 0.01 * roster.value(fighter)

    def choose(view: BattleState, seat: int, rng: random.Random) -> Any:
        phase = view.phase
        if phase == "army":
            regions = open_owned(view, seat) if view.variant == "domination" else list(view.regions)
            if view.variant == "all-out-war":
                rng.shuffle(regions)
            return ChooseArmy(seat, army_for(roster, regions, rng))
        if phase in ("fistful", "reselect"):
            return fistful(view, seat, rng)
        if phase == "champion_pick":
            army = sorted(view.armies[seat], key=lambda f: (-roster.value(f), roster.sculpt(f).back))
            return ChampionPick(seat, tuple(army[:CHAMPION_FIGHTERS]))
        legal = [a for a in game.legal_actions(view) or [] if getattr(a, "player", seat) == seat]
        if phase == "claim":
            if view.variant == "domination" or not plans_defence:
                return rng.choice(legal)
            mine = view.fistfuls[seat]
            rivals = [f for p in range(view.players) if p != seat for f in view.fistfuls[p]]
            return max(legal, key=lambda a: (flip_gain(roster, mine, a.region)
                                             + 0.5 * flip_gain(roster, rivals, a.region), rng.random()))
        if phase == "flip":
            flips = [a for a in legal if a.fighter is not None]
            return max(flips, key=lambda a: roster.value(a.fighter)) if flips else legal[0]
        if phase == "hero_claim":
            claims = [a for a in legal if a.region is not None]
            if not claims:
                return legal[0]
            return min(claims, key=lambda a: (len(view.owned(view.owner[view.index(a.region)])), rng.random()))
        if phase == "remove":
            return min(legal, key=lambda a: (remove_cost(view, seat, a.fighter, rng), rng.random()))
        if phase == "champion_remove":
            return min(legal, key=lambda a: (roster.value(a.fighter), rng.random()))
        if phase == "attack":
            if view.variant == "all-out-war" and not view.history:
                return max(legal, key=lambda a: (flip_gain(roster, view.thrown(seat), a.region), rng.random()))

            def risk(region: str) -> tuple[float, int, float]:
                owner = view.owner[view.index(region)]
                assert owner is not None
                return (flip_gain(roster, view.thrown(owner), region), len(view.owned(owner)), rng.random())
            return min(legal, key=lambda a: risk(a.region))
        return rng.choice(legal)

    return choose


# Normal and Strong play the rest of the game as the planner does (core.ai.knowledge.battles).
PLANNERS = {"domination": make("domination"), "all-out-war": make("all-out-war")}
HEURISTICS = {g: make(g, plans_defence=False) for g in PLANNERS}
