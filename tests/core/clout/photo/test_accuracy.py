"""The issue's accuracy goals on one synthetic 3000x2000 photo at a 30 degree tilt (blur, noise,
uneven light, shadows, touching chips, chips over the edge, chips near the felt's colour).
The 300-chip sweep over every area is tests/benchmarks/test_photo_accuracy.py."""
from __future__ import annotations

import pytest

from tests import synthetic_photo
from tests.core.clout.photo.accuracy import score


@pytest.fixture(scope="module")
def standard():
    chips = synthetic_photo.random_layout("standard", 60, seed=11)
    return score("standard", synthetic_photo.render_photo("standard", chips, seed=11, yaw_deg=12.0))


def test_centres_within_1_mm_median_and_2_mm_p95(standard):
    print(standard.line())
    assert standard.median_mm <= 1.0
    assert standard.p95_mm <= 2.0


def test_chips_found_and_no_false_finds(standard):
    assert standard.found_share >= 0.98
    assert standard.false_share <= 0.01


def test_stated_uncertainty_is_honest(standard):
    assert standard.median_mm <= standard.uncertainty_mm <= 2.0
