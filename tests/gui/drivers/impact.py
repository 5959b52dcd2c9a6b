"""Impact as a player drives it: the throw buttons, the cauldron's dice, the race keys, the winner page."""
from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QWidget

from gui.impact.race import RACE_KEYS
from tests.gui.drivers.base import Driver, click_at, key_click


class ImpactDriver(Driver):
    def cautious(self) -> None:
        self.click("cautiousButton")

    def reckless(self) -> None:
        self.click("recklessButton")

    def stop(self) -> None:
        self.click("stopButton")

    def roll(self) -> None:
        self.click("rollButton")

    def record(self) -> None:
        self.click("recordButton")

    def tip(self) -> None:
        self.click("tipButton")

    def set_face(self, k: int, value: str) -> None:
        """Table mode: choose what thrown (or tipped, or starting) die `k` shows."""
        self._choose(f"entryFace{k}", value)

    def set_knock(self, i: int, value: str) -> None:
        """Table mode: choose what became of cauldron die `i` after a reckless throw."""
        self._choose(f"entryKnock{i}", value)

    def _choose(self, name: str, value: str) -> None:
        combo = self.find(name, QComboBox)
        index = combo.findData(value)
        if index < 0:
            raise LookupError(f"{name} offers no {value!r}")
        combo.setCurrentIndex(index)

    def click_die(self, i: int) -> None:
        cauldron = self.find("cauldron")
        click_at(cauldron, cauldron.die_rect(i).center().toPoint())

    def race_key(self, player: int) -> None:
        key_click(self.find("racePage"), RACE_KEYS[player][0])

    def computer_finishes_race(self) -> None:
        self.click("raceComputer")

    def back_to_start(self) -> None:
        self.click("winnerBack")


def drive(view: QWidget) -> ImpactDriver:
    return ImpactDriver(view)
