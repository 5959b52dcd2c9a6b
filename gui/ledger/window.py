"""The Club ledger window (Tools → Club ledger, and its start-page card): league, history, players, records.

Every query goes through the ledger service, which runs it on its worker thread, so a slow club
server never freezes the window; the window shows it is busy, and a failure becomes a message in
the window (the tabs stay usable and show what they had).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QFrame, QHBoxLayout, QLabel, QProgressBar, QPushButton, QTabWidget, QVBoxLayout,
                               QWidget)

from gui.kit.style import repolish, set_role

Query = Callable[[Callable[[Any], Any], Callable[[Any], None]], None]


def games(rated_only: bool = False) -> list[tuple[str, str]]:
    """(id, title) of the built games, in the start page's order; `rated_only` leaves out one-player games."""
    from core.registry import CATALOGUE

    return [(g.id, g.title) for g in CATALOGUE if g.available and (not rated_only or g.players[1] > 1)]


def game_title(game_id: str) -> str:
    return dict(games()).get(game_id, game_id)


class LedgerWindow(QWidget):
    """The tabs over one ledger service; `main_window` opens replays (None: no replays from here)."""

    def __init__(self, service: Any, main_window: Any = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from gui.ledger.history import HistoryTab
        from gui.ledger.league import LeagueTab
        from gui.ledger.players import PlayersTab
        from gui.ledger.records import RecordsTab

        self.setObjectName("ledgerWindow")
        self.setWindowTitle("Club ledger — Battlebox")
        self.service = service
        self.main_window = main_window
        self._pending = 0
        self._closed = False

        self.message = QLabel(objectName="ledgerMessage")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.retry = QPushButton("Try again", objectName="ledgerRetry")
        self.retry.setToolTip("Ask the ledger again (Settings → Ledger… chooses another one)")
        self.retry.clicked.connect(self.try_again)
        self.message_bar = QFrame(objectName="ledgerMessageBar")
        bar = QHBoxLayout(self.message_bar)
        bar.setContentsMargins(12, 6, 6, 6)
        bar.addWidget(self.message, 1)
        bar.addWidget(self.retry)
        self.message_bar.hide()
        self.busy = QProgressBar(objectName="ledgerBusy")
        self.busy.setRange(0, 0)
        self.busy.setTextVisible(False)
        self.busy.setFixedWidth(120)
        self.busy.hide()
        self.busy_label = QLabel("Asking the ledger…", objectName="ledgerBusyText")
        self.busy_label.hide()
        self.status = QLabel(service.status.text(), objectName="ledgerWindowStatus")

        self.league = LeagueTab(self.query)
        self.history = HistoryTab(self.query, self)
        self.players = PlayersTab(self.query, self.players_changed)
        self.records = RecordsTab(self.query)
        self.tabs = QTabWidget(objectName="ledgerTabs")
        self.tabs.addTab(self.league, "League")
        self.tabs.addTab(self.history, "History")
        self.tabs.addTab(self.players, "Players")
        self.tabs.addTab(self.records, "Records")

        foot = QHBoxLayout()
        foot.addWidget(self.status, 1)
        foot.addWidget(self.busy_label)
        foot.addWidget(self.busy)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 12, 12, 8)
        layout.addWidget(self.message_bar)
        layout.addWidget(self.tabs, 1)
        layout.addLayout(foot)

        refresh = QShortcut(QKeySequence(QKeySequence.StandardKey.Refresh), self)
        refresh.activated.connect(self.refresh)
        service.status_changed.connect(self._on_status)
        service.recorded.connect(self._on_recorded)
        service.ready.connect(self._on_ready)
        self.refresh()

    # --- queries --------------------------------------------------------------------------------------------
    def query(self, fn: Callable[[Any], Any], done: Callable[[Any], None]) -> None:
        """Run `fn(ledger)` off the UI thread; `done(result)` here after, unless the window has gone."""
        self._pending += 1
        self._show_busy()

        def finished(result: Any) -> None:
            if self._settle():
                if self.message_bar.property("role") == "error":
                    self.message_bar.hide()  # the ledger answers again
                done(result)

        def failed(message: str) -> None:
            if self._settle():
                self.show_message(message, "error")

        self.service.run(lambda sl: fn(sl.ledger), finished, failed)

    def _settle(self) -> bool:
        import shiboken6

        if self._closed or not shiboken6.isValid(self):
            return False
        self._pending = max(0, self._pending - 1)
        self._show_busy()
        return True

    def _show_busy(self) -> None:
        self.busy.setVisible(self._pending > 0)
        self.busy_label.setVisible(self._pending > 0)

    def show_message(self, text: str, role: str = "info") -> None:
        """A line above the tabs: what failed (role "error"), or what was just done ("info")."""
        if role == "error" and "ledger" not in text.lower():
            text = f"The ledger could not answer: {text}"
        self.message.setText(text)
        set_role(self.message_bar, role)
        repolish(self.message)  # its look follows the bar's role
        self.retry.setVisible(role == "error")
        self.message_bar.show()

    def try_again(self) -> None:
        """After a failure: reopen the ledger when it never opened, then ask for everything again."""
        self.message_bar.hide()
        if not self.service.opened:
            self.service.open()
        self.refresh()

    def _on_status(self, text: str) -> None:
        import shiboken6

        if shiboken6.isValid(self):
            self.status.setText(text)

    def _on_ready(self, opened: bool) -> None:
        """The ledger was (re)opened, perhaps another one (Settings → Ledger…): show what it holds."""
        import shiboken6

        if opened and not self._closed and shiboken6.isValid(self):
            self.message_bar.hide()
            self.refresh()

    def _on_recorded(self, _note: Any) -> None:
        import shiboken6

        if not self._closed and shiboken6.isValid(self):
            self.refresh()

    # --- refreshing -----------------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Ask the ledger again for everything the tabs show."""
        self.players.refresh()
        self.league.refresh()
        self.history.refresh()
        self.records.refresh()

    def players_changed(self) -> None:
        """A player was added, renamed or merged: every tab's names and tables follow."""
        self.league.refresh()
        self.history.refresh()
        self.records.refresh()

    def closeEvent(self, event: Any) -> None:
        self._closed = True
        super().closeEvent(event)


def open_ledger(main_window: Any) -> QWidget:
    """The Club ledger window beside the main window (one at a time: a second call raises it)."""
    import shiboken6

    current = getattr(main_window, "ledger_window", None)
    if current is not None and shiboken6.isValid(current) and current.isVisible():
        current.raise_()
        current.activateWindow()
        current.refresh()
        return current
    from gui.kit.ledger_service import ledger_service

    window = LedgerWindow(ledger_service(), main_window)
    window.setParent(main_window, Qt.WindowType.Window)
    window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    window.resize(1100, 720)
    main_window.ledger_window = window
    window.show()
    return window
