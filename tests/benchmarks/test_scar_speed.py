"""Map of Scar speed: the GUI loads the map when a game opens and asks region_at on every click/hover."""
from __future__ import annotations

import random
from pathlib import Path

from maps.scar import load_scar

MAP_FILE = Path(__file__).resolve().parents[2] / "maps" / "scar.json"


def test_load_scar_uncached(benchmark):
    scar = benchmark(load_scar, MAP_FILE)
    assert len(scar.regions) == 12


def test_region_at_10000_lookups(benchmark):
    scar = load_scar()
    rng = random.Random(7)
    w, h = scar.size
    points = [(rng.uniform(0, w), rng.uniform(0, h)) for _ in range(10_000)]

    def lookups() -> int:
        return sum(scar.region_at(x, y) is not None for x, y in points)

    on_land = benchmark(lookups)
    assert 0 < on_land < len(points)
