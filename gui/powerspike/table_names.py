"""The names of the terrain pieces and deployment zones, readable at any window size.

Drawn into the table itself they shrank with it (about four pixels high on a 1024×640 window)
and a tray standing in a wood hid the wood's name. So each name is an item sized for the screen
(growing a little on a large one), placed after the units' labels at the first of its spots
clear of every tray and label:
a terrain name tries its piece's inside nearest the middle first, then just outside its edge;
a zone name tries its table corner, then slides along the table's edge (away from the legend).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSizeF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsView

from gui.kit.paper import HaloText, serif_font
from maps.powerspike.table import Table

NAME_FONT_PX = 12.0
ZONE_FONT_PX = 12.0
# On a large screen the names grow with the table, up to this much, to stay in proportion.
MAX_GROWTH = 1.25
NAME_Z = 8  # above the rings and terrain, below the trays (20) and unit labels (31)
# How far apart the spots inside a piece lie, and how far out the rings of spots round it, in inches.
SPOT_STEP_IN = 0.75
OUTSIDE_RINGS = (1.0, 2.5, 4.0)

Spots = Callable[[QSizeF], list[QPointF]]


@dataclass
class TableName:
    """One name on the table: its item and where it may go (centres in scene units, best first)."""

    key: str
    item: HaloText
    spots: Spots


def terrain_spots(polygon, px_per_in: float, step_in: float = SPOT_STEP_IN) -> list[QPointF]:
    """Centres for a piece's name: its representative point, the rest of its inside nearest
    that point first, then points a little outside its edge."""
    import shapely

    start = polygon.representative_point()
    inside: list[tuple[float, float]] = []
    minx, miny, maxx, maxy = polygon.bounds
    y = miny + step_in / 2
    while y < maxy:
        x = minx + step_in / 2
        while x < maxx:
            if shapely.contains_xy(polygon, x, y):
                inside.append((x, y))
            x += step_in
        y += step_in
    inside.sort(key=lambda p: (p[0] - start.x) ** 2 + (p[1] - start.y) ** 2)
    outside: list[tuple[float, float]] = []
    for reach in OUTSIDE_RINGS:
        ring = polygon.buffer(reach).exterior
        n = max(8, int(ring.length / (2 * step_in)))
        outside.extend((pt.x, pt.y) for pt in (ring.interpolate(k / n, normalized=True) for k in range(n)))
    points = [(start.x, start.y), *inside, *outside]
    return [QPointF(x * px_per_in, y * px_per_in) for x, y in points]


def zone_spots(corner: QPointF, right: bool, bottom: bool, reach: float, step: float) -> Spots:
    """Centres for a zone's name: tucked into `corner`, then slid `step` at a time along the edge
    toward the table's middle, at most `reach` from the corner (scene units)."""

    def spots(size: QSizeF) -> list[QPointF]:
        w, h = size.width(), size.height()
        dx = -1.0 if right else 1.0
        x0 = corner.x() + dx * w / 2
        y = corner.y() + (-h / 2 if bottom else h / 2)
        n = max(1, int((reach - w) / max(step, 1e-6)))
        return [QPointF(x0 + dx * k * step, y) for k in range(n + 1)]

    return spots


def place_names(names: Sequence[tuple[str, QSizeF, list[QPointF]]], bounds: QRectF,
                blocked: Iterable[QRectF], gap: float = 0.0) -> dict[str, QRectF]:
    """Where each name goes, taking the names in turn: its first spot inside `bounds` at least
    `gap` from `blocked` and from the names placed before it; else its first spot that merely
    clears them; else the spot that overlaps them least (it may then lie partly under a tray)."""
    taken = list(blocked)
    out: dict[str, QRectF] = {}
    for key, size, spots in names:
        out[key] = _best_spot(spots, size, bounds, taken, gap)
        taken.append(out[key])
    return out


