"""Pictures painted in code keep the screen's pixel density (device pixel ratio 2, 200 % scale)."""
from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QPainter

from gui.kit.pixmaps import screen_ratio, sharp_pixmap


def test_a_sharp_pixmap_holds_ratio_times_the_pixels(qapp):
    pix = sharp_pixmap(QSize(30, 20), ratio=2.0)
    assert (pix.width(), pix.height()) == (60, 40)
    assert pix.deviceIndependentSize().toSize() == QSize(30, 20)


def test_painting_in_qt_units_fills_the_whole_sharp_pixmap(qapp):
    pix = sharp_pixmap(10, ratio=2.0)
    p = QPainter(pix)
    p.fillRect(0, 0, 10, 10, QColor("#ff0000"))
    p.end()
    image = pix.toImage()
    assert image.pixelColor(19, 19) == QColor("#ff0000"), "the far corner pixel is painted too"


def test_pictures_follow_the_screen_by_default(qapp):
    pix = sharp_pixmap(12)
    assert pix.devicePixelRatio() == screen_ratio()
    assert pix.width() == round(12 * screen_ratio())
