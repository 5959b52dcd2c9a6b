"""The "pass the device" curtain: hides one player's secrets before the next player looks.

Every hot-seat game shows it whenever the seat changes and the screen would reveal a
secret; it is a page of the game view (gui/kit/game_view.GameView), which decides when.
Enter lifts it as Space does: its button takes the focus whenever it shows.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QLinearGradient, QPainter, QPaintEvent, QShowEvent
from PySide6.QtWidgets import QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from gui.kit.names import cut_name
from gui.kit.style import set_ink


class Curtain(QWidget):
    revealed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("curtain")
        self._colour = QColor("#444444")
        self._name = ""
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, False)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

        self._pass = QLabel("Pass the device to", objectName="curtainPass")
        self._title = QLabel(objectName="curtainName")
        self._message = QLabel(objectName="curtainMessage")
        self._hint = QLabel("Everyone else, please look away.", objectName="curtainHint")
        for label in (self._pass, self._title, self._message, self._hint):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            label.setWordWrap(True)
        self._button = QPushButton(objectName="curtainReveal")
        self._button.setCursor(Qt.CursorShape.PointingHandCursor)
        self._button.setMinimumHeight(52)
        self._button.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self._button.clicked.connect(self._reveal)
        self._button.setToolTip("Show the screen (Enter or Space)")

        lay = QVBoxLayout(self)
        lay.setContentsMargins(40, 40, 40, 40)
        lay.setSpacing(14)
        lay.addStretch(2)
        lay.addWidget(self._pass)
        lay.addWidget(self._title)
        lay.addWidget(self._message)
        lay.addSpacing(18)
        lay.addWidget(self._button, 0, Qt.AlignmentFlag.AlignHCenter)
        lay.addSpacing(6)
        lay.addWidget(self._hint)
        lay.addStretch(3)

    @property
    def name(self) -> str:
        return self._name

    def show_for(self, name: str, colour: str, message: str = "") -> None:
        """Cover the screen for `name`; `revealed` fires when they say it is them."""
        self._name = name
        self._colour = QColor(colour)
        set_ink(self, self._colour)
        self._title.setText(name)
        self._message.setText(message)
        self._message.setVisible(bool(message))
        # The title says a long name whole; in the button it would push the docks aside.
        self._button.setText(f"I am {cut_name(name)} \u2014 show my screen")
        if self.isVisible():
            self._button.setFocus(Qt.FocusReason.OtherFocusReason)
        self.update()

    def _reveal(self) -> None:
        self.revealed.emit()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        self._button.setFocus(Qt.FocusReason.OtherFocusReason)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        """Enter (the button keeps Space, as every button does) and, should the focus sit on the
        curtain itself, Space."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and not event.isAutoRepeat():
            self._button.click()
            return
        super().keyPressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        grad = QLinearGradient(0, 0, self.width(), self.height())
        grad.setColorAt(0, self._colour.lighter(115))
        grad.setColorAt(1, self._colour.darker(160))
        p.fillRect(self.rect(), grad)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(255, 255, 255, 18))
        r = min(self.width(), self.height())
        p.drawEllipse(self.rect().center(), int(r * 0.42), int(r * 0.42))
        p.end()
