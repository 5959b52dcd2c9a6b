"""The Battlebox main window: start page or game view, menus, log and scores docks, saving.

Every file dialog and question box sits behind a small `ask_*` / `confirm_*` / `show_*`
method so tests can answer them without a modal loop.
"""
from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QMainWindow, QStackedWidget, QVBoxLayout, QWidget

from core.registry import GAMES, INFO
from gui import again, ledger, review, seats, storage
from gui.docks import DockPanels
from gui.icons import app_icon
from gui.kit.stylesheet import apply_theme
from gui.replay import open_replay_dialog
from gui.screen import MIN_SIZE
from gui.start_page import StartPage
from gui.storage import SAVE_FILTER, SAVE_SUFFIX
from gui.tool_windows import ToolWindows

if TYPE_CHECKING:  # the rules engine (and msgspec) load with the first game, keeping start-up light
    from PySide6.QtGui import QCloseEvent, QKeyEvent
    from PySide6.QtWidgets import QDockWidget

    from core.ai.review import Moment
    from core.errors import SaveError
    from core.match import Match
    from gui.about import RulesNotesDialog
    from gui.autosave import Orphan, Slot
    from gui.controller import MatchController
    from gui.loading import Progress

    Loader = Callable[[int | None, Progress], Match]

MODE_TEXT = {"simulated": "Simulated throws", "table": "Results entered at the table"}
UNDO_BLOCKED = "Cannot undo: {reason}."  # the reason is the core's (Match.turn_undo_blocked_reason)
SHORTCUTS_AFTER_MS = 250  # well after the first paint, long before anyone reaches for Ctrl+Q
# The platform's standard keys of each action (QKeySequence.StandardKey names), set with the
# shortcuts: the key-sequence class and its enums cost start-up, and menus are closed until then.
STANDARD_KEYS = {"new_action": "New", "open_action": "Open", "save_action": "Save", "save_as_action": "SaveAs",
                 "quit_action": "Quit", "undo_action": "Undo", "redo_action": "Redo",
                 "notes_action": "HelpContents"}
FALLBACK_KEYS = {"quit_action": "Ctrl+Q", "save_as_action": "Ctrl+Shift+S", "notes_action": "F1",
                 "again_action": "Ctrl+Shift+N"}


