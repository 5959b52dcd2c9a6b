"""A combat on screen: both hands revealed side by side, the result in plain words, and the
loser's Hold / Retreat choice.

The panel decides nothing: the result is the engine's `CombatResult`, and whether a retreat is
possible (and why not) comes from the game; the buttons only report the click.
"""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from core.powerspike.cards import card_name
from core.powerspike.combat import CombatResult, Hand
from gui.powerspike.cards_panel import CardRow
from gui.powerspike.odds_panel import verb



def hand_words(h: Hand) -> str:
    if h.best is None:
        return "no numbered card (counts as 0)"
    return f"{card_name(h.best)} ({h.value})"


def losses_words(n: int) -> str:
    return "no figures" if n == 0 else f"{n} figure{'s' if n != 1 else ''}"


def result_words(r: CombatResult, attackers: str, target: str) -> str:
    """The result row as a player would say it."""
    a, t = hand_words(r.attacker), hand_words(r.target)
    lines = [f"{attackers}: best {a}.  {target}: best {t}."]
    if r.winner is None:
        lines.append("Equal cards: a tie. " + ("Both lose one figure." if r.tie_losses
                                                else "Not in range of each other, so nothing happens."))
    else:
        winner, loser = (attackers, target) if r.winner == "attacker" else (target, attackers)
        band = r.band
        lines.append(f"{winner} {verb(winner, 'wins', 'win')} by {r.difference}"
                     + (f" (table row {band.label})." if band else "."))
        if not r.loser_suffers:
            if r.strike:
                lines.append("The strike misses.")
            else:
                lines.append(f"{loser} {verb(loser, 'was', 'were')} out of the target's range: the attack fails,"
                             " nobody is hurt.")
        elif band is not None:
            opts = {o.kind: o.losses for o in r.options}
            if "retreat" in opts:
                lines.append(f"{loser}: hold and lose {losses_words(opts['hold'])}, "
                             f"or retreat a full move and lose {losses_words(opts['retreat'])}.")
            else:
                lines.append(f"{loser} must hold and lose{' ' + losses_words(opts.get('hold', band.hold))}.")
    for who, n in ((attackers, r.attacker_oas), (target, r.target_oas)):
        if n:
            lines.append(f"{who} drew a joker: {n} Orbital Artillery Strike{'s' if n != 1 else ''}.")
    return "\n".join(lines)


class CombatPanel(QWidget):
    hold_requested = Signal()
    retreat_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("combatPanel")
        self.title = QLabel(objectName="combatTitle")
        self.title.setWordWrap(True)
        self.attacker_row = CardRow()
        self.target_row = CardRow()
        self.result = QLabel(objectName="combatResult")
        self.result.setWordWrap(True)
        self.choice_prompt = QLabel(objectName="choicePrompt")
        self.choice_prompt.setWordWrap(True)
        self.hold_button = QPushButton("Hold", objectName="holdButton")
        self.retreat_button = QPushButton("Retreat", objectName="retreatButton")
        for b in (self.hold_button, self.retreat_button):
            b.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            b.setMinimumHeight(38)
            b.setCursor(Qt.CursorShape.PointingHandCursor)
        self.hold_button.clicked.connect(self.hold_requested)
        self.retreat_button.clicked.connect(self.retreat_requested)
        self.retreat_reason = QLabel(objectName="retreatReason")
        self.retreat_reason.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.hold_button, 1)
        buttons.addWidget(self.retreat_button, 1)
        self.choice_box = QWidget(objectName="choiceBox")
        cl = QVBoxLayout(self.choice_box)
        cl.setContentsMargins(0, 4, 0, 0)
        cl.setSpacing(4)
        cl.addWidget(self.choice_prompt)
        cl.addLayout(buttons)
        cl.addWidget(self.retreat_reason)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(6)
        lay.addWidget(self.title)
        lay.addWidget(self.attacker_row)
        lay.addWidget(self.target_row)
        lay.addWidget(self.result)
        lay.addWidget(self.choice_box)

    def render(self, title: str, attackers: str, attacker_colour: str, attacker_cards: Sequence[int | None],
               target: str, target_colour: str, target_cards: Sequence[int | None],
               result: CombatResult | None, note: str = "") -> None:
        """Cards are None while still face down (before the draw)."""
        self.title.setText(title)
        a_best = result.attacker.best if result else None
        t_best = result.target.best if result else None
        jokers = [c for c in (*attacker_cards, *target_cards) if c is not None and c >= 52]
        n_a, n_t = len(attacker_cards), len(target_cards)
        self.attacker_row.set_cards(f"{attackers} \u2014 {n_a} card{'s' if n_a != 1 else ''}", attacker_cards,
                                    best=a_best, set_aside=jokers, colour=attacker_colour)
        self.target_row.set_cards(f"{target} \u2014 {n_t} card{'s' if n_t != 1 else ''}", target_cards,
                                  best=t_best, set_aside=jokers, colour=target_colour)
        text = result_words(result, attackers, target) if result else ""
        if note:
            text = (text + "\n" + note).strip()
        self.result.setText(text)
        self.result.setVisible(bool(text))
        self.choice_box.hide()

    def offer_choice(self, loser: str, hold_losses: int, retreat_losses: int | None, why_not: str = "") -> None:
        """The loser chooses; `retreat_losses` None = cannot retreat (`why_not` says why)."""
        self.choice_prompt.setText(f"{loser}: hold or retreat?")
        self.hold_button.setText(f"Hold: lose {hold_losses}")
        self.hold_button.setToolTip(f"Stand firm and lose {losses_words(hold_losses)}")
        if retreat_losses is None:
            self.retreat_button.setText("Retreat")
            self.retreat_button.setEnabled(False)
            self.retreat_button.setToolTip(why_not)
            self.retreat_reason.setText(f"Cannot retreat: {why_not}" if why_not else "")
        else:
            self.retreat_button.setText(f"Retreat: lose {retreat_losses}")
            self.retreat_button.setEnabled(True)
            self.retreat_button.setToolTip(f"Move a full move directly away from the enemy and lose "
                                           f"{losses_words(retreat_losses)}")
            self.retreat_reason.setText("")
        self.retreat_reason.setVisible(bool(self.retreat_reason.text()))
        self.choice_box.show()
