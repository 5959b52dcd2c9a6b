"""PowerSpikeView: a Power Spike battle on the measured tabletop, phase by phase.

The tabletop (gui/powerspike/tabletop.py) shows the units; the side panel shows the step at
hand: deployment, the movement card and whose go it is, the activation (move by dragging,
fire by clicking an enemy, with the exact odds before committing), the combat cards and the
loser's choice, the Orbital Artillery Strikes. Everything is redrawn from `controller.match`
on `changed`; the view keeps only UI state (the unit picked in a list, the attackers and
target being chosen). Whether anything is legal is the engine's word: live feedback comes from
`GAME.move_problems` and `GAME.validate`, and a refused action shows its reason.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from PySide6.QtCore import QEvent, QMimeData, QObject, QPoint, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QDrag,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from core.errors import IllegalAction
from core.powerspike import game as ps
from core.powerspike import narration
from core.powerspike.cards import SIDES, card_name
from gui.controller import MatchController
from gui.powerspike.cards_panel import CardPicker, PlayingCard
from gui.powerspike.combat_panel import CombatPanel
from gui.powerspike.odds_panel import OddsPanel, short
from gui.powerspike.over import PowerSpikeOver
from gui.powerspike.scores import PowerSpikeScores, SideTally
from gui.powerspike.tabletop import TabletopView, TrayMarker
from gui.kit.layouts import clear_layout
from gui.kit.theme import PAGE_BG, PRIMARY_BUTTON
from gui.kit.theme import text_colour_on
from maps.powerspike.table import load_table

PANEL_WIDTH = 372  # the side column's widest; it takes PANEL_SHARE of the view, never under PANEL_MIN
PANEL_MIN = 280
PANEL_SHARE = 0.3
MIME = "application/x-powerspike-unit"
NEUTRAL = "#1f2937"
SECONDARY = ("QPushButton { background: #ffffff; color: #1f2937; border: 1px solid #9ca3af;"
             " border-radius: 7px; padding: 5px 12px; font-size: 13px; font-weight: 600; }"
             "QPushButton:hover { background: #f3f4f6; }"
             "QPushButton:disabled { background: #eceae4; color: #9ca3af; border-color: #d6d3cc; }")
ATTACKER_MARK = "#ff8f00"
TARGET_MARK = "#d50000"
ACTIVE_MARK = "#00b0ff"


class UnitList(QListWidget):
    """Units with their status; greyed entries carry the reason in their text and tooltip.

    Items can be dragged onto the tabletop (deployment).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setDragEnabled(True)
        self.setWordWrap(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setStyleSheet("QListWidget { background: #ffffff; border: 1px solid #d1d5db; border-radius: 6px;"
                           " font-size: 12px; } QListWidget::item { padding: 3px; }"
                           " QListWidget::item:selected { background: #fde68a; color: #111827; }")

    def startDrag(self, actions) -> None:
        item = self.currentItem()
        if item is None or not (item.flags() & Qt.ItemFlag.ItemIsEnabled):
            return
        drag = QDrag(self)
        data = QMimeData()
        data.setData(MIME, item.data(Qt.ItemDataRole.UserRole).encode())
        drag.setMimeData(data)
        drag.exec(Qt.DropAction.MoveAction)

    def item_for(self, unit_id: str) -> QListWidgetItem | None:
        for i in range(self.count()):
            if self.item(i).data(Qt.ItemDataRole.UserRole) == unit_id:
                return self.item(i)
        return None


class _DropFilter(QObject):
    """Lets the tabletop's viewport take units dragged from the deployment list."""

    def __init__(self, view: PowerSpikeView) -> None:
        super().__init__(view)
        self.view = view

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
            ev: QDragEnterEvent | QDragMoveEvent = event  # type: ignore[assignment]
            if ev.mimeData().hasFormat(MIME):
                uid = bytes(ev.mimeData().data(MIME)).decode()
                x, y = self.view.table_point(ev.position().toPoint())
                self.view.preview_deploy(uid, x, y)
                ev.acceptProposedAction()
                return True
        elif kind == QEvent.Type.Drop:
            ev2: QDropEvent = event  # type: ignore[assignment]
            if ev2.mimeData().hasFormat(MIME):
                uid = bytes(ev2.mimeData().data(MIME)).decode()
                x, y = self.view.table_point(ev2.position().toPoint())
                self.view.deploy(uid, x, y)
                ev2.acceptProposedAction()
                return True
        return False


class PowerSpikeView(QWidget):
    finished_requested = Signal()
    # The layout checks (tests/gui/layout_check.py): the controls a player must reach without
    # scrolling, by object name, and the widget that must cover half the window.
    PRIMARY_CONTROLS: tuple[str, ...] = ("zoomIn", "zoomOut", "fitTable", "primaryButton", "fireButton", "endActivation",
                        "endGo", "movedButton", "holdButton", "retreatButton", "pickerRecord", "backToStart")
    BOARD = "tabletop"

    def __init__(self, controller: MatchController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("powerSpikeView")
        self.controller = controller
        self.game = controller.match.game
        setup = controller.match.setup
        self.table = load_table(setup.table)
        self.positions = ps.tracks_positions(setup)
        self.picked: str | None = None
        self.attackers: tuple[str, ...] = ()
        self.target: str | None = None
        self._declare_key: object = None
        self._scores: PowerSpikeScores | None = None

        self.board_page = self._build_board_page()
        self.final_table = TabletopView(self.table)
        self.final_table.setObjectName("finalTable")
        self.over = PowerSpikeOver(self.final_table)
        self.over.finished_requested.connect(self.finished_requested)
        self.stack = QStackedWidget(objectName="powerSpikeStack")
        self.stack.addWidget(self.board_page)
        self.stack.addWidget(self.over)
        self.setStyleSheet(f"#powerSpikeView, #boardPage, #powerSpikeOver, #sidePanel {{ background: {PAGE_BG}; }}")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.stack)
        controller.changed.connect(self.refresh)
        controller.refused.connect(self._on_refused)
        self.refresh()

    # --- building ---------------------------------------------------------------------------
    def _build_board_page(self) -> QWidget:
        page = QWidget(objectName="boardPage")
        self.banner = QLabel(objectName="banner")
        self.banner.setWordWrap(True)
        self.sub_banner = QLabel(objectName="subBanner")
        self.sub_banner.setWordWrap(True)
        self.sub_banner.setStyleSheet("color: #4b5563; font-size: 13px;")

        self.tabletop = TabletopView(self.table)
        self.tabletop.setObjectName("tabletop")
        self.tabletop.unit_clicked.connect(self._on_unit_clicked)
        self.tabletop.table_clicked.connect(self._on_table_clicked)
        self.tabletop.move_requested.connect(self._on_move_requested)
        self.tabletop.drag_moved.connect(self._on_drag_moved)
        self.tabletop.drag_ended.connect(self._on_drag_ended)
        self.tabletop.viewport().setAcceptDrops(True)
        self._drop_filter = _DropFilter(self)
        self.tabletop.viewport().installEventFilter(self._drop_filter)
        self.no_positions = QLabel(objectName="noPositions")
        self.no_positions.setWordWrap(True)
        self.no_positions.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.no_positions.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.no_positions.setStyleSheet("background: #e7e2d6; color: #4b5563; font-size: 15px;"
                                        " border-radius: 10px; padding: 30px;")
        self.no_positions.setText("The units stand on the real table only: Battlebox does not track their "
                                  "positions in this game.\n\nChoose units in the lists on the right; when a "
                                  "unit fires, tell Battlebox what the table shows (range, contact, arc, "
                                  "cover, commanders).")
        zoom_row = QHBoxLayout()
        zoom_row.setSpacing(4)
        self.zoom_in = QPushButton("Zoom +", objectName="zoomIn")
        self.zoom_out = QPushButton("Zoom \u2212", objectName="zoomOut")
        self.fit_button = QPushButton("Fit table", objectName="fitTable")
        for b in (self.zoom_in, self.zoom_out, self.fit_button):
            b.setStyleSheet(SECONDARY)
            zoom_row.addWidget(b)
        self.zoom_in.clicked.connect(lambda: self.tabletop.wheel(1))
        self.zoom_out.clicked.connect(lambda: self.tabletop.wheel(-1))
        self.fit_button.clicked.connect(self.tabletop.fit)
        hint = QLabel("Wheel: zoom \u00b7 drag: pan \u00b7 Shift+click two units: ruler")
        hint.setToolTip("Wheel: zoom (turns a unit while dragging) \u00b7 drag the table to pan \u00b7 "
                        "Shift+click two units: ruler")
        hint.setStyleSheet("color: #6b7280; font-size: 11px;")
        hint.setWordWrap(True)
        zoom_row.addWidget(hint, 1)
        column = QVBoxLayout()
        column.setSpacing(4)
        column.addLayout(zoom_row)
        column.addWidget(self.tabletop, 1)
        column.addWidget(self.no_positions, 1)
        for w in (self.zoom_in, self.zoom_out, self.fit_button, hint):
            w.setVisible(self.positions)
        self.tabletop.setVisible(self.positions)
        self.no_positions.setVisible(not self.positions)

        self.panel = self._build_panel()
        scroll = QScrollArea(objectName="panelScroll")
        scroll.setWidget(self.panel)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll = scroll
        self.side = QWidget(objectName="sideColumn")
        side = QVBoxLayout(self.side)
        side.setContentsMargins(0, 0, 0, 0)
        side.setSpacing(6)
        side.addWidget(scroll, 1)
        side.addWidget(self.action_bar)
        self._fit_side(PANEL_WIDTH)
        body = QHBoxLayout()
        body.setSpacing(10)
        body.addLayout(column, 1)
        body.addWidget(self.side)
        lay = QVBoxLayout(page)
        lay.setContentsMargins(10, 8, 10, 8)
        lay.setSpacing(5)
        lay.addWidget(self.banner)
        lay.addWidget(self.sub_banner)
        lay.addLayout(body, 1)
        return page

    def _build_panel(self) -> QWidget:
        panel = QWidget(objectName="sidePanel")
        self.card_box = QWidget(objectName="movementBox")
        cb = QHBoxLayout(self.card_box)
        cb.setContentsMargins(0, 0, 0, 0)
        self.card_slot = QHBoxLayout()
        self.card_text = QLabel(objectName="movementText")
        self.card_text.setWordWrap(True)
        self.card_text.setTextFormat(Qt.TextFormat.RichText)
        self.card_text.setStyleSheet("font-size: 13px;")
        cb.addLayout(self.card_slot)
        cb.addWidget(self.card_text, 1)
        self.list_title = QLabel(objectName="listTitle")
        self.list_title.setStyleSheet("font-weight: 700; font-size: 13px;")
        self.list_title.setWordWrap(True)
        self.unit_list = UnitList()
        self.unit_list.setObjectName("unitList")
        self.unit_list.setMinimumHeight(150)
        self.unit_list.itemClicked.connect(self._on_list_clicked)
        self.enemy_title = QLabel("Enemy units (click one to fire at it)", objectName="enemyTitle")
        self.enemy_title.setStyleSheet("font-weight: 700; font-size: 13px;")
        self.enemy_title.setWordWrap(True)
        self.enemy_list = UnitList()
        self.enemy_list.setObjectName("enemyList")
        self.enemy_list.setDragEnabled(False)
        self.enemy_list.setMinimumHeight(110)
        self.enemy_list.itemClicked.connect(self._on_enemy_list_clicked)

        self.primary = QPushButton(objectName="primaryButton")
        self.primary.setStyleSheet(PRIMARY_BUTTON)
        self.primary.setMinimumHeight(40)
        self.primary.setCursor(Qt.CursorShape.PointingHandCursor)
        self.primary.clicked.connect(self._on_primary)
        self.fire_button = QPushButton("Fire", objectName="fireButton")
        self.fire_button.setStyleSheet(PRIMARY_BUTTON.replace("#15803d", "#b91c1c").replace("#166534", "#991b1b"))
        self.fire_button.setMinimumHeight(40)
        self.fire_button.clicked.connect(self._on_fire)
        self.end_activation_button = QPushButton("End activation", objectName="endActivation")
        self.end_go_button = QPushButton("End go", objectName="endGo")
        for b in (self.end_activation_button, self.end_go_button):
            b.setStyleSheet(SECONDARY)
            b.setMinimumHeight(34)
        self.end_activation_button.clicked.connect(self._on_end_activation)
        self.moved_button = QPushButton("Moved on the table", objectName="movedButton")
        self.moved_button.setStyleSheet(SECONDARY)
        self.moved_button.setToolTip("Positions are not tracked: tell Battlebox the unit has made its move")
        self.moved_button.clicked.connect(self._on_moved)
        self.end_go_button.clicked.connect(self._on_end_go)
        # The step's buttons sit in a bar under the scrolling panel: never below the fold.
        self.action_bar = QWidget(objectName="actionBar")
        bar = QVBoxLayout(self.action_bar)
        bar.setContentsMargins(2, 0, 2, 0)
        bar.setSpacing(5)
        ends = QHBoxLayout()
        ends.setSpacing(6)
        ends.addWidget(self.end_activation_button)
        ends.addWidget(self.end_go_button)
        for b in (self.primary, self.moved_button, self.fire_button):
            bar.addWidget(b)
        bar.addLayout(ends)

        self.declare_box = QWidget(objectName="declareBox")
        dl = QVBoxLayout(self.declare_box)
        dl.setContentsMargins(0, 0, 0, 0)
        dl.setSpacing(1)
        title = QLabel("What the table shows:")
        title.setStyleSheet("font-weight: 700; font-size: 12px;")
        dl.addWidget(title)
        self.declare_checks: dict[str, QCheckBox] = {}
        self.declare_layout = dl

        self.picker = CardPicker()
        self.picker.entered.connect(self._on_cards_entered)
        self.odds = OddsPanel()
        self.combat = CombatPanel()
        self.combat.hold_requested.connect(lambda: self._on_loss("hold"))
        self.combat.retreat_requested.connect(lambda: self._on_loss("retreat"))
        # The loser's Hold / Retreat choice and the picker's Undo / Record join the action bar:
        # they are the step's buttons.
        self.action_bar.layout().insertWidget(0, self.combat.choice_box)
        self.picker_bar = QWidget(objectName="pickerBar")
        pb = QHBoxLayout(self.picker_bar)
        pb.setContentsMargins(0, 0, 0, 0)
        pb.setSpacing(6)
        pb.addWidget(self.picker.undo_button)
        pb.addWidget(self.picker.record_button, 1)
        self.action_bar.layout().insertWidget(0, self.picker_bar)
        self.refusal = QLabel(objectName="refusal")
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("color: #b91c1c; font-size: 13px; font-weight: 600;")
        self.info = QLabel(objectName="panelInfo")
        self.info.setWordWrap(True)
        self.info.setStyleSheet("color: #374151; font-size: 12px;")
        for b in (self.primary, self.fire_button, self.end_activation_button, self.end_go_button,
                  self.moved_button):
            b.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        lay = QVBoxLayout(panel)
        lay.setContentsMargins(2, 2, 8, 2)
        lay.setSpacing(7)
        for w in (self.card_box, self.info, self.refusal, self.combat, self.picker, self.list_title,
                  self.unit_list, self.enemy_title, self.enemy_list, self.declare_box, self.odds):
            lay.addWidget(w)
        lay.addStretch(1)
        return panel

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The side column takes a share of the window, so the tabletop keeps most of it."""
        super().resizeEvent(event)
        self._fit_side(round(self.width() * PANEL_SHARE))

    def _fit_side(self, width: int) -> None:
        width = max(PANEL_MIN, min(PANEL_WIDTH, width))
        if self.side.width() == width and self.side.minimumWidth() == width:
            return
        self.side.setFixedWidth(width)
        self.panel.setMaximumWidth(width - 18)
        texts = ((self.primary, self.primary.toolTip()), (self.fire_button, short(self.fire_button.toolTip())))
        for button, text in texts:
            if text:
                button.setText(button.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, width - 40))

    # --- reading the state ------------------------------------------------------------------
    @property
    def match(self):
        return self.controller.match

    @property
    def state(self):
        return self.match.state

    @property
    def page(self) -> str:
        return "over" if self.stack.currentWidget() is self.over else "board"

    def player_of(self, side: str) -> int:
        return SIDES.index(side)

    def side_of(self, player: int) -> str:
        return SIDES[player]

    def units(self, state: Any = None) -> list[ps.UnitState]:
        """The living units (aboard an ornithopter included)."""
        state = state if state is not None else self.state
        return [u for u in state.units if u.figures]

    def unit(self, uid: str) -> ps.UnitState:
        return self.state.unit(uid)

    def deployed(self, u: ps.UnitState) -> bool:
        return u.placed

    def unit_name(self, uid: str) -> str:
        return self.unit(uid).name or uid

    def profile(self, u: ps.UnitState):
        return ps.profile(u)

    def names(self, ids: Iterable[str]) -> str:
        names = [self.unit_name(i) for i in ids]
        if len(names) <= 1:
            return "".join(names)
        return ", ".join(names[:-1]) + " and " + names[-1]

    def player_name(self, p: int) -> str:
        return self.match.setup.players[p].name

    def player_colour(self, p: int) -> str:
        return self.match.setup.players[p].colour

    def acting_player(self) -> int | None:
        actor = self.match.actor
        return actor if isinstance(actor, int) and not isinstance(actor, bool) else None

    def _activation(self) -> ps.Activation | None:
        return self.state.activation

    def active_unit(self) -> str | None:
        act = self.state.activation
        return act.unit if act is not None and self.state.phase == "act" else None

    def _legal(self, action: Any) -> str:
        """The engine's reason against an action, or '' when it is legal now."""
        try:
            self.game.validate(self.state, action)
        except IllegalAction as e:
            return e.reason
        return ""

    # --- scores ------------------------------------------------------------------------------
    def tallies(self) -> list[SideTally]:
        out = []
        state = self.state
        points = self.game.points(state)
        for p, side in enumerate(SIDES):
            mine = [u for u in state.units if u.side == side]
            left = [u for u in mine if u.figures]
            out.append(SideTally(self.player_name(p), side, self.player_colour(p), len(left), len(mine),
                                 sum(len(u.figures) for u in left), sum(u.start_figures for u in mine),
                                 points[p]))
        return out

    def scores_widget(self) -> QWidget:
        if self._scores is None:
            self._scores = PowerSpikeScores()
            self._render_scores()
        return self._scores

    def _render_scores(self) -> None:
        if self._scores is None:
            return
        s = self.state
        self._scores.render(self.tallies(), s.passes, s.setup.passes_limit,
                            len(s.movement_deck.pile), len(s.combat_deck.pile))

    # --- drawing -----------------------------------------------------------------------------
    def refresh(self) -> None:
        self.refusal.setText("")
        if self.match.is_over:
            self._render_over()
            self._render_scores()
            return
        self.stack.setCurrentWidget(self.board_page)
        active = self.active_unit()
        if active is None:
            self.attackers, self.target = (), None
        elif not self.attackers or self.attackers[0] != active:
            self.attackers, self.target = (active,), None
        living = {u.id for u in self.units()}
        self.attackers = tuple(a for a in self.attackers if a in living)
        if self.target is not None and self.target not in living:
            self.target = None
        self._render_table()
        self._render_banner()
        self._render_panel()
        self._render_scores()

    def markers(self, state: Any = None) -> list[TrayMarker]:
        """Trays on the table; a unit aboard an ornithopter shows only while it is activated
        (at its carrier's place), so it can be dragged off."""
        state = state if state is not None else self.state
        active = self.active_unit() if state is self.state else None
        out = []
        for u in self.units(state):
            if not (u.placed and u.carried_by is None) and not (u.id == active and u.carried_by):
                continue
            prof = self.profile(u)
            tray = self.game.unit_tray(state, u.id)
            out.append(TrayMarker(u.id, u.side, u.name or u.id, tray.centre, tray.facing_deg,
                                  tray.width_in, tray.depth_in, len(u.figures), u.start_figures, prof.move,
                                  prof.range, prof.commander))
        return out

    def _render_table(self) -> None:
        if not self.positions:
            return
        state = self.state
        self.tabletop.set_units(self.markers())
        phase = state.phase
        active = self.active_unit()
        act = state.activation
        movable = [active] if phase == "act" and active and act is not None and not act.moved else []
        self.tabletop.set_movable(movable)
        self.tabletop.set_move_checker(self._move_checker if movable else None)
        marks: dict[str, str] = {}
        ruler: tuple[str, str] | None = None
        if phase == "act":
            for a in self.attackers:
                marks[a] = ATTACKER_MARK
            if active:
                marks[active] = ACTIVE_MARK
            if self.target and self.attackers:
                marks[self.target] = TARGET_MARK
                ruler = (self.attackers[0], self.target)
        c = state.combat
        if phase in ("combat", "loss") and c is not None:
            for a in c.attackers:
                marks[a] = ATTACKER_MARK
            marks[c.target] = TARGET_MARK
            if c.attackers and c.attackers[0] in self.tabletop.markers and c.target in self.tabletop.markers:
                ruler = (c.attackers[0], c.target)
        marks = {k: v for k, v in marks.items() if k in self.tabletop.markers}
        self.tabletop.set_marked(marks)
        if ruler and all(r in self.tabletop.markers for r in ruler):
            self.tabletop.set_ruler(*ruler)
        else:
            self.tabletop.clear_ruler()
        if phase == "act" and active in self.tabletop.markers and self.tabletop.selected != active:
            self.tabletop.select(active)
        elif phase in ("deploy", "draw") and self.tabletop.selected is not None:
            self.tabletop.select(None)

    def _move_checker(self, uid: str, x: float, y: float, facing: float) -> str:
        return "; ".join(self.game.move_problems(self.state, uid, x, y, facing))

    def _render_banner(self) -> None:
        state = self.state
        p = self.acting_player()
        colour = self.player_colour(p) if p is not None else NEUTRAL
        ink = text_colour_on(colour).name()
        phase = state.phase
        text = self.game.phase_text(state)
        if p is not None:
            who = f"{self.player_name(p)} ({self.side_of(p)})"
            active = self.active_unit()
            text = {
                "deploy": f"{who}: deploy a unit in your zone",
                "activate": f"{who}: choose a unit to activate",
                "act": f"{who}: {self.unit_name(active) if active else 'your unit'} is activated \u2014 move and fire",
                "loss": f"{who}: your unit lost \u2014 hold or retreat?",
                "oas": f"{who}: aim an Orbital Artillery Strike",
            }.get(phase, text)
        elif phase == "draw":
            text = f"{self.player_name(state.drawer)} draws a movement card"
        elif phase == "combat":
            text = "Combat: draw the cards"
        self.banner.setText(text)
        self.banner.setStyleSheet(f"background: {colour}; color: {ink}; font-size: 17px; font-weight: 800;"
                                  " border-radius: 8px; padding: 7px 12px;")
        self.sub_banner.setText(self.game.phase_text(state))

    def _render_panel(self) -> None:
        state = self.state
        phase = state.phase
        table_mode = self.match.mode == "table"
        for w in (self.picker, self.primary, self.list_title, self.unit_list, self.enemy_title, self.enemy_list,
                  self.declare_box, self.odds, self.fire_button, self.combat, self.end_activation_button,
                  self.end_go_button, self.info, self.moved_button, self.combat.choice_box,
                  self.picker_bar):
            w.hide()
        self.enemy_title.setText("Enemy units (click one to fire at it)")
        self._render_card_box()
        if phase == "deploy":
            self._render_deploy()
        elif phase == "draw":
            if table_mode:
                deck = state.movement_deck
                self.picker.start(("move", len(self.match.actions)), [("Movement card", 1)], deck.pile,
                                  deck.discards)
                self.picker.show()
                self.picker_bar.show()
            else:
                self._primary("Draw a movement card")
            self.info.setText(f"{self.player_name(state.drawer)} draws (players take turns). The card's colour "
                              "says whose go it is: red for the CDC, black for the SCS. A joker reshuffles the "
                              "deck and the same player draws again.")
            self.info.show()
        elif phase == "activate":
            self._render_activate()
        elif phase == "act":
            self._render_act()
        elif phase in ("combat", "loss", "oas"):
            self._render_combat(phase, table_mode)

    def _primary(self, text: str, enabled: bool = True) -> None:
        self.primary.setText(self._elide(self.primary, text))
        self.primary.setToolTip(text)
        self.primary.setEnabled(enabled)
        self.primary.show()

    def _elide(self, button: QPushButton, text: str) -> str:
        width = self.side.minimumWidth() - 40
        return button.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, width)

    def _render_card_box(self) -> None:
        state = self.state
        clear_layout(self.card_slot)
        go = state.go
        if go is None:
            self.card_slot.addWidget(PlayingCard(state.card, "medium") if state.card is not None
                                     else PlayingCard(None, "medium"))
            last = f"Last card: {card_name(state.card)}. " if state.card is not None else ""
            self.card_text.setText(f"{last}No go in progress.<br><span style='color:#6b7280'>"
                                   f"{len(state.movement_deck.pile)} cards left in the movement deck; "
                                   f"{state.passes} pass{'es' if state.passes != 1 else ''} completed.</span>")
            return
        self.card_slot.addWidget(PlayingCard(go.card, "medium"))
        colour = self.player_colour(go.seat)
        lines = [(f"<b>{card_name(go.card)}</b>: <b style='color:{colour}'>{self.player_name(go.seat)} "
                  f"({self.side_of(go.seat)})</b> \u2014 a go of {go.activations} "
                  f"activation{'s' if go.activations != 1 else ''}."),
                 f"Activations left: <b>{go.left}</b>"]
        if go.activated:
            lines.append("Activated this go: " + self.names(go.activated))
        self.card_text.setText("<br>".join(lines))

    def _unit_line(self, u: ps.UnitState) -> str:
        prof = self.profile(u)
        aboard = f", aboard {self.unit_name(u.carried_by)}" if u.carried_by else ""
        return (f"{u.name or u.id} \u2014 {len(u.figures)}/{u.start_figures} figures, "
                f"move {prof.move:g}\", range {prof.range:g}\"{aboard}")

    def _fill_list(self, widget: UnitList, rows: Sequence[tuple[str, str, str]], current: str | None) -> None:
        """rows: (unit id, text, reason it cannot be chosen or '')."""
        widget.clear()
        for uid, text, reason in rows:
            item = QListWidgetItem(text + (f"\n   \u2715 {reason}" if reason else ""))
            item.setData(Qt.ItemDataRole.UserRole, uid)
            item.setToolTip(reason or text)
            if reason:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
                item.setForeground(QBrush(QColor("#9ca3af")))
            widget.addItem(item)
            if uid == current and not reason:
                widget.setCurrentItem(item)

    def _render_deploy(self) -> None:
        p = self.acting_player()
        side = self.side_of(p)
        waiting = self.game.to_deploy(self.state, p)
        if self.picked not in waiting:
            self.picked = waiting[0] if waiting else None
        self.list_title.setText(f"{side} units to deploy ({len(waiting)} left): drag one into the "
                                f"{self.table.zone(side).label}, or pick it and click the table")
        self._fill_list(self.unit_list, [(uid, self._unit_line(self.unit(uid)), "") for uid in waiting],
                        self.picked)
        self.list_title.show()
        self.unit_list.show()
        self.info.setText("The sides take turns to place one unit each, the CDC first. Trays are placed "
                          "facing the enemy's side of the table.")
        self.info.show()

    def _render_activate(self) -> None:
        p = self.acting_player()
        side = self.side_of(p)
        reasons = {u.id: self._legal(ps.Activate(p, u.id)) for u in self.units() if u.side == side}
        ok = [uid for uid, r in reasons.items() if not r]
        if self.picked not in ok:
            self.picked = ok[0] if ok else None
        self.list_title.setText(f"{side} units: pick one to activate (greyed: why not)")
        self._fill_list(self.unit_list, [(u.id, self._unit_line(u), reasons[u.id])
                                         for u in self.units() if u.side == side], self.picked)
        self.list_title.show()
        self.unit_list.show()
        name = self.unit_name(self.picked) if self.picked else "a unit"
        self._primary(f"Activate {name}", bool(self.picked))
        self.end_go_button.show()
        self.end_go_button.setEnabled(True)

    def _render_act(self) -> None:
        state = self.state
        p = self.acting_player()
        side = self.side_of(p)
        active = self.active_unit()
        act = state.activation
        me = self.unit(active)
        may_fire = not act.fired and me.carried_by is None
        may_move = not act.moved
        info = []
        if may_move and self.positions:
            info.append(f"Drag {me.name} to move it (the wheel or Q/E turns it; a green ghost is a legal end).")
        elif may_move:
            info.append(f"Move {me.name} on the real table, then click Moved.")
        if may_fire:
            pool = self._poolable()
            info.append("Click an enemy unit to fire at it" + (
                "; click your other units activated this go to pool their cards." if pool else "."))
        if act.moved and act.fired:
            info.append("It has moved and fired.")
        self.info.setText(" ".join(info))
        self.info.show()
        if may_move and not self.positions:
            self.moved_button.show()
        if may_fire:
            enemies = [u for u in self.units() if u.side != side and u.on_table]
            targets = set(self.game.fire_targets(state, self.attackers))
            rows = [(u.id, self._unit_line(u), "" if u.id in targets else
                     f"out of range of {self.names(self.attackers)}") for u in enemies]
            self._fill_list(self.enemy_list, rows, self.target)
            self.enemy_title.show()
            self.enemy_list.show()
            pool = self._poolable()
            if pool:
                self.list_title.setText("Your units that may join the attack (click to add or remove):")
                self._fill_list(self.unit_list, [(uid, ("\u2714 " if uid in self.attackers else "") +
                                                  self._unit_line(self.unit(uid)), "") for uid in pool], None)
                self.list_title.show()
                self.unit_list.show()
            if not self.positions:
                self._render_declare()
            self._render_odds()
            text = f"Fire at {self.unit_name(self.target)}" if self.target else "Fire (choose a target first)"
            self.fire_button.setText(self._elide(self.fire_button, short(text)))
            self.fire_button.setToolTip(text)
            self.fire_button.setEnabled(self.target is not None)
            self.fire_button.show()
        self.end_activation_button.show()
        self.end_go_button.show()

    def _poolable(self) -> list[str]:
        """Units of this go that have not fired: the engine's pooling rule, read from the state."""
        go = self.state.go
        active = self.active_unit()
        if go is None:
            return []
        return [u for u in go.activated if u != active and u not in go.fired and self.unit(u).on_table]

    def _render_declare(self) -> None:
        """Without tracked positions, the players say what the table shows."""
        ids = (*self.attackers, *((self.target,) if self.target else ()))
        key = ids
        if self._declare_key != key:
            self._declare_key = key
            kept = self.declared_flags()
            while self.declare_layout.count() > 1:
                item = self.declare_layout.takeAt(1)
                if item.widget() is not None:
                    item.widget().hide()
                    item.widget().deleteLater()
            self.declare_checks = {}
            t = self.unit_name(self.target) if self.target else "the target"
            for name, label in (("in_range", f"The attackers are within {t}'s range (it fires back)"),
                                ("in_contact", "In base contact (close assault)"),
                                ("target_in_cover", f"{t} is in cover")):
                self._declare_check(name, label, kept.get(name, name == "in_range"))
            for arc in ("flank", "rear"):
                self._declare_check(f"arc:{arc}", f"The attackers stand in {t}'s {arc}", kept.get(f"arc:{arc}", False))
            for uid in ids:
                self._declare_check(f"near:{uid}", f"{self.unit_name(uid)} is within 12\" of its Commander",
                                    kept.get(f"near:{uid}", False))
        self.declare_box.show()

    def _declare_check(self, key: str, label: str, on: bool) -> None:
        box = QCheckBox(label, objectName=f"declare:{key}")
        box.setStyleSheet("font-size: 12px;")
        box.setChecked(on)
        box.toggled.connect(lambda checked, k=key: self._on_declare_toggled(k, checked))
        self.declare_layout.addWidget(box)
        self.declare_checks[key] = box

    def _on_declare_toggled(self, key: str, checked: bool) -> None:
        other = {"arc:flank": "arc:rear", "arc:rear": "arc:flank"}.get(key)
        if checked and other and self.declare_checks.get(other) is not None:
            self.declare_checks[other].setChecked(False)
        self._render_odds()

    def declared_flags(self) -> dict[str, bool]:
        return {k: b.isChecked() for k, b in self.declare_checks.items()}

    def declaration(self) -> ps.Declared | None:
        if self.positions:
            return None
        f = self.declared_flags()
        arc = "flank" if f.get("arc:flank") else "rear" if f.get("arc:rear") else "front"
        near = tuple(k.removeprefix("near:") for k, on in f.items() if k.startswith("near:") and on)
        return ps.Declared(in_range=f.get("in_range", True), in_contact=f.get("in_contact", False), arc=arc,
                           target_in_cover=f.get("target_in_cover", False), near_commander=near)

    def _exchange(self, state: Any = None) -> bool:
        """Does the target reach back (an outscored attack is answered, a tie costs both)?"""
        d = self.declaration()
        if d is not None:
            return d.in_range or d.in_contact
        from core.powerspike import geometry as geo

        state = state if state is not None else self.state
        t = self.game.unit_tray(state, self.target)
        reach = self.profile(self.unit(self.target)).range
        return any(geo.in_range(self.game.unit_tray(state, a), t, reach) for a in self.attackers)

    def _render_odds(self, ghost: tuple[str, float, float, float] | None = None) -> None:
        """The odds of the attack being prepared; with `ghost` (unit, x, y, facing), as if that
        unit stood where it is being dragged (the engine's hypothetical table)."""
        if self.target is None or not self.attackers or self.state.phase != "act":
            self.odds.hide()
            return
        state = self.state
        d = self.declaration()
        note = ""
        try:
            if ghost is not None:
                state = self.game.as_if_moved(state, *ghost)
                note = "as if moved to the ghost"
                if self.target not in self.game.fire_targets(state, self.attackers):
                    note += " (from there the target is out of range)"
            odds = self.game.odds(state, self.attackers, self.target, d)
            ea, et = self.game.entitlements(state, self.attackers, self.target, d)
        except (IllegalAction, ValueError, KeyError) as e:
            self.odds.hide()
            self.refusal.setText(getattr(e, "reason", str(e)))
            return
        exchange = self._exchange(state)
        self.odds.render(odds, self.names(self.attackers), self.unit_name(self.target), ea, et,
                         exchange=exchange, mutual=exchange,
                         attacker_colour=self.player_colour(self.player_of(self.unit(self.attackers[0]).side)),
                         target_colour=self.player_colour(self.player_of(self.unit(self.target).side)),
                         hypothetical=note)
        self.odds.show()

    def _render_combat(self, phase: str, table_mode: bool) -> None:
        state = self.state
        c = state.combat
        if c is None:
            return
        strike = c.strike is not None
        t = state.unit(c.target)
        t_name = t.name
        t_col = self.player_colour(self.player_of(t.side))
        if strike:
            a_name = "Orbital Artillery Strike"
            a_col = self.player_colour(c.strike)
        else:
            a_name = self.names(c.attackers)
            a_col = self.player_colour(self.player_of(state.unit(c.attackers[0]).side))
        n_a, n_t = c.attacker_entitlement.total, c.target_entitlement.total
        title = (f"Orbital Artillery Strike on {t_name}" if strike else f"Combat: {a_name} against {t_name}")
        notes = "\n".join(narration.combat_notes(state, c))
        if phase == "combat":
            self.combat.render(title, a_name, a_col, [None] * n_a, t_name, t_col, [None] * n_t, None,
                               note=notes)
            self.combat.show()
            if table_mode:
                deck = state.combat_deck
                self.picker.start(("combat", len(self.match.actions)), [(a_name, n_a), (t_name, n_t)],
                                  deck.pile, deck.discards)
                self.picker.show()
                self.picker_bar.show()
            else:
                self._primary("Draw the combat cards")
            return
        self.combat.render(title, a_name, a_col, c.attacker_cards, t_name, t_col, c.target_cards, c.result)
        self.combat.show()
        if phase == "loss":
            pl = state.losses[0]
            opts = {o.kind: o.losses for o in pl.options}
            self.combat.offer_choice(self.unit_name(pl.unit), opts.get("hold", 0), opts.get("retreat"),
                                     narration.hold_reason_text(state, pl)
                                     or ("" if "retreat" in opts else "the loser must hold"))
        elif phase == "oas":
            p = self.acting_player()
            n = sum(1 for s in state.oas_strikes if s == p)
            self.info.setText(f"{self.player_name(p)} earned {n} Orbital Artillery Strike{'s' if n != 1 else ''}: "
                              "click any enemy unit on the table (or in the list) to strike it with 4 cards.")
            self.info.show()
            enemies = [u for u in self.units() if u.side != self.side_of(p) and u.on_table]
            self._fill_list(self.enemy_list, [(u.id, self._unit_line(u), "") for u in enemies], None)
            self.enemy_title.setText("Enemy units (click one to strike it)")
            self.enemy_title.show()
            self.enemy_list.show()

    def _render_over(self) -> None:
        state = self.state
        result = self.match.result
        self.final_table.set_units(self.markers() if self.positions else [])
        winners = result.winners if result else ()
        colour = self.player_colour(winners[0]) if len(winners) == 1 and not result.draw else None
        combats = sum(1 for a in self.match.actions if isinstance(a, ps.CombatDraw))
        self.over.render(self.game.result_text(state) or "Game over", colour,
                         f"{state.passes} pass{'es' if state.passes != 1 else ''} of the movement deck, "
                         f"{state.draws} movement cards, {combats} combats.", self.tallies())
        self.stack.setCurrentWidget(self.over)

    # --- gestures -> actions ------------------------------------------------------------------
    def table_point(self, view_pos: QPoint) -> tuple[float, float]:
        pt = self.tabletop.mapToScene(view_pos)
        from gui.powerspike.tabletop import to_table
        return to_table(pt)

    def default_facing(self, side: str) -> float:
        """Facing the middle of the table from the side's zone."""
        c = self.table.zone(side).polygon.centroid
        dx, dy = self.table.width_in / 2 - c.x, self.table.depth_in / 2 - c.y
        if abs(dy) >= abs(dx):
            return 90.0 if dy > 0 else 270.0
        return 0.0 if dx > 0 else 180.0

    def deploy_action(self, uid: str, x: float, y: float) -> Any:
        p = self.acting_player()
        return ps.Deploy(p, uid, round(x, 2), round(y, 2), self.default_facing(self.side_of(p)))

    def preview_deploy(self, uid: str, x: float, y: float) -> None:
        if self.state.phase != "deploy" or self.acting_player() is None:
            return
        why = self._legal(self.deploy_action(uid, x, y))
        self.refusal.setStyleSheet("color: %s; font-size: 13px; font-weight: 600;" % ("#b91c1c" if why else "#15803d"))
        self.refusal.setText(f"Cannot deploy here: {why}" if why else f"{self.unit_name(uid)} may deploy here.")

    def deploy(self, uid: str, x: float, y: float) -> bool:
        if self.state.phase != "deploy" or self.acting_player() is None:
            return False
        self.picked = uid
        return self.controller.apply(self.deploy_action(uid, x, y))

    def _on_table_clicked(self, x: float, y: float) -> None:
        if self.state.phase == "deploy" and self.picked:
            self.deploy(self.picked, x, y)

    def _on_list_clicked(self, item: QListWidgetItem) -> None:
        uid = item.data(Qt.ItemDataRole.UserRole)
        phase = self.state.phase
        if not (item.flags() & Qt.ItemFlag.ItemIsEnabled):
            return
        if phase == "act":
            self._toggle_attacker(uid)
            return
        self.picked = uid
        if self.positions and uid in self.tabletop.markers:
            self.tabletop.select(uid)
        self.refresh()

    def _on_enemy_list_clicked(self, item: QListWidgetItem) -> None:
        uid = item.data(Qt.ItemDataRole.UserRole)
        if item.flags() & Qt.ItemFlag.ItemIsEnabled:
            self._choose_enemy(uid)
        else:
            self.refusal.setText(f"Cannot fire at {self.unit_name(uid)}: {item.toolTip()}")

    def _on_unit_clicked(self, uid: str) -> None:
        state = self.state
        phase = state.phase
        p = self.acting_player()
        if p is None:
            return
        u = self.unit(uid)
        mine = u.side == self.side_of(p)
        if phase == "activate" and mine:
            self.picked = uid
            why = self._legal(ps.Activate(p, uid))
            self.refresh()
            if why:
                self.refusal.setText(f"{self.unit_name(uid)} cannot be activated: {why}")
        elif phase == "act":
            if mine:
                self._toggle_attacker(uid)
            else:
                self._choose_enemy(uid)
        elif phase == "oas" and not mine:
            self.controller.apply(ps.OrbitalStrike(p, uid))

    def _toggle_attacker(self, uid: str) -> None:
        active = self.active_unit()
        if uid == active:
            return
        if uid not in self._poolable():
            self.refusal.setText(f"{self.unit_name(uid)} cannot join this attack: only units activated in "
                                 "this go that have not fired may pool their fire.")
            return
        if uid in self.attackers:
            self.attackers = tuple(a for a in self.attackers if a != uid)
        else:
            self.attackers = self.attackers + (uid,)
        self._rerender_act()

    def _choose_enemy(self, uid: str) -> None:
        if self.state.phase == "oas":
            p = self.acting_player()
            self.controller.apply(ps.OrbitalStrike(p, uid))
            return
        act = self.state.activation
        if self.state.phase != "act" or act is None or act.fired:
            return
        if self.positions and uid not in self.game.fire_targets(self.state, self.attackers):
            self.refusal.setText(f"{self.unit_name(uid)} is out of range of {self.names(self.attackers)}.")
            return
        self.target = uid
        self._rerender_act()

    def _rerender_act(self) -> None:
        self._render_table()
        self._render_panel()

    def _on_primary(self) -> None:
        phase = self.state.phase
        if phase in ("draw", "combat"):
            self.controller.play_chance()
        elif phase == "activate" and self.picked:
            self.controller.apply(ps.Activate(self.acting_player(), self.picked))

    def _on_fire(self) -> None:
        if self.target is None:
            return
        self.controller.apply(ps.Fire(self.acting_player(), self.attackers, self.target, self.declaration()))

    def _on_end_activation(self) -> None:
        self.controller.apply(ps.EndActivation(self.acting_player()))

    def _on_end_go(self) -> None:
        self.controller.apply(ps.EndGo(self.acting_player()))

    def _on_loss(self, choice: str) -> None:
        if self.state.phase == "loss":
            self.controller.apply(ps.TakeLosses(self.acting_player(), self.state.losses[0].unit, choice))

    def _on_moved(self) -> None:
        uid = self.active_unit()
        if uid is not None:
            self.controller.apply(ps.Move(self.acting_player(), uid, 0.0, 0.0, 0.0))

    def _on_drag_moved(self, uid: str, x: float, y: float, facing: float) -> None:
        if self.target is not None and self.state.phase == "act":
            self._render_odds((uid, x, y, facing))

    def _on_drag_ended(self, uid: str) -> None:
        if self.state.phase == "act":
            self._render_odds()

    def _on_move_requested(self, uid: str, x: float, y: float, facing: float) -> None:
        self.controller.apply(ps.Move(self.acting_player(), uid, round(x, 3), round(y, 3), round(facing, 2) % 360))

    def _on_cards_entered(self, hands: tuple[tuple[int, ...], ...]) -> None:
        if self.state.phase == "draw":
            self.controller.apply(ps.MovementDraw(hands[0][0]))
        elif self.state.phase == "combat":
            self.controller.apply(ps.CombatDraw(hands[0], hands[1]))

    def _on_refused(self, reason: str) -> None:
        self.refusal.setStyleSheet("color: #b91c1c; font-size: 13px; font-weight: 600;")
        self.refusal.setText(reason)
        self.refusal.show()
