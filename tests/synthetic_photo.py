"""Synthetic phone photos of a Clout table with known chip positions, for the photo detector's tests.

The accuracy the issue asks for (median 1 mm, 95th percentile 2 mm at a 30 degree tilt) hinges on
the chips' thickness: a chip top is 3.3 mm above the table, so a tilted camera sees it displaced
from where the chip sits. A flat warped drawing would hide exactly the error the detector must
correct, so this renders the scene through a pinhole camera by casting one ray per pixel: chip tops
are discs at their height, chip walls are cylinders, and everything else is the table. The textures
(felt, wood, chip faces, soft shadows) are painted top-down with QPainter in area centimetres; the
ray casting, blur, uneven light and sensor noise are numpy. World axes: area cm, x right, y towards
the area's bottom edge, z up from the table. Image pixels follow Qt's convention: pixel (0, 0) spans
0..1, so numpy pixel [r, c] has its centre at (c + 0.5, r + 0.5).
"""
from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (QBrush, QColor, QFont, QImage, QPainter, QPainterPath, QPen,
                           QPolygonF, QRadialGradient, QTransform)
from PySide6.QtWidgets import QApplication
from shapely.geometry import Point

from core.clout.geometry import CHIP_RADIUS_CM
from maps.clout.areas import CIRCLE_QUAD_SEGMENTS, load_area

# A 35 mm frame's diagonal: the "35 mm equivalent" focal length is relative to it.
FULL_FRAME_DIAGONAL_MM = 43.27
# Share of the frame (from its centre to the nearer border) the area spans: a margin of table
# around it, as a referee frames the area when photographing it.
FILL = 0.86
# Light comes from the top left, high up: shadows fall a little towards the bottom right.
SHADOW_OFFSET_CM = (0.22, 0.28)
LIGHT_DIR = (-0.55, -0.65)
MIN_CHIP_GAP_CM = 2.0 * CHIP_RADIUS_CM
TOUCH_CM = (4.0, 4.3)

SURFACES: dict[str, dict[str, tuple[int, int, int]]] = {
    "standard": {"area": (58, 96, 74), "ground": (112, 76, 48)},
    "pool-table": {"area": (24, 112, 66), "ground": (86, 54, 34), "rail": (18, 84, 50)},
    "rug": {"area": (138, 58, 50), "ground": (176, 138, 96), "pattern": (196, 160, 92)},
}
FACTION_COLOURS = [(196, 40, 36), (150, 24, 30), (40, 70, 170), (30, 110, 200), (40, 140, 60),
                   (90, 160, 60), (120, 120, 124), (200, 200, 196), (60, 60, 64), (212, 172, 52),
                   (236, 210, 90), (120, 60, 150), (230, 120, 30), (240, 240, 236)]


@dataclass(frozen=True)
class SceneChip:
    x_cm: float
    y_cm: float
    colour: tuple[int, int, int]
    label: str = ""


@dataclass(frozen=True)
class Camera:
    """A pinhole camera in area cm: K (pixels), rows of R = image right, image down, forward; C its centre."""

    K: np.ndarray
    R: np.ndarray
    C: np.ndarray

    def project(self, x: float, y: float, z: float = 0.0) -> tuple[float, float]:
        """Where a world point lands in the image (Qt pixel coordinates)."""
        cam = self.R @ (np.array([x, y, z], dtype=float) - self.C)
        return (float(self.K[0, 0] * cam[0] / cam[2] + self.K[0, 2]),
                float(self.K[1, 1] * cam[1] / cam[2] + self.K[1, 2]))


@dataclass(frozen=True, eq=False)
class SyntheticPhoto:
    rgb: np.ndarray
    chips: tuple[SceneChip, ...]
    corners_px: tuple[tuple[float, float], ...]
    outline_px: tuple[tuple[float, float], ...]
    top_px: tuple[float, float] | None
    focal_35mm: float
    tilt_deg: float
    area_id: str = ""
    thickness_mm: float = 3.3
    camera: Camera | None = None


