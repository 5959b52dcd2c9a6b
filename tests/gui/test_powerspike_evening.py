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


def test_the_keyboard_moves_the_activated_unit_nudging_turning_and_confirming(qtbot):
    view = make_view(qtbot, mode="table")
    shooter, rider = close_in(view)
    table = drive(view).table
    table.focus_by_arrows(shooter)
    start = view.tabletop.markers[shooter]
    table.key(Qt.Key.Key_Return)  # pick it up
    x0, y0, f0 = table.ghost_pose
    assert (round(x0, 3), round(y0, 3)) == (round(start.centre[0], 3), round(start.centre[1], 3))
    table.key(Qt.Key.Key_Left)
    x, y, _ = table.ghost_pose
    assert x == pytest.approx(x0 - 0.1) and y == pytest.approx(y0)
    table.key(Qt.Key.Key_Up, shift=True)
    x, y, _ = table.ghost_pose
    assert y == pytest.approx(y0 - 1.0)
    table.key(Qt.Key.Key_E)
    assert table.ghost_pose[2] != pytest.approx(f0)
    table.key(Qt.Key.Key_Q)
    assert table.ghost_pose[2] == pytest.approx(f0)
    goal = table.ghost_pose
    assert not view.match.state.activation.moved
    table.key(Qt.Key.Key_Return)  # put it down
    move = view.match.actions[-1]
    assert isinstance(move, ps.Move), drive(view).refusal()
    assert (move.x, move.y) == (pytest.approx(goal[0], abs=1e-3), pytest.approx(goal[1], abs=1e-3))
    assert view.match.state.activation.moved


def test_the_keyboard_aims_at_an_enemy_and_esc_gives_up_a_move(qtbot):
    view = make_view(qtbot, mode="table")
    shooter, rider = close_in(view)
    table = drive(view).table
    table.focus_by_arrows(shooter)
    table.key(Qt.Key.Key_Space)
    assert table.ghost_pose is not None
    table.key(Qt.Key.Key_Escape)
    assert table.ghost_pose is None and not view.match.state.activation.moved
    table.focus_by_arrows(rider)
    table.key(Qt.Key.Key_Return)
    assert view.match.actions[-1] == ps.Aim(0, rider)


def test_the_unit_lists_answer_enter_and_tab_reaches_them(qtbot):
    view = make_view(qtbot, mode="table")
    shooter, rider = close_in(view)
    enemies = drive(view).find("enemyList")
    table = view.tabletop
    table.setFocus()
    for _ in range(30):
        if enemies.hasFocus():
            break
        qtbot.keyClick(view.focusWidget(), Qt.Key.Key_Tab)
    assert enemies.hasFocus(), "Tab reaches the enemy list from the table"
    row = next(i for i in range(enemies.count()) if enemies.item(i).data(Qt.ItemDataRole.UserRole) == rider)
    enemies.setCurrentRow(row)
    qtbot.keyClick(enemies, Qt.Key.Key_Return)
    assert view.match.actions[-1] == ps.Aim(0, rider)
    assert dict(view.KEYS) and any("Q / E" in k for k, _ in view.KEYS)


def test_the_keyboard_deploys_the_picked_unit(qtbot):
    view = make_view(qtbot)
    d = drive(view)
    table = d.table
    uid = d.picked()
    table.key(Qt.Key.Key_Return)  # hold it at the middle of the zone
    held = table.ghost_pose
    assert held is not None and view.tabletop.dragging == uid
    for _ in range(30):
        if not view.tabletop.ghost_reason:
            break
        table.key(Qt.Key.Key_Right, shift=True)
    assert not view.tabletop.ghost_reason, view.tabletop.ghost_reason
    x, y, _ = table.ghost_pose
    table.key(Qt.Key.Key_Return)
    deployed = view.match.actions[-1]
    assert isinstance(deployed, ps.Deploy) and deployed.unit == uid, d.refusal()
    assert (deployed.x, deployed.y) == (pytest.approx(x, abs=0.01), pytest.approx(y, abs=0.01))
    assert view.tabletop.dragging is None
