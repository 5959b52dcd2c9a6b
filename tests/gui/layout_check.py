"""What a player sees at one window size, checked from the widget tree (issue 11's "any screen").

`check(window)` renders nothing; it reads the geometry of the window as laid out and returns the
problems by kind, each a sentence naming the widget:
- "primary": a visible primary control (the page's `primary_controls()` for the step at hand, or
  its `PRIMARY_CONTROLS` object names) not fully inside the window and inside every widget that
  clips it (a scroll area's viewport: below the fold);
- "overlap": two visible cards/panels (object names ending in Card or Panel) or two widgets of one
  layout that overlap;
- "cut": a label, button or combo box (on the page or in a dock) whose text is wider (or a wrapped
  label taller) than its room, or a table row anywhere in the window lower than its wrapped text;
- "board": the page's `BOARD` widget covering less than half of the window's central area;
- "dock": a dock in the window's right column narrower than the column's width (gui.docks), where
  the page shown would leave it that room (a page not shown still squeezed it);
- "sideways": a scroll area or table on the page that scrolls sideways (the fistful picker's
  finishes lay off to the right at 1024x640).

Run as a module it renders a save (or the start page) at a size and UI scale in a fresh process
and prints the problems as JSON: the only way to try a UI scale, which Qt reads once per process.
    python -m tests.gui.layout_check WxH PERCENT PNG_DIR|- SAVE|start...
"""
from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from PySide6 import QtGui
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import (QAbstractScrollArea, QComboBox, QDockWidget, QLabel, QLayout, QMainWindow,
                               QPushButton, QStackedLayout, QStackedWidget, QStyle, QStyleOptionButton,
                               QStyleOptionComboBox, QTableView, QWidget)

KINDS = ("primary", "overlap", "cut", "board", "dock", "sideways")
BOARD_SHARE = 0.5
SLACK = 1  # px: rounding in layouts and fonts
DOCK_SEPARATOR = 8  # px: the splitter handle between the page and the dock column, and the dock's frame


def check(window: QMainWindow) -> dict[str, list[str]]:
    """Every problem of the page the window shows, by kind (an empty list: none)."""
    page = current_page(window)
    problems: dict[str, list[str]] = {kind: [] for kind in KINDS}
    problems["primary"] = hidden_primary_controls(window, page)
    problems["overlap"] = overlaps(window, page)
    problems["cut"] = cut_anywhere(window, page)
    problems["board"] = small_board(window, page)
    problems["dock"] = squeezed_docks(window, page)
    problems["sideways"] = sideways(window, page)
    return problems


def current_page(window: QMainWindow) -> QWidget:
    """The start page or the game view the window's stack shows."""
    page = window.stack.currentWidget()  # type: ignore[attr-defined]
    assert page is not None
    return page


def name(widget: QWidget) -> str:
    text = ""
    if isinstance(widget, (QLabel, QPushButton)):
        text = widget.text()
    elif isinstance(widget, QComboBox):
        text = widget.currentText()
    label = widget.objectName() or type(widget).__name__
    return f"{label} {text[:40]!r}" if text else label


def shown(widget: QWidget, window: QWidget) -> bool:
    """On screen now (a page the stack does not show is hidden), with an area."""
    return widget.isVisible() and widget.width() > 0 and widget.height() > 0


def rect_in(widget: QWidget, window: QWidget) -> QRect:
    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


def _inside(inner: QRect, outer: QRect) -> bool:
    return (inner.left() >= outer.left() - SLACK and inner.top() >= outer.top() - SLACK
            and inner.right() <= outer.right() + SLACK and inner.bottom() <= outer.bottom() + SLACK)


def _clippers(widget: QWidget, window: QWidget) -> Iterator[QWidget]:
    """Every widget whose area clips `widget`: its ancestors up to the window."""
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        yield parent
        parent = parent.parentWidget()


def _scroll_area(viewport: QWidget) -> QAbstractScrollArea | None:
    area = viewport.parentWidget()
    return area if isinstance(area, QAbstractScrollArea) and area.viewport() is viewport else None


