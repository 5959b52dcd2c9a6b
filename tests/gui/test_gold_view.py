"""The Fistful of Gold view driven by clicks: curtains, discards, secret duels, forbidden cards,
table mode, the computer opponent, scores and the winner screen."""
from __future__ import annotations

import random

import msgspec
import pytest
from PySide6.QtWidgets import QApplication

from core.game import actor_players, with_computers
from core.gold.cards import DYNAMITE, HIDDEN
from core.gold.game import GAME, Play
from core.match import Match
from gui.controller import MatchController
from gui.gold.cards import CardWidget, HandBacks
from gui.gold.view import GoldView
from tests.gui import layout_check
from tests.gui.drivers.window import new_window
from tests.gui.drivers.gold import drive

pytestmark = pytest.mark.gui
D = DYNAMITE


def make_view(qtbot, seed: int = 4, **options):
    computer = options.pop("computer", None)
    setup = msgspec.structs.replace(GAME.default_setup(), **options)
    if computer is not None:
        setup = with_computers(setup, {computer: "easy"})
    controller = MatchController(Match.new("fistful-of-gold", setup, seed))
    view = GoldView(controller)
    qtbot.addWidget(view)
    view.resize(1100, 760)
    view.show()
    return controller, view


def computer_done(qtbot, view: GoldView) -> None:
    """Wait until no computer seat is left to act (it chooses on a worker thread)."""
    match = view.match
    seats = {i for i, p in enumerate(match.setup.players) if p.computer is not None}
    qtbot.waitUntil(lambda: match.is_over or not seats & set(actor_players(match.actor)))


def discard_both(view: GoldView, red=(7, 8), green=(7, 8)) -> None:
    for seat, cards in ((0, red), (1, green)):
        assert view.page == "curtain"
        drive(view).reveal_curtain()
        drive(view).discard(seat, cards)


def hot_seat_duel(view: GoldView, red: int, green: int) -> None:
    drive(view).reveal_curtain()
    assert drive(view).choosing() == (0,)
    drive(view).click_card(0, red)
    assert view.page == "curtain", "the next player must not see Red's choice"
    drive(view).reveal_curtain()
    assert drive(view).choosing() == (1,)
    drive(view).click_card(1, green)


def test_discards_go_through_a_curtain_per_player(qtbot):
    controller, view = make_view(qtbot)
    assert view.page == "curtain" and view.curtain.name == "Red"
    drive(view).reveal_curtain()
    assert view.page == "table" and drive(view).choosing() == (0,)
    assert not view.table.hand.confirm.isEnabled()
    drive(view).click_card(0, 7)
    assert not view.table.hand.confirm.isEnabled()
    drive(view).click_card(0, 8)
    assert view.table.hand.confirm.isEnabled()
    view.table.hand.confirm.click()
    assert controller.match.state.discards[0] == (7, 8)
    assert view.page == "curtain" and view.curtain.name == "Green"
    drive(view).reveal_curtain()
    assert [w.card for w in view.table.rows[0].discard_widgets] == [HIDDEN, HIDDEN], "Red's discards are face down"
    assert view.table.rows[1].discard_widgets == [], "Green has not discarded yet"
    drive(view).discard(1, (1, D))
    assert controller.match.state.phase == "duel"


def test_a_duel_is_chosen_in_secret_and_shown_with_its_gold(qtbot):
    controller, view = make_view(qtbot)
    discard_both(view)
    hot_seat_duel(view, 5, 2)
    state = controller.match.state
    assert state.duels[-1].cards == (5, 2)
    assert "Red wins 3 gold" in view.curtain._message.text()
    drive(view).reveal_curtain()
    assert "Red wins 3 gold" in view.table.sentence.text()
    red_cards = view.table.rows[0].card_widgets
    assert [(w.card, w.gold) for w in red_cards] == [(5, 3)]
    assert [(w.card, w.gold) for w in view.table.rows[1].card_widgets] == [(2, 0)]
    assert view.table.rows[0].gold.text() == "Gold this round: 3"


def test_the_forbidden_card_is_disabled_with_the_reason(qtbot):
    controller, view = make_view(qtbot)
    discard_both(view)
    hot_seat_duel(view, 4, 1)
    drive(view).reveal_curtain()
    five = drive(view).hand_card(0, 5)
    assert five.blocked and not five.clickable
    assert "You played a 4 last: a 5 is not allowed now" in five.toolTip()
    reason = view.table.hand.reasons[0]
    assert reason.isVisible() and "a 5 is not allowed" in reason.text()
    drive(view).click_card(0, 5)
    assert controller.match.state.pending == (None, None), "a click on a forbidden card does nothing"
    assert 5 not in drive(view).playable_cards(0) and 6 in drive(view).playable_cards(0)
    controller.apply(Play(0, 5))
    assert "not allowed" in view.refusal.reason


