"""View → Hints (issue 13): off by default; on, a Hint button for the human in front of the screen
asks the Normal computer on a worker, shows its move and numbers, and notes the hint in the log;
a new position (undo) drops a hint still being worked out."""
from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import QApplication

from core.ai.knowledge import KNOWLEDGE, Knowledge, Why
from core.game import actor_players
from gui import storage
from tests.gui.drivers.fistful import BattleDriver, selectable_regions
from tests.gui.drivers.hints import HintDriver, asked, quick_hints, set_hints, start_with_seats
from tests.gui.window_helpers import new_window
from tests.gui.workers import workers_done  # noqa: F401 (autouse: searches end with each test)


@pytest.fixture
def gold_window(qtbot, monkeypatch, tmp_path):
    """A game of Gold, the human at seat 0 against the Easy computer; its hint numbers are fixed."""
    monkeypatch.setitem(KNOWLEDGE, "fistful-of-gold", Knowledge(
        explain=lambda view, seat, action, rng: Why(numbers=(("expected_gold", 1.25), ("play_chance", 0.4)))))
    window = new_window(qtbot, monkeypatch, tmp_path / "gold.battlebox.json")
    start_with_seats(monkeypatch, window, "fistful-of-gold", {0: None, 1: "easy"})
    return window


def log_text(window) -> str:
    return window.log_view.toPlainText()


def test_hints_are_off_until_the_player_turns_them_on(qtbot, gold_window):
    hints = HintDriver(gold_window.view)
    assert not storage.hints_on() and not hints.shown()
    set_hints(gold_window, True)
    assert storage.hints_on() and hints.shown() and hints.can_ask()
    set_hints(gold_window, False)
    assert not hints.shown()


def test_a_hint_shows_the_move_and_its_numbers_and_goes_in_the_log(qtbot, gold_window):
    match = gold_window.match
    set_hints(gold_window, True)
    hints = HintDriver(gold_window.view)
    hints.ask()
    assert not hints.button().isEnabled(), "one hint at a time"
    advice = hints.wait_for_advice(qtbot)
    name = match.setup.players[0].name
    assert advice.startswith("Discard ") and " and " in advice, "the secret choice with its cards named"
    assert "+1.2 gold expected" in advice and "played 40\u00a0% of the time" in advice
    # the log's plain text (QTextDocument) gives a no-break space as a plain one
    assert f"Hint for {name}: {advice}".replace("\u00a0", " ") in log_text(gold_window)
    assert all("Hint" not in line for line in match.log), "the match's log holds no hint"
    assert hints.can_ask()


def test_ctrl_h_asks_too(qtbot, gold_window):
    set_hints(gold_window, True)
    hints = HintDriver(gold_window.view)
    hints.press_shortcut()
    assert hints.wait_for_advice(qtbot)


def test_no_hint_while_the_computer_alone_acts(qtbot, monkeypatch, tmp_path):
    """Clout's first throw is the computer's (slowly): the human has nothing to ask meanwhile."""
    monkeypatch.setenv(storage.ENV_COMPUTER_SPEED, "Slow")
    window = new_window(qtbot, monkeypatch, tmp_path / "x.battlebox.json")
    set_hints(window, True)
    start_with_seats(monkeypatch, window, "clout", {0: "easy", 1: None})
    match, hints = window.match, HintDriver(window.view)
    assert actor_players(match.actor) == (0,) and hints.shown()
    assert not hints.can_ask()


def test_undo_drops_a_hint_being_worked_out(qtbot, monkeypatch, tmp_path):
    monkeypatch.setitem(KNOWLEDGE, "domination", Knowledge(iterations=(8, 8)))  # a short search to wait for
    window = new_window(qtbot, monkeypatch, tmp_path / "x.battlebox.json")
    start_with_seats(monkeypatch, window, "domination", {0: None, 1: None})
    set_hints(window, True)
    match, view = window.match, window.view
    BattleDriver(view).click_region(sorted(selectable_regions(view.board))[0])
    assert match.steps == 1
    hints = HintDriver(view)
    hints.ask()
    assert "Thinking" in hints.advice()
    assert window.undo() and match.steps == 0
    QThreadPool.globalInstance().waitForDone()
    QApplication.processEvents()  # the late answer is delivered (queued) and dropped
    assert hints.advice() == "" and "Hint for" not in log_text(window)
    assert hints.can_ask()


