"""CloutPlayView: a hot-seat game of Clout Fantasy on the playing area drawn to scale.

The stack of the player who acts sits behind the pass-the-device curtain (stacks are secret).
A turn: click a chip in your stack, then aim on the area like a slingshot — press where the
chip should touch down and pull back; the pull's length is the throw's strength (a hard throw
slides on: the shaded ellipse is where it will probably stop) — and let go. The chip flies in,
knocked chips slide, and the thrower watches it land before the curtain falls for the next
player (`hold_curtain`; View → Animations switches this off, a click skips it). At the table the
slingshot is skipped: the players click where the chip landed, drag or nudge it and what it
knocked, and confirm; a chip dropped on another or off the area turns red and asks, never moves.

Every decision the engine waits on (`state.slots`: targets, the order of pending abilities,
optional and remove-modifier abilities, movement destinations; precision; unable to play)
becomes a prompt: a question bar with buttons, the eligible chips ringed on the canvas and
clickable, chips that may move draggable. Every gesture becomes one of the engine's actions
through the controller; the view never decides a rule, and a refused action shows its reason in
the base's banner. The base (gui/kit/game_view) chooses between the curtain (the core's
`secret`: whose stack the screen would show), the board page and the game-over page.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from core.clout import game as cg
from core.clout.catalogue import describe_chip
from core.errors import IllegalAction
from core.game import Secret, lone_seat
from gui.clout import choosing, decisions, landing
from gui.clout.canvas import CloutCanvas, to_scene
from gui.clout.chip_items import RADIUS, ChipMarker
from gui.clout.over import CloutOver
from gui.clout.play_canvas import FULL_PULL_CM, SOURCE, PlayCanvas
from gui.clout.prompts import PromptBar
from gui.clout.scores import CloutScores, PlayerTally
from gui.clout.side_panel import PANEL_WIDTH, SidePanel, StackList
from gui import storage
from gui.controller import MatchController
from gui.kit.game_view import GameView
from gui.kit.hint_mark import HintSpot
from gui.kit.style import ColourLabel, set_role

__all__ = ["CloutPlayView", "FULL_PULL_CM", "PANEL_WIDTH", "PlayCanvas", "SOURCE", "StackList"]

NEUTRAL = "#374151"  # the banner's colour when no player is to act
CURTAIN_TEXT = {"choose": "Your turn: choose a chip from your stack.", "decision": "A decision of yours is waiting.",
                "land": "Your chip is in the air.", "throw": "Your throw."}


class CloutPlayView(GameView):
    # The layout checks (tests/gui/layout_check.py): the controls a player must reach without
    # scrolling, by object name, and the widget that must cover half the window.
    PRIMARY_CONTROLS: tuple[str, ...] = ("primaryButton", "secondaryButton", "placeButton", "backToStart",
                                         "playAgain", "reviewGame")
    BOARD = "playCanvas"
    PUBLIC_STATE = False  # it draws every chip from the whole state; hidden stacks follow viewer()
    KEYS: tuple[tuple[str, str], ...] = (
        ("Arrows (on the area)", "move between the chips; Enter or Space clicks the chip in the ring"),
        ("Arrows while aiming", "move the aim point 1 cm (Shift: 10 cm)"),
        ("+ / − while aiming", "throw harder or softer (5 % a press)"),
        ("Enter while aiming", "throw (a simulated throw cannot be undone)"),
        ("Arrows at the table", "nudge the held chip 1 mm (Shift: 1 cm)"),
        ("Click or any key", "skip a throw's animation"),
        ("Shift+click two chips", "lay the ruler between them"),
        ("F, 0, Home", "fit the area; Ctrl+arrows pan"),
    )

    def __init__(self, controller: MatchController, parent: QWidget | None = None) -> None:
        super().__init__(controller, "cloutPlayView", parent)
        self.game: cg.CloutGame = controller.match.game
        self.cat = self.game.catalogue
        self.area = self.game.area(self.state)
        self.chosen: str | None = None  # the stack chip picked to play
        self.place_mode = False
        self.slot_first: int | None = None  # the pending decision the player chose to answer first
        self.picked: tuple[str, ...] = ()  # chips clicked for a multi-chip answer
        self.table_spots: dict[str, tuple[float, float]] = {}  # table mode: where chips really are
        self._shown_positions: dict[str, tuple[float, float]] = {}
        self._shown_steps = -1
        self._animated_steps = len(controller.match.actions)  # throws up to here were shown (or never will be)
        self._prediction: tuple | None = None  # choosing.prediction's last answer
        self.pending_throw: tuple[float, float, float] | None = None  # a throw likely to leave, asked about
        self.doubt: str | None = None  # table entry: the dropped chip asked about (keep it or move it)
        self.kept: set[str] = set()  # table entry: chips the players chose to keep where they are
        self._scores: CloutScores | None = None

        self.board_page = self._build_board_page()
        self.final_canvas = CloutCanvas(self.area)
        self.final_canvas.setObjectName("finalCanvas")
        self.over = CloutOver(self.final_canvas)
        self.over.finished_requested.connect(self.finished_requested)
        self.over.again_requested.connect(self.again_requested)
        self.over.review_requested.connect(self.review_requested)
        colours = [p.colour for p in self.match.setup.players]
        for c in (self.canvas, self.final_canvas):
            c.set_players(colours, cg.increments(self.match.setup))
        self.add_page("board", self.board_page)
        self.add_page("over", self.over)
        self.start()

    # --- building -------------------------------------------------------------------------------------
    def _build_board_page(self) -> QWidget:
        page = QWidget(objectName="boardPage")
        self.banner = ColourLabel(objectName="banner")
        self.banner.setWordWrap(True)
        self.prompt = PromptBar()
        self.prompt.answered.connect(lambda value: decisions.on_answer(self, value))
        self.prompt.hide()
        self.canvas = PlayCanvas(self.game.area(self.state))
        self.canvas.setObjectName("playCanvas")
        self.canvas.chip_clicked.connect(lambda uid: decisions.on_chip_clicked(self, uid))
        self.canvas.chip_moved.connect(self._on_chip_moved)
        self.canvas.area_clicked.connect(lambda x, y: choosing.on_area_clicked(self, x, y))
        self.canvas.aimed.connect(lambda x, y, strength: choosing.on_aimed(self, x, y, strength))
        self.canvas.aim_changed.connect(lambda x, y, strength: choosing.on_aim_changed(self, x, y, strength))
        self.canvas.predictor = lambda x, y, strength: choosing.preview(self, x, y, strength)
        self.canvas.throw_shown.connect(self._on_throw_shown)
        hint = QLabel("Wheel: zoom \u00b7 drag the ground: pan \u00b7 F: fit \u00b7 hover or click a chip: its range"
                      " \u00b7 Shift+click two chips: ruler", objectName="canvasHint")
        set_role(hint, "caption")
        hint.setWordWrap(True)
        column = QVBoxLayout()
        column.setSpacing(4)
        column.addWidget(self.canvas, 1)
        column.addWidget(hint)

        self.panel = SidePanel()
        self.scroll = self.panel
        for name in ("stack_title", "stack_list", "chip_info", "how", "place_button", "primary", "secondary",
                     "happened"):
            setattr(self, name, getattr(self.panel, name))
        self.stack_list.itemClicked.connect(lambda item: choosing.on_stack_clicked(self, item))
        self.stack_list.itemActivated.connect(lambda item: choosing.on_stack_clicked(self, item))
        self.stack_list.refused.connect(lambda why: self.show_refusal(why))
        self.place_button.toggled.connect(lambda on: choosing.on_place_toggled(self, on))
        self.primary.clicked.connect(self._on_primary)
        self.secondary.clicked.connect(self._on_secondary)
        body = QHBoxLayout()
        body.setSpacing(10)
        body.addLayout(column, 1)
        body.addWidget(self.panel)
        lay = QVBoxLayout(page)
        lay.setContentsMargins(10, 8, 10, 8)
        lay.setSpacing(6)
        lay.addWidget(self.banner)
        lay.addWidget(self.prompt)
        lay.addLayout(body, 1)
        return page

    # --- reading ---------------------------------------------------------------------------------------
    @property
    def state(self) -> cg.CloutState:
        return self.controller.match.state

    @property
    def table_mode(self) -> bool:
        return self.match.mode == "table"

    def acting_player(self) -> int | None:
        return lone_seat(self.match.actor)

    def player_name(self, p: int) -> str:
        return self.match.setup.players[p].name

    def player_colour(self, p: int) -> str:
        return self.match.setup.players[p].colour

    def chip_name(self, uid: str) -> str:
        kind = self.state.kind(uid)
        return self.cat.chip(kind).name if kind else "a hidden chip"

    def my_slots(self) -> list[cg.Slot]:
        p = self.acting_player()
        if self.state.phase != "resolve" or p is None:
            return []
        return [s for s in self.state.slots if s.decider == p]

    def current_slot(self) -> cg.Slot | None:
        mine = self.my_slots()
        if not mine:
            return None
        return next((s for s in mine if s.id == self.slot_first), mine[0])

    def _legal(self, action: Any) -> str:
        try:
            self.game.validate(self.state, action)
        except IllegalAction as e:
            return e.reason
        return ""

    # --- scores -----------------------------------------------------------------------------------------
    def tallies(self) -> list[PlayerTally]:
        s = self.state
        scores = self.game.scores(s)
        totals = self.game.totals(s)
        out = []
        for p in range(len(s.setup.players)):
            out.append(PlayerTally(self.player_name(p), self.player_colour(p), totals[p],
                                   sum(1 for x in scores if x.player == p), len(s.stacks[p]), len(s.discards[p])))
        return out

    def scores_widget(self) -> QWidget:
        if self._scores is None:
            self._scores = CloutScores()
            self.render_scores(self.state)
        return self._scores

    def render_scores(self, state: cg.CloutState) -> None:
        if self._scores is not None:
            self._scores.render(self.tallies(), self.game.scores(state), self.match.is_over, self.chip_name)

    # --- drawing -------------------------------------------------------------------------------------------
    def markers(self, positions: dict[str, tuple[float, float]] | None = None) -> list[ChipMarker]:
        s = self.state
        board = self.game.board(s)
        out = []
        for c in s.chips:
            chip = self.cat.chip(s.kind(c.uid))
            x, y = (positions or {}).get(c.uid, (c.x, c.y))
            tip = describe_chip(chip)
            owner = board.controller(c.uid)
            if owner != int(c.uid.split(".")[0]):
                tip += f"\nControlled by {self.player_name(owner)} (Possess)"
            if board.trapped(c.uid):
                tip += "\nTrapped: no abilities, no points"
            if c.marked:
                tip += "\nLeaves play at the end of the turn (used a Remove ability)"
            out.append(ChipMarker.from_chip(c.uid, chip, owner, x, y, tip))
        return out

    def curtain_text(self, state: cg.CloutState, secret: Secret) -> str:
        return CURTAIN_TEXT.get(secret.what, "")

    def render_table(self, state: cg.CloutState) -> None:
        steps = len(self.match.actions)
        if steps != self._shown_steps:
            self.picked = ()
            self.slot_first = None if self.slot_first not in {x.id for x in self.my_slots()} else self.slot_first
            if state.phase != "choose":
                self.chosen = None
                self.place_mode = False
            if state.phase != "land":
                self.table_spots = {}
                self.doubt = None
                self.kept = set()
            self.pending_throw = None
        self.show_page("board")
        self._render_canvas(steps)
        self._render_banner()
        self._render_panel()
        self._render_prompt()
        self._shown_steps = steps

    def _render_canvas(self, steps: int) -> None:
        s = self.state
        positions = dict(self.table_spots) if self.table_mode and s.phase == "land" else None
        markers = self.markers(positions)
        if s.phase == "land" and self.table_mode and s.ctx is not None:
            markers += landing.in_air_marker(self)
        before = dict(self._shown_positions)
        self.canvas.set_chips(markers)
        new_positions = {m.id: (m.x_cm, m.y_cm) for m in markers}
        last = self._fresh_landing()
        if last is not None:
            # The thrower watches the flight, the landing and the knocks; the curtain waits (hold_curtain).
            self._animated_steps = steps
            thrown = last.chip if not last.out else None
            origin = self.game.throw_origin(s, int(last.chip.split(".")[0]))
            touch = (last.draws[0], last.draws[1]) if last.draws else None
            if not self.canvas.animate_throw(before, thrown, origin, touch=touch):
                QTimer.singleShot(0, self.release_curtain)  # nothing to watch (it went out, nothing knocked)
        self._shown_positions = new_positions
        self.canvas.set_aiming(choosing.aiming(self))
        self.canvas.movable_ids = frozenset(decisions.movable(self))
        self.canvas.set_movable(bool(self.canvas.movable_ids))
        self.canvas.held = landing.held_chip(self)
        p = self.acting_player()
        marks: dict[str, str] = {}
        limit: tuple[tuple[float, float], float] | None = None
        if self.current_slot() is not None:
            marks, limit = decisions.slot_marks(self)
        elif s.phase == "choose" and self.chosen and p is not None:
            marks = choosing.replace_marks(self, p)
        elif s.phase == "land" and self.table_mode and s.ctx is not None:
            marks = landing.table_marks(self)
        self.canvas.set_marks(marks)
        self.canvas.set_limit(*limit) if limit else self.canvas.set_limit(None)

    def _render_banner(self) -> None:
        s = self.state
        p = self.acting_player()
        colour = self.player_colour(p) if p is not None else (self.player_colour(s.turn) if s.phase == "land"
                                                              else NEUTRAL)
        text = self.game.phase_text(s)
        if s.phase == "land" and self.table_mode:
            text = f"{self.chip_name(s.ctx.chip)} is in the air: show where it landed" if s.ctx else text
        elif s.phase == "resolve" and p is not None:
            turn = self.player_name(s.turn)
            text = (f"{turn}'s chip is resolving: {self.player_name(p)} decides" if p != s.turn
                    else f"{turn}'s chip is resolving: your decision")
        self.banner.setText(f"Turn {s.turn_no} \u00b7 {text}")
        self.banner.set_colour(colour)

    def _render_panel(self) -> None:
        s = self.state
        p = self.acting_player()
        self.panel.clear_phase()
        viewer = s.turn if p is None else p
        hidden = self.viewer() != viewer
        self.stack_title.setVisible(not hidden)
        self.stack_list.setVisible(not hidden)
        self.stack_title.setText(f"{self.player_name(viewer)}'s stack ({len(s.stacks[viewer])} chips left, "
                                 f"{len(s.discards[viewer])} discarded)")
        self.panel.fill_stack(self.game, s, viewer, hidden, self.chosen)
        if self.canvas.animating and hidden:
            self.how.setText("Your throw is landing (a click skips it); then the screen passes on.")
        elif s.phase == "choose" and p is not None:
            choosing.render_choose(self, p)
        elif s.phase in ("throw", "precision") and s.ctx is not None and p is not None:
            self.how.setText(choosing.throw_hint(self.chip_name(s.ctx.chip), self.table_mode))
            if self.table_mode:
                self.panel.button(self.primary, "Show where it landed")
        elif s.phase == "land":
            landing.render_land(self)
        elif s.phase == "resolve" and p is None:
            self.how.setText("Waiting for the other player's decision.")
        self.how.setVisible(bool(self.how.text()))
        self.panel.show_happened(self.match.log)

    def _render_prompt(self) -> None:
        self.prompt.ask(decisions.current_prompt(self))

    # --- the thrower sees the throw land --------------------------------------------------------------
    def replay_jumped(self, step: int) -> None:
        """A replay's jump lands no throw: the chips stand where the step leaves them."""
        super().replay_jumped(step)
        self._animated_steps = step

    def _fresh_landing(self) -> cg.Landed | None:
        """The simulated landing just applied and not yet shown, when it will be animated."""
        steps = len(self.match.actions)
        last = self.match.actions[-1] if self.match.actions else None
        if (steps > self._animated_steps and isinstance(last, cg.Landed) and not self.table_mode
                and self._shown_steps >= 0 and self.isVisible() and storage.animations_on()):
            return last
        return None

    def hold_curtain(self, state: cg.CloutState) -> bool:
        """Keep the table up for the thrower while their throw is still flying in and knocking chips."""
        return self._fresh_landing() is not None or self.canvas.animating

    def _on_throw_shown(self) -> None:
        self.release_curtain()

    # --- gestures -> actions ------------------------------------------------------------------------------
    def _on_primary(self) -> None:
        landing.on_confirm(self)

    def _on_secondary(self) -> None:
        landing.on_off_area(self)

    def _rerender(self) -> None:
        self._render_canvas(len(self.match.actions))
        self._render_panel()
        self._render_prompt()

    def _on_chip_moved(self, uid: str, x: float, y: float) -> None:
        s = self.state
        p = self.acting_player()
        if s.phase == "land" and self.table_mode:
            landing.on_dropped(self, uid, x, y)
            return
        slot = self.current_slot()
        if slot is None or not slot.needs_point or p is None:
            self._render_canvas(len(self.match.actions))
            return
        targets = () if slot.ability == "move" else (uid,)
        if not self.controller.apply(cg.Choose(p, slot.id, True, targets, round(x, 2), round(y, 2))):
            self._render_canvas(len(self.match.actions))

    def mark_hint(self, hint: Any) -> None:
        """The hint's aim or spot, the chip it would replace or pick, and the chips it aims to reach."""
        if hint is None:
            self.canvas.show_hint(())
            return
        action, at = hint.action, {c.uid: (c.x, c.y) for c in self.state.chips}
        spots = []
        if getattr(action, "x", None) is not None and getattr(action, "y", None) is not None:
            spots.append(HintSpot(to_scene(action.x, action.y), 2 * RADIUS))
        named = (getattr(action, "target", None),) + tuple(getattr(action, "targets", ())) + tuple(hint.why.chips)
        spots += [HintSpot(to_scene(*at[uid]), 2.6 * RADIUS) for uid in dict.fromkeys(named) if uid in at]
        self.canvas.show_hint(spots)

    # --- over ------------------------------------------------------------------------------------------------
    def render_over(self, state: cg.CloutState) -> None:
        result = self.match.result
        self.final_canvas.set_chips(self.markers())
        winners = result.winners if result else ()
        colour = self.player_colour(winners[0]) if len(winners) == 1 and result and not result.draw else None
        self.over.render(self.game.result_text(self.state) if result else "Game over", colour, self.tallies(),
                         self.game.scores(self.state), self.chip_name)
