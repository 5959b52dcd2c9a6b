"""The scores dock for the battle games: discs or counters held, and every battle fought.

Removals are not kept in the battle history, so they are read from the action log: each
Remove belongs to the battle most recently started by an Attack.
"""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.fistful.battles import DISCS_TO_WIN, Attack, BattleGame, BattleState, Remove
from core.fistful.roster import Fighter
from core.text import plural
from gui.kit.style import set_role

OUTCOME_WORDS = {"tie": "Tie: the region leaves the game", "hero-draw": "Two Heroes: a draw"}


def removals_by_battle(actions: Sequence[object]) -> dict[int, list[tuple[int, Fighter]]]:
    """Battle number -> (player, fighter) removed after it."""
    out: dict[int, list[tuple[int, Fighter]]] = {}
    battle = 0
    for a in actions:
        if isinstance(a, Attack):
            battle += 1
        elif isinstance(a, Remove):
            out.setdefault(battle, []).append((a.player, a.fighter))
    return out


def held(state: BattleState, player: int) -> int:
    return sum(1 for o in state.owner if o == player)


class BattleScores(QWidget):
    """`mini_map` (Domination's map of Scar) shows between the holdings and the battles."""

    def __init__(self, game: BattleGame, mini_map: QWidget | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("battleScores")
        self.game = game
        self.counts = QLabel(objectName="holdings")
        self.counts.setWordWrap(True)
        self.counts.setTextFormat(Qt.TextFormat.RichText)
        # Two columns: the dock is some 140 pixels wide at 1024x640, where three columns elided
        # every line; the number carries the winner's colour.
        self.table = QTableWidget(0, 2, objectName="battlesTable")
        self.table.setHorizontalHeaderLabels(["#", "Battle"])
        self.table.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setWordWrap(True)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        hh = self.table.horizontalHeader()
        hh.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        hh.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        hh.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.empty = QLabel("No battles yet.", objectName="battlesEmpty")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.counts)
        if mini_map is not None:
            caption = QLabel("Where the regions lie on the map of Scar", objectName="miniMapCaption")
            caption.setWordWrap(True)
            set_role(caption, "caption")
            lay.addWidget(caption)
            lay.addWidget(mini_map, 2)
            # their minimums ask the window for a taller dock than the log's, so neither is squeezed
            mini_map.setMinimumSize(200, 190)
            self.table.setMinimumHeight(140)
        # the empty line takes the table's room while there is no table, so nothing floats mid-dock
        self.empty.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        lay.addWidget(self.empty, 1)
        lay.addWidget(self.table, 3)

    def render(self, state: BattleState, actions: Sequence[object]) -> None:
        word = self.game.region_word
        lines = []
        for p in range(state.players):
            colour = state.setup.players[p].colour
            n = held(state, p)
            tail = " \u2014 out" if state.out[p] else ""
            army = len(state.armies[p])
            army_text = f", {army} in army" if army else ""
            lines.append(f"<span style='color:{colour}; font-weight:700'>{state.name(p)}</span>: "
                         f"{plural(n, word)}{army_text}{tail}")
        if self.game.variant == "domination":
            lines.append(f"<span style='color:#6b7280'>First to {DISCS_TO_WIN[state.players]} discs rules "
                         "the arena.</span>")
        else:
            lines.append("<span style='color:#6b7280'>The last player with counters on the map wins.</span>")
        self.counts.setText("<br>".join(lines))

        removed = removals_by_battle(actions)
        battles = list(state.history)
        if state.battle is not None and state.battle.scores:
            battles.append(state.battle)
        self.table.setRowCount(len(battles))
        roster = self.game.roster
        for r, b in enumerate(battles):
            scores = " \u00b7 ".join(f"{state.name(p)} {b.scores[p].total}" for p in range(state.players)
                                      if b.scores and b.scores[p] is not None)
            if b.winner is not None:
                winner = state.name(b.winner) + (" wins with a Hero" if b.outcome == "hero" else
                                                 " holds" if b.winner == b.defender else " wins")
            else:
                winner = OUTCOME_WORDS.get(b.outcome, "\u2026")
            gone = [f"\u2212 {roster.name(f)} ({state.name(p)})" for p, f in removed.get(b.number, [])]
            cells = [str(b.number), "\n".join([f"{b.region}, {state.name(b.defender)} defends", scores,
                                                f"\u2192 {winner}", *gone])]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                if c == 0 and b.winner is not None:
                    item.setForeground(QBrush(QColor(state.setup.players[b.winner].colour)))
                    f = item.font()
                    f.setBold(True)
                    item.setFont(f)
                self.table.setItem(r, c, item)
        if battles:
            self.table.scrollToBottom()
        self.empty.setVisible(not battles)
        self.table.setVisible(bool(battles))
