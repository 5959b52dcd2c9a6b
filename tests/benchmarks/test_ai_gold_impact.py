"""Issue 13's bars for the computer players of A Fistful of Gold and Impact, 200 games per
pairing, seats alternating, a draw counting half; and their decision times.

Long: run with BATTLEBOX_BENCH=1 (tests/conftest.py leaves this folder out otherwise).
Each rate is printed and kept in the benchmark's extra_info.
"""
from __future__ import annotations

from typing import Any

import pytest

from core.ai.heuristics import HEURISTICS
from core.ai.selfplay import run
from tests.core.ai.test_gold_ai import FIXED, computer, score_against

GAMES = 200
GOLD = "fistful-of-gold"


def _record(benchmark: Any, rate: float, what: str) -> None:
    benchmark.extra_info["score"] = rate
    print(f"{what}: {rate:.1%} of {GAMES} games")


@pytest.mark.parametrize("name", sorted(FIXED))
def test_gold_normal_against_a_fixed_strategy(benchmark: Any, name: str) -> None:
    rate = benchmark.pedantic(score_against, args=(computer("normal"), FIXED[name], GAMES), rounds=1, iterations=1)
    _record(benchmark, rate, f"gold normal vs {name}")
    assert rate >= 0.45


@pytest.mark.parametrize(("rival", "bar"), [("random", 0.80), ("easy", 0.60)])
def test_gold_normal_against_random_and_easy(benchmark: Any, rival: str, bar: float) -> None:
    opponent = None if rival == "random" else HEURISTICS[GOLD]
    rate = benchmark.pedantic(score_against, args=(computer("normal"), opponent, GAMES), rounds=1, iterations=1)
    _record(benchmark, rate, f"gold normal vs {rival}")
    assert rate >= bar


def test_gold_strong_against_normal(benchmark: Any) -> None:
    rate = benchmark.pedantic(score_against, args=(computer("strong"), computer("normal"), GAMES),
                              rounds=1, iterations=1)
    _record(benchmark, rate, "gold strong vs normal")
    assert rate >= 0.50


@pytest.mark.parametrize(("level", "limit"), [("normal", 1.0), ("strong", 5.0)])
def test_gold_decision_times(level: str, limit: float) -> None:
    report = run(GOLD, 10, 7, [level, "random"])
    p95 = report["decision_seconds"][level]["p95"]
    print(f"gold {level}: 95 % of decisions within {p95:.3f} s")
    assert p95 <= limit


# --- Impact -----------------------------------------------------------------------------------

def _impact_score(specs: list[str], games: int = GAMES) -> float:
    """The first spec's score (a shared first place splits the point), seats rotating."""
    report = run("impact", games, 11, specs)
    return report["score"][0] / games


@pytest.mark.parametrize(("rival", "bar"), [("random", 0.70), ("easy", 0.55)])
def test_impact_normal_two_players(benchmark: Any, rival: str, bar: float) -> None:
    rate = benchmark.pedantic(_impact_score, args=(["normal", rival],), rounds=1, iterations=1)
    _record(benchmark, rate, f"impact normal vs {rival}")
    assert rate >= bar


@pytest.mark.parametrize("players", [3, 4])
def test_impact_normal_wins_double_its_share_against_random_seats(benchmark: Any, players: int) -> None:
    rate = benchmark.pedantic(_impact_score, args=(["normal"] + ["random"] * (players - 1),),
                              rounds=1, iterations=1)
    _record(benchmark, rate, f"impact normal vs {players - 1} random seats")
    assert rate >= 2 / players


@pytest.mark.parametrize(("level", "limit"), [("normal", 1.0), ("strong", 5.0)])
def test_impact_decision_times(level: str, limit: float) -> None:
    report = run("impact", 10, 7, [level, "easy"])
    p95 = report["decision_seconds"][level]["p95"]
    print(f"impact {level}: 95 % of decisions within {p95:.3f} s")
    assert p95 <= limit
