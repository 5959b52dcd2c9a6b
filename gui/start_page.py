"""The start page: a card per game in the catalogue, plus open and recent saves.

It reads only `core.registry.CATALOGUE`, never a game module, so the app opens fast. For the
same reason it never touches PySide's `Qt` namespace while it is built (creating its ~100
Python enums costs ~35 ms): alignment, scroll bars and eliding come from the style sheet (resources/style/shell.qss), and
the buttons' hand cursor is set when the pointer first enters a card. The recent-games list
(a list view, ~15 more enums and a styled scroll area) is built with the first recent game, and
the cards reflow in a layout of their own rather than an event filter (wrapping Qt's events
would create PySide's large event-type enum before the first paint).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QRect, QSize, Signal
from PySide6.QtWidgets import (QFrame, QHBoxLayout, QLabel, QLayout, QLayoutItem, QPushButton,
                               QScrollArea, QVBoxLayout, QWidget)

from core.registry import CATALOGUE, GameInfo
from gui.tools import TOOLS, ToolInfo
from gui.icons import app_icon

if TYPE_CHECKING:
    from PySide6.QtGui import QEnterEvent
    from PySide6.QtWidgets import QListWidget, QListWidgetItem

CARD_WIDTH = 272
CARD_HEIGHT = 192
CARD_GAP = 16


class GameCard(QFrame):
    new_game = Signal(str)
    rules = Signal(str)
    tool = Signal(str)

    def __init__(self, info: GameInfo | ToolInfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.info = info
        self.setObjectName("gameCard")
        self.setProperty("available", not isinstance(info, GameInfo) or info.available)
        self.setFixedSize(CARD_WIDTH, CARD_HEIGHT)

        family = QLabel(info.family.upper())
        family.setObjectName("cardFamily")
        title = QLabel(info.title)
        title.setObjectName("cardTitle")
        title.setWordWrap(True)
        players = QLabel(info.players_text)
        players.setObjectName("cardPlayers")
        summary = QLabel(info.summary)
        summary.setObjectName("cardSummary")
        summary.setWordWrap(True)

        bottom = QHBoxLayout()
        bottom.setSpacing(8)
        if isinstance(info, ToolInfo):
            open_tool = QPushButton("Open")
            open_tool.setObjectName("primary")
            open_tool.setToolTip(f"Open the {info.family} {info.title.lower()}")
            open_tool.clicked.connect(lambda: self.tool.emit(info.id))
            bottom.addWidget(open_tool)
        elif info.available:
            play = QPushButton("New game")
            play.setObjectName("primary")
            play.setToolTip(f"Start a new game of {info.title}")
            play.clicked.connect(lambda: self.new_game.emit(info.id))
            notes = QPushButton("Rules notes")
            notes.setObjectName("secondary")
            notes.clicked.connect(lambda: self.rules.emit(info.id))
            bottom.addWidget(play)
            bottom.addWidget(notes)
        else:
            soon = QLabel("Coming soon")
            soon.setObjectName("comingSoon")
            bottom.addWidget(soon)
        bottom.addStretch(1)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 14, 18, 14)
        layout.setSpacing(4)
        layout.addWidget(family)
        layout.addWidget(title)
        layout.addWidget(players)
        layout.addSpacing(4)
        layout.addWidget(summary, 1)
        layout.addLayout(bottom)
        self._cursors_set = False

    def enterEvent(self, event: QEnterEvent) -> None:  # noqa: N802 (Qt's name)
        if not self._cursors_set:
            from PySide6.QtCore import Qt

            for button in self.findChildren(QPushButton):
                button.setCursor(Qt.CursorShape.PointingHandCursor)
            self._cursors_set = True
        super().enterEvent(event)


class CardGrid(QLayout):
    """Cards of one fixed size in as many columns as the width holds (at least one), left to
    right and top down, packed to the top left; its height follows its width, so a scroll area
    around it scrolls exactly the rows there are."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self.columns = 0

    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 (Qt's names, here and below)
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def columns_for(self, width: int) -> int:
        return max(1, min(len(self._items), (width + CARD_GAP) // (CARD_WIDTH + CARD_GAP)))

    def _height(self, columns: int) -> int:
        rows = -(-len(self._items) // columns)
        return max(0, rows * (CARD_HEIGHT + CARD_GAP) - CARD_GAP)

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return self._height(self.columns_for(width))

    def sizeHint(self) -> QSize:  # noqa: N802
        columns = min(3, max(1, len(self._items)))
        return QSize(columns * (CARD_WIDTH + CARD_GAP) - CARD_GAP, self._height(columns))

    def minimumSize(self) -> QSize:  # noqa: N802
        return QSize(CARD_WIDTH, CARD_HEIGHT)

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802
        super().setGeometry(rect)
        self.columns = self.columns_for(rect.width())
        for i, item in enumerate(self._items):
            row, column = divmod(i, self.columns)
            item.setGeometry(QRect(rect.x() + column * (CARD_WIDTH + CARD_GAP),
                                   rect.y() + row * (CARD_HEIGHT + CARD_GAP), CARD_WIDTH, CARD_HEIGHT))


class StartPage(QFrame):
    # The layout checks (tests/gui/layout_check.py): reachable without scrolling at any size.
    PRIMARY_CONTROLS: tuple[str, ...] = ("resumeGame", "openSaved", "cardsArea")

    new_game_requested = Signal(str)
    rules_requested = Signal(str)
    tool_requested = Signal(str)
    open_requested = Signal()
    recent_requested = Signal(str)
    resume_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("startPage")

        title = QLabel("Battlebox")
        title.setObjectName("appTitle")
        logo = QLabel()
        logo.setPixmap(app_icon().pixmap(44, 44))
        heading = QHBoxLayout()
        heading.setSpacing(14)
        heading.addWidget(logo)
        heading.addWidget(title)
        heading.addStretch(1)
        tagline = QLabel("Tabletop battle games, hot-seat on one screen or as the referee beside your table.")
        tagline.setObjectName("appTagline")
        tagline.setWordWrap(True)
        games_title = QLabel("Games")
        games_title.setObjectName("sectionTitle")

        self.cards = [GameCard(info) for info in (*CATALOGUE, *TOOLS)]
        for card in self.cards:
            card.new_game.connect(self.new_game_requested)
            card.rules.connect(self.rules_requested)
            card.tool.connect(self.tool_requested)
        host = QWidget()
        host.setObjectName("cardsHost")
        self._grid = CardGrid(host)
        self._grid.setContentsMargins(0, 0, 0, 0)
        for card in self.cards:
            self._grid.addWidget(card)
        self._scroll = QScrollArea()
        self._scroll.setObjectName("cardsArea")
        # Our own viewport: asking Qt for the one it made costs PySide ~25 ms at start-up.
        self._viewport = QWidget()
        self._scroll.setViewport(self._viewport)
        self._scroll.setWidgetResizable(True)
        self._scroll.setFrameShape(QFrame.Shape.NoFrame)
        self._scroll.setWidget(host)

        main = QVBoxLayout()
        main.setSpacing(8)
        main.addLayout(heading)
        main.addWidget(tagline)
        main.addWidget(games_title)
        main.addWidget(self._scroll, 1)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(32, 20, 32, 20)
        layout.setSpacing(24)
        layout.addLayout(main, 1)
        layout.addWidget(self._side_panel())

    def _side_panel(self) -> QFrame:
        panel = QFrame()
        panel.setObjectName("sidePanel")
        panel.setFixedWidth(280)
        self.resume_button = QPushButton("Return to the current game")
        self.resume_button.setObjectName("resumeGame")
        self.resume_button.clicked.connect(self.resume_requested)
        self.resume_button.hide()
        self.open_button = QPushButton("Open a saved game…")
        self.open_button.setObjectName("openSaved")
        self.open_button.clicked.connect(self.open_requested)
        recent_title = QLabel("Recent games")
        recent_title.setObjectName("sectionTitle")
        self._recent_list: QListWidget | None = None
        self.recent_empty = QLabel("Games you save or open appear here.")
        self.recent_empty.setObjectName("recentEmpty")
        self.recent_empty.setWordWrap(True)

        layout = QVBoxLayout(panel)
        layout.setContentsMargins(18, 18, 18, 18)
        layout.setSpacing(10)
        layout.addWidget(self.resume_button)
        layout.addWidget(self.open_button)
        layout.addSpacing(10)
        layout.addWidget(recent_title)
        layout.addWidget(self.recent_empty)
        layout.addStretch(1)  # the recent list's place until it is built
        self._side_layout = layout
        return panel

    @property
    def recent_list(self) -> QListWidget:
        if self._recent_list is None:
            from PySide6.QtWidgets import QListWidget

            self._recent_list = QListWidget()
            self._recent_list.setObjectName("recentList")
            self._recent_list.itemClicked.connect(self._open_recent)
            self._side_layout.takeAt(self._side_layout.count() - 1)
            self._side_layout.addWidget(self._recent_list, 1)
        return self._recent_list

    def set_recent(self, files: list[str]) -> None:
        if not files and self._recent_list is None:
            self.recent_empty.show()
            return
        from PySide6.QtWidgets import QListWidgetItem

        self.recent_list.clear()
        for f in files:
            item = QListWidgetItem(Path(f).name)
            item.setToolTip(f)  # the full path, which is also what a click opens
            item.setSizeHint(QSize(0, 34))
            self.recent_list.addItem(item)
        self.recent_empty.setVisible(not files)

    def set_can_resume(self, can: bool) -> None:
        self.resume_button.setVisible(can)

    def _open_recent(self, item: QListWidgetItem) -> None:
        self.recent_requested.emit(item.toolTip())

    @property
    def _columns(self) -> int:
        """How many columns of cards show now."""
        return self._grid.columns
