"""Domination! and All-Out War!, Normal and Strong: each battle's odds weighed, not a tree searched.

Every sculpt lands face up on the same odds, so what a choice changes is the coming battle:
which fistful meets which, and whether the defender can flip a fighter from the region fought
for. Those odds are sampled in bulk (core.ai.knowledge.battle_odds), and the choices are made
on them: a fistful is the candidate (the fullest value shapes, covering the seat's regions or
not) with the best chance in the battle the attacker will choose, against rivals' fistfuls as
the view shows them or as determinisations draw them; an attack goes where the attacker's
chance is best. A tree search over these long games (a hundred moves) learnt less in a second
than the planner knows (measured: Normal 40-50 % against the planner over 20 games), so the rest
is the planner's (core.ai.heuristics.battles; Easy is the planner without its defence):
All-Out War's first fistful
(no region is held yet; it is spread so the counters can follow it), counters, flips and the
Ultimate Champion fight (which cannot change the winner), and a loser's removal: giving up the
fighter whose loss leaves the best fistful for the coming battle scored 46 % against the planner in
both games (300 games each, seed 11, where the planner against itself scored 52-53 %), so its removal
stays. Domination's army is eight fours and seven ones from the seat's own discs: a level
Domination total goes to the best face-up fighter, so four-four-four-one-one-one beats the planner's
three-three-three-two-two-two in 52.5 % of battles, and a loser gives up ones while more than
three are left, fours after, so the full fistful lasts nine defeats. With the planner's other choices it
scored 57.7 % against the planner over 600 games (seed 0, seats alternating; four fours and ones mixes
scored 54-59 %, the planner's own army 50 %), and with Normal's 59 % over 400 (`battlebox selfplay`,
seeds 1 and 2: 62 % and 56 %); All-Out War, where a level total wins nothing, gained
nothing from it (50-53 %, 600 games). All-Out War's army is fifteen threes (AOW_ARMY).
Strong samples more throws, more determinisations and more shapes, and in All-Out War it plays
another army, whose fistfuls beat five threes in a battle (STRONG_ARMIES). `evaluate` and `playout`
serve the search's hooks and the hint's win chance.
"""
from __future__ import annotations

import random
from typing import Any

import msgspec
import numpy as np

from core.ai.heuristics.battles import PLANNERS, SHAPES, best_fistful, defends
from core.ai.flat import weigh
from core.ai.knowledge import Knowledge, Why
from core.ai.knowledge.battle_odds import win_chances
from core.fistful import battle_secrets
from core.fistful.battle_secrets import keeper
from core.fistful.battle_state import (AMBUSH_FINISH, ARMY_SIZE, BattleState, ChampionPick, ChooseArmy,
                                       ChooseFistful, Remove, replace_at)
from core.fistful.roster import Fighter
from core.game import actor_players
from core.registry import GAMES

SAMPLES = (500, 2500)  # throws sampled per battle weighed (normal, strong), two-player games
WORLDS = (2, 4)  # determinisations of rivals' hidden fistfuls
SHAPE_CANDIDATES = (10, 20)  # value shapes tried for a fistful
PLAYOUT_DEPTH = 24  # moves: three or four battles
EXPLAIN_PLAYOUTS = 24
REVIEW_PLAYOUTS, REVIEW_SAMPLES = 96, 2000  # a review's two moves, weighed alike (explain_all)
ARMY_WEIGHT = 0.25  # one fighter left in the army against one region held
SHARPNESS = 2.0
DOMINATION_ARMY = ((4, 8), (1, 7))  # (value, how many): fistfuls of 4-4-4-1-1-1
# All-Out War's army is fifteen threes, spread over the regions: every fistful is 3-3-3-3-3 (as
# strong as 3-3-3-2-2-2 and tied half as often), every fighter covering a region flips for three,
# and whichever face-down fighter a loser gives up, the fistful keeps its fifteen points until
# five fighters are left (threes and twos lose points whenever only threes land face down). Against
# Easy over 1000 games each (seeds 0, 31, 7, 13): 56.0, 55.9, 57.6 and 57.4 % where the planner's
# threes and twos scored 53.9, 53.7, 49.6 and 54.3 %; ties fell from 10 % of battles to 6 %, and
# Normal's attacks on a region with nothing to flip won 49 % instead of 44 %. Any other value in
# it did worse (seeds 31 and 7): two twos 51-53 %, three ones 49-53 %, three fours 50-51 %.
# Its price: against random, 96.7 % of 1000 games (seed 0) where threes and twos won 98.5 %.
AOW_ARMY = ((3, ARMY_SIZE),)
ARMIES = {"domination": DOMINATION_ARMY, "all-out-war": AOW_ARMY}
# Strong's All-Out War army makes fistfuls of 4-3-3-3-1-1 and comes from eight regions only, two
# fighters or so in each, so its fistfuls (and the counters that follow them) can still cover its
# regions after losses. Fistful shapes are not transitive: counted exactly, 4-3-3-3-1-1 beats
# Normal's five threes by the most of any full fistful (8.4 points of wins minus losses) and trails
# none by more than 0.7. Against Normal: 62.25 % of 6000 games on seeds 71-76; the armies tried
# are in docs/computer-players.md.
STRONG_ARMIES = {"all-out-war": (((4, 3), (3, 8), (1, 4)), 8)}  # (value, how many), regions
# All-Out War's fistfuls are the planner's: weighing each for the coming battle scored 44 % against
# Easy (97 games), the planner's with Normal's attacks 57 % (400 games, seeds 21 and 23). The
# first fistful comes before any region is held, so it is spread for the counters to follow.
FISTFULS_WEIGHED = ("domination",)
SENSIBLE_SHARE = 0.5  # how often a rival's hidden choice is drawn as the planner makes it


