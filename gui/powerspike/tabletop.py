"""Power Spike's tabletop to scale: terrain, deployment zones, trays, rings, a ruler and drag-to-move.

The view knows no rule. It draws the table and the `TrayMarker`s it is given; a drag shows a
ghost tray coloured by the reason text a game-supplied `MoveChecker` returns, and a drop only
emits `move_requested` — the game applies the move (or refuses it) and calls `set_units` again.
Inches become scene units at `PX_PER_IN`, so shapely shapes from core.powerspike.geometry are
drawn by scaling them.

Fit, zoom, pan, the ruler's drawing and click-versus-drag are the kit's `BoardView`'s (`UNIT` =
`PX_PER_IN`); the tabletop answers its hooks (the tray under the pointer, clicks, tray drags,
tooltips) and re-lays the unit labels and the table's names in `detail_changed`, so they keep
their screen size.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QKeyEvent,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QResizeEvent,
    QShowEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsPathItem,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from core.powerspike.geometry import (
    COMMANDER_RADIUS_IN,
    Tray,
    closest_points,
    distance_in,
    ring,
)
from gui.kit.board_view import BoardView
from gui.kit.paper import HaloText, paper_texture, serif_font, shape_path
from gui.kit.theme import text_colour_on
from gui.powerspike.labels import LabelLayer, halo_colour
from gui.powerspike.table_names import NameLayer
from maps.powerspike.table import Table, TerrainPiece

PX_PER_IN = 10.0
MARGIN_IN = 3.0
ROTATE_STEP_DEG = 15.0
# Below this many screen pixels per inch the trays drop their figure dots.
DETAIL_PX_PER_IN = 7.0

SIDE_COLOURS = {"CDC": "#c62828", "SCS": "#202328"}
ZONE_TINTS = {"CDC": "#e53935", "SCS": "#111318"}
TABLE_COLOUR = "#bda878"
MOVE_COLOUR = QColor("#2e7d32")
RANGE_COLOUR = QColor("#e65100")
COMMAND_COLOUR = QColor("#1565c0")
SELECT_COLOUR = QColor("#ffd54f")
LEGAL_COLOUR = QColor("#2e9e44")
ILLEGAL_COLOUR = QColor("#d32f2f")
INK = QColor("#2a2118")

MoveChecker = Callable[[str, float, float, float], "str | None"]
"""(unit_id, x_in, y_in, facing_deg) -> why that end position is illegal, or None/"" when legal."""


@dataclass(frozen=True)
class TrayMarker:
    """What the view draws for one unit: plain data the game fills from its state."""

    id: str
    side: str
    label: str
    centre: tuple[float, float]
    facing_deg: float
    width_in: float
    depth_in: float
    figures: int
    figures_max: int
    move_in: float = 0.0
    range_in: float = 0.0
    commander: bool = False

    @property
    def tray(self) -> Tray:
        return Tray(self.centre, self.facing_deg, self.width_in, self.depth_in)


def to_scene(x_in: float, y_in: float) -> QPointF:
    return QPointF(x_in * PX_PER_IN, y_in * PX_PER_IN)


def to_table(point: QPointF) -> tuple[float, float]:
    return point.x() / PX_PER_IN, point.y() / PX_PER_IN


def inches_path(geom) -> QPainterPath:
    """A shapely shape measured in inches as a scene path."""
    return QTransform.fromScale(PX_PER_IN, PX_PER_IN).map(shape_path(geom))


def side_colour(side: str) -> QColor:
    return QColor(SIDE_COLOURS.get(side, "#6d6d6d"))


def format_inches(value: float) -> str:
    return f"{value:.1f}\""


class TrayItem(QGraphicsItem):
    """A unit's tray: side colour, a bright front edge and one dot per figure (hollow when lost).

    Local x runs along the facing, so `setRotation(facing)` turns it the way the rules do.
    """

    def __init__(self, marker: TrayMarker, ghost: bool = False) -> None:
        super().__init__()
        self.ghost = ghost
        self.selected = False
        self.mark: QColor | None = None
        self.legal = True
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.set_marker(marker)

    def set_marker(self, marker: TrayMarker) -> None:
        self.prepareGeometryChange()
        self.marker = marker
        d, w = marker.depth_in * PX_PER_IN, marker.width_in * PX_PER_IN
        self._rect = QRectF(-d / 2, -w / 2, d, w)
        self.setPos(to_scene(*marker.centre))
        self.setRotation(marker.facing_deg)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-4, -4, 4, 4)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self._rect)
        return path

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        r = self._rect
        detail = option.levelOfDetailFromTransform(p.worldTransform()) * PX_PER_IN
        colour = side_colour(self.marker.side)
        if self.ghost:
            tone = LEGAL_COLOUR if self.legal else ILLEGAL_COLOUR
            fill = QColor(tone)
            fill.setAlpha(110)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.setBrush(fill)
            p.setPen(QPen(tone.darker(130), 2, Qt.PenStyle.DashLine))
            p.drawRect(r)
            p.setPen(QPen(tone.darker(160), 3))
            p.drawLine(QPointF(r.right(), r.top()), QPointF(r.right(), r.bottom()))
            return
        halo = QPen(halo_colour(colour), 2.4 / max(detail / PX_PER_IN, 0.1))
        halo.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        p.setPen(halo)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(r)
        if detail < DETAIL_PX_PER_IN:
            p.fillRect(r, colour)
            p.fillRect(QRectF(r.right() - r.width() * 0.2, r.top(), r.width() * 0.2, r.height()), colour.lighter(170))
            if self.selected:
                p.setPen(QPen(SELECT_COLOUR, 3))
                p.drawRect(r)
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.selected or self.mark is not None:
            glow = QColor(SELECT_COLOUR if self.selected else self.mark)
            p.setPen(QPen(glow, 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(r.adjusted(-1.5, -1.5, 1.5, 1.5))
        g = QLinearGradient(r.topLeft(), r.bottomRight())
        g.setColorAt(0, colour.lighter(125))
        g.setColorAt(1, colour.darker(125))
        p.setBrush(g)
        p.setPen(QPen(QColor("#f4ecd8"), 1.0))
        p.drawRect(r)
        front = QRectF(r.right() - min(2.2, r.width() * 0.18), r.top(), min(2.2, r.width() * 0.18), r.height())
        p.fillRect(front, QColor("#ffe082"))
        tip = QPainterPath(QPointF(r.right() + 3.2, 0))
        tip.lineTo(r.right(), -2.6)
        tip.lineTo(r.right(), 2.6)
        tip.closeSubpath()
        p.fillPath(tip, QColor("#ffe082"))
        self._paint_figures(p, r, colour)

    def _paint_figures(self, p: QPainter, r: QRectF, colour: QColor) -> None:
        n = max(0, self.marker.figures_max)
        if not n:
            return
        rows = 1 if n <= 5 else 2
        per_row = math.ceil(n / rows)
        pitch = r.height() / per_row
        radius = max(0.8, min(pitch * 0.34, r.width() / (2 * rows) * 0.62))
        ink = text_colour_on(colour)
        dot = QColor("#fff8e1") if ink.lightness() > 128 else QColor("#1b1b1b")
        left = self.marker.figures
        for k in range(n):
            row, col = divmod(k, per_row)
            x = r.center().x() - r.width() * 0.08 + (row - (rows - 1) / 2) * r.width() * 0.42
            y = r.top() + pitch * (col + 0.5)
            if k < left:
                p.setBrush(dot)
                p.setPen(QPen(dot.darker(180), 0.6))
            else:
                p.setBrush(Qt.BrushStyle.NoBrush)
                faded = QColor(dot)
                faded.setAlpha(150)
                p.setPen(QPen(faded, 0.8))
            p.drawEllipse(QPointF(x, y), radius, radius)


class TerrainLayer:
    """Paints the table, the zones and the terrain; used by the view's cached background."""

    def __init__(self, table: Table) -> None:
        self.table = table
        w, h = table.width_in * PX_PER_IN, table.depth_in * PX_PER_IN
        self.rect = QRectF(0, 0, w, h)
        self.pieces = [(t, inches_path(t.polygon), self._decor(t)) for t in table.terrain]
        self.zones = [(z, inches_path(z.polygon)) for z in table.zones.values()]

    def _decor(self, piece: TerrainPiece) -> list[tuple[float, float, float]]:
        """Deterministic tree crowns, rubble and ripples inside a piece (scene x, y, size)."""
        import shapely

        rng = random.Random(piece.name)
        poly = piece.polygon
        minx, miny, maxx, maxy = poly.bounds
        spacing = {"woods": 1.3, "ruins": 1.6, "rocks": 0.9, "crater": 9.0, "building": 9.0,
                   "river": 2.2, "lake": 2.2}.get(piece.feature, 2.0)
        marks: list[tuple[float, float, float]] = []
        tries = int(poly.area / (spacing * spacing) * 6) + 8
        inner = poly.buffer(-0.35)
        for _ in range(tries):
            x, y = rng.uniform(minx, maxx), rng.uniform(miny, maxy)
            if inner.is_empty or not shapely.contains_xy(inner, x, y):
                continue
            if any((x - a) ** 2 + (y - b) ** 2 < spacing * spacing for a, b, _s in marks):
                continue
            marks.append((x, y, rng.uniform(0.7, 1.15)))
        return [(x * PX_PER_IN, y * PX_PER_IN, s) for x, y, s in marks]

    def paint(self, p: QPainter, px_per_in: float) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.rect
        p.fillRect(r.translated(6, 8), QColor(0, 0, 0, 90))
        g = QLinearGradient(r.topLeft(), r.bottomRight())
        base = QColor(TABLE_COLOUR)
        g.setColorAt(0, base.lighter(106))
        g.setColorAt(1, base.darker(106))
        p.fillRect(r, g)
        p.fillRect(r, QBrush(paper_texture()))
        self._paint_grid(p, px_per_in)
        for zone, path in self.zones:
            tint = QColor(ZONE_TINTS.get(zone.side, "#777777"))
            tint.setAlpha(46)
            p.fillPath(path, tint)
        for piece, path, decor in self.pieces:
            self._paint_piece(p, piece, path, decor)
        for zone, path in self.zones:
            edge = QColor(ZONE_TINTS.get(zone.side, "#777777"))
            edge.setAlpha(170)
            p.strokePath(path, QPen(edge, 1.6, Qt.PenStyle.DashLine))
        p.setPen(QPen(QColor("#5b4a2c"), 2.5))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(r)

    def _paint_grid(self, p: QPainter, px_per_in: float) -> None:
        r = self.rect
        for step, alpha in ((6, 22), (12, 42)):
            if step == 6 and px_per_in < 8:
                continue
            p.setPen(QPen(QColor(70, 55, 30, alpha), 0.8))
            x = step * PX_PER_IN
            while x < r.right() - 0.1:
                p.drawLine(QPointF(x, 0), QPointF(x, r.bottom()))
                x += step * PX_PER_IN
            y = step * PX_PER_IN
            while y < r.bottom() - 0.1:
                p.drawLine(QPointF(0, y), QPointF(r.right(), y))
                y += step * PX_PER_IN
        p.setPen(QColor(235, 225, 200, 200))
        p.setFont(serif_font(9))
        for k in range(0, int(self.table.width_in) + 1, 12):
            p.drawText(QRectF(k * PX_PER_IN - 15, -14, 30, 12), Qt.AlignmentFlag.AlignCenter, f"{k}\"")
        for k in range(12, int(self.table.depth_in) + 1, 12):
            p.drawText(QRectF(-26, k * PX_PER_IN - 6, 24, 12),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, f"{k}\"")

    def _paint_piece(self, p: QPainter, piece: TerrainPiece, path: QPainterPath,
                     decor: list[tuple[float, float, float]]) -> None:
        feature = piece.feature
        p.save()
        p.setClipPath(path)
        if feature == "woods":
            p.fillPath(path, QColor("#6f8f45"))
            for x, y, s in decor:
                p.setPen(QPen(QColor("#2f4a1c"), 0.8))
                p.setBrush(QColor("#4f7a2e"))
                p.drawEllipse(QPointF(x, y), 6.5 * s, 6.5 * s)
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(190, 220, 120, 90))
                p.drawEllipse(QPointF(x - 1.8 * s, y - 1.8 * s), 2.8 * s, 2.8 * s)
        elif feature == "ruins":
            p.fillPath(path, QColor("#a39a88"))
            p.setPen(QPen(QColor("#5d564a"), 2.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.SquareCap))
            for x, y, s in decor:
                if s > 0.9:
                    p.drawLine(QPointF(x - 7 * s, y), QPointF(x + 5 * s, y))
                else:
                    p.drawLine(QPointF(x, y - 6 * s), QPointF(x, y + 4 * s))
        elif feature == "crater":
            box = path.boundingRect()
            g = QLinearGradient(box.topLeft(), box.bottomRight())
            g.setColorAt(0, QColor("#5e4a33"))
            g.setColorAt(1, QColor("#8c734f"))
            p.fillPath(path, g)
            p.strokePath(path, QPen(QColor("#d2bc8f"), 4))
        elif feature == "building":
            p.fillPath(path, QColor("#3d4148"))
            box = path.boundingRect()
            p.setPen(QPen(QColor("#5a5f68"), 1.2))
            p.drawLine(box.topLeft(), box.bottomRight())
            p.drawLine(box.topRight(), box.bottomLeft())
            p.drawRect(box.adjusted(5, 5, -5, -5))
        elif feature in ("river", "lake"):
            p.fillPath(path, QColor("#2c4f6b"))
            p.setPen(QPen(QColor(170, 210, 235, 120), 1.1))
            for x, y, s in decor:
                wave = QPainterPath(QPointF(x - 6 * s, y))
                wave.quadTo(QPointF(x - 3 * s, y - 3 * s), QPointF(x, y))
                wave.quadTo(QPointF(x + 3 * s, y + 3 * s), QPointF(x + 6 * s, y))
                p.drawPath(wave)
        else:
            p.fillPath(path, QColor("#4a4640"))
            for x, y, s in decor:
                p.setPen(QPen(QColor("#2a2825"), 0.8))
                p.setBrush(QColor("#6b655c"))
                p.drawEllipse(QPointF(x, y), 4.2 * s, 3.4 * s)
        if piece.is_cover:
            p.fillPath(path, QBrush(QColor(255, 250, 220, 60), Qt.BrushStyle.BDiagPattern))
        p.restore()
        dark = piece.is_impassable
        p.strokePath(path, QPen(QColor("#1c1a17") if dark else QColor("#3f3421"), 2.4 if dark else 1.4,
                                Qt.PenStyle.SolidLine if dark else Qt.PenStyle.DashLine))


