"""Measure a photo of a real Clout table: marks to a camera pose, chips found to the millimetre.

Qt-free (numpy and Pillow), so the `battlebox layout-from-photo` command and core/ never load Qt;
the GUI runs find_chips off its UI thread and cancels through the progress callback. Names load
lazily: the command line builds its parser from photo.command without paying for numpy/shapely.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_WHERE = {
    "PHONE_FOCAL_35MM": "camera", "AreaMapping": "camera", "map_area": "camera",
    "Detection": "detect", "DetectionCancelled": "detect", "FoundChip": "detect", "find_chips": "detect",
    "Photo": "image", "PhotoError": "image", "encode_underlay": "image", "load_photo": "image",
    "photo_from_array": "image", "find_corners": "corners",
}
__all__ = ["PHONE_FOCAL_35MM", "AreaMapping", "Detection", "DetectionCancelled", "FoundChip", "Photo", "PhotoError",
           "encode_underlay", "find_chips", "find_corners", "load_photo", "map_area", "photo_from_array"]

if TYPE_CHECKING:
    from core.clout.photo.camera import PHONE_FOCAL_35MM, AreaMapping, map_area
    from core.clout.photo.corners import find_corners
    from core.clout.photo.detect import Detection, DetectionCancelled, FoundChip, find_chips
    from core.clout.photo.image import Photo, PhotoError, encode_underlay, load_photo, photo_from_array


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(f"core.clout.photo.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
