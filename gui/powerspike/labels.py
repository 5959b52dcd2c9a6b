"""Readable unit labels and the formation legend for Power Spike's tabletop.

A unit's full name ("Wrecking Crew Warbot 1 (Cyberian Death Commando Brigade 2)") is too long
to sit beside a 1-inch tray, so the table shows a short form of the unit type plus the unit's
number within its side ("Warbot 2"), and a marker shape for its formation that the legend
explains. Labels keep a constant size in screen pixels and are placed so none overlaps another:
each tries the spots around its tray, then farther spots joined to the tray by a leader line.
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QLineF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsScene,
    QGraphicsView,
    QLabel,
    QStyleOptionGraphicsItem,
    QWidget,
)

from gui.kit.paper import serif_font
from gui.kit.theme import text_colour_on

ABBREVIATIONS = {"Command": "Cmd", "Commando": "Cdo", "Ornithopter": "Thopter"}
SHAPES = ("circle", "square", "triangle", "diamond", "star", "cross")
LABEL_FONT_PX = 11.0
PAD_X, PAD_Y, MARK_PX = 4.0, 2.0, 8.0
LIGHT_HALO = QColor("#fff6df")
DARK_HALO = QColor("#141414")
_NAME = re.compile(r"^(?P<kind>.*?)(?:\s+(?P<n>\d+))?\s*(?:\((?P<formation>[^()]*)\))?\s*$")


def halo_colour(colour: QColor) -> QColor:
    """A colour that outlines `colour` on any ground: light around dark sides, dark around light ones."""
    return LIGHT_HALO if colour.lightnessF() < 0.55 else DARK_HALO


def name_parts(name: str) -> tuple[str, str]:
    """(unit type, formation) out of a unit's full name 'Type N (Formation)'; formation may be ''."""
    m = _NAME.match(name.strip())
    if not m:
        return name.strip(), ""
    return (m.group("kind") or name).strip(), (m.group("formation") or "").strip()


def short_kind(kind: str) -> str:
    """The last word of a unit type, shortened when long: 'Wrecking Crew Warbot' -> 'Warbot'."""
    words = [w for w in re.split(r"[\s\-]+", kind) if w]
    if not words:
        return "Unit"
    last = words[-1]
    return ABBREVIATIONS.get(last, last)


def _natural(uid: str) -> list[object]:
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", uid)]


def number_units(units: Iterable[tuple[str, str, str]],
                 known: Mapping[str, tuple[str, str]]) -> dict[str, tuple[str, str]]:
    """Short labels, as id -> (side, label), for (id, side, full name) triples; known ids keep theirs.

    New units take the next free number for their short type within their side, in id order,
    so a label never changes while the game goes on (Warbot 2 stays Warbot 2 when Warbot 1 dies).
    """
    out = dict(known)
    taken = set(out.values())
    for uid, side, name in sorted((u for u in units if u[0] not in known), key=lambda u: _natural(u[0])):
        short = short_kind(name_parts(name)[0])
        n = 1
        while (side, f"{short} {n}") in taken:
            n += 1
        out[uid] = (side, f"{short} {n}")
        taken.add(out[uid])
    return out


@dataclass(frozen=True)
class Formation:
    side: str
    name: str
    shape: str


def formations(units: Iterable[tuple[str, str, str]]) -> list[Formation]:
    """Each side's formations (from the units' names), each with its own marker shape."""
    by_side: dict[str, set[str]] = {}
    for _uid, side, name in units:
        formation = name_parts(name)[1]
        if formation:
            by_side.setdefault(side, set()).add(formation)
    out = []
    for side in sorted(by_side):
        for k, name in enumerate(sorted(by_side[side], key=_natural)):
            out.append(Formation(side, name, SHAPES[k % len(SHAPES)]))
    return out


def shape_path(shape: str, centre: QPointF, size: float) -> QPainterPath:
    """A formation's marker shape, `size` pixels across."""
    r = size / 2
    path = QPainterPath()
    cx, cy = centre.x(), centre.y()
    if shape == "circle":
        path.addEllipse(centre, r, r)
    elif shape == "square":
        path.addRect(QRectF(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7))
    elif shape == "triangle":
        path.addPolygon(QPolygonF([QPointF(cx, cy - r), QPointF(cx + r, cy + r * 0.8), QPointF(cx - r, cy + r * 0.8)]))
    elif shape == "diamond":
        path.addPolygon(QPolygonF([QPointF(cx, cy - r), QPointF(cx + r, cy), QPointF(cx, cy + r), QPointF(cx - r, cy)]))
    elif shape == "star":
        pts = [QPointF(cx + (r if k % 2 == 0 else r * 0.45) * math.sin(k * math.pi / 5),
                       cy - (r if k % 2 == 0 else r * 0.45) * math.cos(k * math.pi / 5)) for k in range(10)]
        path.addPolygon(QPolygonF(pts))
    else:
        t = r * 0.35
        path.addRect(QRectF(cx - r, cy - t, 2 * r, 2 * t))
        path.addRect(QRectF(cx - t, cy - r, 2 * t, 2 * r))
        path.setFillRule(Qt.FillRule.WindingFill)
    path.closeSubpath()
    return path


