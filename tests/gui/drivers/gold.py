"""Gold as a player drives it: the curtain, the hand's cards, the discard button, the game-over page."""
from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtWidgets import QWidget

from tests.gui.drivers.base import Driver


class GoldDriver(Driver):
    @property
    def hand(self) -> QWidget:
        return self.find("handPanel")

    def reveal_curtain(self) -> None:
        self.click("curtainReveal")

    def hand_card(self, player: int, card: int) -> QWidget | None:
        return self.hand.cards.get((player, card))

    def choosing(self) -> tuple[int, ...]:
        """The seats whose hand is offered now."""
        return tuple(sorted({p for p, _ in self.hand.cards}))

    def click_card(self, player: int, card: int) -> None:
        self.click(self.hand_card(player, card))

    def discard(self, player: int, cards: Iterable[int]) -> None:
        for c in cards:
            self.click(self.hand_card(player, c))
        self.click("confirmDiscard")

    def playable_cards(self, player: int) -> list[int]:
        return [c for (p, c), w in self.hand.cards.items() if p == player and w.clickable and not w.blocked]

    def back_to_start(self) -> None:
        self.click("backToStart")


def drive(view: QWidget) -> GoldDriver:
    return GoldDriver(view)
