"""The Seats dialog (Edit → Seats…): a row per seat, its player and who plays it (gui/seats.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QGridLayout, QLabel, QVBoxLayout, QWidget

from core.spec import COMPUTER
from gui.kit.style import ColourLabel
from gui.new_game import fitted_combo

if TYPE_CHECKING:
    from core.match import Match


class SeatsDialog(QDialog):
    """A row per seat: its player, and Human or a computer level (New Game's own choices)."""

    def __init__(self, match: Match, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("seatsDialog")
        self.setWindowTitle("Seats")
        intro = QLabel("Hand a seat to the computer, or take one over. The game goes on from where it "
                       "stands. The ledger records the result but rates nobody for it.", objectName="seatsIntro")
        intro.setWordWrap(True)
        intro.setMinimumWidth(360)
        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        self.combos: list[QComboBox] = []
        for seat, player in enumerate(match.setup.players):
            chip = ColourLabel(player.name, role="chip", radius=5, objectName=f"seatName:{seat}")
            chip.set_colour(player.colour)
            chip.setMargin(4)
            combo = fitted_combo(f"seatLevel:{seat}", COMPUTER.choices, player.computer)
            grid.addWidget(chip, seat, 0)
            grid.addWidget(combo, seat, 1)
            self.combos.append(combo)
        grid.setColumnStretch(0, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(grid)
        layout.addWidget(buttons)

    def levels(self) -> dict[int, str | None]:
        return {seat: combo.currentData() for seat, combo in enumerate(self.combos)}


def ask_seats(parent: QWidget, match: Match) -> dict[int, str | None] | None:
    dialog = SeatsDialog(match, parent)
    return dialog.levels() if dialog.exec() == QDialog.DialogCode.Accepted else None
