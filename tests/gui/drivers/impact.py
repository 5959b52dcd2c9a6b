"""Impact as a player drives it: the throw buttons, the cauldron's dice, the race keys, the winner page."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QWidget

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

    def dice_in_flight(self) -> bool:
        """True while the fresh dice are still flying into the cauldron (the animation)."""
        return self.find("cauldron")._progress < 1.0

    def race_key(self, player: int) -> None:
        key_click(self.find("racePage"), RACE_KEYS[player][0])

    def computer_finishes_race(self) -> None:
        self.click("raceComputer")

    # --- the keyboard ----------------------------------------------------------------------------
    def tab_to(self, name: str, limit: int = 40) -> QWidget:
        """Press Tab until the widget called `name` has the focus (LookupError if Tab never gets there)."""
        target = self.find(name)
        for _ in range(limit):
            if QApplication.focusWidget() is target:
                return target
            QTest.keyClick(QApplication.focusWidget() or self.root, Qt.Key.Key_Tab)
            QApplication.processEvents()
        raise LookupError(f"Tab never reached {name}")

    def key(self, key: Qt.Key, times: int = 1) -> None:
        """Press `key` on whatever has the focus, as the player would."""
        for _ in range(times):
            QTest.keyClick(QApplication.focusWidget() or self.root, key)
            QApplication.processEvents()

    def back_to_start(self) -> None:
        self.click("winnerBack")


def drive(view: QWidget) -> ImpactDriver:
    return ImpactDriver(view)
