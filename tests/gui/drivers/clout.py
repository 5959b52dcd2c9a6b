"""Clout Fantasy's play view as a player drives it: the curtain, the stack list, the slingshot pull on the
area, the prompt's answers and the side panel's buttons (chips on the area: drivers/clout_canvas.py);
and what the stack builder and the layout board show."""
from __future__ import annotations

import re
from collections.abc import Sequence

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (QApplication, QComboBox, QGraphicsView, QLabel, QListWidget, QListWidgetItem,
                               QWidget)

from gui.clout.canvas import to_scene
from gui.clout.play_view import FULL_PULL_CM
from tests.gui.drivers.base import Driver, click, click_row, drag, find


class CloutDriver(Driver):
    def press(self, name: str) -> None:
        self.click(name, on_screen=True)

    @property
    def canvas(self) -> QGraphicsView:
        return self.find("playCanvas", QGraphicsView)

    def area_pos(self, x_cm: float, y_cm: float) -> QPoint:
        return self.canvas.mapFromScene(to_scene(x_cm, y_cm))

    def reveal_if_needed(self) -> None:
        if self.curtain_up():
            self.reveal_curtain()

    def choose_chip(self, uid: str) -> None:
        click_row(self.find("stackList", QListWidget), uid)

    def stack_item(self, uid: str) -> QListWidgetItem | None:
        """The stack list's row for chip `uid` (None when the list does not show it)."""
        stack = self.find("stackList", QListWidget)
        rows = (stack.item(i) for i in range(stack.count()))
        return next((item for item in rows if item.data(Qt.ItemDataRole.UserRole) == uid), None)

    def aim_and_throw(self, x_cm: float, y_cm: float, strength: float) -> None:
        """Press at the aim point and pull straight down by the strength's share of a full pull."""
        canvas = self.canvas
        assert canvas.aiming, "nothing to throw now"
        drag(canvas, self.area_pos(x_cm, y_cm), self.area_pos(x_cm, y_cm + strength * FULL_PULL_CM), steps=3)

    def throw(self, x_cm: float, y_cm: float, strength: float) -> None:
        """Throw the chip as the screen asks: the slingshot when simulated; at the table, a click where it
        landed (the slingshot is skipped there)."""
        if self.canvas.aiming:
            self.aim_and_throw(x_cm, y_cm, strength)
        else:
            self.show_landing(x_cm, y_cm)

    def show_landing(self, x_cm: float, y_cm: float) -> None:
        """At the table: click the spot where the thrown chip landed."""
        from tests.gui.drivers.clout_canvas import click_area

        click_area(self.canvas, x_cm, y_cm)

    def pull(self, x_cm: float, y_cm: float, strength: float) -> None:
        """Press at the aim point and pull (without letting go): the aim shows its prediction."""
        canvas = self.canvas
        vp = canvas.viewport()
        start = self.area_pos(x_cm, y_cm)
        QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
        end = self.area_pos(x_cm, y_cm + strength * FULL_PULL_CM)
        for k in range(1, 4):
            QTest.mouseMove(vp, QPoint(round(start.x() + (end.x() - start.x()) * k / 3),
                                       round(start.y() + (end.y() - start.y()) * k / 3)))
        self._pulled_to = end

    def let_go(self) -> None:
        """Release the pull begun by `pull`, where it ended."""
        QTest.mouseRelease(self.canvas.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                           self._pulled_to)

    def aim_readout(self) -> str:
        label = self.find("aimReadout", QLabel)
        return label.text() if label.isVisible() else ""

    def key(self, key: Qt.Key, shift: bool = False, times: int = 1) -> None:
        """Press a key on the area (the canvas takes the focus first)."""
        canvas = self.canvas
        canvas.setFocus()
        mods = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
        for _ in range(times):
            QTest.keyClick(canvas, key, mods)

    def click_stack_row(self, uid: str) -> None:
        """Click a stack row even when it is greyed out (a click on it explains why)."""
        stack = self.find("stackList", QListWidget)
        item = self.stack_item(uid)
        assert item is not None, uid
        stack.scrollToItem(item)
        QTest.mouseClick(stack.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         stack.visualItemRect(item).center())

    def prompt_answers(self) -> Sequence[str]:
        return tuple(self.find("promptBar").buttons)

    def answer(self, label: str) -> None:
        """Click the prompt's button whose text starts with `label`."""
        QApplication.processEvents()
        bar = self.find("promptBar")
        for text, button in bar.buttons.items():
            if text == label or text.startswith(label):
                self.click(button, on_screen=True)
                return
        raise LookupError(f"no answer {label!r} in {list(bar.buttons)}")

    def toggle_place(self) -> None:
        self.press("placeButton")

    def confirm(self) -> None:
        self.press("primaryButton")

    def landed_off_area(self) -> None:
        self.press("secondaryButton")

    def back_to_start(self) -> None:
        self.press("backToStart")


def drive(view: QWidget) -> CloutDriver:
    return CloutDriver(view)


# --- the tools ----------------------------------------------------------------------------------
def catalogue_item(builder: QWidget, chip_id: str) -> QListWidgetItem:
    """The stack builder's catalogue tile for `chip_id`."""
    tiles = builder.chip_list
    for i in range(tiles.count()):
        if tiles.item(i).data(Qt.ItemDataRole.UserRole) == chip_id:
            return tiles.item(i)
    raise KeyError(chip_id)


def shown_chip_ids(builder: QWidget) -> list[str]:
    """The catalogue tiles the stack builder's filters leave on screen."""
    tiles = builder.chip_list
    return [tiles.item(i).data(Qt.ItemDataRole.UserRole) for i in range(tiles.count())
            if not tiles.item(i).isHidden()]


_IN_RANGE_ROW = re.compile(r"^\W*(.+?) \(\d+(?:\.\d+)? cm\)$")


def in_range_names(board: QWidget) -> list[str]:
    """The chips the layout board's panel lists in the selected chip's range, nearest first."""
    text = board.chip_text.toPlainText()
    if "In range (" not in text:
        return []
    rows = text.split("In range (", 1)[1].splitlines()[1:]
    return [m.group(1) for row in rows if (m := _IN_RANGE_ROW.match(row.strip()))]


# --- New Game: a seat's stack -------------------------------------------------------------------
def seat_stack_combo(dialog: QWidget, seat: int) -> QComboBox:
    return find(dialog, f"seatOption:stacks:{seat}", QComboBox)


def choose_seat_stack(dialog: QWidget, seat: int, text: str) -> None:
    """Pick the seat's stack whose shown text starts with `text` ("Stack file…" asks for a file),
    as the combo's popup would: the current item changes."""
    combo = seat_stack_combo(dialog, seat)
    at = next((i for i in range(combo.count()) if combo.itemText(i).startswith(text)), -1)
    if at < 0:
        raise LookupError(f"no stack {text!r} in {[combo.itemText(i) for i in range(combo.count())]}")
    combo.setCurrentIndex(at)


def seat_stack_text(dialog: QWidget, seat: int) -> str:
    return seat_stack_combo(dialog, seat).currentText()


def play_with_stack(builder: QWidget) -> None:
    """The stack builder's "Play with this stack…" button."""
    click(find(builder, "playWithStack"), on_screen_in=builder, enabled=True)

