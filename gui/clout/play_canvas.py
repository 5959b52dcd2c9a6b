"""The play-mode canvas: slingshot aiming, click-to-place, rings on the chips that answer, chips that may move.

Aiming: press where the chip should land and pull back; the pull's length is the throw's strength.
The view decides which chips are ringed and which may be dragged; the canvas only draws and reports.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, Qt, QVariantAnimation, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsLineItem, QWidget

from core.clout.geometry import CHIP_RADIUS_CM
from gui.clout.canvas import CloutCanvas, to_area, to_scene
from gui.clout.chip_items import PX_PER_CM

# A pull of this many centimetres on the area is a full-strength throw.
FULL_PULL_CM = 30.0
ELIGIBLE = "#ffb300"
PICKED = "#00b0ff"
SOURCE = "#7c4dff"  # the chip whose ability asks
LIMIT = "#80deea"
NEUTRAL = "#374151"


class PlayCanvas(CloutCanvas):
    """The canvas with play-mode gestures: slingshot aiming, click-to-place, chips that may move.

    Only the chips in `movable_ids` can be dragged (a move, a push, nudges at the table);
    `marks` rings chips that answer the pending question. `aimed` reports a finished aim.
    """

    aimed = Signal(float, float, float)  # aim x_cm, y_cm, strength 0..1

    def __init__(self, area, parent: QWidget | None = None) -> None:
        super().__init__(area, parent)
        self.aiming = False
        self.movable_ids: frozenset[str] = frozenset()
        self._aim_from: QPointF | None = None
        self._aim_pull = 0.0
        self._mark_items: dict[str, QGraphicsEllipseItem] = {}
        self.aim_ghost = QGraphicsEllipseItem(-CHIP_RADIUS_CM * PX_PER_CM, -CHIP_RADIUS_CM * PX_PER_CM,
                                              2 * CHIP_RADIUS_CM * PX_PER_CM, 2 * CHIP_RADIUS_CM * PX_PER_CM)
        pen = QPen(QColor("#ffffff"), 2.0, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        self.aim_ghost.setPen(pen)
        self.aim_ghost.setBrush(QColor(255, 255, 255, 60))
        self.aim_ghost.setZValue(30)
        self.aim_ghost.hide()
        self.scene().addItem(self.aim_ghost)
        self.pull_line = QGraphicsLineItem()
        lp = QPen(QColor("#ff5252"), 3.0)
        lp.setCosmetic(True)
        self.pull_line.setPen(lp)
        self.pull_line.setZValue(31)
        self.pull_line.hide()
        self.scene().addItem(self.pull_line)
        self.limit_ring = QGraphicsEllipseItem()
        rp = QPen(QColor(LIMIT), 2.0, Qt.PenStyle.DashDotLine)
        rp.setCosmetic(True)
        self.limit_ring.setPen(rp)
        self.limit_ring.setBrush(QColor(128, 222, 234, 40))
        self.limit_ring.setZValue(3)
        self.limit_ring.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.limit_ring.hide()
        self.scene().addItem(self.limit_ring)
        self.animation: QVariantAnimation | None = None

    # --- marks and rings --------------------------------------------------------------------------
    def set_marks(self, marks: dict[str, str]) -> None:
        """Ring these chips in these colours (the chips that answer the question)."""
        for cid in [c for c in self._mark_items if c not in marks]:
            self.scene().removeItem(self._mark_items.pop(cid))
        r = (CHIP_RADIUS_CM + 0.9) * PX_PER_CM
        for cid, colour in marks.items():
            if cid not in self.markers:
                continue
            item = self._mark_items.get(cid)
            if item is None:
                item = QGraphicsEllipseItem(-r, -r, 2 * r, 2 * r)
                item.setZValue(12)
                item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                self.scene().addItem(item)
                self._mark_items[cid] = item
            pen = QPen(QColor(colour), 4.0)
            pen.setCosmetic(True)
            item.setPen(pen)
            item.setPos(to_scene(*self.index.centre(cid)))

    @property
    def marks(self) -> dict[str, str]:
        return {cid: item.pen().color().name() for cid, item in self._mark_items.items()}

    def set_limit(self, centre_cm: tuple[float, float] | None, radius_cm: float = 0.0) -> None:
        """The ring a moving chip's centre must stay inside (move / push value)."""
        if centre_cm is None:
            self.limit_ring.hide()
            return
        r = radius_cm * PX_PER_CM
        self.limit_ring.setRect(QRectF(-r, -r, 2 * r, 2 * r))
        self.limit_ring.setPos(to_scene(*centre_cm))
        self.limit_ring.show()

    def drag_to(self, chip_id: str, x_cm: float, y_cm: float) -> None:
        super().drag_to(chip_id, x_cm, y_cm)
        item = self._mark_items.get(chip_id)
        if item is not None:
            item.setPos(to_scene(x_cm, y_cm))

    # --- aiming -------------------------------------------------------------------------------------
    def set_aiming(self, on: bool) -> None:
        self.aiming = on
        self.viewport().setCursor(Qt.CursorShape.CrossCursor if on else Qt.CursorShape.OpenHandCursor)
        if not on:
            self._aim_from = None
            self.aim_ghost.hide()
            self.pull_line.hide()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.aiming and event.button() == Qt.MouseButton.LeftButton:
            self.setFocus()
            self._aim_from = self.mapToScene(event.position().toPoint())
            self._aim_pull = 0.0
            self.aim_ghost.setPos(self._aim_from)
            self.aim_ghost.show()
            self.pull_line.setLine(self._aim_from.x(), self._aim_from.y(), self._aim_from.x(), self._aim_from.y())
            self.pull_line.show()
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        """A quick second press while aiming is a second aim, not the board's fit."""
        if self.aiming and event.button() == Qt.MouseButton.LeftButton:
            self.mousePressEvent(event)
            return
        super().mouseDoubleClickEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self.aiming and self._aim_from is not None:
            here = self.mapToScene(event.position().toPoint())
            self.pull_line.setLine(self._aim_from.x(), self._aim_from.y(), here.x(), here.y())
            self._aim_pull = math.hypot(here.x() - self._aim_from.x(), here.y() - self._aim_from.y()) / PX_PER_CM
            self.setToolTip(f"strength {self.strength_of(self._aim_pull):.0%}")
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self.aiming and self._aim_from is not None and event.button() == Qt.MouseButton.LeftButton:
            here = self.mapToScene(event.position().toPoint())
            pull = math.hypot(here.x() - self._aim_from.x(), here.y() - self._aim_from.y()) / PX_PER_CM
            x, y = to_area(self._aim_from)
            self._aim_from = None
            self.pull_line.hide()
            self.setToolTip("")
            event.accept()
            self.aimed.emit(x, y, self.strength_of(pull))
            return
        super().mouseReleaseEvent(event)

    def piece_drag_started(self, piece: str, scene_pos: QPointF) -> bool:
        return piece in self.movable_ids and super().piece_drag_started(piece, scene_pos)

    @staticmethod
    def strength_of(pull_cm: float) -> float:
        return round(min(1.0, max(0.0, pull_cm / FULL_PULL_CM)), 3)

    # --- the throw, animated ------------------------------------------------------------------------
    def animate_throw(self, before: dict[str, tuple[float, float]], thrown: str | None,
                      origin: tuple[float, float] | None, duration_ms: int = 700) -> None:
        """Chips are already at their new spots: fly the thrown one in, slide the knocked ones."""
        if self.animation is not None:
            self.animation.stop()
        moves: dict[str, tuple[tuple[float, float], tuple[float, float]]] = {}
        for cid in self.items_by_id:
            end = self.index.centre(cid)
            start = before.get(cid)
            if cid == thrown:
                start = origin if origin is not None else end
            if start is not None and math.dist(start, end) > 1e-3:
                moves[cid] = (start, end)
        if not moves:
            return

        def step(value: float) -> None:
            for cid, (a, b) in moves.items():
                item = self.items_by_id.get(cid)
                if item is None:
                    continue
                if cid == thrown:
                    t = min(1.0, value / 0.65)
                    item.setScale(1.0 + 0.7 * math.sin(math.pi * t))
                else:
                    t = max(0.0, (value - 0.55) / 0.45)
                item.setPos(to_scene(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            if value >= 1.0:
                for cid in moves:
                    item = self.items_by_id.get(cid)
                    if item is not None:
                        item.setScale(1.0)

        anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setDuration(duration_ms)
        anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        anim.valueChanged.connect(step)
        step(0.0)
        anim.start()
        self.animation = anim

