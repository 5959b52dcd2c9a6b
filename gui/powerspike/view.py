"""PowerSpikeView: a Power Spike battle on the measured tabletop, phase by phase.

The tabletop (gui/powerspike/tabletop.py) shows the units; the side panel shows the step at
hand: deployment, the movement card and whose go it is, the activation (move by dragging,
fire by clicking an enemy, with the exact odds before committing), the combat cards and the
loser's choice, the Orbital Artillery Strikes. Everything is redrawn from `controller.match`
on `changed`; the view keeps only UI state (the unit picked in a list, the attackers and
target being chosen). Whether anything is legal is the engine's word: live feedback comes from
`GAME.move_problems` and `GAME.validate`, and a refused action shows its reason.

This module assembles the pages; each step's panel logic is a mixin in its own module
(phase_deploy, phase_activate, phase_act, phase_attack, phase_combat, phase_cards), the step's
buttons are the ActionBar (action_bar.py) and the unit lists are in unit_list.py.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from core.errors import IllegalAction
from core.powerspike import game as ps
from core.powerspike.cards import SIDES
from gui.controller import MatchController
from gui.kit.game_view import GameView
from gui.powerspike.action_bar import SECONDARY, ActionBar
from gui.powerspike.combat_panel import CombatPanel
from gui.powerspike.odds_panel import OddsPanel, short
from gui.powerspike.over import PowerSpikeOver
from gui.powerspike.phase_act import ActPhase
from gui.powerspike.phase_activate import ActivatePhase
from gui.powerspike.phase_attack import AttackPhase
from gui.powerspike.phase_cards import CardEntry
from gui.powerspike.phase_combat import CombatPhase
from gui.powerspike.phase_deploy import DeployPhase
from gui.powerspike.scores import PowerSpikeScores, SideTally
from gui.powerspike.tabletop import TabletopView, TrayMarker
from gui.powerspike.unit_list import DropFilter, UnitList, fill_list
from gui.kit.theme import PAGE_BG
from gui.kit.theme import text_colour_on
from maps.powerspike.table import load_table

PANEL_WIDTH = 372  # the side column's widest; it takes PANEL_SHARE of the view, never under PANEL_MIN
PANEL_MIN = 280
PANEL_SHARE = 0.3
NEUTRAL = "#1f2937"
ATTACKER_MARK = "#ff8f00"
TARGET_MARK = "#d50000"
ACTIVE_MARK = "#00b0ff"


class PowerSpikeView(DeployPhase, ActivatePhase, ActPhase, AttackPhase, CombatPhase, CardEntry, GameView):
    """The assembler: the board page (tabletop and side column) and the game-over page; each
    step's panel logic lives in its phase module, mixed in here."""

    # The layout checks (tests/gui/layout_check.py): the controls a player must reach without
    # scrolling, by object name, and the widget that must cover half the window.
    PRIMARY_CONTROLS: tuple[str, ...] = ("zoomIn", "zoomOut", "fitTable", "primaryButton", "fireButton", "endActivation",
                        "endGo", "movedButton", "holdButton", "retreatButton", "pickerRecord", "backToStart")
    BOARD = "tabletop"

    def __init__(self, controller: MatchController, parent: QWidget | None = None) -> None:
        super().__init__(controller, "powerSpikeView", parent)
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
        self._drop_filter = DropFilter(self)
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
        self.zoom_in.clicked.connect(lambda: self.tabletop.zoom_by(1))
        self.zoom_out.clicked.connect(lambda: self.tabletop.zoom_by(-1))
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

        self.action_bar = ActionBar()
        bar = self.action_bar
        self.primary, self.fire_button, self.moved_button = bar.primary, bar.fire_button, bar.moved_button
        self.end_activation_button, self.end_go_button = bar.end_activation_button, bar.end_go_button
        self.primary.clicked.connect(self._on_primary)
        self.fire_button.clicked.connect(self._on_fire)
        self.end_activation_button.clicked.connect(self._on_end_activation)
        self.moved_button.clicked.connect(self._on_moved)
        self.end_go_button.clicked.connect(self._on_end_go)
        self._build_declare_box()
        self._build_picker()
        self.odds = OddsPanel()
        self.combat = CombatPanel()
        self.combat.hold_requested.connect(lambda: self._on_loss("hold"))
        self.combat.retreat_requested.connect(lambda: self._on_loss("retreat"))
        # The loser's Hold / Retreat choice and the picker's Undo / Record join the action bar:
        # they are the step's buttons.
        bar.add_row(self.combat.choice_box)
        bar.add_row(self._picker_row())
        self.refusal = QLabel(objectName="refusal")
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("color: #b91c1c; font-size: 13px; font-weight: 600;")
        self.info = QLabel(objectName="panelInfo")
        self.info.setWordWrap(True)
        self.info.setStyleSheet("color: #374151; font-size: 12px;")
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
                self._enter_cards("move", [("Movement card", 1)], state.movement_deck)
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

    def _unit_line(self, u: ps.UnitState) -> str:
        prof = self.profile(u)
        aboard = f", aboard {self.unit_name(u.carried_by)}" if u.carried_by else ""
        return (f"{u.name or u.id} \u2014 {len(u.figures)}/{u.start_figures} figures, "
                f"move {prof.move:g}\", range {prof.range:g}\"{aboard}")

    def _fill_list(self, widget: UnitList, rows: Sequence[tuple[str, str, str]], current: str | None) -> None:
        """rows: (unit id, text, reason it cannot be chosen or '')."""
        fill_list(widget, rows, current)

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

    def _on_refused(self, reason: str) -> None:
        self.refusal.setStyleSheet("color: #b91c1c; font-size: 13px; font-weight: 600;")
        self.refusal.setText(reason)
        self.refusal.show()
