"""The camera behind a photo: lens assumption, pose from the area's marks, and chip thickness.

A phone's main camera is about 26 mm in 35 mm-equivalent terms; the EXIF tag overrides it.
Area frame: x right, y towards the area's bottom edge, z = x cross y (into the table); reported
camera positions use z up, as a referee would measure the camera's height.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from core.clout.photo import perspective
from core.clout.photo.image import PhotoError

PHONE_FOCAL_35MM = 26.0
FULL_FRAME_DIAGONAL_MM = 43.27
MIN_OUTLINE_POINTS = 5
RUG_AREA = "rug"


def intrinsics(image_size: tuple[int, int], focal_35mm: float | None) -> np.ndarray:
    w, h = image_size
    f = (focal_35mm or PHONE_FOCAL_35MM) * float(np.hypot(w, h)) / FULL_FRAME_DIAGONAL_MM
    return np.array([[f, 0, w / 2.0], [0, f, h / 2.0], [0, 0, 1.0]])


def pose_from_homography(k: np.ndarray, h: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """R, t with image ~ K [r1 r2 t] (x, y, 1) for area points (the plane z = 0).

    With a wrong focal length r1 and r2 are not quite orthonormal; the nearest rotation is kept,
    which is the lens assumption's error, not a failure.
    """
    m = np.linalg.inv(k) @ h
    scale = 2.0 / (np.linalg.norm(m[:, 0]) + np.linalg.norm(m[:, 1]))
    m = m * scale
    if m[2, 2] < 0:
        m = -m
    r = np.column_stack([m[:, 0], m[:, 1], np.cross(m[:, 0], m[:, 1])])
    u, _, vt = np.linalg.svd(r)
    r = u @ vt
    if np.linalg.det(r) < 0:
        r = u @ np.diag([1, 1, -1]) @ vt
    return r, m[:, 2]


Points = Sequence[Sequence[float]] | np.ndarray


@dataclass(frozen=True, eq=False)
class AreaMapping:
    """How one photo maps onto one playing area, with the camera that took it."""

    area_id: str
    image_size: tuple[int, int]
    homography: np.ndarray  # area cm (x, y, 1) -> image px
    k: np.ndarray
    r: np.ndarray
    t: np.ndarray
    focal_35mm: float
    corners_px: tuple[tuple[float, float], ...] = ()
    outline_px: tuple[tuple[float, float], ...] = ()
    top_px: tuple[float, float] | None = None
    _inverse: np.ndarray = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_inverse", np.linalg.inv(self.homography))

    def to_area(self, points_px: Points) -> np.ndarray:
        return perspective.apply(self._inverse, points_px)

    def to_image(self, points_cm: Points) -> np.ndarray:
        return perspective.apply(self.homography, points_cm)

    @property
    def camera_cm(self) -> np.ndarray:
        """The camera centre over the area: x, y in area cm and z its height above the table."""
        c = -self.r.T @ self.t
        return np.array([c[0], c[1], -c[2]])

    @property
    def tilt_deg(self) -> float:
        """The angle between the camera's axis and straight down."""
        return float(np.degrees(np.arccos(np.clip(self.r[2, 2], -1.0, 1.0))))

    def to_table(self, points_cm: Points, height_cm: float) -> np.ndarray:
        """Where points seen at `height_cm` above the table (mapped as if on it) really stand.

        A chip's top face is on the camera ray through its image, `height_cm` up: sliding down
        that ray to the table moves it towards the camera's foot by height / camera height.
        """
        p = np.asarray(points_cm, float).reshape(-1, 2)
        cam = self.camera_cm
        return p - (height_cm / cam[2]) * (p - cam[:2])

    def top_scale(self, height_cm: float) -> float:
        """How much larger a face at `height_cm` looks once mapped onto the table plane."""
        z = self.camera_cm[2]
        return z / (z - height_cm)


def _as_points(value, what: str) -> np.ndarray:
    try:
        pts = np.asarray(value, float).reshape(-1, 2)
    except (TypeError, ValueError):
        raise PhotoError(f"{what} must be (x, y) pixel pairs") from None
    if not np.isfinite(pts).all():
        raise PhotoError(f"{what} must be finite numbers")
    return pts


