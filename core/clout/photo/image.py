"""Photos of a real Clout table: loading (EXIF orientation and lens) and the embedded underlay JPEG.

Pillow rather than Qt so the command line and core/ stay Qt-free; the GUI shows the same pixels.
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import numpy as np

# Beyond this many pixels a "photo" is damage or a decompression bomb, not a phone picture.
MAX_PIXELS = 120_000_000
EXIF_IFD = 0x8769
FOCAL_35MM_TAG = 0xA405


class PhotoError(Exception):
    """A photo or its marks cannot be used; the message says what and where."""


@dataclass(frozen=True, eq=False)
class Photo:
    rgb: np.ndarray  # (H, W, 3) uint8, EXIF orientation applied
    focal_35mm: float | None
    source: str

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) in pixels: the image_size map_area wants."""
        return int(self.rgb.shape[1]), int(self.rgb.shape[0])


def photo_from_array(rgb: np.ndarray, source: str = "", focal_35mm: float | None = None) -> Photo:
    arr = np.asarray(rgb)
    if arr.ndim == 2:
        arr = np.repeat(arr[:, :, None], 3, axis=2)
    if arr.ndim != 3 or arr.shape[2] not in (3, 4) or arr.shape[0] < 8 or arr.shape[1] < 8:
        raise PhotoError(f"{source or 'photo'}: not an RGB image (shape {arr.shape})")
    arr = np.ascontiguousarray(arr[:, :, :3], dtype=np.uint8)
    return Photo(arr, focal_35mm, source)


def _focal_35mm(image) -> float | None:
    try:
        value = image.getexif().get_ifd(EXIF_IFD).get(FOCAL_35MM_TAG)
        focal = float(value) if value is not None else None
    except (TypeError, ValueError, KeyError, AttributeError):
        return None
    # 0 means "unknown" in EXIF; anything outside phone-to-telephoto is a broken tag.
    return focal if focal is not None and 8.0 <= focal <= 400.0 else None


def load_photo(path: str | Path) -> Photo:
    """A JPEG or PNG as RGB, turned upright by its EXIF orientation (phones store it rotated)."""
    from PIL import Image, ImageOps, UnidentifiedImageError

    name = str(path)
    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    try:
        with Image.open(name) as im:
            focal = _focal_35mm(im)
            im = ImageOps.exif_transpose(im)
            rgb = np.asarray(im.convert("RGB"))
    except FileNotFoundError:
        raise PhotoError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise PhotoError(f"{name}: is a folder, not a photo") from None
    except UnidentifiedImageError:
        raise PhotoError(f"{name}: not a JPEG or PNG photo") from None
    except Image.DecompressionBombError:
        raise PhotoError(f"{name}: too large (over {MAX_PIXELS // 1_000_000} million pixels)") from None
    except (OSError, SyntaxError, ValueError) as e:
        raise PhotoError(f"{name}: cannot read the photo ({e})") from None
    return photo_from_array(rgb, Path(name).name, focal)


def encode_underlay(photo: Photo, max_side: int = 2000, max_bytes: int = 1_000_000) -> bytes:
    """A JPEG small enough to embed in a layout file: quality drops first, then the size."""
    from PIL import Image

    im = Image.fromarray(photo.rgb)
    scale = min(1.0, max_side / max(im.size))
    while True:
        size = (max(1, round(im.width * scale)), max(1, round(im.height * scale)))
        small = im if size == im.size else im.resize(size, Image.Resampling.LANCZOS)
        for quality in (90, 82, 74, 65, 55, 45):
            buf = io.BytesIO()
            small.save(buf, format="JPEG", quality=quality, optimize=True)
            if buf.tell() <= max_bytes:
                return buf.getvalue()
        if max(size) <= 16:
            raise PhotoError(f"{photo.source or 'photo'}: cannot fit the underlay into {max_bytes} bytes")
        scale *= 0.8
