"""The replay as a user drives it: File → Open as replay…, the timeline's buttons, slider, turn
box, speed and keys, the board's refusal, and Continue from here."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QSlider, QSpinBox

from tests.gui.drivers.base import LEFT
from tests.gui.drivers.window import WindowDriver


class ReplayDriver(WindowDriver):
    """Over the main window (File → Open as replay… answers the window's open dialog)."""

    def open_as_replay(self) -> None:
        self.menu_action("File", "Open as replay…").trigger()
        QApplication.processEvents()

    @property
    def on_screen(self) -> bool:
        try:
            return self.find("replayTimeline").isVisibleTo(self.root)
        except LookupError:
            return False

    def position(self) -> str:
        """"Step 12 of 340" as the timeline says it."""
        return self.find("timelineStep", QLabel).text()

    def step(self) -> int:
        return int(self.position().split()[1].replace(",", ""))

    def steps(self) -> int:
        return int(self.position().split()[-1].replace(",", ""))

    def forward(self) -> None:
        self.click("timelineForward", enabled=True)

    def back(self) -> None:
        self.click("timelineBack", enabled=True)

    def first(self) -> None:
        self.click("timelineFirst", enabled=True)

    def last(self) -> None:
        self.click("timelineLast", enabled=True)

    def drag_to(self, step: int) -> None:
        """Move the slider to `step` as a drag would (the slider's value follows the handle)."""
        slider = self.find("timelineSlider", QSlider)
        slider.setSliderDown(True)
        slider.setSliderPosition(step)
        slider.setSliderDown(False)
        QApplication.processEvents()

    def turn(self) -> int:
        return self.find("timelineTurn", QSpinBox).value()

    def go_to_turn(self, turn: int) -> None:
        """Type a turn number into the turn box and press Enter."""
        box = self.find("timelineTurn", QSpinBox)
        box.setFocus()
        box.lineEdit().selectAll()
        QTest.keyClicks(box, str(turn))
        QTest.keyClick(box, Qt.Key.Key_Return)
        QApplication.processEvents()

    def set_speed(self, text: str) -> None:
        combo = self.find("timelineSpeed", QComboBox)
        combo.setCurrentIndex(combo.findText(text))

    def play(self) -> None:
        self.click("timelinePlay")

    def playing(self) -> bool:
        return self.find("timelinePlay").isChecked()

    def click_board(self) -> None:
        """A click in the middle of the game's table (whatever page shows)."""
        stack = self.find("gameStack")
        page = stack.currentWidget()
        target = page.childAt(page.rect().center()) or page
        QTest.mouseClick(target, LEFT, pos=target.mapFrom(page, page.rect().center()))
        QApplication.processEvents()

    def continue_here(self) -> None:
        self.click("continueHere", enabled=True)
        QApplication.processEvents()