class TabletopView(BoardView):
    """The measured tabletop on the kit's `BoardView` (fit, zoom, pan and click-versus-drag are the base's).

    Gestures: click a tray to select it (rings appear); drag a tray to move it (the wheel or
    Q/E turns the ghost, Esc cancels); Q/E with a selected unit turns it on the spot (Enter
    asks for it); Shift+click two trays to lay the ruler between them.

    Keyboard (the kit's focus ring): arrows walk between the trays, Enter or Space clicks the
    focused one; on a unit that may move, Enter or Space picks it up instead (a ghost), then the
    arrows nudge it 0.1" (1" with Shift), Q/E turn it, Enter puts it down, Esc gives up. A unit
    waiting to be deployed (`set_placeable`) is picked up the same way and put down by Enter.
    """

    UNIT = PX_PER_IN
    MAX_ZOOM = 10.0

    unit_clicked = Signal(str)
    selection_changed = Signal(object)
    table_clicked = Signal(float, float)
    move_requested = Signal(str, float, float, float)
    ruler_changed = Signal(object)
    drag_moved = Signal(str, float, float, float)  # every ghost step: unit, x, y, facing (inches, degrees)
    drag_ended = Signal(str)  # dropped or cancelled; the ghost is gone

    def __init__(self, table: Table, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self.markers: dict[str, TrayMarker] = {}
        self.trays: dict[str, TrayItem] = {}
        self._movable: frozenset[str] | None = None
        self._checker: MoveChecker | None = None
        self._selected: str | None = None
        self._drag_offset = QPointF()
        self._ruler_anchor: str | None = None
        self.ruler_units: tuple[str, str] | None = None
        self.dragging: str | None = None
        self.ghost_reason = ""
        self.ghost_legal = True
        self._ghost_pose: tuple[float, float, float] | None = None
        self._placeable: TrayMarker | None = None
        self._labels_for: tuple[float, QSize] | None = None

        self.rings: dict[str, QGraphicsPathItem] = {}
        for name, colour, z in (("range", RANGE_COLOUR, 3), ("move", MOVE_COLOUR, 4), ("command", COMMAND_COLOUR, 2)):
            item = QGraphicsPathItem()
            fill = QColor(colour)
            fill.setAlpha(34 if name == "move" else 18)
            item.setBrush(fill)
            item.setPen(QPen(colour, 2.0, Qt.PenStyle.SolidLine if name == "move" else Qt.PenStyle.DashLine))
            item.setZValue(z)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            item.hide()
            self.scene().addItem(item)
            self.rings[name] = item
        self.label_layer = LabelLayer(self.scene(), self.viewport())
        self.name_layer = NameLayer(self.scene())
        self.ghost: TrayItem | None = None
        self.ghost_text = HaloText("", serif_font(11, bold=True), ink=ILLEGAL_COLOUR.darker(140))
        self.ghost_text.setZValue(60)
        self.ghost_text.hide()
        self.scene().addItem(self.ghost_text)
        self.ghost_path = QGraphicsLineItem()
        self.ghost_path.setPen(QPen(QColor(30, 30, 30, 170), 1.5, Qt.PenStyle.DashLine))
        self.ghost_path.setZValue(45)
        self.ghost_path.hide()
        self.scene().addItem(self.ghost_path)
        self.set_table(table)

    # --- data in --------------------------------------------------------------------------
    def set_table(self, table: Table) -> None:
        self.table = table
        self.layer = TerrainLayer(table)
        self.name_layer.set_table(table, PX_PER_IN, lambda side: QColor(ZONE_TINTS.get(side, "#555555")))
        m = MARGIN_IN * PX_PER_IN
        self.scene().setSceneRect(self.layer.rect.adjusted(-m, -m, m, m))
        self.resetCachedContent()
        self.fit()

    def set_units(self, markers: Iterable[TrayMarker]) -> None:
        """The units on the table now; units left out are removed (destroyed or not deployed)."""
        fresh = {m.id: m for m in markers}
        for uid in [u for u in self.trays if u not in fresh]:
            self.scene().removeItem(self.trays.pop(uid))
        for uid, marker in fresh.items():
            item = self.trays.get(uid)
            if item is None:
                item = self.trays[uid] = TrayItem(marker)
                item.setZValue(20)
                self.scene().addItem(item)
            else:
                item.set_marker(marker)
        self.label_layer.set_units([(m.id, m.side, m.label) for m in fresh.values()], side_colour)
        self.markers = fresh
        if self._selected not in fresh:
            self._selected = None
        if self.ruler_units and not all(u in fresh for u in self.ruler_units):
            self.clear_ruler()
        self._refresh_selection()
        if self.ruler_units:
            self.set_ruler(*self.ruler_units)
        self._layout_labels()

    def set_movable(self, unit_ids: Iterable[str] | None) -> None:
        """Which trays may be dragged (None: all of them; empty: none)."""
        self._movable = None if unit_ids is None else frozenset(unit_ids)

    def set_move_checker(self, checker: MoveChecker | None) -> None:
        self._checker = checker

    def set_placeable(self, marker: TrayMarker | None) -> None:
        """A unit not on the table yet that the keyboard may place (deployment): Enter or Space
        holds it as a ghost at the marker's spot, arrows nudge it, Enter asks for it there
        (`move_requested`). Its facing is the marker's: it does not turn."""
        if self._placeable is not None and self.dragging == self._placeable.id and \
                (marker is None or marker.id != self._placeable.id):
            self._end_drag(commit=False)
        self._placeable = marker

    def _held(self, uid: str) -> TrayMarker:
        marker = self.markers.get(uid)
        if marker is None and self._placeable is not None and self._placeable.id == uid:
            return self._placeable
        assert marker is not None, uid
        return marker

    def set_marked(self, marks: Mapping[str, str | QColor]) -> None:
        """Outline some trays in a colour (attackers, target...); the others lose their mark."""
        for uid, item in self.trays.items():
            item.mark = QColor(marks[uid]) if uid in marks else None
            item.update()

    # --- selection, rings, ruler ------------------------------------------------------------
    @property
    def selected(self) -> str | None:
        return self._selected

    def select(self, unit_id: str | None) -> None:
        if unit_id is not None and unit_id not in self.markers:
            raise KeyError(f"no unit {unit_id!r} on the table")
        if unit_id == self._selected:
            return
        self._selected = unit_id
        self._refresh_selection()
        self.selection_changed.emit(unit_id)

    def _refresh_selection(self) -> None:
        for uid, item in self.trays.items():
            if item.selected != (uid == self._selected):
                item.selected = uid == self._selected
                item.update()
        marker = self.markers.get(self._selected) if self._selected else None
        for item in self.rings.values():
            item.hide()
        if marker is None:
            return
        tray = marker.tray
        if marker.move_in > 0:
            self.rings["move"].setPath(inches_path(ring(tray, marker.move_in)))
            self.rings["move"].show()
        if marker.range_in > 0:
            self.rings["range"].setPath(inches_path(ring(tray, marker.range_in)))
            self.rings["range"].show()
        commanders = [m for m in self.markers.values() if m.commander and m.side == marker.side]
        if commanders:
            import shapely

            area = shapely.union_all([ring(m.tray, COMMANDER_RADIUS_IN) for m in commanders])
            self.rings["command"].setPath(inches_path(area))
            self.rings["command"].show()

    def set_ruler(self, a: str, b: str) -> float:
        """Lay the ruler between two units' nearest edges; returns the distance in inches."""
        ta, tb = self.markers[a].tray, self.markers[b].tray
        pa, pb = closest_points(ta, tb)
        dist = distance_in(ta, tb)
        self.show_ruler(to_scene(*pa), to_scene(*pb), format_inches(dist))
        self.ruler_units = (a, b)
        return dist

    def clear_ruler(self) -> None:
        self.hide_ruler()
        self.ruler_units = None
        self._ruler_anchor = None

    def _ruler_click(self, uid: str) -> None:
        if self._ruler_anchor is None or self._ruler_anchor == uid:
            self.clear_ruler()
            self._ruler_anchor = uid
            return
        a, self._ruler_anchor = self._ruler_anchor, None
        dist = self.set_ruler(a, uid)
        self.ruler_changed.emit((a, uid, dist))

    # --- scale: the labels keep their screen size and stay apart ------------------------------
    def detail_changed(self, px_per_unit: float) -> None:
        self._layout_labels()

    def _layout_labels(self) -> None:
        self.label_layer.layout(self.trays, self)
        blocked = [t.sceneBoundingRect() for t in self.trays.values()]
        blocked += [label.sceneBoundingRect() for label in self.label_layer.labels.values()]
        blocked += self.label_layer.obstacles
        self.name_layer.layout(self, blocked, self.layer.rect)
        self._labels_for = (self.transform().m11(), self.viewport().size())

    def _relayout_if_stale(self) -> None:
        """A resize that kept the scale still moves the legend's corner, so the labels clear it again."""
        if self._labels_for != (self.transform().m11(), self.viewport().size()):
            self._layout_labels()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._relayout_if_stale()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._relayout_if_stale()

    def drawBackground(self, p: QPainter, rect: QRectF) -> None:
        p.fillRect(rect, QColor("#2e2b27"))
        self.layer.paint(p, self.px_per_unit())

    # --- dragging: a ghost tray, turned by the wheel or Q/E, checked by the game ---------------
    def _movable_unit(self, uid: str) -> bool:
        return self._movable is None or uid in self._movable

    def _start_drag(self, uid: str) -> None:
        self.dragging = uid
        marker = self._held(uid)
        if self.ghost is None:
            self.ghost = TrayItem(marker, ghost=True)
            self.ghost.setZValue(50)
            self.scene().addItem(self.ghost)
        self.ghost.set_marker(marker)
        self.ghost.show()
        self._ghost_pose = (*marker.centre, marker.facing_deg)

    def _update_ghost(self, x: float, y: float, facing: float) -> None:
        if self.dragging is None or self.ghost is None:
            return
        marker = self._held(self.dragging)
        facing %= 360.0
        self._ghost_pose = (x, y, facing)
        self.ghost.setPos(to_scene(x, y))
        self.ghost.setRotation(facing)
        reason = (self._checker(self.dragging, x, y, facing) if self._checker else None) or ""
        self.ghost_reason, self.ghost_legal = reason, not reason
        self.ghost.legal = self.ghost_legal
        self.ghost.update()
        travelled = math.dist(marker.centre, (x, y))
        text = format_inches(travelled) if self.ghost_legal else reason
        self.ghost_text.set_colours(LEGAL_COLOUR.darker(150) if self.ghost_legal else ILLEGAL_COLOUR.darker(140),
                                    QColor(255, 249, 232, 230))
        self.ghost_text.set_text(text)
        box = self.ghost.mapRectToScene(self.ghost.boundingRect())
        self.ghost_text.setPos(QPointF(box.center().x(), box.top() - 12))
        self.ghost_text.show()
        start, end = to_scene(*marker.centre), to_scene(x, y)
        self.ghost_path.setLine(start.x(), start.y(), end.x(), end.y())
        self.ghost_path.show()
        self.drag_moved.emit(self.dragging, x, y, facing)

    def _end_drag(self, commit: bool) -> None:
        uid, pose = self.dragging, self._ghost_pose
        self.dragging = None
        self._ghost_pose = None
        if self.ghost is not None:
            self.ghost.hide()
        self.ghost_text.hide()
        self.ghost_path.hide()
        if uid is not None:
            self.drag_ended.emit(uid)
        if commit and uid is not None and pose is not None:
            self.move_requested.emit(uid, *pose)

    def rotate_ghost(self, degrees: float) -> None:
        """Turn the tray being dragged (or start turning the selected one on the spot)."""
        if self._placeable is not None and self.dragging == self._placeable.id:
            return
        if self.dragging is None:
            if self._selected is None or not self._movable_unit(self._selected):
                return
            self._start_drag(self._selected)
        assert self._ghost_pose is not None
        x, y, facing = self._ghost_pose
        self._update_ghost(x, y, facing + degrees)

    # --- gestures (BoardView hooks) -----------------------------------------------------------
    def piece_at(self, view_pos: QPoint) -> str | None:
        """The tray under a viewport point (never the ghost)."""
        for item in self.items(view_pos):
            if isinstance(item, TrayItem) and not item.ghost:
                return item.marker.id
        return None

    def piece_clicked(self, piece: str, scene_pos: QPointF, modifiers: Qt.KeyboardModifier) -> None:
        if modifiers & Qt.KeyboardModifier.ShiftModifier:
            self._ruler_click(piece)
        else:
            self.select(piece)
            self.unit_clicked.emit(piece)

    def board_clicked(self, scene_pos: QPointF, modifiers: Qt.KeyboardModifier) -> None:
        x, y = to_table(scene_pos)
        if 0 <= x <= self.table.width_in and 0 <= y <= self.table.depth_in:
            self.select(None)
            self.table_clicked.emit(x, y)

    def piece_drag_started(self, piece: str, scene_pos: QPointF) -> bool:
        if not self._movable_unit(piece):
            return False
        if self.dragging is not None and self.dragging != piece:
            self._end_drag(commit=False)
        if self.dragging is None:
            self._start_drag(piece)
        self._drag_offset = scene_pos - to_scene(*self.markers[piece].centre)
        return True

    def piece_drag_moved(self, piece: str, scene_pos: QPointF) -> None:
        assert self._ghost_pose is not None
        x, y = to_table(scene_pos - self._drag_offset)
        self._update_ghost(x, y, self._ghost_pose[2])

    def piece_drag_ended(self, piece: str, commit: bool) -> None:
        self._end_drag(commit)

    def focus_pieces(self) -> list[tuple[str, QRectF]]:
        return [(uid, tray.sceneBoundingRect()) for uid, tray in self.trays.items() if tray.isVisible()]

    def nudge_target(self) -> str | None:
        """A unit picked up by the keyboard (a pointer drag follows the pointer instead)."""
        return self.dragging if self.dragged_piece is None else None

    def piece_nudged(self, piece: str, dx: float, dy: float) -> None:
        if self._ghost_pose is not None and piece == self.dragging:
            x, y, facing = self._ghost_pose
            self._update_ghost(x + dx, y + dy, facing)

    def _pick_up(self, uid: str) -> None:
        """The keyboard's drag: the ghost appears on the tray, ready to be nudged and turned."""
        if uid in self.markers:
            self.select(uid)
        self._start_drag(uid)
        x, y, facing = self._ghost_pose  # type: ignore[misc]
        self._update_ghost(x, y, facing)

    def piece_tooltip(self, piece: str) -> str:
        m = self.markers[piece]
        return f"{m.label}\n{m.figures} of {m.figures_max} figures left"

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if self.dragging is None:
            super().wheelEvent(event)
            return
        if steps:
            self.rotate_ghost(ROTATE_STEP_DEG * steps)
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Q, Qt.Key.Key_BracketLeft):
            self.rotate_ghost(-ROTATE_STEP_DEG)
        elif key in (Qt.Key.Key_E, Qt.Key.Key_BracketRight):
            self.rotate_ghost(ROTATE_STEP_DEG)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and self.dragging is not None \
                and self.dragged_piece is None:
            self._end_drag(commit=True)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and self.dragging is None \
                and self.focused_piece is not None and self._movable is not None \
                and self.focused_piece in self._movable and not event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self._pick_up(self.focused_piece)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and self.dragging is None \
                and self._placeable is not None:
            self._pick_up(self._placeable.id)
        elif key == Qt.Key.Key_Escape:
            if self.dragged_piece is not None:
                self.cancel_drag()
            elif self.dragging is not None:
                self._end_drag(commit=False)
            else:
                self.clear_ruler()
        else:
            super().keyPressEvent(event)
            return
        event.accept()
