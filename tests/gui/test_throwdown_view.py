"""The Throwdown view driven by clicks only: picking, curtains, throws, removals, table mode."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from core.fistful.roster import Fighter
from core.fistful.throwdown import GAME, MAX_FIGHTERS, MAX_POINTS, ThrowdownSetup
from core.fistful.throws import is_face_up
from core.game import PlayerSetup
from core.match import Match
from gui.controller import MatchController
from gui.kit.fighters.tokens import FighterToken
from gui.throwdown.view import ThrowdownView
from gui.kit.curtain import Curtain
from tests.gui.drivers.fistful import throwdown

pytestmark = pytest.mark.gui
ROSTER = GAME.roster
NAMES = ("Ana", "Ben", "Cleo")
COLOURS = ("#d62828", "#1d4ed8", "#2a9d36")


def make_view(qtbot, mode: str = "simulated", seed: int = 5, players: int = 3):
    setup = ThrowdownSetup(tuple(PlayerSetup(n, c) for n, c in zip(NAMES[:players], COLOURS)), mode)
    controller = MatchController(Match.new("throwdown", setup, seed))
    view = ThrowdownView(controller)
    qtbot.addWidget(view)
    view.resize(1100, 700)
    view.show()
    return controller, view


def legal_fistful(offset: int, size: int = 5) -> list[Fighter]:
    """Fighters from the roster (a different slice per player) within the points limit."""
    chosen, points = [], 0
    for f in ROSTER.fighters[offset:]:
        if len(chosen) == size:
            break
        if points + ROSTER.value(f) <= MAX_POINTS:
            chosen.append(f)
            points += ROSTER.value(f)
    return chosen


def pick_all(view: ThrowdownView, players: int = 3) -> list[list[Fighter]]:
    fistfuls = [legal_fistful(20 * i + 1) for i in range(players)]
    for fistful in fistfuls:
        if players > 1:
            throwdown(view).reveal_curtain()
        throwdown(view).pick_fighters(fistful)
        throwdown(view).confirm_pick()
    return fistfuls


def test_picks_go_through_the_picker_with_a_curtain_between_players(qtbot):
    controller, view = make_view(qtbot)
    fistfuls = [legal_fistful(1), legal_fistful(30), legal_fistful(70)]
    for seat, fistful in enumerate(fistfuls):
        assert view.page == "curtain"
        assert view.curtain.name == NAMES[seat]
        throwdown(view).reveal_curtain()
        assert view.page == "pick"
        assert view.picker.selection == ()
        assert not view.picker.tokens, "another player's picks must not show"
        assert not any(b.isChecked() for row in view.picker.rows for b in row.chips.values())
        throwdown(view).pick_fighters(fistful)
        assert view.picker.selection == tuple(fistful)
        assert set(view.picker.tokens) == set(fistful)
        assert view.picker.confirm.isEnabled()
        throwdown(view).confirm_pick()
    state = controller.match.state
    assert state.fistfuls == tuple(tuple(f) for f in fistfuls)
    assert state.phase == "throw"
    assert view.page == "board"
    assert [line for line in controller.match.log if "picked a fistful" in line] == controller.match.log
    assert "revealed" in controller.match.log[-1]
    for seat, fistful in enumerate(fistfuls):
        assert all(throwdown(view).token(seat, f) is not None for f in fistful)


def test_a_fistful_over_the_limits_keeps_confirm_disabled_and_says_why(qtbot):
    controller, view = make_view(qtbot)
    throwdown(view).reveal_curtain()
    costly = sorted(ROSTER.fighters, key=ROSTER.value, reverse=True)[:5]
    points = sum(ROSTER.value(f) for f in costly)
    assert points > MAX_POINTS
    throwdown(view).pick_fighters(costly)
    assert not view.picker.confirm.isEnabled()
    assert view.picker.point_count.text() == f"{points}/{MAX_POINTS} points"
    problems = view.picker.problems.text()
    assert view.picker.problems.isVisibleTo(view) and str(points) in problems and str(MAX_POINTS) in problems
    throwdown(view).confirm_pick()
    assert controller.match.actions == ()

    view.picker.clear()
    throwdown(view).pick_fighters([f for f in ROSTER.fighters if ROSTER.value(f) == 1][:MAX_FIGHTERS + 1])
    assert not view.picker.confirm.isEnabled()
    assert f"{MAX_FIGHTERS + 1}/{MAX_FIGHTERS} fighters" == view.picker.fighter_count.text()
    assert str(MAX_FIGHTERS) in view.picker.problems.text()

    # clicking a token in the fistful puts the fighter back
    first = view.picker.selection[0]
    qtbot.mouseClick(throwdown(view).picked_token(first), Qt.MouseButton.LeftButton)
    assert first not in view.picker.selection
    assert view.picker.confirm.isEnabled()
    chosen = view.picker.selection
    throwdown(view).confirm_pick()
    assert controller.match.state.picked[0]
    assert controller.match.view(0).fistfuls[0] == chosen
    assert view.page == "curtain" and view.curtain.name == NAMES[1]


def test_filters_narrow_the_roster(qtbot):
    controller, view = make_view(qtbot)
    throwdown(view).reveal_curtain()
    region = ROSTER.regions[3]
    view.picker.region_filter.setCurrentIndex(view.picker.region_filter.findData(region))
    shown = [row.sculpt for row in view.picker.rows if row.isVisibleTo(view)]
    assert shown and all(s.region == region for s in shown)
    assert len(shown) == sum(1 for s in ROSTER.sculpts.values() if s.region == region)
    view.picker.clear_filters()
    name = next(iter(ROSTER.sculpts.values())).name
    qtbot.keyClicks(view.picker.search, name)
    shown = [row.sculpt for row in view.picker.rows if row.isVisibleTo(view)]
    assert shown and all(name.casefold() in s.name.casefold() or name.casefold() in s.region.casefold()
                         for s in shown)
    view.picker.finish_filter.setCurrentIndex(view.picker.finish_filter.findData("shadow"))
    row = next(r for r in view.picker.rows if r.isVisibleTo(view))
    assert [fid for fid, b in row.chips.items() if b.isVisibleTo(view)] == ["shadow"]


def test_throw_then_remove_by_clicking_a_face_down_token(qtbot):
    controller, view = make_view(qtbot, seed=21)
    pick_all(view)
    match = controller.match
    for _ in range(50):
        if match.state.phase == "remove":
            break
        assert view.board.throw_button.isVisibleTo(view)
        throwdown(view).throw()
        last = match.state.round
        assert match.log[-1].startswith(f"Throw {last.number}:")
        for p, landed in enumerate(last.landed):
            for x in landed or ():
                if x.fighter in match.state.fistfuls[p]:
                    assert throwdown(view).token(p, x.fighter).pose == x.pose
        assert view.board.table.rowCount() == sum(s is not None for s in last.scores)
    state = match.state
    remover = state.to_remove[0]
    assert state.name(remover) in view.board.banner.text()
    removable = GAME.removable(state, remover)
    clickable = throwdown(view).removable_tokens()
    assert {t.fighter for t in clickable} == set(removable)
    assert all(t is throwdown(view).token(remover, t.fighter) for t in clickable)
    assert all(not is_face_up(t.pose) for t in clickable)
    # a face-up token of the same player does nothing when clicked
    face_up = [f for f in state.fistfuls[remover] if f not in removable]
    if face_up:
        qtbot.mouseClick(throwdown(view).token(remover, face_up[0]), Qt.MouseButton.LeftButton)
        assert match.state == state
    target = clickable[0].fighter
    throwdown(view).remove_first_removable()
    assert target not in match.state.fistfuls[remover]
    assert match.log[-1].startswith(f"{state.name(remover)} removed {ROSTER.name(target)}")


def test_a_three_player_game_plays_to_the_end_by_clicking(qtbot):
    controller, view = make_view(qtbot, seed=8)
    scores = view.scores_widget()
    qtbot.addWidget(scores)
    pick_all(view)
    match = controller.match
    for _ in range(500):
        if match.is_over:
            break
        state = match.state
        if state.phase == "remove":
            throwdown(view).remove_first_removable()
        else:
            throwdown(view).throw()
        state = match.state
        assert scores.table.columnCount() == state.throws
        if state.phase != "over":
            for p in range(state.players):
                if state.out_after[p]:
                    label = view.board.panels[p].findChild(QLabel, f"outLabel{p}")
                    assert label.text() == f"Out after throw {state.out_after[p]}"
                    assert not view.board.panels[p].findChildren(FighterToken)
    assert match.is_over
    assert view.page == "over"
    assert view.winner.summary.text() == match.game.result_text(match.state)
    state = match.state
    rounds = match.game.rounds(match.setup, match.actions)
    assert scores.table.columnCount() == state.throws == len(rounds)
    assert scores.table.rowCount() == state.players
    assert [scores.table.verticalHeaderItem(p).text() for p in range(state.players)] == list(NAMES)
    heads = [scores.table.horizontalHeaderItem(c) for c in range(state.throws)]  # the latest throw first
    assert [(h.text(), h.toolTip()) for h in heads] == [(str(n), f"Throw {n}") for n in range(state.throws, 0, -1)]
    removals = [(a.player, a.fighter) for a in match.actions if type(a).__name__ == "Remove"]
    assert sorted((p, f) for rnd in rounds for p, f in enumerate(rnd.removed) if f is not None) == sorted(removals)
    for rnd in rounds:
        column = state.throws - rnd.number
        for p, removed in enumerate(rnd.removed):
            if removed is not None:
                assert ROSTER.name(removed) in scores.table.item(p, column).text()
            if rnd.scores[p] is not None:
                assert scores.table.item(p, column).text().startswith(str(rnd.scores[p].total))
    names = [view.winner.table.item(r, 1).text() for r in range(view.winner.table.rowCount())]
    assert sorted(names) == sorted(NAMES)
    if len(match.result.winners) == 1 and not match.result.draw:
        assert names[0] == state.name(match.result.winners[0])
    lasted = {view.winner.table.item(r, 1).text(): view.winner.table.item(r, 2).text()
              for r in range(view.winner.table.rowCount())}
    for p in range(3):
        if p not in match.result.winners:
            assert lasted[state.name(p)] == f"Out after throw {state.out_after[p]}"
    with qtbot.waitSignal(view.finished_requested):
        throwdown(view).back_to_start()


def test_table_mode_round_is_entered_by_clicking_poses(qtbot):
    controller, view = make_view(qtbot, mode="table")
    pick_all(view)
    match = controller.match
    assert not view.board.throw_button.isVisibleTo(view)
    assert view.board.record_button.isVisibleTo(view)
    assert not view.board.record_button.isEnabled()
    poses = ("back", "standing", "down")
    wanted = {}
    slots = [(p, f) for p in range(3) for f in match.state.fistfuls[p]]
    for i, (p, f) in enumerate(slots):
        wanted[(p, f)] = poses[i % 3]
        throwdown(view).set_pose(p, f, wanted[(p, f)])
        assert throwdown(view).pose_button(p, f, wanted[(p, f)]).isChecked()
        assert view.board.record_button.isEnabled() == (i == len(slots) - 1)
    # changing one's mind keeps exactly one pose selected
    p, f = slots[0]
    throwdown(view).set_pose(p, f, "down")
    wanted[(p, f)] = "down"
    assert [pose for pose in poses if throwdown(view).pose_button(p, f, pose).isChecked()] == ["down"]
    throwdown(view).record_throw()
    last = match.state.round
    assert {(p, x.fighter): x.pose for p, landed in enumerate(last.landed) for x in landed} == wanted
    assert match.log[-1].startswith("Throw 1:")


def test_table_mode_passes_none_for_players_who_are_out(qtbot):
    controller, view = make_view(qtbot, mode="table")
    pick_all(view)
    match = controller.match
    # Ben's fighters always land face down, so he is the one who goes out
    for _ in range(200):
        state = match.state
        if any(state.out_after) or state.phase == "over":
            break
        if state.phase == "remove":
            throwdown(view).remove_first_removable()
            continue
        for p in range(3):
            for f in state.fistfuls[p]:
                throwdown(view).set_pose(p, f, "down" if p == 1 else "back")
        throwdown(view).record_throw()
    state = match.state
    assert state.out_after[1] and state.phase == "throw"
    assert not any(key[0] == 1 for key in view.board.pose_buttons)
    for p in (0, 2):
        for f in state.fistfuls[p]:
            throwdown(view).set_pose(p, f, "back")
    assert view.board.record_button.isEnabled()
    throwdown(view).record_throw()
    assert match.state.throws == state.throws + 1
    assert match.state.round.landed[1] is None


def test_refused_reasons_are_shown_in_the_views_banner(qtbot):
    controller, view = make_view(qtbot, seed=3)
    pick_all(view)
    reasons = []
    controller.refused.connect(reasons.append)
    for _ in range(50):
        if controller.match.state.phase == "remove":
            break
        throwdown(view).throw()
    assert throwdown(view).refusal() == ""
    controller.play_chance()
    assert reasons
    assert throwdown(view).refusal() == reasons[-1]
    throwdown(view).remove_first_removable()
    assert throwdown(view).refusal() == ""
    assert not view.findChildren(QLabel, "refusedLabel"), "the banner is the one place a refusal shows"


def test_curtain_is_generic(qtbot):
    parent = QWidget()
    qtbot.addWidget(parent)
    parent.resize(400, 300)
    curtain = Curtain(parent)
    curtain.show_for("Zoe", "#7b2cbf", "Your secret hand is next.")
    button = curtain.findChild(QWidget, "curtainReveal")
    assert "Zoe" in button.text() and curtain.name == "Zoe"
    assert curtain.property("ink") == "light", "white ink on a dark purple"
    with qtbot.waitSignal(curtain.revealed):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_a_long_name_is_whole_in_the_curtains_title_and_cut_in_its_button(qtbot):
    """Forty letters in the button made the page so wide that the docks beside it were squeezed."""
    from PySide6.QtWidgets import QLabel

    long = "Bartholomew the Unready of Lower Snoring"
    curtain = Curtain()
    qtbot.addWidget(curtain)
    curtain.show_for(long, "#7b2cbf")
    button = curtain.findChild(QWidget, "curtainReveal")
    assert curtain.findChild(QLabel, "curtainName").text() == long
    assert button.text() == "I am Bartholomew the\u2026 \u2014 show my screen"
    curtain.show_for("Wilhelmina Stokes-Ng", "#7b2cbf")  # twenty letters stand whole
    assert button.text() == "I am Wilhelmina Stokes-Ng \u2014 show my screen"
    curtain.show_for("Featherstonehaugh-Cholmondley", "#7b2cbf")  # no word ends in time
    assert button.text() == "I am Featherstonehaugh-C\u2026 \u2014 show my screen"


def test_single_player_practice_needs_no_curtain(qtbot):
    controller, view = make_view(qtbot, players=1)
    assert view.page == "pick"
    throwdown(view).pick_fighters(legal_fistful(5))
    throwdown(view).confirm_pick()
    assert controller.match.state.phase == "throw"
    assert view.page == "board"


def test_the_scores_dock_never_cuts_a_removed_fighters_name(qtbot):
    """In a narrow dock the columns keep room for the longest word and the rows for every line;
    the history scrolls sideways instead, the latest throw first, and every player keeps a row."""
    controller, view = make_view(qtbot, seed=8)
    scores = view.scores_widget()
    qtbot.addWidget(scores)
    pick_all(view)
    match = controller.match
    while not match.is_over:
        if match.state.phase == "remove":
            throwdown(view).remove_first_removable()
        else:
            throwdown(view).throw()
    scores.resize(150, 500)  # shown only now, as a dock that opens on a finished game
    scores.show()
    qtbot.waitExposed(scores)
    for _ in range(3):
        QApplication.processEvents()
    table = scores.table
    metrics = table.fontMetrics()
    removed = 0
    for r in range(table.rowCount()):
        assert table.sizeHintForRow(r) <= table.rowHeight(r), f"row {r} is lower than its text"
        for c in range(table.columnCount()):
            words = table.item(r, c).text().split()
            removed += "\u2212" in table.item(r, c).text()
            assert all(metrics.horizontalAdvance(w) < table.columnWidth(c) for w in words), words
    assert removed
    assert table.horizontalScrollBar().maximum() > 0 and table.horizontalScrollBar().value() == 0
    assert table.horizontalHeaderItem(0).text() == str(match.state.throws)
