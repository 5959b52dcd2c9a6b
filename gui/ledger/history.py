"""The History tab: the recorded matches, filtered by game, player and date; a match opens as a replay,
saves as its file, and the results export as CSV."""
from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from typing import Any

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDateEdit, QFileDialog, QHBoxLayout, QLabel, QPushButton,
                               QVBoxLayout, QWidget)

from gui.ledger.league import cell, game_combo, table
from gui.storage import SAVE_FILTER, SAVE_SUFFIX

COLUMNS = ("Date", "Game", "Players (placing)", "Result")
LIMIT = 500


def documents() -> str:
    """Where the file dialogs start: the user's documents, as the main window's Save does."""
    from PySide6.QtCore import QStandardPaths

    return QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation) or str(Path.home())


def when_text(finished_at: Any) -> str:
    return finished_at.astimezone().strftime("%Y-%m-%d %H:%M")


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def players_text(match: Any) -> str:
    seats = sorted(match.seats, key=lambda s: (s.placing if s.placing is not None else 99, s.seat))
    if len(seats) == 1:
        return seats[0].name
    return ", ".join(f"{s.name} ({ordinal(s.placing)})" if s.placing is not None else s.name for s in seats)


def result_text(match: Any) -> str:
    winners = [s.name for s in match.seats if s.won]
    if match.draw:
        text = "Draw"
    elif winners:
        text = " and ".join(winners) + " won"
    else:
        text = "Finished"
    reason = (match.reason or "").strip().replace("-", " ")
    text = f"{text} — {reason}" if reason else text
    # Several players go unrated when the game ranked nobody or a seat changed hands mid-game.
    return f"{text} (not rated)" if len(match.seats) > 1 and not match.rated else text


def match_name(match: Any, game: bool = True) -> str:
    """A save's default file name: the game, the day and who played; a replay's title leaves out the
    game (the window's title names it already)."""
    from gui.ledger.window import game_title

    names = " v ".join(s.name for s in sorted(match.seats, key=lambda s: s.seat))
    day = f"{match.finished_at.astimezone():%Y-%m-%d}"
    return f"{game_title(match.game)} {day} {names}" if game else f"{day} {names}"