class MainWindow(DockPanels, ToolWindows, QMainWindow):
    def __init__(self, autosave: bool = True, parent: QWidget | None = None) -> None:
        """`autosave=False` keeps one-off windows (screenshots) away from the user's autosave."""
        apply_theme(start=True)  # before any widget, so the start page and its dialogs are polished once, styled
        super().__init__(parent)
        self._autosave_enabled = autosave
        self._session = False
        self._slot: Slot | None = None
        self._busy = False
        self._review: review.Reviewed | None = None  # the last game reviewed
        self._controller: MatchController | None = None
        self._view: QWidget | None = None
        self._last_setups = again.Remembered(persist=autosave)  # what New Game opens on
        self._dock_visible = {"log": True, "scores": True}
        self._notes: list[RulesNotesDialog] = []

        self.setWindowIcon(app_icon())
        self.resize(1280, 800)
        self.setMinimumSize(*MIN_SIZE)

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self._central_layout = layout
        self.stack = QStackedWidget()
        layout.addWidget(self.stack, 1)
        self.setCentralWidget(central)

        # Built in its place: moving a styled page into the window would style it all again.
        self.start_page = StartPage(self.stack)
        self.stack.addWidget(self.start_page)
        self.start_page.new_game_requested.connect(self.choose_new_game)
        self.start_page.rules_requested.connect(self.show_rules_notes)
        self.start_page.tool_requested.connect(self.open_tool)
        self.start_page.open_requested.connect(self.open_dialog)
        self.start_page.recent_requested.connect(self.open_file)
        self.start_page.resume_requested.connect(self.show_game)

        self._dock_pair: tuple[QDockWidget, QDockWidget] | None = None
        self._shown_once = False
        self._build_actions()
        self._build_menus()
        self.turn_label = QLabel()
        self.turn_label.setContentsMargins(8, 0, 8, 0)
        self.statusBar().addPermanentWidget(self.turn_label)
        # a message (a save, a refusal, the ledger's note) gets the turn's room: the banner says the turn too
        self.statusBar().messageChanged.connect(lambda text: self.turn_label.setVisible(not text))
        self.ledger = ledger.hooks.LedgerHooks(self)  # status, File → Add to ledger, Settings → Ledger…
        self._refresh_recent()
        self.show_start_page()
        self._refresh()

    # --- public state -------------------------------------------------------------------
    @property
    def controller(self) -> MatchController | None:
        return self._controller

    @property
    def view(self) -> QWidget | None:
        return self._view

    @property
    def match(self) -> Match | None:
        return self._controller.match if self._controller else None

    def _action(self, text: str, slot: Any, tip: str = "") -> QAction:
        """Shortcuts come after the first paint: see `_set_shortcuts`."""
        action = QAction(text, self)
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(lambda _=False: slot())
        return action

    def _build_actions(self) -> None:
        self.new_action = self._action("&New…", self.new_game_menu, "Choose a game to start")
        self.open_action = self._action("&Open…", self.open_dialog, "Open a saved game")
        self.again_action = self._action("Play &Again", lambda: again.play_again(self), again.TIP)
        self.replay_action = self._action("Open as re&play…", lambda: open_replay_dialog(self),
                                          "Open a saved game as a replay: step through it, continue from any step")
        self.save_action = self._action("&Save", self.save, "Save the game")
        self.save_as_action = self._action("Save &As…", self.save_as, "Save the game under a new name")
        self.export_action = self._action("&Export picture…", self.export_picture,
                                          tip="Save a picture of the table as PNG")
        self.close_game_action = self._action("&Close game", self.close_game, tip="Close the game")
        self.quit_action = self._action("&Quit", self.close, "Quit Battlebox")
        self.undo_action = self._action("&Undo", self.undo)
        self.redo_action = self._action("&Redo", self.redo)
        self.seats_action = self._action("&Seats…", lambda: seats.change_seats(self), seats.TIP)
        self.review_action = self._action("Re&view with the Computer…", lambda: review.review_game(self), review.TIP)
        self.notes_action = self._action("&Rules notes", self.show_rules_notes,
                                         "The players' notes on the rules of this game (F1); "
                                         "on the start page, the index of every game's notes")
        self.keyboard_action = self._action("&Keyboard", self.show_keyboard_help,
                                            "Every key Battlebox answers, in this window and this game")
        self.about_action = self._action("&About Battlebox", self.show_about)
        from gui.tools import TOOLS

        self.tool_actions = {t.id: self._action(t.menu_text, lambda t=t: t.open(self), t.tip) for t in TOOLS}
        self.armies_action = self.tool_actions["power-spike-armies"]
        self.clout_layout_action = self.tool_actions["clout-layout"]
        self.clout_stacks_action = self.tool_actions["clout-stacks"]

    def setVisible(self, visible: bool) -> None:  # noqa: N802 (Qt's name)
        """Delays count from the first show, not from construction (which may come long before); a
        show event handler would make PySide create its event enums before the first paint."""
        super().setVisible(visible)
        if visible and not self._shown_once:
            self._shown_once = True
            QTimer.singleShot(SHORTCUTS_AFTER_MS, self._set_shortcuts)
            self.ledger.window_shown()

    def _set_shortcuts(self) -> None:
        """A moment after the first paint: the platform's standard keys, plus Ctrl+Q, Ctrl+Shift+S
        and F1 where it has no standard Quit, Save As or Help keys (Windows, bare X11). A key
        sequence from text creates PySide's `Qt` enums (~35 ms), so none of this runs before."""
        from PySide6.QtGui import QKeySequence

        for name, key in STANDARD_KEYS.items():
            getattr(self, name).setShortcuts(getattr(QKeySequence.StandardKey, key))
        for name, text in FALLBACK_KEYS.items():
            action = getattr(self, name)
            if not action.shortcuts():
                action.setShortcut(QKeySequence(text))

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu("&File")
        file.setToolTipsVisible(True)
        file.addActions([self.new_action, self.again_action, self.open_action, self.replay_action])
        self.recent_menu = file.addMenu("Open &Recent")
        self.recent_menu.setToolTipsVisible(True)
        file.addSeparator()
        file.addActions([self.save_action, self.save_as_action, self.export_action])
        file.addSeparator()
        file.addAction(self.close_game_action)
        file.addSeparator()
        file.addAction(self.quit_action)
        edit = bar.addMenu("&Edit")
        edit.setToolTipsVisible(True)
        edit.addActions([self.undo_action, self.redo_action])
        edit.addSeparator()
        edit.addActions([self.seats_action, self.review_action])
        self.view_menu = bar.addMenu("&View")
        self.view_menu.aboutToShow.connect(self._docks)
        self.view_menu.aboutToShow.connect(self._build_speed_menu)
        tools = bar.addMenu("&Tools")
        tools.setToolTipsVisible(True)
        tools.addActions(list(self.tool_actions.values()))
        help_menu = bar.addMenu("&Help")
        help_menu.setToolTipsVisible(True)
        help_menu.addActions([self.notes_action, self.keyboard_action, self.about_action])

    def _build_speed_menu(self) -> None:
        """View → Hints and View → Computer speed (after the docks' items)."""
        from PySide6.QtGui import QActionGroup

        from gui.kit.hints import add_hints_action

        if not getattr(self, "speed_actions", None):
            self.hints_action = add_hints_action(self.view_menu, lambda _on: self._view and self._view.update_hints())
            menu = self.view_menu.addMenu("&Computer speed")
            group, self.speed_actions = QActionGroup(menu), {}
            for name, _ in storage.COMPUTER_SPEEDS:
                action = self.speed_actions[name] = group.addAction(name)
                action.setCheckable(True)
                action.setChecked(name == storage.computer_speed())
                action.triggered.connect(lambda _=False, n=name: storage.set_computer_speed(n))
                menu.addAction(action)

    # --- questions (tests replace these) --------------------------------------------------------
    def ask_open_path(self) -> str | None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(self, "Open a saved game", self._save_folder(), SAVE_FILTER)
        return path or None

    def ask_save_path(self, suggested: str) -> str | None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(self, "Save the game", suggested, SAVE_FILTER)
        return path or None

    def ask_export_path(self, suggested: str) -> str | None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(self, "Export a picture", suggested, "PNG pictures (*.png)")
        return path or None

    def ask_new_game(self, game_id: str) -> tuple[Any, int | None] | None:
        from gui.new_game import NewGameDialog

        last, problem = self._last_setups.get(game_id)
        if problem:  # said once, in a box of its own: the dialog's rows must fit 640 px
            self.show_error("Cannot read your last players", problem)
        dialog = NewGameDialog(game_id, self, last=last)
        dialog.exec()
        return dialog.result_value()

    def ask_seats(self, match: Match) -> dict[int, str | None] | None:
        from gui.seats_dialog import ask_seats

        return ask_seats(self, match)

    def ask_review(self, match: Match, moments: tuple[Moment, ...], every: bool,
                   at: int | None) -> tuple[int | None, bool]:
        from gui.review_dialog import ask_review

        return ask_review(self, match, moments, every, at)

    def confirm_discard(self) -> str:
        """'save', 'discard' or 'cancel' for a game with unsaved changes."""
        from PySide6.QtWidgets import QMessageBox

        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self, "Unsaved changes",
            f"The game {self._display_name()} has changes that are not saved. Save them first?",
            buttons.Save | buttons.Discard | buttons.Cancel, buttons.Save)
        return {buttons.Save: "save", buttons.Discard: "discard"}.get(answer, "cancel")

    def confirm_restore(self, source: str | None, saved_at: float | None = None) -> bool:
        from PySide6.QtWidgets import QMessageBox

        what = f"your game from {Path(source).name}" if source else "your unsaved game"
        when = f" (autosaved {time.strftime('%d %b %Y %H:%M', time.localtime(saved_at))})" if saved_at else ""
        answer = QMessageBox.question(
            self, "Restore the last game?",
            f"Battlebox did not close properly. Restore {what} as it was autosaved{when}?\n\n"
            "Choosing No discards the autosave.")
        return answer == QMessageBox.StandardButton.Yes

    def confirm_resume(self, error: SaveError, steps: int) -> bool:
        """An old save whose step became illegal (a rules fix): open it before that step?"""
        from PySide6.QtWidgets import QMessageBox

        answer = QMessageBox.question(
            self, "Open the game before the broken step?",
            f"{error}\n\nOpen the game at step {steps}, before that step? "
            "The file itself is not changed; save the game under a new name to keep it.")
        return answer == QMessageBox.StandardButton.Yes

    def show_error(self, title: str, text: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.critical(self, title, text)

    # --- pages -------------------------------------------------------------------------------
    def show_start_page(self) -> None:
        if self._dock_pair is not None and self.stack.currentWidget() is not self.start_page:
            self._dock_visible = {"log": not self.log_dock.isHidden(), "scores": not self.scores_dock.isHidden()}
        self.stack.setCurrentWidget(self.start_page)
        self.statusBar().clearMessage()
        self.start_page.set_can_resume(self._view is not None)
        if self._dock_pair is not None:
            self.log_dock.hide()
            self.scores_dock.hide()

    def show_game(self) -> None:
        if self._view is None:
            return
        self.stack.setCurrentWidget(self._view)
        self._show_docks(self._dock_visible)

    # --- games ---------------------------------------------------------------------------------
    def new_game_menu(self) -> None:
        self.show_start_page()

    def choose_new_game(self, game_id: str) -> bool:
        if self._busy:
            return False
        try:
            answer = self.ask_new_game(game_id)
        except _player_errors() as e:
            self.show_error("Cannot start the game", str(e))
            return False
        except Exception as e:
            self.show_error("Cannot start the game", _unexpected(e))
            return False
        if answer is None:
            return False
        setup, seed = answer
        return self.start_new_game(game_id, setup, seed)

    def start_new_game(self, game_id: str, setup: Any = None, seed: int | None = None) -> bool:
        from core.match import Match
        from gui.controller import MatchController
        from gui.views import has_view

        if game_id not in GAMES or not has_view(game_id):
            info = INFO.get(game_id)
            reason = f"{info.title} is not available yet." if info else f"There is no game called {game_id!r}."
            self.show_error("Cannot start the game", reason)
            return False
        try:
            match = Match.new(game_id, setup, seed)
        except _player_errors() as e:
            self.show_error("Cannot start the game", str(e))
            return False
        except Exception as e:  # a rules or data bug must not take the open game down with it
            self.show_error("Cannot start the game", _unexpected(e))
            return False
        if not self._may_replace():
            return False
        return self._install(MatchController(match))

    def open_dialog(self) -> bool:
        path = self.ask_open_path()
        return self.open_file(path) if path else False

    def open_file(self, path: str | os.PathLike[str]) -> bool:
        """Load first, replace second: a broken file never costs the game already open."""
        from core.match import Match
        from gui.controller import MatchController

        path = str(path)
        if self._busy:
            return False
        loaded = self._load(lambda upto, progress: Match.load(path, upto=upto, progress=progress),
                            path, "Cannot open the game")
        if loaded is None:
            if not os.path.exists(path):
                storage.remove_recent(str(Path(path).resolve()))
                self._refresh_recent()
            return False
        match, resumed = loaded
        if not self._may_replace():
            return False
        full = str(Path(path).resolve())
        controller = MatchController(match, path=None if resumed else full)
        if resumed:  # never write the shortened game over the file that holds the whole log
            controller.origin = full
            controller.dirty = True
        if not self._install(controller):
            return False
        if resumed:
            self.statusBar().showMessage(f"Opened at step {len(match.actions)}; save it under a new name "
                                         "to keep it.", 10000)
        else:
            self._remember(path)
        return True

    def _load(self, load: Loader, name: str, title: str) -> tuple[Match, bool] | None:
        from gui.opening import load_match

        return load_match(self, load, name, title)

    def close_game(self) -> bool:
        if self._controller is None:
            self.show_start_page()
            return True
        if not self._may_replace():
            return False
        self._teardown()
        self._remove_autosave()
        self.show_start_page()
        self._refresh()
        return True

    def undo(self) -> bool:
        """A blocked undo says why in the status bar, in the core's words."""
        if self._controller is None:
            return False
        reason = self._controller.match.turn_undo_blocked_reason()
        if reason is not None:
            self.statusBar().showMessage(UNDO_BLOCKED.format(reason=reason), 10000)
            return False
        return self._controller.undo()

    def redo(self) -> bool:
        return self._controller.redo() if self._controller else False

    # --- saving --------------------------------------------------------------------------------------
    def save(self) -> bool:
        if self._controller is None:
            return False
        if self._controller.path:
            return self.save_to(self._controller.path)
        return self.save_as()

    def save_as(self) -> bool:
        if self._controller is None:
            return False
        if self._controller.path:
            suggested = self._controller.path
        elif self._controller.origin:
            origin = Path(self._controller.origin)
            stem = origin.name.removesuffix(SAVE_SUFFIX).removesuffix(".json")
            suggested = str(origin.with_name(f"{stem} (step {len(self._controller.match.actions)}){SAVE_SUFFIX}"))
        else:
            suggested = str(Path(self._save_folder()) / f"{self._controller.match.game.title}{SAVE_SUFFIX}")
        path = self.ask_save_path(suggested)
        if not path:
            return False
        if not path.lower().endswith(".json"):
            path += SAVE_SUFFIX
        return self.save_to(path)

    def save_to(self, path: str | os.PathLike[str]) -> bool:
        if self._controller is None:
            return False
        try:
            self._controller.match.save(path)
        except OSError as e:
            self.show_error("Cannot save the game", f"Cannot save {path}: {e.strerror or e}")
            return False
        self._controller.path = str(Path(path).resolve())
        self._controller.dirty = False
        self._remember(path)
        from gui.autosave import clean_stale_temp_files

        clean_stale_temp_files(Path(self._controller.path).parent, Path(self._controller.path).name)
        self.statusBar().showMessage(f"Saved to {path}", 5000)
        self._refresh()
        self._autosave()
        return True

    def export_picture(self) -> bool:
        if self._view is None:
            return False
        suggested = str(Path(self._save_folder()) / f"{self._controller.match.game.title}.png")
        path = self.ask_export_path(suggested)
        if not path:
            return False
        if not path.lower().endswith(".png"):
            path += ".png"
        if not self._view.grab().save(path, "PNG"):
            self.show_error("Cannot export the picture", f"Cannot write {path}.")
            return False
        self.statusBar().showMessage(f"Picture saved to {path}", 5000)
        return True

    # --- session: this copy's autosave, and the autosaves of copies that are gone ---------------------
    def start_session(self) -> None:
        """Called once by the app: offers the autosave of every copy that did not quit cleanly,
        and clears temp files that interrupted writes left behind."""
        from gui import autosave

        self._session = True
        folder = storage.data_dir()
        slot = self._own_slot()
        try:
            orphans = autosave.claim_orphans(folder, slot, storage.legacy_autosave_source())
        except OSError as e:
            self.statusBar().showMessage(f"Cannot look for autosaves: {e}", 10000)
            orphans = []
        dead = frozenset(o.path.stem.removeprefix(autosave.PREFIX) for o in orphans)
        autosave.clean_stale_temp_files(folder, dead_ids=dead)
        for orphan in orphans:
            self.offer_restore(orphan)

    def offer_restore(self, orphan: Orphan) -> bool:
        """Restore one orphaned autosave, or discard it if the player says no."""
        from gui.opening import restore

        return restore(self, orphan)

    def _own_slot(self) -> Slot | None:
        if not self._autosave_enabled:
            return None
        if self._slot is None:
            from gui.autosave import Slot

            self._slot = Slot(storage.data_dir())
        try:
            self._slot.open()
        except OSError as e:
            self.statusBar().showMessage(f"Autosave is off: {e}", 10000)
            return None
        return self._slot

    def _autosave(self) -> None:
        if not self._autosave_enabled or self._controller is None:
            return
        if self._controller.replaying:  # a replay holds nothing unsaved
            return self._remove_autosave()
        try:
            slot = self._own_slot()
            if slot is not None:
                slot.write(self._controller.match, self._controller.path)
        except Exception as e:  # autosave is a safety net; it must never take the app down
            self.statusBar().showMessage(f"Autosave failed: {e}", 10000)

    def _remove_autosave(self) -> None:
        if self._slot is not None:
            self._slot.remove()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        """Enter presses the focused button as Space does, in every view and on the start page (a
        button outside a dialog leaves Enter to its parents, which end here)."""
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QApplication, QPushButton

        focus = QApplication.focusWidget()
        if (event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and isinstance(focus, QPushButton)
                and focus.isEnabled() and focus.window() is self and not event.isAutoRepeat()):
            focus.click()
            return
        super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._busy or not self._close_tool_windows() or not self._may_replace():
            event.ignore()
            return
        if self._slot is not None:
            self._slot.close()
            self._slot = None
        self._session = False
        event.accept()

    # --- help -----------------------------------------------------------------------------------------------
    def show_rules_notes(self, game_id: str | None = None) -> RulesNotesDialog:
        """The notes of the game in front of the player; on the start page, the index of all notes."""
        if game_id is None and self._controller is not None and self.stack.currentWidget() is self._view:
            game_id = self._controller.match.game_id
        from PySide6.QtCore import Qt

        from gui.about import RulesNotesDialog

        dialog = RulesNotesDialog(game_id, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._notes.append(dialog)  # a closed one leaves the list as Qt deletes it
        dialog.destroyed.connect(lambda _=None, d=dialog: self._notes.remove(d) if d in self._notes else None)
        dialog.show()
        return dialog

    def show_keyboard_help(self) -> QWidget:
        """Non-modal: every key this window, its boards and the game in front answer."""
        from gui.keyboard_help import show_keyboard_help
        return show_keyboard_help(self)

    def show_about(self) -> None:
        from gui.about import AboutDialog

        AboutDialog(self).exec()

    # --- internals ---------------------------------------------------------------------------------------
    def _may_replace(self) -> bool:
        """True when the open game may go: nothing unsaved, saved now, or the user discards it."""
        if self._controller is None or not self._controller.dirty:
            return True
        answer = self.confirm_discard()
        if answer == "save":
            return self.save()
        return answer == "discard"

    def _install(self, controller: MatchController) -> bool:
        from gui.views import create_view

        try:
            view = create_view(controller)
        except Exception as e:
            self.show_error("Cannot show the game", f"The game could not be displayed: {e!r}")
            return False
        self._teardown()
        self._controller = controller
        self._view = view
        problem = self._last_setups.keep(controller.match.game_id, controller.match.setup)
        if problem:
            self.statusBar().showMessage(problem, 10000)
        controller.setParent(self)
        controller.changed.connect(self._on_changed)
        view.finished_requested.connect(self.show_start_page)
        view.again_requested.connect(lambda: again.play_again(self))
        view.review_requested.connect(lambda: review.review_game(self))
        view.log_noted.connect(self._refresh_log)
        self.stack.addWidget(view)
        self.follow_pages(view.stack)
        scores = view.scores_widget()
        self.scores_dock.setWidget(scores if scores is not None else self._no_scores)
        from gui.keyboard_help import free_tab

        for root in (view, scores):
            if root is not None:
                free_tab(root)
        self._show_new_game_docks()
        if controller.match.actions:
            self._autosave()
        else:
            self._remove_autosave()
        self._refresh()
        return True

    def _teardown(self) -> None:
        if self._controller is not None:
            self._controller.changed.disconnect(self._on_changed)
            self._controller.deleteLater()
        if self._view is not None:
            self._view.stop_computer()
            scores = self.scores_dock.widget()
            if scores is not self._no_scores:
                self.scores_dock.setWidget(self._no_scores)
                scores.deleteLater()
            self.stack.removeWidget(self._view)
            self._view.deleteLater()
        self._controller = None
        self._view = None

    def _on_changed(self) -> None:
        self._refresh()
        self._autosave()

    def _refresh(self) -> None:
        match = self.match
        self._refresh_log()
        self._refresh_undo()
        has_game = match is not None
        saving = (self.save_action, self.save_as_action)
        for action in saving + (self.export_action, self.close_game_action):
            action.setEnabled(has_game and not (action in saving and self._controller.replaying))
        self.setWindowTitle(self._title())
        self.turn_label.setText(self._turn_text())
        seats.refresh_action(self)
        again.refresh_action(self)
        review.refresh_action(self)
        self.start_page.set_can_resume(has_game)

    def _refresh_undo(self) -> None:
        match = self.match
        if match is None:
            undo_tip = redo_tip = "No game is open."
        else:
            from core.text import plural

            reason = match.turn_undo_blocked_reason()
            back = match.turn_steps()
            if reason is None and back > 1:
                undo_tip = f"Undo: {match.log[-back]} (and the computer's {plural(back - 1, 'move')} since)"
            elif reason is None:
                undo_tip = f"Undo: {match.log[-1]}"
            elif not match.actions:
                undo_tip = "Nothing to undo yet."
            else:
                undo_tip = UNDO_BLOCKED.format(reason=reason)
            redo_tip = "Redo the action you undid." if match.can_redo else "Nothing to redo."
        # Enabled while something was done, blocked or not: a blocked undo says why when tried.
        self.undo_action.setEnabled(bool(match and match.actions))
        self.redo_action.setEnabled(bool(match and match.can_redo))
        for action, tip in ((self.undo_action, undo_tip), (self.redo_action, redo_tip)):
            action.setToolTip(tip)
            action.setStatusTip(tip)

    def _display_name(self) -> str:
        if self._controller is None:
            return ""
        return Path(self._controller.path).name if self._controller.path else "Untitled"

    def _title(self) -> str:
        if self._controller is None:
            return "Battlebox"
        if self._controller.replaying:
            return f"Replay — {self._controller.match.game.title} — {self._controller.origin}"
        star = "*" if self._controller.dirty else ""
        return f"{self._controller.match.game.title} — {self._display_name()}{star}"

    def _turn_text(self) -> str:
        match = self.match
        if match is None:
            return "Choose a game to play"
        mode = MODE_TEXT.get(match.mode, match.mode)
        if match.is_over:
            return f"{match.game.result_text(match.state) or 'Game over'}  ·  {mode}"
        turn = match.game.phase_text(match.state) or "Waiting"
        return f"{turn}  ·  {mode}"

    def _remember(self, path: str | os.PathLike[str]) -> None:
        try:
            storage.add_recent(path)
        except Exception as e:
            self.statusBar().showMessage(f"Cannot update the recent files: {e}", 5000)
        self._refresh_recent()

    def _refresh_recent(self) -> None:
        files = [f for f in storage.recent_files() if os.path.exists(f)]
        self.recent_menu.clear()
        for i, f in enumerate(files, start=1):
            action = self.recent_menu.addAction(f"&{i} {Path(f).name}")
            action.setToolTip(f)
            action.setStatusTip(f)
            action.triggered.connect(lambda _=False, f=f: self.open_file(f))
        if not files:
            empty = self.recent_menu.addAction("No recent games")
            empty.setEnabled(False)
        self.recent_menu.addSeparator()
        clear = self.recent_menu.addAction("&Clear the list")
        clear.setEnabled(bool(files))
        clear.triggered.connect(self.clear_recent)
        self.start_page.set_recent(files)

    def clear_recent(self) -> None:
        storage.clear_recent()
        self._refresh_recent()

    def _save_folder(self) -> str:
        if self._controller is not None and self._controller.path:
            return str(Path(self._controller.path).parent)
        from PySide6.QtCore import QStandardPaths

        docs = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
        return docs or str(Path.home())


def _player_errors() -> tuple[type[Exception], ...]:
    from gui.opening import player_errors

    return player_errors()


def _unexpected(e: BaseException) -> str:
    from gui.opening import unexpected

    return unexpected(e)
