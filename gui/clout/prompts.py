"""The question the engine is waiting on, asked plainly: a banner, a hint, and answer buttons.

Clout Fantasy stops mid-turn for the turn player's decisions (a strike's target, the order of
two abilities, which of two conflicting effects wins, whether to use an optional ability,
where a moved chip goes). The view turns each pending choice into a `Prompt`; this bar shows
it and reports the button pressed. Chips that answer the question are clicked on the canvas
(the view highlights them); the bar only says so in its hint.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from gui.kit.layouts import clear_layout
from gui.kit.style import set_role


@dataclass(frozen=True)
class Answer:
    """One button: its label and the value the view turns into the engine's action."""

    label: str
    value: object
    primary: bool = False
    tooltip: str = ""


@dataclass(frozen=True)
class Prompt:
    question: str
    hint: str = ""
    answers: tuple[Answer, ...] = ()
    chips: tuple[str, ...] = ()  # chips on the area that answer it by a click
    point: bool = False  # a click or drag on the area answers it (a destination)
    key: object = None  # identifies the pending choice, so a redraw keeps the same prompt
    extra: dict = field(default_factory=dict, compare=False)


SIDE_ANSWERS = 2  # up to this many answers fit beside the question


class PromptBar(QFrame):
    answered = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("promptBar")
        self.question = QLabel(objectName="promptQuestion")
        self.question.setWordWrap(True)
        self.hint = QLabel(objectName="promptHint")
        self.hint.setWordWrap(True)
        self.row = QHBoxLayout()
        self.row.setSpacing(6)
        # One or two answers sit beside the question rather than below it: the bar is then a row
        # lower, which the area gets back (it covered under half the window while a chip resolved).
        self.side = QHBoxLayout()
        self.side.setSpacing(6)
        text = QVBoxLayout()
        text.setSpacing(5)
        text.addWidget(self.question)
        text.addWidget(self.hint)
        top = QHBoxLayout()
        top.setSpacing(10)
        top.addLayout(text, 1)
        top.addLayout(self.side)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 8, 10, 8)
        lay.setSpacing(5)
        lay.addLayout(top)
        lay.addLayout(self.row)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.prompt: Prompt | None = None
        self.buttons: dict[str, QPushButton] = {}

    def ask(self, prompt: Prompt | None) -> None:
        if prompt is not None and prompt == self.prompt and self.isVisible():
            return
        self.prompt = prompt
        clear_layout(self.row)
        clear_layout(self.side)
        self.buttons = {}
        if prompt is None:
            self.hide()
            return
        self.question.setText(prompt.question)
        self.hint.setText(prompt.hint)
        self.hint.setVisible(bool(prompt.hint))
        for answer in prompt.answers:
            b = QPushButton(answer.label)
            b.setObjectName(f"answer_{len(self.buttons)}")
            set_role(b, "primary" if answer.primary else "secondary")
            b.setMinimumHeight(34)
            b.setCursor(Qt.CursorShape.PointingHandCursor)
            if answer.tooltip:
                b.setToolTip(answer.tooltip)
            b.clicked.connect(lambda _=False, v=answer.value: self.answered.emit(v))
            self.buttons[answer.label] = b
            (self.side if len(prompt.answers) <= SIDE_ANSWERS else self.row).addWidget(b)
        if len(prompt.answers) > SIDE_ANSWERS:
            self.row.addStretch(1)
        self.show()
