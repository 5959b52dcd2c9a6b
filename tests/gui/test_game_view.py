"""Every game's view extends GameView, so the window uses each one the same way."""
from __future__ import annotations

import importlib

import pytest

import random

import msgspec
from PySide6.QtWidgets import QLabel

from core.errors import IllegalAction
from core.game import Secret, with_computers
from core.gold.cards import CARDS
from core.gold.game import Discard, Play
from core.match import Match
from gui.controller import MatchController
from gui.kit.game_view import GameView
from gui.views import VIEWS
from tests.gui.drivers.base import Driver


@pytest.mark.parametrize("game_id", sorted(VIEWS))
def test_every_view_extends_game_view(game_id: str) -> None:
    module, _, name = VIEWS[game_id].partition(":")
    cls = getattr(importlib.import_module(module), name)
    assert issubclass(cls, GameView), game_id
    assert cls.PRIMARY_CONTROLS and isinstance(cls.BOARD, str), game_id
    assert cls.scores_widget is not GameView.scores_widget, f"{game_id} offers no scores widget"


class Probe(GameView):
    """The smallest view on the base: it records what the base asked it to draw."""

    def __init__(self, controller: MatchController) -> None:
        super().__init__(controller, "probeView")
        self.drawn: list[tuple[str, int | None]] = []
        self.add_page("table", QLabel("table"))
        self.add_page("over", QLabel("over"))
        self.start()

    def render_table(self, state) -> None:
        self.drawn.append(("table", self.viewer()))
        self.show_page("table")

    def render_over(self, state) -> None:
        self.drawn.append(("over", None))

    def curtain_text(self, state, secret: Secret) -> str:
        return f"secret {secret.what}"


def _probe(qtbot, **options) -> tuple[MatchController, Probe]:
    match = Match.new("fistful-of-gold", seed=3)
    computer = options.pop("computer", None)
    if options or computer is not None:
        setup = msgspec.structs.replace(match.setup, **options)
        if computer is not None:
            setup = with_computers(setup, {computer: "random"})
        match = Match.new("fistful-of-gold", setup, seed=3)
    controller = MatchController(match)
    view = Probe(controller)
    qtbot.addWidget(view)
    return controller, view


def test_base_defaults(qtbot) -> None:
    controller, view = _probe(qtbot)
    fired = []
    view.finished_requested.connect(lambda: fired.append(True))
    view.finished_requested.emit()
    assert fired and GameView.scores_widget(view) is None
    assert GameView.PRIMARY_CONTROLS == () and GameView.BOARD is None


def test_the_core_decides_the_curtain_and_the_view_remembers_who_lifted_it(qtbot) -> None:
    controller, view = _probe(qtbot)
    drive = Driver(view)
    assert view.page == "curtain" and view.curtain.name == controller.match.setup.players[0].name
    assert drive.find("curtainMessage").text() == "secret discard"
    assert view.drawn == [], "nothing secret is drawn behind the curtain"
    drive.reveal_curtain()
    assert view.page == "table" and view.drawn[-1] == ("table", 0)
    state = controller.match.state
    controller.apply(Discard(0, tuple(sorted(state.hands[0][:2], key=CARDS.index))))
    assert view.page == "curtain" and view.curtain.name == controller.match.setup.players[1].name
    drive.reveal_curtain()
    assert view.drawn[-1] == ("table", 1)


def test_no_curtain_when_the_core_says_nothing_is_secret(qtbot) -> None:
    controller, view = _probe(qtbot, computer=1)
    assert view.page == "table" and view.drawn == [("table", 0)], "the lone human's view shows"


def test_a_refusal_shows_in_the_banner_until_the_game_moves_on(qtbot) -> None:
    controller, view = _probe(qtbot)
    drive = Driver(view)
    drive.reveal_curtain()
    with pytest.raises(IllegalAction) as refused:
        controller.match.game.validate(controller.match.state, Play(0, 5))
    assert not controller.apply(Play(0, 5))
    assert drive.refusal() == refused.value.reason
    state = controller.match.state
    controller.apply(Discard(0, tuple(sorted(state.hands[0][:2], key=CARDS.index))))
    assert drive.refusal() == ""


