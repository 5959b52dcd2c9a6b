"""The synthetic photos the detector is measured against must be right themselves: marks where the
area really is, chip tops where a camera would see them, the same photo for the same seed."""
from __future__ import annotations

import math

import numpy as np
import pytest

from tests.synthetic_photo import SceneChip, random_layout, render_photo, save

FLAT = dict(blur_px=0.0, noise=0.0, uneven_light=0.0, shadows=False)


def _independent_projection(photo, x: float, y: float, z: float = 0.0) -> tuple[float, float]:
    """The same pinhole camera built another way: a camera looking straight down, turned about its
    right axis by the tilt and then about the vertical by the yaw, at the photo's camera position."""
    h, w = photo.rgb.shape[:2]
    f = photo.focal_35mm * math.hypot(w, h) / 43.27
    t = math.radians(photo.tilt_deg)
    yaw = math.radians(YAW)
    straight_down = np.array([[1.0, 0, 0], [0, 1.0, 0], [0, 0, -1.0]])  # rows: right, down, forward
    tilt = np.array([[1, 0, 0], [0, math.cos(t), -math.sin(t)], [0, math.sin(t), math.cos(t)]])
    turn = np.array([[math.cos(yaw), -math.sin(yaw), 0], [math.sin(yaw), math.cos(yaw), 0], [0, 0, 1]])
    R = straight_down @ tilt @ turn
    cam = R @ (np.array([x, y, z]) - photo.camera.C)
    return f * cam[0] / cam[2] + w / 2.0, f * cam[1] / cam[2] + h / 2.0


YAW = 12.0


@pytest.fixture(scope="module")
def standard():
    return render_photo("standard", (), size=(600, 400), tilt_deg=30.0, yaw_deg=YAW, seed=1, **FLAT)


def test_the_corners_are_where_an_independent_camera_puts_them(standard):
    corners = [(0, 0), (100, 0), (100, 100), (0, 100)]
    for (x, y), got in zip(corners, standard.corners_px):
        assert got == pytest.approx(_independent_projection(standard, x, y), abs=1e-6)
    # The camera looks at the area's centre from 30 degrees off straight down.
    offset = standard.camera.C - np.array([50.0, 50.0, 0.0])
    assert math.degrees(math.atan2(math.hypot(offset[0], offset[1]), offset[2])) == pytest.approx(30.0)
    assert standard.camera.project(50, 50) == pytest.approx((300.0, 200.0))


def test_the_rendered_area_lies_inside_its_corners(standard):
    """Felt just inside each corner, table just outside: the ray caster agrees with the marks."""
    rgb = standard.rgb.astype(int)
    centre = np.mean(standard.corners_px, axis=0)
    for cx, cy in standard.corners_px:
        d = (centre - (cx, cy)) / np.linalg.norm(centre - (cx, cy))
        inside = rgb[int(cy + 4 * d[1]), int(cx + 4 * d[0])]
        outside = rgb[int(cy - 4 * d[1]), int(cx - 4 * d[0])]
        assert inside[1] > inside[0] + 15  # green felt
        assert outside[0] > outside[1] + 15  # brown wood


def _face_centroid(photo, near: tuple[float, float]) -> tuple[float, float]:
    """The chip face around image point `near`: everything bright red or lighter (its rim, art and
    ink), not its darker wall nor the felt."""
    c0, r0 = int(near[0]) - 18, int(near[1]) - 18
    face = photo.rgb[r0:r0 + 36, c0:c0 + 36, 0] >= 150
    rows, cols = np.nonzero(face)
    return float(c0 + cols.mean() + 0.5), float(r0 + rows.mean() + 0.5)


def _on_table(photo, u: float, v: float) -> np.ndarray:
    """Where the ray through image point (u, v) meets the table."""
    cam = photo.camera
    ray = cam.R.T @ np.linalg.solve(cam.K, np.array([u, v, 1.0]))
    return cam.C[:2] + ray[:2] * (-cam.C[2] / ray[2])


def _disc_centroid(photo, x: float, y: float, z: float) -> np.ndarray:
    """The centroid of a chip-sized disc's image: perspective puts it ~0.1 px off the centre's image."""
    angles = np.linspace(0, 2 * math.pi, 720, endpoint=False)
    rim = np.array([photo.camera.project(x + 2 * math.cos(a), y + 2 * math.sin(a), z) for a in angles])
    u, v = rim[:, 0], rim[:, 1]
    u1, v1 = np.roll(u, -1), np.roll(v, -1)
    cross = u * v1 - u1 * v
    return np.array([(u + u1) @ cross, (v + v1) @ cross]) / (3 * cross.sum())


