"""The secret fistful picker: the roster with filters, the growing fistful and its limits.

The selection is UI state only; the view turns "Confirm" into a Pick action. Its look is in
resources/style/fighters.qss; the finish chips paint their own finish colours, which depend
on the roster (a hue per region) and so cannot be written in a static sheet.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (QColor, QFont, QFontInfo, QKeyEvent, QLinearGradient, QPainter, QPaintEvent, QPalette,
                           QPen)
from PySide6.QtWidgets import (QComboBox, QFrame, QGridLayout, QHBoxLayout, QLabel, QLineEdit,
                               QPushButton, QScrollArea, QStyle, QVBoxLayout, QWidget)

from core.fistful.roster import Fighter, Roster
from core.fistful.throwdown import MAX_FIGHTERS, MAX_POINTS, fistful_problems
from gui.kit.fighters.tokens import ARROWS, FOCUS_RING, FighterToken, finish_palette, fitted_font
from gui.kit.hint_mark import hint_pen
from gui.kit.layouts import clear_layout
from gui.kit.style import ColourLabel, set_role

ALL = ""
# The roster's columns: a fighter's name over its region, its value, its three finishes. Narrow
# enough that the whole row fits beside the fistful at 1024x640 with the docks beside it.
NAME_W, VALUE_W, CHIP_W = 96, 40, 64
FISTFUL_TOKEN = QSize(84, 118)
CHIP_KEYS = "Up/Down: the next fighter, Left/Right: the next finish, Enter or Space: add or remove."
PUT_BACK = "Click or press Enter to put this fighter back."


def chip_name(fighter: Fighter) -> str:
    return f"pick:{fighter.sculpt}:{fighter.finish}"


def token_name(fighter: Fighter) -> str:
    return f"fistful:{fighter.sculpt}:{fighter.finish}"


def mark_count(label: QLabel, within: bool) -> None:
    """Show a counter ("4/6 fighters") as within its limit or over it."""
    set_role(label, "count-ok" if within else "count-bad")


class FinishChip(QPushButton):
    """A finish to toggle in the roster, drawn in that fighter's finish colours. By keyboard, Enter or
    Space toggles it and the arrows ask the picker for the neighbouring chip (`navigate(chip, dx, dy)`)."""

    CHECKED_BORDER = QColor("#111827")
    HOVER_BORDER = QColor("#f59e0b")

    def __init__(self, roster: Roster, fighter: Fighter, text: str, parent: QWidget | None = None,
                 navigate: Callable[[FinishChip, int, int], None] | None = None) -> None:
        super().__init__(text, parent)
        self.fighter = fighter
        self._navigate = navigate
        self.setObjectName(chip_name(fighter))
        self.setProperty("role", "finish-chip")
        self.setCheckable(True)
        self.setAttribute(Qt.WidgetAttribute.WA_Hover, True)
        self._top, self._bottom, self._border, self._ink = finish_palette(roster, fighter)
        self.hinted = False  # the shown hint chooses this finish

    def set_hinted(self, on: bool) -> None:
        if on != self.hinted:
            self.hinted = on
            self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.isChecked():
            width, border = 3.0, self.CHECKED_BORDER
        elif self.underMouse():
            width, border = 2.0, self.HOVER_BORDER
        else:
            width, border = 1.0, self._border
        box = QRectF(self.rect()).adjusted(width / 2, width / 2, -width / 2, -width / 2)
        fill = QLinearGradient(box.topLeft(), box.bottomLeft())
        fill.setColorAt(0, self._top)
        fill.setColorAt(1, self._bottom)
        p.setBrush(fill)
        p.setPen(QPen(border, width))
        radius = box.height() / 2
        p.drawRoundedRect(box, radius, radius)
        p.setPen(self._ink)
        # a chosen finish wears a tick before its name, narrowed to the chip's width if need be
        text = f"\u2713 {self.text()}" if self.isChecked() else self.text()
        font = QFont(self.font())
        p.setFont(fitted_font(font, text, box.width() - 6, QFontInfo(font).pixelSize(), font.bold()))
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        if self.hinted:
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(hint_pen(2.5))
            ring = QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5)
            p.drawRoundedRect(ring, ring.height() / 2, ring.height() / 2)
        if self.hasFocus():
            p.setBrush(Qt.BrushStyle.NoBrush)
            ring = QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5)
            for colour, width, style in ((FOCUS_RING[0], 3.0, Qt.PenStyle.SolidLine),
                                         (FOCUS_RING[1], 2.0, Qt.PenStyle.DashLine)):
                p.setPen(QPen(colour, width, style))
                p.drawRoundedRect(ring, ring.height() / 2, ring.height() / 2)
        p.end()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = Qt.Key(event.key())
        if key in ARROWS and self._navigate is not None and not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self._navigate(self, *ARROWS[key])
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if not event.isAutoRepeat() and self.isEnabled():
                self.click()
        else:
            super().keyPressEvent(event)


class _SculptRow(QWidget):
    def __init__(self, roster: Roster, sculpt_id: str, toggle, parent: QWidget | None = None,
                 navigate: Callable[[FinishChip, int, int], None] | None = None) -> None:
        super().__init__(parent)
        s = roster.sculpts[sculpt_id]
        self.sculpt = s
        lay = QHBoxLayout(self)
        lay.setContentsMargins(6, 3, 6, 3)
        lay.setSpacing(4)
        who = QWidget()
        who.setFixedWidth(NAME_W)
        wl = QVBoxLayout(who)
        wl.setContentsMargins(0, 0, 0, 0)
        wl.setSpacing(0)
        wl.addWidget(QLabel(s.name, objectName="sculptName"))
        wl.addWidget(QLabel(s.region, objectName="sculptRegion"))
        value = QLabel(str(s.value), objectName="sculptValue")
        value.setFixedSize(26, 26)
        value.setAlignment(Qt.AlignmentFlag.AlignCenter)
        value.setToolTip(f"Worth {s.value} point{'s' if s.value != 1 else ''}")
        value_box = QWidget()
        value_box.setFixedWidth(VALUE_W)
        vb = QHBoxLayout(value_box)
        vb.setContentsMargins(0, 0, 0, 0)
        vb.addWidget(value, 0, Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(who)
        lay.addWidget(value_box)
        self.chips: dict[str, QPushButton] = {}
        for finish in roster.finishes:
            f = Fighter(sculpt_id, finish.id)
            b = FinishChip(roster, f, finish.name, navigate=navigate)
            b.setFixedSize(CHIP_W, 28)
            b.setCursor(Qt.CursorShape.PointingHandCursor)
            b.setToolTip(f"{roster.name(f)}: {s.region}, worth {s.value}. Click to add or remove.\n{CHIP_KEYS}")
            b.clicked.connect(lambda _=False, f=f: toggle(f))
            self.chips[finish.id] = b
            lay.addWidget(b)
        lay.addStretch(1)


class FistfulPicker(QWidget):
    """Emits `confirm_requested(fighters)`; never applies anything itself."""

    confirm_requested = Signal(tuple)

    def __init__(self, roster: Roster, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("fistfulPicker")
        self.roster = roster
        self.player: int | None = None
        self._selection: list[Fighter] = []
        self.tokens: dict[Fighter, FighterToken] = {}

        self.title = ColourLabel(objectName="pickTitle")
        self.title.setWordWrap(True)  # "<forty letters>, choose your Ultimate Champion's four"
        self.subtitle = QLabel(f"Choose up to {MAX_FIGHTERS} fighters worth up to {MAX_POINTS} points "
                               "in total. Your choice stays secret until everyone has picked.",
                               objectName="pickSubtitle")
        self.subtitle.setWordWrap(True)

        # roster
        self.search = QLineEdit(objectName="rosterSearch", placeholderText="Search fighters\u2026")
        self.search.setClearButtonEnabled(True)
        self.region_filter = QComboBox(objectName="regionFilter")
        self.region_filter.addItem("All regions", ALL)
        for region in roster.regions:
            self.region_filter.addItem(region, region)
        self.finish_filter = QComboBox(objectName="finishFilter")
        self.finish_filter.addItem("All finishes", ALL)
        for finish in roster.finishes:
            self.finish_filter.addItem(finish.name, finish.id)
        self.search.textChanged.connect(self._apply_filters)
        self.region_filter.currentIndexChanged.connect(self._apply_filters)
        self.finish_filter.currentIndexChanged.connect(self._apply_filters)
        filters = QHBoxLayout()
        filters.setSpacing(8)
        filters.addWidget(self.search, 2)
        filters.addWidget(self.region_filter, 1)
        filters.addWidget(self.finish_filter, 1)

        header = QWidget()
        hl = QHBoxLayout(header)
        hl.setContentsMargins(6, 0, 6, 0)
        hl.setSpacing(4)
        for text, w in (("Fighter", NAME_W), ("Value", VALUE_W), ("Finishes (click to add)", CHIP_W * 3 + 8)):
            lab = QLabel(text, objectName="rosterColumn")
            lab.setFixedWidth(w)
            hl.addWidget(lab)
        hl.addStretch(1)
        # The header scrolls sideways with the rows (so its columns stay over theirs and a narrow
        # window never squeezes it) but stays put when the rows scroll down.
        self.header_scroll = QScrollArea(objectName="rosterHeader")
        self.header_scroll.setWidgetResizable(True)
        self.header_scroll.setWidget(header)
        self.header_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.header_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.header_scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.header_scroll.setFixedHeight(header.sizeHint().height())

        rows = QWidget(objectName="rosterRows")
        rl = QVBoxLayout(rows)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.setSpacing(0)
        self.rows: list[_SculptRow] = []
        for i, sid in enumerate(roster.sculpts):
            row = _SculptRow(roster, sid, self.toggle, navigate=self._navigate)
            row.setAutoFillBackground(True)
            pal = row.palette()
            pal.setColor(QPalette.ColorRole.Window, QColor("#ffffff" if i % 2 == 0 else "#f3f4f8"))
            row.setPalette(pal)
            self.rows.append(row)
            rl.addWidget(row)
        self.no_match = QLabel("No fighter matches these filters.", objectName="noMatch")
        self.no_match.hide()
        rl.addWidget(self.no_match)
        rl.addStretch(1)
        self.roster_scroll = QScrollArea()
        self.roster_scroll.setWidgetResizable(True)
        self.roster_scroll.setWidget(rows)
        self.roster_scroll.setFrameShape(QFrame.Shape.StyledPanel)
        self.roster_scroll.horizontalScrollBar().valueChanged.connect(
            self.header_scroll.horizontalScrollBar().setValue)
        bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent) + 2
        self.header_scroll.setViewportMargins(0, 0, bar, 0)
        # the room the page asks for: a whole row beside the roster's scroll bar, never sideways
        self.header_scroll.setMinimumWidth(header.minimumSizeHint().width() + bar)

        roster_box = QVBoxLayout()
        roster_box.setSpacing(6)
        rh = QLabel("Roster")
        rh.setProperty("role", "heading")
        roster_box.addWidget(rh)
        roster_box.addLayout(filters)
        roster_box.addWidget(self.header_scroll)
        roster_box.addWidget(self.roster_scroll, 1)

        # fistful
        side = QFrame(objectName="fistfulPanel")
        side.setFixedWidth(290)  # three fistful tokens to a row
        sl = QVBoxLayout(side)
        sl.setContentsMargins(12, 12, 12, 14)
        sl.setSpacing(8)
        self.fistful_title = QLabel("Your fistful")
        self.fistful_title.setProperty("role", "heading")
        self.fistful_title.setWordWrap(True)  # "<forty letters>'s fistful" in a narrow column
        counters = QHBoxLayout()
        self.fighter_count = QLabel(objectName="fighterCount")
        self.point_count = QLabel(objectName="pointCount")
        counters.addWidget(self.fighter_count)
        counters.addStretch(1)
        counters.addWidget(self.point_count)
        self.tokens_box = QWidget(objectName="fistfulTokens")
        self.tokens_grid = QGridLayout(self.tokens_box)
        self.tokens_grid.setContentsMargins(0, 0, 0, 0)
        self.tokens_grid.setSpacing(6)
        self.empty_hint = QLabel("Click a finish in the roster to add that fighter (or arrows, then Enter).\n"
                                 "Click a fighter here (or Enter) to put it back.", objectName="emptyHint")
        self.empty_hint.setWordWrap(True)
        self.problems = QLabel(objectName="pickProblems")
        self.problems.setWordWrap(True)
        self.clear_button = QPushButton("Clear", objectName="clearPick")
        self.clear_button.clicked.connect(self.clear)
        self.confirm = QPushButton("Confirm fistful", objectName="confirmPick")
        self.confirm.setMinimumHeight(42)
        self.confirm.setCursor(Qt.CursorShape.PointingHandCursor)
        set_role(self.confirm, "primary")
        self.confirm.clicked.connect(lambda: self.confirm_requested.emit(tuple(self._selection)))
        sl.addWidget(self.fistful_title)
        sl.addLayout(counters)
        content = QWidget(objectName="fistfulContent")
        cl = QVBoxLayout(content)
        cl.setContentsMargins(0, 0, 0, 0)
        cl.setSpacing(8)
        cl.addWidget(self.tokens_box)
        cl.addWidget(self.empty_hint)
        cl.addStretch(1)
        scroll = QScrollArea(objectName="fistfulScroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.viewport().setAutoFillBackground(False)
        scroll.setWidget(content)
        sl.addWidget(scroll, 1)
        sl.addWidget(self.problems)
        # The confirm button gets a row of its own: beside Clear, "Face the Warlords" was cut.
        sl.addWidget(self.clear_button, 0, Qt.AlignmentFlag.AlignRight)
        sl.addWidget(self.confirm)

        body = QHBoxLayout()
        body.setSpacing(10)
        body.addLayout(roster_box, 1)
        body.addWidget(side)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(12, 16, 12, 16)
        lay.setSpacing(6)
        lay.addWidget(self.title)
        lay.addWidget(self.subtitle)
        lay.addSpacing(6)
        lay.addLayout(body, 1)
        self._refresh()

    # --- state ------------------------------------------------------------------------
    @property
    def selection(self) -> tuple[Fighter, ...]:
        return tuple(self._selection)

    def start(self, player: int, name: str, colour: str) -> None:
        """A new player sits down: empty selection, filters cleared."""
        self.player = player
        self._selection = []
        self.clear_filters()
        self.title.setText(f"{name}, choose your fistful")
        self.title.set_colour(colour)
        self.fistful_title.setText(f"{name}'s fistful")
        self._refresh()

    def toggle(self, fighter: Fighter) -> None:
        if fighter in self._selection:
            self._selection.remove(fighter)
        else:
            self._selection.append(fighter)
        self._refresh()

    def mark(self, fighters: Iterable[Fighter]) -> None:
        """Frame the finishes a hint would choose (nothing: take the frames away)."""
        hinted = set(fighters)
        for row in self.rows:
            for fid, chip in row.chips.items():
                chip.set_hinted(Fighter(row.sculpt.id, fid) in hinted)

    def clear(self) -> None:
        self._selection = []
        self._refresh()

    def clear_filters(self) -> None:
        self.search.clear()
        self.region_filter.setCurrentIndex(0)
        self.finish_filter.setCurrentIndex(0)


    # --- keyboard ---------------------------------------------------------------------
    def _navigate(self, chip: FinishChip, dx: int, dy: int) -> None:
        """An arrow on a finish chip: Left/Right to the next finish shown in its row, Up/Down to the
        nearest finish shown in the next fighter's row (the same finish when it is shown)."""
        row = next((r for r in self.rows if chip in r.chips.values()), None)
        if row is None:
            return
        target: QPushButton | None = None
        if dx:
            chips = [b for b in row.chips.values() if b.isVisibleTo(self) and b.isEnabled()]
            at = chips.index(chip) if chip in chips else -1
            if 0 <= at + dx < len(chips):
                target = chips[at + dx]
        else:
            rows = [r for r in self.rows if r.isVisibleTo(self)]
            at = rows.index(row) if row in rows else -1
            column = list(row.chips.values()).index(chip)
            k = at + dy
            while 0 <= k < len(rows) and target is None:
                shown = [(i, b) for i, b in enumerate(rows[k].chips.values()) if b.isVisibleTo(self) and b.isEnabled()]
                if shown:
                    target = min(shown, key=lambda ib: abs(ib[0] - column))[1]
                k += dy
        if target is not None:
            target.setFocus(Qt.FocusReason.OtherFocusReason)
            self.roster_scroll.ensureWidgetVisible(target, 8, 8)

    def _restore_focus(self, lost: Fighter | None, index: int) -> None:
        """After the fistful is redrawn, the keyboard stays where the player was: on the same fighter, on
        the token that took the place of the one put back, or on that fighter's chip in the roster."""
        widget: QWidget | None = None
        if lost in self.tokens:
            widget = self.tokens[lost]
        elif self._selection:
            widget = self.tokens[self._selection[min(index, len(self._selection) - 1)]]
        elif lost is not None:
            chip = self.findChild(FinishChip, chip_name(lost))
            widget = chip if chip is not None and chip.isVisibleTo(self) and chip.isEnabled() else self.confirm
        if widget is not None:
            QTimer.singleShot(0, widget, lambda: widget.setFocus(Qt.FocusReason.OtherFocusReason))

    # --- drawing ----------------------------------------------------------------------
    def _apply_filters(self) -> None:
        text = self.search.text().strip().casefold()
        region = self.region_filter.currentData()
        finish = self.finish_filter.currentData()
        shown = 0
        for row in self.rows:
            s = row.sculpt
            visible = (not region or s.region == region) and (
                not text or text in s.name.casefold() or text in s.region.casefold()
                or any(text in f"{f.name} {s.name}".casefold() for f in self.roster.finishes))
            row.setVisible(visible)
            for fid, b in row.chips.items():
                b.setVisible(not finish or fid == finish)
            shown += visible
        self.no_match.setVisible(shown == 0)

    def _refresh(self) -> None:
        sel = set(self._selection)
        for row in self.rows:
            for fid, b in row.chips.items():
                b.blockSignals(True)
                b.setChecked(Fighter(row.sculpt.id, fid) in sel)
                b.setText(self.roster.finish_name(fid))
                b.blockSignals(False)
        focused = next((f for f, t in self.tokens.items() if t.hasFocus()), None)
        index = list(self.tokens).index(focused) if focused is not None else 0
        clear_layout(self.tokens_grid)
        self.tokens = {}
        for i, f in enumerate(self._selection):
            t = FighterToken(self.roster, f, size=FISTFUL_TOKEN)
            t.setObjectName(token_name(f))
            self.tokens[f] = t
            t.set_clickable(True, PUT_BACK)
            t.clicked.connect(lambda f=f: self.toggle(f))
            self.tokens_grid.addWidget(t, i // 3, i % 3)
        if focused is not None:
            self._restore_focus(focused, index)
        rows = (len(self._selection) + 2) // 3
        self.tokens_box.setFixedHeight(rows * FISTFUL_TOKEN.height() + max(0, rows - 1) * 6)
        self.empty_hint.setVisible(not self._selection)

        n = len(self._selection)
        points = sum(self.roster.value(f) for f in self._selection)
        self.fighter_count.setText(f"{n}/{MAX_FIGHTERS} fighters")
        mark_count(self.fighter_count, n <= MAX_FIGHTERS)
        self.point_count.setText(f"{points}/{MAX_POINTS} points")
        mark_count(self.point_count, points <= MAX_POINTS)
        problems = fistful_problems(self.roster, self._selection)
        self.problems.setText("\n".join(f"\u2022 {p}" for p in problems))
        self.problems.setVisible(bool(problems))
        self.confirm.setEnabled(not problems)
        self.confirm.setToolTip(" ".join(problems) if problems else "Lock in this fistful (it stays secret).")
