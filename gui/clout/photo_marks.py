"""The photo as the import dialog shows it: the area's marks and the chips found on it.

A kit `BoardView` over the photo's pixels (one scene unit per image pixel), so zoom, pan and
click-versus-drag feel as on every board. The view draws what the dialog gives it and reports
gestures in image pixels; the dialog (gui/clout/photo_import.py) decides what a click means
(the next mark, or a missed chip) and keeps the marks and chips.

Pieces are strings: "m3" is the fourth mark (a corner, or a point on the rug's edge), "top"
the rug's top point, "c7" the found chip with key 7. Handles and chip numbers keep their size
on screen at any zoom.
"""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QImage, QKeyEvent, QPainter, QPen, QPixmap, QPolygonF, QTransform
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPixmapItem,
    QGraphicsPolygonItem,
    QGraphicsSimpleTextItem,
    QWidget,
)

from gui.kit.board_view import BoardView

HANDLE_PX = 14.0
# How near (screen pixels) a press must be to a handle to take it rather than the photo.
GRAB_PX = 12.0
MARK_COLOUR = QColor("#38bdf8")
TOP_COLOUR = QColor("#f472b6")
CHIP_COLOUR = QColor("#facc15")
SELECTED_COLOUR = QColor("#22c55e")
UNLABELLED_COLOUR = QColor("#f97316")
CORNER_NAMES = ("TL", "TR", "BR", "BL")


def image_from_rgb(rgb) -> QImage:
    """A QImage that owns a copy of an (H, W, 3) uint8 array's pixels."""
    h, w = rgb.shape[:2]
    image = QImage(rgb.data, w, h, int(rgb.strides[0]), QImage.Format.Format_RGB888)
    return image.copy()


