"""Club nights of Domination! and All-Out War! played through the window, click by click.

Each game starts from the start page's card and the New Game dialog; every gesture after
that goes through BattleView's click helpers (curtains, pickers, map and arena clicks,
throws, flips, removals). Only the file dialogs are answered by the test.
"""
from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from core.fistful.battles import Remove
from core.fistful.roster import Fighter
from gui.main_window import MainWindow
from gui.new_game import NewGameDialog
from tests.gui.drivers.fistful import battle_page, click_region, selectable_regions
from tests.gui.skip_ahead import near_the_end, skip_ahead
from tests.gui.window_helpers import click_new_game, new_window

MAX_GESTURES = 1500


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))


def start_from_card(window: MainWindow, monkeypatch, game_id: str, names: tuple[str, ...],
                    options: dict[str, bool], seed: int) -> None:
    """Click the card's New game, then answer the dialog by typing and clicking."""
    def answer(gid: str):
        dialog = NewGameDialog(gid, window)
        dialog.players_spin.setValue(len(names))
        for edit, name in zip(dialog.name_edits, names):
            edit.selectAll()
            QTest.keyClicks(edit, name)
        for field, on in options.items():
            box = dialog.option_boxes[field]
            if box.isChecked() != on:
                QTest.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))
        QTest.keyClicks(dialog.seed_edit, str(seed))
        QTest.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
        return dialog.result_value()

    monkeypatch.setattr(window, "ask_new_game", answer)
    click_new_game(window, game_id)
    assert window.match is not None and window.match.game_id == game_id, window.errors
    assert [p.name for p in window.match.setup.players] == list(names)
    for field, on in options.items():
        assert getattr(window.match.setup, field) is on


def cheap_fistful(roster, army) -> list[Fighter]:
    out, points = [], 0
    for f in sorted(army, key=lambda f: (roster.value(f), f)):
        if len(out) < 6 and points + roster.value(f) <= 15:
            out.append(f)
            points += roster.value(f)
    return out


def play_gesture(window: MainWindow, rng: random.Random) -> str:
    """One gesture of whoever acts, made on the screen that shows; returns what it did."""
    view = window.view
    match = window.match
    state = match.state
    page = view.page
    if page == "curtain":
        battle_page(view).reveal_curtain()
        return "curtain"
    if page == "army":
        battle_page(view).pick_army(rng.sample(view.roster.fighters, 15))
        battle_page(view).confirm_army()
        return "army"
    if page == "pick":
        p = view.picker.player
        if view.picker.kind == "champion":
            battle_page(view).pick_champions(sorted(state.armies[p])[:view.picker.need])
            battle_page(view).confirm_champions()
            return "champions"
        if view.picker.locked:
            battle_page(view).confirm_fistful()
            return "locked"
        if view.picker.keep_button.isVisibleTo(view) and view.picker.keep_button.isEnabled() \
                and not view.game.fistful_problems(match.view(p), p, view.picker.current):
            battle_page(view).keep_fistful()
            return "keep"
        battle_page(view).pick_fistful(cheap_fistful(view.roster, state.armies[p]))
        battle_page(view).confirm_fistful()
        return "fistful"
    assert page == "board", f"unexpected page {page} in phase {state.phase}"
    phase = state.phase
    selectable = sorted(selectable_regions(view.board))
    if phase in ("claim", "attack", "hero_claim") and selectable:
        click_region(view.board, rng.choice(selectable))
        return phase
    if phase == "hero_claim":
        battle_page(view).no_second_region()
        return phase
    if phase in ("throw", "champion_throw"):
        battle_page(view).throw()
        return phase
    if phase == "flip":
        tokens = battle_page(view).clickable_tokens()
        battle_page(view).flip(tokens[0].fighter if tokens and rng.random() < 0.7 else None)
        return phase
    if phase in ("remove", "champion_remove"):
        battle_page(view).remove_first_removable()
        return phase
    raise AssertionError(f"no gesture for phase {phase}")


