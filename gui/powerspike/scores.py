"""The Power Spike scores dock: units and figures left on each side, points, and the decks.

It shows tallies the view reads from the state (`SideTally`); nothing here counts by rules.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget


@dataclass(frozen=True)
class SideTally:
    name: str
    side: str
    colour: str
    units_left: int
    units_start: int
    figures_left: int
    figures_start: int
    points: int | None = None


def tally_html(tallies: Sequence[SideTally]) -> str:
    rows = []
    for t in tallies:
        points = f"<td align='right'>{t.points}</td>" if t.points is not None else "<td></td>"
        rows.append(f"<tr><td><b style='color:{t.colour}'>{t.name}</b><br>"
                    f"<span style='color:#6b7280'>{t.side}</span></td>"
                    f"<td align='right'>{t.units_left} / {t.units_start}</td>"
                    f"<td align='right'>{t.figures_left} / {t.figures_start}</td>{points}</tr>")
    head = ("<tr><th align='left'>Side</th><th align='right'>Units</th><th align='right'>Figures</th>"
            "<th align='right'>Points</th></tr>")
    return f"<table width='100%' cellspacing='0' cellpadding='3'>{head}{''.join(rows)}</table>"


class PowerSpikeScores(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("powerSpikeScores")
        self.table = QLabel(objectName="scoreTable")
        self.table.setTextFormat(Qt.TextFormat.RichText)
        self.table.setWordWrap(True)
        self.decks = QLabel(objectName="deckTally")
        self.decks.setWordWrap(True)
        self.goal = QLabel(objectName="goal")
        self.goal.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.addWidget(self.table)
        lay.addWidget(self.decks)
        lay.addWidget(self.goal)
        lay.addStretch(1)
        self.tallies: tuple[SideTally, ...] = ()

    def render(self, tallies: Sequence[SideTally], passes: int, passes_limit: int, movement_left: int,
               combat_left: int) -> None:
        self.tallies = tuple(tallies)
        self.table.setText(tally_html(tallies))
        limit = f" of {passes_limit}" if passes_limit else ""
        self.decks.setText(f"Movement deck: pass {passes}{limit} completed, {movement_left} cards left in the pile."
                           f"\nCombat deck: {combat_left} cards left in the pile.")
        if passes_limit:
            self.goal.setText(f"After {passes_limit} passes of the movement deck the side with more points "
                              "left wins (points: figures left \u00d7 the unit's value); destroying every enemy "
                              "unit wins at once.")
        else:
            self.goal.setText("The first side to destroy every enemy unit wins.")
