"""The main window's two docks, the log and the scores, built with the first game, and the rest
of the View menu (the dock toggles, View → UI scale and View → Animations).

They only show beside a game, so the first window never builds them: that keeps PySide's `Qt`
namespace enums (~35 ms to create) out of the start-up, and the start page paints sooner.

Below NARROW_WIDTH the docks fold: the log becomes a tab under the scores in one slimmer column,
so a small window (1024x640, or a big screen at a big UI scale) keeps its room for the game.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the widget classes load with the docks (a text view's enums cost start-up)
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QDockWidget, QLabel, QMenu, QStackedWidget, QStatusBar, QTextEdit, QWidget

    from core.match import Match

NARROW_WIDTH = 1150  # window width (Qt's units) below which the log folds under the scores
DOCK_WIDTH = {False: 340, True: 280}  # the dock column's width, wide and narrow
DOCK_SHARE = [420, 300]  # the scores over the log, in proportion, when they are split


class DockPanels:
    """Mixed into MainWindow (a QMainWindow with `stack`, `start_page`, `view_menu`, `match`)."""

    _dock_pair: tuple[QDockWidget, QDockWidget] | None
    stack: QStackedWidget
    start_page: QWidget
    view_menu: QMenu
    match: Match | None
    _dock_visible: dict[str, bool]
    _narrow_docks: bool | None = None
    scale_actions: dict[int, QAction]
    _animations_action: QAction

    if TYPE_CHECKING:
        def statusBar(self) -> QStatusBar: ...  # noqa: N802 (QMainWindow's)
        def show_game(self) -> None: ...

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
    def animations_action(self) -> QAction:
        """View → Animations, checked while `storage.animations_on()`."""
        self._docks()
        return self._animations_action

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
            self.view_menu.addSeparator()
            self._build_scale_menu()
            self._build_animations_action()
        assert self._dock_pair is not None
        return self._dock_pair

    def _build_docks(self) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QDockWidget, QFrame, QLabel, QTextEdit

        self._log_view = log_view = QTextEdit()
        log_view.setReadOnly(True)
        log_view.setTabChangesFocus(True)  # Tab passes through the log, never sticks in it
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
        self.resizeDocks([scores_dock, log_dock], DOCK_SHARE, Qt.Orientation.Vertical)
        self._dock_pair = (log_dock, scores_dock)
        if self.stack.currentWidget() is self.start_page:
            log_dock.hide()
            scores_dock.hide()
        self._fit_docks()
        from gui.kit.layouts import on_resize

        on_resize(self, self._fit_docks)

    def _show_docks(self, visible: dict[str, bool]) -> None:
        """Beside a game, as the player last left them; folded, the scores tab is the one on top."""
        self.log_dock.setVisible(visible["log"])
        self.scores_dock.setVisible(visible["scores"])
        if self._narrow_docks:
            self.scores_dock.raise_()

    def _show_new_game_docks(self) -> None:
        """Both docks beside a new game, the scores again the larger part of the column: the split
        set while the docks were hidden (the start page) is not kept, which left a Solitaire sheet
        five rows."""
        from PySide6.QtCore import Qt

        self._dock_visible = {"log": True, "scores": True}
        self.show_game()
        log_dock, scores_dock = self._docks()
        if not self._narrow_docks and log_dock.isVisible() and scores_dock.isVisible():
            self.resizeDocks([scores_dock, log_dock], DOCK_SHARE, Qt.Orientation.Vertical)

    def follow_pages(self, stack: QStackedWidget) -> None:
        """Give the dock column its width back once a game's page needs less room: the fistful
        picker's roster squeezes it to a sliver at 1024x640, the throw board after it need not."""
        from PySide6.QtCore import QTimer

        stack.currentChanged.connect(lambda _=0: QTimer.singleShot(0, self._widen_docks))
        QTimer.singleShot(0, self._widen_docks)  # the game's first page showed before this

    def _widen_docks(self) -> None:
        """Up to the column's width (a player's wider column stays as it is)."""
        from PySide6.QtCore import Qt

        if self._dock_pair is None:
            return
        want = DOCK_WIDTH[bool(self._narrow_docks)]
        right = Qt.DockWidgetArea.RightDockWidgetArea
        narrow = [d for d in self._dock_pair if d.isVisible() and not d.isFloating()  # folded: the tab on top
                  and self.dockWidgetArea(d) == right and self.rect().intersects(d.geometry()) and d.width() < want]
        if narrow:
            self.resizeDocks(narrow, [want] * len(narrow), Qt.Orientation.Horizontal)

    def _fit_docks(self) -> None:
        """Fold the log under the scores below NARROW_WIDTH, split them again above it; docks the
        player moved elsewhere or floated are left where they are."""
        from PySide6.QtCore import Qt

        narrow = self.width() < NARROW_WIDTH
        if narrow == self._narrow_docks or self._dock_pair is None:
            return
        log_dock, scores_dock = self._dock_pair
        right = Qt.DockWidgetArea.RightDockWidgetArea
        if any(d.isFloating() or self.dockWidgetArea(d) != right for d in self._dock_pair):
            return
        self._narrow_docks = narrow
        if narrow:
            self.tabifyDockWidget(scores_dock, log_dock)
            scores_dock.raise_()
        else:
            log_hidden = log_dock.isHidden()
            self.removeDockWidget(log_dock)
            self.addDockWidget(right, log_dock)
            self.splitDockWidget(scores_dock, log_dock, Qt.Orientation.Vertical)
            log_dock.setHidden(log_hidden)
            self.resizeDocks([scores_dock, log_dock], DOCK_SHARE, Qt.Orientation.Vertical)
        self.resizeDocks([scores_dock], [DOCK_WIDTH[narrow]], Qt.Orientation.Horizontal)

    def _build_scale_menu(self) -> None:
        """View → UI scale: saved in the settings; Qt reads the scale once, as the app starts."""
        from PySide6.QtGui import QActionGroup

        from gui.storage import UI_SCALES, ui_scale

        menu = self.view_menu.addMenu("UI &scale")
        group = QActionGroup(menu)
        current = ui_scale() or 100
        self.scale_actions = {}
        for percent in UI_SCALES:
            action = group.addAction(f"{percent} %")
            action.setCheckable(True)
            action.setChecked(percent == current)
            action.triggered.connect(lambda _=False, p=percent: self.choose_ui_scale(p))
            menu.addAction(action)
            self.scale_actions[percent] = action

    def _build_animations_action(self) -> None:
        """One setting for every game's throws, flips and flights (gui.storage.animations_on)."""
        from gui.storage import animations_on

        action = self.view_menu.addAction("&Animations")
        action.setCheckable(True)
        action.setChecked(animations_on())
        tip = "Throws tumble, discs flip and chips fly before your eyes; a click skips an animation"
        action.setToolTip(tip)
        action.setStatusTip(tip)
        action.toggled.connect(self.choose_animations)
        self._animations_action = action

    def choose_animations(self, on: bool) -> None:
        import os

        from gui import storage

        try:
            storage.set_animations(on)
        except OSError as e:
            self.statusBar().showMessage(f"Cannot save the animations setting: {e}", 10000)
            return
        if on and os.environ.get(storage.ENV_ANIMATIONS) == "0":
            self.statusBar().showMessage(f"Animations saved as on; {storage.ENV_ANIMATIONS}=0 in the "
                                         "environment keeps them off while it is set.", 10000)
        else:
            self.statusBar().showMessage(f"Animations {'on' if on else 'off'}.", 5000)

    def choose_ui_scale(self, percent: int) -> None:
        from gui import screen, storage

        try:
            storage.set_ui_scale(percent)
        except OSError as e:
            self.statusBar().showMessage(f"Cannot save the UI scale: {e}", 10000)
            return
        if percent in getattr(self, "scale_actions", {}):
            self.scale_actions[percent].setChecked(True)
        if screen.USER_SCALE_FACTOR:
            text = (f"UI scale {percent} % saved; your QT_SCALE_FACTOR={screen.USER_SCALE_FACTOR} "
                    "still sets the scale while it is in the environment.")
        else:
            text = f"UI scale {percent} % saved; it applies the next time Battlebox starts."
        self.statusBar().showMessage(text, 10000)

    def _refresh_log(self) -> None:
        match = self.match
        if match is None and self._dock_pair is None:
            return
        from PySide6.QtGui import QTextBlockFormat, QTextCursor

        lines = [f"{i}. {line}" for i, line in enumerate(match.log if match else [], start=1)]
        notes = list(getattr(getattr(self, "view", None), "log_notes", []))
        if match is not None and match.reseats:
            from gui.seats import seat_line

            notes = sorted(notes + [(r.step, seat_line(match, r)) for r in match.reseats], key=lambda n: n[0])
        for step, note in reversed(notes):
            lines.insert(min(step, len(lines)), note)  # the view's own lines (a hint used), after their step
        shown = getattr(self, "_log_lines", [])
        cursor = QTextCursor(self.log_view.document())
        if shown and lines[:len(shown)] == shown:  # a move was added: write only the new lines
            cursor.movePosition(QTextCursor.MoveOperation.End)
            new = lines[len(shown):]
        elif lines and shown[:len(lines)] == lines and self.log_view.document().blockCount() == len(shown):
            # steps taken back (undo, a replay): cut the lines after them
            last = self.log_view.document().findBlockByNumber(len(lines) - 1)
            cursor.setPosition(last.position() + last.length() - 1)
            cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
            cursor.removeSelectedText()
            new, shown = [], lines
        else:
            self.log_view.clear()
            new, shown = lines, []
        block = QTextBlockFormat()
        block.setBottomMargin(5)
        if new:  # in one insert (each line a block of this format): a replay's jump may add thousands
            if shown:
                cursor.insertBlock()
            cursor.setBlockFormat(block)
            cursor.insertText("\n".join(new))
        self._log_lines = lines
        bar = self.log_view.verticalScrollBar()
        bar.setValue(bar.maximum())
