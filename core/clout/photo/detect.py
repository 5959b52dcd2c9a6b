"""Finding chips in a photo with numpy only (OpenCV's 150 MB wheel breaks the 180 MB app budget).

The photo is rectified onto the area at 1 mm per pixel, so every chip top is a circle of a known
radius. A matched filter sums the radial log-colour gradient on a ring of that radius (log: uneven
light is a gain, which the gradient of a logarithm ignores; per channel: a red chip on green felt
of the same brightness still shows), non-maximum suppression picks candidates, and each centre is
refined by a robust least-squares circle fit to edge points found along rays. The fit uses the top
face's edge only where the chip's side wall cannot show, then slides the centre down the camera
ray by the chip's thickness (camera.AreaMapping.to_table).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from core.clout.geometry import CHIP_RADIUS_CM
from core.clout.photo.camera import AreaMapping
from core.clout.photo.image import Photo, PhotoError

PX_PER_CM = 10.0  # 1 mm per rectified pixel
MARGIN_CM = 3.0  # chips hanging over the edge are still rectified whole
MIN_CONTRAST = 0.05  # filter peaks below this (a mean log-colour step on the ring) are not tried
QUALITY_LINE, GOOD_COVER, SURE_LINE = 0.16, 0.75, 0.25  # _confidence's acceptance lines
COVER_LINE, STRENGTH_LINE = 0.9, 0.07
MIN_CONFIDENCE = 0.5
RAYS = 72
SEARCH_PX = 6.0
STEP_PX = 0.5
SMOOTH_SIGMA_PX = 1.0
COVER_GRAIN = 4.0  # an edge counts when this many times the surface's median gradient


class DetectionCancelled(Exception):
    """The progress callback asked to stop."""


@dataclass(frozen=True)
class FoundChip:
    x_cm: float
    y_cm: float
    confidence: float  # 0..1
    colour: tuple[int, int, int]  # mean top-face RGB


@dataclass(frozen=True)
class Detection:
    chips: tuple[FoundChip, ...]
    uncertainty_mm: float  # an estimate of one centre's error (1 sigma, per axis combined)


def _gauss_kernel(sigma: float) -> np.ndarray:
    half = max(1, int(np.ceil(3 * sigma)))
    x = np.arange(-half, half + 1, dtype=float)
    k = np.exp(-0.5 * (x / sigma) ** 2)
    return k / k.sum()


def _blur(img: np.ndarray, sigma: float) -> np.ndarray:
    """Separable Gaussian by shifted sums in float32 (scipy is not a dependency)."""
    k = _gauss_kernel(sigma).astype(np.float32)
    half = len(k) // 2
    out = img.astype(np.float32)
    for axis in (0, 1):
        pad = [(0, 0)] * img.ndim
        pad[axis] = (half, half)
        p = np.pad(out, pad, mode="edge")
        n = out.shape[axis]
        acc = np.zeros_like(out)
        for i, w in enumerate(k):
            acc += w * (p[i:i + n] if axis == 0 else p[:, i:i + n])
        out = acc
    return out


def _fast_len(n: int) -> int:
    """The smallest 2^a 3^b 5^c at least n: FFTs of such sizes are several times faster."""
    best = 1 << (n - 1).bit_length()
    f5 = 1
    while f5 < best:
        f35 = f5
        while f35 < best:
            f = f35
            while f < n:
                f *= 2
            best = min(best, f)
            f35 *= 3
        f5 *= 5
    return best


def _bilinear(img: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Sample img at continuous array coordinates (x = column, y = row), edges clamped."""
    h, w = img.shape[:2]
    x = np.clip(x, 0, w - 1.001)
    y = np.clip(y, 0, h - 1.001)
    x0 = x.astype(np.intp)
    y0 = y.astype(np.intp)
    dtype = np.float32 if img.dtype in (np.uint8, np.float32) else np.float64
    fx = (x - x0).astype(dtype)
    fy = (y - y0).astype(dtype)
    if img.ndim == 3:
        fx, fy = fx[..., None], fy[..., None]
    flat = img.reshape(h * w, *img.shape[2:])
    i = y0 * w + x0
    a = flat[i].astype(dtype)
    b = flat[i + 1].astype(dtype)
    top = a + (b - a) * fx
    c = flat[i + w].astype(dtype)
    d = flat[i + w + 1].astype(dtype)
    bottom = c + (d - c) * fx
    return top + (bottom - top) * fy