def hidden_primary_controls(window: QMainWindow, page: QWidget) -> list[str]:
    """Each visible primary control lies fully inside the window and every ancestor (a scroll
    area's viewport included) that would cut it off."""
    step = getattr(page, "primary_controls", None)
    names = step() if callable(step) else getattr(page, "PRIMARY_CONTROLS", ())
    out: list[str] = []
    window_rect = window.rect()
    for object_name in names:
        for control in page.findChildren(QWidget, object_name):
            if not shown(control, window):
                continue
            r = rect_in(control, window)
            for clipper in _clippers(control, window):
                c = rect_in(clipper, window)
                if not _inside(r, c):
                    area = _scroll_area(clipper)
                    where = (f"the scroll area {area.objectName() or type(area).__name__}" if area
                             else name(clipper))
                    out.append(f"{name(control)} at {_fmt(r)} needs scrolling or is cut off: "
                               f"outside {where} ({_fmt(c)})")
                    break
            else:
                if not _inside(r, window_rect):
                    out.append(f"{name(control)} at {_fmt(r)} is outside the window ({_fmt(window_rect)})")
    return out


def _panel(widget: QWidget) -> bool:
    return bool(re.search(r"(Card|Panel)\d*$", widget.objectName()))


def _layouts(page: QWidget) -> Iterator[tuple[QLayout, list[QWidget]]]:
    """Each layout under the page with the widgets it places. Read through the QObject tree and
    `indexOf`, never `itemAt`: a layout item is no QObject, so PySide keeps its wrapper after Qt
    deletes it, and a later object at the same address came back as that stale type."""
    for widget in (page, *page.findChildren(QWidget)):
        top = widget.layout()
        if top is None:
            continue
        kids = [w for w in widget.children() if isinstance(w, QWidget)]
        for layout in (top, *top.findChildren(QLayout)):
            yield layout, [w for w in kids if layout.indexOf(w) >= 0]


def overlaps(window: QMainWindow, page: QWidget) -> list[str]:
    """No two visible cards or panels, and no two widgets of one layout, share pixels."""
    groups: list[list[QWidget]] = []
    panels = [w for w in page.findChildren(QWidget) if _panel(w) and shown(w, window)]
    groups.append(panels)
    for layout, placed in _layouts(page):
        if isinstance(layout, QStackedLayout):
            continue
        groups.append([w for w in placed if shown(w, window)])
    out: list[str] = []
    seen: set[tuple[int, int]] = set()
    for members in groups:
        for i, a in enumerate(members):
            for b in members[i + 1:]:
                key = (min(id(a), id(b)), max(id(a), id(b)))
                if key in seen or a.isAncestorOf(b) or b.isAncestorOf(a):
                    continue
                seen.add(key)
                ra, rb = rect_in(a, window), rect_in(b, window)
                common = ra.intersected(rb)
                if common.width() > SLACK and common.height() > SLACK:
                    out.append(f"{name(a)} {_fmt(ra)} overlaps {name(b)} {_fmt(rb)}")
    return out


def _plain(label: QLabel) -> str | None:
    """The text a label draws, or None for pictures and rich text (laid out by a document)."""
    if label.pixmap() is not None and not label.pixmap().isNull():
        return None
    text = label.text()
    if not text or label.textFormat() == Qt.TextFormat.RichText or (
            label.textFormat() == Qt.TextFormat.AutoText and QtGui.Qt.mightBeRichText(text)):
        return None
    return text


def _label_room(label: QLabel) -> QRect:
    room = label.contentsRect()
    m = label.margin()
    room.adjust(m, m, -m, -m)
    indent = label.indent()
    if indent > 0:
        room.adjust(indent, 0, 0, 0)
    return room


def _clipped_width(widget: QWidget, window: QWidget) -> int:
    """How much of the widget's width its ancestors let show, up to the first scroll area's
    viewport (scrolling shows the rest)."""
    r = rect_in(widget, window)
    for clipper in _clippers(widget, window):
        if _scroll_area(clipper) is not None:
            break
        r = r.intersected(rect_in(clipper, window))
    return r.width()


