"""The League tab: one game's table, best first by the conservative rating (μ − 3σ), and the chosen
player's rating over time."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QHBoxLayout, QHeaderView, QLabel,
                               QSplitter, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from gui.ledger.chart import RatingChart

WIDE = 1500
COLUMNS = ("#", "Player", "Rating", "μ", "σ", "Played", "Won", "Streak")
TIPS = {"Rating": "μ − 3σ: a skill the ledger is nearly sure the player has; the table is sorted by it",
        "μ": "The ledger's best guess of the player's skill",
        "σ": "How unsure that guess still is: it shrinks as the player plays more",
        "Streak": "Wins (or losses) in a row, up to the latest match; a draw ends a streak"}


def streak_text(streak: int) -> str:
    if streak > 0:
        return f"won {streak}"
    if streak < 0:
        return f"lost {-streak}"
    return "–"


def cell(text: str, key: Any = None, right: bool = False) -> QTableWidgetItem:
    """A read-only table cell; `key` rides along as its user data."""
    item = QTableWidgetItem(text)
    item.setFlags(Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled)
    if key is not None:
        item.setData(Qt.ItemDataRole.UserRole, key)
    if right:
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return item


def table(name: str, columns: tuple[str, ...], stretch: int = 1) -> QTableWidget:
    """A read-only, whole-row-selecting table whose column `stretch` takes the spare width."""
    t = QTableWidget(0, len(columns), objectName=name)
    t.setHorizontalHeaderLabels(list(columns))
    t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    t.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    t.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    t.setAlternatingRowColors(True)
    t.verticalHeader().hide()
    header = t.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    return t


def game_combo(name: str, rated_only: bool, any_text: str | None = None) -> QComboBox:
    """The game chooser; `any_text` adds a first entry meaning every game (data None)."""
    from gui.ledger.window import games

    combo = QComboBox(objectName=name)
    if any_text:
        combo.addItem(any_text, None)
    for game_id, title in games(rated_only):
        combo.addItem(title, game_id)
    return combo


class LeagueTab(QWidget):
    def __init__(self, query: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("leagueTab")
        self._query = query
        self.rows: list[Any] = []
        self._wanted: int | None = None
        self.game = game_combo("leagueGame", rated_only=True)
        self.hide_computers = QCheckBox("Hide computer players", objectName="hideComputers")
        self.note = QLabel(objectName="leagueNote")
        self.note.setWordWrap(True)
        self.table = table("leagueTable", COLUMNS)
        for column, tip in TIPS.items():
            self.table.horizontalHeaderItem(COLUMNS.index(column)).setToolTip(tip)
        self.chart = RatingChart()
        self.split = split = QSplitter(Qt.Orientation.Vertical, objectName="leagueSplit")
        split.addWidget(self.table)
        split.addWidget(self.chart)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setChildrenCollapsible(False)

        top = QHBoxLayout()
        top.addWidget(QLabel("Game:"))
        top.addWidget(self.game)
        top.addSpacing(16)
        top.addWidget(self.hide_computers)
        top.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.note)
        layout.addWidget(split, 1)

        self.game.currentIndexChanged.connect(self.refresh)
        self.hide_computers.toggled.connect(self.refresh)
        self.table.itemSelectionChanged.connect(self._chart_selected)

    def resizeEvent(self, event: Any) -> None:
        """Side by side on a wide screen (the table's numbers stay near the names), stacked otherwise."""
        wide = event.size().width() >= WIDE
        self.split.setOrientation(Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical)
        super().resizeEvent(event)

    @property
    def game_id(self) -> str:
        return self.game.currentData()

    def refresh(self) -> None:
        game, include = self.game_id, not self.hide_computers.isChecked()
        self._query(lambda led: led.standings(game, include_computers=include),
                    lambda rows, g=game, i=include: self._show(rows, g, i))

    def _show(self, rows: list[Any], game: str, include: bool) -> None:
        if game != self.game_id or include == self.hide_computers.isChecked():
            return  # an answer to an earlier choice
        selected = self.selected_player()
        self.rows = sorted(rows, key=lambda s: -s.rating)
        t = self.table
        t.setSortingEnabled(False)
        t.setRowCount(len(self.rows))
        for r, s in enumerate(self.rows):
            name = s.player + ("  (computer)" if s.computer and "computer" not in s.player.lower() else "")
            values = (cell(str(r + 1), right=True), cell(name, s.player_id), cell(f"{s.rating:.2f}", right=True),
                      cell(f"{s.mu:.2f}", right=True), cell(f"{s.sigma:.2f}", right=True),
                      cell(str(s.played), right=True), cell(str(s.won), right=True), cell(streak_text(s.streak)))
            for c, item in enumerate(values):
                t.setItem(r, c, item)
        title = self.game.currentText()
        self.note.setText(f"No rated {title} matches in the ledger yet." if not self.rows else
                          f"{title}: {len(self.rows)} players, best first by rating (μ − 3σ: "
                          "the skill the ledger is nearly sure of).")
        ids = [s.player_id for s in self.rows]
        if selected in ids:
            self.select_player(selected)
        else:
            self.chart.clear()

    def selected_player(self) -> int | None:
        items = self.table.selectedItems()
        return self.table.item(items[0].row(), 1).data(Qt.ItemDataRole.UserRole) if items else None

    def select_player(self, player_id: int) -> None:
        for r in range(self.table.rowCount()):
            if self.table.item(r, 1).data(Qt.ItemDataRole.UserRole) == player_id:
                self.table.selectRow(r)
                self._chart_selected()
                return

    def _chart_selected(self) -> None:
        player = self.selected_player()
        if player is None:
            self.chart.clear()
            return
        name = next((s.player for s in self.rows if s.player_id == player), "")
        game, title = self.game_id, self.game.currentText()
        self._wanted = player
        self._query(lambda led: led.rating_history(game, player),
                    lambda points: self._chart(points, player, game, f"{name} — {title}"))

    def _chart(self, points: list[Any], player: int, game: str, title: str) -> None:
        if player == self._wanted and game == self.game_id:
            self.chart.set_points(points, title)
