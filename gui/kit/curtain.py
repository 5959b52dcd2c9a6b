"""The "pass the device" curtain: hides one player's secrets before the next player looks.

Every hot-seat game shows it whenever the seat changes and the screen would reveal a
secret; it is a page of the game view (gui/kit/game_view.GameView), which decides when.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

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
        self._button.setText(f"I am {name} \u2014 show my screen")
        self.update()

    def _reveal(self) -> None:
        self.revealed.emit()

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