@dataclass(frozen=True)
class _Grid:
    x0: float  # area cm at the left edge of column 0
    y0: float
    ppc: float

    def to_cm(self, cols: np.ndarray, rows: np.ndarray) -> np.ndarray:
        return np.column_stack([self.x0 + (cols + 0.5) / self.ppc, self.y0 + (rows + 0.5) / self.ppc])

    def to_px(self, pts_cm: np.ndarray) -> np.ndarray:
        return (np.asarray(pts_cm) - [self.x0, self.y0]) * self.ppc - 0.5


def _rectify(photo: Photo, mapping: AreaMapping, bounds: tuple[float, float, float, float],
             ppc: float, tick: Callable[[float], None]) -> tuple[np.ndarray, np.ndarray, _Grid]:
    minx, miny, maxx, maxy = bounds
    grid = _Grid(minx - MARGIN_CM, miny - MARGIN_CM, ppc)
    cols = int(np.ceil((maxx - minx + 2 * MARGIN_CM) * ppc))
    rows = int(np.ceil((maxy - miny + 2 * MARGIN_CM) * ppc))
    out = np.empty((rows, cols, 3), np.float32)
    valid = np.empty((rows, cols), bool)
    h, w = photo.rgb.shape[:2]
    src = photo.rgb
    c = np.arange(cols, dtype=float)
    band = max(1, 500_000 // max(cols, 1))
    for r0 in range(0, rows, band):
        tick(0.2 * r0 / rows)
        rr = np.arange(r0, min(rows, r0 + band), dtype=float)
        cc, rg = np.meshgrid(c, rr)
        img = mapping.to_image(grid.to_cm(cc.ravel(), rg.ravel()))
        x, y = img[:, 0] - 0.5, img[:, 1] - 0.5
        ok = np.isfinite(x) & np.isfinite(y) & (x >= 0) & (y >= 0) & (x <= w - 1) & (y <= h - 1)
        x = np.where(np.isfinite(x), x, 0.0)
        y = np.where(np.isfinite(y), y, 0.0)
        out[r0:r0 + len(rr)] = _bilinear(src, x, y).reshape(len(rr), cols, 3)
        valid[r0:r0 + len(rr)] = ok.reshape(len(rr), cols)
    return out, valid, grid


def _ring_kernels(radius: float, sigma: float) -> tuple[np.ndarray, np.ndarray]:
    """Radial unit-vector kernels on a ring, weighted so a clean step of size s scores about s."""
    half = int(np.ceil(radius + 4 * sigma))
    y, x = np.mgrid[-half:half + 1, -half:half + 1].astype(float)
    rho = np.hypot(x, y)
    w = np.exp(-0.5 * ((rho - radius) / sigma) ** 2) / (sigma * np.sqrt(2 * np.pi)) / (2 * np.pi * radius)
    with np.errstate(invalid="ignore", divide="ignore"):
        kx = np.where(rho > 0, w * x / rho, 0.0)
        ky = np.where(rho > 0, w * y / rho, 0.0)
    return kx, ky


def _ring_score(grads: list[tuple[np.ndarray, np.ndarray]], radius: float,
                tick: Callable[[float], None]) -> np.ndarray:
    kx, ky = _ring_kernels(radius, 1.5)
    kh = kx.shape[0]
    h, w = grads[0][0].shape
    shape = (_fast_len(h + kh), _fast_len(w + kh))
    fkx = np.fft.rfft2(kx[::-1, ::-1], shape)
    fky = np.fft.rfft2(ky[::-1, ::-1], shape)
    total = np.zeros((h, w))
    half = kh // 2
    for i, (gx, gy) in enumerate(grads):
        tick(0.3 + 0.05 * i)
        s = np.fft.irfft2(np.fft.rfft2(gx, shape) * fkx + np.fft.rfft2(gy, shape) * fky, shape)
        total += s[half:half + h, half:half + w] ** 2
    return np.sqrt(total)


def _max_filter(a: np.ndarray, half: int) -> np.ndarray:
    out = a
    for axis in (0, 1):
        pad = [(0, 0), (0, 0)]
        pad[axis] = (half, half)
        p = np.pad(out, pad, mode="constant", constant_values=-np.inf)
        n = out.shape[axis]
        acc = np.full_like(out, -np.inf)
        for i in range(2 * half + 1):
            np.maximum(acc, np.take(p, np.arange(i, i + n), axis=axis), out=acc)
        out = acc
    return out


def _peaks(score: np.ndarray, valid: np.ndarray, radius: float) -> list[tuple[float, int, int]]:
    suppress = int(round(radius))  # touching chips are 2 radii apart; the fits sort out the rest
    local = score >= _max_filter(score, max(2, int(radius // 2)))
    rows, cols = np.nonzero(local & valid & (score > MIN_CONTRAST))
    order = np.argsort(-score[rows, cols])
    kept: list[tuple[float, int, int]] = []
    taken = np.zeros((0, 2))
    for i in order:
        p = np.array([rows[i], cols[i]], float)
        if len(taken) and (np.hypot(*(taken - p).T) < suppress).any():
            continue
        kept.append((float(score[rows[i], cols[i]]), int(rows[i]), int(cols[i])))
        taken = np.vstack([taken, p])
    return kept


@dataclass(frozen=True)
class _Fit:
    centre: np.ndarray  # rectified px (x = column, y = row)
    radius: float
    sigma_px: float  # standard error of the centre
    coherence: float  # share of rays whose colour step across the edge is the typical one
    cover: float  # share of rays with an edge well above the surface's grain


def _edges(feat: np.ndarray, centre: np.ndarray, radius: float, angles: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    rho = np.arange(radius - SEARCH_PX, radius + SEARCH_PX + 1e-9, STEP_PX)
    ux, uy = np.cos(angles), np.sin(angles)
    xs = centre[0] + ux[:, None] * rho[None, :]
    ys = centre[1] + uy[:, None] * rho[None, :]
    prof = _bilinear(feat, xs, ys)  # (rays, samples, channels)
    g = np.sqrt((np.diff(prof, axis=1) ** 2).sum(axis=2)) / STEP_PX
    mid = (rho[:-1] + rho[1:]) / 2
    g = g * np.exp(-0.5 * ((mid - radius) / (SEARCH_PX / 2)) ** 2)[None, :]
    k = np.clip(np.argmax(g, axis=1), 1, g.shape[1] - 2)
    i = np.arange(len(k))
    a, b, c = g[i, k - 1], g[i, k], g[i, k + 1]
    den = a - 2 * b + c
    off = np.where(den < 0, 0.5 * (a - c) / np.where(den < 0, den, -1), 0.0)
    r_edge = mid[k] + np.clip(off, -1, 1) * STEP_PX
    pts = np.column_stack([centre[0] + ux * r_edge, centre[1] + uy * r_edge])
    return pts, b


def _fit_circle(pts: np.ndarray, radius0: float) -> tuple[np.ndarray, float, np.ndarray]:
    c = pts.mean(axis=0)
    r = radius0
    for _ in range(8):
        d = pts - c
        dist = np.hypot(d[:, 0], d[:, 1])
        res = dist - r
        jac = np.column_stack([-d[:, 0] / dist, -d[:, 1] / dist, -np.ones(len(d))])
        # a weak pull towards the known size keeps a partial arc from trading radius for centre
        jac = np.vstack([jac, [0, 0, 2.0]])
        res = np.append(res, 2.0 * (r - radius0))
        step, *_ = np.linalg.lstsq(jac, -res, rcond=None)
        c = c + step[:2]
        r = r + step[2]
        if np.abs(step).max() < 1e-4:
            break
    d = pts - c
    return c, float(r), np.hypot(d[:, 0], d[:, 1]) - r


def _refine(feat: np.ndarray, start: np.ndarray, radius: float, away: np.ndarray, wall_px: float,
            grain: float) -> _Fit | None:
    angles = np.linspace(0, 2 * np.pi, RAYS, endpoint=False)
    usable = np.ones(RAYS, bool)
    if wall_px > 0.5:
        # where the side wall shows (towards the camera) the silhouette is the base, not the top
        usable = np.cos(angles) * away[0] + np.sin(angles) * away[1] > -0.3
    centre, fit_r = start.astype(float), radius
    inl = np.zeros(RAYS, bool)
    res = np.zeros(0)
    strength = np.zeros(RAYS)
    for _ in range(2):
        pts, strength = _edges(feat, centre, radius, angles)
        good = usable & (strength > 0.3 * np.median(strength[usable]))
        if good.sum() < RAYS // 4:
            return None
        inl = good.copy()
        for _ in range(3):
            c, r, res_all = _fit_circle(pts[inl], radius)
            res_all = np.hypot(*(pts - c).T) - r
            scale = max(0.35, 1.4826 * np.median(np.abs(res_all[inl])))
            new = good & (np.abs(res_all) < 2.5 * scale)
            if new.sum() < RAYS // 4:
                return None
            if (new == inl).all():
                break
            inl = new
        centre, fit_r = c, r
        res = res_all[inl]
    n = int(inl.sum())
    sigma = float(np.sqrt((res ** 2).sum() / max(1, n - 3)) * np.sqrt(2.0 / n))
    coherence = _coherence(feat, centre, fit_r, angles[usable])
    return _Fit(centre, fit_r, sigma, coherence, float((strength[usable] > COVER_GRAIN * grain).mean()))


def _coherence(feat: np.ndarray, centre: np.ndarray, radius: float, angles: np.ndarray) -> float:
    """How alike the colour step across the circle is all round it: a chip is one colour on one
    table, felt texture or a neighbour's edge is not."""
    ux, uy = np.cos(angles)[:, None], np.sin(angles)[:, None]
    inner = np.array([radius - 3.0, radius - 2.0])[None, :]
    outer = np.array([radius + 2.0, radius + 3.0])[None, :]
    a = _bilinear(feat, centre[0] + ux * inner, centre[1] + uy * inner).mean(axis=1)
    b = _bilinear(feat, centre[0] + ux * outer, centre[1] + uy * outer).mean(axis=1)
    d = b - a
    # a shadow darkens the table in every channel alike (a constant in log units), so a chip whose
    # brightness step flips where its shadow falls still keeps its colour step: judge that too
    return max(_alike(d), _alike(d - d.mean(axis=1, keepdims=True)))


def _alike(d: np.ndarray) -> float:
    """The share of rays whose step is within half its size of the typical (median) step."""
    typical = np.median(d, axis=0)
    size = float(np.linalg.norm(typical))
    return float((np.sqrt(((d - typical) ** 2).sum(axis=1)) < 0.5 * size).mean())


@dataclass(frozen=True)
class _Candidate:
    x_cm: float  # the chip's base centre
    y_cm: float
    strength: float  # the matched filter's peak
    fit: _Fit
    colour: tuple[int, int, int]


def _confidence(c: _Candidate) -> float:
    """0.5 at the acceptance line, 1 well above it; below 0.5 the find is dropped.

    A chip is a filter peak with an edge alike all round (in brightness, or in colour where its
    shadow falls) and tightly fitted, which felt grain and a neighbour's edge are not; a 4 cm
    band of a rug's pattern can look alike on its two sides, so a merely good find must also have
    an edge on most rays. A strong peak with a clear edge on almost every ray is a chip too (a
    chip near the surface's colour). The lines separated 684 of 690 chips from every false find
    on seven synthetic photos (tests/synthetic_photo.py).
    """
    f = c.fit
    quality = c.strength * f.coherence / (f.sigma_px + 0.1)
    alike = quality / QUALITY_LINE if f.cover >= GOOD_COVER else 0.0
    sure = quality / SURE_LINE
    edged = min(f.cover / COVER_LINE, c.strength / STRENGTH_LINE)
    return float(np.clip(0.5 + (max(alike, sure, edged) - 1.0) / 3.0, 0.0, 1.0))


def find_chips(photo: Photo, mapping: AreaMapping, *, thickness_mm: float = 3.3,
               progress: Callable[[float], bool] | None = None) -> Detection:
    """Every chip on the area (centres of the chips' bases in area cm), most confident first."""
    scored = sorted(((_confidence(c), c) for c in _candidates(photo, mapping, thickness_mm, progress)),
                    key=lambda pair: -pair[0])
    found: list[tuple[FoundChip, float]] = []
    for confidence, c in scored:
        if confidence < MIN_CONFIDENCE:
            break
        # chips never overlap: two fits this close found one chip, and the surer one is kept
        if any(np.hypot(c.x_cm - f.x_cm, c.y_cm - f.y_cm) < 1.5 * CHIP_RADIUS_CM for f, _ in found):
            continue
        found.append((FoundChip(c.x_cm, c.y_cm, round(float(confidence), 3), c.colour), c.fit.sigma_px))
    return Detection(tuple(f for f, _ in found), _uncertainty_mm(photo, mapping, [s for _, s in found]))


def _candidates(photo: Photo, mapping: AreaMapping, thickness_mm: float,
                progress: Callable[[float], bool] | None) -> list[_Candidate]:
    from maps.clout.areas import load_area

    def tick(fraction: float) -> None:
        if progress is not None and progress(min(1.0, max(0.0, fraction))) is False:
            raise DetectionCancelled()

    if (photo.rgb.shape[1], photo.rgb.shape[0]) != tuple(mapping.image_size):
        raise PhotoError(f"{photo.source or 'photo'}: the marks were made on a photo of another size")
    if not 0 <= thickness_mm <= 20:
        raise PhotoError(f"chip thickness {thickness_mm:g} mm is not between 0 and 20")
    area = load_area(mapping.area_id)
    height_cm = thickness_mm / 10.0
    tick(0.0)
    rgb, valid, grid = _rectify(photo, mapping, area.bounds_cm, PX_PER_CM, tick)
    tick(0.2)
    feat = _blur(np.log(rgb + 4.0), SMOOTH_SIGMA_PX)
    tick(0.3)
    radius = CHIP_RADIUS_CM * PX_PER_CM * mapping.top_scale(height_cm)
    grads = []
    for ch in range(3):
        gy, gx = np.gradient(feat[:, :, ch])
        grads.append((gx, gy))
    score = _ring_score(grads, radius, tick)
    grain = float(np.median(np.sqrt(sum(gx * gx + gy * gy for gx, gy in grads))[valid]))
    tick(0.45)
    inner = _blur(valid.astype(np.float32), 2.0) > 0.999
    peaks = _peaks(score, inner, radius)
    tick(0.5)
    cam = mapping.camera_cm
    out: list[_Candidate] = []
    for i, (strength, row, col) in enumerate(peaks):
        if i % 8 == 0:
            tick(0.5 + 0.5 * i / max(1, len(peaks)))
        start = np.array([col, row], float)
        top_cm = grid.to_cm(start[:1], start[1:])[0]
        away = top_cm - cam[:2]
        dist = float(np.hypot(*away))
        away = away / dist if dist > 1e-9 else np.zeros(2)
        wall_px = height_cm / max(cam[2] - height_cm, 1e-6) * dist * PX_PER_CM
        fit = _refine(feat, start, radius, away, wall_px, grain)
        if fit is None or abs(fit.radius / radius - 1) > 0.15 or np.hypot(*(fit.centre - start)) > 0.4 * radius:
            continue
        top = grid.to_cm(fit.centre[:1], fit.centre[1:])
        x, y = mapping.to_table(top, height_cm)[0]
        if not area.contains_point(float(x), float(y)):
            continue
        out.append(_Candidate(float(x), float(y), strength, fit, _face_colour(rgb, fit.centre, 0.75 * radius)))
    tick(1.0)
    return out


def _face_colour(rgb: np.ndarray, centre: np.ndarray, radius: float) -> tuple[int, int, int]:
    r = int(np.ceil(radius))
    cx, cy = int(round(centre[0])), int(round(centre[1]))
    y, x = np.mgrid[-r:r + 1, -r:r + 1]
    inside = (x * x + y * y <= radius * radius)
    xs = np.clip(cx + x[inside], 0, rgb.shape[1] - 1)
    ys = np.clip(cy + y[inside], 0, rgb.shape[0] - 1)
    m = rgb[ys, xs].mean(axis=0)
    return int(round(m[0])), int(round(m[1])), int(round(m[2]))


def _uncertainty_mm(photo: Photo, mapping: AreaMapping, sigmas_px: list[float]) -> float:
    """Fit scatter plus what the photo's own resolution and the lens assumption leave.

    The fit's standard error says how well edges agree; a coarse photo adds a share of a photo
    pixel; an unknown lens misplaces the thickness correction by a little (at most ~0.3 mm).
    """
    fit_mm = float(np.median(sigmas_px)) / PX_PER_CM * 10.0 if sigmas_px else 0.5
    centre_px = mapping.to_image(np.array([[0.0, 0.0], [1.0, 0.0]]))
    photo_px_per_mm = float(np.hypot(*(centre_px[1] - centre_px[0]))) / 10.0
    pixel_mm = 0.25 / max(photo_px_per_mm, 1e-6)
    lens_mm = 0.1 if photo.focal_35mm else 0.3
    return round(float(np.sqrt(fit_mm ** 2 + pixel_mm ** 2 + lens_mm ** 2)), 2)
