"""The photo import dialog as a referee drives it (gui/clout/photo_import.py): open a photo, click the
area's corners and the chips on it, find chips, label them and add them to the layout board."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QWidget

from tests.gui.drivers.base import Driver, click_at


class PhotoImportDriver(Driver):
    """A page object over the import dialog (object name photoImportDialog)."""

    @classmethod
    def opened_from(cls, board: QWidget) -> PhotoImportDriver:
        """Click the board's Import photo… and take the dialog it opens."""
        Driver(board).click("layoutImportPhoto", on_screen=True, enabled=True)
        QApplication.processEvents()
        dialogs = [w for w in board.findChildren(QWidget, "photoImportDialog") if w.isVisible()]
        if not dialogs:
            raise LookupError("Import photo… opened no dialog")
        QTest.qWaitForWindowExposed(dialogs[-1])
        QApplication.processEvents()
        return cls(dialogs[-1])

    @property
    def view(self):
        return self.find("photoMarkView")

    def open_photo(self, path: str) -> None:
        """Open… answered with `path` (the file dialog is the dialog's ask_photo_path)."""
        self.root.ask_photo_path = lambda: path
        self.click("photoOpen", on_screen=True, enabled=True)
        QApplication.processEvents()

    def hint(self) -> str:
        return self.find("photoHint").text()

    def hint_is_error(self) -> bool:
        return self.find("photoHint").property("role") == "error"

    def _view_point(self, x: float, y: float) -> QPoint:
        QApplication.processEvents()  # a pending relayout would refit the view under the click
        view = self.view
        view.ensureVisible(x - 1, y - 1, 2, 2, 40, 40)
        return view.mapFromScene(QPointF(x, y))

    def click_image(self, x: float, y: float) -> None:
        """A click on the photo at image pixel (x, y) (scrolled into view first). The pointer moves
        there first, as a hand does, so a click just before elsewhere never makes a double-click."""
        at = self._view_point(x, y)
        QTest.mouseMove(self.view.viewport(), at)
        click_at(self.view, at)

    def drag_image(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        view = self.view
        a = self._view_point(*start)
        b = view.mapFromScene(QPointF(*end))
        vp = view.viewport()
        QTest.mouseMove(vp, a)
        QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
        for k in range(1, 5):
            QTest.mouseMove(vp, a + (b - a) * (k / 4))
        QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)

    def mark(self, points) -> None:
        for x, y in points:
            before = len(self.root.marks.points) + (self.root.marks.top is not None)
            self.click_image(x, y)
            after = len(self.root.marks.points) + (self.root.marks.top is not None)
            if after != before + 1:
                raise AssertionError(f"the click at ({x:.0f}, {y:.0f}) made no mark: {self.hint()} "
                                     f"view at {self._view_point(x, y)}, zoom {self.view.zoom}, size {self.view.size()}")

    def zoom_out(self) -> None:
        self.view.setFocus()
        QTest.keyClick(self.view, Qt.Key.Key_0)

    def find_chips(self) -> None:
        if not self.find("photoFind").isEnabled():
            raise LookupError(f"Find chips is disabled; the hint says: {self.hint()}")
        self.click("photoFind", on_screen=True, enabled=True)

    def stop(self) -> None:
        self.click("photoStop", on_screen=True, enabled=True)

    def searching(self) -> bool:
        return self.find("photoStop").isEnabled()

    def chip_keys(self) -> list[str]:
        return list(self.find("photoLabels").keys)

    def select_chip(self, key: str) -> None:
        """Click the chip's number on the photo."""
        at = self.view.scene_point(key)
        self.click_image(at.x(), at.y())

    def nudge(self, key: Qt.Key, shift: bool = False) -> None:
        """An arrow on the photo: the selected chip moves half a pixel (Shift: five)."""
        self.view.setFocus()
        mods = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
        QTest.keyClick(self.view, key, mods)

    def delete_selected(self) -> None:
        self.view.setFocus()
        QTest.keyClick(self.view, Qt.Key.Key_Delete)

    def label(self, key: str, chip_id: str, owner: int) -> None:
        """Choose the catalogue chip and the player in the chip's row."""
        for name, value in ((f"labelChip_{key}", chip_id), (f"labelOwner_{key}", owner)):
            box = self.find(name, QComboBox)
            index = box.findData(value)
            if index < 0:
                raise LookupError(f"{value!r} is not offered in {name}")
            box.setCurrentIndex(index)

    def chosen(self, key: str) -> tuple[str | None, int]:
        return (self.find(f"labelChip_{key}", QComboBox).currentData(),
                self.find(f"labelOwner_{key}", QComboBox).currentData())

    def can_apply(self) -> bool:
        return self.find("photoApply").isEnabled()

    def apply(self) -> None:
        self.click("photoApply", on_screen=True, enabled=True)

    def cancel(self) -> None:
        self.click("photoCancel", on_screen=True, enabled=True)
