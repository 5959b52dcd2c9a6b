"""The Records tab: Solitaire personal bests (and the chosen player's history), Impact tournaments as
events with their points table, and head-to-head figures for any two players."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QComboBox, QGridLayout, QGroupBox, QHBoxLayout, QLabel, QSplitter, QTableWidget,
                               QVBoxLayout, QWidget)

from gui.ledger.history import when_text
from gui.ledger.league import cell, game_combo, table


def _day(value: Any) -> str:
    if value is None:
        return ""
    if hasattr(value, "astimezone") and getattr(value, "tzinfo", None) is not None:
        return value.astimezone().strftime("%Y-%m-%d")
    return str(value)[:10]


def event_winners(event: Any) -> str:
    """An Impact tournament is won by whoever lost the fewest points; a tie has several winners."""
    if not event.points:
        return ""
    fewest = min(total for _player, _games, total in event.points)
    names = [str(player) for player, _games, total in event.points if total == fewest]
    return f"{' and '.join(names)} ({fewest} point{'s' if fewest != 1 else ''} lost)"


def h2h_text(a: str, b: str, h: Any, where: str = "") -> str:
    """`where`: " in Throwdown", or "" for every game."""
    if not h.played:
        return f"{a} and {b} have not played each other{where} yet."
    draws = f", {h.draws} drawn" if h.draws else ""
    return f"{h.played} match{'es' if h.played != 1 else ''} together{where}: {a} won {h.a_won}, {b} won {h.b_won}{draws}."


class RecordsTab(QWidget):
    def __init__(self, query: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("recordsTab")
        self._query = query
        self.players: list[Any] = []
        self.bests: list[Any] = []
        self.events: list[Any] = []

        self.bests_table = table("solitaireBests", ("#", "Player", "Total", "Date"))
        self.best_history = table("solitaireHistory", ("Date", "Total"), stretch=0)
        self.history_title = QLabel("Choose a best to see that player's games.", objectName="bestHistoryTitle")
        self.history_title.setWordWrap(True)
        solitaire = QGroupBox("Solitaire personal bests", objectName="bestsBox")
        sol = QGridLayout(solitaire)
        sol.addWidget(self.bests_table, 0, 0, 2, 1)
        sol.addWidget(self.history_title, 0, 1)
        sol.addWidget(self.best_history, 1, 1)
        sol.setColumnStretch(0, 3)
        sol.setColumnStretch(1, 2)

        self.events_table = table("impactEvents", ("Date", "Won by"), stretch=1)
        self.points_table = table("eventPoints", ("Player", "Points lost, game by game", "Lost in all"), stretch=1)
        events = QGroupBox("Impact tournaments", objectName="eventsBox")
        ev = QHBoxLayout(events)
        ev.addWidget(self.events_table, 2)
        ev.addWidget(self.points_table, 3)

        self.h2h_a = QComboBox(objectName="h2hA")
        self.h2h_b = QComboBox(objectName="h2hB")
        self.h2h_game = game_combo("h2hGame", rated_only=True, any_text="Every game")
        self.h2h_result = QLabel("Choose two players.", objectName="h2hResult")
        self.h2h_result.setWordWrap(True)
        h2h = QGroupBox("Head to head", objectName="h2hBox")
        hh = QGridLayout(h2h)
        hh.addWidget(self.h2h_a, 0, 0)
        hh.addWidget(QLabel("against"), 0, 1)
        hh.addWidget(self.h2h_b, 0, 2)
        hh.addWidget(QLabel("in"), 0, 3)
        hh.addWidget(self.h2h_game, 0, 4)
        hh.setColumnStretch(5, 1)
        hh.addWidget(self.h2h_result, 1, 0, 1, 6)

        split = QSplitter(Qt.Orientation.Vertical, objectName="recordsSplit")
        split.addWidget(solitaire)
        split.addWidget(events)
        split.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.addWidget(split, 1)
        layout.addWidget(h2h)

        self.bests_table.itemSelectionChanged.connect(self._best_chosen)
        self.events_table.itemSelectionChanged.connect(self._event_chosen)
        for combo in (self.h2h_a, self.h2h_b, self.h2h_game):
            combo.currentIndexChanged.connect(self.head_to_head)

    def refresh(self) -> None:
        self._query(lambda led: led.players(include_computers=True), self._set_players)
        self._query(lambda led: led.solitaire_bests(limit=10), self._show_bests)
        self._query(lambda led: led.events("impact"), self._show_events)

    # --- Solitaire ------------------------------------------------------------------------------------------
    def _show_bests(self, bests: list[Any]) -> None:
        self.bests = list(bests)
        t = self.bests_table
        t.setRowCount(len(self.bests))
        for r, b in enumerate(self.bests):
            for c, item in enumerate((cell(str(r + 1), right=True), cell(b.name), cell(str(b.total), right=True),
                                      cell(_day(b.date)))):
                t.setItem(r, c, item)
        if not self.bests:
            self.history_title.setText("No Solitaire games in the ledger yet.")
            self.best_history.setRowCount(0)

    def _best_chosen(self) -> None:
        items = self.bests_table.selectedItems()
        if not items:
            return
        name = self.bests[items[0].row()].name
        player = next((p for p in self.players if p.name.lower() == name.lower()), None)
        if player is None:
            self.history_title.setText(f"{name} is not in the player registry.")
            self.best_history.setRowCount(0)
            return
        self._query(lambda led: led.solitaire_history(player.id), lambda rows: self._show_history(name, rows))

    def _show_history(self, name: str, rows: list[Any]) -> None:
        self.history_title.setText(f"{name}'s Solitaire games ({len(rows)})")
        t = self.best_history
        t.setRowCount(len(rows))
        for r, b in enumerate(rows):
            t.setItem(r, 0, cell(_day(b.date)))
            t.setItem(r, 1, cell(str(b.total), right=True))

    # --- Impact ---------------------------------------------------------------------------------------------
    def _show_events(self, events: list[Any]) -> None:
        self.events = list(events)
        t = self.events_table
        t.setRowCount(len(self.events))
        for r, e in enumerate(self.events):
            t.setItem(r, 0, cell(when_text(e.finished_at), e.match_id))
            t.setItem(r, 1, cell(event_winners(e)))
        if self.events:
            t.selectRow(0)
        else:
            self.points_table.setRowCount(0)

    def _event_chosen(self) -> None:
        items = self.events_table.selectedItems()
        if not items:
            return
        event = self.events[items[0].row()]
        rows = sorted(event.points, key=lambda row: (row[2], str(row[0]).lower()))
        t: QTableWidget = self.points_table
        t.setRowCount(len(rows))
        for r, (player, rounds, total) in enumerate(rows):
            t.setItem(r, 0, cell(str(player)))
            t.setItem(r, 1, cell("  ".join(str(n) for n in rounds)))
            t.setItem(r, 2, cell(str(total), right=True))

    # --- head to head ---------------------------------------------------------------------------------------
    def _set_players(self, players: list[Any]) -> None:
        self.players = sorted(players, key=lambda p: p.name.lower())
        for combo, fallback in ((self.h2h_a, 0), (self.h2h_b, 1)):
            current = combo.currentData()
            combo.blockSignals(True)
            combo.clear()
            for p in self.players:
                combo.addItem(p.name, p.id)
            index = combo.findData(current)
            combo.setCurrentIndex(index if index >= 0 else min(fallback, combo.count() - 1))
            combo.blockSignals(False)
        self.head_to_head()

    def head_to_head(self) -> None:
        a, b, game = self.h2h_a.currentData(), self.h2h_b.currentData(), self.h2h_game.currentData()
        if a is None or b is None or a == b:
            self.h2h_result.setText("Choose two different players.")
            return
        names = (self.h2h_a.currentText(), self.h2h_b.currentText())
        wanted = (a, b, game)
        self._query(lambda led: led.head_to_head(a, b, game),
                    lambda h: self._show_h2h(wanted, names, h))

    def _show_h2h(self, wanted: tuple[Any, ...], names: tuple[str, str], h: Any) -> None:
        if wanted != (self.h2h_a.currentData(), self.h2h_b.currentData(), self.h2h_game.currentData()):
            return
        where = f" in {self.h2h_game.currentText()}" if wanted[2] else ""
        self.h2h_result.setText(h2h_text(*names, h, where))
