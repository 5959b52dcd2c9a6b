"""Help → Keyboard, and the one place the window makes sure Tab can always leave a widget.

The keys are gathered where they are declared, so the list cannot drift from the app: the
window's from its menu actions' shortcuts, the boards' from the kit board view (its docstring
is the reference: gui/kit/board_view.py), the game's from its view's `KEYS`.
"""
from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QAbstractItemView, QDialog, QDialogButtonBox, QPlainTextEdit, QTextBrowser,
                               QTextEdit, QVBoxLayout, QWidget)

from gui.kit.hints import KEYS as HINT_KEYS

Keys = tuple[tuple[str, str], ...]

# Keys the window answers that no menu action carries.
WINDOW_KEYS: Keys = (
    ("Tab, Shift+Tab", "Move to the next or previous control; Tab always leaves a board or a table"),
    ("Enter or Space", "Press the focused button; lift the pass-the-device curtain"),
    ("Alt+underlined letter", "Open a menu"),
    ("Esc", "Close a dialog"),
) + HINT_KEYS

# What every measured board answers (gui/kit/board_view.BoardView; its docstring is the reference).
BOARD_KEYS: Keys = (
    ("Arrows", "Move the focus to the nearest piece that way; with a piece held, nudge it "
               "(Shift: ten times as far)"),
    ("Enter or Space", "Click the focused piece"),
    ("Ctrl+arrows", "Pan the board"),
    ("+ / - / =", "Zoom in or out"),
    ("F, 0 or Home", "Fit the whole board in the window"),
    ("Esc", "Drop a piece being dragged without moving it"),
)


def action_keys(actions: Iterable[QAction]) -> Keys:
    """(shortcut, what) for every action with a shortcut, in the order given."""
    rows = []
    for action in actions:
        keys = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts()]
        keys = [k for k in keys if not (k.isalpha() and len(k) > 3)]  # a keyboard's own "Open", "Undo" keys
        if keys:
            what = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…").rstrip(".")
            rows.append((" or ".join(keys), what))
    return tuple(rows)


def free_tab(root: QWidget) -> None:
    """Tab moves the focus on, never through a table's cells or into a read-only text: the
    scores tables and the log are passed through like any control."""
    for view in root.findChildren(QAbstractItemView):
        view.setTabKeyNavigation(False)
    if isinstance(root, QAbstractItemView):
        root.setTabKeyNavigation(False)
    for text in [*root.findChildren(QTextEdit), *root.findChildren(QPlainTextEdit)]:
        if text.isReadOnly():
            text.setTabChangesFocus(True)


def show_keyboard_help(window: Any) -> QWidget:
    """Help → Keyboard for the main window (non-modal): its keys, the boards' keys, the keys of
    the game in front, and the timeline's while that game is a replay."""
    from PySide6.QtCore import Qt

    w = window
    menus = [w.new_action, w.again_action, w.open_action, w.save_action, w.save_as_action, w.quit_action,
             w.undo_action, w.redo_action, w.notes_action, w.keyboard_action]
    sections = [("This window", action_keys(menus) + WINDOW_KEYS), ("On a board", BOARD_KEYS)]
    if w.view is not None and w.stack.currentWidget() is w.view:
        sections.append((w.controller.match.game.title, tuple(getattr(w.view, "KEYS", ()))))
        if w.controller.replaying:
            from gui.kit.timeline import Timeline

            sections.append(("In a replay", Timeline.KEYS))
    dialog = KeyboardHelpDialog(tuple(sections), w)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    w.keyboard_help = dialog
    dialog.show()
    return dialog


def _section(title: str, rows: Keys) -> str:
    body = "".join(f"<tr><td><b>{escape(keys)}</b></td><td>{escape(what)}</td></tr>" for keys, what in rows)
    return f"<h3>{escape(title)}</h3><table cellspacing='0' cellpadding='4'>{body}</table>"


class KeyboardHelpDialog(QDialog):
    """Non-modal, like the rules notes: the list can stay open beside the game."""

    def __init__(self, sections: tuple[tuple[str, Keys], ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("keyboardHelp")
        self.setWindowTitle("Keyboard — Battlebox")
        self.resize(620, 640)
        self.sections = dict(sections)
        self.browser = QTextBrowser(objectName="keyboardHelpText")
        self.browser.document().setDocumentMargin(14)
        self.browser.setHtml("".join(_section(title, rows) for title, rows in sections if rows))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
