"""Information-set Monte Carlo tree search with determinisation (Cowling, Powley, Whitehouse 2012).

One tree over the deciding seat's information set: every iteration starts from a fresh state
drawn by the game's `determinize(view, seat, rng)`, so the search never reads what the seat may
not see. Statistics are kept per (seat, action) at a node with availability counts (an action
may be legal in one determinisation and not in another). A simultaneous step is searched
decoupled: each pending seat picks at the same node from its own statistics, so no seat's
choice is made knowing another's secret one. Chance is sampled and stays outside the tree.
Games whose choices are continuous (`legal_actions` is None) grow their candidates from the
game's `random_action` by progressive widening. Playouts are random with a depth cap; the
reward is the game's placing (1 win, 1/2 a tie, 0 last), or 1/2 each when the cap is reached
or the game ranks nobody (a one-seat session).
A game's `core.ai.knowledge` entry may replace these defaults: candidate actions for continuous
choices, a playout policy, a shorter cap and an evaluation of where the playout stops.

The budget is a number of iterations, never a time, so a seed repeats its choice on any machine
under any load. Almost all of a decision's time goes to the game's own rules in playouts (cProfile:
75-95 % in Impact, the battles and Power Spike), so budgets and playout depth are the levers.
"""
from __future__ import annotations

import contextlib
import contextvars
import logging
import math
import random
from collections.abc import Iterator
from typing import Any

from core.ai.knowledge import Knowledge, knowledge
from core.errors import IllegalAction
from core.game import CHANCE, Game, Result, actor_players

log = logging.getLogger(__name__)

ITERATIONS = {"normal": 200, "strong": 1000}
ROLLOUT_DEPTH = 200
EXPLORATION = 0.7
RANDOM_TRIES = 64  # draws of a simultaneous step's random action before giving up on a seat
WIDENING = 2.0  # continuous choices: up to WIDENING * sqrt(visits) candidates per seat at a node


class _Stat:
    __slots__ = ("visits", "reward", "available")

    def __init__(self) -> None:
        self.visits = 0
        self.reward = 0.0
        self.available = 0


class _Node:
    __slots__ = ("stats", "children", "candidates", "visits", "checked_on", "checked")

    def __init__(self) -> None:
        self.stats: dict[tuple[int, Any], _Stat] = {}
        self.children: dict[tuple[Any, ...], _Node] = {}
        self.candidates: dict[int, list[Any]] = {}  # continuous choices sampled so far, per seat
        self.visits = 0
        # Which candidates were legal on the state object `checked_on`: states are immutable, so
        # while the same object comes back (the root of a game that hides nothing) nothing is
        # validated twice.
        self.checked_on: Any = None
        self.checked: dict[int, list[bool]] = {}


def rewards(result: Result | None) -> list[float]:
    """Each seat's reward from a placing: the share of the other seats it beat, ties half
    (empty when unfinished or unranked, e.g. a one-seat session with no winner: the game's
    evaluation then scores it, else every seat scores 1/2)."""
    if result is None or not result.placings:
        return []
    places = result.placings
    n = len(places)
    if n == 1:
        return [1.0] if result.winners else []
    return [sum(1.0 if places[s] < places[o] else 0.5 if places[s] == places[o] else 0.0
                for o in range(n) if o != s) / (n - 1) for s in range(n)]


def _key(action: Any) -> Any:
    try:
        hash(action)
    except TypeError:
        return repr(action)
    return action


def _legal(game: Game, state: Any, action: Any) -> bool:
    try:
        game.validate(state, action)
    except IllegalAction:
        return False
    return True