def _cut_label(label: QLabel, window: QWidget) -> str | None:
    text = _plain(label)
    if text is None:
        return None
    metrics = label.fontMetrics()
    room = _label_room(label)
    room.setWidth(min(room.width(), _clipped_width(label, window) - (label.width() - room.width())))
    if label.wordWrap():
        need = label.heightForWidth(label.width())
        if need > label.height() + SLACK:
            return f"{name(label)} wraps to {need} px in {label.height()} px"
        return None
    widest = max(metrics.horizontalAdvance(line) for line in text.split("\n"))
    if widest > room.width() + SLACK:
        return f"{name(label)} needs {widest} px, has {room.width()}"
    tall = metrics.height() * (text.count("\n") + 1)
    if tall > room.height() + SLACK + metrics.leading():
        return f"{name(label)} needs {tall} px high, has {room.height()}"
    return None


def _cut_button(button: QPushButton) -> str | None:
    text = button.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
    if not text:
        return None
    opt = QStyleOptionButton()
    button.initStyleOption(opt)
    room = button.style().subElementRect(QStyle.SubElement.SE_PushButtonContents, opt, button)
    need = max(button.fontMetrics().horizontalAdvance(line) for line in text.split("\n"))
    if not button.icon().isNull():
        need += button.iconSize().width() + 4
    if need > room.width() + SLACK:
        return f"{name(button)} needs {need} px, has {room.width()}"
    return None


def _cut_combo(combo: QComboBox) -> str | None:
    text = combo.currentText()
    if not text:
        return None
    opt = QStyleOptionComboBox()
    combo.initStyleOption(opt)
    room = combo.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, opt,
                                        QStyle.SubControl.SC_ComboBoxEditField, combo)
    need = combo.fontMetrics().horizontalAdvance(text)
    if not combo.itemIcon(combo.currentIndex()).isNull():
        need += combo.iconSize().width() + 4
    if need > room.width() + SLACK:
        return f"{name(combo)} needs {need} px, has {room.width()}"
    return None


def cut_text(window: QMainWindow, page: QWidget) -> list[str]:
    """Labels, buttons and combo boxes whose text does not fit, unless wrapping/eliding by design
    (a wrapped label is cut only when it needs more height than it has)."""
    out: list[str] = []
    for widget in page.findChildren(QWidget):
        if not shown(widget, window):
            continue
        if isinstance(widget, QLabel):
            problem = _cut_label(widget, window)
        elif isinstance(widget, QPushButton):
            problem = _cut_button(widget)
        elif isinstance(widget, QComboBox):
            problem = _cut_combo(widget)
        else:
            continue
        if problem:
            out.append(problem)
    return out


def cut_anywhere(window: QMainWindow, page: QWidget) -> list[str]:
    """Cut text on the page and in the docks beside it, and cut table rows anywhere."""
    docks = [d for d in window.findChildren(QDockWidget) if shown(d, window)]
    return [p for area in (page, *docks) for p in cut_text(window, area)] + cut_cells(window)


def cut_cells(window: QMainWindow) -> list[str]:
    """Rows of visible tables lower than their text needs at the columns' widths now, and
    columns of tables that do not wrap narrower than their text (the view's own measure)."""
    out: list[str] = []
    for table in window.findChildren(QTableView):
        if not shown(table, window):
            continue
        rows, columns = table.model().rowCount(), table.model().columnCount()
        for r in range(rows):
            if not table.isRowHidden(r) and table.sizeHintForRow(r) > table.rowHeight(r) + SLACK:
                out.append(f"{name(table)} row {r} needs {table.sizeHintForRow(r)} px, has {table.rowHeight(r)}")
        if table.wordWrap():
            continue
        for c in range(columns):
            if not table.isColumnHidden(c) and table.sizeHintForColumn(c) > table.columnWidth(c) + SLACK:
                out.append(f"{name(table)} column {c} needs {table.sizeHintForColumn(c)} px, "
                           f"has {table.columnWidth(c)}")
    return out


