"""The Clout Fantasy stack builder: pick chips from the catalogue into a fifteen-chip stack.

The widget only edits a `Stack` (plain data) and shows what `core.clout.stacks.problems` says
about it; it never refuses a click itself, so the rules stay in one place and a player can
save a half-built stack. File dialogs and error boxes sit behind `ask_*` / `show_error` so
tests can answer them. `chip_pixmap` paints a chip the way the table shows it (faction colour,
clout dots, name, range and defense) and is meant to be reused by the playing-area canvas.
"""
from __future__ import annotations

import re
from collections import Counter

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QFrame, QHBoxLayout, QLabel, QLineEdit,
                               QListView, QListWidget, QListWidgetItem, QPushButton, QScrollArea,
                               QToolButton, QVBoxLayout, QWidget)

from core.clout.catalogue import (CHIP_TYPES, FACTION_BY_ID, FACTIONS, NEUTRAL, Catalogue, Chip,
                                  default_catalogue, describe_chip)
from core.clout.stacks import (BASES, MAX_NEUTRAL, MAX_STACK_POINTS, STACK_SIZE, STACK_SUFFIX, Stack,
                               load_stack, problems, ready_stacks, save_stack, stack_faction,
                               stack_points)
from gui.kit.style import set_role
from gui.kit.pixmaps import sharp_pixmap
from gui.kit.stylesheet import apply_theme
from maps.datafile import DataError

TILE_PX = 104
ROW_CHIP_PX = 30
STACK_FILTER = f"Clout Fantasy stacks (*{STACK_SUFFIX} *.json)"


def chip_pixmap(chip: Chip, diameter: int, detail: bool = True) -> QPixmap:
    """A round chip in its faction colour; `detail=False` keeps only the colour and clout dots."""
    faction = FACTION_BY_ID[chip.faction]
    pix = sharp_pixmap(diameter)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    body = QColor(faction.colour)
    ink = QColor(faction.ink)
    d = float(diameter)
    outer = QRectF(1, 1, d - 2, d - 2)
    p.setPen(QPen(body.darker(160), max(1.0, d / 60)))
    p.setBrush(body)
    p.drawEllipse(outer)
    # casino-chip edge marks, so a chip reads as a chip even when tiny
    rim = QColor(ink)
    rim.setAlpha(150)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(rim)
    c = QPointF(d / 2, d / 2)
    for k in range(8):
        p.save()
        p.translate(c)
        p.rotate(k * 45 + 22.5)
        p.drawRect(QRectF(-d * 0.035, -d / 2 + 1.5, d * 0.07, d * 0.085))
        p.restore()
    inner = outer.adjusted(d * 0.1, d * 0.1, -d * 0.1, -d * 0.1)
    p.setPen(QPen(rim, max(1.0, d / 80)))
    p.setBrush(body.lighter(115) if chip.faction != "undead" else body.lighter(170))
    p.drawEllipse(inner)
    # clout points as dots across the top, as printed
    r = d * 0.03
    gap = r * 2.8
    x0 = c.x() - gap * (chip.points - 1) / 2
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(ink)
    for k in range(chip.points):
        p.drawEllipse(QPointF(x0 + k * gap, inner.top() + d * 0.09), r, r)
    if detail:
        p.setPen(ink)
        box_w = inner.width() - d * 0.06
        name_font = _fitted_font(chip.name, round(d * 0.115), box_w, bold=True)
        p.setFont(name_font)
        name_box = QRectF(inner.left() + d * 0.03, inner.top() + d * 0.14, box_w, d * 0.34)
        p.drawText(name_box, Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, chip.name)
        stat_font = QFont()
        stat_font.setPixelSize(max(7, round(d * 0.1)))
        p.setFont(stat_font)
        defense = "⚡" if chip.defense is None else f"D{chip.defense}"
        p.drawText(QRectF(inner.left(), inner.top() + d * 0.49, inner.width(), d * 0.13),
                   Qt.AlignmentFlag.AlignCenter, f"R{chip.range}  {defense}")
        small = QFont()
        small.setPixelSize(max(6, round(d * 0.08)))
        p.setFont(small)
        tail = f" · {chip.type}" if chip.type != "troop" else ""
        p.drawText(QRectF(inner.left(), inner.top() + d * 0.61, inner.width(), d * 0.1),
                   Qt.AlignmentFlag.AlignCenter, f"{chip.points} pt{'s' if chip.points != 1 else ''}{tail}")
    p.end()
    return pix


