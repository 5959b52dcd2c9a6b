"""The layout board's referee parts: the selected chip's position typed in centimetres, the table
of who reaches whom (both ways), the warnings, and the ruling for a pair with its export.

Every figure and word of a ruling comes from core/clout/ruling.py; these widgets only lay the
facts out and say which pair or chip the user picked.
"""
from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDoubleSpinBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from core.clout.geometry import inside_area
from core.clout.ruling import (
    MAX_TABLE_ROWS,
    Referee,
    Ruling,
    Verdict,
    cm_text,
    layout_warnings,
    mm_text,
    ruling_sentence,
    warning_lines,
)
from gui.clout.canvas import to_scene
from gui.clout.layout_parts import colour_swatch
from gui.kit.style import set_role

# The ruling sheet shows a close-up of a pair at most this far apart (centres, along x or y).
CLOSE_UP_CM = 30.0
REACH_COLUMNS = ("Chip", "Target", "Edge to edge", "Reach", "Margin", "Allows")


class PositionEntry(QWidget):
    """The selected chip's centre from the area's top-left corner, to 0.1 mm; Enter (or Apply)
    moves the chip there in one undo step."""

    position_entered = Signal(float, float)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chipPosition")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.x_box, self.y_box = QDoubleSpinBox(objectName="chipX"), QDoubleSpinBox(objectName="chipY")
        for axis, box in (("x", self.x_box), ("y", self.y_box)):
            box.setDecimals(2)
            box.setSingleStep(0.1)
            box.setRange(-10_000.0, 10_000.0)
            box.setSuffix(" cm")
            box.setKeyboardTracking(False)
            box.setToolTip(f"The chip's centre, {axis} in centimetres from the area's top-left corner (Enter: move it)")
            box.setAccessibleName(f"Chip centre {axis}")
            box.lineEdit().returnPressed.connect(self._entered)
            label = QLabel(axis)
            label.setBuddy(box)
            row.addWidget(label)
            row.addWidget(box, 1)
        self.apply_button = QPushButton("Move", objectName="chipPositionApply")
        self.apply_button.setToolTip("Move the selected chip to these coordinates (Enter)")
        self.apply_button.clicked.connect(self._entered)
        row.addWidget(self.apply_button)
        self.show_position(None)

    def show_position(self, centre: tuple[float, float] | None) -> None:
        for box, value in zip((self.x_box, self.y_box), centre or (0.0, 0.0)):
            box.blockSignals(True)
            box.setValue(value)
            box.blockSignals(False)
        self.setEnabled(centre is not None)

    def _entered(self) -> None:
        self.x_box.interpretText()
        self.y_box.interpretText()
        self.position_entered.emit(self.x_box.value(), self.y_box.value())


