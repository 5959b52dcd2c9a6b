"""Every game's winner page is built from the same kit pieces, so they behave alike."""
from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor

from gui.kit.over import GOLD, GREY, Trophy, back_to_start, result_label


class Page(QObject):
    finished_requested = Signal()


def test_the_trophy_is_gold_only_for_a_winner(qtbot):
    trophy = Trophy()
    qtbot.addWidget(trophy)
    trophy.crown(False)
    assert trophy.colour == QColor(GREY)
    trophy.crown(True)
    assert trophy.colour == QColor(GOLD)


def test_back_to_start_asks_the_page_to_finish(qtbot):
    page = Page()
    back = back_to_start(page.finished_requested, height=40)
    qtbot.addWidget(back)
    assert (back.objectName(), back.text(), back.minimumHeight()) == ("backToStart", "Back to start page", 40)
    assert back.property("role") == "primary"
    with qtbot.waitSignal(page.finished_requested, timeout=1000):
        qtbot.mouseClick(back, Qt.MouseButton.LeftButton)


def test_the_result_wraps_centred_on_its_band(qtbot):
    label = result_label("finishSummary", role="winner")
    qtbot.addWidget(label)
    assert (label.objectName(), label.property("role")) == ("finishSummary", "winner")
    assert label.wordWrap() and label.alignment() == Qt.AlignmentFlag.AlignCenter
