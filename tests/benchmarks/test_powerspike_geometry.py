"""Power Spike measuring speed: the game asks who is in range / in contact for every unit after each move."""
from __future__ import annotations

import random

from core.powerspike.geometry import Tray, TrayIndex, check_move, distance_in
from maps.powerspike.table import load_table

UNITS = 100


def _armies(seed: int = 5) -> dict[str, Tray]:
    rng = random.Random(seed)
    return {f"u{k}": Tray((rng.uniform(2, 70), rng.uniform(2, 46)), rng.choice((0, 90, 180, 270)), 2, 1)
            for k in range(UNITS)}


def test_index_range_queries_for_100_units(benchmark):
    trays = _armies()

    def every_unit_in_range() -> int:
        index = TrayIndex(trays)
        return sum(len(index.in_range_of(uid, 12)) for uid in trays)

    pairs = benchmark(every_unit_in_range)
    brute = sum(distance_in(trays[a], trays[b]) <= 12 + 1e-6 for a in trays for b in trays if a != b)
    assert pairs == brute


def test_index_all_in_range_in_one_query_for_100_units(benchmark):
    trays = _armies()
    ranges = {uid: (6, 12, 24)[k % 3] for k, uid in enumerate(trays)}

    found = benchmark(lambda: TrayIndex(trays).all_in_range(ranges))
    for uid in ("u0", "u1", "u2"):
        assert found[uid] == [o for o in trays if o != uid and distance_in(trays[uid], trays[o]) <= ranges[uid] + 1e-6]


def test_index_contact_queries_for_100_units(benchmark):
    trays = _armies()
    first = trays["u0"]
    trays["touching"] = Tray((first.centre[0], first.centre[1] + (1.0 if first.facing_deg in (0, 180) else 2.0)),
                             first.facing_deg, 2, 1)

    def all_contacts() -> list[tuple[str, str]]:
        return TrayIndex(trays).contacts()

    contacts = benchmark(all_contacts)
    assert ("touching", "u0") in contacts or ("u0", "touching") in contacts


def test_check_move_among_100_units(benchmark):
    table = load_table()
    trays = _armies()
    unit = trays.pop("u0")
    end = (unit.centre[0] + 3, unit.centre[1])
    reasons = benchmark(check_move, unit, end, unit.facing_deg, 6, trays, table.terrain, table)
    assert isinstance(reasons, list) and all(isinstance(r, str) for r in reasons)
