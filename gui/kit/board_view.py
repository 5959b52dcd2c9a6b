"""One measured board view for every game: fit, zoom, pan, a ruler, click versus drag, level of detail.

Every board (the Clout area, the map of Scar and its arena, the Power Spike table, the layout
board) is a scene drawn to scale and looked at through this view, so the gestures feel the
same everywhere and are written once. A subclass says what is on the board and what a click or
a drag on a piece means; the view decides which gesture the hand made.

Public API (kept stable; subclasses and page objects rely on it):

Constructor
    BoardView(parent=None, scene_rect=None)  makes its own scene (set the rect here or later with
                           scene().setSceneRect); leave the drag mode at NoDrag: the view pans itself.

Class attributes a subclass may set
    UNIT: float            scene units per board unit (per cm, per inch); `px_per_unit()` uses it.
    MIN_ZOOM, MAX_ZOOM     limits relative to the fitted scale (1.0 = fitted; default 1 and 12).
    ZOOM_STEP: float       the scale factor of one wheel notch or one +/- key (default 1.2).
    FIT_PADDING_PX: int    viewport pixels left free around the scene rect when fitted.
    NUDGE_STEP: float      board units one arrow press nudges a held piece (Shift: ten times).

Signal
    scale_changed(float)   pixels per board unit, once per zoom or fit that changed the scale.

State and commands
    fit()                  show the whole scene rect (plus padding); the view refits on resize and
                           show until the user zooms or pans, and again after fit().
    fitted -> bool         True while the view follows the window (no user zoom or pan since fit).
    zoom -> float          the scale relative to the fitted scale (1.0 when fitted).
    zoom_by(steps, at=None) zoom by ZOOM_STEP ** steps about viewport point `at` (default the
                           centre), clamped; zooming out to 1.0 refits.
    pan_by(dx, dy)         scroll by viewport pixels.
    px_per_unit() -> float on-screen pixels per board unit now.
    ruler                  the kit RulerItem (hidden until shown); `ruler.text` is its label.
    show_ruler(a, b, text) lay the ruler between two scene points with the subclass's label.
    hide_ruler()
    show_hint(spots)       mark where the shown hint points (kit HintSpot list; empty hides it).
    dragged_piece          the piece a pointer drag is moving now, or None.
    cancel_drag()          end the pointer drag without committing it (Esc does this).

Gestures (the left button belongs to the view; items never receive left presses)
    A press released after moving less than QApplication.startDragDistance() (manhattan) is a click:
    `piece_clicked` on a piece, `board_clicked` on empty board. A longer move on empty board
    pans; on a piece it asks `piece_drag_started` and, if that agrees, sends `piece_drag_moved`
    for every move and `piece_drag_ended` at release (commit) or Esc (no commit); if it refuses,
    the release still clicks the piece. Wheel and +/-/= zoom; F, 0 and Home fit, so does a
    double-click on empty board; moving without a button reports `piece_hovered`; a tooltip
    asks `piece_tooltip` first, then the scene's items.

Keyboard (every gesture has keys; Tab leaves the board, it is never a trap)
    Arrows move the focus ring to the nearest piece in that direction among `focus_pieces()`
    (the first press picks the piece nearest the centre) and report it as hovered; Enter or
    Space clicks the focused piece. While `nudge_target()` names a piece (one being placed or
    moved), arrows nudge it by NUDGE_STEP board units (ten times with Shift) through
    `piece_nudged`. Ctrl+arrows, or arrows on a board with no pieces to visit, pan.
    `focused_piece` / `focus_piece(piece)` read and set the focus.

Hooks to override (all optional; a piece is whatever hashable id the subclass uses)
    piece_at(view_pos) -> piece | None
    piece_clicked(piece, scene_pos, modifiers)
    board_clicked(scene_pos, modifiers)
    piece_drag_started(piece, scene_pos) -> bool     scene_pos is where the press was
    piece_drag_moved(piece, scene_pos)               scene_pos is where the pointer is
    piece_drag_ended(piece, commit)
    piece_hovered(piece | None)
    piece_tooltip(piece) -> str
    detail_changed(px_per_unit)                      level of detail; also emitted as scale_changed
    focus_pieces() -> [(piece, scene bounds)]        what the keyboard may visit now
    nudge_target() -> piece | None                   the piece arrows nudge instead of moving focus
    piece_nudged(piece, dx, dy)                      board units
"""
from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (QColor, QCursor, QFocusEvent, QHelpEvent, QKeyEvent, QMouseEvent, QPainter, QPen, QResizeEvent,
                           QTransform, QWheelEvent)
from PySide6.QtWidgets import (QApplication, QGraphicsItem, QGraphicsScene, QGraphicsView, QStyleOptionGraphicsItem,
                               QToolTip, QWidget)

