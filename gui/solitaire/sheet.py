"""The Solitaire score sheet as on paper: a table for the Scores dock and a painter for export.

Both read the same `sheet_lines`, so the PDF, the PNG and the dock always agree.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QMarginsF, QPointF, QRectF, QSizeF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.fistful.solitaire import (
    BASIC,
    CHALLENGE_NAMES,
    MAX_GAMES,
    POINTS_RULE,
    SUPER,
    STANDING_BONUS,
    STANDING_BONUS_RULE,
    SUPER_POINTS,
    SolitaireState,
    bonus_total,
    standing_bonuses,
)

COLUMNS = tuple(f"Game {g + 1}" for g in range(MAX_GAMES))
SHORT_COLUMNS = tuple(f"G{g + 1}" for g in range(MAX_GAMES))  # a session of two or three games: the dock is narrow
SUBTOTAL_BG = QColor("#fdf3d8")
TOTAL_BG = QColor("#f6d68a")
HEADING_BG = QColor("#e8e1d3")
CURRENT_BG = QColor("#e3f1e6")


@dataclass(frozen=True)
class SheetLine:
    kind: str  # "heading", "challenge", "subtotal", "total", "bonus"
    label: str
    rule: str
    cells: tuple[str, ...]  # one per game of the session, "" when blank
    number: int | None = None
    bonus: tuple[bool, ...] = ()  # per game: the entry includes the standing bonus


SHORT_NAMES = {1: "1 face up", 2: "2 face up", 3: "3 face up", 4: "4 face up", 5: "5 face up",
               6: "3 same finish", 7: "3 diff. lands", 8: "3 same land", 9: "2 pairs, 2 lands",
               10: "all 3 finishes"}
SHORT_RULES = {**{c: "sum" for c in BASIC}, **{c: str(p) for c, p in SUPER_POINTS.items()}}
FIRST_GAME_COLUMN = 3
BONUS_LABEL = f"of which +{STANDING_BONUS} standing"
SHORT_TOTALS = {"Basic Score (subtotal)": "Basic Score", "Super Score (subtotal)": "Super Score",
                "TOTAL SCORE": "TOTAL", BONUS_LABEL: f"incl. +{STANDING_BONUS} standing"}
BONUS_MARK = "\u2605"  # beside an entry that includes the standing bonus


def sheet_lines(state: SolitaireState) -> list[SheetLine]:
    sheet = state.sheet
    games = state.setup.games

    bonuses = standing_bonuses(state)

    def cells(value) -> tuple[str, ...]:
        return tuple(str(value(g)) for g in range(games))

    def entry(c: int):
        return lambda g: "" if sheet.entry(g, c) is None else sheet.entry(g, c)

    def challenge(c: int) -> SheetLine:
        marked = tuple((g, c) in bonuses for g in range(games))
        texts = tuple(text + (BONUS_MARK if mark else "") for text, mark in zip(cells(entry(c)), marked))
        return SheetLine("challenge", CHALLENGE_NAMES[c], POINTS_RULE[c], texts, c, marked)

    blank = ("",) * games
    lines = [SheetLine("heading", "Basic challenges: add the face-up fighters", "Points", blank)]
    lines += [challenge(c) for c in BASIC]
    lines.append(SheetLine("subtotal", "Basic Score (subtotal)", "", cells(sheet.basic)))
    lines.append(SheetLine("heading", "Super challenges: points as shown", "Points", blank))
    lines += [challenge(c) for c in SUPER]
    lines.append(SheetLine("subtotal", "Super Score (subtotal)", "", cells(sheet.super)))
    lines.append(SheetLine("total", "TOTAL SCORE", "", cells(sheet.total)))
    lines.append(SheetLine("bonus", BONUS_LABEL, "", tuple(
        f"+{bonus_total(state, g)}" if bonus_total(state, g) else "\u2013" for g in range(games))))
    return lines


class SheetTable(QWidget):
    """The Scores dock: the sheet, plus the export buttons (handled by the view)."""

    export_pdf_requested = Signal()
    export_png_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("solitaireSheet")
        self.table = QTableWidget(0, FIRST_GAME_COLUMN + MAX_GAMES, objectName="sheetTable")
        self.table.setHorizontalHeaderLabels(["No.", "Challenge", "Pts", *COLUMNS])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setDefaultSectionSize(24)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        hh = self.table.horizontalHeader()
        hh.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        hh.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        for c in range(2, FIRST_GAME_COLUMN + MAX_GAMES):
            hh.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeaderItem(2).setToolTip("Points: the sum of the face-up values, or as shown")
        self.export_pdf = QPushButton("Export sheet as PDF\u2026", objectName="exportPdf")
        self.export_png = QPushButton("Export sheet as PNG\u2026", objectName="exportPng")
        self.export_pdf.clicked.connect(self.export_pdf_requested)
        self.export_png.clicked.connect(self.export_png_requested)
        buttons = QHBoxLayout()
        buttons.addWidget(self.export_pdf)
        buttons.addWidget(self.export_png)
        hint = QLabel("Hover a challenge for its full rule. Green: the game being played.")
        hint.setWordWrap(True)
        hint.setProperty("role", "caption")
        self.bonus_note = QLabel(f"{STANDING_BONUS_RULE} {BONUS_MARK} marks an entry that includes it.",
                                 objectName="standingBonusNote")
        self.bonus_note.setWordWrap(True)
        self.bonus_note.setProperty("role", "caption")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.table, 1)
        lay.addWidget(self.bonus_note)
        lay.addWidget(hint)
        lay.addLayout(buttons)

    def render(self, state: SolitaireState) -> None:
        """The dock is narrow: no heading rows, short names (the full ones are tooltips)."""
        lines = [line for line in sheet_lines(state) if line.kind != "heading"]
        games = state.setup.games
        for g in range(MAX_GAMES):
            self.table.setColumnHidden(FIRST_GAME_COLUMN + g, g >= games)
            head = self.table.horizontalHeaderItem(FIRST_GAME_COLUMN + g)
            head.setText(COLUMNS[g] if games == 1 else SHORT_COLUMNS[g])
            head.setToolTip(COLUMNS[g])
        self.table.setRowCount(len(lines))
        current = state.game if state.phase != "over" else None
        for r, line in enumerate(lines):
            label = SHORT_NAMES[line.number] if line.number else SHORT_TOTALS.get(line.label, line.label)
            texts = [str(line.number) if line.number else "", label, SHORT_RULES.get(line.number, ""), *line.cells]
            for c, text in enumerate(texts):
                game = c - FIRST_GAME_COLUMN
                with_bonus = line.kind == "challenge" and 0 <= game < len(line.bonus) and line.bonus[game]
                item = QTableWidgetItem(text)
                align = Qt.AlignmentFlag.AlignLeft if c == 1 else Qt.AlignmentFlag.AlignCenter
                item.setTextAlignment(align | Qt.AlignmentFlag.AlignVCenter)
                if line.kind == "bonus":
                    item.setToolTip(STANDING_BONUS_RULE)
                    item.setForeground(QBrush(QColor("#92400e")))
                elif line.kind == "challenge":
                    item.setToolTip(f"{line.label}: {line.rule}" + (
                        f"\n{BONUS_MARK} This entry includes the +{STANDING_BONUS} standing bonus." if with_bonus else ""))
                    if with_bonus:
                        item.setForeground(QBrush(QColor("#92400e")))
                        f = item.font()
                        f.setBold(True)
                        item.setFont(f)
                    if current is not None and game == current:
                        item.setBackground(QBrush(CURRENT_BG))
                elif line.kind == "heading":
                    item.setBackground(QBrush(HEADING_BG))
                    item.setForeground(QBrush(QColor("#4b4237")))
                else:
                    item.setBackground(QBrush(TOTAL_BG if line.kind == "total" else SUBTOTAL_BG))
                    f = item.font()
                    f.setBold(True)
                    item.setFont(f)
                self.table.setItem(r, c, item)


# --- painting the paper sheet (PDF and PNG export) ------------------------------------------------
SHEET_SIZE = QSizeF(820, 1000)  # logical units; scaled to the page or image


def paint_sheet(p: QPainter, target: QRectF, state: SolitaireState, title: str = "") -> None:
    """Draw the score sheet into `target`, scaled to fit and centred; paper colours, black ink."""
    scale = min(target.width() / SHEET_SIZE.width(), target.height() / SHEET_SIZE.height())
    p.save()
    p.translate(target.left() + (target.width() - SHEET_SIZE.width() * scale) / 2,
                target.top() + (target.height() - SHEET_SIZE.height() * scale) / 2)
    p.scale(scale, scale)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    w = SHEET_SIZE.width()
    p.fillRect(QRectF(0, 0, w, SHEET_SIZE.height()), QColor("#fffdf7"))

    def font(px: float, bold: bool = False) -> QFont:
        f = QFont("DejaVu Sans")
        f.setPixelSize(int(px))
        f.setBold(bold)
        return f

    ink = QColor("#1f1a14")
    p.setPen(ink)
    p.setFont(font(30, True))
    p.drawText(QRectF(40, 28, w - 80, 40), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
               "Solitaire Challenge \u2014 score sheet")
    p.setFont(font(15))
    p.setPen(QColor("#5b5146"))
    sub = title or f"Player: {state.name}"
    p.drawText(QRectF(40, 70, w - 80, 24), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, sub)

    x_no, x_name, x_rule, x_games = 40.0, 90.0, 420.0, 560.0
    games = state.setup.games
    game_w = (w - 40 - x_games) / games
    top, row_h = 116.0, 52.0
    p.setFont(font(14, True))
    p.fillRect(QRectF(40, top, w - 80, row_h), QColor("#3b2f24"))
    p.setPen(QColor("#ffffff"))
    head = [(x_no, x_name - x_no, "No."), (x_name, x_rule - x_name, "Challenge"), (x_rule, x_games - x_rule, "Points")]
    head += [(x_games + g * game_w, game_w, f"Game {g + 1}") for g in range(games)]
    for x, width, text in head:
        p.drawText(QRectF(x + 8, top, width - 16, row_h), Qt.AlignmentFlag.AlignVCenter
                   | (Qt.AlignmentFlag.AlignLeft if text in ("Challenge",) else Qt.AlignmentFlag.AlignCenter), text)
    column_lines = (x_name, x_rule, *(x_games + g * game_w for g in range(games)))
    y = top + row_h
    for line in sheet_lines(state):
        h = 34.0 if line.kind == "heading" else row_h
        rect = QRectF(40, y, w - 80, h)
        if line.kind == "heading":
            p.fillRect(rect, HEADING_BG)
        elif line.kind == "subtotal":
            p.fillRect(rect, SUBTOTAL_BG)
        elif line.kind == "total":
            p.fillRect(rect, TOTAL_BG)
        p.setPen(ink)
        if line.kind == "heading":
            p.setFont(font(13, True))
            p.drawText(rect.adjusted(10, 0, -10, 0), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                       line.label)
        else:
            bold = line.kind != "challenge"
            p.setFont(font(22 if line.number else 15, True))
            if line.number:
                p.drawText(QRectF(x_no, y, x_name - x_no, h), Qt.AlignmentFlag.AlignCenter, str(line.number))
            p.setFont(font(16 if line.kind == "total" else 15, bold))
            p.drawText(QRectF(x_name + 8, y, x_rule - x_name - 12, h),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap,
                       line.label)
            p.setFont(font(13))
            p.setPen(QColor("#5b5146"))
            p.drawText(QRectF(x_rule + 6, y, x_games - x_rule - 12, h),
                       Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, line.rule)
            p.setPen(QColor("#0b3a66"))
            p.setFont(font(24 if line.kind == "total" else 20, True))
            for g, text in enumerate(line.cells):
                p.drawText(QRectF(x_games + g * game_w, y, game_w, h), Qt.AlignmentFlag.AlignCenter, text)
        p.setPen(QPen(QColor("#8a7d6b"), 1))
        p.drawLine(rect.bottomLeft(), rect.bottomRight())
        if line.kind != "heading":
            for x in column_lines:
                p.drawLine(QPointF(x, y), QPointF(x, y + h))
        y += h
    p.setPen(QPen(QColor("#3b2f24"), 2))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(QRectF(40, top, w - 80, y - top))
    p.setFont(font(13))
    p.setPen(QColor("#5b5146"))
    p.drawText(QRectF(40, y + 14, w - 80, 60), Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap,
               f"{STANDING_BONUS_RULE} {BONUS_MARK} marks an entry that includes it. Each challenge is used "
               "once per game; when no unused challenge matches, 0 goes on one of your choice.")
    p.restore()


def sheet_image(state: SolitaireState, width: int = 1640, title: str = "") -> QImage:
    height = round(width * SHEET_SIZE.height() / SHEET_SIZE.width())
    image = QImage(width, height, QImage.Format.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    p = QPainter(image)
    paint_sheet(p, QRectF(0, 0, width, height), state, title)
    p.end()
    return image


def write_png(path: str, state: SolitaireState, title: str = "") -> bool:
    return sheet_image(state, title=title).save(path, "PNG")


def write_pdf(path: str, state: SolitaireState, title: str = "") -> bool:
    writer = QPdfWriter(path)
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                                     QMarginsF(12, 12, 12, 12), QPageLayout.Unit.Millimeter))
    writer.setResolution(300)
    writer.setTitle("Solitaire Challenge score sheet")
    writer.setCreator("Battlebox")
    p = QPainter()
    if not p.begin(writer):
        return False
    area = writer.pageLayout().paintRectPixels(writer.resolution())
    paint_sheet(p, QRectF(0, 0, area.width(), area.height()), state, title)
    return p.end()
