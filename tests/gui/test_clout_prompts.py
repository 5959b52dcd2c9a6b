"""The Clout prompt bar: one or two answers beside the question, more below it."""
from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from gui.clout.prompts import SIDE_ANSWERS, Answer, Prompt, PromptBar

pytestmark = pytest.mark.gui


def asked(qtbot, n: int) -> PromptBar:
    bar = PromptBar()
    qtbot.addWidget(bar)
    bar.resize(800, 200)
    bar.ask(Prompt("Wraith: Strike 2 — choose a target or decline", "Click a ringed chip.",
                   tuple(Answer(f"Answer {k}", k) for k in range(n))))
    bar.show()
    qtbot.waitExposed(bar)
    QApplication.processEvents()
    return bar


@pytest.mark.parametrize("n", range(1, SIDE_ANSWERS + 1))
def test_few_answers_sit_beside_the_question(qtbot, n):
    bar = asked(qtbot, n)
    question = bar.question.geometry()
    for button in bar.buttons.values():
        assert button.geometry().top() < question.bottom(), "the answer sits below the question"
        assert button.geometry().left() > question.right()


def test_many_answers_sit_in_a_row_below_the_question(qtbot):
    bar = asked(qtbot, SIDE_ANSWERS + 1)
    hint = bar.hint.geometry()
    assert all(b.geometry().top() > hint.bottom() for b in bar.buttons.values())
    assert len({b.geometry().top() for b in bar.buttons.values()}) == 1
