"""Any seat can be a computer, from New Game to the last move (issue 13): the seat is chosen in
the dialog, the computer plays on a worker thread through the window while the human plays by
clicks, its secrets never show, and View → Computer speed is a saved setting. The conftest puts
the pace at its fastest (Instant)."""
from __future__ import annotations

import msgspec
import pytest
from PySide6.QtCore import QThreadPool, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox

from core import registry
from core.game import CHANCE, actor_players, default_players
from core.gold.cards import HIDDEN
from gui import storage
from gui.main_window import MainWindow
from gui.new_game import NewGameDialog
from tests.gui.drivers.fistful import throwdown
from tests.gui.drivers.gold import drive as gold
from tests.gui.drivers.hints import start_with_seats
from tests.gui.test_throwdown_e2e import FISTFULS
from tests.gui.window_helpers import click_new_game, new_window
from tests.gui.workers import workers_done  # noqa: F401 (autouse: searches end with each test)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))


def dialog_with_computer(window: MainWindow, game_id: str, seat: int, level: str):
    """The New Game dialog with `seat` set to the computer at `level`, as a player would."""
    dialog = NewGameDialog(game_id, window)
    dialog.players_spin.setValue(2)
    combo = dialog.findChild(QComboBox, f"seatOption:computer:{seat}")
    assert combo.isVisible() or not dialog.isVisible()
    combo.setCurrentIndex(combo.findData(level))
    QTest.keyClicks(dialog.seed_edit, "11")
    QTest.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    return dialog.result_value()


def wait_for_human(qtbot, window: MainWindow, human: int) -> None:
    match = window.match
    qtbot.waitUntil(lambda: match.is_over or human in actor_players(match.actor) or match.actor == CHANCE,
                    timeout=10000)


def test_the_dialog_offers_human_or_computer_for_every_seat(qtbot, monkeypatch, tmp_path):
    window = new_window(qtbot, monkeypatch, tmp_path / "x.battlebox.json")
    dialog = NewGameDialog("throwdown", window)
    dialog.players_spin.setValue(3)
    for seat in range(3):
        combo = dialog.findChild(QComboBox, f"seatOption:computer:{seat}")
        assert [combo.itemData(i) for i in range(combo.count())] == [None, "easy", "normal", "strong"]
        assert combo.currentData() is None
    combo = dialog.findChild(QComboBox, "seatOption:computer:2")
    combo.setCurrentIndex(combo.findData("strong"))
    assert [p.get("computer") for p in dialog.setup_data()["players"]] == [None, None, "strong"]


@pytest.mark.parametrize("computer", [0, 1])
def test_a_game_of_gold_against_the_computer_from_new_game(qtbot, monkeypatch, tmp_path, computer):
    window = new_window(qtbot, monkeypatch, tmp_path / "gold.battlebox.json")
    monkeypatch.setattr(window, "ask_new_game", lambda g: dialog_with_computer(window, g, computer, "easy"))
    click_new_game(window, "fistful-of-gold")
    match, human = window.match, 1 - computer
    assert match.setup.players[computer].computer == "easy"
    for _ in range(200):
        wait_for_human(qtbot, window, human)
        if match.is_over:
            break
        view = window.view
        assert view.page == "table", "no curtain against the computer"
        assert HIDDEN in match.view(human).hands[computer]
        seat = gold(view).choosing()[0]
        assert seat == human
        if match.state.phase == "discard":
            gold(view).discard(seat, sorted(match.state.hands[seat])[-2:])
        else:
            gold(view).click_card(seat, gold(view).playable_cards(seat)[0])
    assert match.is_over and not window.errors
    qtbot.waitUntil(lambda: window.view.page == "over")
    assert any(getattr(a, "player", None) == computer for a in match.actions)


