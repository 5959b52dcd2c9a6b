"""The corner guess on synthetic photos: within a few pixels on the standard area, whatever the
turn and tilt; no guess where no area fills the middle."""
from __future__ import annotations

import numpy as np
import pytest

from core.clout.photo import find_corners, photo_from_array
from tests.synthetic_photo import random_layout, render_photo


@pytest.mark.parametrize("yaw, tilt, seed", [(0.0, 30.0, 1), (20.0, 30.0, 2), (-30.0, 20.0, 5)])
def test_the_standard_areas_corners_are_found_within_4_pixels(yaw, tilt, seed):
    shot = render_photo("standard", random_layout("standard", 20, seed), size=(1500, 1000), tilt_deg=tilt,
                        yaw_deg=yaw, seed=seed, uneven_light=0.5)
    found = find_corners(photo_from_array(shot.rgb))
    assert found is not None
    assert np.abs(np.asarray(found) - np.asarray(shot.corners_px)).max() < 4.0


def test_no_guess_without_an_area_in_the_middle():
    rng = np.random.default_rng(3)
    noise = rng.integers(0, 255, size=(600, 900, 3), dtype=np.uint8)
    assert find_corners(photo_from_array(noise)) is None
    wall = np.full((600, 900, 3), 120, dtype=np.uint8)  # one colour to the frame: no corners in view
    assert find_corners(photo_from_array(wall)) is None