class UnitLabel(QGraphicsItem):
    """A pill in the side's colour with a contrasting outline, the formation marker and the short label.

    Its size is fixed in screen pixels: the view sets the item's scale to 1 / its zoom.
    """

    def __init__(self, text: str, colour: QColor, shape: str = "") -> None:
        super().__init__()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._font: QFont = serif_font(LABEL_FONT_PX, bold=True)
        self.colour = QColor(colour)
        self.shape_name = shape
        self.text = ""
        self.set_text(text)

    def set_text(self, text: str, shape: str | None = None) -> None:
        self.prepareGeometryChange()
        self.text = text
        if shape is not None:
            self.shape_name = shape
        fm = QFontMetricsF(self._font)
        mark = MARK_PX + 3 if self.shape_name else 0
        w = fm.horizontalAdvance(text) + 2 * PAD_X + mark
        h = fm.height() + 2 * PAD_Y
        self._rect = QRectF(-w / 2, -h / 2, w, h)
        self.update()

    def size_px(self) -> QSizeF:
        return self._rect.size()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-1, -1, 1, 1)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self._rect
        halo = halo_colour(self.colour)
        p.setPen(QPen(halo, 1.6))
        p.setBrush(self.colour)
        p.drawRoundedRect(r.adjusted(0.8, 0.8, -0.8, -0.8), 4, 4)
        ink = text_colour_on(self.colour)
        left = r.left() + PAD_X
        if self.shape_name:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(ink)
            p.drawPath(shape_path(self.shape_name, QPointF(left + MARK_PX / 2, r.center().y()), MARK_PX))
            left += MARK_PX + 3
        p.setFont(self._font)
        p.setPen(ink)
        p.drawText(QRectF(left, r.top(), r.right() - left - PAD_X + 1, r.height()),
                   Qt.AlignmentFlag.AlignCenter, self.text)


def _candidates(tray: QRectF, size: QSizeF, gap: float) -> Iterable[tuple[QPointF, bool]]:
    """Label centres to try, nearest first: (centre, needs a leader line)."""
    c = tray.center()
    w, h = size.width(), size.height()
    dy = tray.height() / 2 + gap + h / 2
    dx = tray.width() / 2 + gap + w / 2
    for x, y in ((0, dy), (0, -dy), (dx, 0), (-dx, 0), (dx, dy), (-dx, dy), (dx, -dy), (-dx, -dy)):
        yield QPointF(c.x() + x, c.y() + y), False
    for step in range(1, 14):
        reach = 1.0 + 0.6 * step
        for k in range(16):
            a = k * math.pi / 8
            yield QPointF(c.x() + math.cos(a) * dx * reach, c.y() + math.sin(a) * dy * reach), True


def place_labels(trays: Mapping[str, QRectF], sizes: Mapping[str, QSizeF], bounds: QRectF,
                 obstacles: Sequence[QRectF] = (), gap: float = 2.0) -> dict[str, tuple[QRectF, bool]]:
    """Where each unit's label goes (scene rect, needs a leader line), no two labels overlapping.

    A spot must stay in `bounds` and clear of every label placed so far; spots clear of trays and
    `obstacles` too are preferred. Crowded units are placed first, while space is left near them.
    """
    tray_rects = list(trays.values()) + list(obstacles)

    def crowd(uid: str) -> int:
        near = trays[uid].adjusted(-30, -30, 30, 30)
        return -sum(1 for r in trays.values() if near.intersects(r))

    placed: dict[str, tuple[QRectF, bool]] = {}
    for uid in sorted(trays, key=lambda u: (crowd(u), _natural(u))):
        size = sizes[uid]
        best: tuple[QRectF, bool] | None = None
        for centre, leader in _candidates(trays[uid], size, gap):
            rect = QRectF(centre.x() - size.width() / 2, centre.y() - size.height() / 2, size.width(), size.height())
            if not bounds.contains(rect) or any(rect.intersects(o[0]) for o in placed.values()):
                continue
            if not any(rect.intersects(t) for t in tray_rects):
                best = (rect, leader)
                break
            if best is None:
                best = (rect, leader)
        if best is None:
            best = _anywhere(size, bounds, [o[0] for o in placed.values()])
        placed[uid] = best
    return placed


def _anywhere(size: QSizeF, bounds: QRectF, taken: list[QRectF]) -> tuple[QRectF, bool]:
    """The first free spot scanning the whole scene (a last resort on a packed table)."""
    step = max(1.0, size.height() / 2)
    y = bounds.top()
    while y + size.height() <= bounds.bottom():
        x = bounds.left()
        while x + size.width() <= bounds.right():
            rect = QRectF(x, y, size.width(), size.height())
            if not any(rect.intersects(t) for t in taken):
                return rect, True
            x += step
        y += step
    return QRectF(bounds.topLeft(), size), True


