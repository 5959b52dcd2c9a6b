"""A Fistful of Gold's duels solved as simultaneous-move games, for Normal and Strong.

A duel is a matrix game: my allowed cards against the rival's possible cards. Each cell is the
chance of winning the game after that duel (its gold moves the round's score), found by solving
the following duels the same way a few duels deep, then guessing the rest of the round from the
hands left (the mean gold of their cards against each other, spread like a sum of duels). A
round's end is worth the badge race after it, the next round guessed from the hands kept.
Each matrix is solved by regret matching (CFR+ averaging); the card is then drawn from the
mixed strategy, so no fixed pattern of play can exploit it. Normal believes the rival errs: with
chance `tremble` its card is any allowed one, so a card that fares well against every card the
rival may play is preferred where the pure game would leave value on the table (a rival who
plays at random), while the rest of the weight still guards against the worst answer. Before the first round's duels the
rival's set-up discards are unknown: the cells average over hands the rival may hold.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import numpy as np

from core.gold.cards import CARDS, DYNAMITE, duel
from core.gold.determinize import determinize
from core.gold.game import DISCARDS, Discard, GoldState, Play

SPREAD = 3.17  # the standard deviation of one duel's net gold over all pairs of cards
NEXT_ROUNDS_DAMPING = 0.5  # how much of a hand's edge is believed to last into later rounds
MIN_SHARE = 0.02  # mixed-strategy weights below this are solver noise: dropped
DISCARD_TEMPERATURE = 0.015  # how softly the set-up discards follow their guessed worth


@dataclass(frozen=True)
class Level:
    cells: int  # about how many final cells a decision may look at: the depth follows from it
    samples: int  # rival hands tried while the set-up discards are unknown
    root_iterations: int
    node_iterations: int
    tremble: float = 0.0  # the chance the rival's card is any allowed one, not its best answer


LEVELS = {"normal": Level(cells=8_000, samples=4, root_iterations=400, node_iterations=40, tremble=0.8),
          "strong": Level(cells=40_000, samples=8, root_iterations=1500, node_iterations=100)}
TEST_LEVEL = Level(cells=1, samples=2, root_iterations=100, node_iterations=20)  # a tiny budget for fast tests


def depth_for(level: Level, mine: int, theirs: int, samples: int) -> int:
    """How many duels to solve from here: as many as the budget of cells allows (at least this one)."""
    depth, cells = 1, mine * theirs * samples
    while depth < mine - 1:
        more = cells * (mine - depth) * (theirs - depth)
        if more > level.cells:
            break
        depth, cells = depth + 1, more
    return depth


@lru_cache(maxsize=16)
def net_table(dynamite_gold: int) -> tuple[tuple[int, ...], ...]:
    """net[a][b]: the gold card `a` wins (negative: loses) against card `b`, box aside."""
    table = []
    for a in range(9):
        row = []
        for b in range(9):
            winner, gold = duel(a, b, dynamite_gold)
            row.append(0 if winner is None else (gold if winner == 0 else -gold))
        table.append(tuple(row))
    return tuple(table)


def _cards(mask: int) -> list[int]:
    return [c for c in range(9) if mask >> c & 1]


def _mask(cards: tuple[int, ...] | list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _allowed(mask: int, prev: int) -> list[int]:
    """The cards of `mask` not immediately above `prev` (-1: no previous card; Dynamite forbids nothing)."""
    return [c for c in range(9) if mask >> c & 1 and (prev <= 0 or c == DYNAMITE or c != prev + 1)]


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def solve_batch(games: np.ndarray, iterations: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(values, row strategies, column strategies) of N zero-sum games at once, shape (N, R, C),
    the row player maximising; regret matching+ with alternating updates, averaged linearly."""
    n, rows, cols = games.shape
    x = np.full((n, rows), 1.0 / rows)
    y = np.full((n, cols), 1.0 / cols)
    rr = np.zeros((n, rows))
    cr = np.zeros((n, cols))
    xs = np.zeros((n, rows))
    ys = np.zeros((n, cols))
    for t in range(1, iterations + 1):
        u = np.einsum("nrc,nc->nr", games, y)
        rr = np.maximum(0.0, rr + u - (x * u).sum(1, keepdims=True))
        total = rr.sum(1, keepdims=True)
        x = np.where(total > 0, rr / np.where(total > 0, total, 1.0), 1.0 / rows)
        xs += t * x
        v = np.einsum("nrc,nr->nc", games, x)
        cr = np.maximum(0.0, cr + (y * v).sum(1, keepdims=True) - v)
        total = cr.sum(1, keepdims=True)
        y = np.where(total > 0, cr / np.where(total > 0, total, 1.0), 1.0 / cols)
        ys += t * y
    xs /= xs.sum(1, keepdims=True)
    ys /= ys.sum(1, keepdims=True)
    return np.einsum("nr,nrc,nc->n", xs, games, ys), xs, ys


