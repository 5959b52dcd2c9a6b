"""Issue 12 in the fistful games: throws that land, tokens by keyboard, refusals that say why, and
Solitaire's score sheet and throw summary."""
from __future__ import annotations

import pytest

from core.fistful.roster import Fighter
from core.fistful.solitaire import STANDING_BONUS, SolitaireSetup
from core.game import PlayerSetup
from core.match import Match
from gui.controller import MatchController
from gui.solitaire.view import SolitaireView
from tests.gui.drivers.fistful import solitaire

pytestmark = pytest.mark.gui
FIVE = [Fighter("skwall", "shadow"), Fighter("gregor", "shadow"), Fighter("frost", "crystal"),
        Fighter("tremmor", "shadow"), Fighter("mantorr", "hyper")]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))


def solitaire_view(qtbot, mode: str = "table", games: int = 1, seed: int = 5):
    setup = SolitaireSetup((PlayerSetup("Sol", "#1d4ed8"),), mode, games)
    controller = MatchController(Match.new("solitaire", setup, seed))
    view = SolitaireView(controller)
    qtbot.addWidget(view)
    view.resize(1000, 760)
    view.show()
    return controller, view


def throw_at_table(view: SolitaireView, poses) -> None:
    solitaire(view).pick_fighters(FIVE)
    solitaire(view).confirm_pick()
    for f, pose in zip(FIVE, poses):
        solitaire(view).set_pose(f, pose)
    solitaire(view).record_throw()


# --- Solitaire: the sheet and the summary -------------------------------------------------------
@pytest.mark.parametrize("games", [1, 2, 3])
def test_the_sheet_shows_one_column_per_game_of_the_session(qtbot, games):
    _controller, view = solitaire_view(qtbot, games=games)
    shown = [f"Game {g + 1}" for g in range(games)] if games == 1 else [f"G{g + 1}" for g in range(games)]
    assert solitaire(view).sheet_games_shown() == shown
    assert solitaire(view).sheet_games_shown(tooltips=True) == [f"Game {g + 1}" for g in range(games)]


def test_the_sheet_explains_the_standing_bonus_and_marks_the_entries_that_include_it(qtbot):
    controller, view = solitaire_view(qtbot)
    note = solitaire(view).sheet_note()
    assert f"adds {STANDING_BONUS}" in note and "standing" in note and "even when the entry is 0" in note
    assert solitaire(view).sheet_value("incl. +50 standing") == "\u2013"
    throw_at_table(view, ["standing", "back", "down", "back", "down"])
    solitaire(view).enter(3)
    assert controller.match.state.sheet.entry(0, 3) == 6 + STANDING_BONUS
    assert solitaire(view).sheet_value("3 face up") == f"{6 + STANDING_BONUS}\u2605"
    assert f"+{STANDING_BONUS} standing bonus" in solitaire(view).sheet_tooltip("3 face up")
    assert solitaire(view).sheet_value("incl. +50 standing") == f"+{STANDING_BONUS}"
    assert solitaire(view).sheet_value("TOTAL") == str(6 + STANDING_BONUS)


@pytest.mark.parametrize("poses, expected", [
    (["back", "back", "down", "back", "down"], "3 face up, worth 6 points (3 on their back, 2 face down)"),
    (["standing", "back", "down", "down", "down"], "2 face up, worth 4 points (1 on its back, 1 standing, 3 face down)"),
    (["down"] * 5, "Nothing face up (5 face down)"),
])
def test_the_throw_summary_names_the_poses_as_they_landed(qtbot, poses, expected):
    _controller, view = solitaire_view(qtbot)
    throw_at_table(view, poses)
    summary = solitaire(view).throw_summary()
    assert expected in summary
    assert "on their feet" not in summary


# --- Throwdown: throws land, refusals say why, tokens by keyboard ------------------------------
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from core.fistful.throwdown import GAME as THROWDOWN, Remove, ThrowdownSetup  # noqa: E402
from core.fistful.throws import Landed  # noqa: E402
from core.fistful.throwdown import Throw  # noqa: E402
from gui.throwdown.view import ThrowdownView  # noqa: E402
from tests.gui.drivers.fistful import throwdown  # noqa: E402

