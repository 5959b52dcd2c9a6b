"""The Clout Fantasy playing area to scale: chips, range rings, in-range highlights, a ruler, drags.

The canvas knows no rule. It draws the area and the `ChipMarker`s it is given; which chips a
chip reaches comes from core.clout.geometry (edge to edge, fly counted as the geometry says),
and a drag only emits `chip_moved` — the owner (layout board, later the play view) decides
what happens and calls `set_chips` again. Centimetres become scene units at `PX_PER_CM`.

Zoom, pan, fit, the ruler's drawing and click-versus-drag are the kit's `BoardView`'s
(`UNIT` = `PX_PER_CM` scene units a centimetre; its level-of-detail hook switches crowds). Click a chip to select it (its range ring and the chips in its
range light up; hovering a chip previews the same); drag a chip to move it (the overlay follows
live); Shift+click two chips to lay the ruler between their nearest edges; Esc clears the
ruler. Chips dragged from a catalogue list (mime type `CHIP_MIME`, the chip id as text) are
dropped with `chip_dropped`.

Speed: each chip is its own cached item while few chips are in view; once more than
`CROWD_CHIPS` would be in view, the items are hidden (one call: they share a parent) and one
`ChipCrowd` item paints them all as discs. Which chip is under the mouse comes from the chip
index, not the scene, so both ways answer the same.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QLinearGradient,
    QPainter,
    QPen,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsView,
    QWidget,
)

from core.clout.geometry import CHIP_RADIUS_CM, ChipIndex, chips_in_range, edge_distance_cm, fly_counts
from gui.clout.chip_items import PX_PER_CM, ChipCrowd, ChipItem, ChipMarker, chip_font
from gui.kit.board_view import BoardView
from gui.kit.paper import paper_texture, shape_path
from maps.clout.areas import PlayArea, range_increment_cm

CHIP_MIME = "application/x-battlebox-clout-chip"
MARGIN_CM = 6.0
RING_COLOUR = QColor("#ffb300")
SURFACES = {"hard table": "#b08a5a", "carpet": "#8c3b3b", "cloth": "#2e7d4f"}
DEFAULT_OWNER_COLOURS = ("#1e88e5", "#e53935")
# Above this many chips in view, chips are painted together as discs (see the module note).
CROWD_CHIPS = 400


def to_scene(x_cm: float, y_cm: float) -> QPointF:
    return QPointF(x_cm * PX_PER_CM, y_cm * PX_PER_CM)


def to_area(point: QPointF) -> tuple[float, float]:
    return point.x() / PX_PER_CM, point.y() / PX_PER_CM


def format_cm(value: float) -> str:
    return f"{value:.1f} cm"


class CloutCanvas(BoardView):
    UNIT = PX_PER_CM

    chip_clicked = Signal(str)
    selection_changed = Signal(object)  # chip id or None
    focus_changed = Signal(object)  # the chip whose range is shown (hovered, else selected), or None
    chip_moved = Signal(str, float, float)  # id, new centre x_cm, y_cm (a finished drag)
    chip_dropped = Signal(str, float, float)  # catalogue chip id dropped at x_cm, y_cm
    area_clicked = Signal(float, float)  # a click on empty ground, in cm
    ruler_changed = Signal(object)  # (a, b, gap_cm) or None

    def __init__(self, area: PlayArea, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scene().setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self.setAcceptDrops(True)

        self.markers: dict[str, ChipMarker] = {}
        self._order: dict[str, int] = {}
        self.items_by_id: dict[str, ChipItem] = {}
        self.index = ChipIndex({})
        self.owner_colours: list[str] = list(DEFAULT_OWNER_COLOURS)
        self._increments: list[float | None] = [None, None]
        self._selected: str | None = None
        self._hovered: str | None = None
        self._in_range: frozenset[str] = frozenset()
        self._movable = True
        self._drag_offset = QPointF()
        self.dragging: str | None = None
        self._ruler_anchor: str | None = None
        self.ruler_chips: tuple[str, str] | None = None
        self.crowded = False

        self.chip_layer = QGraphicsRectItem()
        self.chip_layer.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)
        self.chip_layer.setZValue(10)
        self.scene().addItem(self.chip_layer)
        self.crowd = ChipCrowd(QRectF())
        self.crowd.setZValue(10)
        self.crowd.hide()
        self.scene().addItem(self.crowd)

        self.ring = QGraphicsEllipseItem()
        fill = QColor(RING_COLOUR)
        fill.setAlpha(34)
        self.ring.setBrush(fill)
        pen = QPen(RING_COLOUR.darker(115), 2.0, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        self.ring.setPen(pen)
        self.ring.setZValue(2)
        self.ring.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.ring.hide()
        self.scene().addItem(self.ring)
        self.set_area(area)

    # --- data in ------------------------------------------------------------------------------
    def set_area(self, area: PlayArea) -> None:
        self.area = area
        self._outline = QTransform.fromScale(PX_PER_CM, PX_PER_CM).map(shape_path(area.polygon))
        minx, miny, maxx, maxy = area.bounds_cm
        m = MARGIN_CM
        self.scene().setSceneRect(QRectF(to_scene(minx - m, miny - m), to_scene(maxx + m, maxy + m)))
        self.crowd.set_bounds(self.sceneRect())
        self.resetCachedContent()
        self._refresh_focus()
        self.fit()

    def set_players(self, colours: Sequence[str], increments_cm: Sequence[float | None] = (None, None)) -> None:
        """Owner ring colours and range increments per player (None: the area's default)."""
        self.owner_colours = list(colours)
        self._increments = list(increments_cm)
        for item in self.items_by_id.values():
            item.owner_colour = QColor(self._owner_colour(item.marker.owner))
            item.update()
        self._refresh_crowd()
        self._refresh_focus()
        if self.ruler_chips:
            self.set_ruler(*self.ruler_chips)

    def set_chips(self, markers: Iterable[ChipMarker]) -> None:
        """The chips on the area now; chips left out are removed."""
        fresh = {m.id: m for m in markers}
        scene = self.scene()
        for cid in [c for c in self.items_by_id if c not in fresh]:
            scene.removeItem(self.items_by_id.pop(cid))
        for cid, marker in fresh.items():
            item = self.items_by_id.get(cid)
            if item is None:
                item = self.items_by_id[cid] = ChipItem(marker, QColor(self._owner_colour(marker.owner)))
                item.setParentItem(self.chip_layer)
            else:
                item.owner_colour = QColor(self._owner_colour(marker.owner))
                item.set_marker(marker)
        self.markers = fresh
        self._order = {cid: k for k, cid in enumerate(self.items_by_id)}
        self.index = ChipIndex({cid: (m.x_cm, m.y_cm) for cid, m in fresh.items()})
        self.dragging = None
        if self._selected not in fresh:
            self._selected = None
        if self._hovered not in fresh:
            self._hovered = None
        if self.ruler_chips and not all(c in fresh for c in self.ruler_chips):
            self.clear_ruler()
        self._refresh_crowd()
        self._refresh_focus()
        if self.ruler_chips:
            self.set_ruler(*self.ruler_chips)

    def set_movable(self, movable: bool) -> None:
        self._movable = movable

    def _owner_colour(self, owner: int) -> str:
        return self.owner_colours[owner] if 0 <= owner < len(self.owner_colours) else "#9e9e9e"

    def increment_cm(self, owner: int) -> float:
        """The owner's range increment: the handicap if set, else the area's default."""
        own = self._increments[owner] if 0 <= owner < len(self._increments) else None
        return range_increment_cm(self.area) if own is None else own

    # --- selection, range ring, in-range highlight ---------------------------------------------
    @property
    def selected(self) -> str | None:
        return self._selected

    @property
    def focus_chip(self) -> str | None:
        """The chip whose range is shown: the one under the mouse, else the selected one."""
        return self._hovered or self._selected

    def select(self, chip_id: str | None) -> None:
        if chip_id is not None and chip_id not in self.markers:
            raise KeyError(f"no chip {chip_id!r} on the area")
        if chip_id == self._selected:
            return
        self._selected = chip_id
        self._refresh_focus()
        self.selection_changed.emit(chip_id)

    def hover(self, chip_id: str | None) -> None:
        if chip_id == self._hovered:
            return
        self._hovered = chip_id
        self._refresh_focus()

    def reach_cm(self, chip_id: str) -> float:
        """How far past its edge the chip reaches: printed range x its owner's increment."""
        m = self.markers[chip_id]
        return max(0, m.range) * self.increment_cm(m.owner)

    def ring_radius_cm(self, chip_id: str) -> float:
        """The range ring's radius around the chip's centre (the chip's radius plus its reach)."""
        return CHIP_RADIUS_CM + self.reach_cm(chip_id)

    def chips_in_range(self, chip_id: str) -> list[str]:
        """The chips the chip's range reaches, nearest first (fly counted as the geometry rules)."""
        m = self.markers[chip_id]
        flying = [o.id for o in self.markers.values()
                  if o.id != chip_id and fly_counts(target_flies=o.flies, source_flies=m.flies,
                                                    opponents=o.owner != m.owner)]
        return [str(c) for c in chips_in_range(self.index, chip_id, max(0, m.range), self.increment_cm(m.owner),
                                               flying_against=flying)]

    @property
    def in_range(self) -> frozenset[str]:
        """The chips highlighted now (in range of the focus chip)."""
        return self._in_range

    def _refresh_focus(self) -> None:
        focus = self.focus_chip
        if focus is not None and focus in self.markers:
            centre = self.index.centre(focus)
            r = self.ring_radius_cm(focus) * PX_PER_CM
            self.ring.setRect(QRectF(-r, -r, 2 * r, 2 * r))
            self.ring.setPos(to_scene(*centre))
            self.ring.show()
            hits = frozenset(self.chips_in_range(focus))
        else:
            self.ring.hide()
            hits = frozenset()
        changed = hits ^ self._in_range
        self._in_range = hits
        for cid in changed:
            item = self.items_by_id.get(cid)
            if item is not None:
                item.in_range = cid in hits
                item.update()
        for cid, item in self.items_by_id.items():
            want = cid == self._selected
            if item.focus != want:
                item.focus = want
                item.update()
        if self.crowded and (changed or self.crowd.focus != self._selected):
            self.crowd.focus = self._selected
            self.crowd.in_range = hits
            self.crowd.update()
        self.focus_changed.emit(focus)

    # --- crowds ------------------------------------------------------------------------------------
    def chips_in_view(self) -> float:
        """About how many chips the view shows: all of them when fitted, fewer zoomed in."""
        return len(self.markers) / (self.zoom * self.zoom)

    def _refresh_crowd(self, chips_changed: bool = True) -> None:
        """Paint the chips one item each, or all together as discs when a crowd is in view."""
        crowded = self.chips_in_view() > CROWD_CHIPS
        if crowded and (chips_changed or not self.crowded):
            centre = self.index.centre
            self.crowd.set_chips({cid: (*centre(cid), item.fill, item.owner_colour)
                                  for cid, item in self.items_by_id.items()})
            self.crowd.focus = self._selected
            self.crowd.in_range = self._in_range
        if crowded != self.crowded:
            self.crowded = crowded
            self.chip_layer.setVisible(not crowded)
            self.crowd.setVisible(crowded)

    # --- ruler -----------------------------------------------------------------------------------
    def set_ruler(self, a: str, b: str) -> float:
        """Lay the ruler between two chips' nearest edges; returns the gap in centimetres."""
        pa, pb = self.index.centre(a), self.index.centre(b)
        gap = edge_distance_cm(pa, pb)
        d = math.dist(pa, pb) or 1.0
        ux, uy = (pb[0] - pa[0]) / d, (pb[1] - pa[1]) / d
        r = CHIP_RADIUS_CM if gap > 0 else d / 2
        ends = ((pa[0] + ux * r, pa[1] + uy * r), (pb[0] - ux * r, pb[1] - uy * r))
        inc = self.increment_cm(self.markers[a].owner)
        text = f"{format_cm(gap)} · {gap / inc:.2f} increments"
        self.show_ruler(to_scene(*ends[0]), to_scene(*ends[1]), text)
        self.ruler_chips = (a, b)
        return gap

    def clear_ruler(self) -> None:
        self.hide_ruler()
        self.ruler_chips = None
        self._ruler_anchor = None

    def _ruler_click(self, chip_id: str) -> None:
        if self._ruler_anchor is None or self._ruler_anchor == chip_id:
            self.clear_ruler()
            self._ruler_anchor = chip_id
            self.ruler_changed.emit(None)
            return
        a, self._ruler_anchor = self._ruler_anchor, None
        gap = self.set_ruler(a, chip_id)
        self.ruler_changed.emit((a, chip_id, gap))

    # --- scale -------------------------------------------------------------------------------------
    def px_per_cm(self) -> float:
        return self.px_per_unit()

    def detail_changed(self, px_per_unit: float) -> None:
        self._refresh_crowd(chips_changed=False)

    def drawBackground(self, p: QPainter, rect: QRectF) -> None:
        p.fillRect(rect, QColor("#2b2824"))
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        path = self._outline
        p.fillPath(path.translated(5, 7), QColor(0, 0, 0, 90))
        base = QColor(SURFACES.get(self.area.surface, "#9e8a6a"))
        box = path.boundingRect()
        g = QLinearGradient(box.topLeft(), box.bottomRight())
        g.setColorAt(0, base.lighter(110))
        g.setColorAt(1, base.darker(110))
        p.fillPath(path, g)
        p.fillPath(path, QBrush(paper_texture()))
        p.save()
        p.setClipPath(path)
        self._paint_grid(p, box)
        p.restore()
        p.strokePath(path, QPen(QColor("#f3e9d2"), 2.5))
        p.setPen(QColor(240, 230, 210, 200))
        p.setFont(chip_font(16, bold=False))
        p.drawText(QRectF(box.left(), box.bottom() + 6, box.width(), 40),
                   Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                   f"{self.area.title} · range increment {range_increment_cm(self.area):g} cm")

    def _paint_grid(self, p: QPainter, box: QRectF) -> None:
        """A faint 10 cm grid: enough to judge distances by eye, the ruler does the measuring."""
        if self.px_per_cm() < 2:
            return
        p.setPen(QPen(QColor(255, 255, 255, 26), 1.0))
        step = 10 * PX_PER_CM
        x = math.ceil(box.left() / step) * step
        while x < box.right():
            p.drawLine(QPointF(x, box.top()), QPointF(x, box.bottom()))
            x += step
        y = math.ceil(box.top() / step) * step
        while y < box.bottom():
            p.drawLine(QPointF(box.left(), y), QPointF(box.right(), y))
            y += step

    # --- dragging ----------------------------------------------------------------------------------
    def chip_at(self, view_pos: QPoint) -> str | None:
        """The chip under a view point: the topmost (last drawn) of those covering it."""
        if not self.markers:
            return None
        at = to_area(self.mapToScene(view_pos))
        under = [cid for cid, _gap in self.index.near(at, 0.0)
                 if math.dist(at, self.index.centre(cid)) <= CHIP_RADIUS_CM]
        return max(under, key=self._order.__getitem__) if under else None

    def drag_to(self, chip_id: str, x_cm: float, y_cm: float) -> None:
        """Move a chip live (during a drag): the item, the index, the ring and the highlights."""
        self.dragging = chip_id
        self.index.move(chip_id, (x_cm, y_cm))
        self.items_by_id[chip_id].setPos(to_scene(x_cm, y_cm))
        if self.crowded:
            self.crowd.move(chip_id, x_cm, y_cm)
        self._hovered = None
        if self._selected != chip_id:
            self._selected = chip_id
            self.selection_changed.emit(chip_id)
        self._refresh_focus()
        if self.ruler_chips and chip_id in self.ruler_chips:
            self.set_ruler(*self.ruler_chips)

    def _end_drag(self, commit: bool) -> None:
        cid, self.dragging = self.dragging, None
        if cid is None:
            return
        x, y = self.index.centre(cid)
        if commit:
            self.chip_moved.emit(cid, x, y)
        else:
            m = self.markers[cid]
            self.drag_to(cid, m.x_cm, m.y_cm)
            self.dragging = None

    # --- gestures (BoardView hooks) ----------------------------------------------------------------
    def piece_at(self, view_pos: QPoint) -> str | None:
        return self.chip_at(view_pos)

    def piece_clicked(self, piece: str, scene_pos: QPointF, modifiers: Qt.KeyboardModifier) -> None:
        if modifiers & Qt.KeyboardModifier.ShiftModifier:
            self._ruler_click(piece)
        else:
            self.select(piece)
            self.chip_clicked.emit(piece)

    def board_clicked(self, scene_pos: QPointF, modifiers: Qt.KeyboardModifier) -> None:
        x, y = to_area(scene_pos)
        self.select(None)
        self.area_clicked.emit(x, y)

    def piece_drag_started(self, piece: str, scene_pos: QPointF) -> bool:
        self._drag_offset = scene_pos - to_scene(*self.index.centre(piece))
        return self._movable

    def piece_drag_moved(self, piece: str, scene_pos: QPointF) -> None:
        self.drag_to(piece, *to_area(scene_pos - self._drag_offset))

    def piece_drag_ended(self, piece: str, commit: bool) -> None:
        self._end_drag(commit)

    def piece_hovered(self, piece: str | None) -> None:
        self.hover(piece)

    def piece_tooltip(self, piece: str) -> str:
        return self.markers[piece].tooltip

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() != Qt.Key.Key_Escape:
            super().keyPressEvent(event)
        elif self.dragging is not None:
            self.cancel_drag()
            self._end_drag(commit=False)
        else:
            self.clear_ruler()
            self.ruler_changed.emit(None)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(CHIP_MIME):
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if event.mimeData().hasFormat(CHIP_MIME):
            event.acceptProposedAction()
        else:
            super().dragMoveEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        if not event.mimeData().hasFormat(CHIP_MIME):
            super().dropEvent(event)
            return
        chip = bytes(event.mimeData().data(CHIP_MIME).data()).decode("utf-8")
        x, y = to_area(self.mapToScene(event.position().toPoint()))
        event.acceptProposedAction()
        self.chip_dropped.emit(chip, x, y)
