"""Power Spike for a club evening (issue 12): a chosen target is a logged action that undo takes
back and a reopened save keeps; the side panel shows the current instruction; the tabletop, the
unit lists and the panels answer the keyboard."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from core.match import Match
from core.powerspike import game as ps
from core.powerspike.cards import card
from gui.controller import MatchController
from gui.powerspike.view import PowerSpikeView
from tests.gui.drivers.powerspike import drive
from tests.gui.test_powerspike_view import close_in, make_view

pytestmark = pytest.mark.gui


def test_choosing_a_target_is_logged_undone_and_kept_by_a_save(qtbot, tmp_path):
    view = make_view(qtbot, mode="table")  # the hand-picked draws of close_in are a real deck's
    shooter, rider = close_in(view)
    d = drive(view)
    before = len(view.match.actions)
    d.strike(rider)
    assert view.match.actions[before:] == (ps.Aim(0, rider),)
    assert d.target() == rider and view.fire_button.isEnabled() and "Fire at" in view.fire_button.toolTip()
    assert "aims" in view.match.log[-1]

    path = tmp_path / "aimed.battlebox.json"
    view.match.save(path)
    reopened = PowerSpikeView(MatchController(Match.load(path)))
    qtbot.addWidget(reopened)
    reopened.resize(1000, 760)
    reopened.show()
    r = drive(reopened)
    assert r.target() == rider and reopened.fire_button.isEnabled()
    assert r.list_item("enemyList", rider).isSelected()

    assert reopened.controller.undo()
    assert r.target() is None and not reopened.fire_button.isEnabled()
    r.fire((shooter,), rider)
    assert isinstance(reopened.match.actions[-1], ps.Fire) and reopened.match.state.phase == "combat"


def instruction_in_sight(view: PowerSpikeView) -> bool:
    target = view.instruction()
    viewport = view.scroll.viewport()
    top = target.mapTo(viewport, target.rect().topLeft()).y()
    return target.isVisible() and 0 <= top and top + target.height() <= viewport.height()


def test_the_side_panel_scrolls_to_the_instruction_of_each_step(qtbot):
    view = make_view(qtbot, mode="table")
    view.resize(1024, 560)  # short: the card picker and the panels do not fit
    shooter, target = close_in(view)
    assert instruction_in_sight(view)
    drive(view).fire((shooter,), target)
    c = view.match.state.combat
    attack = [52] + [card(13, 1)] + [card(r, 3) for r in range(2, 2 + c.attacker_entitlement.total - 2)]
    defend = [card(r, 0) for r in range(2, 2 + c.target_entitlement.total)]
    bar = view.scroll.verticalScrollBar()
    bar.setValue(bar.maximum())  # the player scrolled down to the card picker
    drive(view).enter_cards(attack, defend)
    if view.match.state.phase == "loss":
        assert instruction_in_sight(view)
        bar.setValue(bar.maximum())
        drive(view).hold()
    assert view.match.state.phase == "oas"
    assert instruction_in_sight(view), "the Orbital Strike instruction is in sight"
    assert "strike" in view.instruction().text().lower()