def test_table_mode_enters_both_cards_without_curtains(qtbot):
    controller, view = make_view(qtbot, mode="table")
    discard_both(view)
    assert view.page == "table" and drive(view).choosing() == (0, 1)
    drive(view).click_card(0, 4)
    assert drive(view).choosing() == (1,)
    drive(view).click_card(1, 1)
    assert drive(view).choosing() == (0, 1)
    five = drive(view).hand_card(0, 5)
    assert five.blocked and five.clickable, "a forbidden card can be entered in table mode"
    assert "loses the round" in view.table.hand.reasons[0].text()
    drive(view).click_card(0, 5)
    drive(view).click_card(1, 3)
    assert controller.match.state.badges == (0, 1)
    assert "broke the rule" in view.table.sentence.text()


def test_against_the_computer_there_is_no_curtain_and_it_answers_on_its_own(qtbot):
    controller, view = make_view(qtbot, computer=1)
    assert view.page == "table" and drive(view).choosing() == (0,)
    drive(view).discard(0, (7, 8))
    computer_done(qtbot, view)
    assert all(controller.match.state.discarded)
    drive(view).click_card(0, 4)
    computer_done(qtbot, view)
    state = controller.match.state
    assert len(state.duels) == 1 and state.duels[0].cards[0] == 4
    assert view.page == "table" and drive(view).choosing() == (0,)
    assert [w.card for w in view.table.rows[1].discard_widgets] == [HIDDEN, HIDDEN], \
        "the computer's discards stay face down"


def test_open_discards_show_face_up(qtbot):
    controller, view = make_view(qtbot, computer=1, open_discards=True)
    drive(view).discard(0, (7, 8))
    computer_done(qtbot, view)
    minis = [w.card for w in view.table.rows[1].discard_widgets]
    assert len(minis) == 2 and HIDDEN not in minis
    assert tuple(sorted(minis)) == tuple(sorted(controller.match.state.discards[1]))


def test_scores_dock_and_winner_screen(qtbot):
    controller, view = make_view(qtbot, computer=1)
    scores = view.scores_widget()
    drive(view).discard(0, (7, 8))
    while not controller.match.is_over:
        computer_done(qtbot, view)
        if controller.match.is_over:
            break
        drive(view).click_card(0, drive(view).playable_cards(0)[0])
    state = controller.match.state
    assert view.page == "over"
    assert view.winner.summary.text() == GAME.result_text(controller.match.state)
    assert scores.table.rowCount() == len(state.rounds)
    for row, record in enumerate(state.rounds):
        assert scores.table.item(row, 0).text() == str(record.gold[0])
        assert scores.table.item(row, 1).text() == str(record.gold[1])
    assert f"Red\u00a0{state.badges[0]}" in scores.badges.text(), "a wrap never parts the count from its name"


def test_winner_screen_words_the_result_with_the_games_text(qtbot, monkeypatch):
    import core.gold.game as gold_game

    monkeypatch.setattr(gold_game, "result_text", lambda state: "Reworded result")
    controller, view = make_view(qtbot, computer=1)
    drive(view).discard(0, (7, 8))
    while not controller.match.is_over:
        computer_done(qtbot, view)
        if controller.match.is_over:
            break
        drive(view).click_card(0, drive(view).playable_cards(0)[0])
    assert view.page == "over" and view.winner.summary.text() == "Reworded result"


def test_a_narrow_scores_dock_wraps_who_took_the_badge_instead_of_cutting_it(qtbot):
    """At 1024x640 the dock is some 270 px wide, and a player may narrow it: "Green (most gold)" must show whole."""
    from pathlib import Path

    from PySide6.QtCore import QRect, Qt
    from PySide6.QtGui import QFontMetrics

    from gui.gold.scores import GoldScores
    from gui.kit.stylesheet import stylesheet

    save = Path(__file__).resolve().parents[1] / "saves" / "0.1.0" / "fistful-of-gold-finished.battlebox.json"
    state = Match.load(save).state
    scores = GoldScores()
    scores.setStyleSheet(stylesheet())
    qtbot.addWidget(scores)
    scores.render(state)  # as in the app: filled first, then laid out in its dock
    scores.resize(210, 300)
    scores.show()
    qtbot.waitExposed(scores)
    table = scores.table
    metrics = QFontMetrics(table.font())
    width = table.columnWidth(2) - 8  # the cell's padding
    assert metrics.horizontalAdvance(table.item(0, 2).text()) > width, "the dock is not narrow enough to test"
    for row in range(table.rowCount()):
        text = table.item(row, 2).text()
        needed = metrics.boundingRect(QRect(0, 0, width, 1000), Qt.TextFlag.TextWordWrap, text).height()
        qtbot.waitUntil(lambda: table.rowHeight(row) >= needed, timeout=2000)