def test_a_game_of_throwdown_against_the_computer_from_new_game(qtbot, monkeypatch, tmp_path):
    window = new_window(qtbot, monkeypatch, tmp_path / "td.battlebox.json")
    monkeypatch.setattr(window, "ask_new_game", lambda g: dialog_with_computer(window, g, 1, "easy"))
    click_new_game(window, "throwdown")
    match = window.match
    assert [p.computer for p in match.setup.players] == [None, "easy"]
    wait_for_human(qtbot, window, 0)
    view = window.view
    assert view.page == "pick", "the lone human is not curtained"
    throwdown(view).pick_fighters(FISTFULS[0])
    throwdown(view).confirm_pick()
    for _ in range(400):
        qtbot.waitUntil(lambda: match.is_over or match.actor == CHANCE or 0 in actor_players(match.actor),
                        timeout=10000)
        if match.is_over:
            break
        if match.actor == CHANCE:
            throwdown(view).throw()
        else:
            throwdown(view).remove_first_removable()
        qtbot.waitUntil(lambda: not throwdown(view).landing(), timeout=10000)
    assert match.is_over and not window.errors
    assert any(getattr(a, "player", None) == 1 for a in match.actions), "the computer picked and removed"


def test_the_computer_speed_is_a_saved_view_setting(qtbot, monkeypatch, tmp_path):
    monkeypatch.delenv(storage.ENV_COMPUTER_SPEED)
    window = new_window(qtbot, monkeypatch, tmp_path / "x.battlebox.json")
    assert storage.computer_speed() == "Normal"
    window.view_menu.aboutToShow.emit()
    window.speed_actions["Slow"].trigger()
    assert storage.computer_speed() == "Slow"
    assert storage.computer_delay_ms() == dict(storage.COMPUTER_SPEEDS)["Slow"]
    window.view_menu.aboutToShow.emit()
    assert window.speed_actions["Slow"].isChecked() and len(window.speed_actions) == len(storage.COMPUTER_SPEEDS)


def test_close_forgets_a_computer_that_is_still_thinking(qtbot, monkeypatch, tmp_path):
    """At the slowest pace the computer's first pick waits; closing the game drops it."""
    monkeypatch.setenv(storage.ENV_COMPUTER_SPEED, "Slow")
    window = new_window(qtbot, monkeypatch, tmp_path / "x.battlebox.json")
    monkeypatch.setattr(window, "ask_new_game", lambda g: dialog_with_computer(window, g, 1, "easy"))
    click_new_game(window, "throwdown")
    view, match = window.view, window.match
    assert view.thinking.isVisibleTo(view) and "thinking" in view.thinking.text()
    view.stop_computer()
    assert not view.thinking.isVisibleTo(view)
    with qtbot.assertNotEmitted(window.view.controller.changed, wait=2000):
        pass
    assert not match.actions


def test_a_computers_throw_lands_by_itself_and_the_humans_waits(qtbot, monkeypatch, tmp_path):
    """Clout: the computer's chip flies and lands with no click (core.ai.turns: its throw), then
    the human's throw waits for the human."""
    window = new_window(qtbot, monkeypatch, tmp_path / "clout.battlebox.json")
    start_with_seats(monkeypatch, window, "clout", {0: "easy", 1: None})
    match = window.match
    qtbot.waitUntil(lambda: 1 in actor_players(match.actor), timeout=10000)
    assert match.steps >= 2 and match.game.actor(match.state_at(1)) == CHANCE, "the landing played itself"


def test_after_an_exchange_with_a_human_the_human_throws(qtbot, monkeypatch, tmp_path):
    window = new_window(qtbot, monkeypatch, tmp_path / "td.battlebox.json")
    monkeypatch.setattr(window, "ask_new_game", lambda g: dialog_with_computer(window, g, 1, "easy"))
    click_new_game(window, "throwdown")
    match, view = window.match, window.view
    qtbot.waitUntil(lambda: 0 in actor_players(match.actor), timeout=10000)
    throwdown(view).pick_fighters(FISTFULS[0])
    throwdown(view).confirm_pick()
    qtbot.waitUntil(lambda: match.actor == CHANCE, timeout=10000)
    QThreadPool.globalInstance().waitForDone()
    QApplication.processEvents()
    assert match.actor == CHANCE, "the human in the exchange throws"


