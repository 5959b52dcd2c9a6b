"""The finish screen: the session's total(s), the personal-best list, export and back."""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.fistful.solitaire import SolitaireState
from gui.solitaire.bests import Best
from gui.kit.over import Trophy, back_to_start, end_buttons, play_again, review_button, result_label
from gui.kit.tables import keep_rows_fitted, whole_height


class FinishPage(QWidget):
    finished_requested = Signal()
    again_requested = Signal()
    review_requested = Signal()
    export_pdf_requested = Signal()
    export_png_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("finishPage")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.trophy = Trophy()
        self.summary = result_label("finishSummary")
        self.detail = QLabel(objectName="finishDetail")
        self.detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.detail.setWordWrap(True)
        self.bests_title = QLabel("Personal bests", objectName="bestsTitle")
        self.bests_title.setProperty("role", "heading")
        self.bests_problem = QLabel(objectName="bestsProblem")
        self.bests_problem.setWordWrap(True)
        self.bests_problem.hide()
        self.table = QTableWidget(0, 4, objectName="bestsTable")
        keep_rows_fitted(self.table, lambda: self.table.setFixedHeight(whole_height(self.table)))
        self.table.setHorizontalHeaderLabels(["#", "Name", "Total", "Date"])
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(28)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setMinimumWidth(440)
        self.table.setMaximumWidth(520)
        hh = self.table.horizontalHeader()
        hh.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        hh.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        hh.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        hh.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        self.export_pdf = QPushButton("Export sheet as PDF\u2026", objectName="finishExportPdf")
        self.export_png = QPushButton("Export sheet as PNG\u2026", objectName="finishExportPng")
        for b in (self.export_pdf, self.export_png):
            b.setProperty("role", "secondary")
            b.setCursor(Qt.CursorShape.PointingHandCursor)
        self.export_pdf.clicked.connect(self.export_pdf_requested)
        self.export_png.clicked.connect(self.export_png_requested)
        self.back = back_to_start(self.finished_requested, height=40)
        self.again = play_again(self.again_requested, height=40)
        self.review = review_button(self.review_requested, height=40)
        exports = end_buttons(self.export_pdf, self.export_png)

        lay = QVBoxLayout(self)
        lay.setContentsMargins(30, 20, 30, 20)
        lay.setSpacing(8)
        lay.addStretch(1)
        lay.addWidget(self.trophy, 0, Qt.AlignmentFlag.AlignHCenter)
        lay.addWidget(self.summary)
        lay.addWidget(self.detail)
        lay.addSpacing(6)
        lay.addWidget(self.bests_title, 0, Qt.AlignmentFlag.AlignHCenter)
        lay.addWidget(self.bests_problem)
        lay.addWidget(self.table, 0, Qt.AlignmentFlag.AlignHCenter)
        lay.addSpacing(6)
        lay.addLayout(exports)
        lay.addLayout(end_buttons(self.again, self.review, self.back))
        lay.addStretch(1)

    def render(self, state: SolitaireState, bests: Sequence[Best], session_keys: Sequence[str],
               problem: str = "", heading: str = "Personal bests") -> None:
        """`heading`: whose bests these are (a club's shared ledger holds every member's)."""
        self.bests_title.setText(heading)
        self.summary.set_colour(state.setup.players[0].colour)
        totals = [state.sheet.total(g) for g in range(state.setup.games)]
        if len(totals) == 1:
            self.summary.setText(f"{state.name}: {totals[0]} points")
        else:
            self.summary.setText(f"{state.name}: best game {max(totals)} points")
        ranks = [next((i + 1 for i, b in enumerate(bests) if b.key == k), None) for k in session_keys]
        lines = []
        if len(totals) > 1:
            lines.append(" \u00b7 ".join(f"Game {g + 1}: {t}" for g, t in enumerate(totals))
                         + f" \u00b7 Session total {sum(totals)}")
        if 1 in ranks:
            lines.append("New personal best!")
        elif any(ranks):
            best_rank = min(r for r in ranks if r)
            lines.append(f"Into your top ten at number {best_rank}.")
        elif bests:
            lines.append(f"Not in your top ten this time; number 10 is {bests[-1].total}.")
        self.detail.setText("\n".join(lines))
        self.detail.setVisible(bool(lines))
        self.trophy.crown(1 in ranks)
        self.bests_problem.setText(problem)
        self.bests_problem.setVisible(bool(problem))
        self.table.setRowCount(len(bests))
        mine = set(session_keys)
        for r, b in enumerate(bests):
            items = [QTableWidgetItem(str(r + 1)), QTableWidgetItem(b.name), QTableWidgetItem(str(b.total)),
                     QTableWidgetItem(b.date)]
            for c, item in enumerate(items):
                item.setTextAlignment((Qt.AlignmentFlag.AlignLeft if c == 1 else Qt.AlignmentFlag.AlignCenter)
                                      | Qt.AlignmentFlag.AlignVCenter)
                if b.key in mine:
                    item.setBackground(QBrush(QColor("#fff4cc")))
                    f = item.font()
                    f.setBold(True)
                    item.setFont(f)
                self.table.setItem(r, c, item)
        self.table.setFixedHeight(whole_height(self.table))
        self.table.setVisible(bool(bests))
