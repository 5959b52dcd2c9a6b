"""The ruling sheet a club pins up or sends: the board with the pair highlighted and measured
(and the photo underlay when the board shows one: it is a scene item), the ruling's sentences
and the increments used. One painting for the PNG and the PDF, so they never disagree.
"""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QMarginsF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPen, QPageLayout, QPageSize, QPainter, QPdfWriter
from PySide6.QtWidgets import QGraphicsView

from core.clout.layout import Layout
from core.clout.ruling import mm_text
from gui.clout.chip_items import chip_font
from maps.clout.areas import PlayArea, range_increment_cm

PNG_WIDTH = 1800
INK = QColor("#1a1a1a")
MUTED = QColor("#555555")


BOARD_SHARE = 0.62  # of the page's width, beside the close-up of the pair


def paint_sheet(p: QPainter, page: QRectF, view: QGraphicsView, title: str,
                sentences: Sequence[str], notes: Sequence[str], close_up: QRectF | None = None) -> None:
    """Title on top, the whole board and beside it a close-up of the pair (`close_up`, scene
    coordinates) where the tape's figure reads at print size, then the sentences and the notes,
    each wrapped to the page."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    unit = page.width() / 100.0
    y = page.top()
    p.setPen(INK)
    p.setFont(chip_font(unit * 2.6, bold=True))
    box = p.boundingRect(QRectF(page.left(), y, page.width(), unit * 12), int(Qt.TextFlag.TextWordWrap), title)
    p.drawText(box, int(Qt.TextFlag.TextWordWrap), title)
    y = box.bottom() + unit
    source = view.sceneRect()
    reserve = text_reserve(page.width(), len(sentences) + len(notes))
    share = BOARD_SHARE if close_up is not None else 1.0
    room = QRectF(page.left(), y, page.width() * share, max(unit * 10, page.bottom() - y - reserve))
    scale = min(room.width() / source.width(), room.height() / source.height())
    left = room.left() if close_up is not None else room.left() + (room.width() - source.width() * scale) / 2
    target = QRectF(left, y, source.width() * scale, source.height() * scale)
    _render(p, view, source, target)
    if close_up is not None:
        inset = QRectF(target.right() + unit * 2, y, page.right() - target.right() - unit * 2, target.height())
        _render(p, view, _with_aspect(close_up, inset.width() / inset.height()), inset)
        p.setPen(QPen(INK, unit * 0.2))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(inset)
    y = target.bottom() + unit * 1.5
    for text, size, bold, colour in ([(s, 2.1, True, INK) for s in sentences]
                                     + [(n, 1.6, False, MUTED) for n in notes]):
        font = chip_font(unit * size, bold=bold)
        p.setFont(font)
        p.setPen(colour)
        box = p.boundingRect(QRectF(page.left(), y, page.width(), page.bottom() - y),
                             int(Qt.TextFlag.TextWordWrap), text)
        p.drawText(box, int(Qt.TextFlag.TextWordWrap), text)
        y = box.bottom() + unit * 0.8
    p.restore()


def _render(p: QPainter, view: QGraphicsView, source: QRectF, target: QRectF) -> None:
    """The scene's `source` into `target` (same aspect), with the view's own background (the
    area's surface and grid are the view's, not the scene's). Painted on an image first: the
    view's background sets its own clip, which would spill past `target` on the page."""
    image = QImage(max(1, round(target.width())), max(1, round(target.height())), QImage.Format.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    scale = image.width() / source.width()
    q = QPainter(image)
    q.setRenderHint(QPainter.RenderHint.Antialiasing)
    q.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    q.save()
    q.scale(scale, scale)
    q.translate(-source.topLeft())
    view.drawBackground(q, source)
    q.restore()
    view.scene().render(q, QRectF(image.rect()), source, Qt.AspectRatioMode.IgnoreAspectRatio)
    q.end()
    p.drawImage(target, image)


def _with_aspect(rect: QRectF, aspect: float) -> QRectF:
    """`rect` grown about its centre to width / height = `aspect`."""
    w, h = rect.width(), rect.height()
    w, h = (h * aspect, h) if w / h < aspect else (w, w / aspect)
    c = rect.center()
    return QRectF(c.x() - w / 2, c.y() - h / 2, w, h)


def text_reserve(width: float, lines: int) -> float:
    """Room kept below the board for `lines` wrapped texts (each two lines at most)."""
    return width / 100.0 * (2 + 6 * lines)


def sheet_height(width: float, source: QRectF, lines: int, share: float) -> int:
    unit = width / 100.0
    return int(unit * 9 + width * share / source.width() * source.height() + text_reserve(width, lines))


def write_png(path: str, view: QGraphicsView, title: str, sentences: Sequence[str], notes: Sequence[str],
              close_up: QRectF | None = None) -> bool:
    margin = PNG_WIDTH * 0.03
    inner = PNG_WIDTH - 2 * margin
    share = BOARD_SHARE if close_up is not None else 1.0
    height = sheet_height(inner, view.sceneRect(), len(sentences) + len(notes), share)
    image = QImage(PNG_WIDTH, int(height + 2 * margin), QImage.Format.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    p = QPainter(image)
    paint_sheet(p, QRectF(margin, margin, inner, height), view, title, sentences, notes, close_up)
    p.end()
    return image.save(path, "PNG")


def write_pdf(path: str, view: QGraphicsView, title: str, sentences: Sequence[str], notes: Sequence[str],
              close_up: QRectF | None = None) -> bool:
    writer = QPdfWriter(path)
    layout = QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                         QMarginsF(12, 12, 12, 12), QPageLayout.Unit.Millimeter)
    writer.setPageLayout(layout)
    writer.setResolution(300)
    writer.setTitle(title)
    writer.setCreator("Battlebox")
    p = QPainter()
    if not p.begin(writer):
        return False
    area = writer.pageLayout().paintRectPixels(writer.resolution())
    paint_sheet(p, QRectF(0, 0, area.width(), area.height()), view, title, sentences, notes, close_up)
    return p.end()


def sheet_notes(layout: Layout, area: PlayArea) -> list[str]:
    """The figures a reader needs to check the ruling: the area, each side's increment, and the
    photo's uncertainty when the layout was measured from one."""
    default = range_increment_cm(area)
    sides = "; ".join(f"{p.name} {layout.increment_cm(k, default):g} cm"
                      + (" (handicap)" if p.increment_cm is not None else " (the area's)")
                      for k, p in enumerate(layout.players))
    notes = [f"{area.title}. Range increments used: {sides}. Distances are edge to edge; "
             "Fly adds one increment against a chip without Fly."]
    if layout.photo is not None:
        notes.append(f"Measured from a photo: each centre within about ±{mm_text(layout.uncertainty_mm())} mm; "
                     "a margin within twice that is too close to call.")
    return notes
