"""Gold as a player drives it: the curtain, the hand's cards, the discard button, the game-over page."""
from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QWidget

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

    def row_names(self) -> tuple[str, str]:
        """The names written on the two players' rows of the table."""
        return tuple(label.text() for label in self.find("goldTable").findChildren(QLabel, "rowName"))

    # --- the keyboard ----------------------------------------------------------------------------
    def focused_card(self) -> tuple[int, int] | None:
        """(seat, card) of the hand card that has the keyboard focus, or None."""
        focus = QApplication.focusWidget()
        return next((key for key, w in self.hand.cards.items() if w is focus), None)

    def key(self, key: Qt.Key, times: int = 1) -> None:
        """Press `key` on whatever has the focus, as the player would."""
        for _ in range(times):
            QTest.keyClick(QApplication.focusWidget() or self.root, key)
            QApplication.processEvents()

    def back_to_start(self) -> None:
        self.click("backToStart")


def drive(view: QWidget) -> GoldDriver:
    return GoldDriver(view)
