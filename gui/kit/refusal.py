"""The one place a refused action is explained: a banner across the top of the game view.

It never blocks play (no dialog), stays long enough to read, and goes when the player dismisses
it or the game moves on, so an old reason never sits beside a new position.
"""
from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QWidget

SHOW_SECONDS = 12


class RefusalBanner(QFrame):
    """Why the last action was refused; hidden while there is nothing to say."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("refusalBanner")
        self.label = QLabel(objectName="refusalText")
        self.label.setWordWrap(True)
        close = QToolButton(objectName="refusalDismiss")
        close.setText("\u00d7")
        close.setToolTip("Dismiss")
        close.clicked.connect(self.dismiss)
        row = QHBoxLayout(self)
        row.setContentsMargins(16, 8, 8, 8)
        row.addWidget(self.label, 1)
        row.addWidget(close)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.dismiss)
        self.hide()

    @property
    def reason(self) -> str:
        return self.label.text() if self.isVisibleTo(self.parentWidget()) else ""

    def show_reason(self, reason: str) -> None:
        """Explain a refusal; an empty reason clears the banner."""
        if not reason:
            self.dismiss()
            return
        self.label.setText(reason)
        self.show()
        self._timer.start(SHOW_SECONDS * 1000)

    def dismiss(self) -> None:
        self._timer.stop()
        self.hide()
