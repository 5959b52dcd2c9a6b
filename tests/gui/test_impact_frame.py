"""Impact on the shared frame: its pages paint the dark table, the winner's name sits on the
winner's colour, the curtain never falls (nothing is secret) and refusals show in the base's banner."""
from __future__ import annotations

import random

import msgspec
import pytest
from PySide6.QtGui import QColor

from core.game import CHANCE
from core.impact.game import GAME, Stop
from core.match import Match
from gui.controller import MatchController
from gui.impact.view import ImpactView
from gui.views import create_view
from tests.gui.drivers.impact import drive

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def no_animation(monkeypatch):
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "0")


def make(qtbot, n: int = 3, seed: int = 4, **options) -> ImpactView:
    """Built the way the window builds it (create_view applies the app's stylesheet)."""
    setup = msgspec.structs.replace(GAME.default_setup(n), **options)
    view = create_view(MatchController(Match.new("impact", setup, seed=seed)))
    assert isinstance(view, ImpactView)
    qtbot.addWidget(view)
    view.resize(1200, 760)
    view.show()
    qtbot.waitExposed(view)
    return view


def corner_colour(view: ImpactView) -> QColor:
    """The colour a page paints just inside its top-left corner, where no child widget sits."""
    page = view.stack.currentWidget()
    return page.grab().toImage().pixelColor(3, 3)


def is_dark(colour: QColor) -> bool:
    return colour.lightness() < 80


def play_to_the_end(view: ImpactView, seed: int) -> None:
    rng, match = random.Random(seed), view.match
    while not match.is_over:
        match.apply(match.chance_action() if match.actor == CHANCE else match.random_action(rng))
    view.controller.changed.emit()


def test_the_table_page_paints_the_dark_table(qtbot):
    view = make(qtbot)
    assert view.page == "board" and is_dark(corner_colour(view))


def test_the_race_page_paints_the_dark_table_under_its_light_title(qtbot):
    view = make(qtbot, mode="table", powers=True)
    d = drive(view)
    d.set_face(0, "fire")
    d.record()
    d.cautious()
    d.set_face(0, "fire")
    d.record()
    assert view.page == "race"
    assert is_dark(corner_colour(view))
    assert view.race.title.palette().windowText().color().lightness() > 200


def test_the_winner_page_paints_the_dark_table_and_the_name_on_the_winners_colour(qtbot):
    view = make(qtbot, n=2, seed=9)
    play_to_the_end(view, 9)
    assert view.page == "over" and is_dark(corner_colour(view))
    assert view.winner.title.palette().windowText().color().lightness() > 200
    winner = view.match.state.result.winners[0]
    name = view.winner.name
    assert name.colour == QColor(view.match.setup.players[winner].colour)
    assert name.property("ink") in ("light", "dark")
    centre = name.grab().toImage().pixelColor(4, name.height() // 2)
    assert centre == name.colour


def test_nothing_in_impact_is_secret_so_the_curtain_never_falls(qtbot):
    view = make(qtbot)
    rng, match = random.Random(3), view.match
    for _ in range(40):
        if match.is_over:
            break
        assert GAME.secret(match.state) is None and not drive(view).curtain_up()
        if match.actor == CHANCE:
            view.play_chance()
        else:
            view.controller.apply(match.random_action(rng))
    assert view.viewer() is None


def test_a_refusal_shows_in_the_base_banner_and_goes_with_the_next_move(qtbot):
    view = make(qtbot, mode="table")
    d = drive(view)
    d.record()
    view.controller.apply(Stop(0))
    assert "mandatory" in d.refusal()
    d.cautious()
    assert d.refusal() == ""
