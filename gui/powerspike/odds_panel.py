"""The odds of an attack before it is made: the exact chance of every result, and who draws what.

The numbers are `GAME.odds` (exact fractions counted from the combat deck's remaining cards);
the panel only words them. `values` keeps the fractions shown, by row key, so tests can
compare the screen with the engine.
"""
from __future__ import annotations

import re
from fractions import Fraction

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from core.powerspike.combat import BANDS, DrawEntitlement
from core.powerspike.odds import Odds
from gui.kit.style import repolish

# The bars' colours, painted; the numbers take the same colours from powerspike.qss (QLabel[band]).
BAND_COLOURS = {"win": "#2e7d32", "lose": "#c62828", "tie": "#6b7280", "joker": "#6a1b9a"}


def percent(f: Fraction) -> str:
    v = float(f) * 100
    if 0 < v < 0.1:
        return "<0.1%"
    if 99.9 < v < 100:
        return ">99.9%"
    return f"{v:.1f}%"


def short(names: str) -> str:
    """'Tank 1 (Tank Regiment 1) and Cmd (HQ)' -> 'Tank 1 and Cmd': the rows name the units
    briefly, the title in full."""
    return re.sub(r" \([^()]*\)", "", names)


def verb(subject: str, singular: str, plural: str) -> str:
    """Pooled attackers ('A and B') take the plural verb."""
    return plural if " and " in subject or subject.endswith("attackers") else singular


def entitlement_text(who: str, e: DrawEntitlement, base_word: str = "unit allowance") -> str:
    """'Attackers draw 5 cards: 3 (unit allowance) + flank or rear + commander'."""
    n = e.total
    parts = [f"{e.base} ({base_word})"] + [f"1 for {x}" for x in e.extras]
    return f"{who} {verb(who, 'draws', 'draw')} {n} card{'s' if n != 1 else ''}: " + " + ".join(parts)


class Bar(QWidget):
    """A thin horizontal bar showing a probability."""

    def __init__(self, colour: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.colour = QColor(colour)
        self.value = 0.0
        self.setFixedHeight(8)
        self.setMinimumWidth(60)

    def set_value(self, value: float) -> None:
        self.value = max(0.0, min(1.0, value))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect()).adjusted(0.5, 1.5, -0.5, -1.5)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#e5e7eb"))
        p.drawRoundedRect(r, 3, 3)
        if self.value > 0:
            p.setBrush(self.colour)
            p.drawRoundedRect(QRectF(r.left(), r.top(), max(2.0, r.width() * self.value), r.height()), 3, 3)
        p.end()


class OddsPanel(QWidget):
    """Rows: attacker wins by band, tie, target wins by band, each side's joker (OAS) chance."""

    ROWS = ([f"attacker {b.label}" for b in BANDS] + ["tie"] + [f"target {b.label}" for b in BANDS]
            + ["attacker joker", "target joker"])

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("oddsPanel")
        self.values: dict[str, Fraction] = {}
        self.hypothetical = ""
        self.title = QLabel(objectName="oddsTitle")
        self.title.setWordWrap(True)
        self.draws = QLabel(objectName="oddsDraws")
        self.draws.setWordWrap(True)
        self.draws.setTextFormat(Qt.TextFormat.RichText)
        rows = QVBoxLayout()
        rows.setSpacing(3)
        self.labels: dict[str, QLabel] = {}
        self.bars: dict[str, Bar] = {}
        self.numbers: dict[str, QLabel] = {}
        for key in self.ROWS:
            band = ("joker" if "joker" in key else "win" if key.startswith("attacker") else
                    "lose" if key.startswith("target") else "tie")
            colour = BAND_COLOURS[band]
            if key == "attacker joker":
                sep = QLabel("Orbital Artillery Strikes (a joker drawn)", objectName="oddsJokers")
                rows.addWidget(sep)
            label = QLabel(objectName=f"oddsLabel:{key}")
            label.setWordWrap(True)
            bar = Bar(colour)
            number = QLabel(objectName=f"odds:{key}")
            number.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            number.setFixedWidth(52)
            number.setProperty("band", band)
            line = QHBoxLayout()
            line.setSpacing(6)
            line.addWidget(label, 1)
            line.addWidget(number, 0, Qt.AlignmentFlag.AlignTop)
            rows.addLayout(line)
            rows.addWidget(bar)
            self.labels[key], self.bars[key], self.numbers[key] = label, bar, number
        self.total = QLabel(objectName="oddsTotal")
        self.total.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(4)
        lay.addWidget(self.title)
        lay.addWidget(self.total)
        lay.addWidget(self.draws)
        lay.addLayout(rows)

    def render(self, odds: Odds, attackers: str, target: str, attacker_draw: DrawEntitlement,
               target_draw: DrawEntitlement, exchange: bool = True, mutual: bool = True,
               attacker_colour: str = "#1f2937", target_colour: str = "#1f2937", hypothetical: str = "") -> None:
        """`exchange`: the attackers are within the target's range (or in contact), so they
        suffer if outscored; `mutual`: a tie costs both sides a figure. `hypothetical` says on
        what condition the odds hold (while a unit is dragged), so they are never read as the
        odds of the table as it stands."""
        self.hypothetical = hypothetical
        title = f"Odds: {attackers} against {target}"
        self.title.setText(f"{title}, {hypothetical}" if hypothetical else title)
        if self.title.property("ghost") != bool(hypothetical):
            self.title.setProperty("ghost", bool(hypothetical))
            repolish(self.title)
        self.draws.setText(
            f"<span style='color:{attacker_colour}'>{entitlement_text(attackers, attacker_draw)}</span><br>"
            f"<span style='color:{target_colour}'>{entitlement_text(target, target_draw)}</span>")
        self.values = {}
        full_attackers, full_target = attackers, target
        attackers, target = short(attackers), short(target)
        for b, f in zip(BANDS, odds.attacker_wins):
            self._row(f"attacker {b.label}", f, f"{attackers} {verb(attackers, 'wins', 'win')} by {b.label}"
                      f" \u2014 {target} loses {b.hold}, or {b.retreat} retreating")
        self._row("tie", odds.tie, "Tie \u2014 " + ("each side loses a figure" if mutual else
                                                   "nothing happens (not in range of each other)"))
        for b, f in zip(BANDS, odds.target_wins):
            hurt = (f"{attackers} {verb(attackers, 'loses', 'lose')} {b.hold}, or {b.retreat} retreating"
                    if exchange else f"{attackers} {verb(attackers, 'is', 'are')} unharmed (out of its range)")
            self._row(f"target {b.label}", f, f"{target} wins by {b.label} \u2014 {hurt}")
        self._row("attacker joker", odds.attacker_joker, f"{attackers} {verb(attackers, 'draws', 'draw')} a joker")
        self._row("target joker", odds.target_joker, f"{target} draws a joker")
        self.total.setText(f"{attackers} {verb(attackers, 'wins', 'win')} {percent(odds.attacker_win)}"
                           f" \u00b7 tie {percent(odds.tie)} \u00b7 {target} wins {percent(odds.target_win)}")
        self.total.setToolTip(f"Exact, from the cards left in the combat deck: {full_attackers} against "
                              f"{full_target}")

    def _row(self, key: str, f: Fraction, text: str) -> None:
        self.values[key] = f
        self.labels[key].setText(text)
        self.bars[key].set_value(float(f))
        self.numbers[key].setText(percent(f))
        self.numbers[key].setToolTip(f"exactly {f.numerator}/{f.denominator}")