def _qt_app() -> None:
    """QPainter draws text only with an application; a QApplication so pytest-qt can reuse it."""
    if QApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        QApplication(["synthetic-photo"])


def _circle(area) -> tuple[float, float, float] | None:
    """The rug's true circle (centre, radius): its polygon's bounds lie a hair outside it."""
    if area.id != "rug":
        return None
    cx, cy = area.centre_cm
    grow = 1.0 / math.cos(math.pi / (4 * CIRCLE_QUAD_SEGMENTS))
    return cx, cy, (area.bounds_cm[2] - area.bounds_cm[0]) / 2.0 / grow


def _bounds(area) -> tuple[float, float, float, float]:
    circle = _circle(area)
    if circle is None:
        return area.bounds_cm
    cx, cy, rad = circle
    return cx - rad, cy - rad, cx + rad, cy + rad


def _edge_distance(area, x: float, y: float) -> float:
    circle = _circle(area)
    if circle is not None:
        return circle[2] - math.hypot(x - circle[0], y - circle[1])
    pt = Point(x, y)
    d = area.polygon.boundary.distance(pt)
    return d if area.polygon.contains(pt) else -d


def random_layout(area_id: str, count: int, seed: int, *, touching: float = 0.2) -> tuple[SceneChip, ...]:
    """A plausible landing of `count` chips: none overlapping, some touching, a few over the edge.

    Touching pairs and chips hanging over the edge are where a detector merges or loses chips; chips
    near the table's colour are where it misses them, so every layout has a few of each.
    """
    area = load_area(area_id)
    rng = np.random.default_rng(seed)
    minx, miny, maxx, maxy = area.bounds_cm
    r = CHIP_RADIUS_CM
    surface = SURFACES.get(area_id, SURFACES["standard"])["area"]
    placed: list[tuple[float, float]] = []
    chips: list[SceneChip] = []

    def free(x: float, y: float, edge_min: float) -> bool:
        if _edge_distance(area, x, y) < edge_min:
            return False
        return all((x - px) ** 2 + (y - py) ** 2 >= MIN_CHIP_GAP_CM ** 2 for px, py in placed)

    hanging = set(rng.choice(count, size=min(count, max(1, round(0.05 * count))), replace=False).tolist())
    for index in range(count):
        over_edge = index in hanging
        edge_min = r - 1.0 if over_edge else r
        for _ in range(4000):
            if placed and not over_edge and rng.random() < touching:
                bx, by = placed[int(rng.integers(len(placed)))]
                angle = rng.uniform(0, 2 * math.pi)
                dist = rng.uniform(*TOUCH_CM)
                x, y = bx + dist * math.cos(angle), by + dist * math.sin(angle)
            elif over_edge:
                x, y = rng.uniform(minx, maxx), rng.uniform(miny, maxy)
                if not r - 1.0 <= _edge_distance(area, x, y) < r:
                    continue
            else:
                x, y = rng.uniform(minx + r, maxx - r), rng.uniform(miny + r, maxy - r)
            if free(x, y, edge_min):
                break
        else:
            raise ValueError(f"cannot place {count} chips on {area_id!r} without overlaps")
        if rng.random() < 0.1:
            base = surface
        else:
            base = FACTION_COLOURS[int(rng.integers(len(FACTION_COLOURS)))]
        jitter = rng.integers(-14, 15, size=3)
        colour = tuple(int(np.clip(c + j, 0, 255)) for c, j in zip(base, jitter))
        placed.append((float(x), float(y)))
        chips.append(SceneChip(float(x), float(y), colour, f"{chr(65 + index % 26)}{index // 26 + 1}"))
    return tuple(chips)