from gui.kit.hint_mark import HintMark, HintSpot
from gui.kit.ruler import RulerItem

Piece = Hashable
KEY_HINT = "Keys: arrows move between pieces, Enter or Space chooses"


@dataclass
class _Press:
    """One left-button gesture from press to release."""

    start: QPointF
    last: QPointF
    piece: Piece | None
    mode: str = "pending"  # pending -> pan | drag | held; done once cancelled or consumed


def _dist2(a: QPointF, b: QPointF) -> float:
    d = a - b
    return d.x() * d.x() + d.y() * d.y()


class FocusRing(QGraphicsItem):
    """Where the keyboard is on the board: a bright dashed frame, the same width at any zoom."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(60)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._rect = QRectF()
        self.hide()

    def surround(self, bounds: QRectF) -> None:
        self.prepareGeometryChange()
        self._rect = QRectF(bounds)
        self.show()
        self.update()

    def boundingRect(self) -> QRectF:
        pad = max(self._rect.width(), self._rect.height()) * 0.25 + 1
        return self._rect.adjusted(-pad, -pad, pad, pad)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        grow = max(self._rect.width(), self._rect.height()) * 0.12
        r = self._rect.adjusted(-grow, -grow, grow, grow)
        for colour, width, style in ((QColor(0, 0, 0, 170), 5.0, Qt.PenStyle.SolidLine),
                                     (QColor("#38bdf8"), 2.5, Qt.PenStyle.DashLine)):
            pen = QPen(colour, width, style)
            pen.setCosmetic(True)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(r)


class BoardView(QGraphicsView):
    """The shared board view; see the module docstring for the API and the hooks."""

    UNIT: ClassVar[float] = 1.0
    MIN_ZOOM: ClassVar[float] = 1.0
    MAX_ZOOM: ClassVar[float] = 12.0
    ZOOM_STEP: ClassVar[float] = 1.2
    FIT_PADDING_PX: ClassVar[int] = 0
    PAN_KEY_FRACTION: ClassVar[float] = 0.125
    NUDGE_STEP: ClassVar[float] = 0.1  # board units one arrow press moves a held piece

    scale_changed = Signal(float)

    def __init__(self, parent: QWidget | None = None, scene_rect: QRectF | None = None) -> None:
        super().__init__(parent)
        scene = QGraphicsScene(self)
        if scene_rect is not None:
            scene.setSceneRect(scene_rect)
        self.setScene(scene)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)
        self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
        self.setMinimumSize(320, 240)
        self._fit_scale = 1.0
        self._user_moved = False
        self._last_px: float | None = None
        self._press: _Press | None = None
        self._cursor_before: QCursor | None = None
        self.ruler = RulerItem()
        self.ruler.hide()
        scene.addItem(self.ruler)
        self._focused: Piece | None = None
        self._ring = FocusRing()
        scene.addItem(self._ring)
        self.hint_mark = HintMark()
        scene.addItem(self.hint_mark)

    # --- hooks -------------------------------------------------------------------------------
    def piece_at(self, view_pos: QPoint) -> Piece | None:
        """The piece under a viewport point; None means empty board (a drag there pans)."""
        return None

    def piece_clicked(self, piece: Piece, scene_pos: QPointF, modifiers: Qt.KeyboardModifier) -> None:
        """A click (no drag) on a piece."""

    def board_clicked(self, scene_pos: QPointF, modifiers: Qt.KeyboardModifier) -> None:
        """A click (no pan) on empty board."""

    def piece_drag_started(self, piece: Piece, scene_pos: QPointF) -> bool:
        """The hand moved a pressed piece past the click threshold; True lets it move."""
        return False

    def piece_drag_moved(self, piece: Piece, scene_pos: QPointF) -> None:
        """The pointer moved while dragging `piece`."""

    def piece_drag_ended(self, piece: Piece, commit: bool) -> None:
        """The drag ended: released (commit) or cancelled by Esc or `cancel_drag` (no commit)."""

    def piece_hovered(self, piece: Piece | None) -> None:
        """The pointer rests over this piece (None: over empty board or outside)."""

    def piece_tooltip(self, piece: Piece) -> str:
        """Hover text for a piece; empty lets the scene's items answer."""
        return ""

    def detail_changed(self, px_per_unit: float) -> None:
        """The scale changed (zoom or fit): switch level of detail here."""

    def focus_pieces(self) -> list[tuple[Piece, QRectF]]:
        """The pieces the keyboard may visit now, with their scene bounds (none: arrows pan)."""
        return []

    def nudge_target(self) -> Piece | None:
        """The piece being placed or moved now, which the arrow keys nudge (None: arrows move the focus)."""
        return None

    def piece_nudged(self, piece: Piece, dx: float, dy: float) -> None:
        """Arrows moved `piece` by (dx, dy) board units (NUDGE_STEP, ten times with Shift)."""

    # --- scale ---------------------------------------------------------------------------------
    @property
    def zoom(self) -> float:
        return self.transform().m11() / self._fit_scale

    @property
    def fitted(self) -> bool:
        return not self._user_moved

    def px_per_unit(self) -> float:
        return self.transform().m11() * self.UNIT

    def _fitted_scale(self) -> float:
        rect = self.sceneRect()
        pad = 2 * self.FIT_PADDING_PX
        w = max(1, self.viewport().width() - pad)
        h = max(1, self.viewport().height() - pad)
        if rect.width() <= 0 or rect.height() <= 0:
            return 1.0
        return min(w / rect.width(), h / rect.height())

    def fit(self) -> None:
        self._user_moved = False
        self._fit_scale = self._fitted_scale()
        self.setTransform(QTransform.fromScale(self._fit_scale, self._fit_scale))
        self.centerOn(self.sceneRect().center())
        self._scale_moved()

    def zoom_by(self, steps: float, at: QPoint | None = None) -> None:
        """Zoom by whole or part steps, keeping the board point under `at` (default: the centre) still."""
        target = max(self.MIN_ZOOM, min(self.MAX_ZOOM, self.zoom * self.ZOOM_STEP ** steps))
        if abs(target - 1.0) < 1e-9 and steps < 0:
            self.fit()
            return
        f = target / self.zoom
        if abs(f - 1.0) < 1e-9:
            return
        held = self.mapToScene(at) if at is not None else None
        self.scale(f, f)
        self._user_moved = True
        if held is not None and at is not None:
            now = self.mapFromScene(held)
            self.pan_by(now.x() - at.x(), now.y() - at.y())
        self._scale_moved()

    def _scale_moved(self) -> None:
        self.resetCachedContent()
        px = self.px_per_unit()
        if self._last_px is not None and abs(px - self._last_px) < 1e-9:
            return
        self._last_px = px
        self.detail_changed(px)
        self.scale_changed.emit(px)

    def pan_by(self, dx: float, dy: float) -> None:
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        before = (h.value(), v.value())
        h.setValue(h.value() + round(dx))
        v.setValue(v.value() + round(dy))
        if (h.value(), v.value()) != before:
            self._user_moved = True

    # --- ruler ---------------------------------------------------------------------------------
    def show_ruler(self, a: QPointF, b: QPointF, text: str) -> None:
        self.ruler.set_ends(a, b, text)
        self.ruler.show()

    def hide_ruler(self) -> None:
        self.ruler.hide()

    # --- hint ----------------------------------------------------------------------------------
    def show_hint(self, spots: Sequence[HintSpot]) -> None:
        """Mark where the shown hint points (no spots: hide the mark)."""
        self.hint_mark.set_spots(spots)

    # --- gestures ------------------------------------------------------------------------------
    @property
    def dragged_piece(self) -> Piece | None:
        press = self._press
        return press.piece if press is not None and press.mode == "drag" else None

    def cancel_drag(self) -> None:
        press = self._press
        if press is not None and press.mode == "drag":
            press.mode = "done"
            self.piece_drag_ended(press.piece, False)

    @staticmethod
    def _moved_far(a: QPointF, b: QPointF) -> bool:
        return (b - a).manhattanLength() >= QApplication.startDragDistance()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        self.setFocus()
        pos = event.position()
        self._press = _Press(pos, pos, self.piece_at(pos.toPoint()))
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        press, pos = self._press, event.position()
        if press is None:
            if not event.buttons():
                self.piece_hovered(self.piece_at(pos.toPoint()))
            super().mouseMoveEvent(event)
            return
        if press.mode == "pending":
            if not self._moved_far(press.start, pos):
                return
            if press.piece is None:
                press.mode = "pan"
                self._cursor_before = self.viewport().cursor()
                self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            elif self.piece_drag_started(press.piece, self.mapToScene(press.start.toPoint())):
                press.mode = "drag"
            else:
                press.mode = "held"
        if press.mode == "pan":
            d = pos - press.last
            self.pan_by(-d.x(), -d.y())
        elif press.mode == "drag":
            self.piece_drag_moved(press.piece, self.mapToScene(pos.toPoint()))
        press.last = pos
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        press = self._press
        if event.button() != Qt.MouseButton.LeftButton or press is None:
            super().mouseReleaseEvent(event)
            return
        self._press = None
        pos = event.position()
        event.accept()
        if press.mode == "pan":
            self.viewport().setCursor(self._cursor_before or QCursor(Qt.CursorShape.OpenHandCursor))
        elif press.mode == "drag":
            self.piece_drag_ended(press.piece, True)
        elif press.mode in ("pending", "held"):
            scene_pos = self.mapToScene(pos.toPoint())
            if press.piece is not None:
                self.piece_clicked(press.piece, scene_pos, event.modifiers())
            elif not self._moved_far(press.start, pos):
                self.board_clicked(scene_pos, event.modifiers())

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mouseDoubleClickEvent(event)
            return
        if self.piece_at(event.position().toPoint()) is None:
            self.fit()
            self._press = _Press(event.position(), event.position(), None, mode="done")
            event.accept()
            return
        self.mousePressEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        self.piece_hovered(None)
        super().leaveEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if steps:
            self.zoom_by(steps, event.position().toPoint())
        event.accept()

    # --- keyboard ------------------------------------------------------------------------------
    @property
    def focused_piece(self) -> Piece | None:
        """The piece the keyboard is on (Enter or Space clicks it); None when none is."""
        return self._focused if any(p == self._focused for p, _ in self.focus_pieces()) else None

    def focus_piece(self, piece: Piece | None) -> None:
        """Put the keyboard on `piece` (None: off every piece), showing it and its ring."""
        bounds = dict(self.focus_pieces()).get(piece) if piece is not None else None
        self._focused = piece if bounds is not None else None
        if bounds is None:
            self._ring.hide()
            return
        self._ring.surround(bounds)
        self.ensureVisible(bounds, 24, 24)
        self.piece_hovered(piece)

    def _step_focus(self, dx: int, dy: int) -> None:
        """Move to the nearest piece lying in the arrow's direction (within 60 degrees of it)."""
        pieces = self.focus_pieces()
        if not pieces:
            return
        here = dict(pieces).get(self._focused)
        if here is None:
            centre = self.mapToScene(self.viewport().rect().center())
            self.focus_piece(min(pieces, key=lambda pr: _dist2(pr[1].center(), centre))[0])
            return
        origin = here.center()
        best, best_score = None, math.inf
        for piece, bounds in pieces:
            if piece == self._focused:
                continue
            v = bounds.center() - origin
            along = v.x() * dx + v.y() * dy
            across = abs(v.x() * dy - v.y() * dx)
            if along <= 0 or across > along * 1.74:
                continue
            score = along + 2 * across
            if score < best_score:
                best, best_score = piece, score
        if best is not None:
            self.focus_piece(best)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key, mods = event.key(), event.modifiers()
        arrows = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}
        ctrl = bool(mods & Qt.KeyboardModifier.ControlModifier)
        if key == Qt.Key.Key_Escape and self.dragged_piece is not None:
            self.cancel_drag()
        elif key in (Qt.Key.Key_F, Qt.Key.Key_0, Qt.Key.Key_Home):
            self.fit()
        elif key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_by(1)
        elif key == Qt.Key.Key_Minus:
            self.zoom_by(-1)
        elif key in arrows and not ctrl and self.nudge_target() is not None:
            step = self.NUDGE_STEP * (10 if mods & Qt.KeyboardModifier.ShiftModifier else 1)
            dx, dy = arrows[key]
            self.piece_nudged(self.nudge_target(), dx * step, dy * step)
        elif key in arrows and not ctrl and self.focus_pieces():
            self._step_focus(*arrows[key])
        elif key in arrows:
            dx, dy = arrows[key]
            self.pan_by(dx * self.viewport().width() * self.PAN_KEY_FRACTION,
                        dy * self.viewport().height() * self.PAN_KEY_FRACTION)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and self.focused_piece is not None:
            bounds = dict(self.focus_pieces())[self.focused_piece]
            self.piece_clicked(self.focused_piece, bounds.center(), mods)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self._ring.hide()
        super().focusOutEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        if self.focused_piece is not None:
            self.focus_piece(self.focused_piece)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._follow_window()

    def showEvent(self, event: QEvent) -> None:
        super().showEvent(event)
        self._follow_window()

    def _follow_window(self) -> None:
        """Refit while the user has not zoomed or panned; else keep their scale, within limits."""
        if not self._user_moved:
            self.fit()
            return
        self._fit_scale = self._fitted_scale()
        if self.zoom < self.MIN_ZOOM:
            self.fit()

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            piece = self.piece_at(event.pos())
            tip = self.piece_tooltip(piece) if piece is not None else ""
            if tip and "Enter" not in tip and any(p == piece for p, _ in self.focus_pieces()):
                tip += "\n" + KEY_HINT
            if tip:
                QToolTip.showText(event.globalPos(), tip, self.viewport())
                return True
        return super().viewportEvent(event)
