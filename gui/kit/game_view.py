"""The base every game's view extends: standard pages, the curtain, refusals and chance.

Every game shows the same three kinds of page: the pass-the-device curtain, its table (one or
more pages of its own), and the game-over page. The base owns the page stack, decides which
page shows on every change, and asks the subclass only to draw. Whether the curtain falls is
the core's decision (`game.secret(state)`: whose secrets the screen would show); the view only
remembers which seat last lifted it, so the same player acting twice is not curtained again.
A refused action is explained in one banner at the top of the view; simulated chance (a throw,
a roll, a draw) is played through `play_chance`, the one place the app lets the seed act.

Computer seats (`PlayerSetup.computer`) are played here for every game: when the actor includes
one, `core.ai.make_player` chooses on a worker thread while a "thinking…" line shows, and the
action lands through the controller no sooner than the View → Computer speed allows. A search
whose position has gone (undo, a human's move, Close, New Game) is forgotten: its late answer
is dropped. With one human among computers the screen shows that human's view (`viewer()`).
A throw that follows a computer's move is thrown by the computer at the same pace
(`core.ai.turns.computer_throws`); a human in the move before it throws for themself.

Hints (View → Hints, off by default) run on the same worker: the Hint button asks the Normal
computer (`core.ai.hints.hint`) for the seat in front of the screen, the bar says its move and
numbers, and a line goes in the window's log (`log_notes`, beside the match's own lines, never
in the match); where another person shares the screen, a secret choice's advice stays out of it. A new position drops a hint still being worked out, like a computer's search.

A replay (`controller.replaying`, gui/replay) shows the spectator's screen: no curtain, no
seat's secrets (`viewer()` is None), no computer moves, throws or hints, and a press on the
table is refused with the controller's banner; `set_timeline` puts the timeline under it.

The main window connects `finished_requested` to the start page, `again_requested` to Play Again,
`review_requested` to the review, and docks `scores_widget()`;
`PRIMARY_CONTROLS` and `BOARD` name (by object name) the controls and the board that must stay
visible at every window size, which the layout checks verify.
"""
from __future__ import annotations

from typing import Any

import itertools
import time

from PySide6.QtCore import QEvent, QObject, QRunnable, Qt, QThreadPool, QTimer, Signal
from PySide6.QtWidgets import (QApplication, QLabel, QPushButton, QScrollBar, QSizePolicy, QStackedWidget, QTabBar,
                               QVBoxLayout, QWidget)

from core.ai import action_seat
from core.ai.turns import computer_throws
from core.game import CHANCE, Secret, actor_players, computer_seats
from core.match import Match
from gui import storage
from gui.controller import MatchController
from gui.kit.actions import LEAVES_GAME
from gui.kit.curtain import Curtain
from gui.kit.fighters.tumble import ThrowWatch
from gui.kit.hints import SECRET_VERBS, HintBar, hint_text
from gui.kit.refusal import RefusalBanner

CURTAIN = "curtain"
OVER = "over"
REPLAY_REFUSAL = "This is a replay — Continue from here to play on."


class _Relay(QObject):
    """Carries a worker's answer back to the UI thread (queued: the views live there). One for
    the app, never deleted, so a worker outliving its view still has somewhere to send; tickets
    are unique across views, so each view takes only its own answers."""

    answered = Signal(int, object, object)  # ticket, action or None, error text or None


_RELAY: list[_Relay] = []
_TICKETS = itertools.count(1)


def _relay() -> _Relay:
    if not _RELAY:
        _RELAY.append(_Relay())
    return _RELAY[0]


_PRESSES = frozenset({QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick})
_KEYS = frozenset({Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space, Qt.Key.Key_Delete})
_LOOKING = (QScrollBar, QTabBar)


class _ReplayGuard(QObject):
    """While a replay shows, a click (or Enter, Space, Delete) on the table says why it does
    nothing instead of starting a gesture the replay would refuse halfway; the winner page's way
    out and Play again work."""

    def __init__(self, view: GameView) -> None:
        super().__init__(view)
        self.view = view

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        kind = event.type()
        if kind not in _PRESSES and not (kind == QEvent.Type.KeyPress and event.key() in _KEYS):
            return False
        stack = self.view.stack
        if not isinstance(watched, QWidget) or not (watched is stack or stack.isAncestorOf(watched)):
            return False
        if isinstance(watched, _LOOKING) or watched.property(LEAVES_GAME):
            return False  # scrolling the table or turning its tabs is looking, not playing
        self.view.show_refusal(REPLAY_REFUSAL)
        return True


