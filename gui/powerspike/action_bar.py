"""The step's buttons, in a bar under the side panel's scrolling part: never below the fold.

The view wires the buttons to its actions and shows the ones the step offers; the loser's
Hold/Retreat and the card picker's Take back/Record join the top of the bar (`add_row`).
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from gui.kit.style import set_role


class ActionBar(QWidget):
    """Primary (draw / activate), Moved on the table, Fire, End activation and End go."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("actionBar")
        self.primary = QPushButton(objectName="primaryButton")
        set_role(self.primary, "primary")
        self.primary.setMinimumHeight(40)
        self.primary.setCursor(Qt.CursorShape.PointingHandCursor)
        self.fire_button = QPushButton("Fire", objectName="fireButton")
        set_role(self.fire_button, "psFire")
        self.fire_button.setMinimumHeight(40)
        self.end_activation_button = QPushButton("End activation", objectName="endActivation")
        self.end_go_button = QPushButton("End go", objectName="endGo")
        for b in (self.end_activation_button, self.end_go_button):
            set_role(b, "psSecondary")
            b.setMinimumHeight(34)
        self.moved_button = QPushButton("Moved on the table", objectName="movedButton")
        set_role(self.moved_button, "psSecondary")
        self.moved_button.setToolTip("Positions are not tracked: tell Battlebox the unit has made its move")
        bar = QVBoxLayout(self)
        bar.setContentsMargins(2, 0, 2, 0)
        bar.setSpacing(5)
        ends = QHBoxLayout()
        ends.setSpacing(6)
        ends.addWidget(self.end_activation_button)
        ends.addWidget(self.end_go_button)
        for b in (self.primary, self.moved_button, self.fire_button):
            bar.addWidget(b)
        bar.addLayout(ends)
        for b in self.buttons():
            b.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def buttons(self) -> tuple[QPushButton, ...]:
        return (self.primary, self.fire_button, self.end_activation_button, self.end_go_button, self.moved_button)

    def add_row(self, widget: QWidget) -> None:
        """Put a step's own buttons (a panel's row) at the top of the bar."""
        self.layout().insertWidget(0, widget)
