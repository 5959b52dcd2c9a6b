"""Game-over pieces every game's winner page shares, so the pages look alike."""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, SignalInstance
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from gui.kit.actions import AGAIN_TIP, LEAVES_GAME, REVIEW_TIP
from gui.kit.style import ColourLabel, set_role

NO_WINNER = "#374151"  # the result's colour when nobody won alone
GOLD, GREY = "#f5b301", "#9ca3af"


class Trophy(QWidget):
    """A gold cup, painted so it needs no emoji font."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFixedSize(84, 84)
        self.colour = QColor(GOLD)

    def crown(self, won: bool) -> None:
        """Gold for a winner, grey when the game ended without one."""
        self.colour = QColor(GOLD if won else GREY)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.scale(self.width() / 84, self.height() / 84)
        gold, dark = self.colour, self.colour.darker(150)
        p.setPen(QPen(dark, 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawArc(QRectF(8, 14, 22, 24), 90 * 16, 180 * 16)
        p.drawArc(QRectF(54, 14, 22, 24), -90 * 16, 180 * 16)
        cup = QPainterPath()
        cup.moveTo(20, 10)
        cup.lineTo(64, 10)
        cup.cubicTo(64, 40, 54, 52, 42, 54)
        cup.cubicTo(30, 52, 20, 40, 20, 10)
        p.setPen(QPen(dark, 2))
        p.setBrush(gold)
        p.drawPath(cup)
        p.drawRect(QRectF(38, 54, 8, 12))
        p.drawRoundedRect(QRectF(26, 66, 32, 10), 3, 3)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(255, 255, 255, 110))
        p.drawEllipse(QRectF(28, 14, 8, 22))
        p.end()


def result_label(object_name: str = "winnerSummary", role: str = "banner") -> ColourLabel:
    """The result sentence on its colour band, centred and wrapped."""
    label = ColourLabel(objectName=object_name, role=role, radius=12)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    label.setWordWrap(True)
    return label


def _end_button(text: str, name: str, clicked: SignalInstance, height: int, role: str | None,
                tip: str | None = None) -> QPushButton:
    """A winner page's button, which a replay lets through (`LEAVES_GAME`): it plays no move."""
    button = QPushButton(text, objectName=name)
    button.setMinimumHeight(height)
    if role is not None:
        set_role(button, role)
    if tip is not None:
        button.setToolTip(tip)
    button.setCursor(Qt.CursorShape.PointingHandCursor)
    button.clicked.connect(clicked)
    button.setProperty(LEAVES_GAME, True)
    return button


def back_to_start(clicked: SignalInstance, height: int = 44) -> QPushButton:
    """The page's way out, the same primary button in every game."""
    return _end_button("Back to start page", "backToStart", clicked, height, "primary")


def play_again(clicked: SignalInstance, height: int = 44, role: str = "primary") -> QPushButton:
    """The next game with the same players (gui/again.py), offered where the last one ended."""
    return _end_button("Play again", "playAgain", clicked, height, role, AGAIN_TIP)


def review_button(clicked: SignalInstance, height: int = 44, role: str | None = None) -> QPushButton:
    """The finished game's decisions beside the computer's (gui/review.py), a plain button beside
    the primary ones; the view hides it when only the computer played (`GameView._offer_review`)."""
    return _end_button("Review", "reviewGame", clicked, height, role, REVIEW_TIP)


def end_buttons(*buttons: QPushButton, column: bool = False) -> QBoxLayout:
    """A winner page's buttons side by side and centred, or one under another (`column`) in a side
    panel too narrow for the row."""
    if column:
        stack = QVBoxLayout()
        stack.setSpacing(8)
        for button in buttons:
            stack.addWidget(button)
        return stack
    row = QHBoxLayout()
    row.setSpacing(12)
    row.addStretch(1)
    for button in buttons:
        row.addWidget(button)
    row.addStretch(1)
    return row
