"""The app's identity (icon, version, licences) and the players' rules notes dialog."""
from __future__ import annotations

import platform
from importlib import resources

import PySide6
from PySide6.QtCore import Qt, QUrl, qVersion
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QTextBrowser,
                               QVBoxLayout, QWidget)

from core.registry import INFO
from core.version import __version__
from gui.icons import app_icon

__all__ = ["LICENCES", "AboutDialog", "RulesNotesDialog", "app_icon", "notes_index", "rules_notes"]

NOTES_SCHEME = "notes"  # index links are notes:<file stem>; the dialog opens them in place

# Bundled libraries and the licences a distributor must honour.
LICENCES: tuple[tuple[str, str], ...] = (
    ("PySide6 / Qt", "LGPLv3"),
    ("shapely", "BSD-3-Clause"),
    ("GEOS (used by shapely)", "LGPL-2.1"),
    ("networkx", "BSD-3-Clause"),
    ("msgspec", "BSD-3-Clause"),
    ("platformdirs", "MIT"),
    ("numpy", "BSD-3-Clause"),
    ("pymunk (with Chipmunk2D)", "MIT"),
    ("Pillow (table photos)", "MIT-CMU"),
    ("SQLAlchemy, Alembic, Mako (the club ledger)", "MIT"),
    ("openskill (ledger ratings)", "MIT"),
    ("pg8000, scramp, asn1crypto (a club's PostgreSQL)", "BSD-3-Clause, MIT-0, MIT"),
    ("python-dateutil, MarkupSafe", "BSD-3-Clause"),
    ("Python (inside the installed app)", "PSF-2.0"),
)


def rules_notes(game_id: str) -> str | None:
    """The markdown notes for a game, or None when none are written yet."""
    try:
        return (resources.files("resources.notes") / f"{game_id}.md").read_text(encoding="utf-8")
    except (FileNotFoundError, IsADirectoryError):
        return None


def notes_index() -> list[tuple[str, str]]:
    """(file stem, title) of every notes file, titled by its first heading, games first in
    the order of the start page, then the other notes by title."""
    folder = resources.files("resources.notes")
    found: dict[str, str] = {}
    for entry in folder.iterdir():
        if entry.name.endswith(".md"):
            first = entry.read_text(encoding="utf-8").lstrip().splitlines()[:1]
            heading = first[0].lstrip("#").strip() if first and first[0].startswith("#") else ""
            found[entry.name.removesuffix(".md")] = heading or entry.name
    order = {game_id: i for i, game_id in enumerate(INFO)}
    return sorted(found.items(), key=lambda item: (order.get(item[0], len(order)), item[1]))


def _index_markdown() -> str:
    links = "\n".join(f"- [{title}]({NOTES_SCHEME}:{stem})" for stem, title in notes_index())
    return ("# Rules notes\n\nHow Battlebox plays each game, and the rulings where the rulebooks "
            "are silent. F1 in a game opens its own notes.\n\n" + links)


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
    """Non-modal, so players can keep the notes open beside the game. Without a game it shows
    the index of every notes file; its links open the notes in the same window."""

    def __init__(self, game_id: str | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.resize(640, 720)
        self.browser = QTextBrowser(objectName="notesBrowser")
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._follow)
        self.browser.document().setDocumentMargin(16)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        self.game_id: str | None = None
        self.has_notes = False
        if game_id is None:
            self.show_index()
        else:
            self.show_notes(game_id)

    def show_index(self) -> None:
        self.game_id = None
        self.has_notes = True
        self.setWindowTitle("Rules notes")
        self.browser.setMarkdown(_index_markdown())

    def show_notes(self, game_id: str) -> None:
        info = INFO.get(game_id)
        notes = rules_notes(game_id)
        title = info.title if info else next((t for stem, t in notes_index() if stem == game_id), game_id)
        self.game_id = game_id
        self.has_notes = notes is not None
        self.setWindowTitle(f"Rules notes — {title}")
        if notes is None:
            self.browser.setMarkdown(f"# {title}\n\nThere are no rules notes for {title} yet.")
        else:
            self.browser.setMarkdown(notes)

    def _follow(self, url: QUrl) -> None:
        if url.scheme() == NOTES_SCHEME:
            self.show_notes(url.path())
        elif url.scheme() in ("http", "https", "mailto"):
            QDesktopServices.openUrl(url)