def army_of(roster: Any, counts: tuple[tuple[int, int], ...], regions: list[str],
            rng: random.Random) -> tuple[Fighter, ...]:
    """`counts` fighters of each value, taken from `regions` in turn (then from any other), so
    the fistfuls can hold a fighter from each region the seat defends."""
    chosen: list[Fighter] = []
    for value, count in counts:
        pool = [f for f in roster.fighters if roster.value(f) == value]
        rng.shuffle(pool)
        by_region: dict[str, list[Fighter]] = {}
        for f in pool:
            by_region.setdefault(roster.region(f), []).append(f)
        order = [r for r in regions if r in by_region] + [r for r in by_region if r not in regions]
        got: list[Fighter] = []
        while len(got) < count:
            for r in order:
                if by_region[r] and len(got) < count:
                    got.append(by_region[r].pop())
        chosen += got
    assert len(chosen) == ARMY_SIZE
    return tuple(chosen)


def balanced_army(roster: Any, counts: tuple[tuple[int, int], ...], regions: list[str],
                  rng: random.Random) -> tuple[Fighter, ...]:
    """`counts` fighters of each value, each from the one of `regions` that has fewest in the army
    so far: a few regions, each with fighters to spare for the fistfuls that cover it."""
    chosen: list[Fighter] = []
    held = dict.fromkeys(regions, 0)
    for value, count in counts:
        pool = [f for f in roster.fighters if roster.value(f) == value and roster.region(f) in held]
        rng.shuffle(pool)
        for _ in range(count):
            pick = min(pool, key=lambda f: held[roster.region(f)])
            pool.remove(pick)
            held[roster.region(pick)] += 1
            chosen.append(pick)
    assert len(chosen) == ARMY_SIZE
    return tuple(chosen)


def evaluate(state: BattleState) -> list[float]:
    """Each seat's expected reward where a playout stops: the placing it would earn against each
    rival if strength (regions held, a quarter of a region per fighter left) decided it."""
    if state.result is not None:
        from core.ai.ismcts import rewards  # the search imports this package's hooks

        return rewards(state.result)
    strengths = [0.0 if state.out[p] else
                 (len(state.owned(p)) + ARMY_WEIGHT * len(state.armies[p])) ** SHARPNESS
                 for p in range(state.players)]
    n = state.players
    out = []
    for p in range(n):
        share = 0.0
        for o in range(n):
            if o != p:
                total = strengths[p] + strengths[o]
                share += 0.5 if total == 0 else strengths[p] / total
        out.append(share / (n - 1))
    return out


def _owned_open(state: BattleState, seat: int) -> list[str]:
    return [r for r, o, c in zip(state.regions, state.owner, state.closed) if o == seat and not c]


