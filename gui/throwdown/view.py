"""ThrowdownView: shows a Throwdown match phase by phase and turns clicks into actions.

Everything is redrawn from `controller.match` on `changed`; the view keeps only UI state
(the fistful being picked, table-mode poses being entered, whose curtain was lifted).
"""
from __future__ import annotations


from PySide6.QtWidgets import QStackedWidget, QVBoxLayout, QWidget

from core.fistful.roster import Fighter
from core.fistful.throwdown import GAME, Pick, Remove, Throw, ThrowdownState
from core.game import actor_players
from gui.controller import MatchController
from gui.kit.game_view import GameView
from gui.throwdown.board import ThrowBoard
from gui.throwdown.over import WinnerPage
from gui.kit.fighters.picker import FistfulPicker
from gui.throwdown.scores import ThrowdownScores
from gui.kit.theme import PAGE_BG
from gui.kit.curtain import Curtain


class ThrowdownView(GameView):
    # The layout checks (tests/gui/layout_check.py): the controls a player must reach without
    # scrolling, by object name, and the widget that must cover half the window.
    PRIMARY_CONTROLS: tuple[str, ...] = ("curtainReveal", "clearPick", "confirmPick", "throwButton", "recordThrowButton", "backToStart")
    BOARD = "boardScroll"

    def __init__(self, controller: MatchController, parent: QWidget | None = None) -> None:
        super().__init__(controller, "throwdownView", parent)
        self.setObjectName("throwdownView")
        self.controller = controller
        self.roster = GAME.roster
        self._revealed_for: int | None = None
        self._scores: ThrowdownScores | None = None

        self.curtain = Curtain()
        self.curtain.revealed.connect(self._on_revealed)
        self.picker = FistfulPicker(self.roster)
        self.picker.confirm_requested.connect(self._on_confirm)
        self.board = ThrowBoard(self.roster, on_remove=self._on_remove, on_throw=self._on_throw,
                                on_record=self._on_record)
        self.winner = WinnerPage()
        self.winner.finished_requested.connect(self.finished_requested)
        self.stack = QStackedWidget(objectName="throwdownStack")
        for page in (self.curtain, self.picker, self.board, self.winner):
            self.stack.addWidget(page)
        self.setStyleSheet("#throwdownView, #throwBoard, #fistfulPicker, #winnerPage, #playersBox"
                           f" {{ background: {PAGE_BG}; }}")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.stack)

        controller.changed.connect(self.refresh)
        controller.refused.connect(self._on_refused)
        self.refresh()

    @property
    def match(self):
        return self.controller.match

    @property
    def page(self) -> str:
        """Which screen shows: 'curtain', 'pick', 'board' or 'over'."""
        return {self.curtain: "curtain", self.picker: "pick", self.board: "board",
                self.winner: "over"}[self.stack.currentWidget()]

    def scores_widget(self) -> QWidget:
        if self._scores is None:
            self._scores = ThrowdownScores(GAME, self.match.setup)
            self._scores.render(self.match.state, self.match.actions)
        return self._scores

    # --- drawing ----------------------------------------------------------------------
    def refresh(self) -> None:
        state: ThrowdownState = self.match.state
        self.picker.set_refusal("")
        self.board.set_refusal("")
        if state.phase == "pick":
            self._show_pick(state)
        elif state.phase == "over":
            self.winner.render(state, GAME.result_text(state))
            self.stack.setCurrentWidget(self.winner)
        else:
            self.board.render(state, self.match.mode)
            self.stack.setCurrentWidget(self.board)
        if self._scores is not None:
            self._scores.render(state, self.match.actions)

    def _show_pick(self, state: ThrowdownState) -> None:
        pending = actor_players(self.match.actor)
        current = pending[0]
        state = self.match.view(current)
        if self.picker.player != current:
            self.picker.start(current, state.name(current), state.setup.players[current].colour)
        if self._revealed_for != current and state.players > 1:
            left = len(pending)
            self.curtain.show_for(
                state.name(current), state.setup.players[current].colour,
                f"Choose your fistful in secret. {left} of {state.players} players still to pick.")
            self.stack.setCurrentWidget(self.curtain)
            return
        self._revealed_for = current
        self.stack.setCurrentWidget(self.picker)

    # --- gestures -> actions ----------------------------------------------------------
    def _on_revealed(self) -> None:
        pending = actor_players(self.match.actor)
        if self.match.state.phase == "pick" and pending:
            self._revealed_for = pending[0]
        self.refresh()

    def _on_confirm(self, fighters: tuple[Fighter, ...]) -> None:
        if self.picker.player is not None:
            self.controller.apply(Pick(self.picker.player, tuple(fighters)))

    def _on_throw(self) -> None:
        self.controller.play_chance()

    def _on_record(self) -> None:
        self.controller.apply(Throw.of(self.board.entered_landed()))

    def _on_remove(self, player: int, fighter: Fighter) -> None:
        self.controller.apply(Remove(player, fighter))

    def _on_refused(self, reason: str) -> None:
        if self.stack.currentWidget() is self.picker:
            self.picker.set_refusal(reason)
        else:
            self.board.set_refusal(reason)
