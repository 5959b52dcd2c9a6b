"""Choosing the five for a throw: Throwdown's roster picker with Solitaire's limits.

The roster, filters and tokens are Throwdown's; only the counters, the problems shown
(from `core.fistful.solitaire.five_problems`) and a "same five again" shortcut differ.
"""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton, QWidget

from core.fistful.roster import Fighter, Roster
from core.fistful.solitaire import FIVE, five_problems
from gui.kit.fighters.picker import FistfulPicker, mark_count


class FivePicker(FistfulPicker):
    def __init__(self, roster: Roster, parent: QWidget | None = None) -> None:
        self._last_five: tuple[Fighter, ...] = ()
        self.same_button = QPushButton("Same five as last throw", objectName="sameFive")
        super().__init__(roster, parent)
        self.setObjectName("fivePicker")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.subtitle.setText(f"Take any {FIVE} fighters of your collection for this throw. "
                              "You may change them every throw.")
        self.confirm.setText(f"Use these {FIVE}")
        self.same_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.same_button.setMinimumHeight(34)
        self.same_button.clicked.connect(self.use_last_five)
        side = self.confirm.parentWidget().layout()
        side.insertWidget(side.count() - 1, self.same_button)
        self._refresh()

    def start_throw(self, heading: str, colour: str, last_five: Sequence[Fighter]) -> None:
        """A new throw: empty selection; the shortcut offers the previous five."""
        self._last_five = tuple(last_five)
        self.start(0, "", colour)
        self.title.setText(heading)
        self.fistful_title.setText(f"Your {FIVE} for this throw")
        self._refresh()

    def use_last_five(self) -> None:
        self.clear()
        for f in self._last_five:
            self.toggle(f)

    def _refresh(self) -> None:
        super()._refresh()
        n = len(self.selection)
        points = sum(self.roster.value(f) for f in self.selection if self.roster.has(f))
        self.fighter_count.setText(f"{n}/{FIVE} fighters")
        mark_count(self.fighter_count, n <= FIVE)
        self.point_count.setText(f"{points} point{'s' if points != 1 else ''} in all")
        mark_count(self.point_count, True)
        problems = five_problems(self.roster, self.selection)
        if 0 < n < FIVE:
            problems = [f"Choose {FIVE - n} more fighter{'s' if FIVE - n != 1 else ''}."]
        elif n == 0:
            problems = []
        self.problems.setText("\n".join(f"\u2022 {p}" for p in problems))
        self.problems.setVisible(bool(problems))
        self.confirm.setEnabled(not five_problems(self.roster, self.selection))
        self.confirm.setToolTip(" ".join(problems) if problems else f"Throw these {FIVE} fighters.")
        self.same_button.setVisible(bool(self._last_five))
        self.same_button.setEnabled(self.selection != self._last_five)