def test_every_hint_number_is_worded_and_an_unknown_one_plainly():
    from gui.kit.hints import NUMBERS, number_text

    assert set(NUMBERS) == {"match_chance", "expected_score", "hit_chance", "expected_hits", "expected_gold",
                            "play_chance", "reach_chance", "win_chance", "battle_chance"}
    assert number_text("hit_chance", 0.4213) == "42\u00a0% chance to hit"
    assert number_text("hit_chance", 0.004) == "0.4\u00a0% chance to hit"
    assert number_text("expected_gold", -0.5) == "-0.5 gold expected"
    assert number_text("rounds_left", 3) == "rounds left: 3"
    assert number_text("battle_chance", 0.6) == "about 60\u00a0% chance to win the coming battle"


def test_a_public_move_is_worded_by_the_game_and_a_clout_aim_names_its_chips():
    from core.ai.hints import Hint
    from core.clout.text import chip_name
    from core.match import Match
    from gui.kit.hints import hint_text

    match = Match.new("clout", seed=5)
    seat = actor_players(match.actor)[0]
    action = match.random_action(random.Random(1))
    view = match.view(seat)
    uid = view.stacks[seat][0]
    text = hint_text(match.game, view, Hint(action, Why(numbers=(("reach_chance", 0.5),), chips=(uid,))))
    words = match.game.describe(view, action, match.game.apply(view, action)).split(". ")[0].rstrip(".")
    assert text.startswith(words)
    assert text.endswith(f" — aims at {chip_name(view, uid)}; 50\u00a0% chance to reach them")
    if type(action).__name__ == "ThrowChip":
        assert f"aimed at ({action.x:.0f}, {action.y:.0f}) cm" in text, "a throw says where to aim"


def test_help_keyboard_lists_the_hint_key(qtbot, gold_window):
    dialog = gold_window.show_keyboard_help()
    qtbot.addWidget(dialog)
    assert "Ctrl+H" in dialog.browser.toPlainText() and "hint" in dialog.browser.toPlainText()


def test_at_a_shared_screen_the_log_keeps_a_secret_hint_secret(qtbot, monkeypatch, tmp_path):
    """Two people at one screen: the hint for a secret choice shows in the bar to the player who
    lifted the curtain, but the log, which both read, says only that a hint was used."""
    window = new_window(qtbot, monkeypatch, tmp_path / "x.battlebox.json")
    start_with_seats(monkeypatch, window, "fistful-of-gold", {0: None, 1: None})
    set_hints(window, True)
    view = window.view
    hints = HintDriver(view)
    assert view.page == "curtain" and not hints.can_ask()
    hints.reveal_curtain()
    hints.ask()
    advice = hints.wait_for_advice(qtbot)
    assert advice.startswith("Discard ")
    name = window.match.setup.players[view.hint_seat()].name
    assert f"Hint for {name}: a secret choice" in log_text(window)
    assert advice.replace("\u00a0", " ") not in log_text(window)


def test_play_it_makes_the_hinted_move(qtbot, gold_window):
    match, view = gold_window.match, gold_window.view
    set_hints(gold_window, True)
    hints = HintDriver(view)
    assert not hints.can_play(), "nothing to play before a hint"
    hints.ask()
    hints.wait_for_advice(qtbot)
    assert hints.can_play()
    advised, before = view._hint.action, match.steps
    hints.play()
    # the Easy seat may have chosen its card meanwhile: the hint stands through a rival's secret choice
    assert advised in match.actions[before:], "the hint's own move, for the seat that asked"
    assert not hints.can_play() and hints.advice() == "", "a hint lasts only while its position does"


def test_ctrl_shift_h_plays_the_hint(qtbot, gold_window):
    match = gold_window.match
    set_hints(gold_window, True)
    hints = HintDriver(gold_window.view)
    hints.ask()
    hints.wait_for_advice(qtbot)
    advised, before = gold_window.view._hint.action, match.steps
    hints.press_play_shortcut()
    # a shortcut clicks as a short animation
    qtbot.waitUntil(lambda: advised in match.actions[before:], timeout=2000)


