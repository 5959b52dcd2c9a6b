"""Table mode: the cards drawn from the real decks, entered with the card picker."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import QHBoxLayout, QWidget

from core.powerspike import game as ps
from gui.powerspike.cards_panel import CardPicker


class CardEntry:
    """Entering the cards of a real draw (movement or combat) with the picker.

    Mixed into PowerSpikeView (gui/powerspike/view.py): its methods read the view's state and
    widgets through `self`, so the view's object names and behaviour stay as they were.
    """

    def _build_picker(self) -> None:
        self.picker = CardPicker()
        self.picker.entered.connect(self._on_cards_entered)

    def _picker_row(self) -> QWidget:
        """The picker's Take back / Record, for the action bar: they are the step's buttons."""
        self.picker_bar = QWidget(objectName="pickerBar")
        pb = QHBoxLayout(self.picker_bar)
        pb.setContentsMargins(0, 0, 0, 0)
        pb.setSpacing(6)
        pb.addWidget(self.picker.undo_button)
        pb.addWidget(self.picker.record_button, 1)
        return self.picker_bar

    def _enter_cards(self, kind: str, hands: Sequence[tuple[str, int]], deck: Any) -> None:
        """Ask for the cards of a real draw: one hand per (title, cards) from that deck."""
        self.picker.start((kind, len(self.match.actions)), list(hands), deck.pile, deck.discards)
        self.picker.show()
        self.picker_bar.show()

    def _on_cards_entered(self, hands: tuple[tuple[int, ...], ...]) -> None:
        if self.state.phase == "draw":
            self.controller.apply(ps.MovementDraw(hands[0][0]))
        elif self.state.phase == "combat":
            self.controller.apply(ps.CombatDraw(hands[0], hands[1]))
