"""The perspective and the camera pose from the player's marks, against a known pinhole camera."""
from __future__ import annotations

import numpy as np
import pytest

from core.clout.photo import PhotoError, map_area
from core.clout.photo import perspective
from tests.core.clout.photo.camera_model import camera, project

SIZE = (3000, 2000)
SQUARE = np.array([[0, 0], [100, 0], [100, 100], [0, 100.0]])


def _standard(tilt=30.0, yaw=15.0, focal=26.0):
    k, r, t, centre = camera(SIZE, tilt, yaw, focal, (50, 50), 170.0)
    return project(k, r, t, SQUARE), (k, r, t, centre)


def test_homography_round_trip():
    rng = np.random.default_rng(3)
    src = rng.uniform(0, 100, (4, 2))
    dst = src @ np.array([[9.0, 1.5], [-2.0, 8.0]]) + [400, 300] + rng.normal(0, 20, (4, 2))
    h = perspective.homography(src, dst)
    assert np.allclose(perspective.apply(h, src), dst, atol=1e-7)
    pts = rng.uniform(0, 100, (50, 2))
    back = perspective.apply(np.linalg.inv(h), perspective.apply(h, pts))
    assert np.allclose(back, pts, atol=1e-8)


def test_mapping_takes_photo_points_to_area_cm_and_back():
    corners, (k, r, t, _) = _standard()
    mapping = map_area("standard", SIZE, corners=corners)
    pts = np.random.default_rng(1).uniform(0, 100, (40, 2))
    seen = project(k, r, t, pts)
    assert np.allclose(mapping.to_area(seen), pts, atol=1e-6)
    assert np.allclose(mapping.to_image(pts), seen, atol=1e-5)


@pytest.mark.parametrize("tilt,yaw", [(0.5, 0.0), (30.0, 0.0), (35.0, -60.0), (20.0, 140.0)])
def test_pose_recovered_from_corners_and_the_lens(tilt, yaw):
    corners, (_, _, _, centre) = _standard(tilt, yaw)
    mapping = map_area("standard", SIZE, corners=corners)
    expected = centre * [1, 1, -1]
    assert np.allclose(mapping.camera_cm, expected, atol=1e-6)
    assert mapping.tilt_deg == pytest.approx(tilt, abs=1e-6)


def test_exif_focal_length_changes_the_pose():
    k, r, t, centre = camera(SIZE, 30.0, 0.0, 50.0, (50, 50), 300.0)
    corners = project(k, r, t, SQUARE)
    assert np.allclose(map_area("standard", SIZE, corners=corners, focal_35mm=50.0).camera_cm,
                       centre * [1, 1, -1], atol=1e-6)
    wrong = map_area("standard", SIZE, corners=corners).camera_cm
    assert abs(wrong[2] - centre[2] * -1) > 20  # a 26 mm guess puts the camera far lower


def test_thickness_moves_the_top_face_centre_towards_the_camera_by_1_9_mm_at_30_degrees():
    k, r, t, centre = camera(SIZE, 30.0, 0.0, 26.0, (50, 50), 170.0)
    mapping = map_area("standard", SIZE, corners=project(k, r, t, SQUARE))
    chip = np.array([[50.0, 50.0]])
    top_seen = mapping.to_area(project(k, r, t, chip, height_cm=0.33))
    shift = top_seen - chip
    assert np.hypot(*shift[0]) * 10 == pytest.approx(0.33 * np.tan(np.radians(30)) * 10, abs=0.02)
    assert shift[0, 1] < 0 and abs(shift[0, 0]) < 1e-9  # seen farther from the camera (at +y)
    assert np.allclose(mapping.to_table(top_seen, 0.33), chip, atol=1e-9)


def test_top_face_looks_a_little_larger():
    corners, _ = _standard()
    mapping = map_area("standard", SIZE, corners=corners)
    assert 1.0 < mapping.top_scale(0.33) < 1.005


def test_pool_table_maps_its_own_size():
    k, r, t, _ = camera(SIZE, 25.0, 0.0, 26.0, (127, 63.5), 330.0)
    rect = np.array([[0, 0], [254, 0], [254, 127], [0, 127.0]])
    mapping = map_area("pool-table", SIZE, corners=project(k, r, t, rect))
    assert np.allclose(mapping.to_area(project(k, r, t, [[200.0, 100.0]])), [[200, 100]], atol=1e-6)


def _rug_marks(tilt, yaw, count=8, noise=0.0):
    k, r, t, centre = camera(SIZE, tilt, yaw, 26.0, (75, 75), 260.0)
    angles = np.linspace(0, 2 * np.pi, count, endpoint=False) + 0.2
    edge = np.column_stack([75 + 75 * np.cos(angles), 75 + 75 * np.sin(angles)])
    outline = project(k, r, t, edge) + np.random.default_rng(0).normal(0, noise, (count, 2))
    return outline, project(k, r, t, [[75.0, 0.0]]), (k, r, t, centre)


@pytest.mark.parametrize("tilt,yaw", [(30.0, 0.0), (30.0, 40.0), (10.0, -120.0)])
def test_rug_plane_recovered_from_its_edge_ellipse_and_top(tilt, yaw):
    outline, top, (k, r, t, centre) = _rug_marks(tilt, yaw)
    mapping = map_area("rug", SIZE, outline=outline, top=top)
    pts = np.random.default_rng(2).uniform(30, 120, (30, 2))
    assert np.abs(mapping.to_area(project(k, r, t, pts)) - pts).max() < 0.02  # 0.2 mm
    assert np.allclose(mapping.camera_cm, centre * [1, 1, -1], atol=0.05)


def test_rug_with_slightly_misplaced_marks_is_still_close():
    outline, top, (k, r, t, _) = _rug_marks(30.0, 10.0, count=12, noise=1.5)
    mapping = map_area("rug", SIZE, outline=outline, top=top)
    pts = np.array([[75.0, 75.0], [40.0, 100.0]])
    assert np.abs(mapping.to_area(project(k, r, t, pts)) - pts).max() < 1.0


@pytest.mark.parametrize("corners,words", [
    ([[100, 100], [900, 100], [900, 900]], "4 corners"),
    ([[100, 100], [500, 100], [900, 100], [1300, 100]], "one line"),
    ([[100, 100], [900, 900], [900, 100], [100, 900]], "crossed"),
    ([[100, 100], [100, 900], [900, 900], [900, 100]], "anticlockwise"),
    ([[100, 100], [101, 100], [900, 900], [100, 900]], "same place"),
    ([[100, 100], [900, 100], [400, 300], [100, 900]], "not convex"),
    ([[100, 100], [90000, 100], [900, 900], [100, 900]], "far outside"),
])
def test_impossible_corners_are_refused_with_a_reason(corners, words):
    with pytest.raises(PhotoError, match=words):
        map_area("standard", SIZE, corners=corners)


def test_rug_marks_refused_when_too_few_or_not_an_ellipse():
    outline, top, _ = _rug_marks(30.0, 0.0)
    with pytest.raises(PhotoError, match="at least 5"):
        map_area("rug", SIZE, outline=outline[:4], top=top)
    with pytest.raises(PhotoError, match="outline"):
        map_area("rug", SIZE, outline=None, top=top)
    line = np.column_stack([np.linspace(100, 2000, 6), np.linspace(300, 900, 6)])
    with pytest.raises(PhotoError):
        map_area("rug", SIZE, outline=line, top=top)
    with pytest.raises(PhotoError, match="four corners"):
        map_area("standard", SIZE, outline=outline, top=top)