def test_a_clout_hint_marks_its_aim_on_the_area(qtbot, monkeypatch, tmp_path):
    from gui.clout.canvas import to_scene

    window, view, hints = asked(qtbot, monkeypatch, tmp_path, "clout")
    mark = view.canvas.hint_mark
    action = view._hint.action
    assert type(action).__name__ == "ThrowChip", "the first decision is a throw"
    assert mark.isVisible() and mark.spots[0].centre == to_scene(action.x, action.y)
    hints.play()
    assert not mark.isVisible(), "the mark goes with the hint"


def test_a_power_spike_hint_shows_the_tray_where_it_would_deploy(qtbot, monkeypatch, tmp_path):
    from core.powerspike import game as ps
    from gui.powerspike.tabletop import PX_PER_IN, to_scene

    window, view, hints = asked(qtbot, monkeypatch, tmp_path, "power-spike")
    action = view._hint.action
    assert isinstance(action, ps.Deploy)
    (spot,) = view.tabletop.hint_mark.spots
    width, depth = ps.profile(view.read.unit(action.unit)).tray
    assert spot.centre == to_scene(action.x, action.y) and spot.facing == action.facing
    assert (spot.width, spot.depth) == (width * PX_PER_IN, depth * PX_PER_IN), "the unit's own tray"
    assert spot.arrow() is not None, "it shows which way the tray would face"


def test_a_domination_hint_outlines_the_disc_it_would_turn(qtbot, monkeypatch, tmp_path):
    window, view, hints = asked(qtbot, monkeypatch, tmp_path, "domination")
    region = view._hint.action.region
    (spot,) = view.board.hint_mark.spots
    assert spot.outline() == view.board.region_outline(region)
    assert region in hints.advice()
    before = window.match.steps
    hints.play()
    assert window.match.actions[before].region == region
    assert not view.board.hint_mark.isVisible() and not hints.can_play()


def test_a_greyed_hint_button_says_why(qtbot, monkeypatch, tmp_path):
    """Impact opens with a throw of the starting die: chance, not a decision, so no hint."""
    window = new_window(qtbot, monkeypatch, tmp_path / "x.battlebox.json")
    start_with_seats(monkeypatch, window, "impact", {0: None, 1: "easy"})
    set_hints(window, True)
    hints = HintDriver(window.view)
    assert window.match.actor == "chance" and hints.shown() and not hints.can_ask()
    assert hints.button().toolTip().startswith("Nothing to decide now: the next step is a throw")


def test_an_enabled_hint_button_says_what_it_does(qtbot, gold_window):
    set_hints(gold_window, True)
    hints = HintDriver(gold_window.view)
    assert hints.can_ask() and hints.button().toolTip().startswith("What the Normal computer would do")


@pytest.mark.parametrize("game_id", ["fistful-of-gold", "clout"])
def test_a_player_who_always_plays_the_hint_finishes_the_game(qtbot, monkeypatch, tmp_path, game_id):
    """Every decision of the human's, to the end, is the hint's own move played by "Play it"."""
    monkeypatch.setenv(storage.ENV_COMPUTER_SPEED, "Instant")
    quick_hints(monkeypatch, game_id)
    window = new_window(qtbot, monkeypatch, tmp_path / "x.battlebox.json")
    start_with_seats(monkeypatch, window, game_id, {0: None, 1: "easy"})
    set_hints(window, True)
    match, view = window.match, window.view
    hints, played = HintDriver(view), 0

    def moved_on(steps: int) -> bool:
        return match.is_over or match.steps != steps or hints.can_ask()

    while not match.is_over:
        steps = match.steps
        if hints.can_ask():
            hints.ask()
            qtbot.waitUntil(lambda: hints.can_play() or match.steps != steps, timeout=20000)
            if hints.can_play():
                advised = view._hint.action
                hints.play()
                assert advised in match.actions[steps:]
                played += 1
        elif match.actor == "chance" and 0 in actor_players(match.game.actor(match.state_at(steps - 1))):
            assert view.play_chance(), "the human's own throw"
        else:
            qtbot.waitUntil(lambda: moved_on(steps), timeout=20000)
    assert played >= 5 and match.result is not None


