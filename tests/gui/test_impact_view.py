"""ImpactView: clicks and key presses become actions; the screens show the match."""
from __future__ import annotations

import msgspec
import pytest

from core.game import CHANCE
from core.impact.game import GAME, Knock, Landing, RaceResult, StartingDie, Stop, Throw, Tip, Tipped
from core.match import Match
from gui.controller import MatchController
from gui.impact.view import ImpactView
from tests.gui.drivers.impact import drive


@pytest.fixture(autouse=True)
def no_animation(monkeypatch):
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "0")


def make(qtbot, n: int = 3, seed: int = 4, **options) -> ImpactView:
    setup = msgspec.structs.replace(GAME.default_setup(n), **options)
    view = ImpactView(MatchController(Match.new("impact", setup, seed=seed)))
    qtbot.addWidget(view)
    view.resize(1200, 760)
    view.show()
    return view


def test_simulated_starting_die_then_one_click_throws_and_lands(qtbot):
    view = make(qtbot)
    assert view.roll_button.isVisible() and view.roll_button.text() == "Throw the starting die"
    drive(view).roll()
    assert len(view.match.state.cauldron) == 1 and view.cauldron.dice == view.match.state.cauldron
    assert not view.roll_button.isVisible() and view.cautious_button.isEnabled()
    assert not view.stop_button.isEnabled()
    drive(view).cautious()
    kinds = [type(a) for a in view.match.actions]
    assert kinds == [StartingDie, Throw, Landing]
    assert view.match.actions[1].style == "cautious"


def test_table_mode_rulebook_example_entered_by_clicks(qtbot):
    view = make(qtbot, mode="table")
    match = view.match
    assert view.record_button.isVisible() and not view.roll_button.isVisible()
    drive(view).set_face(0, "fire")
    drive(view).record()
    for face in ("water", "stone"):
        drive(view).cautious()
        drive(view).set_face(0, face)
        drive(view).record()
        drive(view).stop()
    assert match.state.cauldron == ("fire", "water", "stone") and match.actor == 2
    drive(view).reckless()
    assert len(view.entry.knock_combos) == 3
    drive(view).set_face(0, "air")
    drive(view).set_knock(2, "lightning")
    drive(view).record()
    assert match.state.cauldron == ("fire", "water", "lightning", "air")
    assert "no matches" in view.status.text()
    drive(view).reckless()
    drive(view).set_face(0, "fire")
    drive(view).set_knock(2, "stone")
    drive(view).set_knock(3, "water")
    drive(view).record()
    assert match.state.cauldron == ("stone",) and match.state.loose == (6, 6, 9)
    assert "wins 4 dice" in view.events.text()
    assert match.actions[-1] == Landing(("fire",), 0, (Knock(2, "stone"), Knock(3, "water")))


def test_missed_die_entered_in_table_mode(qtbot):
    view = make(qtbot, mode="table")
    drive(view).record()
    drive(view).cautious()
    drive(view).set_face(0, "missed")
    drive(view).record()
    assert view.match.state.removed == 1 and view.match.actions[-1] == Landing((), 1)


def test_clicking_dice_selects_them_for_tipping(qtbot):
    view = make(qtbot, mode="table")
    match = view.match
    drive(view).record()
    drive(view).cautious()
    drive(view).set_face(0, "stone")
    drive(view).record()
    assert not view.tip_button.isEnabled()
    drive(view).click_die(0)
    drive(view).click_die(1)
    assert view.tip_button.isEnabled() and "2" in view.tip_button.text()
    drive(view).click_die(1)
    assert view.cauldron.selected == {0}
    drive(view).tip()
    assert match.actions[-1] == Tip(0, (0,)) and match.actor == CHANCE
    assert view.entry.face_combos and view.entry.face_combos[0].count() == 4
    drive(view).set_face(0, "stone")
    drive(view).record()
    assert match.state.cauldron == ("stone", "stone") and match.actions[-1] == Tipped(("stone",))
    assert not view.stop_button.isEnabled()
    drive(view).cautious()
    drive(view).set_face(0, "air")
    drive(view).record()
    assert match.state.loose[0] == 7 - 2 + 2


def test_race_by_key_presses_gives_the_race_result(qtbot):
    view = make(qtbot, mode="table", powers=True)
    drive(view).set_face(0, "fire")
    drive(view).record()
    drive(view).cautious()
    drive(view).set_face(0, "fire")
    drive(view).record()
    assert view.page == "race" and view.race.title.text() == "Column of Fire!"
    needed = GAME.race_presses(view.match.state)
    assert needed == {0: 6, 1: 7, 2: 7}
    for _ in range(7):
        drive(view).race_key(2)
    assert view.match.state.phase == "race"
    for _ in range(6):
        drive(view).race_key(0)
    assert view.match.actions[-1] == RaceResult((2, 0, 1))
    assert view.page == "board" and view.match.state.taken_by == 2


