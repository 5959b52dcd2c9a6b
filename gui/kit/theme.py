"""Colour helpers for painting; the named colours and styles live in resources/style/."""
from __future__ import annotations

from PySide6.QtGui import QColor

LOWEST_BG = QColor("#fde2e2")


def text_colour_on(colour: str | QColor) -> QColor:
    """Black or white, whichever reads better on `colour` (relative luminance)."""
    c = QColor(colour)
    lum = 0.2126 * c.redF() + 0.7152 * c.greenF() + 0.0722 * c.blueF()
    return QColor("#111111") if lum > 0.55 else QColor("#ffffff")