def test_a_gold_hint_frames_its_cards_in_the_hand(qtbot, gold_window):
    view = gold_window.view
    set_hints(gold_window, True)
    hints = HintDriver(view)
    hints.ask()
    hints.wait_for_advice(qtbot)
    action = view._hint.action
    hand = view.table.hand.cards
    framed = {c for (p, c), w in hand.items() if w.hinted}
    assert framed == set(action.cards) and len(framed) == 2, "the two cards the hint discards"
    assert all(p == action.player for (p, c), w in hand.items() if w.hinted)
    view.refresh()  # a redraw rebuilds the hand: the frames come back with it
    assert {c for (p, c), w in view.table.hand.cards.items() if w.hinted} == framed
    hints.play()
    assert not any(w.hinted for w in view.table.hand.cards.values())


@pytest.mark.parametrize("game_id", ["all-out-war", "throwdown"])
def test_a_hint_rings_the_fighter_it_would_give_up(qtbot, monkeypatch, tmp_path, game_id):
    quick_hints(monkeypatch, game_id)
    window = new_window(qtbot, monkeypatch, tmp_path / "x.battlebox.json")
    start_with_seats(monkeypatch, window, game_id, {0: None, 1: None})
    set_hints(window, True)
    match, view, rng = window.match, window.view, random.Random(8)
    while match.state.phase != "remove":
        assert view.controller.apply(match.random_action(rng))
    tokens = view.panel.tokens if game_id == "all-out-war" else view.board.tokens
    hints = HintDriver(view)
    if view.page == "curtain":
        hints.reveal_curtain()
    hints.ask()
    hints.wait_for_advice(qtbot)
    action = view._hint.action
    ringed = [key for key, token in tokens.items() if token.hinted]
    assert ringed == [(action.player, action.fighter)], "the one fighter the hint gives up"
    hints.play()
    tokens = view.panel.tokens if game_id == "all-out-war" else view.board.tokens
    assert not any(token.hinted for token in tokens.values())


@pytest.mark.parametrize("game_id", ["throwdown", "solitaire", "all-out-war"])
def test_a_hint_frames_the_fistful_or_army_it_would_choose_in_the_roster(qtbot, monkeypatch, tmp_path, game_id):
    window, view, hints = asked(qtbot, monkeypatch, tmp_path, game_id)
    picker = view.army_builder if game_id == "all-out-war" else view.picker
    framed = {chip.fighter for row in picker.rows for chip in row.chips.values() if chip.hinted}
    assert framed == set(view._hint.action.fighters) and framed
    hints.play()
    assert not any(chip.hinted for row in picker.rows for chip in row.chips.values())


def test_an_impact_hint_to_tip_rings_those_dice_in_the_cauldron(qtbot, monkeypatch, tmp_path):
    """The Normal computer seldom tips, so the hint is handed to the view as the worker would."""
    from core.ai.hints import Hint
    from core.impact.game import Throw, Tip

    window = new_window(qtbot, monkeypatch, tmp_path / "x.battlebox.json")
    start_with_seats(monkeypatch, window, "impact", {0: None, 1: "easy", 2: "easy"})
    view = window.view
    view.mark_hint(Hint(Tip(0, (0, 2)), Why()))
    assert view.cauldron.hinted == {0, 2}
    view.mark_hint(Hint(Throw(0), Why()))
    assert not view.cauldron.hinted, "a throw tips nothing"
    view.mark_hint(Hint(Tip(0, (1,)), Why()))
    view.mark_hint(None)
    assert not view.cauldron.hinted


def test_with_the_hint_bar_shown_gold_never_scrolls_sideways_at_1024x640(qtbot, gold_window):
    """The bar takes some height, the table then scrolls down, and its scroll bar takes some width:
    the one-line header had then scrolled the whole table sideways."""
    gold_window.resize(1024, 640)
    set_hints(gold_window, True)
    hints = HintDriver(gold_window.view)
    hints.ask()
    hints.wait_for_advice(qtbot)
    scroll = gold_window.view.scroll
    qtbot.waitUntil(lambda: scroll.verticalScrollBar().maximum() > 0)
    qtbot.wait(20)
    assert scroll.horizontalScrollBar().maximum() == 0
