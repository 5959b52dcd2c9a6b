"""The movement draw, and the cards of a real draw entered with the card picker (table mode)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from gui.kit.style import set_role
from gui.powerspike.cards_panel import CardPicker
from gui.powerspike.reading import Reading


class DrawPanel(QWidget):
    """The movement draw: who draws, and what the card's colour will mean."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("drawPanel")
        self.info = QLabel(objectName="drawInfo")
        self.info.setWordWrap(True)
        set_role(self.info, "psInfo")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.info)

    def render(self, r: Reading) -> None:
        self.info.setText(f"{r.player_name(r.state.drawer)} draws (players take turns). The card's colour "
                          "says whose go it is: red for the CDC, black for the SCS. A joker reshuffles the "
                          "deck and the same player draws again.")


class CardEntry(QWidget):
    """Table mode: the cards drawn from the real decks, clicked into the picker. Its Take back and
    Record (`bar_row`) belong in the action bar; `entered` carries the hands once recorded."""

    entered = Signal(object)  # tuple of hands, each a tuple of cards

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cardEntry")
        self.picker = CardPicker()
        self.picker.entered.connect(self.entered)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.picker)
        self.bar_row = QWidget(objectName="pickerBar")
        row = QHBoxLayout(self.bar_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(6)
        row.addWidget(self.picker.undo_button)
        row.addWidget(self.picker.record_button, 1)

    def start(self, r: Reading, kind: str, hands: Sequence[tuple[str, int]], deck: Any) -> None:
        """Ask for the cards of a real draw: one hand per (title, cards) from that deck; a new
        draw (a new action count) starts afresh, the same one keeps what was clicked."""
        self.picker.start((kind, len(r.match.actions)), list(hands), deck.pile, deck.discards)

    def set_offered(self, on: bool) -> None:
        """Show or hide the picker together with its buttons in the action bar."""
        self.setVisible(on)
        self.bar_row.setVisible(on)