def _best_spot(centres: list[QPointF], size: QSizeF, bounds: QRectF, taken: list[QRectF], gap: float) -> QRectF:
    if centres:
        xs, ys = [c.x() for c in centres], [c.y() for c in centres]
        reach_x, reach_y = size.width() / 2 + gap, size.height() / 2 + gap
        region = QRectF(min(xs) - reach_x, min(ys) - reach_y, max(xs) - min(xs) + 2 * reach_x,
                        max(ys) - min(ys) + 2 * reach_y)
        taken = [t for t in taken if t.intersects(region)]
    crowded: list[QRectF] = []  # the spots inside bounds that are too near something, in order
    for c in centres:
        rect = _centred(c, size)
        if not bounds.contains(rect):
            continue
        room = rect.adjusted(-gap, -gap, gap, gap)
        if not any(room.intersects(t) for t in taken):
            return rect
        crowded.append(rect)
    for rect in crowded:
        if not any(rect.intersects(t) for t in taken):
            return rect
    if not crowded:
        return _centred(centres[0] if centres else bounds.center(), size)
    return _least_covered(crowded, taken)


def _centred(c: QPointF, size: QSizeF) -> QRectF:
    return QRectF(c.x() - size.width() / 2, c.y() - size.height() / 2, size.width(), size.height())


def _least_covered(rects: list[QRectF], taken: list[QRectF]) -> QRectF:
    def covered(rect: QRectF) -> float:
        return sum(o.width() * o.height() for o in (rect.intersected(t) for t in taken) if not o.isEmpty())

    return min(rects, key=covered)


class NameLayer:
    """The table's names in one tabletop view, laid out again whenever the units or the zoom change."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self.scene = scene
        self.names: list[TableName] = []

    def set_table(self, table: Table, px_per_in: float, zone_colour: Callable[[str], QColor]) -> None:
        for name in self.names:
            self.scene.removeItem(name.item)
        self.names = []
        inset = 0.4 * px_per_in
        width, depth = table.width_in * px_per_in, table.depth_in * px_per_in
        for zone in table.zones.values():
            c = zone.polygon.centroid
            right, bottom = c.x > table.width_in / 2, c.y > table.depth_in / 2
            corner = QPointF(width - inset if right else inset, depth - inset if bottom else inset)
            colour = QColor(zone_colour(zone.side))
            item = HaloText(zone.label, serif_font(ZONE_FONT_PX, bold=True), ink=colour.darker(130),
                            halo_width=3.0)
            self._add(f"zone:{zone.side}", item, zone_spots(corner, right, bottom, width, px_per_in))
        for piece in table.terrain:
            if piece.feature == "crater":
                continue
            ink = QColor("#2a2118") if piece.is_cover else QColor("#1a1a1a")
            item = HaloText(piece.name, serif_font(NAME_FONT_PX, italic=True), ink=ink, halo_width=3.0)
            spots = terrain_spots(piece.polygon, px_per_in)
            self._add(f"terrain:{piece.name}", item, lambda _size, s=spots: s)

    def _add(self, key: str, item: HaloText, spots: Spots) -> None:
        item.setZValue(NAME_Z)
        item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.scene.addItem(item)
        self.names.append(TableName(key, item, spots))

    def layout(self, view: QGraphicsView, blocked: Iterable[QRectF], bounds: QRectF) -> None:
        """Size every name for the screen and put it clear of `blocked` (trays, labels, the legend)."""
        scale = max(1e-6, view.transform().m11())
        grow = min(max(1.0, scale), MAX_GROWTH)
        entries = []
        for name in self.names:
            name.item.setScale(grow / scale)
            box = name.item.boundingRect()
            size = QSizeF(box.width() * grow / scale, box.height() * grow / scale)
            entries.append((name.key, size, name.spots(size)))
        spots = place_names(entries, bounds, blocked, gap=3 / scale)
        for name in self.names:
            name.item.setPos(spots[name.key].center())

    def rects(self) -> dict[str, QRectF]:
        """Each name's text and where it lies on the table now (scene units)."""
        return {name.item.text(): name.item.sceneBoundingRect() for name in self.names}

