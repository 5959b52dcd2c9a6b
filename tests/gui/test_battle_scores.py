"""The battle games' scores dock stays readable in the narrow dock of a 1024x640 window: every
line of every battle shows whole (three columns elided them all)."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFontMetrics

from core.match import Match
from gui.fistful.battle_scores import BattleScores

SAVES = Path(__file__).resolve().parents[1] / "saves" / "0.1.0"


def test_every_battle_line_shows_whole_in_a_narrow_dock(qtbot):
    match = Match.load(SAVES / "domination-finished.battlebox.json")
    scores = BattleScores(match.game)
    qtbot.addWidget(scores)
    scores.resize(150, 600)
    scores.show()
    scores.render(match.state, match.actions)
    qtbot.waitExposed(scores)
    table = scores.table
    assert table.rowCount() == len(match.state.history) > 0
    width = table.columnWidth(1)
    for row in range(table.rowCount()):
        item = table.item(row, 1)
        metrics = QFontMetrics(item.font())
        text = item.text()
        assert "\u2192" in text and match.state.history[row].region in text
        words = text.split()
        assert max(metrics.horizontalAdvance(w) for w in words) < width, text
        needed = metrics.boundingRect(QRect(0, 0, width - 8, 10_000), int(Qt.TextFlag.TextWordWrap), text).height()
        assert needed <= table.rowHeight(row), (row, needed, table.rowHeight(row))


def test_before_the_first_battle_the_lines_stand_at_the_top_of_a_tall_dock(qtbot):
    """With no battle yet the table is hidden; its room went to the labels, which then floated
    mid-dock with a wide gap above them."""
    match = Match.new("all-out-war", seed=1)
    scores = BattleScores(match.game)
    qtbot.addWidget(scores)
    scores.resize(280, 700)
    scores.render(match.state, match.actions)
    scores.show()
    qtbot.waitExposed(scores)
    qtbot.wait(20)  # the layout settles
    counts, empty = scores.counts, scores.empty
    assert empty.isVisible() and not scores.table.isVisible()
    assert counts.height() <= counts.heightForWidth(counts.width()) + 4, "the holdings keep to their text"
    text_top = empty.geometry().top()
    if not empty.alignment() & Qt.AlignmentFlag.AlignTop:  # a label centres its text in its height
        text_top += (empty.height() - empty.sizeHint().height()) // 2
    assert text_top - counts.geometry().bottom() < 30, "'No battles yet.' follows the holdings"