def test_at_1024x640_a_duel_shows_the_whole_hand_and_the_rivals_backs_fanned(qtbot, monkeypatch, tmp_path):
    """The hand to choose from is a primary control: no scrolling for it at the smallest window.
    The rival's hidden hand is one fan of backs beside its count, not a pile of card widgets."""
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))
    window = new_window(qtbot, monkeypatch, tmp_path / "g.battlebox.json", size=(1024, 640))
    assert window.start_new_game("fistful-of-gold")
    match, rng = window.match, random.Random(5)
    while match.state.phase == "discard":
        window.view.controller.apply(match.random_action(rng))
    if window.view.page == "curtain":
        window.view.curtain.revealed.emit()
    for _ in range(5):
        QApplication.processEvents()
    problems = layout_check.check(window)
    assert problems["primary"] == [] and problems["overlap"] == [], problems
    viewer = window.view.viewer()
    rival = window.view.table.rows[1 - viewer]
    backs = rival.findChildren(HandBacks)
    assert len(backs) == 1 and backs[0].count == len(match.state.hands[1 - viewer]) == 7
    hidden = [w for w in rival.findChildren(CardWidget) if w.card == HIDDEN]
    assert all(w in rival.discard_widgets for w in hidden), "only face-down discards are card widgets"


def test_long_names_never_push_the_scores_sideways_in_a_narrow_dock(qtbot):
    """Computer seats are named "Red (computer)": in the 270 px dock of a 1024x640 window the gold
    columns still share the width (no sideways scrolling); a header cut short says the whole name
    as a tooltip, and the badge column says how it was won in the winner's colour."""
    from pathlib import Path

    from PySide6.QtGui import QColor

    from gui.gold.scores import GoldScores
    from gui.kit.stylesheet import stylesheet

    save = Path(__file__).resolve().parents[1] / "saves" / "0.1.0" / "fistful-of-gold-finished.battlebox.json"
    state = Match.load(save).state
    players = tuple(msgspec.structs.replace(p, name=f"{p.name} (computer)") for p in state.setup.players)
    state = msgspec.structs.replace(state, setup=msgspec.structs.replace(state.setup, players=players))
    scores = GoldScores()
    scores.setStyleSheet(stylesheet())
    qtbot.addWidget(scores)
    scores.render(state)
    scores.resize(270, 300)
    scores.show()
    qtbot.waitExposed(scores)
    table = scores.table
    qtbot.waitUntil(lambda: not table.horizontalScrollBar().isVisible(), timeout=2000)
    assert sum(table.columnWidth(c) for c in range(3)) <= table.viewport().width()
    assert [table.horizontalHeaderItem(p).toolTip() for p in (0, 1)] == [state.name(0), state.name(1)]
    for row, done in enumerate(state.rounds):
        item = table.item(row, 2)
        if done.winner is None:
            continue
        assert item.foreground().color() == QColor(state.setup.players[done.winner].colour)
        assert item.toolTip().startswith(f"{state.name(done.winner)} takes the badge")


def test_the_cards_grow_with_a_large_window_and_a_half_made_discard_survives_it(qtbot):
    """Up to a 1280x800 window the cards keep their size; a large one draws them larger (to 1.8
    times), in place, so a card already picked for discarding stays picked."""
    from PySide6.QtCore import QSize

    from gui.gold.table import HAND_CARD, FULL_HAND_CARD, MAX_SCALE, card_scale

    assert card_scale(QSize(900, 700)) == card_scale(QSize(600, 400)) == 1.0
    assert card_scale(QSize(2300, 1400)) == MAX_SCALE
    controller, view = make_view(qtbot)
    drive(view).reveal_curtain()
    hand = view.table.hand
    qtbot.waitUntil(lambda: bool(hand.cards))
    hand._toggle(7)
    size = hand.cards[(0, 7)].size()
    assert size.width() <= FULL_HAND_CARD.width() * 1.25, "nine cards to discard from, at about base size"
    view.resize(2400, 1400)
    qtbot.waitUntil(lambda: hand.cards[(0, 7)].width() > size.width())
    big = hand.cards[(0, 7)].size()
    assert big.width() >= FULL_HAND_CARD.width() * 1.5 and big.height() > big.width()
    assert hand.selection == [7], "the pick survives"
    view.resize(1100, 760)
    qtbot.waitUntil(lambda: hand.cards[(0, 7)].size() == size)
    assert HAND_CARD.width() > FULL_HAND_CARD.width()
