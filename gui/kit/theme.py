"""Colours and button styles shared by the Throwdown screens."""
from __future__ import annotations

from PySide6.QtGui import QColor

PRIMARY_BUTTON = ("QPushButton { background: #15803d; color: white; border: none; border-radius: 8px;"
                  " padding: 8px 18px; font-size: 15px; font-weight: 700; }"
                  "QPushButton:hover { background: #166534; }"
                  "QPushButton:disabled { background: #c7cbd3; color: #6b7280; }")
LOWEST_BG = QColor("#fde2e2")
PAGE_BG = "#f3f1ec"
