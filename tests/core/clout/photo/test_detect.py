"""Chip detection on small plain renders: geometry, thickness, cancelling. (Accuracy on realistic
synthetic photos: test_accuracy.py.)"""
from __future__ import annotations

import numpy as np
import pytest

from core.clout.photo import DetectionCancelled, PhotoError, find_chips, map_area, photo_from_array
from tests.core.clout.photo.camera_model import camera, project, render_discs

SIZE = (1050, 700)
SQUARE = np.array([[0, 0], [100, 0], [100, 100], [0, 100.0]])
CHIPS = np.array([[20.0, 20.0], [50.0, 50.0], [54.1, 50.0], [80.0, 30.0], [30.0, 85.0], [98.8, 70.0]])


@pytest.fixture(scope="module")
def scene():
    k, r, t, _ = camera(SIZE, 30.0, 10.0, 26.0, (50, 50), 125.0)
    rgb = render_discs(SIZE, k, r, t, CHIPS, height_cm=0.33)
    mapping = map_area("standard", SIZE, corners=project(k, r, t, SQUARE))
    return photo_from_array(rgb, "discs"), mapping


@pytest.fixture(scope="module")
def found(scene):
    """One detection shared by the tests (with the progress it reported)."""
    seen: list[float] = []
    return find_chips(*scene, progress=lambda f: seen.append(f) or True), seen


def _errors_mm(found, truth):
    pts = np.array([[c.x_cm, c.y_cm] for c in found]).reshape(-1, 2)
    d = np.hypot(*(pts[:, None, :] - truth[None, :, :]).transpose(2, 0, 1))
    return d.min(axis=1) * 10, d.argmin(axis=1), pts


def test_every_disc_found_once_to_a_fraction_of_a_millimetre(found):
    det = found[0]
    err, which, _ = _errors_mm(det.chips, CHIPS)
    assert sorted(which) == list(range(len(CHIPS)))  # touching pair and the one over the edge too
    assert err.max() < 0.6, err
    assert all(0 < c.confidence <= 1 for c in det.chips)
    assert 0 < det.uncertainty_mm < 1.0
    reds = [c.colour for c in det.chips]
    assert all(cr > 150 and cg < 110 for cr, cg, _ in reds)


def test_without_the_thickness_correction_centres_are_off_by_the_parallax(scene):
    photo, mapping = scene
    err, which, pts = _errors_mm(find_chips(photo, mapping, thickness_mm=0.0).chips, CHIPS)
    assert 1.0 < np.median(err) < 3.0  # about 3.3 mm x tan(tilt) where the camera looks
    cam = mapping.camera_cm[:2]
    away = np.einsum("ij,ij->i", pts - CHIPS[which], CHIPS[which] - cam)
    assert (away > 0).all()  # uncorrected, each lies beyond its chip as seen from the camera


def test_an_empty_table_has_no_chips():
    small = (600, 400)
    k, r, t, _ = camera(small, 20.0, 0.0, 26.0, (50, 50), 125.0)
    photo = photo_from_array(render_discs(small, k, r, t, [], noise=6.0, samples=1))
    det = find_chips(photo, map_area("standard", small, corners=project(k, r, t, SQUARE)))
    assert det.chips == ()


def test_progress_is_reported_and_can_cancel(scene, found):
    photo, mapping = scene
    seen = found[1]
    assert seen[0] == 0.0 and seen[-1] == 1.0 and seen == sorted(seen) and len(seen) >= 5
    with pytest.raises(DetectionCancelled):
        find_chips(photo, mapping, progress=lambda f: f < 0.1)


def test_marks_from_another_photo_or_silly_thickness_are_refused(scene):
    photo, mapping = scene
    other = photo_from_array(np.zeros((100, 150, 3), np.uint8))
    with pytest.raises(PhotoError, match="another size"):
        find_chips(other, mapping)
    with pytest.raises(PhotoError, match="thickness"):
        find_chips(photo, mapping, thickness_mm=-1)