def _cosmetic(colour: QColor, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(colour, width, style)
    pen.setCosmetic(True)
    return pen


class _Handle(QGraphicsEllipseItem):
    """A mark's handle: a ring of fixed screen size with its name beside it."""

    def __init__(self, colour: QColor, text: str) -> None:
        r = HANDLE_PX / 2
        super().__init__(-r, -r, 2 * r, 2 * r)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setPen(_cosmetic(QColor("#111827"), 3))
        self.setBrush(QBrush(QColor(colour.red(), colour.green(), colour.blue(), 110)))
        inner = QGraphicsEllipseItem(-r + 2, -r + 2, 2 * r - 4, 2 * r - 4, self)
        inner.setPen(_cosmetic(colour, 2))
        dot = QGraphicsEllipseItem(-1.5, -1.5, 3, 3, self)
        dot.setBrush(QBrush(QColor("#ffffff")))
        dot.setPen(Qt.PenStyle.NoPen)
        label = QGraphicsSimpleTextItem(text, self)
        label.setBrush(QBrush(QColor("#ffffff")))
        label.setPen(_cosmetic(QColor("#111827"), 0.6))
        label.setPos(r + 2, -r - 6)
        self.setZValue(30)


class _ChipOutline(QGraphicsPolygonItem):
    """A found chip's rim as it lies on the photo, with its number in the middle."""

    def __init__(self, outline: QPolygonF, centre: QPointF, text: str) -> None:
        super().__init__(outline)
        self.setZValue(20)
        self.number = QGraphicsSimpleTextItem(text, self)
        self.number.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.number.setBrush(QBrush(QColor("#ffffff")))
        self.number.setPen(_cosmetic(QColor("#111827"), 0.8))
        font = self.number.font()
        font.setPixelSize(14)
        font.setBold(True)
        self.number.setFont(font)
        box = self.number.boundingRect()
        self.number.setTransform(QTransform.fromTranslate(-box.width() / 2, -box.height() / 2))
        self.number.setPos(centre)  # the chip's centre; the text is centred on it at any zoom
        self.look(False, True)

    def look(self, selected: bool, labelled: bool) -> None:
        colour = SELECTED_COLOUR if selected else (CHIP_COLOUR if labelled else UNLABELLED_COLOUR)
        self.setPen(_cosmetic(colour, 3.5 if selected else 2.5))
        self.setBrush(QBrush(QColor(colour.red(), colour.green(), colour.blue(), 50 if selected else 0)))


class PhotoMarkView(BoardView):
    """The photo with the marks and chips the dialog gives it; gestures come back in image pixels."""

    UNIT = 1.0
    MAX_ZOOM = 24.0
    FIT_PADDING_PX = 8
    NUDGE_STEP = 0.5  # image pixels an arrow moves the selected chip (Shift: ten times)

    board_click = Signal(float, float)  # image pixels
    piece_click = Signal(str)
    piece_moved = Signal(str, float, float)  # live, during a drag
    piece_dropped = Signal(str)  # a drag ended (committed)
    delete_pressed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, QRectF(0, 0, 400, 300))
        self.setObjectName("photoMarkView")
        self.picture = QGraphicsPixmapItem()
        self.picture.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self.picture.setZValue(0)
        self.scene().addItem(self.picture)
        self.outline = QGraphicsPolygonItem()
        self.outline.setPen(_cosmetic(MARK_COLOUR, 2, Qt.PenStyle.DashLine))
        self.outline.setZValue(10)
        self.scene().addItem(self.outline)
        self._handles: dict[str, _Handle] = {}
        self._chips: dict[str, _ChipOutline] = {}
        self._drag_offset = QPointF()
        self.closed_outline = True
        self.held: str | None = None  # the selected chip, which the arrows nudge

    # --- what is shown --------------------------------------------------------------------------
    def set_image(self, image: QImage) -> None:
        self.picture.setPixmap(QPixmap.fromImage(image))
        self.scene().setSceneRect(QRectF(0, 0, image.width(), image.height()))
        self.fit()

    def has_image(self) -> bool:
        return not self.picture.pixmap().isNull()

    def set_marks(self, marks: Sequence[tuple[float, float]], top: tuple[float, float] | None,
                  names: Sequence[str]) -> None:
        for item in self._handles.values():
            self.scene().removeItem(item)
        self._handles = {}
        for i, (x, y) in enumerate(marks):
            handle = _Handle(MARK_COLOUR, names[i] if i < len(names) else str(i + 1))
            handle.setPos(x, y)
            self.scene().addItem(handle)
            self._handles[f"m{i}"] = handle
        if top is not None:
            handle = _Handle(TOP_COLOUR, "top")
            handle.setPos(*top)
            self.scene().addItem(handle)
            self._handles["top"] = handle
        poly = QPolygonF([QPointF(x, y) for x, y in marks])
        if self.closed_outline and len(marks) >= 3:
            poly.append(poly[0])
        self.outline.setPolygon(poly)

    def set_chips(self, chips: dict[str, tuple[Sequence[tuple[float, float]], tuple[float, float], str, bool]],
                  selected: str | None) -> None:
        """key -> (rim points in image px, centre px, number, labelled)."""
        for item in self._chips.values():
            self.scene().removeItem(item)
        self._chips = {}
        for key, (rim, (cx, cy), text, labelled) in chips.items():
            item = _ChipOutline(QPolygonF([QPointF(x, y) for x, y in rim]), QPointF(cx, cy), text)
            item.look(key == selected, labelled)
            self.scene().addItem(item)
            self._chips[key] = item

    def chip_keys(self) -> list[str]:
        return list(self._chips)

    def scene_point(self, piece: str) -> QPointF:
        """Where a piece is in image pixels (a handle's centre, a chip's centre)."""
        if piece in self._handles:
            return self._handles[piece].pos()
        return self._chips[piece].number.pos()

    # --- gestures (BoardView hooks) ----------------------------------------------------------------
    def piece_at(self, view_pos: QPoint) -> str | None:
        """The nearest (on screen) of the handles within reach and the chips under the point."""
        def d2(scene: QPointF) -> float:
            d = self.mapFromScene(scene) - view_pos
            return d.x() * d.x() + d.y() * d.y()

        near = [(d2(h.pos()), key) for key, h in self._handles.items() if d2(h.pos()) <= GRAB_PX * GRAB_PX]
        at = self.mapToScene(view_pos)
        near += [(d2(item.number.pos()), key) for key, item in self._chips.items()
                 if item.polygon().containsPoint(at, Qt.FillRule.OddEvenFill)]
        return min(near)[1] if near else None

    def piece_clicked(self, piece: str, scene_pos: QPointF, modifiers: Qt.KeyboardModifier) -> None:
        self.piece_click.emit(piece)

    def board_clicked(self, scene_pos: QPointF, modifiers: Qt.KeyboardModifier) -> None:
        self.board_click.emit(scene_pos.x(), scene_pos.y())

    def piece_drag_started(self, piece: str, scene_pos: QPointF) -> bool:
        self._drag_offset = scene_pos - self.scene_point(piece)
        return True

    def piece_drag_moved(self, piece: str, scene_pos: QPointF) -> None:
        at = scene_pos - self._drag_offset
        if piece in self._handles:
            self._handles[piece].setPos(at)
        self.piece_moved.emit(piece, at.x(), at.y())

    def piece_drag_ended(self, piece: str, commit: bool) -> None:
        if commit:
            self.piece_dropped.emit(piece)

    def nudge_target(self) -> str | None:
        return self.held if self.held in self._chips and self.dragged_piece is None else None

    def piece_nudged(self, piece: str, dx: float, dy: float) -> None:
        at = self.scene_point(piece) + QPointF(dx, dy)
        self.piece_moved.emit(piece, at.x(), at.y())

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.delete_pressed.emit()
        else:
            super().keyPressEvent(event)

    def drawBackground(self, p: QPainter, rect: QRectF) -> None:
        p.fillRect(rect, QColor("#2b2824"))