def solve(matrix: list[list[float]], iterations: int) -> tuple[float, list[float], list[float]]:
    """(value, row strategy, column strategy) of one zero-sum game the row player maximises:
    `solve_batch`'s method in plain Python, quicker than numpy for one small game."""
    rows, cols = len(matrix), len(matrix[0])
    columns = [[matrix[i][j] for i in range(rows)] for j in range(cols)]
    row_min, col_max = [min(r) for r in matrix], [max(c) for c in columns]
    if min(col_max) - max(row_min) < 1e-12:  # a saddle point: pure strategies
        i, j = row_min.index(max(row_min)), col_max.index(min(col_max))
        return matrix[i][j], [float(k == i) for k in range(rows)], [float(k == j) for k in range(cols)]
    x, y = [1.0 / rows] * rows, [1.0 / cols] * cols
    rr, cr = [0.0] * rows, [0.0] * cols
    xs, ys = [0.0] * rows, [0.0] * cols
    for t in range(1, iterations + 1):
        u = [sum(a * b for a, b in zip(r, y)) for r in matrix]
        ev = sum(a * b for a, b in zip(x, u))
        rr = [max(0.0, r + w - ev) for r, w in zip(rr, u)]
        total = sum(rr)
        x = [r / total for r in rr] if total > 0 else [1.0 / rows] * rows
        xs = [a + t * b for a, b in zip(xs, x)]
        v = [sum(a * b for a, b in zip(c, x)) for c in columns]
        ev = sum(a * b for a, b in zip(y, v))
        cr = [max(0.0, r + ev - w) for r, w in zip(cr, v)]
        total = sum(cr)
        y = [r / total for r in cr] if total > 0 else [1.0 / cols] * cols
        ys = [a + t * b for a, b in zip(ys, y)]
    sx, sy = sum(xs), sum(ys)
    x, y = [a / sx for a in xs], [a / sy for a in ys]
    value = sum(p * sum(m * q for m, q in zip(r, y)) for p, r in zip(x, matrix))
    return value, x, y


def _padded(grids: list[list[list[float]]]) -> np.ndarray:
    """Games of different shapes in one array: a repeated row or column changes no game's value."""
    rows = max(len(g) for g in grids)
    cols = max(len(g[0]) for g in grids)
    out = np.empty((len(grids), rows, cols))
    for k, g in enumerate(grids):
        block = np.array(g, dtype=float)
        block = np.concatenate([block, np.repeat(block[:1], rows - block.shape[0], 0)], 0)
        out[k] = np.concatenate([block, np.repeat(block[:, :1], cols - block.shape[1], 1)], 1)
    return out


def _trembled(grid: list[list[float]], tremble: float) -> list[list[float]]:
    """The game where the rival plays any allowed card with chance `tremble`, else its choice."""
    if tremble <= 0:
        return grid
    out = []
    for line in grid:
        mean = sum(line) / len(line)
        out.append([(1 - tremble) * v + tremble * mean for v in line])
    return out


