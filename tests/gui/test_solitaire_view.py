"""The Solitaire view driven by clicks: choosing five, throwing, entering, the sheet, bests, export."""
from __future__ import annotations

import json
import random

import pytest
from PySide6.QtGui import QImage

from core.fistful.roster import Fighter
from core.fistful.solitaire import GAME, STANDING_BONUS, Enter, SolitaireSetup
from core.game import PlayerSetup
from core.match import Match
from gui.controller import MatchController
from gui.solitaire.bests import FILE_NAME, BestsBook
from gui.solitaire.view import SolitaireView
from tests.gui.drivers.fistful import solitaire

pytestmark = pytest.mark.gui
ROSTER = GAME.roster
RULEBOOK_FIVE = [Fighter("skwall", "shadow"), Fighter("gregor", "shadow"), Fighter("frost", "crystal"),
                 Fighter("tremmor", "shadow"), Fighter("mantorr", "hyper")]
RULEBOOK_POSES = ["back", "back", "down", "back", "down"]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    path = tmp_path / "data"
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(path))
    return path


def make_view(qtbot, mode: str = "table", games: int = 1, seed: int = 5, match: Match | None = None):
    if match is None:
        setup = SolitaireSetup((PlayerSetup("Sol", "#1d4ed8"),), mode, games)
        match = Match.new("solitaire", setup, seed)
    controller = MatchController(match)
    view = SolitaireView(controller)
    qtbot.addWidget(view)
    view.resize(1000, 760)
    view.show()
    return controller, view


def throw_at_table(view: SolitaireView, five, poses) -> None:
    solitaire(view).pick_fighters(five)
    solitaire(view).confirm_pick()
    for f, pose in zip(five, poses):
        solitaire(view).set_pose(f, pose)
    solitaire(view).record_throw()


def test_exactly_five_are_chosen_in_the_picker(qtbot):
    controller, view = make_view(qtbot)
    assert view.page == "pick"
    solitaire(view).pick_fighters(RULEBOOK_FIVE[:4])
    assert not view.picker.confirm.isEnabled()
    assert "1 more" in view.picker.problems.text()
    solitaire(view).pick_fighters([Fighter("glacix", "hyper"), Fighter("nexa", "crystal")])
    assert len(view.picker.selection) == 6
    assert not view.picker.confirm.isEnabled()
    solitaire(view).pick_fighters([Fighter("nexa", "crystal")])  # click again: put back
    assert view.picker.confirm.isEnabled()
    assert not view.picker.same_button.isVisible(), "no last throw to repeat yet"
    solitaire(view).confirm_pick()
    assert controller.match.state.five == tuple(RULEBOOK_FIVE[:4]) + (Fighter("glacix", "hyper"),)
    assert view.page == "board"


def test_rulebook_throw_offers_3_6_and_7_with_their_points(qtbot):
    controller, view = make_view(qtbot)
    throw_at_table(view, RULEBOOK_FIVE, RULEBOOK_POSES)
    assert view.page == "board"
    assert solitaire(view).offered() == [3, 6, 7]
    assert "Matches: 6 pts" in solitaire(view).challenge_button(3).text()
    assert "Matches: 10 pts" in solitaire(view).challenge_button(6).text()
    assert "Matches: 15 pts" in solitaire(view).challenge_button(7).text()
    assert "Does not match" in solitaire(view).challenge_button(1).text()
    assert "3 open challenges" in view.board.explanation.text()
    solitaire(view).enter(1)  # disabled: nothing happens
    assert controller.match.state.phase == "enter"
    solitaire(view).enter(7)
    assert solitaire(view).sheet_value("3 diff. lands") == "15"
    assert solitaire(view).sheet_value("TOTAL") == "15"
    assert view.page == "pick"


def test_the_challenges_are_a_primary_control_once_there_is_a_throw_to_enter(qtbot):
    controller, view = make_view(qtbot)
    solitaire(view).pick_fighters(RULEBOOK_FIVE)
    solitaire(view).confirm_pick()
    assert controller.match.state.phase == "throw"
    assert "challengePanel" not in view.primary_controls() and "recordThrowButton" in view.primary_controls()
    for f, pose in zip(RULEBOOK_FIVE, RULEBOOK_POSES):
        solitaire(view).set_pose(f, pose)
    solitaire(view).record_throw()
    assert controller.match.state.phase == "enter"
    assert view.primary_controls() == SolitaireView.PRIMARY_CONTROLS


