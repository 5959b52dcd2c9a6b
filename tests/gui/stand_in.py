"""A stand-in game view for shell tests: enough of a view for the window, none of a game's."""
from __future__ import annotations

import random

from PySide6.QtWidgets import QLabel, QWidget

from core.game import CHANCE
from core.match import Match
from gui.controller import MatchController
from gui.kit.game_view import GameView

VIEWS = {"throwdown": "tests.gui.stand_in:StandInView"}


class StandInView(GameView):
    """Shows the log length and offers a scores widget, as the window asks of a view."""

    def __init__(self, controller: MatchController, parent: QWidget | None = None) -> None:
        super().__init__(controller, "standInView", parent)
        self.label = QLabel()
        self._scores = QLabel("scores")
        self.add_page("table", self.label)
        self.add_page("over", QLabel("over"))
        self.start()

    def render_table(self, state: object) -> None:
        self.label.setText(f"{len(self.controller.match.actions)} actions")
        self.show_page("table")

    def render_over(self, state: object) -> None:
        self.render_table(state)

    def scores_widget(self) -> QWidget:
        return self._scores


def next_action(match: Match, rng: random.Random) -> object:
    """A random move, with throws from the match's seed so the save replays honestly."""
    return match.chance_action() if match.actor == CHANCE else match.random_action(rng)


def played(steps: int | None, seed: int = 1, game_seed: int = 9) -> Match:
    """A Throwdown match after `steps` moves (None: to the end)."""
    match = Match.new("throwdown", seed=game_seed)
    rng = random.Random(seed)
    while not match.is_over and (steps is None or len(match.actions) < steps):
        match.apply(next_action(match, rng))
    return match
