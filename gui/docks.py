"""The main window's two docks, the log and the scores, built with the first game.

They only show beside a game, so the first window never builds them: that keeps PySide's `Qt`
namespace enums (~35 ms to create) out of the start-up, and the start page paints sooner.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the widget classes load with the docks (a text view's enums cost start-up)
    from PySide6.QtWidgets import QDockWidget, QLabel, QMenu, QStackedWidget, QTextEdit, QWidget

    from core.match import Match


class DockPanels:
    """Mixed into MainWindow (a QMainWindow with `stack`, `start_page`, `view_menu`, `match`)."""

    _dock_pair: tuple[QDockWidget, QDockWidget] | None
    stack: QStackedWidget
    start_page: QWidget
    view_menu: QMenu
    match: Match | None

    @property
    def log_dock(self) -> QDockWidget:
        return self._docks()[0]

    @property
    def scores_dock(self) -> QDockWidget:
        return self._docks()[1]

    @property
    def log_view(self) -> QTextEdit:
        self._docks()
        return self._log_view

    @property
    def _no_scores(self) -> QLabel:
        self._docks()
        return self._no_scores_label

    def _docks(self) -> tuple[QDockWidget, QDockWidget]:
        """Built on first use: with the first game, or when the View menu first opens."""
        if self._dock_pair is None:
            self._build_docks()
            self.view_menu.addAction(self.scores_dock.toggleViewAction())
            self.view_menu.addAction(self.log_dock.toggleViewAction())
        assert self._dock_pair is not None
        return self._dock_pair

    def _build_docks(self) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QDockWidget, QFrame, QLabel, QTextEdit

        self._log_view = log_view = QTextEdit()
        log_view.setReadOnly(True)
        log_view.setFrameShape(QFrame.Shape.NoFrame)
        log_view.setLineWrapMode(QTextEdit.LineWrapMode.WidgetWidth)
        log_view.document().setDocumentMargin(8)
        log_dock = QDockWidget("Log", self)
        log_dock.setObjectName("logDock")
        log_dock.setWidget(log_view)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, log_dock)

        self._no_scores_label = QLabel("No game open.")
        self._no_scores_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        scores_dock = QDockWidget("Scores", self)
        scores_dock.setObjectName("scoresDock")
        scores_dock.setWidget(self._no_scores_label)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, scores_dock)
        self.splitDockWidget(scores_dock, log_dock, Qt.Orientation.Vertical)
        self.resizeDocks([scores_dock, log_dock], [340, 340], Qt.Orientation.Horizontal)
        self.resizeDocks([scores_dock, log_dock], [420, 300], Qt.Orientation.Vertical)
        self._dock_pair = (log_dock, scores_dock)
        if self.stack.currentWidget() is self.start_page:
            log_dock.hide()
            scores_dock.hide()

    def _refresh_log(self) -> None:
        match = self.match
        if match is None and self._dock_pair is None:
            return
        from PySide6.QtGui import QTextBlockFormat, QTextCursor

        lines = match.log if match else []
        self.log_view.clear()
        cursor = QTextCursor(self.log_view.document())
        block = QTextBlockFormat()
        block.setBottomMargin(5)
        for i, line in enumerate(lines, start=1):
            if i > 1:
                cursor.insertBlock()
            cursor.setBlockFormat(block)
            cursor.insertText(f"{i}. {line}")
        bar = self.log_view.verticalScrollBar()
        bar.setValue(bar.maximum())