def test_the_play_area_grows_with_the_window_and_stays_whole_when_small(qtbot):
    """The throw and the challenges are Solitaire's board: over half the central area at 1280x800
    beside the docks (934x759), and no sideways scrolling at 1024x640 (694x597)."""
    controller, view = make_view(qtbot, mode="simulated")
    solitaire(view).pick_fighters(RULEBOOK_FIVE)
    solitaire(view).confirm_pick()
    area = view.board.play_area
    view.resize(934, 759)
    qtbot.waitUntil(lambda: area.width() * area.height() >= 0.5 * 934 * 759)
    tall = view.board.challenge_buttons[1].height()
    view.resize(694, 597)
    qtbot.waitUntil(lambda: view.board.challenge_buttons[1].height() < tall)
    assert view.board_scroll.horizontalScrollBar().maximum() == 0
    assert view.board.width() <= view.board_scroll.viewport().width()


def test_same_five_and_standing_bonus(qtbot):
    controller, view = make_view(qtbot)
    throw_at_table(view, RULEBOOK_FIVE, ["standing", "back", "down", "back", "down"])
    assert f"+ {STANDING_BONUS} standing = 56" in solitaire(view).challenge_button(3).text()
    assert "Standing fighter" in view.board.throw_summary.text()
    solitaire(view).enter(3)
    assert controller.match.state.sheet.entry(0, 3) == 6 + STANDING_BONUS
    assert view.picker.same_button.isVisible()
    solitaire(view).same_five()
    assert view.picker.selection == tuple(RULEBOOK_FIVE)
    assert not view.picker.same_button.isEnabled()
    solitaire(view).confirm_pick()
    assert controller.match.state.five == tuple(RULEBOOK_FIVE)


def test_when_nothing_matches_every_open_challenge_is_offered_for_zero(qtbot):
    controller, view = make_view(qtbot)
    throw_at_table(view, RULEBOOK_FIVE, ["back", "back", "down", "back", "down"])
    solitaire(view).enter(3)
    throw_at_table(view, RULEBOOK_FIVE, ["down"] * 4 + ["standing"])
    # one face-up: challenge 1 matches
    assert solitaire(view).offered() == [1]
    solitaire(view).enter(1)
    throw_at_table(view, RULEBOOK_FIVE, ["down"] * 5)
    assert solitaire(view).offered() == [2, 4, 5, 6, 7, 8, 9, 10]
    assert "enter 0" in solitaire(view).challenge_button(10).text()
    assert "Used: scored 6" in solitaire(view).challenge_button(3).text()
    assert not solitaire(view).challenge_button(3).isEnabled()
    assert "must enter 0" in view.board.explanation.text()
    solitaire(view).enter(10)
    assert controller.match.state.sheet.entry(0, 10) == 0


def test_refusal_is_shown_in_the_views_banner(qtbot):
    controller, view = make_view(qtbot)
    throw_at_table(view, RULEBOOK_FIVE, RULEBOOK_POSES)
    assert solitaire(view).refusal() == ""
    assert not controller.apply(Enter(1))
    assert "3, 6, 7" in solitaire(view).refusal()
    solitaire(view).enter(7)
    assert solitaire(view).refusal() == ""


def test_simulated_game_to_the_end_records_a_personal_best_once(qtbot, data_dir):
    controller, view = make_view(qtbot, mode="simulated", seed=9)
    play_by_clicks(view)
    assert view.page == "over"
    sheet = controller.match.state.sheet
    entries = [sheet.entry(0, c) for c in range(1, 11)]
    assert sheet.total(0) == sum(entries)
    assert solitaire(view).sheet_value("TOTAL") == str(sum(entries))
    assert str(sum(entries)) in view.finish.summary.text()
    stored = json.loads((data_dir / FILE_NAME).read_text())
    assert [b["total"] for b in stored["bests"]] == [sum(entries)]
    assert view.finish.table.rowCount() == 1
    # the same finished match shown again (a reopened save) is not counted twice
    _, again = make_view(qtbot, match=controller.match)
    assert again.page == "over"
    assert len(BestsBook().bests) == 1
    with qtbot.waitSignal(view.finished_requested):
        solitaire(view).back_to_start()


