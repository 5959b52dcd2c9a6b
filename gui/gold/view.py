"""GoldView: shows A Fistful of Gold and turns card clicks into actions.

Everything is redrawn from `controller.match` on `changed`; the view keeps only which seat
lifted the curtain for the current secret step. Against the computer there is no curtain:
the human's screen shows, and the computer's card is chosen (from its own view only) once
the human has chosen, so it is never revealed early.
"""
from __future__ import annotations


from PySide6.QtWidgets import QFrame, QScrollArea, QStackedWidget, QVBoxLayout, QWidget

from core.chance import step_rng
from core.game import actor_players
from core.gold.cards import CARDS
from core.gold.computer import choose
from core.gold.game import Discard, GoldState, Play, all_duels, duel_sentence, round_sentence
from gui.controller import MatchController
from gui.kit.game_view import GameView
from gui.gold.over import GoldOver
from gui.gold.scores import GoldScores
from gui.gold.table import GoldTable
from gui.kit.theme import PAGE_BG
from gui.kit.curtain import Curtain


def latest_sentence(state: GoldState) -> str:
    """The last duel's outcome, and the round's if that duel ended it."""
    duels = all_duels(state)
    if not duels:
        return ""
    text = duel_sentence(state, duels[-1])
    if not state.duels and state.rounds:
        text += " " + round_sentence(state, state.rounds[-1])
    return text


class GoldView(GameView):
    # The layout checks (tests/gui/layout_check.py): the controls a player must reach without
    # scrolling, by object name, and the widget that must cover half the window.
    PRIMARY_CONTROLS: tuple[str, ...] = ("curtainReveal", "handPanel", "confirmDiscard", "backToStart")
    BOARD = "goldTable"

    def __init__(self, controller: MatchController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("goldView")
        self.controller = controller
        self._revealed: tuple[int, int] | None = None  # (seat, step) whose curtain was lifted
        self._scores: GoldScores | None = None

        self.curtain = Curtain()
        self.curtain.revealed.connect(self._on_revealed)
        self.table = GoldTable(on_card=self._on_card, on_discard=self._on_discard)
        self.scroll = QScrollArea(objectName="goldScroll")
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setWidget(self.table)
        self.winner = GoldOver()
        self.winner.finished_requested.connect(self.finished_requested)
        self.stack = QStackedWidget(objectName="goldStack")
        for page in (self.curtain, self.scroll, self.winner):
            self.stack.addWidget(page)
        self.setStyleSheet(f"#goldView, #goldTable, #goldOver {{ background: {PAGE_BG}; }}")
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
        """Which screen shows: 'curtain', 'table' or 'over'."""
        return {self.curtain: "curtain", self.scroll: "table", self.winner: "over"}[self.stack.currentWidget()]

    def scores_widget(self) -> QWidget:
        if self._scores is None:
            self._scores = GoldScores()
            self._scores.render(self.match.state)
        return self._scores

    # --- drawing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        state: GoldState = self.match.state
        if self._scores is not None:
            self._scores.render(state)
        self.table.set_refusal("")
        if state.phase == "over":
            self.winner.render(state, self.match.game.result_text(state))
            self.stack.setCurrentWidget(self.winner)
            return
        pending = actor_players(self.match.actor)
        computer = state.setup.computer
        if computer is not None and computer in pending and 1 - computer not in pending:
            rng = step_rng(self.match.seed, len(self.match.actions))
            self.controller.apply(choose(self.match.view(computer), rng, computer))
            return
        sentence = latest_sentence(state)
        if computer is not None:
            seat = 1 - computer
            shown = self.match.view(seat)
            self._show_hand(shown, seat)
        elif state.phase == "duel" and self.match.mode == "table":
            shown = state
            self.table.hand.show_choice(state, pending, table=True)
        else:
            seat = pending[0]
            if self._revealed != (seat, len(self.match.actions)):
                self._show_curtain(state, seat, sentence)
                return
            shown = self.match.view(seat)
            self._show_hand(shown, seat)
        self.table.render(shown, sentence)
        self.stack.setCurrentWidget(self.scroll)

    def _show_hand(self, shown: GoldState, seat: int) -> None:
        if shown.phase == "discard":
            self.table.hand.show_discard(shown, seat)
        else:
            self.table.hand.show_choice(shown, (seat,), table=False)

    def _show_curtain(self, state: GoldState, seat: int, sentence: str) -> None:
        if state.phase == "discard":
            message = "Put 2 of your 9 cards out of the game, in secret."
        else:
            message = (sentence + "\n\n" if sentence else "") + \
                f"Round {state.round}: choose your card for duel {len(state.duels) + 1} in secret."
        self.curtain.show_for(state.name(seat), state.setup.players[seat].colour, message)
        self.stack.setCurrentWidget(self.curtain)

    # --- gestures -> actions --------------------------------------------------------------------
    def _on_revealed(self) -> None:
        pending = actor_players(self.match.actor)
        if pending:
            self._revealed = (pending[0], len(self.match.actions))
        self.refresh()

    def _on_card(self, player: int, card: int) -> None:
        self.controller.apply(Play(player, card))

    def _on_discard(self, player: int, cards: tuple[int, ...]) -> None:
        self.controller.apply(Discard(player, tuple(sorted(cards, key=CARDS.index))))

    def _on_refused(self, reason: str) -> None:
        self.table.set_refusal(reason)
