"""The one way a benchmark records a rate: the count and count/second in its extra_info."""
from __future__ import annotations

from typing import Any


def record_rate(benchmark: Any, count: int, unit: str) -> None:
    stats = getattr(benchmark, "stats", None)
    if stats is not None and stats.stats.mean:
        benchmark.extra_info[f"{unit}_per_s"] = round(count / stats.stats.mean)
    benchmark.extra_info[unit] = count
