"""Plane-to-image geometry with numpy: homographies from four marks and the rug's edge ellipse."""
from __future__ import annotations

import numpy as np

from core.clout.photo.image import PhotoError


def _normaliser(pts: np.ndarray) -> np.ndarray:
    """Hartley's normalisation: centred, mean distance sqrt(2), so the DLT is well conditioned."""
    centre = pts.mean(axis=0)
    spread = np.sqrt(((pts - centre) ** 2).sum(axis=1)).mean()
    s = np.sqrt(2.0) / spread if spread > 0 else 1.0
    return np.array([[s, 0, -s * centre[0]], [0, s, -s * centre[1]], [0, 0, 1.0]])


def homography(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """The 3x3 H with dst ~ H src (normalised DLT; exact for four points in general position)."""
    src = np.asarray(src, float)
    dst = np.asarray(dst, float)
    ts, td = _normaliser(src), _normaliser(dst)
    a = apply(ts, src)
    b = apply(td, dst)
    rows = []
    for (x, y), (u, v) in zip(a, b):
        rows.append([-x, -y, -1, 0, 0, 0, u * x, u * y, u])
        rows.append([0, 0, 0, -x, -y, -1, v * x, v * y, v])
    _, _, vt = np.linalg.svd(np.asarray(rows))
    hn = vt[-1].reshape(3, 3)
    h = np.linalg.inv(td) @ hn @ ts
    return h / h[2, 2] if abs(h[2, 2]) > 1e-12 else h / np.linalg.norm(h)


def apply(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Map (N, 2) points through H (points on the line at infinity come out inf)."""
    p = np.asarray(pts, float).reshape(-1, 2)
    q = p @ h[:, :2].T + h[:, 2]
    with np.errstate(divide="ignore", invalid="ignore"):
        return q[:, :2] / q[:, 2:3]


def cross2(a: np.ndarray, b: np.ndarray) -> float:
    return float(a[0] * b[1] - a[1] * b[0])


def check_corners(corners: np.ndarray, image_size: tuple[int, int]) -> None:
    """Refuse marks no photo of a flat area can give: wrong count, repeated, crossed or not convex."""
    names = ("top-left", "top-right", "bottom-right", "bottom-left")
    if corners.shape != (4, 2) or not np.isfinite(corners).all():
        raise PhotoError(f"need 4 corners (x, y), got {len(corners)}")
    w, h = image_size
    span = max(w, h)
    for i, (x, y) in enumerate(corners):
        if not (-2 * span <= x <= 3 * span and -2 * span <= y <= 3 * span):
            raise PhotoError(f"the {names[i]} corner ({x:g}, {y:g}) is far outside the {w}x{h} photo")
    least = 0.01 * span
    for i in range(4):
        for j in range(i + 1, 4):
            if np.hypot(*(corners[i] - corners[j])) < least:
                raise PhotoError(f"the {names[i]} and {names[j]} corners are at the same place")
    turns = [cross2(corners[(i + 1) % 4] - corners[i], corners[(i + 2) % 4] - corners[(i + 1) % 4])
             for i in range(4)]
    area = 0.5 * sum(cross2(corners[i], corners[(i + 1) % 4]) for i in range(4))
    flat = 1e-4 * span * span
    if max(abs(t) for t in turns) < flat:
        raise PhotoError("the corners lie on one line")
    if not (all(t > 0 for t in turns) or all(t < 0 for t in turns)):
        bad = next((i for i, t in enumerate(turns) if np.sign(t) != np.sign(area)), 0)
        raise PhotoError(f"the corners are crossed or not convex (at the {names[(bad + 1) % 4]} corner); "
                         "give them in the order top-left, top-right, bottom-right, bottom-left")
    if abs(area) < flat:
        raise PhotoError("the corners lie on one line")
    if area < 0:
        raise PhotoError("the corners go anticlockwise (a mirrored area); give them in the order "
                         "top-left, top-right, bottom-right, bottom-left")


def fit_conic(pts: np.ndarray) -> np.ndarray:
    """Least-squares conic through the points, as a symmetric 3x3 matrix C (x^T C x = 0), in pixels.

    Refuses anything but a real ellipse: the rug is a circle, so its image is always one.
    """
    t = _normaliser(pts)
    p = apply(t, pts)
    x, y = p[:, 0], p[:, 1]
    design = np.column_stack([x * x, x * y, y * y, x, y, np.ones_like(x)])
    _, sv, vt = np.linalg.svd(design)
    a, b, c, d, e, f = vt[-1]
    cn = np.array([[a, b / 2, d / 2], [b / 2, c, e / 2], [d / 2, e / 2, f]])
    if b * b - 4 * a * c >= 0:
        raise PhotoError("the outline points do not lie on an ellipse; mark points all round the rug's edge")
    conic = t.T @ cn @ t
    return conic / np.linalg.norm(conic)


def conic_residual_px(conic: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Approximate distance of each point from the conic (algebraic value over gradient length)."""
    p = np.column_stack([pts, np.ones(len(pts))])
    val = np.einsum("ni,ij,nj->n", p, conic, p)
    grad = 2 * (p @ conic)[:, :2]
    return np.abs(val) / np.maximum(np.hypot(grad[:, 0], grad[:, 1]), 1e-12)