TD_FISTFULS = ([Fighter("skwall", "hyper"), Fighter("frost", "hyper"), Fighter("gregor", "hyper")],
               [Fighter("rimefang", "hyper"), Fighter("nexa", "hyper")])


def throwdown_view(qtbot, mode: str = "simulated", seed: int = 5):
    setup = ThrowdownSetup((PlayerSetup("Ana", "#d62828"), PlayerSetup("Ben", "#1d4ed8")), mode)
    controller = MatchController(Match.new("throwdown", setup, seed))
    view = ThrowdownView(controller)
    qtbot.addWidget(view)
    view.resize(1100, 700)
    view.show()
    for fistful in TD_FISTFULS:
        throwdown(view).reveal_curtain()
        throwdown(view).pick_fighters(fistful)
        throwdown(view).confirm_pick()
    assert view.page == "board"
    return controller, view


def all_tokens(view):
    return list(view.board.tokens.values())


def test_a_throw_lands_fighter_by_fighter_and_a_click_skips_it(qtbot, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "1")
    controller, view = throwdown_view(qtbot)
    d = throwdown(view)
    d.throw()
    assert controller.match.state.round is not None, "the throw is made at once; only its showing waits"
    assert d.landing()
    assert d.tokens_waiting(all_tokens(view)), "the fighters are still in the air"
    assert not view.board.throw_button.isEnabled()
    throws = controller.match.state.throws
    d.click_to_skip()
    assert not d.landing() and not d.tokens_waiting(all_tokens(view))
    assert controller.match.state.throws == throws, "the click that skips does not throw again"


def test_a_throw_lands_by_itself_one_fistful_after_another(qtbot, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "1")
    controller, view = throwdown_view(qtbot)
    d = throwdown(view)
    d.throw()
    first = [view.board.tokens[(0, f)] for f in TD_FISTFULS[0]]
    second = [view.board.tokens[(1, f)] for f in TD_FISTFULS[1]]
    qtbot.waitUntil(lambda: not d.tokens_waiting(first), timeout=10000)
    qtbot.waitUntil(lambda: not d.landing(), timeout=10000)
    assert not d.tokens_waiting(first + second)
    assert all(t.pose is not None for t in first + second)


def test_no_animation_when_switched_off_or_entered_at_the_table(qtbot, monkeypatch):
    controller, view = throwdown_view(qtbot)  # the test run switches animations off
    throwdown(view).throw()
    assert not throwdown(view).landing()
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "1")
    controller, view = throwdown_view(qtbot, mode="table")
    d = throwdown(view)
    for p, fistful in enumerate(TD_FISTFULS):
        for f in fistful:
            d.set_pose(p, f, "back")
    d.record_throw()
    assert controller.match.state.throws == 1
    assert not d.landing()


def pending_removal(controller) -> None:
    """Ana's first two land face down, the rest face up: Ana removes."""
    poses = (["down", "down", "back"], ["back", "back"])
    controller.apply(Throw.of(tuple(tuple(Landed(f, pose) for f, pose in zip(fistful, ps))
                                    for fistful, ps in zip(TD_FISTFULS, poses))))
    assert controller.match.state.phase == "remove"


def test_clicking_a_fighter_that_may_not_be_removed_says_why(qtbot):
    controller, view = throwdown_view(qtbot)
    pending_removal(controller)
    d = throwdown(view)
    d.click_token(0, TD_FISTFULS[0][2])
    assert "face up" in d.refusal() and "face down" in d.refusal()
    d.click_token(1, TD_FISTFULS[1][0])
    assert "Ana" in d.refusal() and "removes" in d.refusal()
    assert controller.match.state.phase == "remove"
    assert THROWDOWN.removal_problem(controller.match.state, 0, TD_FISTFULS[0][0]) is None


