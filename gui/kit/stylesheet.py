"""The one application stylesheet, styling views by object name and dynamic property.

It is applied once, when the first game view is built (`gui.views.create_view`), so the start
page paints before any styling pass over game rules; later views reuse it for free.
"""
from __future__ import annotations

from PySide6.QtWidgets import QApplication

_IMPACT_INK = "#f3f1ec"
_IMPACT_BUTTON = """
#impactView QPushButton[role="impact"] {
    background: #3d4558; color: #f3f1ec; border: 1px solid #59627a; border-radius: 8px;
    padding: 8px 14px; font-size: 14px; font-weight: 600; }
#impactView QPushButton[role="impact"]:hover { background: #4a5470; }
#impactView QPushButton[role="impact"]:disabled { background: #2f3544; color: #6b7386; border-color: #3a4152; }
#impactView QPushButton[role="impact-primary"] {
    background: #e4572e; color: white; border: none; border-radius: 8px;
    padding: 9px 16px; font-size: 15px; font-weight: 700; }
#impactView QPushButton[role="impact-primary"]:hover { background: #c9461f; }
#impactView QPushButton[role="impact-primary"]:disabled { background: #4a4f5c; color: #8b90a0; }
"""

STYLESHEET = _IMPACT_BUTTON + f"""
#impactView QLabel#raceTitle {{ color: {_IMPACT_INK}; font-size: 26px; font-weight: 800; }}
#impactView QLabel#raceHint {{ color: #c9c3b6; font-size: 14px; }}
#impactView QLabel#winnerTitle {{ color: {_IMPACT_INK}; font-size: 20px; letter-spacing: 2px; }}
#impactView QLabel#winnerSummary {{ color: {_IMPACT_INK}; font-size: 15px; }}
"""

_APPLIED = "battleboxThemeApplied"


def apply_theme(app: QApplication | None = None) -> None:
    """Set the application stylesheet once per application (a second call costs nothing)."""
    app = app or QApplication.instance()
    if app is None or app.property(_APPLIED):
        return
    app.setProperty(_APPLIED, True)
    app.setStyleSheet(STYLESHEET)