def make(game_id: str) -> Knowledge:
    game = GAMES[game_id]
    roster = game.roster
    easy = PLANNERS[game_id]

    def sensible(asking: BattleState, player: int, rng: random.Random) -> Any:
        """A rival's hidden choice, drawn half the time as the planner would make it and half
        the time among the legal ones, so the search neither trusts nor ignores good play."""
        return easy(asking, player, rng) if rng.random() < SENSIBLE_SHARE else game.random_action(asking, rng)

    def determinize(view: BattleState, seat: int, rng: random.Random) -> BattleState:
        return battle_secrets.determinize(game, view, seat, rng, sensible)

    def fistful_candidates(state: BattleState, seat: int, rng: random.Random,
                           shapes: int = 12) -> list[ChooseFistful]:
        if state.phase == "reselect" and game._winner_keeps(state, seat):
            return [easy(state, seat, rng)]
        army = state.armies[seat]
        regions = list(state.regions) if game_id == "all-out-war" and state.phase == "fistful" \
            else _owned_open(state, seat)
        # A dict keeps the candidates in the order found: a set's order follows string hashes,
        # which differ per process, and the choice must not.
        picks = dict.fromkeys((best_fistful(roster, army, regions, rng), best_fistful(roster, army, [], rng)))
        by_value: dict[int, list[Fighter]] = {}
        for f in sorted(army, key=lambda f: rng.random()):
            by_value.setdefault(roster.value(f), []).append(f)
        feasible = 0
        for shape in SHAPES:
            need: dict[int, int] = {}
            for v in shape:
                need[v] = need.get(v, 0) + 1
            if all(len(by_value.get(v, [])) >= k for v, k in need.items()):
                feasible += 1
                picks[tuple(f for v, k in sorted(need.items()) for f in by_value[v][:k])] = None
                picks[cover_shape(shape, by_value, regions)] = None
            if feasible >= shapes:
                break
        extra = None
        if state.ambush_right[seat]:
            shadows = [f for f in army if f.finish == AMBUSH_FINISH]
            extra = max(shadows, key=roster.value) if shadows else None
        return [ChooseFistful(seat, p, extra if extra not in p else None) for p in picks if p]

    def cover_shape(shape: tuple[int, ...], by_value: dict[int, list[Fighter]],
                    regions: list[str]) -> tuple[Fighter, ...]:
        """The shape's fighters, one from each uncovered region while any is left."""
        chosen: list[Fighter] = []
        covered: set[str] = set()
        wanted = set(regions)
        for v in shape:
            options = [f for f in by_value[v] if f not in chosen]
            pick = next((f for f in options if roster.region(f) in wanted and roster.region(f) not in covered),
                        options[0])
            chosen.append(pick)
            covered.add(roster.region(pick))
        return tuple(chosen)

    def candidates(state: BattleState, seat: int, rng: random.Random) -> list[Any]:
        if state.phase in ("fistful", "reselect"):
            return list(fistful_candidates(state, seat, rng))
        return [easy(state, seat, rng)]

    def playout(state: BattleState, rng: random.Random) -> Any:
        seat = actor_players(game.actor(state))[0]
        if state.phase == "remove":
            return Remove(seat, min(game.removable(state, seat), key=lambda f: (roster.value(f), rng.random())))
        if state.phase in ("fistful", "reselect") and not (state.phase == "reselect" and game._winner_keeps(state, seat)):
            regions = _owned_open(state, seat) if defends(state, seat) else []
            army = state.armies[seat]
            fighters = best_fistful(roster, army, regions, rng, tries=2)
            return ChooseFistful(seat, fighters, None)
        return easy(state, seat, rng)

    def flat(view: BattleState, seat: int, rng: random.Random, options: list[Any], runs: int) -> list[float]:
        """Each option's mean reward over the same determinisations, played out and evaluated."""
        return weigh(game, view, seat, rng, options, runs, PLAYOUT_DEPTH, playout, evaluate, determinize)

    def worlds(view: BattleState, seat: int, rng: random.Random, count: int) -> list[BattleState]:
        """Determinisations whose every rival holds a fistful: a chosen one drawn as `sensible`
        says, one still to choose as the planner would choose it."""
        hidden = view.phase in ("fistful", "reselect") and any(
            p != seat and not view.out[p] and p != keeper(view) for p in range(view.players))
        out = []
        for _ in range(count if hidden else 1):
            world = determinize(view, seat, rng)
            for p in world.pending:
                if p != seat:
                    pick = easy(msgspec.structs.replace(world, pending=(p,)), p, rng)
                    world = msgspec.structs.replace(world, fistfuls=replace_at(world.fistfuls, p, pick.fighters),
                                                    extra=replace_at(world.extra, p, pick.extra))
            out.append(world)
        return out

    def battle_value(world: BattleState, seat: int, mine: tuple[Fighter, ...] | None, rng: random.Random,
                     samples: int, region: str | None = None) -> float:
        """The seat's chance of winning the coming battle with `mine` thrown (None: as in `world`):
        in `region`, else where the attacker will choose (the region best for them)."""
        thrown: list[tuple[Fighter, ...] | None] = [
            None if world.out[p] else (mine if p == seat and mine is not None else world.thrown(p))
            for p in range(world.players)]
        attacker = world.attacker
        first = game_id == "all-out-war" and not world.history
        if region is not None:
            defender = attacker if first else world.owner[world.index(region)]
            assert defender is not None
            return float(win_chances(roster, world, thrown, defender, region, rng, samples)[seat])
        if first:
            targets = list(world.owned(attacker)) or [""]
        else:
            targets = [r for r, o, c in zip(world.regions, world.owner, world.closed)
                       if not c and o is not None and o != attacker and not world.out[o]]
        seen: dict[tuple[Any, ...], np.ndarray] = {}
        best = None
        for r in targets:
            defender = attacker if first or not r else world.owner[world.index(r)]
            assert defender is not None
            home = tuple(sorted(f for f in thrown[defender] or () if roster.region(f) == r))
            key = (defender, home)
            if key not in seen:
                seen[key] = win_chances(roster, world, thrown, defender, r, rng, samples)
            chances = seen[key]
            if best is None or chances[attacker] > best[attacker]:
                best = chances
        return 0.5 if best is None else float(best[seat])

    def best_fistful_of(view: BattleState, states: list[BattleState], seat: int, rng: random.Random,
                        level: str, shapes: int | None = None) -> tuple[ChooseFistful, float]:
        """The candidate fistful with the best mean chance in the coming battle over `states`."""
        strong = level == "strong"
        options = fistful_candidates(view, seat, rng, shapes or SHAPE_CANDIDATES[strong])
        if len(options) == 1:
            return options[0], 0.0
        scores = [0.0] * len(options)
        for world in states:
            for i, o in enumerate(options):
                thrown = tuple(o.fighters) + ((o.extra,) if o.extra is not None else ())
                scores[i] += battle_value(world, seat, thrown, rng, SAMPLES[strong] * 2 // view.players)
        best = max(range(len(options)), key=lambda i: (scores[i], -i))
        return options[best], scores[best] / len(states)

    def decide(view: BattleState, seat: int, rng: random.Random, level: str) -> Any:
        phase = view.phase
        strong = level == "strong"
        samples = SAMPLES[strong] * 2 // view.players  # more throwers, more regions to weigh
        if phase == "army":
            regions = _owned_open(view, seat) if game_id == "domination" else list(view.regions)
            if game_id == "all-out-war":
                rng.shuffle(regions)
            if strong and game_id in STRONG_ARMIES:
                counts, spread = STRONG_ARMIES[game_id]
                return ChooseArmy(seat, balanced_army(roster, counts, regions[:spread], rng))
            return ChooseArmy(seat, army_of(roster, ARMIES[game_id], regions, rng))
        if phase in ("fistful", "reselect") and game_id not in FISTFULS_WEIGHED:
            return easy(view, seat, rng)
        if phase in ("fistful", "reselect"):
            return best_fistful_of(view, worlds(view, seat, rng, WORLDS[strong]), seat, rng, level)[0]
        if phase == "attack":
            legal = [a for a in game.legal_actions(view) or [] if a.player == seat]
            if len(legal) > 1:
                def worth(a: Any) -> tuple[float, int]:
                    owner = view.owner[view.index(a.region)]
                    weak = -len(view.owned(owner)) if owner is not None and owner != seat else 0
                    return (round(battle_value(view, seat, None, rng, samples, a.region), 2), weak)
                return max(legal, key=worth)
        return easy(view, seat, rng)

    def explain(view: BattleState, seat: int, action: Any, rng: random.Random | None = None) -> Why:
        if isinstance(action, ChooseFistful):
            thrown = tuple(action.fighters) + ((action.extra,) if action.extra is not None else ())
            expected = sum(roster.value(f) * (roster.sculpt(f).back + roster.sculpt(f).standing) for f in thrown)
            return Why(numbers=(("expected_score", round(expected, 2)),))
        if isinstance(action, ChampionPick):
            return Why()
        chance = flat(view, seat, random.Random(0), [action], EXPLAIN_PLAYOUTS)[0]
        return Why(numbers=(("win_chance", round(chance, 2)),))

    def explain_all(view: BattleState, seat: int, actions: list[Any],
                    rng: random.Random | None = None) -> list[Why]:
        """Fistfuls by their chance in the coming battle, as Normal weighs them (a fistful's
        expected score hardly differs between full ones); other moves by playouts on shared draws."""
        if any(isinstance(a, ChampionPick) for a in actions):
            return [explain(view, seat, a) for a in actions]
        if all(isinstance(a, ChooseFistful) for a in actions):
            states = worlds(view, seat, random.Random(0), WORLDS[0])
            samples = REVIEW_SAMPLES * 2 // view.players
            out = []
            for action in actions:
                thrown = tuple(action.fighters) + ((action.extra,) if action.extra is not None else ())
                draws = random.Random(1)
                chance = sum(battle_value(w, seat, thrown, draws, samples) for w in states) / len(states)
                numbers = explain(view, seat, action).numbers + (("battle_chance", round(chance, 2)),)
                out.append(Why(numbers=numbers))
            return out
        chances = flat(view, seat, random.Random(0), list(actions), REVIEW_PLAYOUTS)
        return [Why(numbers=(("win_chance", round(c, 2)),)) for c in chances]

    return Knowledge(candidates=candidates, playout=playout, evaluate=evaluate, playout_depth=PLAYOUT_DEPTH,
                     explain=explain, explain_all=explain_all, decide=decide, iterations=(60, 300))


KNOWLEDGE = {"domination": make("domination"), "all-out-war": make("all-out-war")}