@pytest.mark.parametrize("thickness_mm", [3.3, 0.0])
def test_a_chip_top_is_seen_at_its_height(thickness_mm):
    """At 30 degrees a 3.3 mm chip's top looks 1.9 mm farther from the camera than where it sits.

    Nine chips at different sub-pixel phases: one face's centroid is off by up to 0.2 px from
    pixel sampling alone, their mean is not."""
    rng = np.random.default_rng(0)
    chips = [SceneChip(44.0 + 6 * i + rng.uniform(0, 1), 44.0 + 6 * j + rng.uniform(0, 1), (222, 30, 30))
             for i in range(3) for j in range(3)]
    photo = render_photo("standard", chips, size=(1500, 1000), thickness_mm=thickness_mm, seed=2, **FLAT)
    height = thickness_mm / 10.0
    errors, seen, expected = [], [], []
    for chip in chips:
        base = np.array([chip.x_cm, chip.y_cm])
        centroid = np.array(_face_centroid(photo, photo.camera.project(chip.x_cm, chip.y_cm, height)))
        top = _disc_centroid(photo, chip.x_cm, chip.y_cm, height)
        errors.append(centroid - top)
        assert np.linalg.norm(centroid - _disc_centroid(photo, chip.x_cm, chip.y_cm, 0.0)) > (1.0 if height else -1)
        centre = centroid - (top - photo.camera.project(chip.x_cm, chip.y_cm, height))
        seen.append(_on_table(photo, *centre) - base)
        # The ray through the top's centre meets the table beyond it, away from the camera.
        expected.append((base - photo.camera.C[:2]) * height / (photo.camera.C[2] - height))
    errors, seen, expected = np.array(errors), np.array(seen), np.array(expected)
    assert np.abs(errors).max() < 0.25
    assert errors.mean(axis=0) == pytest.approx((0.0, 0.0), abs=0.04)
    assert seen.mean(axis=0) == pytest.approx(expected.mean(axis=0), abs=0.006)
    assert expected.mean(axis=0) == pytest.approx((0.0, -height * math.tan(math.radians(30))), abs=0.01)


def test_the_same_seed_makes_the_same_photo():
    chips = random_layout("pool-table", 12, seed=5)
    assert chips == random_layout("pool-table", 12, seed=5)
    a = render_photo("pool-table", chips, size=(300, 200), seed=7)
    b = render_photo("pool-table", chips, size=(300, 200), seed=7)
    c = render_photo("pool-table", chips, size=(300, 200), seed=8)
    assert np.array_equal(a.rgb, b.rgb)
    assert not np.array_equal(a.rgb, c.rgb)
    assert a.rgb.shape == (200, 300, 3) and a.rgb.dtype == np.uint8


def test_a_random_layout_has_touching_chips_edge_chips_and_no_overlaps():
    chips = random_layout("standard", 80, seed=3, touching=0.3)
    xy = np.array([(c.x_cm, c.y_cm) for c in chips])
    gaps = np.linalg.norm(xy[:, None] - xy[None, :], axis=2) + np.eye(len(xy)) * 1e9
    assert gaps.min() >= 4.0
    assert ((gaps >= 4.0) & (gaps <= 4.3)).any(axis=1).sum() >= 10
    assert ((xy >= 0) & (xy <= 100)).all()
    edge = np.minimum(xy, 100 - xy).min(axis=1)
    assert edge.min() >= 1.0 and (edge < 2.0).any()
    assert len({c.colour for c in chips}) > 40


def test_the_rug_outline_and_top_lie_on_the_rug_edge(tmp_path):
    photo = render_photo("rug", (), size=(600, 400), tilt_deg=30.0, seed=4, **FLAT)
    pts = np.array(photo.outline_px)
    assert len(pts) >= 8
    # A circle seen through a pinhole is a conic: all the points satisfy the one through the first five.
    rows = np.array([[x * x, x * y, y * y, x, y, 1.0] for x, y in pts / 100.0])
    conic = np.linalg.svd(rows[:5])[2][-1]
    assert np.abs(rows @ conic).max() < 1e-8
    assert photo.top_px == pytest.approx(photo.camera.project(75.0, 0.0))
    assert photo.top_px == pytest.approx(tuple(pts[0]))
    assert photo.corners_px[0] == pytest.approx(photo.camera.project(0.0, 0.0))
    rgb = photo.rgb.astype(int)
    centre = np.array(photo.camera.project(75.0, 75.0))
    for p in pts:
        d = (centre - p) / np.linalg.norm(centre - p)
        inside, outside = rgb[tuple(np.int_(p + 3 * d)[::-1])], rgb[tuple(np.int_(p - 3 * d)[::-1])]
        assert inside[0] - inside[1] > 50 and outside[1] - outside[2] > 25  # red rug, wooden floor
    from PySide6.QtGui import QImage
    for name in ("rug.png", "rug.jpg"):
        save(photo, tmp_path / name)
        assert QImage(str(tmp_path / name)).size().toTuple() == (600, 400)
    with pytest.raises(OSError):
        save(photo, tmp_path / "missing" / "rug.jpg")