def play_until(window: MainWindow, rng: random.Random, done, what: str) -> list[str]:
    gestures = []
    for _ in range(MAX_GESTURES):
        if done():
            return gestures
        before = len(window.match.actions)
        kind = play_gesture(window, rng)
        gestures.append(kind)
        assert kind == "curtain" or len(window.match.actions) == before + 1, \
            f"the {kind} gesture did not apply an action: {window.errors or window.banner_label.text()}"
    raise AssertionError(f"{what} did not happen within {MAX_GESTURES} gestures")


def finish(window: MainWindow, rng: random.Random) -> list[str]:
    gestures = play_until(window, rng, lambda: window.match.is_over, "the end of the game")
    assert window.view.page == "over"
    result = window.match.result
    assert result is not None and window.match.game.result_text(window.match.state) in window.view.over.summary.text()
    return gestures


def test_two_player_domination_with_the_ultimate_champion(qtbot, monkeypatch, tmp_path):
    save_path = tmp_path / "dom.battlebox.json"
    window = new_window(qtbot, monkeypatch, save_path)
    start_from_card(window, monkeypatch, "domination", ("Ada", "Bram"),
                    {"ultimate_champion": True, "hero": True, "slaughter": True}, 77)
    view = window.view
    assert view.domination and view.mini_map is not None
    rng = random.Random(77)
    gestures = play_until(window, rng, lambda: len(window.match.state.history) >= 1
                          and window.match.state.phase == "attack", "the first battle")
    skip_ahead(window, save_path, lambda m: m.state.phase == "champion_pick", 77)
    gestures += finish(window, rng)
    state = window.match.state
    assert {"claim", "army", "fistful", "attack", "throw", "remove"} <= set(gestures)
    assert state.champion is not None, "a Domination win with the option on leads to the champion fight"
    assert "champions" in gestures and "champion_throw" in gestures
    winner = window.match.result.winners[0]
    assert sum(1 for o in state.owner if o == winner) >= 10
    rows = window.scores_dock.widget().table.rowCount()
    assert rows == len(state.history)


def test_two_player_all_out_war_saved_reopened_undone_and_finished(qtbot, monkeypatch, tmp_path):
    save_path = tmp_path / "war.battlebox.json"
    window = new_window(qtbot, monkeypatch, save_path)
    start_from_card(window, monkeypatch, "all-out-war", ("Cleo", "Dov"), {"frontline": False}, 4242)
    rng = random.Random(4242)
    play_until(window, rng, lambda: len(window.match.state.history) >= 2
               and isinstance(window.match.actions[-1], Remove), "a removal after the second battle")
    window.save_as_action.trigger()
    assert save_path.exists() and not window.errors
    saved_actions, saved_log = window.match.actions, window.match.log
    window.close()

    reopened = new_window(qtbot, monkeypatch, save_path)
    reopened.open_action.trigger()
    assert not reopened.errors
    assert reopened.match.actions == saved_actions and reopened.match.log == saved_log
    assert reopened.undo_action.isEnabled()
    reopened.undo_action.trigger()
    assert reopened.match.actions == saved_actions[:-1]
    undone: Remove = saved_actions[-1]
    assert reopened.view.page == "board"
    assert undone.fighter in [t.fighter for t in battle_page(reopened.view).clickable_tokens()], \
        "the undone removal is offered again"
    rng = random.Random(5)
    play_until(reopened, rng, lambda: len(reopened.match.actions) > len(saved_actions), "the removal again")
    near_the_end(reopened, save_path, 5, 20)
    finish(reopened, rng)
    alive = [p for p in range(2) if not reopened.match.state.out[p]]
    assert list(reopened.match.result.winners) == alive


def test_three_player_all_out_war(qtbot, monkeypatch, tmp_path):
    window = new_window(qtbot, monkeypatch, tmp_path / "war3.battlebox.json")
    start_from_card(window, monkeypatch, "all-out-war", ("Eve", "Finn", "Gus"), {}, 303)
    rng = random.Random(303)
    gestures = play_until(window, rng, lambda: len(window.match.state.history) >= 1, "the first battle")
    near_the_end(window, tmp_path / "war3.battlebox.json", 303, 20)
    gestures += finish(window, rng)
    state = window.match.state
    assert gestures.count("army") == 3
    assert gestures.count("claim") == 12
    assert sum(state.out) >= 2 or window.match.result.draw
    assert window.view.over.table.rowCount() == 3