class HistoryTab(QWidget):
    def __init__(self, query: Any, host: Any = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("historyTab")
        self._query = query
        self._host = host
        self.matches: list[Any] = []
        self.game = game_combo("historyGame", rated_only=False, any_text="All games")
        self.player = QComboBox(objectName="historyPlayer")
        self.player.addItem("All players", None)
        self.any_date = QCheckBox("Any date", objectName="historyAnyDate")
        self.any_date.setChecked(True)
        today = QDate.currentDate()
        self.since = QDateEdit(today.addMonths(-1), objectName="historySince")
        self.until = QDateEdit(today, objectName="historyUntil")
        for edit in (self.since, self.until):
            edit.setCalendarPopup(True)
            edit.setDisplayFormat("yyyy-MM-dd")
            edit.setEnabled(False)
        self.table = table("historyTable", COLUMNS, stretch=2)
        self.count = QLabel(objectName="historyCount")
        self.count.setWordWrap(True)
        self.open_button = QPushButton("Open replay", objectName="openReplay")
        self.save_button = QPushButton("Save match as…", objectName="saveMatch")
        self.export_button = QPushButton("Export CSV…", objectName="exportCsv")
        self.open_button.setToolTip("Show the chosen match move by move (double-click a row does the same)")
        self.export_button.setToolTip("Write the results and every game's league table as CSV files")

        filters = QHBoxLayout()
        for label, widget in (("Game:", self.game), ("Player:", self.player)):
            filters.addWidget(QLabel(label))
            filters.addWidget(widget)
            filters.addSpacing(8)
        filters.addWidget(self.any_date)
        filters.addWidget(QLabel("From"))
        filters.addWidget(self.since)
        filters.addWidget(QLabel("to"))
        filters.addWidget(self.until)
        filters.addStretch(1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.count, 1)
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)

        self.game.currentIndexChanged.connect(self.refresh)
        self.player.currentIndexChanged.connect(self.refresh)
        self.any_date.toggled.connect(self._dates_toggled)
        self.since.dateChanged.connect(self.refresh)
        self.until.dateChanged.connect(self.refresh)
        self.table.itemSelectionChanged.connect(self._enable)
        self.table.itemDoubleClicked.connect(lambda _item: self.open_replay())
        self.open_button.clicked.connect(self.open_replay)
        self.save_button.clicked.connect(self.save_match)
        self.export_button.clicked.connect(self.export_csv)
        self._enable()

    # --- filters --------------------------------------------------------------------------------------------
    def _dates_toggled(self, any_date: bool) -> None:
        self.since.setEnabled(not any_date)
        self.until.setEnabled(not any_date)
        self.refresh()

    def filters(self) -> dict[str, Any]:
        """The ledger's `matches` arguments for what the filters show."""
        dates: dict[str, date | None] = {"since": None, "until": None}
        if not self.any_date.isChecked():
            dates = {"since": self.since.date().toPython(), "until": self.until.date().toPython()}
        return {"game": self.game.currentData(), "player_id": self.player.currentData(), **dates}

    def refresh(self) -> None:
        self._query(lambda led: led.players(), self._set_players)
        wanted = self.filters()
        self._query(lambda led: led.matches(**wanted, limit=LIMIT), lambda rows: self._show(rows, wanted))

    def _set_players(self, players: list[Any]) -> None:
        current = self.player.currentData()
        self.player.blockSignals(True)
        self.player.clear()
        self.player.addItem("All players", None)
        for p in sorted(players, key=lambda p: p.name.lower()):
            self.player.addItem(p.name, p.id)
        index = self.player.findData(current)
        self.player.setCurrentIndex(max(0, index))
        self.player.blockSignals(False)
        if current is not None and index < 0:
            self.refresh()  # that player was merged away

    def _show(self, rows: list[Any], wanted: dict[str, Any]) -> None:
        if wanted != self.filters():
            return  # an answer to earlier filters
        chosen = self.selected()
        self.matches = list(rows)
        t = self.table
        t.setRowCount(len(self.matches))
        for r, m in enumerate(self.matches):
            from gui.ledger.window import game_title

            title = game_title(m.game) + (f" ({m.mode})" if m.mode and m.mode != m.game else "")
            for c, text in enumerate((when_text(m.finished_at), title, players_text(m), result_text(m))):
                t.setItem(r, c, cell(text, m.id if c == 0 else None))
        more = " (the newest; narrow the filters to see older ones)" if len(rows) >= LIMIT else ""
        unfiltered = not any(wanted.values())
        self.count.setText(f"{len(rows)} match{'es' if len(rows) != 1 else ''}{more}" if rows else
                           "No matches recorded yet: every game finished in Battlebox is recorded, and "
                           "File → Add to ledger adds a finished save." if unfiltered else
                           "No matches match these filters.")
        if chosen is not None:
            self.select(chosen.id)
        self._enable()

    # --- the chosen match -----------------------------------------------------------------------------------
    def selected(self) -> Any | None:
        items = self.table.selectedItems()
        return self.matches[items[0].row()] if items else None

    def select(self, match_id: str) -> bool:
        for r, m in enumerate(self.matches):
            if m.id == match_id:
                self.table.selectRow(r)
                return True
        return False

    def _enable(self) -> None:
        chosen = self.selected() is not None
        self.open_button.setEnabled(chosen and getattr(self._host, "main_window", None) is not None)
        self.save_button.setEnabled(chosen)

    def open_replay(self) -> None:
        """The chosen match as a replay in the main window (its current game is closed first, asking to save)."""
        match = self.selected()
        window = getattr(self._host, "main_window", None)
        if match is None or window is None:
            return
        name = match_name(match, game=False)

        def show(data: bytes) -> None:
            from gui.replay import open_replay_bytes

            if open_replay_bytes(window, data, name):
                window.raise_()
                window.activateWindow()

        self._query(lambda led: led.save_bytes(match.id), show)

    def save_match(self) -> None:
        match = self.selected()
        if match is None:
            return
        stem = re.sub(r'[\\/:*?"<>|]+', "-", match_name(match))
        suggested = str(Path(documents()) / f"{stem}{SAVE_SUFFIX}")
        path, _ = QFileDialog.getSaveFileName(self, "Save match as", suggested, SAVE_FILTER)
        if not path:
            return

        def write(data: bytes) -> None:
            from core.saves import write_atomic

            try:
                write_atomic(path, data)
            except OSError as e:
                self._say(f"Could not save the match to {path}: {e.strerror or e}", "error")
                return
            self._say(f"Saved the match as {path}.")

        self._query(lambda led: led.save_bytes(match.id), write)

    def export_csv(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Export results and league tables as CSV", documents())
        if not folder:
            return
        self._query(lambda led: led.export_csv(Path(folder)),
                    lambda paths: self._say(f"Exported {len(paths)} CSV file{'s' if len(paths) != 1 else ''} to "
                                            f"{folder}: " + ", ".join(Path(p).name for p in paths) + "."))

    def _say(self, text: str, role: str = "info") -> None:
        if self._host is not None:
            self._host.show_message(text, role)
