"""The ledger as the main window shows it: its status label, File → Add to ledger, Settings → Ledger…,
and the New Game dialog's registered players; plus a look into the ledger file behind the app."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QCompleter, QLabel, QLineEdit, QPushButton, QRadioButton, QWidget

from gui.main_window import MainWindow
from tests.gui.drivers.base import click, find

WAIT_MS = 30_000  # a busy two-core machine; a club server that does not answer says so sooner


class LedgerAppDriver:
    def __init__(self, window: MainWindow) -> None:
        self.window = window

    @property
    def status(self) -> str:
        return find(self.window, "ledgerStatus", QLabel).text()

    @property
    def status_tip(self) -> str:
        return find(self.window, "ledgerStatus", QLabel).toolTip()

    def wait_status(self, qtbot, text: str) -> None:
        qtbot.waitUntil(lambda: self.status.startswith(text), timeout=WAIT_MS)

    def _menu_action(self, name: str):
        for top in self.window.menuBar().actions():
            menu = top.menu()
            menu.aboutToShow.emit()  # as opening the menu does (enables what may be used now)
            for action in menu.actions():
                if action.objectName() == name:
                    return action
        raise LookupError(f"no menu item {name!r}")

    def add_to_ledger(self) -> bool:
        """File → Add to ledger; False when the item is disabled."""
        action = self._menu_action("addToLedgerAction")
        if not action.isEnabled():
            return False
        action.trigger()
        return True

    def open_settings(self) -> SettingsDriver:
        self._menu_action("ledgerSettingsAction").trigger()
        QApplication.processEvents()
        return SettingsDriver(next(w for w in QApplication.topLevelWidgets()
                                   if w.objectName() == "ledgerSettings" and w.isVisible()))


class SettingsDriver:
    def __init__(self, dialog: QWidget) -> None:
        self.dialog = dialog

    def use_club(self, url: str) -> None:
        click(find(self.dialog, "ledgerClub", QRadioButton))
        edit = find(self.dialog, "ledgerUrl", QLineEdit)
        edit.selectAll()
        QTest.keyClicks(edit, url)

    def use_this_computer(self) -> None:
        click(find(self.dialog, "ledgerLocal", QRadioButton))

    def test_connection(self, qtbot) -> str:
        """Click Test connection and wait for its answer (the button comes back)."""
        button = find(self.dialog, "ledgerTest", QPushButton)
        click(button)
        qtbot.waitUntil(button.isEnabled, timeout=WAIT_MS)
        return self.result

    @property
    def result(self) -> str:
        label = find(self.dialog, "ledgerTestResult", QLabel)
        return label.text() if label.isVisible() else ""

    @property
    def result_role(self) -> str:
        return str(find(self.dialog, "ledgerTestResult", QLabel).property("role"))

    def save(self) -> None:
        click(find(self.dialog, "ledgerSave", QPushButton))


def pick_registered(dialog: QWidget, seat: int, typed: str, choice: str) -> None:
    """Type into a seat's name field and choose `choice` in the list of registered players that pops up."""
    edit = find(dialog, f"name:{seat}", QLineEdit)
    edit.setFocus()
    edit.selectAll()
    QTest.keyClicks(edit, typed)
    completer = edit.completer()
    assert isinstance(completer, QCompleter), "the name field offers no registered players"
    popup = completer.popup()
    model = popup.model()
    rows = [model.index(r, 0) for r in range(model.rowCount())]
    match = next(i for i in rows if i.data() == choice)
    popup.setCurrentIndex(match)
    QTest.keyClick(popup, Qt.Key.Key_Return)
    QApplication.processEvents()


def offered_names(dialog: QWidget, seat: int, typed: str) -> list[str]:
    """What the seat's name field offers after typing `typed`."""
    edit = find(dialog, f"name:{seat}", QLineEdit)
    completer = edit.completer()
    if completer is None:
        return []
    completer.setCompletionPrefix(typed)
    model = completer.completionModel()
    return [model.index(r, 0).data() for r in range(model.rowCount())]


@contextmanager
def ledger_at(folder: Path) -> Iterator[object]:
    """The app's default ledger file in `folder`, opened beside the app (SQLite allows both)."""
    from ledger.db import default_url
    from ledger.store import Ledger

    led = Ledger.open(default_url(folder))
    try:
        yield led
    finally:
        led.close()
