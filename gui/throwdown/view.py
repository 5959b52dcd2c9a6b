"""ThrowdownView: shows a Throwdown match phase by phase and turns clicks into actions.

Everything is redrawn from `controller.match` on `changed`; the base (gui/kit/game_view)
decides between the curtain (each player picks their fistful in secret), the table and the
game-over page. The view keeps only UI state: the fistful being picked and the table-mode
poses being entered.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from core.fistful.roster import Fighter
from core.fistful.throwdown import GAME, Pick, Remove, Throw, ThrowdownState
from core.game import Secret, actor_players
from gui.controller import MatchController
from gui.kit.fighters.picker import FistfulPicker
from gui.kit.fighters.tokens import ring_hinted
from gui.kit.game_view import GameView
from gui.throwdown.board import ThrowBoard
from gui.throwdown.over import WinnerPage
from gui.throwdown.scores import ThrowdownScores


class ThrowdownView(GameView):
    # The layout checks (tests/gui/layout_check.py): the controls a player must reach without
    # scrolling, by object name, and the widget that must cover half the window.
    PRIMARY_CONTROLS: tuple[str, ...] = ("curtainReveal", "clearPick", "confirmPick", "throwButton",
                                         "recordThrowButton", "backToStart", "playAgain", "reviewGame")
    BOARD = "boardScroll"
    KEYS: tuple[tuple[str, str], ...] = (
        ("Arrows", "Move between the fighters (on the table and in the fistful being picked)"),
        ("Enter / Space", "Act on the fighter with the focus: remove it, put it back, or the next pose at the table"),
        ("B / S / D", "At the table: the fighter with the focus landed on its Back, Standing or face Down"),
        ("Any key or click", "While a throw lands: show it at once"),
    )

    def __init__(self, controller: MatchController, parent: QWidget | None = None) -> None:
        super().__init__(controller, "throwdownView", parent)
        self.roster = GAME.roster
        self._scores: ThrowdownScores | None = None
        self.picker = FistfulPicker(self.roster)
        self.picker.confirm_requested.connect(self._on_confirm)
        self._throws = self.watch_throws()
        self.board = ThrowBoard(self.roster, on_remove=self._on_remove, on_throw=self._on_throw,
                                on_record=self._on_record, on_refused=self._on_refused)
        self.winner = WinnerPage()
        self.winner.finished_requested.connect(self.finished_requested)
        self.winner.again_requested.connect(self.again_requested)
        self.winner.review_requested.connect(self.review_requested)
        self.add_page("pick", self.picker)
        self.add_page("board", self.board)
        self.add_page("over", self.winner)
        self.start()

    def scores_widget(self) -> QWidget:
        if self._scores is None:
            self._scores = ThrowdownScores(GAME, self.match.setup)
            self._scores.render(self.match.state, self.match.actions)
        return self._scores

    # --- drawing ----------------------------------------------------------------------
    def render_scores(self, state: ThrowdownState) -> None:
        if self._scores is not None:
            self._scores.render(state, self.match.actions)

    def render_over(self, state: ThrowdownState) -> None:
        self.winner.render(state, GAME.result_text(state))

    def curtain_text(self, state: ThrowdownState, secret: Secret) -> str:
        left = len(actor_players(self.match.actor))
        return f"Choose your fistful in secret. {left} of {state.players} players still to pick."

    def render_table(self, state: ThrowdownState) -> None:
        if state.phase == "pick":
            seat = self.viewer()
            if seat is None:  # a lone practice player: nothing to hide
                seat = actor_players(self.match.actor)[0]
            if self.picker.player != seat:
                self.picker.start(seat, state.name(seat), state.setup.players[seat].colour)
            self.show_page("pick")
        else:
            self.board.render(state, self.match.mode, landing=self._throws.fresh(self.match, Throw))
            self.show_page("board")

    # --- gestures -> actions ----------------------------------------------------------
    def mark_hint(self, hint: Any) -> None:
        """The fistful the hint would pick, framed in the roster; the fighter it would take out of
        the game, ringed on the board."""
        action = None if hint is None else hint.action
        self.picker.mark(getattr(action, "fighters", ()))
        ring_hinted(self.board.tokens, action)

    def _on_confirm(self, fighters: tuple[Fighter, ...]) -> None:
        if self.picker.player is not None:
            self.controller.apply(Pick(self.picker.player, tuple(fighters)))

    def _on_throw(self) -> None:
        if not self.board.landing:
            self.play_chance()

    def _on_refused(self, player: int, fighter: Fighter) -> None:
        reason = GAME.removal_problem(self.match.state, player, fighter)
        if reason:
            self.show_refusal(reason)

    def _on_record(self) -> None:
        self.controller.apply(Throw.of(self.board.entered_landed()))

    def _on_remove(self, player: int, fighter: Fighter) -> None:
        self.controller.apply(Remove(player, fighter))
