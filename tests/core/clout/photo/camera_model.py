"""A known pinhole camera over an area, independent of core.clout.photo, to check it against."""
from __future__ import annotations

import numpy as np


def camera(size, tilt_deg, yaw_deg, focal_35mm, target, distance):
    """K, R (area->camera), t and the camera centre (area frame: x right, y down, z into the table).

    The camera stands back towards the area's bottom edge (turned by yaw), tilted tilt_deg from
    straight down, with the area's far edge at the top of the picture.
    """
    w, h = size
    f = focal_35mm * np.hypot(w, h) / 43.27
    k = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1.0]])
    tilt, yaw = np.radians(tilt_deg), np.radians(yaw_deg)
    back = np.array([np.sin(yaw) * np.sin(tilt), np.cos(yaw) * np.sin(tilt), -np.cos(tilt)])
    centre = np.array([target[0], target[1], 0.0]) + distance * back
    forward = -back
    up = np.array([-np.sin(yaw), -np.cos(yaw), 0.0])
    down = -(up - (up @ forward) * forward)
    down /= np.linalg.norm(down)
    right = np.cross(down, forward)
    r = np.vstack([right, down, forward])
    return k, r, -r @ centre, centre


def project(k, r, t, pts_cm, height_cm=0.0):
    """Image pixels of area points `height_cm` above the table."""
    p = np.asarray(pts_cm, float).reshape(-1, 2)
    world = np.column_stack([p, np.full(len(p), -height_cm)])
    cam = world @ r.T + t
    img = cam @ k.T
    return img[:, :2] / img[:, 2:3]


def render_discs(size, k, r, t, centres_cm, *, height_cm=0.0, radius_cm=2.0, chip=(200, 60, 40),
                 table=(40, 110, 70), noise=3.0, seed=0, samples=2) -> np.ndarray:
    """A plain photo: flat discs (chip tops at `height_cm`, no side walls) on an evenly lit table.

    Small and independent of tests/synthetic_photo.py, for quick checks of the detector's geometry.
    """
    w, h = size
    kinv = np.linalg.inv(k)
    centre = -r.T @ t
    acc = np.zeros((h, w, 3))
    offsets = (np.arange(samples) + 0.5) / samples
    cs = np.asarray(centres_cm, float).reshape(-1, 2)
    for oy in offsets:
        for ox in offsets:
            u, v = np.meshgrid(np.arange(w) + ox, np.arange(h) + oy)
            rays = np.stack([u, v, np.ones_like(u)], axis=-1) @ kinv.T @ r  # area frame
            s_top = (-height_cm - centre[2]) / rays[..., 2]
            top = centre[:2] + s_top[..., None] * rays[..., :2]
            d2 = ((top[..., None, :] - cs[None, None, :, :]) ** 2).sum(-1).min(-1) if len(cs) else np.full((h, w), 1e9)
            hit = d2 <= radius_cm ** 2
            acc += np.where(hit[..., None], np.array(chip, float), np.array(table, float))
    img = acc / samples ** 2 + np.random.default_rng(seed).normal(0, noise, (h, w, 3))
    return np.clip(np.round(img), 0, 255).astype(np.uint8)