def _camera(area, size: tuple[int, int], tilt_deg: float, yaw_deg: float, focal_35mm: float) -> Camera:
    w, h = size
    f = focal_35mm * math.hypot(w, h) / FULL_FRAME_DIAGONAL_MM
    K = np.array([[f, 0, w / 2.0], [0, f, h / 2.0], [0, 0, 1.0]])
    t, yaw = math.radians(tilt_deg), math.radians(yaw_deg)
    towards_camera = np.array([math.sin(t) * math.sin(yaw), math.sin(t) * math.cos(yaw), math.cos(t)])
    right = np.array([math.cos(yaw), -math.sin(yaw), 0.0])
    forward = -towards_camera
    down = np.cross(right, forward)
    R = np.stack([right, down, forward])
    cx, cy = area.centre_cm
    target = np.array([cx, cy, 0.0])
    minx, miny, maxx, maxy = _bounds(area)
    corners = [(minx, miny), (maxx, miny), (maxx, maxy), (minx, maxy)]
    distance = max(maxx - minx, maxy - miny) * 2.0
    for _ in range(12):
        cam = Camera(K, R, target + distance * towards_camera)
        pts = np.array([cam.project(x, y) for x, y in corners])
        extent = max(np.abs(pts[:, 0] - w / 2).max() / (w / 2), np.abs(pts[:, 1] - h / 2).max() / (h / 2))
        distance *= extent / FILL
    return Camera(K, R, target + distance * towards_camera)


def _ray_slopes(cam: Camera, us: np.ndarray, vs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """dx/dz and dy/dz of the rays through pixel centres (us across, vs down): where a ray meets a
    plane z = h is C + (h - Cz) * slopes. The image's right axis is horizontal, so dz depends on v only."""
    f, cx, cy = cam.K[0, 0], cam.K[0, 2], cam.K[1, 2]
    a = ((us - cx) / f)[None, :]
    b = ((vs - cy) / f)[:, None]
    Rt = cam.R.T
    dz = b * Rt[2, 1] + Rt[2, 2]
    inv = 1.0 / dz
    sx = (a * Rt[0, 0] + (b * Rt[0, 1] + Rt[0, 2])) * inv
    sy = (a * Rt[1, 0] + (b * Rt[1, 1] + Rt[1, 2])) * inv
    return sx, sy


def _to_array(img: QImage) -> np.ndarray:
    img = img.convertToFormat(QImage.Format.Format_RGBX8888)
    h, w = img.height(), img.width()
    buf = np.frombuffer(img.constBits(), dtype=np.uint8, count=img.bytesPerLine() * h)
    return buf.reshape(h, img.bytesPerLine())[:, : w * 4].reshape(h, w, 4).copy()


def _area_path(area) -> QPainterPath:
    path = QPainterPath()
    circle = _circle(area)
    if circle is not None:
        path.addEllipse(QPointF(circle[0], circle[1]), circle[2], circle[2])
    else:
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in area.polygon.exterior.coords]))
        path.closeSubpath()
    return path


def _noise_tile(rng: np.random.Generator, colour: tuple[int, int, int], amount: int, size: int = 128) -> QImage:
    tile = np.empty((size, size, 4), dtype=np.uint8)
    grain = rng.integers(-amount, amount + 1, size=(size, size, 1))
    tile[..., :3] = np.clip(np.array(colour)[None, None, :] + grain, 0, 255)
    tile[..., 3] = 255
    img = QImage(tile.data, size, size, size * 4, QImage.Format.Format_RGBA8888)
    return img.copy()


