"""The Club ledger window as a club member drives it (tabs, filters, tables, the player form), and the
ledger behind it: a real service on a real SQLite file in a temp folder, filled with finished saves."""
from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import msgspec
from PySide6.QtCore import QDate, QEventLoop, QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QDateEdit, QTableWidget, QTabWidget

from tests.gui.drivers.base import LEFT, Driver

COLOURS = ("#d62828", "#1d4ed8", "#2a9d36", "#f4a261", "#6a4c93", "#0e7490")


def finished_save(game: str, names: tuple[str, ...], seed: int, *, computer: str | None = None,
                  when: str | None = None, **setup: Any) -> bytes:
    """A finished match of `game` between `names` (plus a computer seat at `computer` level), played by
    random moves from `seed`; `when` pins its finish time (ISO, UTC)."""
    from core import saves
    from core.game import CHANCE, PlayerSetup
    from core.match import Match

    base = Match.new(game, seed=seed)
    seats = [PlayerSetup(n, COLOURS[i % len(COLOURS)]) for i, n in enumerate(names)]
    if computer:
        seats.append(PlayerSetup(f"Computer ({computer.title()})", "#444444", computer=computer))
    m = Match.new(game, msgspec.structs.replace(base.setup, players=tuple(seats), **setup), seed=seed)
    rng = random.Random(seed)
    while not m.is_over:
        m.play_chance() if m.actor == CHANCE else m.apply(m.random_action(rng))
    doc = m.to_doc()
    if when and hasattr(doc, "finished_at"):
        doc = msgspec.structs.replace(doc, finished_at=when)
    return saves.encode_doc(doc)


def drain(service: Any) -> None:
    """Wait until the service's worker has done everything asked of it so far (it works in order)."""
    done: list[object] = []
    service.run(lambda _sl: None, lambda _r: done.append(True), lambda e: done.append(e))
    while not done:
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)


def ask(service: Any, fn: Any) -> Any:
    """`fn(ledger)` through the service, waited for: what the window would be told."""
    out: list[Any] = []
    service.run(lambda sl: fn(sl.ledger), lambda r: out.append(("ok", r)), lambda e: out.append(("error", e)))
    while not out:
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
    kind, value = out[0]
    assert kind == "ok", value
    return value


@contextmanager
def ledger_service(folder: Path, url: str | None = None) -> Iterator[Any]:
    """A real LedgerService on a ledger in `folder` (its default SQLite file unless `url`), opened."""
    import pytest

    from gui import storage
    from gui.kit.ledger_service import LedgerService

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(storage.ENV_DATA_DIR, str(folder))
        mp.delenv("BATTLEBOX_LEDGER", raising=False)
        storage.set_ledger_url(url)
        service = LedgerService()
        service.open()
        drain(service)
        try:
            yield service
        finally:
            service.shutdown()
            service.deleteLater()


class LedgerWindowDriver(Driver):
    def __init__(self, root: Any, qtbot: Any) -> None:
        super().__init__(root)
        self.qtbot = qtbot

    def settle(self) -> None:
        """Every query the window asked has been answered."""
        drain(self.root.service)
        self.qtbot.waitUntil(lambda: not self.find("ledgerBusy").isVisibleTo(self.root))

    def tab(self, title: str) -> None:
        tabs = self.find("ledgerTabs", QTabWidget)
        index = next(i for i in range(tabs.count()) if tabs.tabText(i) == title)
        QTest.mouseClick(tabs.tabBar(), LEFT, pos=tabs.tabBar().tabRect(index).center())
        assert tabs.currentIndex() == index

    def choose(self, combo_name: str, data: Any = None, text: str | None = None) -> None:
        combo = self.find(combo_name, QComboBox)
        index = combo.findText(text) if text is not None else combo.findData(data)
        assert index >= 0, f"{data or text!r} is not offered in {combo_name}"
        combo.setCurrentIndex(index)
        self.settle()

    def toggle(self, name: str) -> None:
        self.click(self.find(name, QCheckBox))
        self.settle()

    def press(self, name: str) -> None:
        self.click(name, on_screen=True, enabled=True)
        self.settle()

    def rows(self, table_name: str) -> list[list[str]]:
        t = self.find(table_name, QTableWidget)
        return [[t.item(r, c).text() if t.item(r, c) else "" for c in range(t.columnCount())]
                for r in range(t.rowCount())]

    def column(self, table_name: str, header: str) -> list[str]:
        t = self.find(table_name, QTableWidget)
        c = next(i for i in range(t.columnCount()) if t.horizontalHeaderItem(i).text() == header)
        return [row[c] for row in self.rows(table_name)]

    def click_row(self, table_name: str, row: int, double: bool = False) -> None:
        t = self.find(table_name, QTableWidget)
        t.scrollToItem(t.item(row, 0))
        QApplication.processEvents()
        rect = t.visualItemRect(t.item(row, 0))
        QTest.mouseClick(t.viewport(), LEFT, pos=rect.center())
        if double:
            QTest.mouseDClick(t.viewport(), LEFT, pos=rect.center())
        self.settle()

    def click_row_with(self, table_name: str, text: str, double: bool = False) -> None:
        row = next(i for i, cells in enumerate(self.rows(table_name)) if any(text in c for c in cells))
        self.click_row(table_name, row, double)

    def dates(self, since: QDate, until: QDate) -> None:
        any_date = self.find("historyAnyDate", QCheckBox)
        if any_date.isChecked():
            self.toggle("historyAnyDate")
        self.find("historySince", QDateEdit).setDate(since)
        self.find("historyUntil", QDateEdit).setDate(until)
        self.settle()

    def type_into(self, name: str, text: str) -> None:
        edit = self.find(name)
        edit.selectAll()
        QTest.keyClick(edit, Qt.Key.Key_Delete)
        QTest.keyClicks(edit, text)

    def hover_chart_end(self) -> None:
        """Rest the pointer at the chart's right end, where its newest point is painted."""
        chart = self.find("ratingChart")
        chart.repaint()
        QTest.mouseMove(chart, QPoint(chart.width() - 18, chart.height() // 2))
        QApplication.processEvents()

    @property
    def message(self) -> str:
        shown = self.find("ledgerMessageBar").isVisibleTo(self.root)
        return self.find("ledgerMessage").text() if shown else ""

    @property
    def retry_offered(self) -> bool:
        return self.find("ledgerRetry").isVisibleTo(self.root)
