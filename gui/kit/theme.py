"""The one theme: palette, colour helpers and button styles every game view shares."""
from __future__ import annotations

from PySide6.QtGui import QColor

PRIMARY_BUTTON = ("QPushButton { background: #15803d; color: white; border: none; border-radius: 8px;"
                  " padding: 8px 18px; font-size: 15px; font-weight: 700; }"
                  "QPushButton:hover { background: #166534; }"
                  "QPushButton:disabled { background: #c7cbd3; color: #6b7280; }")
LOWEST_BG = QColor("#fde2e2")
PAGE_BG = "#f3f1ec"


def text_colour_on(colour: str | QColor) -> QColor:
    """Black or white, whichever reads better on `colour` (relative luminance)."""
    c = QColor(colour)
    lum = 0.2126 * c.redF() + 0.7152 * c.greenF() + 0.0722 * c.blueF()
    return QColor("#111111") if lum > 0.55 else QColor("#ffffff")
