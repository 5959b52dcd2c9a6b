"""Centimetre rulers along the area's top and left edges, and rings marking chips on the board.

The rulers are painted in the view's pixels (not the scene's), so their ticks and labels stay
readable at any zoom: a tick every centimetre once centimetres are far enough apart to tell,
a label every 10 cm (every 20 or 50 when zoomed far out). They hug the area's edge and, once
that edge scrolls out of sight, the view's edge, so a zoomed-in referee still reads them; the
labels number the 10 cm grid the area draws.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView, QStyleOptionGraphicsItem, QWidget

from gui.clout.chip_items import PX_PER_CM, chip_font

RULER_PX = 22  # the ruler strip's depth in view pixels
MIN_TICK_PX = 4.0  # centimetre ticks closer than this are left out
MIN_LABEL_PX = 34.0
INK = QColor("#1f1a14")
STRIP = QColor(246, 238, 220, 225)


def label_step_cm(px_per_cm: float) -> int:
    """The labelled interval: 10 cm, or wider when 10 cm is too narrow for a number."""
    for step in (10, 20, 50, 100, 200, 500):
        if step * px_per_cm >= MIN_LABEL_PX:
            return step
    return 1000


def tick_step_cm(px_per_cm: float) -> int:
    for step in (1, 5, 10, 20, 50, 100):
        if step * px_per_cm >= MIN_TICK_PX:
            return step
    return label_step_cm(px_per_cm)


def _ticks(origin: float, lo: float, hi: float, span_cm: float, ppc: float, tick: int,
           label: int) -> Iterator[tuple[int, float, float, bool]]:
    """(cm, view position, tick depth, labelled) for the ticks of one ruler inside lo..hi."""
    first = int((lo - origin) / ppc) - 1
    for cm in range(max(0, first - first % tick), int(span_cm) + 1, tick):
        at = origin + cm * ppc
        if lo - 0.5 <= at <= hi:
            labelled = cm % label == 0
            yield cm, at, RULER_PX if labelled else (RULER_PX * 0.55 if cm % 5 == 0 else RULER_PX * 0.3), labelled


def paint_rulers(p: QPainter, view: QGraphicsView, bounds_cm: tuple[float, float, float, float]) -> None:
    """Both rulers, in view pixels, for an area with these bounds (min x, min y, max x, max y)."""
    minx, miny, maxx, maxy = bounds_cm
    ppc = view.transform().m11() * PX_PER_CM
    if ppc <= 0:
        return
    vp = view.viewport().rect()
    top_left = view.mapFromScene(QPointF(minx * PX_PER_CM, miny * PX_PER_CM))
    bottom_right = view.mapFromScene(QPointF(maxx * PX_PER_CM, maxy * PX_PER_CM))
    left = max(0.0, min(float(top_left.x()) - RULER_PX, vp.width() - RULER_PX))
    top = max(0.0, min(float(top_left.y()) - RULER_PX, vp.height() - RULER_PX))
    x0, x1 = max(float(top_left.x()), left + RULER_PX), min(float(bottom_right.x()), vp.width())
    y0, y1 = max(float(top_left.y()), top + RULER_PX), min(float(bottom_right.y()), vp.height())
    tick, label = tick_step_cm(ppc), label_step_cm(ppc)
    font = chip_font(11, bold=False)
    metrics = QFontMetricsF(font)
    p.save()
    p.resetTransform()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    p.setFont(font)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(STRIP)
    if x1 > x0:
        p.drawRect(QRectF(x0, top, x1 - x0, RULER_PX))
    if y1 > y0:
        p.drawRect(QRectF(left, y0, RULER_PX, y1 - y0))
    p.setPen(QPen(INK, 1))
    origin_x, origin_y = float(top_left.x()), float(top_left.y())
    for cm, x, depth, labelled in _ticks(origin_x, x0, x1, maxx - minx, ppc, tick, label):
        p.drawLine(QPointF(x, top + RULER_PX), QPointF(x, top + RULER_PX - depth))
        if labelled and cm:
            width = metrics.horizontalAdvance(str(cm))
            at = x + 3 if x + 3 + width <= x1 else x - 3 - width  # the last label stays on the strip
            p.drawText(QPointF(at, top + metrics.ascent() + 1), str(cm))
    for cm, y, depth, labelled in _ticks(origin_y, y0, y1, maxy - miny, ppc, tick, label):
        p.drawLine(QPointF(left + RULER_PX, y), QPointF(left + RULER_PX - depth, y))
        if labelled and cm:
            p.save()
            height = metrics.horizontalAdvance(str(cm))
            p.translate(left + metrics.ascent() + 1, y + 3 if y + 3 + height <= y1 else y - 3 - height)
            p.rotate(90)
            p.drawText(QPointF(0, 0), str(cm))
            p.restore()
    if x1 > x0 and y1 > y0 and top_left.x() >= left + RULER_PX - 1 and top_left.y() >= top + RULER_PX - 1:
        corner = QRectF(left, top, RULER_PX, RULER_PX)
        p.fillRect(corner, STRIP)
        p.drawText(corner, Qt.AlignmentFlag.AlignCenter, "cm")
    p.restore()


class ChipRings(QGraphicsItem):
    """Rings around chips in one colour: the warnings' red and the ruled pair's yellow."""

    def __init__(self, colour: str, width_px: float = 3.0, radius_cm: float = 2.6, dashed: bool = False) -> None:
        super().__init__()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(30)
        self.colour = QColor(colour)
        self.width_px = width_px
        self.radius = radius_cm * PX_PER_CM
        self.dashed = dashed
        self.centres: list[QPointF] = []

    def set_centres(self, centres_cm: Iterable[tuple[float, float]]) -> None:
        self.prepareGeometryChange()
        self.centres = [QPointF(x * PX_PER_CM, y * PX_PER_CM) for x, y in centres_cm]
        self.update()

    def boundingRect(self) -> QRectF:
        if not self.centres:
            return QRectF()
        r = self.radius + 20
        box = QRectF(self.centres[0], self.centres[0])
        for c in self.centres[1:]:
            box = box.united(QRectF(c, c))
        return box.adjusted(-r, -r, r, r)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setBrush(Qt.BrushStyle.NoBrush)
        pen = QPen(self.colour, self.width_px, Qt.PenStyle.DashLine if self.dashed else Qt.PenStyle.SolidLine)
        pen.setCosmetic(True)
        halo = QPen(QColor(0, 0, 0, 140), self.width_px + 2)
        halo.setCosmetic(True)
        for c in self.centres:
            p.setPen(halo)
            p.drawEllipse(c, self.radius, self.radius)
            p.setPen(pen)
            p.drawEllipse(c, self.radius, self.radius)
