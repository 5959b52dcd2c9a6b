"""The ledger's place in the main window: its status label, File → Add to ledger, Settings → Ledger…,
and the automatic record of every match that ends in the window.

The window gives this one object its menus and each new controller (`watch`); everything else
about the ledger stays here, so the window file stays small. A match is recorded when it becomes
over in the window (a move, not the opening of a finished file): a finished file is added with
File → Add to ledger, its file's modification time standing in for an older save's finish time.
Undoing past the end and finishing again differently records a different match (other actions).
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QLabel, QMenu

if TYPE_CHECKING:
    from gui.kit.ledger_service import LedgerService, RecordNote
    from gui.controller import MatchController
    from gui.main_window import MainWindow

NOTE_MS = 8000
OPENING = "Ledger: opening…"  # the service's own words (Status("opening")), before it exists
OPEN_AFTER_MS = 250  # as the window's shortcuts: after the first paint, before anyone reaches for a menu


class LedgerHooks(QObject):
    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self._service: LedgerService | None = None  # made at the first use (after the first paint)
        self._over = False
        self._controller: MatchController | None = None

        self.status_label = QLabel(OPENING, objectName="ledgerStatus")
        self.status_label.setContentsMargins(8, 0, 8, 0)
        self.status_label.setProperty("state", "opening")
        window.statusBar().addPermanentWidget(self.status_label)

        self.add_action = QAction("Add to &ledger", window)
        self.add_action.setObjectName("addToLedgerAction")
        self.add_action.setStatusTip("Record the open finished game in the ledger (once: a match is never "
                                     "counted twice)")
        self.add_action.triggered.connect(lambda _=False: self.add_to_ledger())
        file_menu = next(a.menu() for a in window.menuBar().actions() if window.save_action in a.menu().actions())
        file_menu.insertAction(window.close_game_action, self.add_action)
        file_menu.aboutToShow.connect(self._refresh_action)

        self.settings_action = QAction("&Ledger…", window)
        self.settings_action.setObjectName("ledgerSettingsAction")
        self.settings_action.setStatusTip("Where the ledger is kept: this computer, or a club's PostgreSQL server")
        self.settings_action.triggered.connect(lambda _=False: self.show_settings())
        help_menu = window.menuBar().actions()[-1]
        self.settings_menu = QMenu("&Settings", window)
        self.settings_menu.setObjectName("settingsMenu")
        self.settings_menu.addAction(self.settings_action)
        window.menuBar().insertMenu(help_menu, self.settings_menu)

        # Besides `window_shown`, the window calls nothing: its stack says when a game's view comes in.
        window.stack.currentChanged.connect(lambda _i: self._watch())

    def window_shown(self) -> None:
        """The window's first show (MainWindow.setVisible): open the ledger well after the first paint."""
        QTimer.singleShot(OPEN_AFTER_MS, self.start)

    @property
    def service(self) -> LedgerService:
        if self._service is None:
            from gui.kit.ledger_service import ledger_service

            self._service = ledger_service()
            self._service.status_changed.connect(self._show_status)
            self._service.ready.connect(self._opened)
            self._show_status()
        return self._service

    def start(self) -> None:
        """After the window's first paint: open the ledger on the worker thread."""
        self.service.start()

    def _watch(self) -> None:
        """A new game in the window: record it when (and each time) it becomes over here."""
        controller = self.window.controller
        if controller is None or controller is self._controller:
            return
        self._controller = controller
        self._over = controller.match.is_over
        controller.changed.connect(lambda c=controller: self._changed(c))

    # --- recording ----------------------------------------------------------------------------
    def _changed(self, controller: MatchController) -> None:
        if controller is not self._controller:
            return
        over, was = controller.match.is_over, self._over
        self._over = over
        if over and not was and not controller.replaying and not self.service.disabled:
            self.service.record(controller.match, source="app", done=self._noted, error=self._not_recorded)

    def add_to_ledger(self) -> bool:
        """File → Add to ledger: the open game, when it is finished."""
        match = self.window.match
        if match is None or not match.is_over:
            self.window.show_error("Cannot add to the ledger", "Only a finished game can be added to the ledger.")
            return False
        from datetime import datetime, timezone

        path = self._controller.path or self._controller.origin if self._controller else None
        finished_at = None
        if path and os.path.exists(path):
            finished_at = datetime.fromtimestamp(os.path.getmtime(path), tz=timezone.utc)
        self.service.record(match, finished_at=finished_at, source=path or "app", done=self._noted,
                            error=self._not_recorded)
        return True

    def _noted(self, note: RecordNote) -> None:
        self._say(note.text(), note.match)

    def _not_recorded(self, error: str) -> None:
        self._say(f"Not recorded in the ledger: {error}", None)

    def _say(self, text: str, match: object) -> None:
        """In the status bar, and in the game's log when that game is still the one open."""
        self.window.statusBar().showMessage(text, NOTE_MS)
        view = self.window.view
        if view is not None and (match is None or match is self.window.match) and hasattr(view, "log_notes"):
            view.log_notes.append((len(self.window.match.actions), text))
            view.log_noted.emit()

    # --- menus and status -----------------------------------------------------------------------
    def _refresh_action(self) -> None:
        match = self.window.match
        self.add_action.setEnabled(match is not None and match.is_over)

    def _opened(self, ok: bool) -> None:
        """A ledger that cannot be opened says why once in the status bar (its label keeps the reason
        as its tooltip); the game stays open, and File → Add to ledger tries the ledger again."""
        if not ok:
            self.window.statusBar().showMessage(f"The ledger could not be opened: {self.service.status.error}",
                                                3 * NOTE_MS)

    def _show_status(self, _text: str = "") -> None:
        status = self.service.status
        self.status_label.setText(status.text())
        self.status_label.setToolTip(status.tip())
        if self.status_label.property("state") != status.state:
            polished = self.status_label.property("state") is not None
            self.status_label.setProperty("state", status.state)
            if polished:  # the first state is set before the label is polished (and before the first paint)
                from gui.kit.style import repolish
                from gui.kit.stylesheet import apply_theme

                if status.state in ("offline", "error"):
                    apply_theme()  # the start page's sheet lacks ledger.qss, which colours these (a no-op later)
                repolish(self.status_label)

    def show_settings(self) -> QDialog:
        """Settings → Ledger… (window-modal, not a nested loop): a saved URL reopens the ledger there."""
        from PySide6.QtCore import Qt

        from gui.kit.stylesheet import apply_theme
        from gui.ledger.settings_dialog import LedgerSettingsDialog

        apply_theme()
        dialog = LedgerSettingsDialog(self.window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(self.service.open)
        dialog.open()
        return dialog
