"""Scoring the detector on synthetic photos (tests/synthetic_photo.py): what the issue's goals count."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.clout.photo import find_chips, map_area, photo_from_array

MATCH_CM = 1.0  # a find this close to a chip is that chip; anything else is a false find


@dataclass(frozen=True)
class Score:
    chips: int
    finds: int
    found: int  # chips with a find within MATCH_CM
    false: int  # finds near no chip, or a second find on one chip
    errors_mm: np.ndarray  # per found chip: its nearest find's distance
    uncertainty_mm: float

    @property
    def median_mm(self) -> float:
        return float(np.median(self.errors_mm))

    @property
    def p95_mm(self) -> float:
        return float(np.percentile(self.errors_mm, 95))

    @property
    def found_share(self) -> float:
        return self.found / self.chips

    @property
    def false_share(self) -> float:
        return self.false / max(1, self.finds)

    def __add__(self, other: Score) -> Score:
        return Score(self.chips + other.chips, self.finds + other.finds, self.found + other.found,
                     self.false + other.false, np.concatenate([self.errors_mm, other.errors_mm]),
                     max(self.uncertainty_mm, other.uncertainty_mm))

    def line(self) -> str:
        return (f"{self.chips} chips: median {self.median_mm:.2f} mm, p95 {self.p95_mm:.2f} mm, "
                f"found {100 * self.found_share:.1f} %, false {100 * self.false_share:.1f} % "
                f"({self.false} of {self.finds}), stated uncertainty {self.uncertainty_mm:.2f} mm")


def score(area_id: str, synthetic) -> Score:
    """Detect on one synthetic photo with the marks a careful player would give."""
    size = (synthetic.rgb.shape[1], synthetic.rgb.shape[0])
    if area_id == "rug":
        mapping = map_area(area_id, size, outline=synthetic.outline_px, top=synthetic.top_px,
                           focal_35mm=synthetic.focal_35mm)
    else:
        mapping = map_area(area_id, size, corners=synthetic.corners_px, focal_35mm=synthetic.focal_35mm)
    det = find_chips(photo_from_array(synthetic.rgb), mapping)
    truth = np.array([[c.x_cm, c.y_cm] for c in synthetic.chips])
    finds = np.array([[c.x_cm, c.y_cm] for c in det.chips]).reshape(-1, 2)
    d = np.hypot(*(finds[:, None, :] - truth[None, :, :]).transpose(2, 0, 1)) if len(finds) else np.zeros((0, len(truth)))
    errors, false, taken = [], 0, set()
    for i in np.argsort(d.min(axis=1)) if len(finds) else []:
        j = int(d[i].argmin())
        if d[i, j] <= MATCH_CM and j not in taken:
            taken.add(j)
            errors.append(d[i, j] * 10)
        else:
            false += 1
    return Score(len(truth), len(finds), len(taken), false, np.array(errors), det.uncertainty_mm)