class Legend(QLabel):
    """A small overlay naming each side's formations next to their marker shapes, in the side colour.

    Its paper look is `QLabel#tabletopLegend` in resources/style/powerspike.qss.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tabletopLegend")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.entries: list[Formation] = []
        self.hide()

    def set_formations(self, entries: Sequence[Formation], colours: Mapping[str, QColor]) -> None:
        self.entries = list(entries)
        glyphs = {"circle": "●", "square": "■", "triangle": "▲", "diamond": "◆", "star": "★", "cross": "✚"}
        rows: list[str] = []
        side = None
        for f in self.entries:
            colour = colours.get(f.side, QColor("#6d6d6d")).name()
            if f.side != side:
                side = f.side
                rows.append(f"<b><span style='color:{colour}'>■</span> {side}</b>")
            rows.append(f"&nbsp;&nbsp;<span style='color:{colour}'>{glyphs.get(f.shape, '●')}</span> {f.name}")
        self.setText("<br>".join(rows))
        self.adjustSize()
        self.setVisible(bool(self.entries))


class LabelLayer:
    """The labels, their leader lines and the legend of one tabletop view, kept laid out.

    `trays` maps unit ids to items whose scene bounding rects are the trays; `colour_of` gives a
    side's colour. `layout(scale)` runs whenever the units or the zoom change.
    """

    def __init__(self, scene: QGraphicsScene, viewport: QWidget) -> None:
        self.scene = scene
        self.labels: dict[str, UnitLabel] = {}
        self.leaders: dict[str, QGraphicsLineItem] = {}
        self.short: dict[str, tuple[str, str]] = {}
        self.legend = Legend(viewport)
        self.obstacles: list[QRectF] = []  # the legend's scene rect, when shown, for the table's names

    def set_units(self, units: Sequence[tuple[str, str, str]], colour_of: Callable[[str], QColor]) -> None:
        """(id, side, full name) of the units on the table now."""
        ids = {u[0] for u in units}
        for uid in [u for u in self.labels if u not in ids]:
            self.scene.removeItem(self.labels.pop(uid))
            self.scene.removeItem(self.leaders.pop(uid))
        self.short = number_units(units, self.short)
        entries = formations(units)
        shape = {(f.side, f.name): f.shape for f in entries}
        for uid, side, name in units:
            mark = shape.get((side, name_parts(name)[1]), "")
            text = self.short[uid][1]
            label = self.labels.get(uid)
            if label is None:
                label = self.labels[uid] = UnitLabel(text, colour_of(side), mark)
                label.setToolTip(name)
                label.setZValue(31)
                self.scene.addItem(label)
                line = self.leaders[uid] = QGraphicsLineItem()
                line.setZValue(30)
                self.scene.addItem(line)
            else:
                label.colour = colour_of(side)
                label.set_text(text, mark)
        self.legend.set_formations(entries, {side: colour_of(side) for _u, side, _n in units})

    def layout(self, trays: Mapping[str, QGraphicsItem], view: QGraphicsView) -> None:
        """Place the legend in the viewport's bottom-left corner, then every label clear of the others."""
        scale = max(1e-6, view.transform().m11())
        legend = self.legend
        vp = view.viewport().rect()
        legend.ensurePolished()  # its style sheet sets its font and padding, hence its size
        legend.adjustSize()
        legend.move(6, vp.height() - legend.height() - 6)
        obstacles = []
        if not legend.isHidden():  # shown with the view, which may not be on screen yet
            g = legend.geometry()
            obstacles.append(view.mapToScene(g.adjusted(-4, -4, 4, 4)).boundingRect())
        bounds = view.sceneRect()
        rects = {uid: trays[uid].sceneBoundingRect() for uid in self.labels if uid in trays}
        sizes = {}
        for uid, label in self.labels.items():
            label.setScale(1 / scale)
            px = label.size_px()
            sizes[uid] = QSizeF(px.width() / scale, px.height() / scale)
        self.obstacles = obstacles
        spots = place_labels(rects, sizes, bounds, obstacles, gap=2 / scale)
        for uid, (rect, leader) in spots.items():
            label = self.labels[uid]
            label.setPos(rect.center())
            line = self.leaders[uid]
            colour = halo_colour(label.colour)
            line.setPen(QPen(colour, 1.5 / scale))
            if leader:
                line.setLine(QLineF(rects[uid].center(), _nearest_edge(rect, rects[uid].center())))
            line.setVisible(leader)


def _nearest_edge(rect: QRectF, towards: QPointF) -> QPointF:
    return QPointF(min(max(towards.x(), rect.left()), rect.right()), min(max(towards.y(), rect.top()), rect.bottom()))