def _ground_texture(area, chips, bounds: tuple[float, float, float, float], density: float,
                    shadows: bool, rng: np.random.Generator) -> np.ndarray:
    x0, y0, x1, y1 = bounds
    w, h = max(2, int(math.ceil((x1 - x0) * density))), max(2, int(math.ceil((y1 - y0) * density)))
    colours = SURFACES.get(area.id, SURFACES["standard"])
    img = QImage(w, h, QImage.Format.Format_RGBX8888)
    img.fill(QColor(*colours["ground"]))
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.scale(density, density)
    p.translate(-x0, -y0)
    p.setPen(Qt.PenStyle.NoPen)
    ground = colours["ground"]
    for yy in np.arange(y0, y1, 0.9):
        shade = int(rng.integers(-16, 17))
        p.setBrush(QColor(*(int(np.clip(c + shade, 0, 255)) for c in ground)))
        p.drawRect(QRectF(x0, float(yy), x1 - x0, float(rng.uniform(0.3, 0.9))))
    if "rail" in colours:
        minx, miny, maxx, maxy = area.bounds_cm
        p.setBrush(QColor(*colours["rail"]))
        p.drawRect(QRectF(minx - 6, miny - 6, maxx - minx + 12, maxy - miny + 12))
    path = _area_path(area)
    tile = _noise_tile(rng, colours["area"], 7)
    brush = QBrush(tile)
    brush.setTransform(brush.transform().scale(1.0 / density, 1.0 / density))
    p.setBrush(brush)
    p.drawPath(path)
    if "pattern" in colours and _circle(area) is not None:
        cx, cy, rad = _circle(area)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(*colours["pattern"]), 2.5))
        for k in (0.93, 0.55, 0.2):
            p.drawEllipse(QPointF(cx, cy), rad * k, rad * k)
        p.setPen(Qt.PenStyle.NoPen)
    if shadows:
        sx, sy = SHADOW_OFFSET_CM
        for chip in chips:
            grad = QRadialGradient(QPointF(chip.x_cm + sx, chip.y_cm + sy), CHIP_RADIUS_CM + 0.45)
            grad.setColorAt(0.0, QColor(0, 0, 0, 120))
            grad.setColorAt(0.82, QColor(0, 0, 0, 95))
            grad.setColorAt(1.0, QColor(0, 0, 0, 0))
            p.setBrush(QBrush(grad))
            p.drawEllipse(QPointF(chip.x_cm + sx, chip.y_cm + sy), CHIP_RADIUS_CM + 0.45, CHIP_RADIUS_CM + 0.45)
    p.end()
    return img


def _warp_ground(cam: Camera, texture: QImage, bounds: tuple[float, float, float, float], density: float,
                 size: tuple[int, int], fallback: tuple[int, int, int]) -> np.ndarray:
    """The table as the camera sees it: the plane z = 0 maps to the image by a homography, so Qt's
    perspective drawImage with smooth sampling is the exact ray cast for it (bilinear, in C++)."""
    w, h = size
    plane = cam.K @ np.column_stack([cam.R[:, 0], cam.R[:, 1], -cam.R @ cam.C])
    from_texture = np.array([[1.0 / density, 0, bounds[0]], [0, 1.0 / density, bounds[1]], [0, 0, 1.0]])
    H = plane @ from_texture
    H /= H[2, 2]
    pixels = np.empty((h, w, 4), dtype=np.uint8)
    out = QImage(pixels.data, w, h, 4 * w, QImage.Format.Format_RGBX8888)
    out.fill(QColor(*fallback))
    p = QPainter(out)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    p.setTransform(QTransform(H[0, 0], H[1, 0], H[2, 0], H[0, 1], H[1, 1], H[2, 1], H[0, 2], H[1, 2], H[2, 2]))
    p.drawImage(QPointF(0, 0), texture)
    p.end()
    return pixels


def _chip_atlas(chips, density: float, rng: np.random.Generator) -> tuple[np.ndarray, float]:
    """Every chip's face, one square cell each in a row: its colour, a lighter rim, an emblem and label."""
    cell_cm = 2 * CHIP_RADIUS_CM + 0.2
    cell = int(math.ceil(cell_cm * density))
    img = QImage(cell * max(1, len(chips)), cell, QImage.Format.Format_RGBX8888)
    img.fill(QColor(0, 0, 0))
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(6, int(0.9 * density)))
    font.setBold(True)
    p.setFont(font)
    r = CHIP_RADIUS_CM * density
    for i, chip in enumerate(chips):
        centre = QPointF(i * cell + cell / 2.0, cell / 2.0)
        base = QColor(*chip.colour)
        lum = 0.3 * chip.colour[0] + 0.59 * chip.colour[1] + 0.11 * chip.colour[2]
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(base)
        p.drawEllipse(centre, r + 1, r + 1)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(base.lighter(150), 0.28 * density))
        p.drawEllipse(centre, r - 0.2 * density, r - 0.2 * density)
        ink = QColor(20, 20, 20) if lum > 140 else QColor(235, 230, 215)
        p.setPen(QPen(ink, 0.08 * density))
        p.drawEllipse(centre, 0.62 * r, 0.62 * r)
        sides = int(rng.integers(3, 7))
        spin = rng.uniform(0, 2 * math.pi)
        emblem = QPolygonF([QPointF(centre.x() + 0.45 * r * math.cos(spin + k * 2 * math.pi / sides),
                                    centre.y() + 0.45 * r * math.sin(spin + k * 2 * math.pi / sides))
                            for k in range(sides)])
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(base.darker(140) if lum > 90 else base.lighter(170))
        p.drawPolygon(emblem)
        if chip.label:
            p.setPen(ink)
            p.drawText(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r),
                       int(Qt.AlignmentFlag.AlignCenter), chip.label)
    p.end()
    return _to_array(img), cell / density


