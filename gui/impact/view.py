"""ImpactView: the cauldron, everyone's supply, the throw buttons, races and the winner.

Everything is redrawn from `controller.match` on `changed`; the base (gui/kit/game_view) picks
the page (the table, the race or the winner) and shows refusals. The view keeps only UI state
(dice selected for tipping, a race in progress, table-mode entries). In simulated mode a
player's throw, tip or storm race is followed at once by chance's landing, so one click
throws a die. Nothing in Impact is secret (the core's `secret` is None), so the curtain never falls.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from core.game import CHANCE
from core.impact.game import (CAUTIOUS, GAME, LOOSE, POWER_NAMES, RECKLESS, ImpactState, Landing, RaceResult,
                              StartingDie, Stop, Throw, Tip)
from core.impact.text import events_text
from gui.controller import MatchController
from gui.kit.game_view import GameView
from gui.impact.cauldron import CauldronWidget
from gui.impact.entry import TableEntry
from gui.impact.legend import ElementLegend
from gui.impact.over import WinnerPage
from gui.impact.race import RACE_KEYS, RacePage
from gui.impact.scores import ImpactScores
from gui.impact.supplies import SupplyStrip

BOARD_PAGE = "board"
RACE_PAGE = "race"
ROLL_TEXT = {"start": "Throw the starting die", "tip": "Tip the dice", "landing": "Let the dice land"}


class ImpactView(GameView):
    # The layout checks (tests/gui/layout_check.py): the controls a player must reach without
    # scrolling, by object name, and the widget that must cover half the window.
    PRIMARY_CONTROLS: tuple[str, ...] = ("throwSource", "cautiousButton", "recklessButton", "tipButton", "stopButton", "rollButton",
                        "recordButton", "raceComputer", "winnerBack", "playAgain", "reviewGame")
    BOARD = "cauldron"
    KEYS: tuple[tuple[str, str], ...] = (
        ("Tab", "Move between the supplies, the cauldron and the buttons"),
        ("Arrows (supplies)", "Walk over every supply's loose dice and boulder piles"),
        ("Enter or Space (supplies)", "Throw from the focused loose dice or boulder pile next"),
        ("Arrows (cauldron)", "Walk over the dice in the cauldron; each says its element"),
        ("Enter or Space (cauldron)", "Pick or unpick the focused die for tipping"),
        ("Enter or Space (buttons)", "Drop, throw, tip, stop, let the dice land, record"),
        (", ".join(label for _, label in RACE_KEYS), "Race keys, one per player, in storm and fire races "
                                                     "(kept for the races: no other key uses them)"),
    )

    def __init__(self, controller: MatchController, parent: QWidget | None = None) -> None:
        super().__init__(controller, "impactView", parent)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self._scores: ImpactScores | None = None
        self._throws = self.watch_throws()

        self.supplies = SupplyStrip()
        self.supplies.source_chosen.connect(self._on_source)
        self.cauldron = CauldronWidget()
        self.cauldron.selection_changed.connect(self._update_tip_button)

        self.status = QLabel(objectName="impactStatus")
        self.events = QLabel(objectName="impactEvents")
        self.powers = QLabel(objectName="impactPowers")
        for label in (self.status, self.events, self.powers):
            label.setWordWrap(True)
            label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.MinimumExpanding)
        self.source = QComboBox(objectName="throwSource")
        self.cautious_button = self._button("Cautious drop", "cautiousButton",
                                            "Drop one die gently: small chance to miss, never disturbs the cauldron.")
        self.reckless_button = self._button("Reckless throw", "recklessButton",
                                            "Throw with abandon: more likely to miss, may knock dice over.")
        self.tip_button = self._button("Tip dice", "tipButton",
                                       "Pick dice in the cauldron (click them, or arrows and Space there), then tip them to "
                                       "a side face before you throw.")
        self.stop_button = self._button("Stop (end turn)", "stopButton", "No matches: end your turn.")
        self.roll_button = self._button("Throw", "rollButton", "", primary=True)
        self.entry = TableEntry()
        self.record_button = self._button("Record", "recordButton", "Record what the dice show.", primary=True)
        self.cautious_button.clicked.connect(lambda: self._on_throw(CAUTIOUS))
        self.reckless_button.clicked.connect(lambda: self._on_throw(RECKLESS))
        self.tip_button.clicked.connect(self._on_tip)
        self.stop_button.clicked.connect(self._on_stop)
        self.roll_button.clicked.connect(lambda: self.play_chance())
        self.record_button.clicked.connect(self._on_record)

        side = QFrame(objectName="impactSide")
        side.setFixedWidth(320)
        col = QVBoxLayout(side)
        col.setContentsMargins(14, 14, 14, 14)
        col.setSpacing(8)
        for w in (self.status, self.events, self.powers, self.source, self.cautious_button, self.reckless_button,
                  self.tip_button, self.stop_button, self.roll_button, self.entry, self.record_button):
            col.addWidget(w)
        col.addStretch(1)
        self.legend = ElementLegend()
        col.addWidget(self.legend)

        board = QWidget(objectName="impactBoard")
        middle = QHBoxLayout()
        middle.setSpacing(8)
        middle.addWidget(self.cauldron, 1)
        middle.addWidget(side)
        board_lay = QVBoxLayout(board)
        board_lay.setContentsMargins(6, 6, 6, 6)
        board_lay.setSpacing(6)
        board_lay.addWidget(self.supplies)
        board_lay.addLayout(middle, 1)
        self.board = board

        self.race = RacePage()
        self.race.finished_race.connect(self._on_race)
        self.winner = WinnerPage()
        self.winner.finished_requested.connect(self.finished_requested)
        self.winner.again_requested.connect(self.again_requested)
        self.winner.review_requested.connect(self.review_requested)
        self.add_page(BOARD_PAGE, self.board)
        self.add_page(RACE_PAGE, self.race)
        self.add_page("over", self.winner)
        self.start()

    def _button(self, text: str, name: str, tip: str, primary: bool = False) -> QPushButton:
        b = QPushButton(text, objectName=name)
        b.setProperty("role", "impact-primary" if primary else "impact")
        b.setCursor(Qt.CursorShape.PointingHandCursor)
        b.setToolTip(f"{tip} (Enter or Space)" if tip else "Enter or Space")
        return b

    def scores_widget(self) -> QWidget:
        if self._scores is None:
            self._scores = ImpactScores()
            self._scores.render(self.match.state)
        return self._scores

    # --- drawing ----------------------------------------------------------------------
    def render_scores(self, state: ImpactState) -> None:
        if self._scores is not None:
            self._scores.render(state)

    def render_over(self, state: ImpactState) -> None:
        self.winner.render(state, self.match.game.result_text(state))

    def render_table(self, state: ImpactState) -> None:
        if state.phase == "race":
            self.race.start(state, GAME.race_presses(state))
            self.show_page(RACE_PAGE)
            self.race.setFocus()
            return
        self.show_page(BOARD_PAGE)
        self._render_board(state)

    def _render_board(self, state: ImpactState) -> None:
        simulated = self.match.mode == "simulated"
        chance = self.match.actor == CHANCE
        self.supplies.render(state)
        last = self.match.actions[-1] if self.match.actions else None
        fresh = 0
        if not self._throws.fresh(self.match, (Landing, StartingDie)):
            pass  # drawn already, jumped to in a replay, or entered at the table: nothing flies in
        elif isinstance(last, Landing):
            fresh = min(len(last.faces), len(state.cauldron)) if not state.taken else 0
        elif isinstance(last, StartingDie):
            fresh = 1
        caption = f"Game {state.game + 1} of {state.players}" if state.setup.tournament else ""
        self.cauldron.render(state.cauldron, fresh, state.flying, state.tipping, caption)
        self.events.setText(events_text(state))
        self.events.setVisible(bool(state.events))
        self.powers.setText(("Activated: " + ", ".join(POWER_NAMES[e] for e in state.activated))
                            if state.activated else "")
        self.powers.setVisible(bool(state.activated))
        name = state.name(state.active)
        if state.phase == "start":
            self.status.setText(f"{name} throws the starting die into the cauldron.")
        elif state.phase == "tip":
            self.status.setText("The tipped dice are falling\u2026")
        elif state.phase == "landing":
            self.status.setText(f"{state.flying} {'die is' if state.flying == 1 else 'dice are'} in the air\u2026")
        elif state.big_bang:
            self.status.setText(f"BIG BANG! {name} must throw all {state.dice(state.active)} dice at once.")
        elif state.throws:
            self.status.setText(f"{name}: no matches. Throw again or stop.")
        else:
            self.status.setText(f"{name}'s turn: throw a die into the cauldron.")
        turn = state.phase == "turn"
        options = GAME.throw_options(state)
        self.cautious_button.setVisible(turn)
        self.reckless_button.setVisible(turn)
        self.cautious_button.setEnabled(bool(options))
        self.reckless_button.setEnabled(bool(options))
        self.cautious_button.setText("Big Bang: cautious drop" if state.big_bang else "Cautious drop")
        self.reckless_button.setText("Big Bang: reckless throw" if state.big_bang else "Reckless throw")
        self.stop_button.setVisible(turn)
        self.stop_button.setEnabled(GAME.may_stop(state))
        self.tip_button.setVisible(turn and not state.big_bang)
        self.cauldron.set_selectable(GAME.may_tip(state))
        self._update_tip_button()
        sources = sorted({t.pile for t in options if not state.big_bang})
        self.source.blockSignals(True)
        self.source.clear()
        for src in sources:
            self.source.addItem("a loose die" if src == LOOSE else f"boulder pile of {state.piles[state.active][src]}",
                                src)
        self.source.blockSignals(False)
        self.source.setVisible(turn and len(sources) > 1)
        self.roll_button.setVisible(chance and simulated)
        self.roll_button.setText(ROLL_TEXT.get(state.phase, "Throw"))
        table_entry = chance and not simulated
        if table_entry:
            self.entry.show_for(state)
        self.entry.setVisible(table_entry)
        self.record_button.setVisible(table_entry)

    def _update_tip_button(self) -> None:
        n = len(self.cauldron.selected)
        state = self.match.state
        self.tip_button.setText(f"Tip {n} selected {'die' if n == 1 else 'dice'}" if n else "Tip dice (pick dice first)")
        self.tip_button.setEnabled(bool(n) and GAME.may_tip(state))

    def mark_hint(self, hint: Any) -> None:
        """The cauldron dice the hint would tip, ringed."""
        action = None if hint is None else hint.action
        self.cauldron.set_hinted(action.dice if isinstance(action, Tip) else ())

    # --- gestures -> actions ----------------------------------------------------------
    def _then_chance(self) -> None:
        if self.match.mode == "simulated" and self.match.actor == CHANCE and self.match.state.phase != "start":
            self.play_chance()

    def _on_throw(self, style: str) -> None:
        state = self.match.state
        pile = self.source.currentData() if self.source.count() and not state.big_bang else LOOSE
        if self.controller.apply(Throw(state.active, style, LOOSE if pile is None else pile)):
            self._then_chance()

    def _on_tip(self) -> None:
        dice = tuple(sorted(self.cauldron.selected))
        if self.controller.apply(Tip(self.match.state.active, dice)):
            self._then_chance()

    def _on_source(self, player: int, pile: int) -> None:
        """Throw from this supply's loose dice or boulder pile next; a source that may not be
        chosen now says why in the refusal banner."""
        state = self.match.state
        if state.phase != "turn" or self.match.actor == CHANCE:
            self.show_refusal("Choose where to throw from when it is a player's turn to throw.")
        elif player != state.active:
            self.show_refusal(f"That is {state.name(player)}'s supply: it is {state.name(state.active)}'s turn.")
        elif state.big_bang:
            self.show_refusal("Big Bang: all the dice are thrown at once, from every pile.")
        else:
            index = self.source.findData(pile)
            if index >= 0:
                self.source.setCurrentIndex(index)
            self.refusal.dismiss()

    def _on_stop(self) -> None:
        self.controller.apply(Stop(self.match.state.active))

    def _on_record(self) -> None:
        action = self.entry.action()
        if action is not None:
            self.controller.apply(action)

    def _on_race(self, order: tuple) -> None:
        if self.controller.apply(RaceResult(tuple(order))):
            self._then_chance()
        else:
            self.race.state = None
            self.refresh()
