"""The "Continue as a game" dialog as a user answers it: a missing stack picked from the ready
stacks, who throws next, then Start."""
from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QPushButton, QRadioButton

from tests.gui.drivers.base import LEFT, Driver


def open_dialog() -> "ContinueDriver":
    """The modal dialog on screen now (ask_continue runs it)."""
    QApplication.processEvents()
    dialog = QApplication.activeModalWidget()
    if dialog is None or dialog.objectName() != "continueGame":
        raise LookupError(f"the Continue as a game dialog is not on screen ({dialog})")
    return ContinueDriver(dialog)


class ContinueDriver(Driver):
    def stack_text(self, seat: int) -> str:
        w = self.find(f"continueStack{seat}")
        return w.currentText() if isinstance(w, QComboBox) else w.text()  # type: ignore[attr-defined]

    def choose_stack(self, seat: int, text: str) -> None:
        """Pick the seat's ready stack whose shown text starts with `text`, as the popup would."""
        combo = self.find(f"continueStack{seat}", QComboBox)
        at = next((i for i in range(combo.count()) if combo.itemText(i).startswith(text)), -1)
        if at < 0:
            raise LookupError(f"no stack {text!r} in {[combo.itemText(i) for i in range(combo.count())]}")
        combo.setCurrentIndex(at)

    def throws_next(self, seat: int) -> None:
        """Click the seat's radio button on its indicator (a radio button's blank right part
        does not take clicks)."""
        button = self.find(f"continueFirst{seat}", QRadioButton)
        assert button.isEnabled()
        QTest.mouseClick(button, LEFT, pos=QPoint(6, button.height() // 2))

    def status(self) -> str:
        return self.find("continueStatus", QLabel).text()

    def can_start(self) -> bool:
        return self.find("continueStart", QPushButton).isEnabled()

    def start(self) -> None:
        self.click("continueStart", enabled=True)

    def cancel(self) -> None:
        self.root.reject()  # type: ignore[attr-defined]  (Escape, as the user closes it)
