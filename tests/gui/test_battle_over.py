"""The battle games' final standings fit the narrow right half of a 1024x640 window: every
result ("Out after battle 8") and every row shows whole."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QWidget

from core.match import Match
from gui.fistful.battle_over import BattleOverPage
from gui.kit.stylesheet import stylesheet

SAVES = Path(__file__).resolve().parents[1] / "saves" / "0.1.0"


def test_every_result_and_row_shows_whole_in_a_narrow_window(qtbot):
    match = Match.load(SAVES / "all-out-war-finished.battlebox.json")
    state = match.state
    page = BattleOverPage(QWidget())
    page.setStyleSheet(stylesheet())  # the app's fonts and padding, on this page only
    qtbot.addWidget(page)
    page.resize(870, 560)  # the page's right half is then about 410 px wide, as at 1024x640
    page.show()
    page.render(state, match.game.region_word, match.game.result_text(state))
    qtbot.waitExposed(page)
    table = page.table
    assert table.rowCount() == state.players
    width = table.columnWidth(1)
    for row in range(table.rowCount()):
        text = table.item(row, 1).text()
        assert QFontMetrics(table.font()).horizontalAdvance(text) + 8 <= width, (text, width)
    rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
    assert table.height() >= table.horizontalHeader().height() + rows
