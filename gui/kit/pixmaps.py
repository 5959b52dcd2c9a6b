"""Pictures painted in code, sharp on every screen.

A pixmap made at its size in Qt's units is blown up, and blurred, on a screen of device pixel
ratio 2 (or at a 200 % UI scale). `sharp_pixmap` makes it at the screen's pixel size and tells
Qt the ratio, so painters keep drawing in the same units and the picture stays crisp.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QGuiApplication, QPixmap


def screen_ratio() -> float:
    """The device pixel ratio pictures are made for (the primary screen's; 1 without one)."""
    screen = QGuiApplication.primaryScreen()
    return screen.devicePixelRatio() if screen is not None else 1.0


def sharp_pixmap(size: QSize | int, ratio: float | None = None) -> QPixmap:
    """A transparent pixmap of `size` Qt units, holding ratio times as many pixels."""
    logical = size if isinstance(size, QSize) else QSize(size, size)
    r = screen_ratio() if ratio is None else ratio
    pix = QPixmap(max(1, math.ceil(logical.width() * r)), max(1, math.ceil(logical.height() * r)))
    pix.setDevicePixelRatio(r)
    pix.fill(Qt.GlobalColor.transparent)
    return pix
