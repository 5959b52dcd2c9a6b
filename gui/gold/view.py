"""GoldView: shows A Fistful of Gold and turns card clicks into actions.

Everything is redrawn from `controller.match` on `changed`; the base (gui/kit/game_view) decides
between the curtain, the table and the game-over page, and plays computer seats: against the
computer there is no curtain and the human's hand shows (`viewer()`).
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QApplication, QFrame, QScrollArea, QWidget

from core.game import Secret, actor_players
from core.gold.cards import CARDS
from core.gold.game import Discard, GoldState, Play, all_duels, duel_sentence, round_sentence
from gui.controller import MatchController
from gui.kit.game_view import GameView
from gui.kit.layouts import keep_in_view, on_resize
from gui.gold.over import GoldOver
from gui.gold.scores import GoldScores
from gui.gold.table import GoldTable


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
    PRIMARY_CONTROLS: tuple[str, ...] = ("curtainReveal", "handPanel", "confirmDiscard", "backToStart", "playAgain",
                                         "reviewGame")
    BOARD = "goldTable"
    KEYS: tuple[tuple[str, str], ...] = (
        ("Arrows", "Move between the cards you may choose (Up and Down: the other hand, in table mode)"),
        ("Enter or Space", "Play the focused card; at set-up, pick or unpick it for discarding"),
        ("Tab, then Enter or Space", "Discard the 2 picked cards"),
    )

    def __init__(self, controller: MatchController, parent: QWidget | None = None) -> None:
        super().__init__(controller, "goldView", parent)
        self._scores: GoldScores | None = None
        self._refocus = False
        self.table = GoldTable(on_card=self._on_card, on_discard=self._on_discard)
        self.scroll = QScrollArea(objectName="goldScroll")
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setWidget(self.table)
        # the hands to choose from are what to act on: on a small window (two hands entered at the
        # table, at 1024x640) they stay in view and the rows above scroll off instead
        self._show_hand_panel = keep_in_view(self.scroll, lambda: self.table.hand if self.page == "table" else None)
        on_resize(self.scroll.viewport(), self._fit_cards)
        self.winner = GoldOver()
        self.winner.finished_requested.connect(self.finished_requested)
        self.winner.again_requested.connect(self.again_requested)
        self.winner.review_requested.connect(self.review_requested)
        self.add_page("table", self.scroll)
        self.add_page("over", self.winner)
        self.start()

    def _fit_cards(self) -> None:
        """The cards grow with a large window (gui/gold/table.card_scale)."""
        if self.table.fit_cards(self.scroll.viewport().size()):
            self._show_hand_panel()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        """The table coming into sight (a game against the computer opens on it): the keyboard starts
        on the first card, wherever the focus was before (the start page, now hidden)."""
        super().showEvent(event)
        if self.page == "table":
            self.table.hand.focus_first()

    def scores_widget(self) -> QWidget:
        if self._scores is None:
            self._scores = GoldScores()
            self._scores.render(self.match.state)
        return self._scores

    # --- drawing ----------------------------------------------------------------------------
    def render_scores(self, state: GoldState) -> None:
        if self._scores is not None:
            self._scores.render(state)

    def render_over(self, state: GoldState) -> None:
        self.winner.render(state, self.match.game.result_text(state))

    def curtain_text(self, state: GoldState, secret: Secret) -> str:
        if secret.what == "discard":
            return "Put 2 of your 9 cards out of the game, in secret."
        sentence = latest_sentence(state)
        return (sentence + "\n\n" if sentence else "") + \
            f"Round {state.round}: choose your card for duel {len(state.duels) + 1} in secret."

    def render_table(self, state: GoldState) -> None:
        focus = QApplication.focusWidget()  # before the hand is rebuilt, which moves a lost focus on
        focus_here = focus is None or not focus.isVisible() or self.isAncestorOf(focus) or self._refocus
        pending = actor_players(self.match.actor)
        if self.viewer() is not None:
            seat = self.viewer()
            shown = self.match.view(seat)
            self._show_hand(shown, seat, seat in pending)
        else:
            shown = state
            self.table.hand.show_choice(state, pending, table=True)
        self.table.render(shown, latest_sentence(state))
        self.show_page("table")
        QTimer.singleShot(0, self, self._show_hand_panel)
        if focus_here:
            self.table.hand.focus_first()  # the rebuilt hand: the keyboard starts on its first card
        self._refocus = focus_here and not self.table.hand.cards  # an empty hand while a computer chooses

    def _show_hand(self, shown: GoldState, seat: int, to_choose: bool) -> None:
        """The seat's hand to choose from; nothing while it waits for a computer seat to choose."""
        if shown.phase == "discard" and to_choose:
            self.table.hand.show_discard(shown, seat)
        else:
            self.table.hand.show_choice(shown, (seat,) if to_choose else (), table=False)

    def mark_hint(self, hint: Any) -> None:
        """The card the hint plays, or the two it discards, framed in the hand."""
        action = None if hint is None else hint.action
        cards = getattr(action, "cards", None) or ((action.card,) if isinstance(action, Play) else ())
        self.table.hand.mark(getattr(action, "player", None), tuple(cards))

    # --- gestures -> actions --------------------------------------------------------------------
    def _on_card(self, player: int, card: int) -> None:
        self.controller.apply(Play(player, card))

    def _on_discard(self, player: int, cards: tuple[int, ...]) -> None:
        self.controller.apply(Discard(player, tuple(sorted(cards, key=CARDS.index))))
