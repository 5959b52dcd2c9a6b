"""End-of-game clout, chip by chip, so the score screen can say where every point came from.

Rulings: a trapped chip is worth nothing at all (its points are ignored and it earns no base
bonus); the base bonus uses the base's printed range (the rulebook says "printed"); disloyal
can bring a chip's whole worth down to 0 but not below; actions never score (they leave play
at the end of their turn).
"""
from __future__ import annotations

import msgspec

from core.clout.abilities import Board


class ChipScore(msgspec.Struct, frozen=True):
    uid: str
    chip: str  # catalogue id
    player: int  # who scores it (the controller: possess moves points)
    printed: int
    last_thrown: bool  # printed points count as 0
    trapped: bool
    base_bonus: int  # 0 or 1
    loyal: int
    disloyal: int  # a negative number or 0
    total: int


def chip_score(board: Board, uid: str, last_thrown: str | None) -> ChipScore:
    chip = board.chip(uid)
    me = board.controller(uid)
    trapped = board.trapped(uid)
    last = uid == last_thrown
    if trapped:
        return ChipScore(uid, chip.id, me, chip.points, last, True, 0, 0, 0, 0)
    points = 0 if last else chip.points
    bonus = 0
    for b in board.bases():
        if b != uid and board.controller(b) == me and uid in board.in_range_set(b, units=board.chip(b).range):
            bonus = 1
            break
    loyal = disloyal = 0
    in_range = board.in_range_of(uid) if (board.ability(uid, "loyal") or board.ability(uid, "disloyal")) else []
    if board.ability(uid, "loyal") and any(board.controller(o) == me and board.chip(o).type != "action"
                                           for o in in_range):
        loyal = 1
    if board.ability(uid, "disloyal"):
        disloyal = -sum(1 for o in in_range if board.controller(o) != me and board.chip(o).type != "action")
    total = max(0, points + bonus + loyal + disloyal)
    return ChipScore(uid, chip.id, me, chip.points, last, False, bonus, loyal, disloyal, total)


def score_board(board: Board, last_thrown: str | None) -> list[ChipScore]:
    """Every scoring chip on the area (actions left out)."""
    return [chip_score(board, u, last_thrown) for u in board.uids() if board.chip(u).type != "action"]


def totals(scores: list[ChipScore], players: int) -> tuple[int, ...]:
    out = [0] * players
    for s in scores:
        out[s.player] += s.total
    return tuple(out)