def _bilinear(tex: np.ndarray, tx: np.ndarray, ty: np.ndarray) -> np.ndarray:
    """Sample an (h, w, 4) uint8 texture at texel coordinates (texel centres at integers): (..., 3) float32."""
    h, w = tex.shape[:2]
    flat = tex.reshape(-1).view(np.uint32)
    np.clip(tx, 0, w - 1.001, out=tx)
    np.clip(ty, 0, h - 1.001, out=ty)
    ix = tx.astype(np.int32)
    iy = ty.astype(np.int32)
    fx = (tx - ix)[..., None]
    fy = (ty - iy)[..., None]
    idx = iy * w + ix

    def rgb(i: np.ndarray) -> np.ndarray:
        return flat[i].view(np.uint8).reshape(*i.shape, 4)[..., :3].astype(np.float32)

    top = rgb(idx)
    top += (rgb(idx + 1) - top) * fx
    bottom = rgb(idx + w)
    bottom += (rgb(idx + w + 1) - bottom) * fx
    top += (bottom - top) * fy
    return top


def _gaussian_taps(sigma: float) -> np.ndarray:
    """One side of a normalised Gaussian kernel, centre first."""
    radius = max(1, int(math.ceil(2.5 * sigma)))
    k = np.exp(-0.5 * (np.arange(radius + 1) / sigma) ** 2)
    return (k / (k[0] + 2 * k[1:].sum())).astype(np.float32)


def _finish(colour: np.ndarray, blur_px: float, uneven_light: float, noise: float,
            rng: np.random.Generator) -> np.ndarray:
    """Lens blur, uneven light and sensor noise on the (h, w, 4) uint8 RGBX render, to (h, w, 3) uint8:
    in strips of rows that stay in the processor's cache, since whole-image passes over 70 MB of
    floats made this the slowest step."""
    h, w = colour.shape[:2]
    taps = _gaussian_taps(blur_px) if blur_px > 0.05 else None
    radius = 0 if taps is None else len(taps) - 1
    u = (np.arange(w, dtype=np.float32) + 0.5) / w
    u0, v0 = rng.uniform(0.2, 0.8, size=2)
    ramp_dir = rng.uniform(0, 2 * math.pi)
    spot_u = np.exp(-((u - u0) / 0.6) ** 2)[None, :]
    ramp_u = (0.5 + 0.5 * math.cos(ramp_dir) * (u - 0.5))[None, :]
    out = np.empty((h, w, 3), dtype=np.uint8)
    for r0 in range(0, h, 32):
        r1 = min(h, r0 + 32)
        n = r1 - r0
        if taps is None:
            strip = colour[r0:r1, :, :3].astype(np.float32)
        else:
            src = colour[np.clip(np.arange(r0 - radius, r1 + radius), 0, h - 1), :, :3].astype(np.float32)
            rows = src[radius:radius + n] * taps[0]
            for d in range(1, radius + 1):
                pair = src[radius - d:radius - d + n] + src[radius + d:radius + d + n]
                pair *= taps[d]
                rows += pair
            wide = np.pad(rows, ((0, 0), (radius, radius), (0, 0)), mode="edge")
            strip = wide[:, radius:radius + w] * taps[0]
            for d in range(1, radius + 1):
                pair = wide[:, radius - d:radius - d + w] + wide[:, radius + d:radius + d + w]
                pair *= taps[d]
                strip += pair
        if uneven_light > 0:
            v = ((np.arange(r0, r1, dtype=np.float32) + 0.5) / h)[:, None]
            spot = spot_u * np.exp(-((v - v0) / 0.6) ** 2)
            ramp = ramp_u + 0.5 * math.sin(ramp_dir) * (v - 0.5)
            gain = ((1.0 - uneven_light) + uneven_light * (0.6 * spot + 0.4 * ramp)) / 0.85
            strip *= gain.astype(np.float32)[..., None]
        if noise > 0:
            grain = rng.standard_normal(strip.shape, dtype=np.float32)
            grain *= np.float32(noise)
            strip += grain
        strip += np.float32(0.5)
        np.clip(strip, 0, 255, out=strip)
        out[r0:r1] = strip
    return out