def test_computer_finishes_a_race_by_presses_left(qtbot):
    view = make(qtbot, mode="table", powers=True)
    drive(view).set_face(0, "fire")
    drive(view).record()
    drive(view).cautious()
    drive(view).set_face(0, "fire")
    drive(view).record()
    drive(view).race_key(1)
    drive(view).computer_finishes_race()
    assert view.match.actions[-1] == RaceResult((0, 1, 2))


def test_big_bang_is_announced(qtbot):
    view = make(qtbot, mode="table")
    drive(view).set_face(0, "air")
    drive(view).record()
    drive(view).cautious()
    drive(view).set_face(0, "air")
    drive(view).record()
    assert view.match.state.big_bang
    assert "BIG BANG" in view.status.text() and "Big Bang" in view.cautious_button.text()
    assert not view.tip_button.isVisible()


def test_refusal_is_shown(qtbot):
    view = make(qtbot, mode="table")
    drive(view).record()
    view.controller.apply(Stop(0))
    assert "mandatory" in drive(view).refusal()


def test_winner_and_tournament_table(qtbot):
    view = make(qtbot, n=3, tournament=True)
    import random
    rng = random.Random(2)
    match = view.match
    while not match.is_over:
        match.apply(match.chance_action() if match.actor == CHANCE else match.random_action(rng))
    view.controller.changed.emit()
    assert view.page == "over"
    assert view.winner.title.text() == "Tournament of the Elements"
    assert view.winner.table.columnCount() == 4
    totals = [int(view.winner.table.item(p, 3).text()) for p in range(3)]
    assert totals == list(match.state.lost)
    scores = view.scores_widget()
    assert scores.table.item(0, 3).text() == str(match.state.lost[0])


def test_table_mode_enters_a_die_turned_and_a_die_kicked_out(qtbot):
    view = make(qtbot, mode="table")
    match = view.match
    drive(view).set_face(0, "fire")
    drive(view).record()
    for face in ("water", "stone"):
        drive(view).cautious()
        drive(view).set_face(0, face)
        drive(view).record()
        drive(view).stop()
    drive(view).reckless()
    assert view.entry.knock_combos[0].findData("kicked") >= 0
    drive(view).set_face(0, "air")
    drive(view).set_knock(0, "kicked")
    drive(view).set_knock(2, "lightning")
    drive(view).record()
    assert match.actions[-1] == Landing(("air",), 0, (Knock(2, "lightning"),), kicked=(0,))
    assert match.state.cauldron == ("water", "lightning", "air") and match.state.removed == 1
    assert "kicked out" in view.events.text()


def test_winner_page_shows_a_draw_with_shared_places(qtbot):
    from gui.impact.over import WinnerPage
    from tests.core.impact_table import Table

    t = Table(msgspec.structs.replace(GAME.default_setup(4), mode="table", powers=True))
    t.apply(StartingDie("lightning"))
    t.place(cauldron=("lightning",), loose=(1, 1, 1, 0), out=(False, False, False, True), out_order=((3,),))
    for action in (Throw(0, "reckless"), Landing(("lightning",)), RaceResult((1, 2)),
                   Landing((), missed=2, knocked=(Knock(0, "fire"),), kicked=(1,)), Stop(0)):
        t.apply(action)
    page = WinnerPage()
    qtbot.addWidget(page)
    page.render(t.state, GAME.result_text(t.state))
    assert page.title.text() == "A draw"
    assert page.name.text() == "Player 1 & Player 2 & Player 3"
    assert "draw" in page.summary.text()
    ranks = [page.table.verticalHeaderItem(r).text() for r in range(4)]
    assert ranks == ["1", "1", "1", "4"]
    assert page.table.item(3, 0).text() == "Player 4"


def test_winner_page_words_the_result_with_the_games_text(qtbot, monkeypatch):
    import core.impact.game as impact_game

    monkeypatch.setattr(impact_game, "result_text", lambda state: "Reworded result")
    view = make(qtbot, n=2, seed=9)
    import random
    rng = random.Random(9)
    match = view.match
    while not match.is_over:
        match.apply(match.chance_action() if match.actor == CHANCE else match.random_action(rng))
    view.controller.changed.emit()
    assert view.page == "over" and view.winner.summary.text() == "Reworded result"


def test_a_long_name_is_cut_in_the_scores_dock_not_scrolled(qtbot):
    """Forty letters (the longest name New Game takes) left the figures off a narrow dock's edge."""
    from core.game import PlayerSetup
    from gui.kit.stylesheet import apply_theme

    apply_theme()
    long = "Bartholomew the Unready of Lower Snoring"
    players = (PlayerSetup(long, "#d62828"), PlayerSetup("Ada", "#1d4ed8"))
    view = make(qtbot, n=2, players=players)
    scores = view.scores_widget()
    scores.resize(280, 400)
    scores.show()
    scores.render(view.match.state)
    qtbot.waitUntil(lambda: scores.table.viewport().width() > 0)
    header = scores.table.verticalHeader()
    assert header.model().headerData(0, header.orientation()).endswith("…")
    assert header.model().headerData(1, header.orientation()) == "Ada"
    assert scores.table.verticalHeaderItem(0).toolTip() == long
    assert not scores.table.horizontalScrollBar().isVisible()