def map_area(area_id: str, image_size: tuple[int, int], *, corners: Points | None = None,
             outline: Points | None = None, top: Points | Sequence[float] | None = None,
             focal_35mm: float | None = None) -> AreaMapping:
    """The mapping from the player's marks: four corners (top-left, top-right, bottom-right,
    bottom-left, image pixels with pixel (0, 0) spanning 0..1), or for the rug at least five
    points on its edge and the edge point at its top. PhotoError for marks no photo could give."""
    from maps.clout.areas import load_area
    from maps.datafile import DataError

    try:
        area = load_area(area_id)
    except (DataError, OSError) as e:
        raise PhotoError(f"unknown area {area_id!r}: {e}") from None
    w, h = int(image_size[0]), int(image_size[1])
    if w < 8 or h < 8:
        raise PhotoError(f"the photo is too small ({w}x{h})")
    focal = float(focal_35mm or PHONE_FOCAL_35MM)
    k = intrinsics((w, h), focal)
    if area_id == RUG_AREA:
        if outline is None or top is None:
            raise PhotoError("the rug needs its outline (at least 5 edge points) and its top point")
        return _rug_mapping(area, (w, h), k, focal, _as_points(outline, "the outline"), _as_points(top, "the top"))
    if corners is None:
        raise PhotoError(f"the {area_id} area needs its four corners")
    pts = _as_points(corners, "the corners")
    if len(pts) != 4:
        raise PhotoError(f"need 4 corners (x, y), got {len(pts)}")
    perspective.check_corners(pts, (w, h))
    minx, miny, maxx, maxy = area.bounds_cm
    area_corners = np.array([[minx, miny], [maxx, miny], [maxx, maxy], [minx, maxy]])
    hom = perspective.homography(area_corners, pts)
    r, t = pose_from_homography(k, hom)
    mapping = AreaMapping(area_id, (w, h), hom, k, r, t, focal, corners_px=tuple(map(tuple, pts.tolist())))
    if mapping.camera_cm[2] <= 0:
        raise PhotoError("the corners cannot come from a photo taken above the table")
    return mapping


def _circle_planes(k: np.ndarray, conic: np.ndarray) -> list[np.ndarray]:
    """The two unit normals (camera frame, pointing away from the camera) of planes cutting the
    viewing cone of the ellipse in a circle."""
    q = k.T @ conic @ k
    q = (q + q.T) / 2
    vals, vecs = np.linalg.eigh(q)
    if (vals > 0).sum() == 1:
        vals, vecs = -vals[::-1], vecs[:, ::-1]
    # now vals ascending with one negative: l3 < 0 < l2 <= l1
    l3, l2, l1 = vals
    if not l3 < 0 < l2:
        raise PhotoError("the outline is not the edge of a round rug seen by a camera")
    e3, e1 = vecs[:, 0], vecs[:, 2]  # the middle axis lies in both circle planes
    a = np.sqrt(max(l1 - l2, 0.0) / (l1 - l3))
    b = np.sqrt((l2 - l3) / (l1 - l3))
    normals = []
    for sign in (1.0, -1.0):
        n = a * e1 + sign * b * e3
        n = n / np.linalg.norm(n)
        normals.append(n if n[2] > 0 else -n)
    return normals


def _plane_frame(n: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    e1 = np.cross(n, [0.0, 1.0, 0.0])
    if np.linalg.norm(e1) < 1e-6:
        e1 = np.cross(n, [1.0, 0.0, 0.0])
    e1 /= np.linalg.norm(e1)
    return e1, np.cross(n, e1)


def _rug_mapping(area, size, k, focal, outline, top) -> AreaMapping:
    if len(outline) < MIN_OUTLINE_POINTS:
        raise PhotoError(f"mark at least {MIN_OUTLINE_POINTS} points on the rug's edge, got {len(outline)}")
    if len(top) != 1:
        raise PhotoError("the top is one (x, y) point on the rug's edge")
    conic = perspective.fit_conic(outline)
    span = max(size)
    if perspective.conic_residual_px(conic, outline).max() > 0.03 * span:
        raise PhotoError("the outline points do not lie on one ellipse; mark points on the rug's edge only")
    minx, miny, maxx, maxy = area.bounds_cm
    radius = (maxx - minx) / 2.0
    centre_cm = np.array([(minx + maxx) / 2, (miny + maxy) / 2])
    kinv = np.linalg.inv(k)
    candidates = []
    for n in _circle_planes(k, conic):
        e1, e2 = _plane_frame(n)
        h0 = k @ np.column_stack([e1, e2, n])
        cp = h0.T @ conic @ h0
        cp = (cp + cp.T) / 2
        if abs(cp[0, 0]) < 1e-15:
            continue
        cp = cp / cp[0, 0]
        centre = np.linalg.solve(cp[:2, :2], -cp[:2, 2])
        rho2 = centre @ cp[:2, :2] @ centre - cp[2, 2]
        if rho2 <= 0:
            continue
        s = radius / np.sqrt(rho2)
        cc = s * (n + centre[0] * e1 + centre[1] * e2)
        ray = kinv @ np.array([top[0, 0], top[0, 1], 1.0])
        top_cam = ray * (s / (n @ ray))
        ey = cc - top_cam
        ey -= (ey @ n) * n
        if np.linalg.norm(ey) < 1e-9:
            continue
        ey /= np.linalg.norm(ey)
        ex = np.cross(ey, n)
        t = cc - centre_cm[0] * ex - centre_cm[1] * ey
        candidates.append((n, np.column_stack([ex, ey, n]), t))
    if not candidates:
        raise PhotoError("the outline is not the edge of a round rug seen by a camera")
    # A circle's image has two mirror poses; the photographer stands at the near edge, so the far
    # side of the rug is at the top of the photo: depth grows upwards, the normal's y is positive.
    n, r, t = max(candidates, key=lambda c: c[0][1])
    hom = k @ np.column_stack([r[:, 0], r[:, 1], t])
    hom = hom / hom[2, 2]
    return AreaMapping(RUG_AREA, size, hom, k, r, t, focal, outline_px=tuple(map(tuple, outline.tolist())),
                       top_px=(float(top[0, 0]), float(top[0, 1])))
