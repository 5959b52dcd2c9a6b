"""Settings → Ledger…: keep the ledger on this computer, or share a club's PostgreSQL server.

"Test connection" opens the ledger at the typed URL on the ledger's worker (a server may take
seconds to answer) and says what went wrong in the ledger's own words: a wrong URL, refused
credentials, a ledger from a newer Battlebox, a locked file. Saving does not need a passing
test: a club server that is down now only means results queue until it answers.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from shiboken6 import isValid

from gui import storage
from gui.kit.style import set_role
from gui.kit.ledger_service import ledger_service

URL_HINT = "postgresql://user:password@host/database"
WIDTH = 560


def probe(url: str | None, folder: str) -> str:
    """Open the ledger at `url` (None: the default file) and close it; what was found, as a sentence."""
    from pathlib import Path

    from ledger.db import default_url, kind_of, safe_url
    from ledger.store import Ledger

    url = url or default_url(Path(folder))
    kind_of(url)
    ledger = Ledger.open(url, backup_dir=Path(folder))
    try:
        players = len(ledger.players(include_computers=False))
        matches = len(ledger.matches())
    finally:
        ledger.close()
    return (f"Connected to {safe_url(url)}: {matches} match{'es' if matches != 1 else ''} and "
            f"{players} player{'s' if players != 1 else ''} recorded.")


class LedgerSettingsDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ledgerSettings")
        self.setWindowTitle("Ledger — Battlebox")
        self._testing = 0
        heading = QLabel("Where the ledger is kept", objectName="ledgerHeading")
        heading.setProperty("role", "heading")
        intro = QLabel("The ledger records every finished match, the players and their ratings. One computer "
                       "keeps it in a file; several computers of a club share it on a PostgreSQL server.",
                       objectName="ledgerIntro")
        intro.setWordWrap(True)

        folder = storage.data_dir()
        self.local = QRadioButton("This computer", objectName="ledgerLocal")
        local_note = QLabel(f"A file in Battlebox's data folder: {folder}", objectName="ledgerLocalNote")
        local_note.setWordWrap(True)
        local_note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.club = QRadioButton("A club's PostgreSQL server", objectName="ledgerClub")
        self.url_edit = QLineEdit(objectName="ledgerUrl")
        self.url_edit.setPlaceholderText(URL_HINT)
        self.url_edit.setClearButtonEnabled(True)
        self.url_edit.setMinimumWidth(380)
        club_note = QLabel("Ask your club for the address. Results queue on this computer while the server "
                           "cannot be reached, and are sent when it answers.", objectName="ledgerClubNote")
        club_note.setWordWrap(True)
        group = QButtonGroup(self)
        group.addButton(self.local)
        group.addButton(self.club)
        url = storage.ledger_url()
        (self.club if url else self.local).setChecked(True)
        self.url_edit.setText(url or "")
        self.url_edit.textEdited.connect(lambda _t: self.club.setChecked(True))
        self.local.toggled.connect(self._changed)
        self.url_edit.textChanged.connect(self._changed)

        self.test_button = QPushButton("Test connection", objectName="ledgerTest")
        self.test_button.clicked.connect(self.test_connection)
        self.result_label = QLabel(objectName="ledgerTestResult")
        self.result_label.setWordWrap(True)
        self.result_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.result_label.hide()
        test_row = QHBoxLayout()
        test_row.addWidget(self.test_button, 0, Qt.AlignmentFlag.AlignTop)
        test_row.addWidget(self.result_label, 1)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.save_button = buttons.button(QDialogButtonBox.StandardButton.Save)
        self.save_button.setObjectName("ledgerSave")

        layout = QVBoxLayout(self)
        layout.setContentsMargins(22, 18, 22, 16)
        layout.setSpacing(10)
        layout.addWidget(heading)
        layout.addWidget(intro)
        layout.addWidget(self.local)
        layout.addWidget(local_note)
        layout.addWidget(self.club)
        layout.addWidget(self.url_edit)
        layout.addWidget(club_note)
        layout.addSpacing(4)
        layout.addLayout(test_row)
        layout.addStretch(1)
        layout.addWidget(buttons)
        for note in (local_note, club_note):
            note.setProperty("role", "note")
        self.setMinimumWidth(WIDTH)
        self._fit()

    def _fit(self) -> None:
        """Tall enough for every wrapped line at this width (a dialog's size hint ignores wrapping)."""
        width = max(self.width(), WIDTH)
        self.resize(width, max(self.heightForWidth(width), self.minimumSizeHint().height()))

    def chosen_url(self) -> str | None:
        """The URL the dialog would save: None for this computer's file."""
        return self.url_edit.text().strip() or None if self.club.isChecked() else None

    def _changed(self) -> None:
        self.result_label.hide()
        self._fit()

    def test_connection(self) -> None:
        """Open the chosen ledger off the UI thread; the answer replaces "Testing…"."""
        if self.club.isChecked() and not self.url_edit.text().strip():
            self._show("error", f"Type the club server's address, like {URL_HINT}.")
            return
        self._testing += 1
        ticket = self._testing
        url, folder = self.chosen_url(), str(storage.data_dir())
        self.test_button.setEnabled(False)
        self._show("busy", "Testing…")
        ledger_service().call(lambda: probe(url, folder),
                              lambda text: self._tested(ticket, "ok", text),
                              lambda error: self._tested(ticket, "error", f"Cannot use this ledger: {error}"))

    def _tested(self, ticket: int, state: str, text: str) -> None:
        if ticket != self._testing or not isValid(self):
            return  # an older test, since replaced, or the dialog closed meanwhile
        self.test_button.setEnabled(True)
        self._show(state, text)

    def _show(self, state: str, text: str) -> None:
        self.result_label.setText(text)
        set_role(self.result_label, state)
        self.result_label.show()
        self._fit()

    def accept(self) -> None:
        if self.club.isChecked() and not self.url_edit.text().strip():
            self._show("error", f"Type the club server's address, like {URL_HINT}, or keep the ledger on this "
                                "computer.")
            return
        storage.set_ledger_url(self.chosen_url())
        super().accept()
