"""Invariants of Throwdown over many random games, checked against an independent recount."""
from __future__ import annotations

import json
import random
from pathlib import Path

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.fistful.throwdown import GAME, Pick, Remove, Throw
from core.fistful.throws import POSES, Landed
from core.game import CHANCE
from core.match import Match

ROSTER_FILE = Path(__file__).resolve().parents[2] / "resources" / "fistful" / "roster.json"
VALUES = {s["id"]: s["value"] for s in json.loads(ROSTER_FILE.read_text(encoding="utf-8"))["sculpts"]}


def table_throw(match: Match, rng: random.Random) -> Throw:
    """What players might enter at the table: any pose for any fighter, standing included."""
    return Throw.of(tuple(None if not f else tuple(Landed(x, rng.choice(POSES)) for x in f)
                          for f in match.state.fistfuls))


def landed_of(fistfuls, action: Throw) -> tuple:
    """The throw's pose codes read back independently: one letter per fighter in sorted order."""
    pose = {"b": "back", "s": "standing", "d": "down"}
    return tuple(None if code is None else tuple(Landed(f, pose[c]) for f, c in zip(sorted(fistful), code))
                 for fistful, code in zip(fistfuls, action.poses))


def random_game(seed: int, players: int, mode: str) -> Match:
    setup = msgspec.structs.replace(GAME.default_setup(players), mode=mode)
    match = Match.new("throwdown", setup, seed=seed)
    rng = random.Random(seed)
    for _ in range(5_000):
        if match.is_over:
            return match
        if match.actor == CHANCE:
            match.apply(table_throw(match, rng) if mode == "table" else match.chance_action())
        else:
            match.apply(match.random_action(rng))
    raise AssertionError(f"seed {seed}, {players} players: the game did not end")


def recount(landed: tuple[tuple[Landed, ...] | None, ...]) -> tuple[list, list]:
    """(totals, bonuses) per player, from the rulebook and the roster file alone."""
    up = [None if t is None else [x for x in t if x.pose in ("back", "standing")] for t in landed]
    counts = [len(u) for u in up if u is not None]
    most = max(counts, default=0)
    bonuses = [None if u is None else (2 if most > 0 and len(u) == most and counts.count(most) == 1 else 0)
               for u in up]
    totals = [None if u is None else sum(VALUES[x.fighter.sculpt] for x in u) + b for u, b in zip(up, bonuses)]
    return totals, bonuses


games = st.builds(random_game, seed=st.integers(0, 2**31 - 1), players=st.integers(1, 10),
                  mode=st.sampled_from(["simulated", "table"]))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_invariants_over_a_whole_game(match):
    state = GAME.new(match.setup)
    n = len(match.setup.players)
    picks: dict[int, set] = {}
    for action in match.actions:
        before = state
        state = GAME.apply(state, action)
        if isinstance(action, Pick):
            picks[action.player] = set(action.fighters)
        for p in range(n):
            assert set(state.fistfuls[p]) <= picks.get(p, set()), "a fighter appeared from nowhere"
        if before.phase == "pick":
            continue
        for p in range(n):
            was, now = len(before.fistfuls[p]), len(state.fistfuls[p])
            assert now <= was, "a fistful grew after picking"
            if now < was:
                assert now == was - 1
                assert isinstance(action, Remove) and action.player == p
                assert action.fighter in before.fistfuls[p] and action.fighter not in state.fistfuls[p]
        if isinstance(action, Throw):
            thrown = landed_of(before.fistfuls, action)
            for p, landed in enumerate(thrown):
                if landed is None:
                    assert not before.fistfuls[p]
                else:
                    assert {x.fighter for x in landed} <= picks[p]
                    assert len(landed) == len(before.fistfuls[p])
            totals, bonuses = recount(thrown)
            scores = state.round.scores
            assert [None if s is None else s.total for s in scores] == totals
            assert [None if s is None else s.bonus for s in scores] == bonuses
            assert sum(1 for s in scores if s is not None and s.bonus) <= 1
            candidates = {p: t for p, t in enumerate(totals)
                          if t is not None and any(x.pose == "down" for x in thrown[p])}
            low = min(candidates.values(), default=None)
            assert state.round.removers == tuple(p for p, t in candidates.items() if t == low)
    assert msgspec.json.encode(state) == msgspec.json.encode(match.state)
    alive = [p for p in range(n) if state.fistfuls[p]]
    assert len(alive) <= 1
    if n > 1 and alive:
        assert match.result.winners == tuple(alive) and not match.result.draw
    if not alive and n > 1:
        assert match.result.draw
        last = state.round.number
        assert match.result.winners == tuple(p for p in range(n) if state.out_after[p] == last)
    placings = match.result.placings
    assert len(placings) == n and min(placings) == 1
    lasted = [state.out_after[p] or state.throws + 1 for p in range(n)]
    for a in range(n):
        for b in range(n):
            assert (placings[a] < placings[b]) == (lasted[a] > lasted[b]), "later out ranks higher, ties share"
