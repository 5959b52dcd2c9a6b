"""The JPEG the frozen app's smoke run measures (tests/photos): every chip found, each within 2 mm."""
from __future__ import annotations

import json
import math
from pathlib import Path

from core.clout.photo import find_chips, load_photo, map_area

PHOTO = Path(__file__).parents[3] / "photos" / "standard-12-chips"


def test_the_smoke_runs_photo_gives_every_chip_within_2_mm() -> None:
    facts = json.loads(PHOTO.with_suffix(".json").read_text())
    values = [float(v) for v in facts["corners"].split(",")]
    photo = load_photo(PHOTO.with_suffix(".jpg"))
    mapping = map_area(facts["area"], photo.size, corners=list(zip(values[::2], values[1::2])))
    found = find_chips(photo, mapping).chips
    assert len(found) == len(facts["chips"]) == 12
    for x, y in facts["chips"]:
        nearest = min(math.hypot(c.x_cm - x, c.y_cm - y) for c in found)
        assert nearest <= 0.2, (x, y, nearest)