def play_by_clicks(view: SolitaireView) -> None:
    rng_five = list(ROSTER.fighters[::7][:5])
    for _ in range(400):
        state = view.match.state
        if state.phase == "over":
            return
        if state.phase == "choose":
            if state.last:
                solitaire(view).same_five()
            else:
                solitaire(view).pick_fighters(rng_five)
            solitaire(view).confirm_pick()
        elif state.phase == "throw":
            solitaire(view).throw()
        else:
            solitaire(view).enter(solitaire(view).offered()[-1])
    raise AssertionError("the game did not end")


def test_a_three_game_session_fills_three_columns_and_ranks_them(qtbot, data_dir):
    controller, view = make_view(qtbot, mode="simulated", games=3, seed=4)
    play_by_clicks(view)
    assert controller.match.is_over
    sheet = controller.match.state.sheet
    totals = [solitaire(view).sheet_value("TOTAL", g) for g in range(3)]
    assert totals == [str(sheet.total(g)) for g in range(3)]
    assert sorted((b.total for b in BestsBook().bests), reverse=True) == sorted(
        (sheet.total(g) for g in range(3)), reverse=True)
    assert "Game 3" in view.finish.detail.text()


def test_a_broken_bests_file_is_reported_and_replaced(qtbot, data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / FILE_NAME).write_text('{"format": "battlebox-solitaire-bests", "version": 1, "bests": [{"name": 3}]}')
    _controller, view = make_view(qtbot)
    assert "could not be read" in view.bests.problem
    assert (data_dir / (FILE_NAME + ".broken")).exists()
    assert json.loads((data_dir / FILE_NAME).read_text())["bests"] == []
    throw_at_table(view, RULEBOOK_FIVE, RULEBOOK_POSES)
    assert "could not be read" in view.board.bests_line.text()
    assert BestsBook().problem == "", "the replacement file reads cleanly"


def test_bests_keep_the_top_ten_in_order(data_dir):
    book = BestsBook()
    for i, total in enumerate([40, 90, 10, 300, 55, 70, 120, 5, 60, 80, 100, 65]):
        book.record(f"P{i}", total, key=f"k{i}")
    assert [b.total for b in BestsBook().bests] == [300, 120, 100, 90, 80, 70, 65, 60, 55, 40]
    assert book.record("Late", 1, key="late") is None
    assert book.record("Again", 130, key="k3") == 1, "the same key updates in place"
    assert [b.total for b in BestsBook().bests][:2] == [130, 120]


def test_export_pdf_and_png(qtbot, tmp_path, monkeypatch):
    _controller, view = make_view(qtbot)
    throw_at_table(view, RULEBOOK_FIVE, RULEBOOK_POSES)
    solitaire(view).enter(7)
    paths = {"pdf": tmp_path / "sheet", "png": tmp_path / "sheet.png"}
    monkeypatch.setattr(view, "ask_export_path", lambda kind, suggested: str(paths[kind]))
    sheet = view.scores_widget()
    sheet.export_pdf.click()
    sheet.export_png.click()
    pdf = tmp_path / "sheet.pdf"
    assert pdf.read_bytes().startswith(b"%PDF") and pdf.stat().st_size > 1000
    image = QImage(str(paths["png"]))
    assert not image.isNull()
    colours = {image.pixel(x, y) for x in range(0, image.width(), 23) for y in range(0, image.height(), 23)}
    assert len(colours) > 5
    monkeypatch.setattr(view, "ask_export_path", lambda kind, suggested: None)
    assert not view.export_png(), "cancelling the dialog writes nothing"


def test_a_broken_bests_file_is_reported_on_the_finish_screen(qtbot, data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / FILE_NAME).write_text("not json {")
    match = Match.new("solitaire", SolitaireSetup((PlayerSetup("Sol", "#1d4ed8"),), "simulated"), 8)
    rng = random.Random(8)
    while not match.is_over:
        match.apply(match.chance_action() if match.actor == "chance" else match.random_action(rng))
    _, view = make_view(qtbot, match=match)
    assert view.page == "over"
    assert view.finish.bests_problem.isVisible()
    assert "could not be read" in view.finish.bests_problem.text()
    assert [b.total for b in BestsBook().bests] == [match.state.sheet.total(0)]