class _Search:
    def __init__(self, game: Game, view: Any, seat: int, rng: random.Random) -> None:
        self.game = game
        self.know: Knowledge = knowledge(game.id)
        self.view = view
        self.seat = seat
        self.rng = rng
        self.root = _Node()
        self.seen: dict[Any, Any] = {}  # root keys back to their actions

    def _options(self, node: _Node, state: Any, p: int, legal: list[Any] | None) -> list[Any]:
        """The actions seat `p` may take in this determinisation."""
        if legal is not None:
            return [a for a in legal if getattr(a, "player", p) == p]
        cands = node.candidates.get(p)
        if cands is None:
            cands = node.candidates[p] = list(self.know.candidates(state, p, self.rng)) \
                if self.know.candidates is not None else []
        if len(cands) < max(1, WIDENING * math.sqrt(node.visits + 1)):
            drawn = self._random_for(state, p)
            if drawn is not None:
                cands.append(drawn)
        if node.checked_on is not state:
            node.checked_on, node.checked = state, {}
        flags = node.checked.setdefault(p, [])
        flags.extend(_legal(self.game, state, a) for a in cands[len(flags):])
        usable = [a for a, ok in zip(cands, flags) if ok]
        if not usable:  # chance led this node to another kind of choice (Clout: a rethrow, not a turn)
            fresh = list(self.know.candidates(state, p, self.rng)) if self.know.candidates is not None else []
            usable = [a for a in fresh if _legal(self.game, state, a)]
            drawn = None if usable else self._random_for(state, p)
            usable = usable or ([drawn] if drawn is not None else [])
            cands.extend(usable)
        return usable

    def _random_for(self, state: Any, p: int) -> Any:
        """A random action of seat `p`: in a simultaneous step the game's `random_action` may
        draw for any pending seat, so it is asked again (None if `p` never comes up)."""
        for _ in range(RANDOM_TRIES):
            action = self.game.random_action(state, self.rng)
            if getattr(action, "player", p) == p:
                return action
        return None

    def _pick(self, node: _Node, p: int, options: list[Any]) -> tuple[Any, bool]:
        """UCB over the available options; an untried one first (then the tree grows)."""
        untried = []
        stats = []
        for a in options:
            k = (p, _key(a))
            stat = node.stats.get(k)
            if stat is None:
                stat = node.stats[k] = _Stat()
                if node is self.root:
                    self.seen[k[1]] = a
            stat.available += 1
            stats.append(stat)
            if stat.visits == 0:
                untried.append(a)
        if untried:
            return self.rng.choice(untried), True
        best, best_score = options[0], -math.inf
        for a, stat in zip(options, stats):
            score = stat.reward / stat.visits + EXPLORATION * math.sqrt(math.log(stat.available) / stat.visits)
            if score > best_score:
                best, best_score = a, score
        return best, False

    def _determinize(self) -> Any:
        determinize = getattr(self.game, "determinize", None)
        return self.view if determinize is None else determinize(self.view, self.seat, self.rng)

    def iterate(self) -> None:
        game, rng = self.game, self.rng
        state = self._determinize()
        node = self.root
        path: list[tuple[_Node, list[tuple[int, Any]]]] = []
        expanded = False
        while not expanded:
            actor = game.actor(state)
            if actor is None:
                break
            if actor == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            seats = actor_players(actor)
            if node is self.root and not path and self.seat in seats:
                seats = (self.seat,) + tuple(s for s in seats if s != self.seat)
            legal = game.legal_actions(state)
            chosen: list[tuple[int, Any]] = []
            for p in seats:
                options = self._options(node, state, p, legal)
                action, new = self._pick(node, p, options)
                expanded = expanded or new
                chosen.append((p, action))
            node.visits += 1
            path.append((node, chosen))
            for _p, action in chosen:
                state = game.apply(state, action)
            joint = tuple((p, _key(a)) for p, a in chosen)
            child = node.children.get(joint)
            if child is None:
                child = node.children[joint] = _Node()
                expanded = True
            node = child
        gain = self._rollout(state)
        for visited, chosen in path:
            for p, action in chosen:
                stat = visited.stats[(p, _key(action))]
                stat.visits += 1
                stat.reward += gain[p] if p < len(gain) else 0.5

    def _rollout(self, state: Any) -> list[float]:
        """Each seat's reward from a playout: the placing at the end, or the game's evaluation
        (else 1/2 each) where the playout stops early."""
        game, rng, know = self.game, self.rng, self.know
        policy = know.playout or game.random_action
        for _ in range(know.playout_depth or ROLLOUT_DEPTH):
            actor = game.actor(state)
            if actor is None:
                break
            action = game.sample_chance(state, rng) if actor == CHANCE else policy(state, rng)
            state = game.apply(state, action)
        if game.actor(state) is None:
            gain = rewards(game.result(state))
            if gain:
                return gain
        return list(know.evaluate(state)) if know.evaluate is not None else []

    def best(self) -> Any:
        """The seat's most visited root action (the robust child)."""
        mine = [(stat.visits, stat.reward, k) for (p, k), stat in self.root.stats.items() if p == self.seat]
        if not mine:
            raise IllegalAction(f"seat {self.seat} has no legal action this view shows")
        return max(mine, key=lambda t: (t[0], t[1]))[2]


def _forced(game: Game, view: Any, seat: int) -> Any:
    """The seat's only legal action, when its view lists just one: nothing to search."""
    try:
        legal = game.legal_actions(view)
    except (KeyError, ValueError, IndexError, AttributeError, IllegalAction):
        return None
    if legal is None:
        return None
    mine = [a for a in legal if getattr(a, "player", seat) == seat]
    return mine[0] if len(mine) == 1 else None


_OVERRIDE: contextvars.ContextVar[int | None] = contextvars.ContextVar("budget_override", default=None)


@contextlib.contextmanager
def budget_override(iterations: int | None) -> Iterator[None]:
    """While a player with an explicit `iterations` decides, `budget` answers that instead, so a
    game's own `decide` that sizes its work by `budget` obeys a test's tiny budget too."""
    token = _OVERRIDE.set(iterations)
    try:
        yield
    finally:
        _OVERRIDE.reset(token)


def budget(game_id: str, level: str) -> int:
    """The level's iterations for this game: the player's override, else its calibrated budget,
    else the common one."""
    override = _OVERRIDE.get()
    if override is not None:
        return override
    calibrated = knowledge(game_id).iterations
    if calibrated is None:
        return ITERATIONS[level]
    return calibrated[0] if level == "normal" else calibrated[1]


def search(game: Game, view: Any, seat: int, rng: random.Random, level: str,
           iterations: int | None = None) -> Any:
    """The action the seat's search prefers, after `iterations` (default: the level's budget)."""
    if seat not in actor_players(game.actor(view)):
        raise IllegalAction(f"it is not seat {seat}'s turn")
    forced = _forced(game, view, seat)
    if forced is not None:
        return forced
    tree = _Search(game, view, seat, rng)
    try:
        for _ in range(budget(game.id, level) if iterations is None else iterations):
            tree.iterate()
    except (KeyError, ValueError, IndexError, AttributeError, IllegalAction):
        # A determinisation the rules cannot play on (a game whose `determinize` misses a hidden
        # part): the search stops at what it has learnt, or plays at random, and says so.
        log.warning("%s: the search stopped after %d iterations", game.id, tree.root.visits,
                    exc_info=True)
        if not any(s.visits for (p, _k), s in tree.root.stats.items() if p == seat):
            from core.ai import random_choice
            return random_choice(game, view, seat, rng)
    return tree.seen[tree.best()]
