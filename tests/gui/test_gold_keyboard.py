"""A Fistful of Gold by keyboard and against the computer (issue 12): cards take the focus, the
arrows move between them, Enter or Space plays or picks; the computer's seat is named as such."""
from __future__ import annotations

import msgspec
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton, QScrollArea

from core.game import actor_players, with_computers
from core.gold.cards import CARDS
from core.gold.game import GAME
from tests.gui.drivers.gold import drive
from tests.gui.window_helpers import new_window

GAME_ID = "fistful-of-gold"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    w = new_window(qtbot, monkeypatch, tmp_path / "gold.battlebox.json")
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow, timeout=5000)
    return w


def test_the_computer_seat_is_named_on_the_table_and_in_the_status_bar(window, qtbot):
    setup = with_computers(GAME.default_setup(), {1: "easy"})
    window.start_new_game(GAME_ID, setup, seed=5)
    view, human, computer = window.view, setup.players[0].name, setup.players[1].name
    assert view.page == "table"
    qtbot.waitUntil(lambda: drive(view).focused_card() == (0, 1), timeout=3000)  # the keyboard starts on a card
    assert drive(view).row_names() == (human, f"{computer} (computer)")
    assert f"{computer} (computer)" in window.turn_label.text()
    assert f"{human} (computer)" not in window.turn_label.text()


def test_a_two_player_game_is_named_as_before(window):
    window.start_new_game(GAME_ID, seed=5)
    drive(window.view).reveal_curtain()
    assert "(computer)" not in " ".join(drive(window.view).row_names()) + window.turn_label.text()


def test_discard_and_duel_by_keyboard_alone(window, qtbot):
    window.start_new_game(GAME_ID, seed=5)
    view, gold = window.view, drive(window.view)
    gold.key(Qt.Key.Key_Return)  # the curtain
    assert view.page == "table"
    qtbot.waitUntil(lambda: gold.focused_card() is not None, timeout=3000)
    first = gold.focused_card()
    assert first == (0, CARDS[0])
    gold.key(Qt.Key.Key_Right)
    assert gold.focused_card() == (0, CARDS[1])
    gold.key(Qt.Key.Key_Left, times=3)  # stops at the first card
    assert gold.focused_card() == (0, CARDS[0])
    gold.key(Qt.Key.Key_Space)
    gold.key(Qt.Key.Key_Right)
    gold.key(Qt.Key.Key_Return)
    assert gold.hand.selection == [CARDS[0], CARDS[1]]
    confirm = view.findChild(QPushButton, "confirmDiscard")
    assert confirm.isEnabled()
    while QApplication.focusWidget() is not confirm:
        gold.key(Qt.Key.Key_Tab)  # Tab leaves the cards for the button
    gold.key(Qt.Key.Key_Return)
    assert window.match.state.discarded[0]
    assert view.page == "curtain"
    gold.key(Qt.Key.Key_Space)
    gold.key(Qt.Key.Key_End)  # not a card key: nothing happens
    gold.key(Qt.Key.Key_Right, times=8)  # to the last card
    last = gold.focused_card()
    gold.key(Qt.Key.Key_Space)
    gold.key(Qt.Key.Key_Left)
    gold.key(Qt.Key.Key_Space)
    while QApplication.focusWidget() is not view.findChild(QPushButton, "confirmDiscard"):
        gold.key(Qt.Key.Key_Tab)
    gold.key(Qt.Key.Key_Space)
    assert window.match.state.phase == "duel"
    assert last[1] in window.match.state.discards[1]

    gold.key(Qt.Key.Key_Return)  # the curtain for the first duel
    card = gold.focused_card()
    assert card is not None and card[0] == 0
    gold.key(Qt.Key.Key_Return)
    assert window.match.state.pending[0] == card[1]


def test_blocked_cards_take_no_focus_and_the_arrows_skip_them(window, qtbot):
    setup = with_computers(GAME.default_setup(), {1: "easy"})
    window.start_new_game(GAME_ID, setup, seed=5)
    gold = drive(window.view)
    gold.discard(0, (7, 8))
    qtbot.waitUntil(lambda: 0 in actor_players(window.match.actor) and window.match.state.phase == "duel")
    gold.click_card(0, 6)  # after a 6, a 7 may not follow
    qtbot.waitUntil(lambda: bool(window.match.state.duels))  # the computer answers on its worker
    qtbot.waitUntil(lambda: 0 in actor_players(window.match.actor) and bool(gold.hand.cards))
    blocked = [w for (p, c), w in gold.hand.cards.items() if w.blocked]
    assert all(w.focusPolicy() == Qt.FocusPolicy.NoFocus for w in blocked)
    seen = set()
    qtbot.waitUntil(lambda: gold.focused_card() is not None, timeout=3000)  # the rebuilt hand has the focus
    gold.key(Qt.Key.Key_Home)
    for _ in range(len(gold.hand.cards) + 2):
        seen.add(gold.focused_card())
        gold.key(Qt.Key.Key_Right)
    assert seen and not {c for _, c in seen if c is not None} & {w.card for w in blocked}


def test_the_focused_card_scrolls_into_sight_in_a_small_window(qtbot, monkeypatch, tmp_path):
    w = new_window(qtbot, monkeypatch, tmp_path / "small.battlebox.json", size=(1024, 640))
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow, timeout=5000)
    w.start_new_game(GAME_ID, with_computers(GAME.default_setup(), {1: "easy"}), seed=5)
    gold = drive(w.view)
    qtbot.waitUntil(lambda: w.match.state.discarded[1])  # the computer's discard has landed
    qtbot.waitUntil(lambda: gold.focused_card() is not None, timeout=3000)
    gold.key(Qt.Key.Key_Right, times=8)
    card = gold.hand_card(0, CARDS[-1])
    assert gold.focused_card() == (0, CARDS[-1])
    viewport = w.view.findChild(QScrollArea, "goldScroll").viewport()
    corner = card.mapTo(viewport, card.rect().bottomRight())
    assert viewport.rect().contains(corner)


def test_table_mode_up_and_down_move_between_the_two_hands(window):
    setup = msgspec.structs.replace(GAME.default_setup(), mode="table")
    window.start_new_game(GAME_ID, setup, seed=5)
    gold = drive(window.view)
    while window.match.state.phase == "discard":
        if window.view.page == "curtain":
            gold.reveal_curtain()
        seat = gold.choosing()[0]
        gold.discard(seat, (7, 8))
    assert gold.choosing() == (0, 1)
    gold.hand.focus_first()
    QApplication.processEvents()
    assert gold.focused_card() == (0, CARDS[0])
    gold.key(Qt.Key.Key_Right)
    gold.key(Qt.Key.Key_Down)
    assert gold.focused_card() == (1, CARDS[1])
    gold.key(Qt.Key.Key_Return)
    assert window.match.state.pending[1] == CARDS[1]