class Solver:
    """The duels of one decision: the match's context (badges, options) is fixed in it."""

    def __init__(self, view: GoldState, seat: int, level: Level) -> None:
        self.level = level
        self.net = net_table(view.setup.dynamite_gold)
        self.need = view.setup.badges_to_win
        self.badges = (view.badges[seat], view.badges[1 - seat])
        self.memo: dict[tuple, float] = {}
        self.means: dict[tuple[int, int], float] = {}
        self.races: dict[tuple[int, int, float], float] = {}
        self.start: tuple[int, int] = (0, 0)  # the round's start hands (mine, theirs)

    # --- guesses --------------------------------------------------------------------------
    def mean(self, mine: int, theirs: int) -> float:
        key = (mine, theirs)
        if key not in self.means:
            a, b = _cards(mine), _cards(theirs)
            self.means[key] = sum(self.net[x][y] for x in a for y in b) / (len(a) * len(b)) if a and b else 0.0
        return self.means[key]

    def round_chance(self, mine: int, theirs: int, diff: int = 0, supply: int = 30) -> float:
        """The chance of winning the round from here, from the hands' mean gold and its spread."""
        left = bin(mine).count("1") - 1
        if left <= 0:
            if diff:
                return 1.0 if diff > 0 else 0.0
            a, b = _cards(mine), _cards(theirs)
            if not a or not b:
                return 0.5
            n = self.net[a[0]][b[0]]
            return 1.0 if n > 0 else 0.0 if n < 0 else 0.5
        drift = max(-supply, min(supply, left * self.mean(mine, theirs)))
        return _phi((diff + drift) / (SPREAD * math.sqrt(left)))

    def race(self, me: int, them: int, edge: float) -> float:
        """The chance of winning the game from these badges if each round goes my way with
        chance 0.5 + edge, the edge fading round by round."""
        if me >= self.need:
            return 1.0
        if them >= self.need:
            return 0.0
        key = (me, them, round(edge, 4))
        if key not in self.races:
            p = 0.5 + edge
            later = edge * NEXT_ROUNDS_DAMPING
            self.races[key] = p * self.race(me + 1, them, later) + (1 - p) * self.race(me, them + 1, later)
        return self.races[key]

    def after_round(self, outcome: int, mine: int, theirs: int) -> float:
        """The game's chance once this round ends (outcome 1: mine, -1: theirs, 0: nobody's),
        `mine`/`theirs` the hands of the next round."""
        me, them = self.badges[0] + (outcome > 0), self.badges[1] + (outcome < 0)
        if me >= self.need or them >= self.need:
            return self.race(me, them, 0.0)
        if not mine:
            return 1.0 if me > them else 0.0 if me < them else 0.5
        edge = (self.round_chance(mine, theirs) - 0.5) * NEXT_ROUNDS_DAMPING
        return self.race(me, them, edge)

    # --- the duels --------------------------------------------------------------------------
    # A position of the round, both to choose: (mine, theirs, my previous card, theirs, my gold
    # lead, gold in the box, duels still to solve, the round's start hands).

    def leaf(self, mine: int, theirs: int, diff: int, supply: int) -> float:
        p = self.round_chance(mine, theirs, diff, supply)
        return p * self.race(self.badges[0] + 1, self.badges[1], 0.0) + \
            (1 - p) * self.race(self.badges[0], self.badges[1] + 1, 0.0)

    def cells(self, key: tuple) -> tuple[list[int], list[int], list[list[object]]]:
        """(my cards, their cards, each pair's outcome: a chance, or the position it leads to)."""
        mine, theirs, my_prev, their_prev, diff, supply, depth, _ = key
        rows, cols = _allowed(mine, my_prev), _allowed(theirs, their_prev)
        grid: list[list[object]] = []
        for a in rows:
            line: list[object] = []
            rest = mine & ~(1 << a)
            last = bin(rest).count("1") == 1
            for b in cols:
                gain, paid = self.pay(a, b, supply)
                left = theirs & ~(1 << b)
                if last:
                    line.append(self.round_end(rest, left, diff + gain))
                elif depth <= 1:
                    line.append(self.leaf(rest, left, diff + gain, supply - paid))
                else:
                    line.append((rest, left, a, b, diff + gain, supply - paid, depth - 1, self.start))
            grid.append(line)
        return rows, cols, grid

    def matrix(self, mine: int, theirs: int, my_prev: int, their_prev: int, diff: int, supply: int,
               depth: int) -> tuple[list[int], list[int], list[list[float]]]:
        """(my cards, their cards, my chance of the game after each pair), the positions below
        solved layer by layer, each layer's games in one batch."""
        rows, cols, grid = self.cells((mine, theirs, my_prev, their_prev, diff, supply, depth, self.start))
        layers: dict[int, dict[tuple, list[list[object]]]] = {}
        todo = [k for line in grid for k in line if isinstance(k, tuple)]
        while todo:
            found = []
            for key in todo:
                layer = layers.setdefault(key[6], {})
                if key in layer or key in self.memo:
                    continue
                layer[key] = self.cells(key)[2]
                found.extend(k for line in layer[key] for k in line if isinstance(k, tuple))
            todo = found
        for depth_left in sorted(layers):
            keys = list(layers[depth_left])
            if not keys:
                continue
            grids = [_trembled([[self._cell(c) for c in line] for line in layers[depth_left][k]],
                               self.level.tremble) for k in keys]
            values = solve_batch(_padded(grids), self.level.node_iterations)[0]
            self.memo.update(zip(keys, values.tolist()))
        return rows, cols, _trembled([[self._cell(c) for c in line] for line in grid], self.level.tremble)

    def _cell(self, cell: object) -> float:
        return self.memo[cell] if isinstance(cell, tuple) else cell  # type: ignore[index,return-value]

    def pay(self, a: int, b: int, supply: int) -> tuple[int, int]:
        """(my net gold, gold out of the box) of a duel of my `a` against their `b`."""
        n = self.net[a][b]
        if a == b:
            return 0, min(2, supply)
        paid = min(abs(n), supply)
        return (paid if n > 0 else -paid), paid

    def round_end(self, mine: int, theirs: int, diff: int) -> float:
        """One card each left: gold decides, or else the final duel; the next round's hands
        are the round's start hands less these last cards."""
        a, b = _cards(mine)[0], _cards(theirs)[0]
        outcome = (diff > 0) - (diff < 0)
        if outcome == 0:
            n = self.net[a][b]
            outcome = (n > 0) - (n < 0)
        return self.after_round(outcome, self.start[0] & ~(1 << a), self.start[1] & ~(1 << b))