def _cast_chips(cam: Camera, chips, colour: np.ndarray, thickness_cm: float,
                atlas: np.ndarray, cell_cm: float) -> None:
    """Overwrite, in `colour`, the pixels whose ray meets a chip (top face or wall) before the table."""
    h, w = colour.shape[:2]
    r = CHIP_RADIUS_CM
    best = np.full((h, w), -1.0, dtype=np.float32)
    Cx, Cy, Cz = cam.C
    density = atlas.shape[0] / cell_cm
    light = np.array(LIGHT_DIR) / math.hypot(*LIGHT_DIR)
    for i, chip in enumerate(chips):
        pts = np.array([cam.project(chip.x_cm + dx, chip.y_cm + dy, z)
                        for dx in (-r, r) for dy in (-r, r) for z in (0.0, thickness_cm)])
        c0, r0 = (max(0, int(math.floor(v)) - 2) for v in pts.min(axis=0))
        c1, r1 = int(math.ceil(pts[:, 0].max())) + 2, int(math.ceil(pts[:, 1].max())) + 2
        c1, r1 = min(w, c1), min(h, r1)
        if c0 >= c1 or r0 >= r1:
            continue
        sx, sy = _ray_slopes(cam, np.arange(c0, c1) + 0.5, np.arange(r0, r1) + 0.5)
        ax, ay = Cx - Cz * sx - chip.x_cm, Cy - Cz * sy - chip.y_cm
        xt, yt = ax + thickness_cm * sx, ay + thickness_cm * sy
        top = xt * xt + yt * yt <= r * r
        qa = sx * sx + sy * sy
        qb = ax * sx + ay * sy
        disc = qb * qb - qa * (ax * ax + ay * ay - r * r)
        z_in = (-qb + np.sqrt(np.maximum(disc, 0.0))) / qa
        wall = ~top & (disc >= 0) & (z_in >= 0) & (z_in <= thickness_cm)
        hit_z = np.where(top, thickness_cm, np.where(wall, z_in, -1.0))
        win = hit_z > best[r0:r1, c0:c1]
        if not win.any():
            continue
        best[r0:r1, c0:c1][win] = hit_z[win]
        patch = colour[r0:r1, c0:c1, :3]
        tw = top & win
        if tw.any():
            tx = (xt[tw] + cell_cm / 2.0) * density - 0.5 + i * atlas.shape[0]
            ty = (yt[tw] + cell_cm / 2.0) * density - 0.5
            patch[tw] = _bilinear(atlas, tx, ty) + 0.5
        ww = wall & win
        if ww.any():
            wx, wy = ax[ww] + z_in[ww] * sx[ww], ay[ww] + z_in[ww] * sy[ww]
            facing = np.clip((wx * light[0] + wy * light[1]) / r, 0.0, 1.0)
            shade = (0.42 + 0.3 * facing)[:, None]
            patch[ww] = np.array(chip.colour, dtype=np.float32)[None, :] * shade + 0.5