def test_the_game_over_page_shows_when_the_match_has_a_result(qtbot) -> None:
    controller, view = _probe(qtbot, computer=1)
    rng = random.Random(2)
    while not controller.match.is_over:
        controller.apply(controller.match.random_action(rng))
    assert view.page == "over" and view.drawn[-1] == ("over", None)


def test_a_view_may_hold_the_curtain_until_the_last_move_has_been_seen(qtbot) -> None:
    class Holding(Probe):
        hold = True

        def hold_curtain(self, state) -> bool:
            return self.hold

    controller = MatchController(Match.new("fistful-of-gold", seed=3))
    view = Holding(controller)
    qtbot.addWidget(view)
    Driver(view).reveal_curtain()
    state = controller.match.state
    controller.apply(Discard(0, tuple(sorted(state.hands[0][:2], key=CARDS.index))))
    assert view.page == "table" and view.drawn[-1] == ("table", 0), "the seat that acted still sees its table"
    view.hold = False
    view.release_curtain()
    assert view.page == "curtain" and view.curtain.name == controller.match.setup.players[1].name


def test_the_move_that_ends_the_game_lands_before_the_game_over_page(qtbot) -> None:
    class Holding(Probe):
        hold = False

        def hold_curtain(self, state) -> bool:
            return self.hold

    controller = MatchController(Match.new("fistful-of-gold",
                                           with_computers(Match.new("fistful-of-gold").setup, {1: "random"}),
                                           seed=3))
    view = Holding(controller)
    qtbot.addWidget(view)
    rng = random.Random(2)
    while True:
        action = controller.match.random_action(rng)
        after = controller.match.game.apply(controller.match.state, action)
        if controller.match.game.result(after) is not None:
            break
        controller.apply(action)
    view.hold = True
    controller.apply(action)
    assert controller.match.is_over and view.page == "table", "the last move is still shown"
    view.hold = False
    view.release_curtain()
    assert view.page == "over"


def test_a_hold_that_ends_while_the_table_is_drawn_lets_the_due_page_show_at_once(qtbot) -> None:
    class Brief(Probe):
        hold = False

        def hold_curtain(self, state) -> bool:
            return self.hold

        def render_table(self, state) -> None:
            super().render_table(state)
            self.hold = False  # drawing the table ended the landing (e.g. a newer move replaced it)

    controller = MatchController(Match.new("fistful-of-gold", seed=3))
    view = Brief(controller)
    qtbot.addWidget(view)
    Driver(view).reveal_curtain()
    view.hold = True
    state = controller.match.state
    controller.apply(Discard(0, tuple(sorted(state.hands[0][:2], key=CARDS.index))))
    assert view.page == "curtain", "no release_curtain() will come, so the curtain falls now"


def test_a_hint_spent_while_the_move_still_lands_offers_nothing_to_play(qtbot) -> None:
    from core.ai.hints import Hint
    from core.ai.knowledge import Why
    from gui import storage
    from tests.gui.drivers.hints import HintDriver

    class Holding(Probe):
        hold = False

        def hold_curtain(self, state) -> bool:
            return self.hold

    storage.set_hints(True)
    controller = MatchController(Match.new("fistful-of-gold", seed=3))
    view = Holding(controller)
    qtbot.addWidget(view)
    Driver(view).reveal_curtain()
    assert view.hint_seat() == 0
    state = controller.match.state
    discard = Discard(0, tuple(sorted(state.hands[0][:2], key=CARDS.index)))
    view._hint_for, view._hint_at = 0, controller.match.steps
    view._show_hint(Hint(discard, Why()), None)  # as a search would answer
    hints = HintDriver(view)
    assert hints.can_play()
    view.hold = True  # the curtain is due for seat 1 once the discard has been seen
    hints.play()
    assert controller.match.actions[-1] == discard and view.page == "table"
    assert not hints.can_play() and view._hint is None, "the hint was spent: nothing left to play"
