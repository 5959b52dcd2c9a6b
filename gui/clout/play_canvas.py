"""The play-mode canvas: slingshot aiming, click-to-place, rings on the chips that answer, chips that may move.

Aiming: press where the chip should touch down and pull back; the pull's length is the throw's
strength. While aiming, the canvas shows the strength and the view's prediction (`predictor`:
where the chip will probably come to rest, the scatter ellipse, a warning); the keyboard aims too
(arrows move the aim point, +/- set the strength, Enter throws). The view decides which chips are
ringed, which may be dragged and which one the arrows nudge (`held`); the canvas only draws and
reports. A throw's flight plays as an animation that a click or a key skips (`throw_shown`).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, Qt, QVariantAnimation, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsPolygonItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
    QWidget,
)

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
DOUBT = "#e53935"  # a chip dropped on another chip or off the area, waiting for keep-or-move
AIM_STEP_CM = 1.0  # one arrow press moves the aim point this far (ten times with Shift)
STRENGTH_STEP = 0.05  # one +/- press
THROW_MS = 1200


@dataclass(frozen=True)
class AimPreview:
    """What the view predicts for an aim: the rest spot, the scatter ellipse, a warning."""

    rest_cm: tuple[float, float]
    outline_cm: tuple[tuple[float, float], ...]
    warn: bool = False
    label: str = ""


class PlayCanvas(CloutCanvas):
    """The canvas with play-mode gestures: slingshot aiming, click-to-place, chips that may move.

    Only the chips in `movable_ids` can be dragged (a move, a push, nudges at the table);
    `marks` rings chips that answer the pending question. `aimed` reports a finished aim.
    """

    aimed = Signal(float, float, float)  # aim x_cm, y_cm, strength 0..1
    aim_changed = Signal(float, float, float)  # the aim being set now (pointer or keys)
    throw_shown = Signal()  # a throw's animation ended or was skipped

    def __init__(self, area, parent: QWidget | None = None) -> None:
        super().__init__(area, parent)
        self.aiming = False
        self.movable_ids: frozenset[str] = frozenset()
        self._aim_from: QPointF | None = None
        self._aim_pull = 0.0
        self.predictor: Callable[[float, float, float], AimPreview | None] | None = None
        self.key_aim: tuple[float, float] | None = None  # the aim point the arrows move
        self.key_strength = 0.3
        self.held: str | None = None  # the chip the arrows nudge (table entry)
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
        self.scatter_item = QGraphicsPolygonItem()
        sp = QPen(QColor("#ffffff"), 1.5, Qt.PenStyle.DashLine)
        sp.setCosmetic(True)
        self.scatter_item.setPen(sp)
        self.scatter_item.setZValue(29)
        self.scatter_item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.scatter_item.hide()
        self.scene().addItem(self.scatter_item)
        self.slide_line = QGraphicsLineItem()
        slp = QPen(QColor("#ffffff"), 1.5, Qt.PenStyle.DotLine)
        slp.setCosmetic(True)
        self.slide_line.setPen(slp)
        self.slide_line.setZValue(29)
        self.slide_line.hide()
        self.scene().addItem(self.slide_line)
        self.aim_label = QGraphicsRectItem()  # a dark tag that stays the same size at any zoom
        self.aim_label.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.aim_label.setBrush(QColor(17, 24, 39, 215))
        self.aim_label.setPen(QPen(Qt.PenStyle.NoPen))
        self.aim_label.setZValue(40)
        self.aim_label.hide()
        self.aim_text = QGraphicsSimpleTextItem(self.aim_label)
        self.aim_text.setBrush(QColor("#ffffff"))
        self.aim_text.setPos(6, 3)
        self.scene().addItem(self.aim_label)
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
            self.key_aim = None
            self._hide_aim()

    def _hide_aim(self) -> None:
        for item in (self.aim_ghost, self.pull_line, self.scatter_item, self.slide_line, self.aim_label):
            item.hide()

    @property
    def aim_strength(self) -> float | None:
        """The strength being set now (pointer pull or keys), None while not aiming."""
        if self._aim_from is not None:
            return self.strength_of(self._aim_pull)
        return self.key_strength if self.key_aim is not None else None

    def _show_aim(self, x: float, y: float, strength: float) -> None:
        """The aim point, the prediction and the strength, as the hand or the keys set them."""
        self.aim_ghost.setPos(to_scene(x, y))
        self.aim_ghost.show()
        preview = self.predictor(x, y, strength) if self.predictor is not None else None
        label = f"{strength:.0%}"
        if preview is not None:
            colour = QColor(DOUBT) if preview.warn else QColor("#ffffff")
            pen = self.scatter_item.pen()
            pen.setColor(colour)
            self.scatter_item.setPen(pen)
            fill = QColor(colour)
            fill.setAlpha(50)
            self.scatter_item.setBrush(fill)
            self.scatter_item.setPolygon(QPolygonF([to_scene(*p) for p in preview.outline_cm]))
            self.scatter_item.show()
            self.slide_line.setLine(*(lambda a, b: (a.x(), a.y(), b.x(), b.y()))(to_scene(x, y),
                                                                                 to_scene(*preview.rest_cm)))
            self.slide_line.show()
            label = preview.label or label
        self.aim_text.setText(label)
        self.aim_label.setRect(self.aim_text.boundingRect().adjusted(0, 0, 12, 6))
        self.aim_label.setPos(to_scene(x, y) + QPointF(CHIP_RADIUS_CM * PX_PER_CM * 1.3, 0))
        self.aim_label.show()
        self.setToolTip(label)
        self.aim_changed.emit(x, y, strength)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.skip_animation():
            event.accept()
            return
        if self.aiming and event.button() == Qt.MouseButton.LeftButton:
            self.setFocus()
            self.key_aim = None
            self._aim_from = self.mapToScene(event.position().toPoint())
            self._aim_pull = 0.0
            self.pull_line.setLine(self._aim_from.x(), self._aim_from.y(), self._aim_from.x(), self._aim_from.y())
            self.pull_line.show()
            self._show_aim(*to_area(self._aim_from), 0.0)
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
            self._show_aim(*to_area(self._aim_from), self.strength_of(self._aim_pull))
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self.aiming and self._aim_from is not None and event.button() == Qt.MouseButton.LeftButton:
            here = self.mapToScene(event.position().toPoint())
            pull = math.hypot(here.x() - self._aim_from.x(), here.y() - self._aim_from.y()) / PX_PER_CM
            x, y = to_area(self._aim_from)
            self._aim_from = None
            self._hide_aim()
            self.setToolTip("")
            event.accept()
            self.aimed.emit(x, y, self.strength_of(pull))
            return
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.skip_animation():
            event.accept()
            return
        if self.aiming and self._aim_key(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def _aim_key(self, event: QKeyEvent) -> bool:
        """Arrows move the aim point, +/- set the strength, Enter throws, Esc stops aiming by key."""
        key, mods = event.key(), event.modifiers()
        if mods & Qt.KeyboardModifier.ControlModifier:
            return False
        arrows = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}
        if key in arrows or key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal, Qt.Key.Key_Minus):
            if self.key_aim is None:
                minx, miny, maxx, maxy = self.area.bounds_cm
                self.key_aim = ((minx + maxx) / 2, (miny + maxy) / 2)
            x, y = self.key_aim
            if key in arrows:
                step = AIM_STEP_CM * (10 if mods & Qt.KeyboardModifier.ShiftModifier else 1)
                minx, miny, maxx, maxy = self.area.bounds_cm
                x = min(maxx + 10, max(minx - 10, x + arrows[key][0] * step))
                y = min(maxy + 10, max(miny - 10, y + arrows[key][1] * step))
                self.key_aim = (x, y)
            else:
                delta = -STRENGTH_STEP if key == Qt.Key.Key_Minus else STRENGTH_STEP
                self.key_strength = round(min(1.0, max(0.0, self.key_strength + delta)), 3)
            self._show_aim(x, y, self.key_strength)
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.key_aim is not None:
            (x, y), self.key_aim = self.key_aim, None
            self._hide_aim()
            self.aimed.emit(x, y, self.key_strength)
            return True
        if key == Qt.Key.Key_Escape and self.key_aim is not None:
            self.key_aim = None
            self._hide_aim()
            return True
        return False

    # --- keyboard: chips take focus, the held chip is nudged -----------------------------------------
    def focus_pieces(self) -> list[tuple[str, QRectF]]:
        if self.aiming:
            return []
        r = CHIP_RADIUS_CM * PX_PER_CM
        return [(cid, QRectF(to_scene(*self.index.centre(cid)) - QPointF(r, r), to_scene(*self.index.centre(cid))
                             + QPointF(r, r))) for cid in self.items_by_id]

    def nudge_target(self) -> str | None:
        return self.held if self.held in self.markers and self.held in self.movable_ids else None

    def piece_nudged(self, piece: str, dx: float, dy: float) -> None:
        x, y = self.index.centre(piece)
        self.drag_to(piece, x + dx, y + dy)
        self.dragging = None
        self.chip_moved.emit(piece, x + dx, y + dy)

    def piece_drag_started(self, piece: str, scene_pos: QPointF) -> bool:
        return piece in self.movable_ids and super().piece_drag_started(piece, scene_pos)

    @staticmethod
    def strength_of(pull_cm: float) -> float:
        return round(min(1.0, max(0.0, pull_cm / FULL_PULL_CM)), 3)

    # --- the throw, animated ------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return self.animation is not None and self.animation.state() == QVariantAnimation.State.Running

    def skip_animation(self) -> bool:
        """Jump a running throw to its end (a click or a key does this); True if one was running."""
        if not self.animating:
            return False
        assert self.animation is not None
        self.animation.setCurrentTime(self.animation.duration())
        if self.animating:
            self.animation.stop()
            self._throw_done()
        return True

    def _throw_done(self) -> None:
        for cid in self.items_by_id:
            item = self.items_by_id[cid]
            item.setScale(1.0)
            item.setPos(to_scene(*self.index.centre(cid)))
        self.throw_shown.emit()

    def animate_throw(self, before: dict[str, tuple[float, float]], thrown: str | None,
                      origin: tuple[float, float] | None, duration_ms: int = THROW_MS,
                      touch: tuple[float, float] | None = None) -> bool:
        """Chips are already at their new spots: fly the thrown one in from `origin` to where it
        touched down (`touch`), slide it to rest while the chips it knocked slide; False if
        nothing moves."""
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
            return False
        mid = touch if thrown in moves and touch is not None else None
        fly = 0.55  # the flight's share of the animation; the slides share the rest

        def at(a: tuple[float, float], b: tuple[float, float], t: float) -> QPointF:
            return to_scene(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)

        def step(value: float) -> None:
            for cid, (a, b) in moves.items():
                item = self.items_by_id.get(cid)
                if item is None:
                    continue
                if cid == thrown:
                    t = min(1.0, value / fly)
                    item.setScale(1.0 + 0.7 * math.sin(math.pi * t))
                    if mid is None:
                        item.setPos(at(a, b, t))
                    elif value <= fly:
                        item.setPos(at(a, mid, t))
                    else:
                        item.setPos(at(mid, b, 1 - (1 - (value - fly) / (1 - fly)) ** 2))
                else:
                    t = max(0.0, (value - fly) / (1 - fly))
                    item.setPos(at(a, b, 1 - (1 - t) ** 2))

        anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setDuration(duration_ms)
        anim.setEasingCurve(QEasingCurve.Type.Linear)
        anim.valueChanged.connect(step)
        anim.finished.connect(self._throw_done)
        step(0.0)
        self.animation = anim
        anim.start()
        return True
