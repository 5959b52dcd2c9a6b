"""CloutPlayView: a hot-seat game of Clout Fantasy on the playing area drawn to scale.

The stack of the player who acts sits behind the pass-the-device curtain (stacks are secret).
A turn: click a chip in your stack, then aim on the area like a slingshot — press where the
chip should land and pull back; the pull's length is the throw's strength — and let go. The
chip flies in, knocked chips slide (animations can be switched off). At the table the players
instead drag the chip to where it really landed, nudge what it moved, and confirm.

Every decision the engine waits on (`state.slots`: targets, the order of pending abilities,
optional and remove-modifier abilities, movement destinations; precision; unable to play)
becomes a prompt: a question bar with buttons, the eligible chips ringed on the canvas and
clickable, chips that may move draggable. Every gesture becomes one of the engine's actions
through the controller; the view never decides a rule, and a refused action shows its reason.
"""
from __future__ import annotations

import html
import math
from typing import Any

from PySide6.QtCore import (
    QEasingCurve,
    QPointF,
    QRectF,
    Qt,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import QColor, QMouseEvent, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QGraphicsEllipseItem,
    QGraphicsLineItem,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from core.clout import game as cg
from core.clout.catalogue import ABILITIES, describe_chip
from core.clout.geometry import CHIP_RADIUS_CM
from core.errors import IllegalAction
from core.game import CHANCE
from gui.clout.canvas import CloutCanvas, to_area, to_scene
from gui.clout.chip_items import PX_PER_CM, ChipMarker
from gui.clout.over import CloutOver
from gui.clout.prompts import SECONDARY, Answer, Prompt, PromptBar
from gui.clout.scores import CloutScores, PlayerTally
from gui.controller import MatchController
from gui.kit.theme import PAGE_BG, PRIMARY_BUTTON
from gui.kit.curtain import Curtain
from gui.kit.theme import text_colour_on

PANEL_WIDTH = 320
# A pull of this many centimetres on the area is a full-strength throw.
FULL_PULL_CM = 30.0
ELIGIBLE = "#ffb300"
PICKED = "#00b0ff"
SOURCE = "#7c4dff"  # the chip whose ability asks
LIMIT = "#80deea"
NEUTRAL = "#374151"
MULTI_PICK = ("command", "trap", "attract", "repulse", "destroy", "raze")  # several chips, then confirm


class PlayCanvas(CloutCanvas):
    """The canvas with play-mode gestures: slingshot aiming, click-to-place, chips that may move.

    Only the chips in `movable_ids` can be dragged (a move, a push, nudges at the table);
    `marks` rings chips that answer the pending question. `aimed` reports a finished aim.
    """

    aimed = Signal(float, float, float)  # aim x_cm, y_cm, strength 0..1

    def __init__(self, area, parent: QWidget | None = None) -> None:
        super().__init__(area, parent)
        self.aiming = False
        self.movable_ids: frozenset[str] = frozenset()
        self._aim_from: QPointF | None = None
        self._aim_pull = 0.0
        self._mark_items: dict[str, QGraphicsEllipseItem] = {}
        self.aim_ghost = QGraphicsEllipseItem(-CHIP_RADIUS_CM * PX_PER_CM, -CHIP_RADIUS_CM * PX_PER_CM,
                                              2 * CHIP_RADIUS_CM * PX_PER_CM, 2 * CHIP_RADIUS_CM * PX_PER_CM)
        pen = QPen(QColor("#ffffff"), 2.0, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        self.aim_ghost.setPen(pen)
        self.aim_ghost.setBrush(QColor(255, 255, 255, 60))
        self.aim_ghost.setZValue(30)
        self.aim_ghost.hide()
        self.scene().addItem(self.aim_ghost)
        self.pull_line = QGraphicsLineItem()
        lp = QPen(QColor("#ff5252"), 3.0)
        lp.setCosmetic(True)
        self.pull_line.setPen(lp)
        self.pull_line.setZValue(31)
        self.pull_line.hide()
        self.scene().addItem(self.pull_line)
        self.limit_ring = QGraphicsEllipseItem()
        rp = QPen(QColor(LIMIT), 2.0, Qt.PenStyle.DashDotLine)
        rp.setCosmetic(True)
        self.limit_ring.setPen(rp)
        self.limit_ring.setBrush(QColor(128, 222, 234, 40))
        self.limit_ring.setZValue(3)
        self.limit_ring.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.limit_ring.hide()
        self.scene().addItem(self.limit_ring)
        self.animation: QVariantAnimation | None = None

    # --- marks and rings --------------------------------------------------------------------------
    def set_marks(self, marks: dict[str, str]) -> None:
        """Ring these chips in these colours (the chips that answer the question)."""
        for cid in [c for c in self._mark_items if c not in marks]:
            self.scene().removeItem(self._mark_items.pop(cid))
        r = (CHIP_RADIUS_CM + 0.9) * PX_PER_CM
        for cid, colour in marks.items():
            if cid not in self.markers:
                continue
            item = self._mark_items.get(cid)
            if item is None:
                item = QGraphicsEllipseItem(-r, -r, 2 * r, 2 * r)
                item.setZValue(12)
                item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                self.scene().addItem(item)
                self._mark_items[cid] = item
            pen = QPen(QColor(colour), 4.0)
            pen.setCosmetic(True)
            item.setPen(pen)
            item.setPos(to_scene(*self.index.centre(cid)))

    @property
    def marks(self) -> dict[str, str]:
        return {cid: item.pen().color().name() for cid, item in self._mark_items.items()}

    def set_limit(self, centre_cm: tuple[float, float] | None, radius_cm: float = 0.0) -> None:
        """The ring a moving chip's centre must stay inside (move / push value)."""
        if centre_cm is None:
            self.limit_ring.hide()
            return
        r = radius_cm * PX_PER_CM
        self.limit_ring.setRect(QRectF(-r, -r, 2 * r, 2 * r))
        self.limit_ring.setPos(to_scene(*centre_cm))
        self.limit_ring.show()

    def drag_to(self, chip_id: str, x_cm: float, y_cm: float) -> None:
        super().drag_to(chip_id, x_cm, y_cm)
        item = self._mark_items.get(chip_id)
        if item is not None:
            item.setPos(to_scene(x_cm, y_cm))

    # --- aiming -------------------------------------------------------------------------------------
    def set_aiming(self, on: bool) -> None:
        self.aiming = on
        # Aiming must not pan the view.
        self.setDragMode(QGraphicsView.DragMode.NoDrag if on else QGraphicsView.DragMode.ScrollHandDrag)
        self.viewport().setCursor(Qt.CursorShape.CrossCursor if on else Qt.CursorShape.OpenHandCursor)
        if not on:
            self._aim_from = None
            self.aim_ghost.hide()
            self.pull_line.hide()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.aiming and event.button() == Qt.MouseButton.LeftButton:
            self.setFocus()
            self._aim_from = self.mapToScene(event.position().toPoint())
            self._aim_pull = 0.0
            self.aim_ghost.setPos(self._aim_from)
            self.aim_ghost.show()
            self.pull_line.setLine(self._aim_from.x(), self._aim_from.y(), self._aim_from.x(), self._aim_from.y())
            self.pull_line.show()
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self.aiming and self._aim_from is not None:
            here = self.mapToScene(event.position().toPoint())
            self.pull_line.setLine(self._aim_from.x(), self._aim_from.y(), here.x(), here.y())
            self._aim_pull = math.hypot(here.x() - self._aim_from.x(), here.y() - self._aim_from.y()) / PX_PER_CM
            self.setToolTip(f"strength {self.strength_of(self._aim_pull):.0%}")
            event.accept()
            return
        cid = self._press_chip
        if cid is not None and cid not in self.movable_ids:
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self.aiming and self._aim_from is not None and event.button() == Qt.MouseButton.LeftButton:
            here = self.mapToScene(event.position().toPoint())
            pull = math.hypot(here.x() - self._aim_from.x(), here.y() - self._aim_from.y()) / PX_PER_CM
            x, y = to_area(self._aim_from)
            self._aim_from = None
            self.pull_line.hide()
            self.setToolTip("")
            event.accept()
            self.aimed.emit(x, y, self.strength_of(pull))
            return
        super().mouseReleaseEvent(event)

    @staticmethod
    def strength_of(pull_cm: float) -> float:
        return round(min(1.0, max(0.0, pull_cm / FULL_PULL_CM)), 3)

    # --- the throw, animated ------------------------------------------------------------------------
    def animate_throw(self, before: dict[str, tuple[float, float]], thrown: str | None,
                      origin: tuple[float, float] | None, duration_ms: int = 700) -> None:
        """Chips are already at their new spots: fly the thrown one in, slide the knocked ones."""
        if self.animation is not None:
            self.animation.stop()
        moves: dict[str, tuple[tuple[float, float], tuple[float, float]]] = {}
        for cid in self.items_by_id:
            end = self.index.centre(cid)
            start = before.get(cid)
            if cid == thrown:
                start = origin if origin is not None else end
            if start is not None and math.dist(start, end) > 1e-3:
                moves[cid] = (start, end)
        if not moves:
            return

        def step(value: float) -> None:
            for cid, (a, b) in moves.items():
                item = self.items_by_id.get(cid)
                if item is None:
                    continue
                if cid == thrown:
                    t = min(1.0, value / 0.65)
                    item.setScale(1.0 + 0.7 * math.sin(math.pi * t))
                else:
                    t = max(0.0, (value - 0.55) / 0.45)
                item.setPos(to_scene(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            if value >= 1.0:
                for cid in moves:
                    item = self.items_by_id.get(cid)
                    if item is not None:
                        item.setScale(1.0)

        anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setDuration(duration_ms)
        anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        anim.valueChanged.connect(step)
        step(0.0)
        anim.start()
        self.animation = anim


class StackList(QListWidget):
    """The acting player's stack: one row per chip, greyed with the reason when it cannot be played."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setWordWrap(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setStyleSheet("QListWidget { background: #ffffff; border: 1px solid #d1d5db; border-radius: 6px;"
                           " font-size: 12px; } QListWidget::item { padding: 3px; }"
                           " QListWidget::item:selected { background: #fde68a; color: #111827; }")

    def item_for(self, uid: str) -> QListWidgetItem | None:
        for i in range(self.count()):
            if self.item(i).data(Qt.ItemDataRole.UserRole) == uid:
                return self.item(i)
        return None

    def uids(self) -> list[str]:
        return [self.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.count())]


class CloutPlayView(QWidget):
    finished_requested = Signal()
    # The layout checks (tests/gui/layout_check.py): the controls a player must reach without
    # scrolling, by object name, and the widget that must cover half the window.
    PRIMARY_CONTROLS: tuple[str, ...] = ("primaryButton", "secondaryButton", "placeButton", "backToStart")
    BOARD = "playCanvas"
    # Tests switch this off so a throw's result is on screen at once.
    animations = True

    def __init__(self, controller: MatchController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cloutPlayView")
        self.controller = controller
        self.game: cg.CloutGame = controller.match.game
        self.cat = self.game.catalogue
        self.area = self.game.area(self.state)
        self.chosen: str | None = None  # the stack chip picked to play
        self.place_mode = False
        self.slot_first: int | None = None  # the pending decision the player chose to answer first
        self.picked: tuple[str, ...] = ()  # chips clicked for a multi-chip answer
        self.table_spots: dict[str, tuple[float, float]] = {}  # table mode: where chips really are
        self._revealed_for: int | None = None
        self._shown_positions: dict[str, tuple[float, float]] = {}
        self._shown_steps = -1
        self._scores: CloutScores | None = None

        self.board_page = self._build_board_page()
        self.final_canvas = CloutCanvas(self.area)
        self.final_canvas.setObjectName("finalCanvas")
        self.over = CloutOver(self.final_canvas)
        self.over.finished_requested.connect(self.finished_requested)
        self.stack = QStackedWidget(objectName="cloutStack")
        self.stack.addWidget(self.board_page)
        self.stack.addWidget(self.over)
        self.setStyleSheet(f"#cloutPlayView, #boardPage, #cloutOver, #sidePanel {{ background: {PAGE_BG}; }}")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.stack)
        self.curtain = Curtain(self, overlay=True)
        self.curtain.revealed.connect(self._on_revealed)
        colours = [p.colour for p in self.match.setup.players]
        for c in (self.canvas, self.final_canvas):
            c.set_players(colours, cg.increments(self.match.setup))
        controller.changed.connect(self.refresh)
        controller.refused.connect(self._on_refused)
        self.refresh()

    # --- building -------------------------------------------------------------------------------------
    def _build_board_page(self) -> QWidget:
        page = QWidget(objectName="boardPage")
        self.banner = QLabel(objectName="banner")
        self.banner.setWordWrap(True)
        self.prompt = PromptBar()
        self.prompt.answered.connect(self._on_answer)
        self.prompt.hide()
        self.canvas = PlayCanvas(self.game.area(self.state))
        self.canvas.setObjectName("playCanvas")
        self.canvas.chip_clicked.connect(self._on_chip_clicked)
        self.canvas.chip_moved.connect(self._on_chip_moved)
        self.canvas.area_clicked.connect(self._on_area_clicked)
        self.canvas.aimed.connect(self._on_aimed)
        hint = QLabel("Wheel: zoom \u00b7 drag the ground: pan \u00b7 F: fit \u00b7 hover or click a chip: its range"
                      " \u00b7 Shift+click two chips: ruler", objectName="canvasHint")
        hint.setStyleSheet("color: #6b7280; font-size: 11px;")
        hint.setWordWrap(True)
        column = QVBoxLayout()
        column.setSpacing(4)
        column.addWidget(self.canvas, 1)
        column.addWidget(hint)

        panel = QWidget(objectName="sidePanel")
        self.stack_title = QLabel(objectName="stackTitle")
        self.stack_title.setStyleSheet("font-weight: 700; font-size: 13px;")
        self.stack_title.setWordWrap(True)
        self.stack_list = StackList()
        self.stack_list.setObjectName("stackList")
        self.stack_list.setMinimumHeight(170)
        self.stack_list.itemClicked.connect(self._on_stack_clicked)
        self.chip_info = QLabel(objectName="chipInfo")
        self.chip_info.setWordWrap(True)
        self.chip_info.setStyleSheet("background: #ffffff; border: 1px solid #e5e7eb; border-radius: 6px;"
                                     " padding: 5px; font-size: 12px;")
        self.how = QLabel(objectName="howTo")
        self.how.setWordWrap(True)
        self.how.setStyleSheet("color: #1f2937; font-size: 12px;")
        self.place_button = QPushButton("Place it instead of throwing", objectName="placeButton")
        self.place_button.setCheckable(True)
        self.place_button.setStyleSheet(SECONDARY + "QPushButton:checked { background: #fde68a; }")
        self.place_button.toggled.connect(self._on_place_toggled)
        self.primary = QPushButton(objectName="primaryButton")
        self.primary.setStyleSheet(PRIMARY_BUTTON)
        self.primary.setMinimumHeight(38)
        self.primary.clicked.connect(self._on_primary)
        self.secondary = QPushButton(objectName="secondaryButton")
        self.secondary.setStyleSheet(SECONDARY)
        self.secondary.setMinimumHeight(32)
        self.secondary.clicked.connect(self._on_secondary)
        self.refusal = QLabel(objectName="refusal")
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("color: #b91c1c; font-size: 13px; font-weight: 600;")
        happened_title = QLabel("What just happened", objectName="happenedTitle")
        happened_title.setStyleSheet("font-weight: 700; font-size: 13px;")
        self.happened = QLabel(objectName="happened")
        self.happened.setWordWrap(True)
        self.happened.setTextFormat(Qt.TextFormat.RichText)
        self.happened.setStyleSheet("background: #ffffff; border: 1px solid #e5e7eb; border-radius: 6px;"
                                    " padding: 5px; font-size: 12px; color: #374151;")
        pl = QVBoxLayout(panel)
        pl.setContentsMargins(0, 0, 6, 0)
        pl.setSpacing(6)
        for w in (self.stack_title, self.stack_list, self.chip_info, self.how, self.place_button, self.primary,
                  self.secondary, self.refusal, happened_title, self.happened):
            pl.addWidget(w)
        pl.addStretch(1)
        panel.setMaximumWidth(PANEL_WIDTH - 14)
        scroll = QScrollArea(objectName="panelScroll")
        scroll.setWidget(panel)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFixedWidth(PANEL_WIDTH)
        self.scroll = scroll
        body = QHBoxLayout()
        body.setSpacing(10)
        body.addLayout(column, 1)
        body.addWidget(scroll)
        lay = QVBoxLayout(page)
        lay.setContentsMargins(10, 8, 10, 8)
        lay.setSpacing(6)
        lay.addWidget(self.banner)
        lay.addWidget(self.prompt)
        lay.addLayout(body, 1)
        return page

    # --- reading ---------------------------------------------------------------------------------------
    @property
    def match(self):
        return self.controller.match

    @property
    def state(self) -> cg.CloutState:
        return self.controller.match.state

    @property
    def page(self) -> str:
        if self.curtain.isVisible():
            return "curtain"
        return "over" if self.stack.currentWidget() is self.over else "board"

    @property
    def table_mode(self) -> bool:
        return self.match.mode == "table"

    def acting_player(self) -> int | None:
        actor = self.match.actor
        return actor if isinstance(actor, int) and not isinstance(actor, bool) else None

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
            self._render_scores()
        return self._scores

    def _render_scores(self) -> None:
        if self._scores is None:
            return
        self._scores.render(self.tallies(), self.game.scores(self.state), self.match.is_over, self.chip_name)

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

    def refresh(self) -> None:
        self.refusal.setText("")
        steps = len(self.match.actions)
        if steps != self._shown_steps:
            self.picked = ()
            self.slot_first = None if self.slot_first not in {x.id for x in self.my_slots()} else self.slot_first
            if self.state.phase != "choose":
                self.chosen = None
                self.place_mode = False
            if self.state.phase != "land":
                self.table_spots = {}
        if self.match.is_over:
            self.curtain.hide()
            self._render_over()
            self._render_scores()
            self._shown_steps = steps
            return
        self.stack.setCurrentWidget(self.board_page)
        self._render_canvas(steps)
        self._render_banner()
        self._render_panel()
        self._render_prompt()
        self._render_happened()
        self._render_scores()
        self._shown_steps = steps
        self._maybe_curtain()

    def _maybe_curtain(self) -> None:
        """Stacks are secret: whenever another player is to act, pass the device first."""
        p = self.acting_player()
        if p is None or p == self._revealed_for:
            self.curtain.hide()
            return
        s = self.state
        what = "Your turn: choose a chip from your stack." if s.phase == "choose" and p == s.turn else \
            "A decision of yours is waiting." if s.phase == "resolve" else "Your throw."
        self.curtain.show_for(self.player_name(p), self.player_colour(p), what)

    def _on_revealed(self) -> None:
        self._revealed_for = self.acting_player()
        self.refresh()

    def _render_canvas(self, steps: int) -> None:
        s = self.state
        positions = dict(self.table_spots) if self.table_mode and s.phase == "land" else None
        markers = self.markers(positions)
        if s.phase == "land" and self.table_mode and s.ctx is not None:
            uid = s.ctx.chip
            if s.on_area(uid) is None:
                x, y = self.table_spots.get(uid, self._aim_point())
                markers.append(ChipMarker.from_chip(uid, self.cat.chip(s.kind(uid)), int(uid.split(".")[0]), x, y,
                                                    "Drag me to where I really landed"))
        before = dict(self._shown_positions)
        self.canvas.set_chips(markers)
        new_positions = {m.id: (m.x_cm, m.y_cm) for m in markers}
        last = self.match.actions[-1] if self.match.actions else None
        if self.animations and steps == self._shown_steps + 1 and isinstance(last, cg.Landed) and self.isVisible():
            thrown = last.chip if not last.out else None
            origin = self.game.throw_origin(s, int(last.chip.split(".")[0]))
            self.canvas.animate_throw(before, thrown, origin)
        self._shown_positions = new_positions
        self.canvas.set_aiming(self._aiming())
        self.canvas.movable_ids = frozenset(self._movable())
        self.canvas.set_movable(bool(self.canvas.movable_ids))
        marks: dict[str, str] = {}
        slot = self.current_slot()
        limit: tuple[tuple[float, float], float] | None = None
        p = self.acting_player()
        if slot is not None:
            for o in slot.options:
                marks[o] = PICKED if o in self.picked else ELIGIBLE
            if slot.ability == "move":
                marks[slot.source] = ELIGIBLE
            elif slot.source not in marks:
                marks[slot.source] = SOURCE
            if slot.needs_point:
                mover = slot.source if slot.ability == "move" else (self.picked[0] if self.picked else None)
                if mover is not None and mover in self.canvas.markers:
                    board = self.game.board(s)
                    limit = (board.pos(mover), slot.value * board.increment(board.controller(slot.source)))
        elif s.phase == "choose" and self.chosen and p is not None:
            ways = self.game.playable(s, p).get(self.chosen, ())
            if "replace" in ways:
                board = self.game.board(s)
                for u in board.on:
                    if board.controller(u) == p and not self._legal(cg.ReplaceChip(p, self.chosen, u)):
                        marks[u] = ELIGIBLE
        elif s.phase == "land" and self.table_mode and s.ctx is not None:
            marks[s.ctx.chip] = PICKED
        self.canvas.set_marks(marks)
        self.canvas.set_limit(*limit) if limit else self.canvas.set_limit(None)

    def _aim_point(self) -> tuple[float, float]:
        ctx = self.state.ctx
        if ctx is not None and ctx.aim is not None:
            return ctx.aim[0], ctx.aim[1]
        minx, miny, maxx, maxy = self.area.bounds_cm
        return (minx + maxx) / 2, (miny + maxy) / 2

    def _aiming(self) -> bool:
        s = self.state
        if self.acting_player() is None or self.curtain.isVisible() and self._revealed_for != self.acting_player():
            return False
        if s.phase == "choose":
            ways = self.game.playable(s, s.turn).get(self.chosen or "", ())
            return "throw" in ways and not self.place_mode
        return s.phase in ("throw", "precision")

    def _movable(self) -> list[str]:
        s = self.state
        if s.phase == "land" and self.table_mode:
            return [m for m in self.canvas.markers]
        slot = self.current_slot()
        if slot is None or not slot.needs_point:
            return []
        return [slot.source] if slot.ability == "move" else list(slot.options)

    def _render_banner(self) -> None:
        s = self.state
        p = self.acting_player()
        colour = self.player_colour(p) if p is not None else (self.player_colour(s.turn) if s.phase == "land"
                                                              else NEUTRAL)
        ink = text_colour_on(colour).name()
        text = self.game.phase_text(s)
        if s.phase == "land" and self.table_mode:
            text = f"{self.chip_name(s.ctx.chip)} is in the air: show where it landed" if s.ctx else text
        elif s.phase == "resolve" and p is not None:
            turn = self.player_name(s.turn)
            text = (f"{turn}'s chip is resolving: {self.player_name(p)} decides" if p != s.turn
                    else f"{turn}'s chip is resolving: your decision")
        self.banner.setText(f"Turn {s.turn_no} \u00b7 {text}")
        self.banner.setStyleSheet(f"background: {colour}; color: {ink}; font-size: 16px; font-weight: 800;"
                                  " border-radius: 8px; padding: 7px 12px;")

    def _render_panel(self) -> None:
        s = self.state
        p = self.acting_player()
        for w in (self.place_button, self.primary, self.secondary, self.chip_info):
            w.hide()
        self.how.setText("")
        viewer = s.turn if p is None else p
        hidden = self.curtain.isVisible() or self._revealed_for != viewer
        self.stack_title.setVisible(not hidden)
        self.stack_list.setVisible(not hidden)
        self.stack_title.setText(f"{self.player_name(viewer)}'s stack ({len(s.stacks[viewer])} chips left, "
                                 f"{len(s.discards[viewer])} discarded)")
        self._fill_stack(viewer, hidden)
        if s.phase == "choose" and p is not None:
            self._render_choose(p)
        elif s.phase in ("throw", "precision") and s.ctx is not None:
            name = self.chip_name(s.ctx.chip)
            self.how.setText(f"Throw {name}: press on the area where it should land and pull back \u2014 the "
                             f"longer the pull, the harder the throw (a full pull is {FULL_PULL_CM:g} cm) \u2014 "
                             "then let go.")
        elif s.phase == "land":
            if self.table_mode:
                self.how.setText("At the table: drag the thrown chip (ringed blue) to where it really landed and "
                                 "nudge any chip it knocked, then confirm. If it ended entirely off the area, say so.")
                self._button(self.primary, "Confirm where the chips are")
                self._button(self.secondary, "It landed off the area")
            else:
                self._button(self.primary, "Let the chip land")
        elif s.phase == "resolve" and p is None:
            self.how.setText("Waiting for the other player's decision.")
        self.how.setVisible(bool(self.how.text()))

    def _button(self, button: QPushButton, text: str, enabled: bool = True) -> None:
        button.setText(text)
        button.setEnabled(enabled)
        button.show()

    def _fill_stack(self, player: int, hidden: bool) -> None:
        s = self.state
        self.stack_list.clear()
        if hidden:
            self.stack_list.setEnabled(False)
            return
        self.stack_list.setEnabled(True)
        ways = self.game.playable(s, player) if s.phase == "choose" and player == s.turn else {}
        for uid in s.stacks[player]:
            kind = s.kind(uid)
            if not kind:
                continue
            chip = self.cat.chip(kind)
            defense = "\u26a1" if chip.defense is None else f"D{chip.defense}"
            text = f"{chip.name} \u2014 {chip.type}, {chip.points} pt, R{chip.range} {defense}"
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, uid)
            item.setToolTip(describe_chip(chip))
            if s.phase == "choose" and player == s.turn and uid not in ways and ways:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
                item.setText(text + f"\n   ({self.game._why_unplayable(s, player, uid)})")
            self.stack_list.addItem(item)
            if uid == self.chosen:
                item.setSelected(True)

    def _render_choose(self, p: int) -> None:
        s = self.state
        ways = self.game.playable(s, p)
        if not ways:
            self.how.setText("None of your chips can be played now: your stack is shown to your opponent; "
                             "choose a chip to discard.")
            return
        if self.chosen is None or self.chosen not in ways:
            self.chosen = None
            first = "" if s.first_done[p] else " Your first chip must be a base."
            self.how.setText("Click a chip in your stack to play it." + first)
            return
        chip = self.cat.chip(s.kind(self.chosen))
        self.chip_info.setText(describe_chip(chip).replace("\n", "<br>"))
        self.chip_info.show()
        w = ways[self.chosen]
        if "replace" in w:
            self.how.setText(f"{chip.name} is not thrown: click one of your chips on the area (ringed) to "
                             "replace it.")
            return
        if "place" in w:
            self.place_button.show()
            self.place_button.setChecked(self.place_mode)
        if self.place_mode:
            self.how.setText(f"Click the spot on the area where {chip.name} goes.")
        else:
            self.how.setText(f"Throw {chip.name}: press on the area where it should land and pull back \u2014 "
                             f"the longer the pull, the harder the throw (a full pull is {FULL_PULL_CM:g} cm) "
                             "\u2014 then let go.")

    def _render_happened(self) -> None:
        lines = self.match.log[-4:]
        start = len(self.match.log) - len(lines) + 1
        self.happened.setText("<br>".join(f"<b>{start + i}.</b> {html.escape(line)}" for i, line in enumerate(lines))
                              or "Nothing yet.")

    # --- prompts --------------------------------------------------------------------------------------------
    def current_prompt(self) -> Prompt | None:
        s = self.state
        p = self.acting_player()
        if p is None or self._revealed_for != p:
            return None
        if s.phase == "precision" and s.ctx is not None:
            name = self.chip_name(s.ctx.chip)
            return Prompt(f"Precision: keep {name} where it landed, or throw it again?",
                          f"{s.ctx.precision_left} rethrow{'s' if s.ctx.precision_left != 1 else ''} left. To "
                          "throw again, aim on the area as before.",
                          (Answer("Keep it here", "keep", True),), (), key=("precision", len(self.match.actions)))
        if s.phase == "choose" and not self.game.playable(s, p):
            answers = tuple(Answer(f"Discard {self.chip_name(u)}", ("discard", u)) for u in s.stacks[p])
            return Prompt("You cannot play any chip: reveal your stack and discard one.", "", answers,
                          key=("discard", len(self.match.actions)))
        slot = self.current_slot()
        if slot is None:
            return None
        return self.slot_prompt(slot)

    def slot_prompt(self, slot: cg.Slot) -> Prompt:
        s = self.state
        source = self.chip_name(slot.source)
        ability = ABILITIES[slot.ability].name
        printed = None if slot.kind == "conflict" else self.cat.chip(s.kind(slot.source)).ability(slot.ability)
        removes = bool(printed and "remove" in printed.modifiers)
        answers: list[Answer] = []
        hint = ""
        name = slot.ability
        if slot.fixed:
            if slot.optional:
                answers.append(Answer(f"Use {ability}", ("use",), True))
            hint = "Affects: " + ", ".join(self.chip_name(t) for t in slot.options) + "."
        elif name == "move":
            hint = (f"Drag {source} to its new spot (within {slot.value} range increment"
                    f"{'s' if slot.value != 1 else ''}, the dashed ring).")
        elif name == "push":
            hint = ("Drag one of the ringed chips to its new spot (within "
                    f"{slot.value} range increment{'s' if slot.value != 1 else ''}).")
        elif name == "reanimate":
            hint = "First click the troop on the area to remove (ringed), then choose who comes back."
            if self.picked:
                answers += [Answer(f"Bring back {self.chip_name(d)}", ("reanimate", d), True) for d in slot.extra]
        elif slot.kind == "conflict":
            hint = "Click the ringed chip whose effect applies."
        elif name in MULTI_PICK:
            need = min(slot.count, len(slot.options))
            if name == "command":
                hint = f"Click 1 to {slot.count} of the ringed chips, then confirm."
                ok = 1 <= len(self.picked) <= slot.count
            else:
                hint = f"Click {need} of the ringed chips, then confirm."
                ok = len(self.picked) == need
            answers.append(Answer(f"Confirm ({len(self.picked)} chosen)" if ok else
                                  f"Choose {'up to ' if name == 'command' else ''}"
                                  f"{slot.count if name == 'command' else need} ({len(self.picked)} chosen)",
                                  ("confirm",) if ok else ("not-yet",), ok))
        else:
            hint = "Click one of the ringed chips."
        if slot.source in self.canvas.markers and name != "move":
            hint += f" {source} is ringed in violet."
        if removes:
            hint += f" Using {ability} removes {source} from play at the end of the turn."
        if "master" in (printed.modifiers if printed else ()):
            hint += " (A Master ability: it works only within range of a chip with Master.)"
        if slot.optional:
            answers.append(Answer(f"Don't use {ability}", ("decline",)))
        others = [x for x in self.my_slots() if x.id != slot.id]
        for o in others:
            where = ""
            if sum(1 for x in self.my_slots() if self.chip_name(x.source) == self.chip_name(o.source)) > 1:
                on = s.on_area(o.source)
                where = f" at ({on.x:.0f}, {on.y:.0f})" if on else ""
            answers.append(Answer(f"First: {self.chip_name(o.source)}{where}'s {ABILITIES[o.ability].name}",
                                  ("first", o.id), tooltip=self.game.slot_text(s, o)))
        question = self.game.slot_text(s, slot) or f"{source}: {ability}"
        if others:
            question += f"  ({len(others) + 1} decisions waiting: you choose the order)"
        return Prompt(question, hint.strip(), tuple(answers), tuple(slot.options), slot.needs_point,
                      key=(slot.id, self.picked, len(self.match.actions)))

    def _render_prompt(self) -> None:
        self.prompt.ask(self.current_prompt())

    # --- gestures -> actions ------------------------------------------------------------------------------
    def _on_stack_clicked(self, item: QListWidgetItem) -> None:
        if not (item.flags() & Qt.ItemFlag.ItemIsEnabled):
            return
        s = self.state
        if s.phase != "choose" or self.acting_player() != s.turn:
            return
        self.chosen = item.data(Qt.ItemDataRole.UserRole)
        self.place_mode = False
        self._rerender()

    def _on_place_toggled(self, on: bool) -> None:
        if self.place_mode != on:
            self.place_mode = on
            self._rerender()

    def _rerender(self) -> None:
        self._render_canvas(len(self.match.actions))
        self._render_panel()
        self._render_prompt()

    def _on_aimed(self, x: float, y: float, strength: float) -> None:
        s = self.state
        p = self.acting_player()
        if p is None:
            return
        if s.phase == "choose" and self.chosen:
            action = cg.ThrowChip(p, self.chosen, round(x, 2), round(y, 2), strength)
        elif s.phase in ("throw", "precision") and s.ctx is not None:
            action = cg.ThrowChip(p, s.ctx.chip, round(x, 2), round(y, 2), strength)
        else:
            return
        if self.controller.apply(action) and not self.table_mode and self.match.actor == CHANCE:
            self.controller.play_chance()

    def _on_area_clicked(self, x: float, y: float) -> None:
        s = self.state
        p = self.acting_player()
        if s.phase == "choose" and self.place_mode and self.chosen and p is not None:
            self.controller.apply(cg.PlaceChip(p, self.chosen, round(x, 2), round(y, 2)))

    def _on_chip_clicked(self, uid: str) -> None:
        s = self.state
        p = self.acting_player()
        if p is None or self._revealed_for != p:
            return
        if s.phase == "choose" and self.chosen:
            if "replace" in self.game.playable(s, p).get(self.chosen, ()):
                self.controller.apply(cg.ReplaceChip(p, self.chosen, uid))
            return
        slot = self.current_slot()
        if slot is None or slot.fixed or uid not in slot.options:
            if slot is not None and not slot.fixed and uid not in slot.options and uid in self.canvas.markers:
                self.refusal.setText(f"{self.chip_name(uid)} cannot be chosen for this.")
            return
        name = slot.ability
        if name in MULTI_PICK and slot.kind != "conflict":
            self.picked = tuple(x for x in self.picked if x != uid) if uid in self.picked else self.picked + (uid,)
            self._rerender()
        elif name == "reanimate" or slot.needs_point:
            self.picked = (uid,)
            self._rerender()
        else:
            self.controller.apply(cg.Choose(p, slot.id, True, (uid,)))

    def _on_chip_moved(self, uid: str, x: float, y: float) -> None:
        s = self.state
        p = self.acting_player()
        if s.phase == "land" and self.table_mode:
            self.table_spots[uid] = (round(x, 2), round(y, 2))
            self._render_canvas(len(self.match.actions))
            return
        slot = self.current_slot()
        if slot is None or not slot.needs_point or p is None:
            self._render_canvas(len(self.match.actions))
            return
        targets = () if slot.ability == "move" else (uid,)
        if not self.controller.apply(cg.Choose(p, slot.id, True, targets, round(x, 2), round(y, 2))):
            self._render_canvas(len(self.match.actions))

    def _on_answer(self, value: object) -> None:
        p = self.acting_player()
        if p is None or not isinstance(value, tuple):
            if value == "keep" and p is not None:
                self.controller.apply(cg.Keep(p))
            return
        kind = value[0]
        slot = self.current_slot()
        if kind == "discard":
            self.controller.apply(cg.DiscardChip(p, value[1]))
        elif kind == "first":
            self.slot_first = value[1]
            self.picked = ()
            self._rerender()
        elif slot is None:
            return
        elif kind == "use":
            self.controller.apply(cg.Choose(p, slot.id, True))
        elif kind == "decline":
            self.controller.apply(cg.Choose(p, slot.id, False))
        elif kind == "confirm":
            self.controller.apply(cg.Choose(p, slot.id, True, self.picked))
        elif kind == "reanimate" and self.picked:
            self.controller.apply(cg.Choose(p, slot.id, True, (self.picked[0], value[1])))
        elif kind == "not-yet":
            self.refusal.setText("Click the ringed chips on the area first.")

    def _on_primary(self) -> None:
        s = self.state
        if s.phase != "land":
            return
        if not self.table_mode:
            self.controller.play_chance()
            return
        assert s.ctx is not None
        uid = s.ctx.chip
        spots = [cg.Spot(uid, *self.table_spots.get(uid, self._aim_point()))]
        spots += [cg.Spot(c, x, y) for c, (x, y) in sorted(self.table_spots.items()) if c != uid]
        self.controller.apply(cg.Landed(uid, tuple(spots), False))

    def _on_secondary(self) -> None:
        s = self.state
        if s.phase == "land" and self.table_mode and s.ctx is not None:
            spots = tuple(cg.Spot(c, x, y) for c, (x, y) in sorted(self.table_spots.items()) if c != s.ctx.chip)
            self.controller.apply(cg.Landed(s.ctx.chip, spots, True))

    def _on_refused(self, reason: str) -> None:
        self.refusal.setText(reason)

    # --- over ------------------------------------------------------------------------------------------------
    def _render_over(self) -> None:
        result = self.match.result
        self.final_canvas.set_chips(self.markers())
        winners = result.winners if result else ()
        colour = self.player_colour(winners[0]) if len(winners) == 1 and result and not result.draw else None
        self.over.render(self.game.result_text(self.state) if result else "Game over", colour, self.tallies(),
                         self.game.scores(self.state), self.chip_name)
        self.stack.setCurrentWidget(self.over)
