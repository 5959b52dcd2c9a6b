"""The Clout Fantasy scores dock: each player's running clout, and where every point comes from.

The view hands over the engine's per-chip breakdown (`core.clout.scoring.ChipScore`); this
widget only lays it out, so what counts is always the engine's word. During the game the
table is the score "if the game ended now"; at the end it is the final score.
"""
from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QScrollArea, QVBoxLayout, QWidget

from core.clout.scoring import ChipScore


@dataclass(frozen=True)
class PlayerTally:
    name: str
    colour: str
    total: int
    on_area: int  # chips on the area that score for this player
    in_stack: int  # chips left to throw
    discarded: int


def _reasons(s: ChipScore) -> str:
    """The breakdown of one chip's worth in words short enough for a table cell."""
    if s.trapped:
        return "trapped: worth nothing"
    parts = ["0 (last chip thrown)" if s.last_thrown else str(s.printed)]
    if s.base_bonus:
        parts.append("+1 base")
    if s.loyal:
        parts.append(f"+{s.loyal} loyal")
    if s.disloyal:
        parts.append(f"\u2212{-s.disloyal} disloyal")
    return " ".join(parts)


def tally_html(tallies: Sequence[PlayerTally]) -> str:
    head = ("<tr><th align='left'>Player</th><th align='right'>Clout</th><th align='right'>Area</th>"
            "<th align='right'>Stack</th><th align='right'>Out</th></tr>")
    rows = [f"<tr><td><b style='color:{t.colour}'>{html.escape(t.name)}</b></td>"
            f"<td align='right'><b>{t.total}</b></td><td align='right'>{t.on_area}</td>"
            f"<td align='right'>{t.in_stack}</td><td align='right'>{t.discarded}</td></tr>" for t in tallies]
    return f"<table width='100%' cellspacing='0' cellpadding='3'>{head}{''.join(rows)}</table>"


def breakdown_html(scores: Sequence[ChipScore], tallies: Sequence[PlayerTally],
                   chip_name: Callable[[str], str]) -> str:
    """One block per player: each scoring chip, how its worth was reached, and the total."""
    blocks = []
    for p, t in enumerate(tallies):
        mine = sorted((s for s in scores if s.player == p), key=lambda s: (-s.total, chip_name(s.uid)))
        rows = [f"<tr><td>{html.escape(chip_name(s.uid))}</td><td style='color:#4b5563'>{_reasons(s)}</td>"
                f"<td align='right'><b>{s.total}</b></td></tr>" for s in mine]
        if not rows:
            rows = ["<tr><td colspan='3' style='color:#6b7280'>no chips on the area</td></tr>"]
        blocks.append(f"<p style='margin:6px 0 2px 0'><b style='color:{t.colour}'>{html.escape(t.name)}</b>"
                      f" \u2014 {t.total} clout</p>"
                      f"<table width='100%' cellspacing='0' cellpadding='2'>{''.join(rows)}</table>")
    return "".join(blocks)


class CloutScores(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cloutScores")
        self.table = QLabel(objectName="scoreTable")
        self.table.setTextFormat(Qt.TextFormat.RichText)
        self.table.setWordWrap(True)
        self.caption = QLabel(objectName="scoreCaption")
        self.caption.setWordWrap(True)
        self.breakdown = QLabel(objectName="scoreBreakdown")
        self.breakdown.setTextFormat(Qt.TextFormat.RichText)
        self.breakdown.setWordWrap(True)
        self.breakdown.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        inner = QWidget()
        il = QVBoxLayout(inner)
        il.setContentsMargins(0, 0, 0, 0)
        il.addWidget(self.breakdown)
        il.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidget(inner)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.addWidget(self.table)
        lay.addWidget(self.caption)
        lay.addWidget(scroll, 1)
        self.tallies: tuple[PlayerTally, ...] = ()
        self.scores: tuple[ChipScore, ...] = ()

    def render(self, tallies: Sequence[PlayerTally], scores: Sequence[ChipScore], final: bool,
               chip_name: Callable[[str], str]) -> None:
        self.tallies, self.scores = tuple(tallies), tuple(scores)
        self.table.setText(tally_html(tallies))
        self.caption.setText("Final score." if final else
                             "Clout if the game ended now (the last chip thrown counts its printed points "
                             "as 0 only at the end).")
        self.breakdown.setText(breakdown_html(scores, tallies, chip_name))