def small_board(window: QMainWindow, page: QWidget) -> list[str]:
    """The page's board covers at least half of the central area (checked from 1280x800 up by
    the tests; here whenever the page names a visible board)."""
    board_name = getattr(page, "BOARD", None)
    if not board_name:
        return []
    boards = [b for b in page.findChildren(QWidget, board_name) if shown(b, window)]
    if not boards:
        return []
    central = window.centralWidget()
    area = rect_in(central, window)
    board = rect_in(boards[0], window).intersected(area)
    share = board.width() * board.height() / max(1, area.width() * area.height())
    if share + 1e-9 < BOARD_SHARE:
        return [f"{board_name} {_fmt(board)} covers {share:.0%} of the central area {_fmt(area)}"]
    return []


def squeezed_docks(window: QMainWindow, page: QWidget) -> list[str]:
    """Docks of the right column narrower than its width (DOCK_WIDTH, folded or not) though the
    page shown asks for less of the window than the rest."""
    from gui.docks import DOCK_WIDTH, NARROW_WIDTH

    right = Qt.DockWidgetArea.RightDockWidgetArea
    docks = [d for d in window.findChildren(QDockWidget)  # a tab behind another lies off the window
             if shown(d, window) and not d.isFloating() and window.dockWidgetArea(d) == right
             and window.rect().intersects(d.geometry())]
    stack = getattr(page, "stack", None)  # a game view: the page it shows, not its widest
    shown_page = stack.currentWidget() if isinstance(stack, QStackedWidget) else page
    need = max(shown_page.minimumSizeHint().width(), shown_page.minimumWidth(), page.minimumWidth())
    room = window.width() - need - DOCK_SEPARATOR
    want = min(DOCK_WIDTH[window.width() < NARROW_WIDTH], room)
    return [f"{name(d)} is {d.width()} px wide where the page leaves it {want}"
            for d in docks if d.width() + SLACK < want]


def sideways(window: QMainWindow, page: QWidget) -> list[str]:
    """Scroll areas on the page showing a horizontal scroll bar: what lies off to the side is
    easily missed (a scroll area that only mirrors another, its bar always off, never shows one)."""
    return [f"{name(a)} scrolls sideways: {a.viewport().width()} px of "
            f"{a.viewport().width() + a.horizontalScrollBar().maximum()}"
            for a in page.findChildren(QAbstractScrollArea)
            if shown(a, window) and a.horizontalScrollBar().isVisible() and a.horizontalScrollBar().maximum() > SLACK]


def _fmt(r: QRect) -> str:
    return f"{r.width()}x{r.height()}+{r.x()}+{r.y()}"


def open_window(save: str | None, size: tuple[int, int]) -> QMainWindow:
    """A window (no autosave) of `size`, showing `save` opened (None: the start page), laid out."""
    from PySide6.QtWidgets import QApplication

    from core.match import Match
    from gui.controller import MatchController
    from gui.main_window import MainWindow

    window = MainWindow(autosave=False)
    window.resize(*size)
    window.show()
    if save is not None:
        assert window._install(MatchController(Match.load(save), path=save))
    for _ in range(10):
        QApplication.processEvents()
    return window


def main(argv: list[str]) -> int:
    """`WxH PERCENT PNG_DIR|- PAGE...` (PAGE: a save, or `start`): prints {page: problems} as
    JSON. WxH is the screen's pixels; at PERCENT the window is that much smaller in Qt's units."""
    size_text, scale_text, png_dir, *pages = argv
    scale = int(scale_text)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["QT_SCALE_FACTOR"] = f"{scale / 100:g}"
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    width, height = (int(v) for v in size_text.split("x"))
    found = {}
    for page in pages:
        window = open_window(None if page == "start" else page,
                             (round(width * 100 / scale), round(height * 100 / scale)))
        found[page] = check(window)
        if png_dir != "-":
            Path(png_dir).mkdir(parents=True, exist_ok=True)
            stem = Path(page).name.removesuffix(".battlebox.json")
            window.grab().save(str(Path(png_dir) / f"{stem}-{size_text}-{scale}.png"))
        window.close()
        window.deleteLater()
        app.processEvents()
    print(json.dumps(found))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
