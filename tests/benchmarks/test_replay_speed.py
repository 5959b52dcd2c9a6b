"""Replay jumps: a jump to any step takes <= 100 ms (issue 15), in the longest games we can make.

The longest of several seeded random games of Clout, Power Spike and 4-player All-Out War, and
the largest legal save (core.saves.MAX_ACTIONS actions): random jumps anywhere, then steps
forward as Play makes them. The core's jump (`Replay.at`: a positioned match) is held to the
limit here. The window's part (the game's view redrawn and painted, the log written) is measured
and printed for the same games; its worst case is each game's own drawing, reported, not held.
Run with BATTLEBOX_BENCH=1.
"""
from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

import pytest

from core import registry, saves
from core.match import Match
from core.replay import Replay
from tests.benchmarks.test_engine_speed import long_match
from tests.saves.make_saves import play

LIMIT_S = 0.100
LONG = {"clout": 2, "power-spike": 2, "all-out-war": 4}  # game id: players


def longest(game_id: str, seeds: int = 6) -> Match:
    setup = registry.get(game_id).default_setup(LONG[game_id])
    games = [play(Match.new(game_id, setup, seed=s), random.Random(s)) for s in range(1, seeds + 1)]
    return max(games, key=lambda m: m.steps)


@pytest.fixture(scope="module", params=[*LONG, "largest-save"])
def match(request) -> Match:
    if request.param == "largest-save":
        return long_match(saves.MAX_ACTIONS, finish=False, real_every=saves.MAX_ACTIONS)
    return longest(request.param)


def jumps(steps: int, n: int, seed: int = 0) -> list[int]:
    """`n` random jumps, each followed by a few steps forward (Play, or the Right key)."""
    rng = random.Random(seed)
    out: list[int] = []
    while len(out) < n:
        at = rng.randint(0, steps)
        out += [min(steps, at + k) for k in range(4)]
    return out[:n]


def timed(go: Callable[[int], object], steps: list[int]) -> list[float]:
    times = []
    for step in steps:
        start = time.perf_counter()
        go(step)
        times.append(time.perf_counter() - start)
    return times


def note(benchmark, match: Match, times: list[float], what: str) -> None:
    worst, median = max(times) * 1000, statistics.median(times) * 1000
    benchmark.extra_info.update(steps=match.steps, worst_ms=round(worst, 1), median_ms=round(median, 2))
    print(f"{match.game_id} ({match.steps:,} steps) {what}: worst {worst:.1f} ms, median {median:.2f} ms "
          f"over {len(times)} jumps")


def test_core_jump(benchmark, match):
    """Replay.at(step) anywhere: the positioned match the view is handed."""
    replay = Replay(match)
    steps = jumps(match.steps, 400)
    times = benchmark.pedantic(timed, args=(replay.at, steps), rounds=1, iterations=1)
    note(benchmark, match, times, "core jump")
    assert max(times) <= LIMIT_S


def test_build(benchmark, match):
    """Walking the match once (log, turns, kept states): done once, off the UI thread."""
    replay = benchmark.pedantic(Replay, args=(match,), rounds=1, iterations=1)
    benchmark.extra_info.update(steps=match.steps, turns=len(replay.turn_starts))


def test_window_jump(benchmark, qtbot, match):
    """The whole jump in the window: the view redraws, the log is cut or written on, the window
    paints. Measured, not held: most of it is each game's own drawing."""
    if match.steps > 5_000:
        pytest.skip("the table game of the largest save is drawn as any Throwdown; its log is the cost")
    from gui.main_window import MainWindow
    from gui.replay import open_replay
    from gui.replay.controller import ReplayHost

    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    assert open_replay(window, match, "benchmark")
    host = window.view.findChildren(ReplayHost)[0]

    def go(step: int) -> None:
        host.go(step)
        window.repaint()

    times = benchmark.pedantic(timed, args=(go, jumps(match.steps, 60)), rounds=1, iterations=1)
    note(benchmark, match, times, "window jump")