class _Search(QRunnable):
    """One computer decision (a move, or a hint) off the UI thread; it only reads the match and
    never applies."""

    def __init__(self, ticket: int, match: Match, seat: int, level: str, relay: _Relay, hint: bool = False) -> None:
        super().__init__()
        self.ticket, self.match, self.seat, self.level, self.relay = ticket, match, seat, level, relay
        self.hint = hint

    def run(self) -> None:
        from core.ai import make_player
        from core.ai.hints import hint

        try:
            if self.hint:
                answer: Any = hint(self.match, self.seat, seed=self.match.seed)
            else:
                answer = make_player(self.match.game_id, self.level, seed=self.match.seed).choose(self.match, self.seat)
        except Exception as e:  # noqa: BLE001 (shown to the player, never lost in a thread)
            self.relay.answered.emit(self.ticket, None, f"The computer could not choose a move: {e}")
            return
        self.relay.answered.emit(self.ticket, answer, None)


class GameView(QWidget):
    """A game's whole play area, built for one MatchController.

    A subclass builds its pages in `__init__` (`add_page(name, widget)`, with an "over" page
    for the finished game), then calls `start()`. It draws in `render_table(state)` and
    `render_over(state)`, and words its curtain in `curtain_text(state, secret)`.
    """

    finished_requested = Signal()
    again_requested = Signal()  # the winner page's "Play again" (gui/again.py)
    review_requested = Signal()  # the winner page's "Review" (gui/review.py)
    advice_tried = Signal(object)  # a replay's advice, to be made in a new game from its step
    log_noted = Signal()  # a line joined `log_notes` (a hint was used): the window redraws its log

    PRIMARY_CONTROLS: tuple[str, ...] = ()  # object names of the controls a player uses most
    BOARD: str | None = None  # object name of the widget that shows the board or table
    KEYS: tuple[tuple[str, str], ...] = ()  # (keys, what they do) for Help → Keyboard and tooltips
    # A replay draws the spectator's state (`game.view(state, None)`), so no seat's secret can show;
    # a view that draws from the whole state and hides the secrets itself by `viewer()` says False.
    PUBLIC_STATE = True

    def primary_controls(self) -> tuple[str, ...]:
        """The primary controls of the step at hand: all of them, unless a view knows better."""
        return self.PRIMARY_CONTROLS

    def __init__(self, controller: MatchController, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)  # the sheet paints the page colour
        self.controller = controller
        self._revealed: int | None = None  # the seat that lifted the curtain last
        self._pages: dict[str, QWidget] = {}
        self._own_policy: dict[QWidget, QSizePolicy.Policy] = {}  # each page's width policy while shown
        self._watches: list[ThrowWatch] = []
        self.refusal = RefusalBanner()
        self.curtain = Curtain()
        self.curtain.revealed.connect(self._on_revealed)
        self.stack = QStackedWidget(objectName="gameStack")
        self.stack.addWidget(self.curtain)
        self._pages[CURTAIN] = self.curtain
        self.thinking = QLabel(objectName="computerThinking")
        self.thinking.hide()
        self.hint_bar = HintBar()
        self.hint_bar.button.clicked.connect(self.ask_hint)
        self.hint_bar.play.clicked.connect(self.play_hint)
        self.log_notes: list[tuple[int, str]] = []  # (steps when written, line) for the window's log
        self._hint_ticket = 0
        self._hint_at: int | None = None  # the step the running or shown hint is for
        self._hint_for = -1  # its seat
        self._hint: Any = None  # the hint shown (core.ai.hints.Hint)
        self._advice: tuple[int, Any] | None = None  # a replay's marked advice: (step, Hint), gui/review.py
        self._ticket = 0  # bumped whenever a running search must be forgotten
        self._search_at: int | None = None  # the step the running search (or pending move) is for
        self._started = 0.0
        _relay().answered.connect(self._on_answer, Qt.ConnectionType.QueuedConnection)

    # --- the contract with the window -----------------------------------------------------------
    @property
    def match(self) -> Match:
        return self.controller.match

    def scores_widget(self) -> QWidget | None:
        """The widget for the window's scores dock; None leaves the dock's placeholder."""
        return None

    # --- pages ----------------------------------------------------------------------------------
    def add_page(self, name: str, widget: QWidget) -> QWidget:
        if self.layout() is None:
            lay = QVBoxLayout(self)
            lay.setContentsMargins(0, 0, 0, 0)
            lay.setSpacing(0)
            lay.addWidget(self.refusal)
            lay.addWidget(self.thinking)
            lay.addWidget(self.hint_bar)
            lay.addWidget(self.stack, 1)
        self._pages[name] = widget
        widget.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.stack.addWidget(widget)
        return widget

    def show_page(self, name: str) -> None:
        """Only the page shown sets the room the view asks for: a stack asks for its widest page,
        so the fistful picker's width squeezed the docks beside every later page too."""
        shown = self._pages[name]
        for page in self._pages.values():
            own = self._own_policy.setdefault(page, page.sizePolicy().horizontalPolicy())
            policy = page.sizePolicy()
            policy.setHorizontalPolicy(own if page is shown else QSizePolicy.Policy.Ignored)
            page.setSizePolicy(policy)
        self.stack.setCurrentWidget(shown)

    @property
    def page(self) -> str:
        """Which page shows: "curtain", "over" or one of the subclass's page names."""
        current = self.stack.currentWidget()
        return next(name for name, widget in self._pages.items() if widget is current)

    def start(self) -> None:
        """Follow the controller and draw the first position; call it once the pages exist."""
        self.controller.changed.connect(self.refresh)
        self.controller.refused.connect(self.show_refusal)
        if self.replaying:
            QApplication.instance().installEventFilter(_ReplayGuard(self))
        self.refresh()

    @property
    def replaying(self) -> bool:
        return self.controller.replaying

    def watch_throws(self) -> ThrowWatch:
        """A watch on this view's throws, to land them as they are made (gui.kit.fighters.tumble)."""
        watch = ThrowWatch()
        self._watches.append(watch)
        return watch

    def replay_jumped(self, step: int) -> None:
        """A replay jumps to `step` rather than stepping on to it: a throw passed on the way is not
        landing now, or its banner would stand over the position shown."""
        for watch in self._watches:
            watch.seen_to(step)

    def set_timeline(self, timeline: QWidget) -> None:
        """A replay's timeline, under the table."""
        self.layout().addWidget(timeline)
        timeline.show()  # the view may be on screen already

    # --- drawing --------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Show the page the position calls for: game over, the curtain, or the table.

        When the game is over or the curtain is due, a view still showing the last move landing
        (`hold_curtain`) keeps its table until it calls `release_curtain()`; if drawing the table
        ended that moment, the due page shows at once, so nothing waits on a release never sent.
        """
        state = self.match.state
        self.refusal.dismiss()
        due = OVER if self.match.result is not None else (CURTAIN if self._curtain_due(state) else None)
        if due is not None and self.page not in (CURTAIN, OVER) and self.hold_curtain(state):
            self.render_table(state)  # viewer() is still the seat that acted
            if self.hold_curtain(state):
                self.render_scores(self.match.state)
                self.update_hints()  # a hint on the position before is spent: no "Play it" while it lands
                return
        if due == OVER:
            self.render_over(state)
            self._offer_review()
            self.show_page(OVER)
        elif due == CURTAIN:
            secret = self.match.game.secret(state)
            player = self.match.setup.players[secret.seat]
            self.curtain.show_for(player.name, player.colour, self.curtain_text(state, secret))
            self.show_page(CURTAIN)
        else:
            self.render_table(state)
        self.render_scores(self.match.state)
        self._play_computer()
        self.update_hints()
        if self._hint is not None:
            self.mark_hint(self._hint)  # the redraw may have rebuilt what the mark was on
        elif self._advice is not None:
            if self._advice[0] == self.match.steps:
                self.mark_hint(self._advice[1])
            else:  # the replay moved on: the advice was for the step it left
                self._advice = None
                self.mark_hint(None)

    def render_table(self, state: Any) -> None:
        """Draw the position and show the table page that fits it."""

    def _offer_review(self) -> None:
        """The winner page's Review, only where a person played (a table of computers has none).
        Asked of the match, so the computer players' modules do not load on the UI thread as the
        page comes up."""
        for button in self.findChildren(QPushButton, "reviewGame"):
            button.setVisible(self.match.person_played)

    def render_over(self, state: Any) -> None:
        """Fill the game-over page."""

    def render_scores(self, state: Any) -> None:
        """Bring the scores dock up to date (when the game has one)."""

    def curtain_text(self, state: Any, secret: Secret) -> str:
        """What the curtain tells the player it falls for (the game's words for `secret.what`)."""
        return ""

    def hold_curtain(self, state: Any) -> bool:
        """True to keep the screen with the seat that just acted a moment longer (its throw is still
        landing) before the curtain falls for the next seat, or before the game-over page when that
        throw ended the game; then call `release_curtain()`."""
        return False

    def release_curtain(self) -> None:
        """The moment `hold_curtain` asked for is over: let the curtain fall if it is due."""
        self.refresh()

    def viewer(self) -> int | None:
        """The seat whose secrets the screen may show now (None: only what everyone sees); with
        one human among computers, always that human's; in a replay, nobody's."""
        if self.replaying:
            return None
        if self._revealed is None:
            players = self.match.setup.players
            humans = [i for i, p in enumerate(players) if p.computer is None]
            if len(humans) == 1 and len(players) > 1:
                return humans[0]
        return self._revealed

    def _curtain_due(self, state: Any) -> bool:
        """A seat's secrets would show and that seat has not lifted the curtain."""
        secret = None if self.replaying else self.match.game.secret(state)
        if secret is None:
            self._revealed = None
            return False
        return secret.seat != self._revealed

    def _on_revealed(self) -> None:
        secret = self.match.game.secret(self.match.state)
        self._revealed = secret.seat if secret is not None else None
        self.refresh()

    # --- computer seats ----------------------------------------------------------------------
    def stop_computer(self) -> None:
        """Forget a running search, a move waiting for its moment or a hint (Close, New Game, undo)."""
        self._ticket = next(_TICKETS)
        self._search_at = None
        self.thinking.hide()
        self._drop_hint()

    def _play_computer(self) -> None:
        """Start a computer seat's decision when the position asks one; drop one that is stale."""
        match = self.match
        if self._search_at is not None and self._search_at != match.steps:
            self.stop_computer()
        if self._search_at is not None or match.is_over or self.replaying or not computer_seats(match.setup):
            return
        players = match.setup.players
        seats = [s for s in actor_players(match.actor) if players[s].computer is not None]
        if seats:
            seat = seats[0]
            self._ticket = next(_TICKETS)
            self._search_at = match.steps
            self._started = time.monotonic()
            name = players[seat].name
            who = name if "computer" in name.lower() else f"{name} (computer)"
            self.thinking.setText(f"{who} is thinking…")
            self.thinking.show()
            QThreadPool.globalInstance().start(_Search(self._ticket, match, seat, players[seat].computer, _relay()))
        elif computer_throws(match):
            self._ticket = next(_TICKETS)
            self._search_at = match.steps
            self._started = time.monotonic()
            self._land(self._ticket, None)

    def _on_answer(self, ticket: int, action: Any, error: str | None) -> None:
        if ticket == self._hint_ticket:
            self._show_hint(action, error)
            return
        if ticket != self._ticket:
            return  # a search the game has moved past
        if error is not None:
            self.stop_computer()
            self.show_refusal(error)
            return
        self._land(ticket, action)

    def _land(self, ticket: int, action: Any) -> None:
        """Apply the computer's move (None: the chance step of a table of computers) once the
        chosen speed's moment has passed since its decision began."""
        wait = storage.computer_delay_ms() - int((time.monotonic() - self._started) * 1000)
        if wait > 0:
            QTimer.singleShot(wait, self, lambda: self._land(ticket, action))
            return
        if ticket != self._ticket:
            return
        self._search_at = None
        self.thinking.hide()
        if action is None:
            self.play_chance()
        else:
            self.controller.apply(action)

    # --- refusals and chance --------------------------------------------------------------------
    def show_refusal(self, reason: str) -> None:
        self.refusal.show_reason(reason)

    def play_chance(self) -> bool:
        """Let the seeded chance actor move (simulated throws); a refusal shows in the banner."""
        return self.controller.play_chance()

    # --- hints ----------------------------------------------------------------------------------
    def hint_seat(self) -> int | None:
        """The human in front of the screen when they act now (None: no hint to give): the seat
        that lifted the curtain, the lone human among computers, or the one human acting."""
        match = self.match
        if match.is_over or self.page in (CURTAIN, OVER):
            return None
        players = match.setup.players
        humans = [s for s in actor_players(match.actor) if players[s].computer is None]
        viewer = self.viewer()
        if viewer is not None:
            return viewer if viewer in humans else None
        return humans[0] if len(humans) == 1 else None

    def update_hints(self) -> None:
        """Show the bar while View → Hints is on, or a replay shows a reviewed decision's advice; a
        shown hint lasts while its position does."""
        on = storage.hints_on() and not self.replaying
        advising = self.replaying and self._advice is not None and self._advice[0] == self.match.steps
        self.hint_bar.setVisible(on or advising)
        self.hint_bar.button.setVisible(not advising)
        if self._hint_at is not None and (not on or not self._hint_holds()):
            self._drop_hint()
        self.log_notes = [(step, line) for step, line in self.log_notes if step <= self.match.steps]
        seat = self.hint_seat()
        self.hint_bar.button.setEnabled(on and self._hint_ticket == 0 and seat is not None)
        self.hint_bar.say_why_not(None if seat is not None else self._no_hint_reason())

    def _no_hint_reason(self) -> str:
        """Why the Hint button is greyed, for its tooltip."""
        match = self.match
        if match.is_over:
            return "The game is over: there is nothing left to advise on"
        players = match.setup.players
        if all(p.computer is not None for p in players):
            return "The computer plays every seat: Edit \u2192 Seats\u2026 gives one back to a person"
        if self.page == CURTAIN:
            return "Lift the curtain first: a hint is for the player in front of the screen"
        if match.actor == CHANCE or not actor_players(match.actor):
            return "Nothing to decide now: the next step is a throw or a draw"
        if sum(players[s].computer is None for s in actor_players(match.actor)) > 1:
            return "Several players decide at once: a hint is for one player, behind the curtain"
        return "Nothing for you to decide now: another player is choosing"

    def _hint_holds(self) -> bool:
        """The hint's seat still acts and nothing was undone or done by it since (a rival's choice
        in the same simultaneous step leaves the advice standing)."""
        match, seat, at = self.match, self._hint_for, self._hint_at
        if at is None or match.steps < at or seat not in actor_players(match.actor):
            return False
        for step in range(at, match.steps):
            actor = match.game.actor(match.state_at(step))
            if actor == seat or action_seat(match.actions[step], -1) == seat:
                return False
        return True

    def ask_hint(self) -> None:
        seat = self.hint_seat()
        if seat is None or not storage.hints_on() or self._hint_ticket:
            return
        self._hint_ticket = next(_TICKETS)
        self._hint_at = self.match.steps
        self._hint_for = seat
        self.hint_bar.button.setEnabled(False)
        self.hint_bar.say("Thinking of a hint…")
        QThreadPool.globalInstance().start(_Search(self._hint_ticket, self.match, seat, "normal", _relay(), hint=True))

    def _drop_hint(self) -> None:
        self._hint_ticket = 0
        self._hint_at = None
        self.hint_bar.say("")
        if self._hint is not None:
            self._hint = None
            self.mark_hint(None)

    def play_hint(self) -> None:
        """Make the shown hint's move for its seat, as that player's own gesture would."""
        hint = self._hint
        if self.replaying:
            if self._advice is not None and self._advice[0] == self.match.steps:
                self.advice_tried.emit(self._advice[1].action)
        elif hint is not None and storage.hints_on() and self._hint_holds():
            self.controller.apply(hint.action)

    def show_advice(self, hint: Any, words: str) -> None:
        """A replay at a reviewed decision: the computer's move there is marked as a hint's would
        be, and `words` stand in the hint bar, until the replay moves to another step."""
        self._advice = (self.match.steps, hint)
        self.hint_bar.say(words, playable=True, trial=True)
        self.mark_hint(hint)
        self.update_hints()

    def mark_hint(self, hint: Any) -> None:
        """Show on the board where `hint` (core.ai.hints.Hint) points; None: take the mark away.
        A view whose board has places (an aim, a tray's spot, a region) overrides this."""

    def _secret_from_others(self, seat: int, action: Any) -> bool:
        """Whether another person at the table may not know `action` (the log is for everyone)."""
        match = self.match
        others = [i for i, p in enumerate(match.setup.players) if p.computer is None and i != seat]
        if not others or type(action).__name__ in SECRET_VERBS:
            return bool(others)
        try:
            return any(match.game.redact(action, i, match.state, match.state) != action for i in others)
        except Exception:  # noqa: BLE001 (a game that cannot tell: keep it secret)
            return True

    def _show_hint(self, hint: Any, error: str | None) -> None:
        self._hint_ticket = 0
        if error is not None:
            self.hint_bar.say(error.replace("choose a move", "find a hint"))
        else:
            seat = self._hint_for
            text = hint_text(self.match.game, self.match.view(seat), hint)
            self.hint_bar.say(text, playable=True)
            self._hint = hint
            self.mark_hint(hint)
            if self._secret_from_others(seat, hint.action):
                text = "a secret choice (shown to them only)"
            self.log_notes.append((self.match.steps, f"Hint for {self.match.setup.players[seat].name}: {text}"))
            self.log_noted.emit()
        self.update_hints()
