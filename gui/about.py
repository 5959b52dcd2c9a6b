"""The app's identity (icon, version, licences) and the players' rules notes dialog."""
from __future__ import annotations

import platform
from importlib import resources

import PySide6
from PySide6.QtCore import Qt, qVersion
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QTextBrowser,
                               QVBoxLayout, QWidget)

from core.registry import INFO
from core.version import __version__
from gui.icons import app_icon

__all__ = ["LICENCES", "AboutDialog", "RulesNotesDialog", "app_icon", "rules_notes"]

# Bundled libraries and the licences a distributor must honour.
LICENCES: tuple[tuple[str, str], ...] = (
    ("PySide6 / Qt", "LGPLv3"),
    ("shapely", "BSD-3-Clause"),
    ("GEOS (used by shapely)", "LGPL-2.1"),
    ("networkx", "BSD-3-Clause"),
    ("msgspec", "BSD-3-Clause"),
    ("platformdirs", "MIT"),
    ("numpy (used by shapely)", "BSD-3-Clause"),
    ("Python (inside the installed app)", "PSF-2.0"),
)


def rules_notes(game_id: str) -> str | None:
    """The markdown notes for a game, or None when none are written yet."""
    try:
        return (resources.files("resources.notes") / f"{game_id}.md").read_text(encoding="utf-8")
    except (FileNotFoundError, IsADirectoryError):
        return None


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("About Battlebox")
        self.setMinimumWidth(480)

        icon = QLabel()
        icon.setPixmap(app_icon().pixmap(96, 96))
        icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        title = QLabel("Battlebox")
        title.setObjectName("aboutTitle")
        blurb = QLabel("Play tabletop battle games hot-seat on one computer, "
                       "or use it as the referee beside a real table.")
        blurb.setWordWrap(True)
        self.version_label = QLabel(
            f"Version {__version__}<br>PySide6 {PySide6.__version__} · Qt {qVersion()} · "
            f"Python {platform.python_version()}")
        self.version_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        rows = "".join(f"<tr><td style='padding-right:18px'>{name}</td><td><b>{lic}</b></td></tr>"
                       for name, lic in LICENCES)
        self.licences_label = QLabel(
            "<p style='margin-bottom:4px'>Built with these libraries, under their licences:</p>"
            f"<table cellspacing='2'>{rows}</table>"
            "<p style='color:#555'>Qt and GEOS are used as shared libraries under the LGPL; "
            "you may replace them with your own builds. The installed app carries the licence "
            "texts in its <i>licenses</i> folder.</p>")
        self.licences_label.setWordWrap(True)

        text = QVBoxLayout()
        text.setSpacing(10)
        for w in (title, blurb, self.version_label, self.licences_label):
            text.addWidget(w)
        top = QHBoxLayout()
        top.setSpacing(20)
        top.addWidget(icon)
        top.addLayout(text, 1)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 24, 24, 16)
        layout.addLayout(top)
        layout.addWidget(buttons)


class RulesNotesDialog(QDialog):
    """Non-modal, so players can keep the notes open beside the game."""

    def __init__(self, game_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        info = INFO.get(game_id)
        title = info.title if info else game_id
        self.setWindowTitle(f"Rules notes — {title}")
        self.resize(640, 720)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        notes = rules_notes(game_id)
        self.has_notes = notes is not None
        if notes is None:
            self.browser.setMarkdown(f"# {title}\n\nThere are no rules notes for {title} yet.")
        else:
            self.browser.setMarkdown(notes)
        self.browser.document().setDocumentMargin(16)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