def _played(view: GoldState, player: int) -> int:
    return _mask([d.cards[player] for d in view.duels])


def rival_hands(view: GoldState, seat: int, rng: random.Random, samples: int) -> list[tuple[int, ...]]:
    """Distinct hands the rival may hold now (one when the duels so far tell it exactly)."""
    found: list[tuple[int, ...]] = []
    for _ in range(samples * 3):
        hand = determinize(view, seat, rng).hands[1 - seat]
        if hand not in found:
            found.append(hand)
        if len(found) >= samples:
            break
    return found


def duel_strategy(view: GoldState, seat: int, rng: random.Random, level: Level
                  ) -> tuple[list[int], list[float], list[int], list[float]]:
    """(my cards, my mixed strategy, their cards, their mixed strategy) for the coming duel."""
    rival = 1 - seat
    mine = _mask(view.hands[seat])
    my_prev = view.previous(seat)
    their_prev = view.previous(rival)
    mp = -1 if my_prev is None else my_prev
    tp = -1 if their_prev is None else their_prev
    diff = view.gold(seat) - view.gold(rival)
    solver = Solver(view, seat, level)
    rows = _allowed(mine, mp)
    hands = rival_hands(view, seat, rng, level.samples)
    depth = depth_for(level, len(view.hands[seat]), len(hands[0]), len(hands))
    xs = [0.0] * len(rows)
    ys: dict[int, float] = {}
    for hand in hands:
        theirs = _mask(hand)
        solver.start = (mine | _played(view, seat), theirs | _played(view, rival))
        _, cols, grid = solver.matrix(mine, theirs, mp, tp, diff, view.supply, depth)
        _, x, y = solve(grid, level.root_iterations)
        xs = [a + b / len(hands) for a, b in zip(xs, x)]
        for b, q in zip(cols, y):
            ys[b] = ys.get(b, 0.0) + q / len(hands)
    cols = sorted(ys, key=CARDS.index)
    return rows, _clean(xs), cols, [ys[b] for b in cols]


def _clean(strategy: list[float]) -> list[float]:
    kept = [p if p >= MIN_SHARE else 0.0 for p in strategy]
    total = sum(kept)
    return [p / total for p in kept] if total > 0 else strategy


@lru_cache(maxsize=16)
def discard_strategy(dynamite_gold: int) -> tuple[tuple[tuple[int, ...], ...], tuple[float, ...]]:
    """The set-up discards as a mixed strategy: each pair weighted by how well the hand kept
    fares in the first round against every hand the rival may keep (the guessed chance of the
    round), softly, so the hand is never known: solving that guess as a game would always
    discard 7 and 8, and the guess is too rough to deserve such a sure answer."""
    pairs = list(combinations(CARDS, DISCARDS))
    net = net_table(dynamite_gold)
    hands = [[c for c in CARDS if c not in pair] for pair in pairs]
    spread = SPREAD * math.sqrt(len(hands[0]) - 1)
    worth = [sum(_phi((len(a) - 1) * sum(net[x][y] for x in a for y in b) / (len(a) * len(b)) / spread)
                 for b in hands) / len(hands) for a in hands]
    best = max(worth)
    weights = [math.exp((w - best) / DISCARD_TEMPERATURE) for w in worth]
    total = sum(weights)
    return tuple(pairs), tuple(w / total for w in weights)


def decide(view: GoldState, seat: int, rng: random.Random, level_name: str) -> Discard | Play | None:
    level = LEVELS.get(level_name)
    if level is None:
        return None
    return play(view, seat, rng, level)


def play(view: GoldState, seat: int, rng: random.Random, level: Level) -> Discard | Play | None:
    """The decision at a given budget (`decide` picks it by level name)."""
    if view.phase == "discard":
        pairs, weights = discard_strategy(view.setup.dynamite_gold)
        pair = rng.choices(pairs, weights)[0]
        return Discard(seat, tuple(sorted(pair, key=CARDS.index)))
    if view.phase != "duel" or view.pending[seat] is not None:
        return None
    rows, x, _, _ = duel_strategy(view, seat, rng, level)
    return Play(seat, rng.choices(rows, x)[0])


def expected(view: GoldState, seat: int, card: int, rng: random.Random, level_name: str = "normal"
             ) -> tuple[float, float]:
    """(expected net gold of `card` this duel against the rival's mixed strategy, its chance)."""
    rows, x, cols, y = duel_strategy(view, seat, rng, LEVELS[level_name])
    solver_net = net_table(view.setup.dynamite_gold)
    gold = sum(q * solver_net[card][b] for b, q in zip(cols, y))
    return gold, (x[rows.index(card)] if card in rows else 0.0)