def test_tokens_by_keyboard_arrows_move_and_enter_removes(qtbot):
    controller, view = throwdown_view(qtbot)
    pending_removal(controller)
    d = throwdown(view)
    d.activate_window()
    d.focus_token(d.token(0, TD_FISTFULS[0][0]))
    d.key(Qt.Key.Key_Right)
    assert d.focused_token_name() == f"token:0:{TD_FISTFULS[0][1].sculpt}:{TD_FISTFULS[0][1].finish}"
    d.key(Qt.Key.Key_Down)
    assert d.focused_token_name().startswith("token:1:"), "down goes to the next player's row"
    d.key(Qt.Key.Key_Return)
    assert "Ana" in d.refusal()
    d.key(Qt.Key.Key_Up)
    d.key(Qt.Key.Key_Left)
    assert d.focused_token_name() == f"token:0:{TD_FISTFULS[0][0].sculpt}:{TD_FISTFULS[0][0].finish}"
    d.key(Qt.Key.Key_Space)
    assert controller.match.actions[-1] == Remove(0, TD_FISTFULS[0][0])


def test_table_entry_by_keyboard_sets_poses_on_the_focused_token(qtbot):
    controller, view = throwdown_view(qtbot, mode="table")
    d = throwdown(view)
    first = TD_FISTFULS[0][0]
    d.activate_window()
    d.focus_token(d.token(0, first))
    d.key(Qt.Key.Key_Return)
    assert view.board.poses[(0, first)] == "back"
    QTest.qWait(10)
    d.key(Qt.Key.Key_Space)
    assert view.board.poses[(0, first)] == "standing"
    QTest.qWait(10)
    assert d.focused_token_name().startswith("token:0:skwall"), "the focus stays on the redrawn token"
    d.key(Qt.Key.Key_D)
    assert view.board.poses[(0, first)] == "down"
    assert d.token(0, first).pose == "down"


def test_the_focused_token_paints_a_ring(qtbot):
    _controller, view = throwdown_view(qtbot)
    throwdown(view).activate_window()
    token = throwdown(view).token(0, TD_FISTFULS[0][0])
    plain = token.grab().toImage()
    throwdown(view).focus_token(token)
    ringed = token.grab().toImage()
    assert plain != ringed
    corner = ringed.pixelColor(4, token.height() // 2)
    assert corner.blue() > corner.red(), "the ring is the boards' blue focus colour"


# --- Solitaire: the five land; table entry by keyboard -----------------------------------------
def test_solitaire_five_land_one_after_another_and_a_key_skips(qtbot, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "1")
    controller, view = solitaire_view(qtbot, mode="simulated")
    d = solitaire(view)
    d.pick_fighters(FIVE)
    d.confirm_pick()
    d.throw()
    assert controller.match.state.phase == "enter"
    assert view.board.landing and d.tokens_waiting(view.board.tokens.values())
    assert not view.board.challenge_panel.isEnabled(), "no entry before the five have landed"
    d.enter(3)
    assert controller.match.state.phase == "enter"
    qtbot.waitUntil(lambda: not view.board.landing, timeout=10000)
    assert view.board.challenge_panel.isEnabled()
    assert all(t.pose is not None for t in view.board.tokens.values())


def test_solitaire_a_key_skips_the_landing(qtbot, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "1")
    _controller, view = solitaire_view(qtbot, mode="simulated")
    d = solitaire(view)
    d.pick_fighters(FIVE)
    d.confirm_pick()
    d.activate_window()
    d.focus_token(view.board.tokens[FIVE[0]])
    d.throw()
    assert view.board.landing
    d.key(Qt.Key.Key_Escape)
    assert not view.board.landing and not d.tokens_waiting(view.board.tokens.values())


def test_solitaire_table_entry_by_keyboard(qtbot):
    controller, view = solitaire_view(qtbot)
    d = solitaire(view)
    d.pick_fighters(FIVE)
    d.confirm_pick()
    d.activate_window()
    d.focus_token(view.board.tokens[FIVE[0]])
    for _ in FIVE:
        d.key(Qt.Key.Key_B)
        QTest.qWait(10)  # the redrawn token takes the focus back
        d.key(Qt.Key.Key_Right)
    assert view.board.missing_poses() == 0
    d.key(Qt.Key.Key_Left)
    d.key(Qt.Key.Key_Return)
    assert view.board.poses[FIVE[-2]] == "standing", "right stops at the last token; left goes back one"
    d.record_throw()
    assert controller.match.state.phase == "enter"
