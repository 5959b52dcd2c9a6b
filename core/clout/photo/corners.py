"""A first guess at the area's four corners, for the player to confirm or drag.

A playing area is a mat or cloth of one colour filling the middle of the photo, so the guess is
colour, not lines: the pixels like the photo's centre (in chromaticity and, loosely, brightness,
so uneven light and the chips on it matter little) that connect to the centre form the area;
its convex hull is cut to the four-sided figure of largest area, and each side is then fitted
to the hull's boundary points near it. A photo whose middle is not the area, or whose area
touches the frame, gives no guess rather than a wrong one.
"""
from __future__ import annotations

import numpy as np

from core.clout.photo.image import Photo

WORK_SIDE = 400  # pixels on the longest side of the working copy
MIN_SHARE = 0.08  # of the photo the area must cover
TOLERANCE = 3.5  # robust spreads of the centre's colour that still count as the area
BRIGHTNESS = 0.3  # weight of log brightness beside chromaticity


def _features(rgb: np.ndarray) -> np.ndarray:
    """Chromaticity (light-independent) and log brightness at a tenth of its weight."""
    total = rgb.sum(axis=2) + 3.0
    chroma = rgb[..., :2] / total[..., None]
    return np.dstack([chroma * 10.0, np.log(total) * BRIGHTNESS])


def _grow(mask: np.ndarray, seed: tuple[int, int]) -> np.ndarray:
    """The 4-connected part of `mask` holding `seed` (repeated dilation: the working copy is small)."""
    region = np.zeros_like(mask)
    region[seed] = mask[seed]
    while True:
        grown = region.copy()
        grown[1:] |= region[:-1]
        grown[:-1] |= region[1:]
        grown[:, 1:] |= region[:, :-1]
        grown[:, :-1] |= region[:, 1:]
        grown &= mask
        if (grown == region).all():
            return region
        region = grown


def _hull(points: np.ndarray) -> np.ndarray:
    """Convex hull, counter-clockwise in image coordinates' maths sense (monotone chain)."""
    pts = sorted(set(map(tuple, points.tolist())))
    if len(pts) < 3:
        return np.asarray(pts, float)

    def cross(o: tuple, a: tuple, b: tuple) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[tuple] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return np.asarray(lower[:-1] + upper[:-1], float)


def _area(quad: np.ndarray) -> float:
    x, y = quad[:, 0], quad[:, 1]
    return 0.5 * abs(float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))))


def _largest_quad(hull: np.ndarray) -> list[int]:
    """Indices of four hull vertices enclosing the most area (diagonal extremes, then each
    vertex moved while the area grows)."""
    s, d = hull.sum(axis=1), hull[:, 0] - hull[:, 1]
    pick = sorted({int(np.argmin(s)), int(np.argmax(d)), int(np.argmax(s)), int(np.argmin(d))})
    while len(pick) < 4:
        pick = sorted(set(pick) | {len(hull) // 4 * len(pick)})
    best = _area(hull[pick])
    improved = True
    while improved:
        improved = False
        for k in range(4):
            for i in range(len(hull)):
                if i in pick:
                    continue
                trial = sorted(pick[:k] + [i] + pick[k + 1:])
                area = _area(hull[trial])
                if area > best + 1e-9:
                    pick, best, improved = trial, area, True
    return pick


def _fit_line(points: np.ndarray) -> tuple[np.ndarray, float]:
    """Normal n and offset c of the total-least-squares line n . p = c."""
    centre = points.mean(axis=0)
    _, _, vt = np.linalg.svd(points - centre)
    normal = vt[-1]
    return normal, float(normal @ centre)


def find_corners(photo: Photo) -> tuple[tuple[float, float], ...] | None:
    """The area's corners in image pixels (Qt's convention), top-left, top-right, bottom-right,
    bottom-left as the photo shows them; None when no clear area fills the middle."""
    rgb = photo.rgb
    height, width = rgb.shape[:2]
    step = max(1, int(np.ceil(max(width, height) / WORK_SIDE)))
    h, w = height // step, width // step
    small = rgb[:h * step, :w * step].reshape(h, step, w, step, 3).mean(axis=(1, 3))  # block means: less noise
    feats = _features(small)
    cy, cx = h // 2, w // 2
    patch = feats[cy - h // 20: cy + h // 20 + 1, cx - w // 20: cx + w // 20 + 1].reshape(-1, 3)
    centre = np.median(patch, axis=0)
    spread = np.median(np.abs(patch - centre), axis=0) * 1.4826 + np.array([0.02, 0.02, 0.02])
    distance = np.sqrt((((feats - centre) / spread) ** 2).sum(axis=2))
    region = _grow(distance < TOLERANCE * np.sqrt(3.0), (cy, cx))
    if region.mean() < MIN_SHARE:
        return None
    edge = np.concatenate([region[0], region[-1], region[:, 0], region[:, -1]])
    if edge.mean() > 0.02:
        return None  # the area runs out of the frame: its corners are not all in the photo
    rows, cols = np.nonzero(region)
    hull = _hull(np.column_stack([cols, rows]))
    if len(hull) < 4:
        return None
    corners = hull[_largest_quad(hull)]
    inner = region[1:-1, 1:-1]
    border = inner & ~(region[:-2, 1:-1] & region[2:, 1:-1] & region[1:-1, :-2] & region[1:-1, 2:])
    by, bx = np.nonzero(border)
    boundary = np.column_stack([bx + 1, by + 1]).astype(float)
    lines = []
    for k in range(4):
        a, b = corners[k], corners[(k + 1) % 4]
        side = b - a
        length = float(np.hypot(*side))
        if length < 4:
            return None
        normal = np.array([-side[1], side[0]]) / length
        along = (boundary - a) @ side / length ** 2
        near = boundary[(np.abs((boundary - a) @ normal) < 2.5) & (along > 0.1) & (along < 0.9)]
        n, c = _fit_line(near) if len(near) >= 8 else _fit_line(np.vstack([a, b]))
        if n @ corners.mean(axis=0) > c:
            n, c = -n, -c
        lines.append((n, c + 1.0))  # the block beyond the last inside one mixes both colours
    refined = []
    for k in range(4):
        (n1, c1), (n2, c2) = lines[k - 1], lines[k]
        m = np.vstack([n1, n2])
        if abs(np.linalg.det(m)) < 1e-6:
            return None
        refined.append(np.linalg.solve(m, [c1, c2]))
    quad = (np.asarray(refined) + 0.5) * step  # working pixel (c, r) spans image pixels c*step to (c+1)*step
    centroid = quad.mean(axis=0)
    angles = np.arctan2(quad[:, 1] - centroid[1], quad[:, 0] - centroid[0])
    order = np.argsort(angles)  # image y runs down: increasing angle goes clockwise on screen
    quad = quad[order]
    first = int(np.argmin(quad.sum(axis=1)))  # the corner nearest the photo's top-left
    quad = np.roll(quad, -first, axis=0)
    return tuple((float(x), float(y)) for x, y in quad)