def render_photo(area_id: str, chips, *, size=(3000, 2000), tilt_deg=30.0, yaw_deg=0.0,
                 focal_35mm=26.0, thickness_mm=3.3, blur_px=1.2, noise=6.0, uneven_light=0.35,
                 shadows=True, seed=0) -> SyntheticPhoto:
    """A photo of `chips` on the area, seen from `tilt_deg` off straight down (size is width, height)."""
    _qt_app()
    area = load_area(area_id)
    chips = tuple(chips)
    w, h = int(size[0]), int(size[1])
    rng = np.random.default_rng(seed)
    cam = _camera(area, (w, h), tilt_deg, yaw_deg, focal_35mm)
    thickness_cm = thickness_mm / 10.0
    minx, miny, maxx, maxy = _bounds(area)
    span = max(maxx - minx, maxy - miny)

    # The ground texture covers what the frame sees of the table, at the photo's finest scale.
    bounds = (minx - span, miny - span, maxx + span, maxy + span)
    if (cam.R[2, 2] + np.array([-h / 2.0, h / 2.0]) / cam.K[1, 1] * cam.R[1, 2] < -0.05).all():
        sx, sy = _ray_slopes(cam, np.array([0.0, w]), np.array([0.0, h]))
        gx, gy = cam.C[0] - cam.C[2] * sx, cam.C[1] - cam.C[2] * sy
        bounds = (max(float(gx.min()) - 1, bounds[0]), max(float(gy.min()) - 1, bounds[1]),
                  min(float(gx.max()) + 1, bounds[2]), min(float(gy.max()) + 1, bounds[3]))
    scale = []
    for x, y in ((minx, maxy), (maxx, maxy), (minx, miny), ((minx + maxx) / 2, maxy)):
        a, b = np.array(cam.project(x, y)), np.array(cam.project(x + 1.0, y))
        c = np.array(cam.project(x, y - 1.0))
        scale.append(max(np.linalg.norm(b - a), np.linalg.norm(c - a)))
    px_per_cm = max(scale)
    g_density = min(px_per_cm * 1.1, math.sqrt(30e6 / ((bounds[2] - bounds[0]) * (bounds[3] - bounds[1]))))
    ground = _ground_texture(area, chips, bounds, g_density, shadows, rng)

    fallback = SURFACES.get(area_id, SURFACES["standard"])["ground"]
    colour = _warp_ground(cam, ground, bounds, g_density, (w, h), fallback)

    if chips:
        atlas, cell_cm = _chip_atlas(chips, min(48.0, max(20.0, 1.5 * px_per_cm)), rng)
        _cast_chips(cam, chips, colour, thickness_cm, atlas, cell_cm)

    rgb = _finish(colour, blur_px, uneven_light, noise, rng)

    corners = ((minx, miny), (maxx, miny), (maxx, maxy), (minx, maxy))
    corners_px = tuple(cam.project(x, y) for x, y in corners)
    outline_px: tuple[tuple[float, float], ...] = ()
    top_px = None
    circle = _circle(area)
    if circle is not None:
        cx, cy, rad = circle
        outline_px = tuple(cam.project(cx + rad * math.sin(a), cy - rad * math.cos(a))
                           for a in np.linspace(0, 2 * math.pi, 16, endpoint=False))
        top_px = cam.project(cx, cy - rad)
    return SyntheticPhoto(rgb, chips, corners_px, outline_px, top_px, float(focal_35mm), float(tilt_deg),
                          area_id, float(thickness_mm), cam)


def save(photo: SyntheticPhoto, path, quality=92) -> None:
    """Write the photo as the app would receive it from a phone (JPEG) or losslessly (PNG)."""
    _qt_app()
    rgb = np.ascontiguousarray(photo.rgb)
    h, w = rgb.shape[:2]
    img = QImage(rgb.data, w, h, 3 * w, QImage.Format.Format_RGB888)
    if not img.save(str(Path(path)), None, int(quality)):
        raise OSError(f"could not write the synthetic photo to {path}")