def _fitted_font(text: str, pixels: int, width: float, bold: bool) -> QFont:
    """The largest font up to `pixels` in which every word of `text` fits `width` on its own line."""
    font = QFont()
    font.setBold(bold)
    for size in range(max(7, pixels), 5, -1):
        font.setPixelSize(size)
        metrics = QFontMetricsF(font)
        if all(metrics.horizontalAdvance(w) <= width for w in text.split()):
            break
    return font


class StackBuilder(QWidget):
    """`play_requested(setup, seed)`: New Game was filled in with this stack and accepted; the
    window that owns the builder starts the game."""

    stack_changed = Signal(object)
    play_requested = Signal(object, object)

    def __init__(self, stack: Stack | None = None, catalogue: Catalogue | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        apply_theme()  # a tool window may open before any game view has set the theme
        self.setObjectName("cloutStackBuilder")
        self.catalogue = catalogue or default_catalogue()
        self._stack = stack or Stack()
        self._ready = ready_stacks() if catalogue is None else {}
        self._icons: dict[str, QIcon] = {}
        self.plus_buttons: dict[str, QToolButton] = {}
        self.minus_buttons: dict[str, QToolButton] = {}

        self.faction_combo = QComboBox()
        self.faction_combo.addItem("All factions", "")
        for f in FACTIONS:
            self.faction_combo.addItem(f.name, f.id)
        self.type_combo = QComboBox()
        self.type_combo.addItem("All types", "")
        for t in CHIP_TYPES:
            self.type_combo.addItem(f"{t.capitalize()}s", t)
        self.search_edit = QLineEdit()
        self.search_edit.setPlaceholderText("Search names and abilities, e.g. strike")
        self.search_edit.setClearButtonEnabled(True)
        self.faction_combo.currentIndexChanged.connect(self._filter)
        self.type_combo.currentIndexChanged.connect(self._filter)
        self.search_edit.textChanged.connect(self._filter)
        filters = QHBoxLayout()
        filters.addWidget(self.faction_combo)
        filters.addWidget(self.type_combo)
        filters.addWidget(self.search_edit, 1)

        self.chip_list = QListWidget()
        self.chip_list.setViewMode(QListView.ViewMode.IconMode)
        self.chip_list.setResizeMode(QListView.ResizeMode.Adjust)
        self.chip_list.setMovement(QListView.Movement.Static)
        self.chip_list.setIconSize(QSize(TILE_PX, TILE_PX))
        self.chip_list.setGridSize(QSize(TILE_PX + 14, TILE_PX + 12))
        self.chip_list.setUniformItemSizes(True)
        self.chip_list.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.chip_list.setSpacing(2)
        for chip in self.catalogue:
            item = QListWidgetItem(QIcon(chip_pixmap(chip, TILE_PX)), "")
            item.setData(Qt.ItemDataRole.UserRole, chip.id)
            item.setData(Qt.ItemDataRole.AccessibleTextRole, chip.name)
            item.setToolTip(describe_chip(chip) + "\n\nClick to add a copy to the stack.")
            self.chip_list.addItem(item)
        self.chip_list.itemClicked.connect(lambda item: self.add_chip(item.data(Qt.ItemDataRole.UserRole)))
        self.shown_label = QLabel(objectName="shownCount")

        left = QVBoxLayout()
        left.addLayout(filters)
        left.addWidget(self.chip_list, 1)
        left.addWidget(self.shown_label)

        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("Stack name (optional)")
        self.name_edit.textEdited.connect(self._renamed)
        self.ready_combo = QComboBox()
        for key, s in self._ready.items():
            self.ready_combo.addItem(s.name or key, key)
        self.ready_button = QPushButton("Use this stack")
        self.ready_button.clicked.connect(lambda: self.load_ready())
        self.ready_button.setEnabled(bool(self._ready))
        ready_row = QHBoxLayout()
        ready_row.addWidget(QLabel("Ready-to-play"))
        ready_row.addWidget(self.ready_combo, 1)
        ready_row.addWidget(self.ready_button)

        self.rows = QWidget()
        self.rows_layout = QVBoxLayout(self.rows)
        self.rows_layout.setContentsMargins(0, 0, 4, 0)
        self.rows_layout.setSpacing(2)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.StyledPanel)
        scroll.setWidget(self.rows)
        scroll.setMinimumHeight(180)

        self.totals_label = QLabel()
        self.totals_label.setWordWrap(True)
        self.status_label = QLabel(objectName="stackStatus")
        self.problem_list = QListWidget()
        self.problem_list.setWordWrap(True)
        self.problem_list.setSpacing(3)
        self.problem_list.setMaximumHeight(170)
        self.open_button = QPushButton("Open stack…")
        self.open_button.clicked.connect(self.open_stack)
        self.save_button = QPushButton("Save stack…")
        self.save_button.clicked.connect(self.save_stack)
        self.clear_button = QPushButton("Clear")
        self.clear_button.clicked.connect(lambda: self._update(Stack(self._stack.name, ())))
        self.play_button = QPushButton("Play with this stack…", objectName="playWithStack")
        self.play_button.setToolTip("Open New Game with this stack in the first seat")
        self.play_button.clicked.connect(lambda: self.play_with_stack())
        files = QHBoxLayout()
        files.addWidget(self.clear_button)
        files.addStretch(1)
        files.addWidget(self.open_button)
        files.addWidget(self.save_button)
        play_row = QHBoxLayout()
        play_row.addStretch(1)
        play_row.addWidget(self.play_button)

        right = QVBoxLayout()
        right.addWidget(self.name_edit)
        right.addLayout(ready_row)
        right.addWidget(scroll, 1)
        right.addWidget(self.totals_label)
        right.addWidget(self.status_label)
        right.addWidget(self.problem_list)
        right.addLayout(files)
        right.addLayout(play_row)
        right_box = QWidget()
        right_box.setLayout(right)
        right_box.setMinimumWidth(360)

        outer = QHBoxLayout(self)
        outer.addLayout(left, 3)
        outer.addWidget(right_box, 2)
        self._filter()
        self.set_stack(self._stack)

    # --- public -----------------------------------------------------------------------------
    def stack(self) -> Stack:
        return self._stack

    def set_stack(self, stack: Stack) -> None:
        self._stack = stack
        self.name_edit.setText(stack.name)
        same = next((k for k, s in self._ready.items() if s == stack), None)
        if same is not None:
            self.ready_combo.setCurrentIndex(self.ready_combo.findData(same))
        self._refresh()

    def problems(self) -> list[str]:
        return problems(self._stack, self.catalogue)

    def can_start(self) -> bool:
        return not self.problems()

    def add_chip(self, chip_id: str) -> None:
        """One more copy, next to the copies already there (no limit here: problems() reports it)."""
        chips = list(self._stack.chips)
        last = max((i for i, c in enumerate(chips) if c == chip_id), default=len(chips) - 1)
        chips.insert(last + 1, chip_id)
        self._update(Stack(self._stack.name, tuple(chips)))

    def remove_chip(self, chip_id: str) -> None:
        chips = list(self._stack.chips)
        if chip_id in chips:
            del chips[len(chips) - 1 - chips[::-1].index(chip_id)]
            self._update(Stack(self._stack.name, tuple(chips)))

    def load_ready(self, key: str | None = None) -> None:
        key = key or self.ready_combo.currentData()
        if key in self._ready:
            self.set_stack(self._ready[key])
            self.stack_changed.emit(self._stack)

    # --- files (tests replace the ask_* / show_error methods) --------------------------------
    def ask_save_path(self, suggested: str) -> str | None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(self, "Save the stack", suggested, STACK_FILTER)
        return path or None

    def ask_open_path(self) -> str | None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(self, "Open a stack", "", STACK_FILTER)
        return path or None

    def show_error(self, message: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.warning(self, "Clout Fantasy stack", message)

    def ask_new_game(self, stack: Stack) -> tuple[object, int | None] | None:
        """New Game for Clout Fantasy with `stack` in the first seat: (setup, seed), or None if cancelled.
        A stack with problems is named there with what is wrong, and the seat may pick another."""
        from gui.new_game import NewGameDialog

        dialog = NewGameDialog("clout", self)
        name = stack.name or "Stack builder"
        dialog.set_seat_value("stacks", 0, f"{name} (builder)", Stack(name, stack.chips))
        dialog.exec()
        return dialog.result_value()

    def play_with_stack(self) -> bool:
        answer = self.ask_new_game(self._stack)
        if answer is None:
            return False
        self.play_requested.emit(*answer)
        return True

    def save_stack(self) -> bool:
        stem = re.sub(r"[^A-Za-z0-9-]+", "-", self._stack.name).strip("-") or "stack"
        path = self.ask_save_path(stem + STACK_SUFFIX)
        if not path:
            return False
        try:
            save_stack(path, self._stack)
        except OSError as e:
            self.show_error(f"Cannot save {path}: {e.strerror or e}")
            return False
        return True

    def open_stack(self) -> bool:
        path = self.ask_open_path()
        if not path:
            return False
        try:
            stack = load_stack(path, self.catalogue)
        except DataError as e:
            self.show_error(f"Cannot open the stack. {e}")
            return False
        self.set_stack(stack)
        self.stack_changed.emit(self._stack)
        return True

    # --- drawing ----------------------------------------------------------------------------
    def _update(self, stack: Stack) -> None:
        self._stack = stack
        self._refresh()
        self.stack_changed.emit(stack)

    def _renamed(self, text: str) -> None:
        self._stack = Stack(text, self._stack.chips)
        self.stack_changed.emit(self._stack)

    def _filter(self) -> None:
        keep = {c.id for c in self.catalogue.filter(self.faction_combo.currentData() or None,
                                                    self.type_combo.currentData() or None,
                                                    self.search_edit.text())}
        for i in range(self.chip_list.count()):
            item = self.chip_list.item(i)
            item.setHidden(item.data(Qt.ItemDataRole.UserRole) not in keep)
        self.shown_label.setText(f"{len(keep)} of {len(self.catalogue)} chips shown · "
                                 "click a chip to add it · hover for its abilities")

    def _icon(self, chip: Chip) -> QIcon:
        if chip.id not in self._icons:
            self._icons[chip.id] = QIcon(chip_pixmap(chip, ROW_CHIP_PX * 2, detail=False))
        return self._icons[chip.id]

    def _row(self, chip_id: str, count: int) -> QWidget:
        chip = self.catalogue.get(chip_id)
        row = QWidget()
        lay = QHBoxLayout(row)
        lay.setContentsMargins(4, 1, 4, 1)
        pic = QLabel()
        if chip is not None:
            pic.setPixmap(self._icon(chip).pixmap(ROW_CHIP_PX, ROW_CHIP_PX))
            pic.setToolTip(describe_chip(chip))
        pic.setFixedSize(ROW_CHIP_PX, ROW_CHIP_PX)
        lay.addWidget(pic)
        name = chip.name if chip else f"'{chip_id}' (unknown chip)"
        kind = f"{chip.faction_name} {chip.type}" if chip else ""
        text = QLabel(f"<b>{count} ×</b> {name} <span style='color:#6b7280'>{kind}</span>")
        lay.addWidget(text, 1)
        if chip is not None:
            pts = QLabel(f"{chip.points * count} pt{'s' if chip.points * count != 1 else ''}",
                         objectName="rowPoints")
            lay.addWidget(pts)
        minus = QToolButton()
        minus.setText("−")
        minus.setToolTip(f"Remove a copy of {name}")
        minus.clicked.connect(lambda _=False, c=chip_id: self.remove_chip(c))
        plus = QToolButton()
        plus.setText("+")
        plus.setToolTip(f"Add a copy of {name}")
        plus.clicked.connect(lambda _=False, c=chip_id: self.add_chip(c))
        self.minus_buttons[chip_id] = minus
        self.plus_buttons[chip_id] = plus
        lay.addWidget(minus)
        lay.addWidget(plus)
        return row

    def _refresh(self) -> None:
        while self.rows_layout.count():
            w = self.rows_layout.takeAt(0).widget()
            if w is not None:
                w.hide()
                w.setParent(None)
                w.deleteLater()
        self.plus_buttons.clear()
        self.minus_buttons.clear()
        counts = Counter(self._stack.chips)
        if not counts:
            hint = QLabel("The stack is empty: click chips on the left, or use a ready-to-play stack.",
                          objectName="emptyStackHint")
            hint.setWordWrap(True)
            self.rows_layout.addWidget(hint)
        for chip_id, n in counts.items():
            self.rows_layout.addWidget(self._row(chip_id, n))
        self.rows_layout.addStretch(1)

        cat = self.catalogue.chips
        n = len(self._stack.chips)
        bases = sum(1 for c in self._stack.chips if c in cat and cat[c].type == "base")
        neutral = sum(1 for c in self._stack.chips if c in cat and cat[c].faction == NEUTRAL)
        faction = stack_faction(self._stack, self.catalogue)
        self.totals_label.setText(
            f"<b>{n}</b> / {STACK_SIZE} chips · <b>{stack_points(self._stack, self.catalogue)}</b> / "
            f"{MAX_STACK_POINTS} points · <b>{bases}</b> / {BASES} bases · <b>{neutral}</b> / {MAX_NEUTRAL} neutral"
            + (f" · {FACTION_BY_ID[faction].name}" if faction else ""))
        found = self.problems()
        self.problem_list.clear()
        for text in found:
            self.problem_list.addItem(QListWidgetItem(text))
        self.problem_list.setVisible(bool(found))
        if found:
            self.status_label.setText(f"{len(found)} problem{'s' if len(found) > 1 else ''} to fix")
            set_role(self.status_label, "problem")
        else:
            self.status_label.setText("Ready to play")
            set_role(self.status_label, "ready")