# Short setups: a whole game through the window in every game stays a few seconds each.
SHORT: dict[str, dict] = {
    "solitaire": {},
    "domination": {"ultimate_champion": False},
    "all-out-war": {"ultimate_champion": False},
    "clout": {},
    "power-spike": {"passes_limit": 1},  # points after one pass of the movement deck
    "impact": {"players": default_players(2)},
}


@pytest.mark.parametrize("game_id", list(SHORT))
def test_a_whole_game_of_computers_through_the_window(qtbot, monkeypatch, tmp_path, game_id):
    """Every seat the Easy computer (Solitaire: its one seat plays a session): the window plays the
    game to its game-over page by itself, throws included, with no refusal and no error."""
    window = new_window(qtbot, monkeypatch, tmp_path / "x.battlebox.json", size=(1024, 640))
    setup = msgspec.structs.replace(registry.get(game_id).default_setup(), **SHORT[game_id])
    refused: list[str] = []
    start_with_seats(monkeypatch, window, game_id, {i: "easy" for i in range(len(setup.players))}, setup=setup)
    window.view.controller.refused.connect(refused.append)
    window.hide()  # the window plays on unseen: painting every step of a battle map would cost most of the time
    qtbot.waitUntil(lambda: window.match.is_over, timeout=120000)
    qtbot.waitUntil(lambda: window.view.page == "over", timeout=10000)
    assert not window.errors and not refused
    assert window.match.steps > 5


def test_against_the_computer_the_human_sees_the_board_when_nothing_is_secret(qtbot, monkeypatch, tmp_path):
    """With one human among computers the screen may show that human's secrets, but a public
    step (Domination opens with a disc to claim) still shows the board, not the fistful picker."""
    window = new_window(qtbot, monkeypatch, tmp_path / "b.battlebox.json")
    start_with_seats(monkeypatch, window, "domination", {0: None, 1: "easy"})
    match, view = window.match, window.view
    public = ("claim", "attack", "counter", "flip", "hero_claim", "remove")
    qtbot.waitUntil(lambda: 0 in actor_players(match.actor) and match.state.phase in public, timeout=20000)
    QApplication.processEvents()
    assert view.page == "board", (match.state.phase, view.page)


def test_undo_after_the_computers_reply_takes_back_your_move_and_its_reply(qtbot, monkeypatch, tmp_path):
    """Undoing only the computer's move had it play that move again at once: Undo did nothing."""
    from core.ai import make_player
    from tests.gui.drivers.window import WindowDriver

    window = new_window(qtbot, monkeypatch, tmp_path / "undo.battlebox.json")
    start_with_seats(monkeypatch, window, "power-spike", {0: None, 1: "easy"})
    match = window.match
    me = make_player("power-spike", "easy", seed=3)
    undo = WindowDriver(window).menu_action("Edit", "Undo")
    for _ in range(3):  # deployments: no throw between, so the whole turn can be taken back
        wait_for_human(qtbot, window, 0)
        assert match.state.phase == "deploy"
        before = match.actions
        window.controller.apply(me.choose(match, 0))
        qtbot.waitUntil(lambda: len(match.actions) >= len(before) + 2 and 0 in actor_players(match.actor),
                        timeout=10000)
    after = match.actions
    mine = max(s for s in range(len(after)) if 0 in actor_players(match.game.actor(match.state_at(s))))
    assert undo.toolTip().startswith(f"Undo: {match.log[mine]}") and "and the computer's" in undo.toolTip()
    undo.trigger()
    assert match.actions == after[:mine] and 0 in actor_players(match.actor)
    QTest.qWait(200)
    QThreadPool.globalInstance().waitForDone(5000)
    QApplication.processEvents()
    assert match.actions == after[:mine], "the computer waits for the person's move"
