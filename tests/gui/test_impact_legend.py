"""Impact's element symbols are explained: a legend on the table page, a tooltip on every die."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from core.match import Match
from gui.controller import MatchController
from gui.impact.symbols import FACE_LABELS
from gui.impact.view import ImpactView

pytestmark = pytest.mark.gui
SAVE = Path(__file__).resolve().parents[1] / "saves" / "0.1.0" / "impact-midgame.battlebox.json"


@pytest.fixture(autouse=True)
def no_animation(monkeypatch):
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "0")


@pytest.fixture
def view(qtbot) -> ImpactView:
    v = ImpactView(MatchController(Match.load(str(SAVE))))
    qtbot.addWidget(v)
    v.resize(1280, 780)
    v.show()
    qtbot.waitExposed(v)
    return v


def hover(widget, point: QPoint) -> str:
    """The tooltip shown for a hover at `point`, or "" when the widget shows none there."""
    event = QHelpEvent(QEvent.Type.ToolTip, point, widget.mapToGlobal(point))
    QApplication.sendEvent(widget, event)
    return QToolTip.text() if event.isAccepted() and QToolTip.isVisible() else ""


def test_the_legend_names_every_element_on_the_table_page(view):
    assert view.page == "board"
    assert view.legend.isVisible() and view.legend.height() > 0
    assert set(view.legend.faces) == {"fire", "water", "stone", "air", "lightning", "blank"}
    for i in range(len(view.legend.faces)):
        assert view.rect().contains(view.legend.mapTo(view, view.legend.entry_rect(i).toRect().bottomRight()))


def test_every_die_in_the_cauldron_names_its_element(view):
    cauldron = view.cauldron
    assert cauldron.dice
    for i, face in enumerate(cauldron.dice):
        assert hover(cauldron, cauldron.die_rect(i).center().toPoint()).startswith(f"{FACE_LABELS[face]} die")
    assert hover(cauldron, QPoint(2, 2)) == ""


def test_every_die_in_a_supply_has_a_tooltip(view):
    supplies = view.supplies
    state = view.match.state
    for player in range(state.players):
        spots = supplies.dice_spots(player)
        assert len(spots) == state.loose[player] + sum(state.piles[player])
        for rect, _, _ in spots:
            text = hover(supplies, rect.center().toPoint())
            assert text.startswith(state.name(player)) and "die" in text
    assert hover(supplies, QPoint(1, 1)) == ""
