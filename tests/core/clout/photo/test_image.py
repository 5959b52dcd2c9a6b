"""Loading photos (orientation, lens) and the embedded underlay's size limits."""
from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from core.clout.photo import PhotoError, encode_underlay, load_photo, photo_from_array


def _noisy(w, h, seed=0):
    return np.random.default_rng(seed).integers(0, 256, (h, w, 3), dtype=np.uint8)


def test_png_loads_as_rgb(tmp_path):
    rgb = _noisy(40, 30)
    Image.fromarray(rgb).convert("RGBA").save(tmp_path / "t.png")
    photo = load_photo(tmp_path / "t.png")
    assert photo.rgb.shape == (30, 40, 3) and np.array_equal(photo.rgb, rgb)
    assert photo.size == (40, 30) and photo.source == "t.png" and photo.focal_35mm is None


def test_jpeg_exif_orientation_and_focal_length_are_applied(tmp_path):
    im = Image.new("RGB", (60, 20), (200, 30, 30))
    exif = Image.Exif()
    exif[0x0112] = 6  # stored sideways: turn 90 degrees clockwise to show
    exif.get_ifd(0x8769)[0xA405] = 28
    im.save(tmp_path / "p.jpg", exif=exif)
    photo = load_photo(tmp_path / "p.jpg")
    assert photo.rgb.shape == (60, 20, 3)
    assert photo.focal_35mm == 28.0


@pytest.mark.parametrize("content,words", [(None, "no such file"), (b"not an image at all", "not a JPEG or PNG"),
                                            (b"\x89PNG\r\n\x1a\n" + b"\0" * 40, "photo")])
def test_bad_files_raise_photo_error_naming_the_file(tmp_path, content, words):
    path = tmp_path / "bad.jpg"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(PhotoError, match=words) as err:
        load_photo(path)
    assert "bad.jpg" in str(err.value)


def test_photo_from_array_refuses_non_images():
    with pytest.raises(PhotoError):
        photo_from_array(np.zeros((10, 10, 2), np.uint8))
    assert photo_from_array(np.zeros((10, 12), np.uint8)).rgb.shape == (10, 12, 3)


def test_underlay_is_a_jpeg_within_both_limits():
    photo = photo_from_array(_noisy(3000, 1200, seed=1))  # noise compresses worst of all
    data = encode_underlay(photo)
    assert len(data) <= 1_000_000
    im = Image.open(io.BytesIO(data))
    assert im.format == "JPEG" and max(im.size) <= 2000
    assert im.size[0] / im.size[1] == pytest.approx(2.5, rel=0.01)


def test_underlay_keeps_a_small_photo_whole_and_honours_tighter_limits():
    photo = photo_from_array(np.full((300, 400, 3), 120, np.uint8))
    assert Image.open(io.BytesIO(encode_underlay(photo))).size == (400, 300)
    data = encode_underlay(photo_from_array(_noisy(800, 600)), max_side=500, max_bytes=40_000)
    assert len(data) <= 40_000 and max(Image.open(io.BytesIO(data)).size) <= 500