class ReachTable(QTableWidget):
    """Every ordered pair within reach: clicking a row picks the pair (chip first)."""

    pair_chosen = Signal(str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(REACH_COLUMNS), parent)
        self.setObjectName("reachTable")
        self.setHorizontalHeaderLabels(REACH_COLUMNS)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setWordWrap(False)
        self.verticalHeader().hide()
        self.setIconSize(QSize(10, 10))
        header = self.horizontalHeader()
        for col in range(len(REACH_COLUMNS)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(len(REACH_COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        self.cellClicked.connect(lambda row, _col: self._choose(row))
        self.cellActivated.connect(lambda row, _col: self._choose(row))
        self.pairs: list[tuple[str, str]] = []

    def set_rows(self, rows: Sequence[Ruling], labels: dict[str, str], colours: dict[str, str]) -> None:
        self.setRowCount(len(rows))
        self.pairs = [(r.a, r.b) for r in rows]
        for k, r in enumerate(rows):
            fly = f" +{cm_text(r.fly_cm)} Fly" if r.fly_cm else ""
            close = " (too close)" if r.verdict is Verdict.TOO_CLOSE else ""
            cells = (labels[r.a], labels[r.b], f"{cm_text(r.distance_cm)} cm{fly}",
                     f"{cm_text(r.reach_cm)} cm ({r.range_units} x {r.increment_cm:g})",
                     f"{'+' if r.margin_mm >= 0 else '−'}{mm_text(abs(r.margin_mm))} mm{close}",
                     ", ".join(a.label() for a in r.allows) or "—")
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                if col in (2, 3, 4):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if col < 2:
                    item.setIcon(colour_swatch(colours[r.a if col == 0 else r.b], QSize(10, 10)))
                self.setItem(k, col, item)

    def select_pair(self, pair: tuple[str, str] | None) -> None:
        self.blockSignals(True)
        if pair in self.pairs:
            self.selectRow(self.pairs.index(pair))
        else:
            self.clearSelection()
        self.blockSignals(False)

    def _choose(self, row: int) -> None:
        if 0 <= row < len(self.pairs):
            self.pair_chosen.emit(*self.pairs[row])


class RefereePanel(QWidget):
    """The ruling on top (with its export), the reach table and the warnings as tabs below."""

    pair_chosen = Signal(str, str)
    chip_chosen = Signal(str)
    export_requested = Signal(str)  # "png" or "pdf"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("refereePanel")
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 4, 6, 4)
        ruling = QVBoxLayout()
        title = QLabel("Ruling", objectName="rulingTitle")
        ruling.addWidget(title)
        self.ruling_text = QLabel(objectName="rulingText")
        self.ruling_text.setWordWrap(True)
        self.ruling_text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.ruling_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        ruling.addWidget(self.ruling_text, 1)
        buttons = QHBoxLayout()
        self.export_png = QPushButton("Sheet PNG…", objectName="exportRulingPng")
        self.export_pdf = QPushButton("Sheet PDF…", objectName="exportRulingPdf")
        for button, fmt in ((self.export_png, "png"), (self.export_pdf, "pdf")):
            button.setToolTip(f"Export the ruling sheet as {fmt.upper()}: the board with the pair measured, "
                              "the ruling and the increments used")
            button.clicked.connect(lambda _=False, f=fmt: self.export_requested.emit(f))
            buttons.addWidget(button)
        buttons.addStretch(1)
        ruling.addLayout(buttons)
        row.addLayout(ruling, 1)
        self.tabs = QTabWidget(objectName="refereeTabs")
        self.table = ReachTable()
        self.table.pair_chosen.connect(self.pair_chosen)
        self.warnings = QListWidget(objectName="layoutWarnings")
        self.warnings.itemClicked.connect(self._warning_clicked)
        self.warnings.itemActivated.connect(self._warning_clicked)
        self.tabs.addTab(self.table, "Who reaches whom")
        self.tabs.addTab(self.warnings, "Warnings")
        row.addWidget(self.tabs, 1)
        self.show_ruling([])

    def show_table(self, rows: Sequence[Ruling], labels: dict[str, str], colours: dict[str, str]) -> None:
        self.table.set_rows(rows, labels, colours)
        more = "+" if len(rows) >= MAX_TABLE_ROWS else ""  # the table stops there
        self.tabs.setTabText(0, f"Who reaches whom ({len(rows)}{more})")

    def show_warnings(self, lines: Sequence[tuple[str, str]]) -> None:
        """(chip id to show, line) per warning."""
        self.warnings.clear()
        for chip, line in lines:
            item = QListWidgetItem(f"⚠ {line}")
            item.setData(Qt.ItemDataRole.UserRole, chip)
            self.warnings.addItem(item)
        self.tabs.setTabText(1, f"Warnings ({len(lines)})" if lines else "Warnings (none)")
        set_role(self.warnings, "warn" if lines else "")

    def show_ruling(self, sentences: Sequence[str], pair: tuple[str, str] | None = None) -> None:
        if sentences:
            self.ruling_text.setText("\n".join(sentences))
            set_role(self.ruling_text, "ruling")
        else:
            self.ruling_text.setText("The ruling: click a chip, then Shift+click (or Ctrl+click) another, "
                                     "or pick a row of the table.")
            set_role(self.ruling_text, "hint")
        self.export_png.setEnabled(bool(sentences))
        self.export_pdf.setEnabled(bool(sentences))
        self.table.select_pair(pair)

    def _warning_clicked(self, item: QListWidgetItem) -> None:
        chip = item.data(Qt.ItemDataRole.UserRole)
        if chip:
            self.chip_chosen.emit(chip)


class RefereeBoard:
    """The layout board's referee half (gui/clout/layout_board.py mixes it in): the ruling for a
    pair, the reach table and warnings kept up with the layout, the typed position, the cursor
    read-out and the sheet's export. It uses the board's layout_doc, catalogue, area, canvas,
    labels, set_status, show_error, _commit and _folder."""

    def _with_referee(self, top: QWidget) -> QWidget:
        """The board's panels and area above, the referee panel across the whole width below
        (the reach table needs the width)."""
        self.labels: dict[str, str] = {}  # chip id -> its shown name (#numbers for shared names)
        self.ruled: tuple[str, str] | None = None  # the pair the ruling is about
        self.rulings: list[str] = []  # its sentences, both ways
        self.reach_rows: list[Ruling] = []
        self.canvas.cursor_moved.connect(self._cursor_moved)
        self.referee = RefereePanel()
        self.referee.pair_chosen.connect(self.rule_pair)
        self.referee.chip_chosen.connect(self._show_chip)
        self.referee.export_requested.connect(self.export_dialog)
        split = QSplitter(Qt.Orientation.Vertical, objectName="layoutSplit")
        split.addWidget(top)
        split.addWidget(self.referee)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        split.setCollapsible(0, False)
        split.setSizes([560, 200])
        return split

    def _build_status_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addWidget(self.status, 1)
        self.cursor_label = QLabel(objectName="cursorReadout")
        self.cursor_label.setContentsMargins(8, 4, 8, 4)
        row.addWidget(self.cursor_label)
        self._cursor_moved(None)
        return row

    def _set_tab_order(self) -> None:
        """Tab leaves the area for the position, then the tables (gui/kit/board_view: Tab is never
        trapped by a board)."""
        chain = (self.catalogue_list, self.canvas, self.position.x_box, self.position.y_box,
                 self.position.apply_button, self.referee.tabs)
        for first, second in zip(chain, chain[1:]):
            QWidget.setTabOrder(first, second)

    def ask_export_path(self, fmt: str, suggested: str) -> str | None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(self, "Export the ruling sheet", suggested,
                                              f"{fmt.upper()} files (*.{fmt})")
        if path and not path.lower().endswith(f".{fmt}"):
            path += f".{fmt}"
        return path or None

    def enter_position(self, x_cm: float, y_cm: float) -> bool:
        """The typed centre for the selected chip: one undo step, refused off the area."""
        cid = self.canvas.selected
        if cid is None or not self.layout_doc.has(cid):
            return False
        if not inside_area((x_cm, y_cm), self.area):
            self.set_status(f"({x_cm:.2f}, {y_cm:.2f}) cm is off the playing area; the chip stays where it was.")
            self._refresh_selection()
            return False
        self._commit(self.layout_doc.move(cid, x_cm, y_cm))
        self.set_status(f"{self._name(cid)} moved to x {x_cm:.2f} cm, y {y_cm:.2f} cm.")
        return True

    def rule_pair(self, a: str, b: str) -> None:
        """The ruling for a pair, both ways, with the tape between them on the board."""
        self.ruled = (a, b)
        if self.canvas.ruler_chips != (a, b):
            self.canvas.set_ruler(a, b)
        self._refresh_ruling()
        if self.rulings:
            self.set_status(self.rulings[0])

    def _refresh_ruling(self) -> None:
        doc = self.layout_doc
        if self.ruled and not all(doc.has(c) for c in self.ruled):
            self.ruled = None
        if self.ruled:
            referee = Referee(doc, self.catalogue, self.area)
            a, b = self.ruled
            self.rulings = [ruling_sentence(referee.rule(a, b)), ruling_sentence(referee.rule(b, a))]
            self.canvas.set_pair([(doc.chip(c).x_cm, doc.chip(c).y_cm) for c in self.ruled])
        else:
            self.rulings = []
            self.canvas.set_pair([])
        self.referee.show_ruling(self.rulings, self.ruled)

    def reached_by_html(self, chip_id: str) -> str:
        """The selected chip's panel, the other way round: the chips whose reach takes it in."""
        rows = [r for r in self.reach_rows if r.b == chip_id]
        items = "".join(f"<li><span style='color:{self.layout_doc.players[self.layout_doc.chip(r.a).owner].colour}'>●"
                        f"</span> {escape(self.labels[r.a], quote=False)} <span style='color:#666'>({cm_text(r.distance_cm)} cm, "
                        f"{'+' if r.margin_mm >= 0 else '−'}{mm_text(abs(r.margin_mm))} mm)</span></li>" for r in rows)
        head = f"<p style='margin:6px 0 2px 0'><b>Reached by ({len(rows)})</b></p>"
        return head + (f"<ul style='margin:0; -qt-list-indent: 1'>{items}</ul>" if rows
                       else "<p style='margin:0'>No chip reaches it.</p>")

    def _cursor_moved(self, at: tuple[float, float] | None) -> None:
        self.cursor_label.setText(f"x {at[0]:.1f} cm, y {at[1]:.1f} cm" if at else "x —, y —")

    def _show_chip(self, chip_id: str) -> None:
        self.canvas.select(chip_id)
        self.canvas.centerOn(self.canvas.items_by_id[chip_id])

    def export_dialog(self, fmt: str) -> bool:
        path = self.ask_export_path(fmt, str(Path(self._folder()) / f"ruling.{fmt}"))
        return self.export_sheet(path, fmt) if path else False

    def export_sheet(self, path: str, fmt: str) -> bool:
        """The ruling sheet as PNG or PDF: the scene as it is (pair, tape, any photo underlay)."""
        from gui.clout.ruling_sheet import sheet_notes, write_pdf, write_png

        if not self.rulings:
            self.set_status("Pick two chips first: the sheet is a ruling's.")
            return False
        write = write_pdf if fmt == "pdf" else write_png
        title = f"Clout Fantasy ruling — {self.labels[self.ruled[0]]} and {self.labels[self.ruled[1]]}"
        ends = [self.layout_doc.chip(c) for c in self.ruled]
        close_up = None  # a pair far apart reads well enough on the whole board
        if max(abs(ends[0].x_cm - ends[1].x_cm), abs(ends[0].y_cm - ends[1].y_cm)) <= CLOSE_UP_CM:
            close_up = QRectF(to_scene(min(c.x_cm for c in ends) - 6, min(c.y_cm for c in ends) - 6),
                              to_scene(max(c.x_cm for c in ends) + 6, max(c.y_cm for c in ends) + 6))
        if not write(path, self.canvas, title, self.rulings, sheet_notes(self.layout_doc, self.area), close_up):
            self.show_error("Cannot export the ruling sheet", f"Cannot write {path}.")
            return False
        self.set_status(f"Ruling sheet written to {path}.")
        return True

    def _refresh_referee(self) -> None:
        doc = self.layout_doc
        colours = {c.id: doc.players[c.owner].colour for c in doc.chips}
        self.reach_rows = Referee(doc, self.catalogue, self.area).reach_table()
        self.referee.show_table(self.reach_rows, self.labels, colours)
        warnings = layout_warnings(doc, self.area)
        chips = [o.a for o in warnings.overlaps] + list(warnings.partly_off) + list(warnings.off_area)
        self.referee.show_warnings(list(zip(chips, warning_lines(warnings, self.labels))))
        warned = {*chips, *(o.b for o in warnings.overlaps)}
        self.canvas.set_warned([(c.x_cm, c.y_cm) for c in doc.chips if c.id in warned])
        self._refresh_ruling()
