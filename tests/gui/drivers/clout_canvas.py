"""Driving the Clout canvas with real mouse and wheel events, as a player would, and reading what it shows."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from gui.clout.canvas import CloutCanvas, to_scene


def chip_view_pos(canvas: CloutCanvas, chip_id: str) -> QPoint:
    """Where the chip's centre is on screen now."""
    return canvas.mapFromScene(to_scene(*canvas.index.centre(chip_id)))


def area_view_pos(canvas: CloutCanvas, x_cm: float, y_cm: float) -> QPoint:
    return canvas.mapFromScene(to_scene(x_cm, y_cm))


def ring_visible(canvas: CloutCanvas) -> bool:
    """Is a chip's range ring on the area."""
    return canvas.ring.isVisible()


def ruler_text(canvas: CloutCanvas) -> str:
    """The ruler's label, or "" while no ruler is laid."""
    return canvas.ruler.text if canvas.ruler.isVisible() else ""


def click_chip(canvas: CloutCanvas, chip_id: str, shift: bool = False) -> None:
    mods = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    QTest.mouseClick(canvas.viewport(), Qt.MouseButton.LeftButton, mods, chip_view_pos(canvas, chip_id))


def click_area(canvas: CloutCanvas, x_cm: float, y_cm: float) -> None:
    QTest.mouseClick(canvas.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     area_view_pos(canvas, x_cm, y_cm))


def wheel(canvas: CloutCanvas, steps: int, at: QPoint | None = None) -> None:
    at = at if at is not None else canvas.viewport().rect().center()
    event = QWheelEvent(QPointF(at), QPointF(canvas.viewport().mapToGlobal(at)), QPoint(), QPoint(0, 120 * steps),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(canvas.viewport(), event)


def drag_chip(canvas: CloutCanvas, chip_id: str, to: tuple[float, float], release: bool = True) -> None:
    """Press on the chip, move it in a few steps to `to` (cm), drop it."""
    start = chip_view_pos(canvas, chip_id)
    end = area_view_pos(canvas, *to)
    vp = canvas.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for k in range(1, 5):
        t = k / 4
        QTest.mouseMove(vp, QPoint(round(start.x() + (end.x() - start.x()) * t),
                                   round(start.y() + (end.y() - start.y()) * t)))
    if release:
        QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
