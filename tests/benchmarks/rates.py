"""The one way a benchmark records a rate: the count and count/second in its extra_info."""
from __future__ import annotations

from typing import Any


def record_rate(benchmark: Any, count: int, unit: str) -> None:
    stats = getattr(benchmark, "stats", None)
    if stats is not None and stats.stats.mean:
        benchmark.extra_info[f"{unit}_per_s"] = round(count / stats.stats.mean)
    benchmark.extra_info[unit] = count


DECISION_LIMITS = {"normal": 1.0, "strong": 5.0}  # issue 13: 95 % of decisions within these seconds


def measure_pairing(benchmark: Any, game_id: str, specs: list[str], games: int, seed: int) -> dict[str, Any]:
    """One self-play pairing, its first player's share and thinking times recorded; the 95th
    percentile of each level's decisions is held to its limit."""
    from core.ai.selfplay import run
    report = benchmark.pedantic(run, args=(game_id, games, seed, specs), rounds=1, iterations=1)
    share = report["score"][0] / games
    benchmark.extra_info["share"] = share
    benchmark.extra_info["decision_seconds"] = report["decision_seconds"]
    print(f"{game_id} {','.join(specs)}: {specs[0]} scores {share:.1%} of {games} games; "
          f"{report['decision_seconds']}")
    for level, limit in DECISION_LIMITS.items():
        if level in report["decision_seconds"]:
            assert report["decision_seconds"][level]["p95"] <= limit
    return report
