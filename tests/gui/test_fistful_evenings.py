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
    assert solitaire(view).sheet_games_shown() == [f"Game {g + 1}" for g in range(games)]


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
