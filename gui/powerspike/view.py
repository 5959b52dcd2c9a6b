"""PowerSpikeView: a Power Spike battle on the measured tabletop, phase by phase.

The tabletop (gui/powerspike/tabletop.py) shows the units; the side column shows the movement
card, then the panel of the step at hand (one per phase: phase_deploy, phase_cards' draw,
phase_activate, phase_act with phase_attack's odds, phase_combat's combat and strikes), then in
table mode the card picker; the step's buttons are the ActionBar under it, which never scrolls.
Everything is redrawn from `controller.match` on `changed`; the base (gui/kit/game_view) decides
between the table and the game-over page. Nothing in Power Spike is secret (every card is drawn
face up), so the curtain never falls. The panels keep only UI state (the unit picked in a list,
the attackers being pooled; a chosen target is a logged Aim); whether anything is legal is the engine's word: live
feedback comes from `GAME.move_problems` and `GAME.validate`, and a refusal shows in the banner.
At each new step the side column scrolls to the step's instruction. Everything has keys (KEYS):
the tabletop's focus ring and keyboard moves and deployment, Enter/Space in the unit lists, Tab
through the panels and the action bar.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from core.powerspike import game as ps
from core.powerspike.cards import SIDES
from core.text import plural
from gui.controller import MatchController
from gui.kit.game_view import GameView
from gui.kit.hint_mark import HintSpot
from gui.kit.layouts import side_width
from gui.kit.style import ColourLabel, set_role
from gui.powerspike.action_bar import ActionBar
from gui.powerspike.odds_panel import short
from gui.powerspike.over import PowerSpikeOver
from gui.powerspike.phase_act import ActPanel
from gui.powerspike.phase_activate import ActivatePanel, MovementCardBox
from gui.powerspike.phase_cards import CardEntry, DrawPanel
from gui.powerspike.phase_combat import CombatStep, StrikePanel
from gui.powerspike.phase_deploy import DeployPanel
from gui.powerspike.reading import Reading
from gui.powerspike.scores import PowerSpikeScores, SideTally
from gui.powerspike.tabletop import PX_PER_IN, TabletopView, TrayMarker, to_scene, to_table
from gui.powerspike.unit_list import DropFilter
from maps.powerspike.table import load_table

PANEL_WIDTH = 372  # the side column's widest; it takes PANEL_SHARE of the view, never under PANEL_MIN
PANEL_MIN = 280
PANEL_SHARE = 0.3
NEUTRAL = "#1f2937"  # the banner's colour while nobody acts (a draw)
ATTACKER_MARK = "#ff8f00"
TARGET_MARK = "#d50000"
ACTIVE_MARK = "#00b0ff"
INSTRUCTION_FOLLOW = 120  # pixels of a panel that should show under its instruction without scrolling


class PowerSpikeView(GameView):
    """The assembler: the board page (tabletop and side column) and the game-over page. It routes
    the tabletop's gestures to the phase at hand and turns the panels' gestures into actions."""

    # The layout checks (tests/gui/layout_check.py): the controls a player must reach without
    # scrolling, by object name, and the widget that must cover half the window.
    PRIMARY_CONTROLS: tuple[str, ...] = ("zoomIn", "zoomOut", "fitTable", "primaryButton", "fireButton", "endActivation",
                                         "endGo", "movedButton", "holdButton", "retreatButton", "pickerRecord",
                                         "backToStart", "playAgain", "reviewGame")
    BOARD = "tabletop"
    KEYS: tuple[tuple[str, str], ...] = (
        ("Arrows", "On the table: move the focus ring between the units"),
        ("Enter / Space", "On the table: act on the focused unit (activate it, aim at it, strike it); "
                          "on your activated unit, pick it up to move it"),
        ("Arrows (unit picked up)", "Nudge the unit 0.1\" (Shift: 1\")"),
        ("Q / E", "Turn the unit being moved (or the selected one on the spot)"),
        ("Enter (unit picked up)", "Put the unit down there (the move)"),
        ("Esc", "Give up the move being made; clear the ruler"),
        ("Ctrl+arrows", "Pan the table"),
        ("+ / \u2212, F", "Zoom the table in or out; fit it"),
        ("Tab", "Move on to the unit lists, the panel's choices and the step's buttons"),
        ("Enter / Space (in a list)", "Choose the unit: pick it, aim at it, pool it, strike it"),
        ("Enter (deployment)", "On the table: hold the unit picked in the list at its zone; arrows nudge it, "
                               "Enter deploys it there"),
    )

    def __init__(self, controller: MatchController, parent: QWidget | None = None) -> None:
        super().__init__(controller, "powerSpikeView", parent)
        self.read = Reading(controller)
        self.game = controller.match.game
        setup = controller.match.setup
        self.table = load_table(setup.table)
        self.positions = ps.tracks_positions(setup)
        self._scores: PowerSpikeScores | None = None
        self._step_shown: tuple[object, ...] | None = None
        self.add_page("board", self._build_board_page())
        self.final_table = TabletopView(self.table)
        self.final_table.setObjectName("finalTable")
        self.over = PowerSpikeOver(self.final_table)
        self.over.finished_requested.connect(self.finished_requested)
        self.over.again_requested.connect(self.again_requested)
        self.over.review_requested.connect(self.review_requested)
        self.add_page("over", self.over)
        self.start()

    # --- building -------------------------------------------------------------------------------
    def _build_board_page(self) -> QWidget:
        page = QWidget(objectName="boardPage")
        self.banner = ColourLabel(objectName="banner")
        self.banner.setWordWrap(True)
        self.sub_banner = QLabel(objectName="subBanner")
        self.sub_banner.setWordWrap(True)
        body = QHBoxLayout()
        body.setSpacing(10)
        body.addLayout(self._build_table_column(), 1)
        body.addWidget(self._build_side_column())
        lay = QVBoxLayout(page)
        lay.setContentsMargins(10, 8, 10, 8)
        lay.setSpacing(5)
        lay.addWidget(self.banner)
        lay.addWidget(self.sub_banner)
        lay.addLayout(body, 1)
        return page

    def _build_table_column(self) -> QVBoxLayout:
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
            set_role(b, "psSecondary")
            zoom_row.addWidget(b)
        self.zoom_in.clicked.connect(lambda: self.tabletop.zoom_by(1))
        self.zoom_out.clicked.connect(lambda: self.tabletop.zoom_by(-1))
        self.fit_button.clicked.connect(self.tabletop.fit)
        hint = QLabel("Wheel: zoom \u00b7 drag: pan \u00b7 Shift+click two units: ruler", objectName="tableHint")
        hint.setToolTip("Wheel: zoom (turns a unit while dragging) \u00b7 drag the table to pan \u00b7 "
                        "Shift+click two units: ruler\nKeys: arrows move between units, Enter or Space acts "
                        "(on your activated unit: picks it up; then arrows nudge, Q/E turn, Enter puts it down)")
        set_role(hint, "caption")
        hint.setWordWrap(True)
        zoom_row.addWidget(hint, 1)
        column = QVBoxLayout()
        column.setSpacing(4)
        column.addLayout(zoom_row)
        column.addWidget(self.tabletop, 1)
        column.addWidget(self.no_positions, 1)
        for w in (self.zoom_in, self.zoom_out, self.fit_button, hint, self.tabletop):
            w.setVisible(self.positions)
        self.no_positions.setVisible(not self.positions)
        return column

    def _build_side_column(self) -> QWidget:
        """The movement card, the phase's panel and the card picker scroll; the action bar does not."""
        self.card_box = MovementCardBox()
        self.deploy_panel = DeployPanel(self.table)
        self.deploy_panel.picked_changed.connect(lambda _uid: self._offer_placing())
        self.draw_panel = DrawPanel()
        self.activate_panel = ActivatePanel()
        self.activate_panel.picked_changed.connect(self._on_activate_picked)
        self.act_panel = ActPanel(self.positions)
        self.act_panel.changed.connect(self._on_attack_changed)
        self.act_panel.problem.connect(self.show_refusal)
        self.act_panel.aim_requested.connect(lambda uid: self.controller.apply(ps.Aim(self._p(), uid)))
        self.combat = CombatStep()
        self.combat.hold_requested.connect(lambda: self._on_loss("hold"))
        self.combat.retreat_requested.connect(lambda: self._on_loss("retreat"))
        self.strike_panel = StrikePanel()
        self.strike_panel.strike.connect(self._strike)
        self.entry = CardEntry()
        self.entry.entered.connect(self._on_cards_entered)
        self.panels: dict[str, QWidget] = {"deploy": self.deploy_panel, "draw": self.draw_panel,
                                           "activate": self.activate_panel, "act": self.act_panel,
                                           "combat": self.combat, "loss": self.combat, "oas": self.strike_panel}
        self.panel = QWidget(objectName="sidePanel")
        lay = QVBoxLayout(self.panel)
        lay.setContentsMargins(2, 2, 8, 2)
        lay.setSpacing(7)
        lay.addWidget(self.card_box)
        for w in dict.fromkeys(self.panels.values()):
            lay.addWidget(w)
        lay.addWidget(self.entry)
        lay.addStretch(1)

        self.action_bar = bar = ActionBar()
        self.primary, self.fire_button, self.moved_button = bar.primary, bar.fire_button, bar.moved_button
        self.end_activation_button, self.end_go_button = bar.end_activation_button, bar.end_go_button
        self.primary.clicked.connect(self._on_primary)
        self.fire_button.clicked.connect(self._on_fire)
        self.end_activation_button.clicked.connect(lambda: self.controller.apply(ps.EndActivation(self._p())))
        self.moved_button.clicked.connect(self._on_moved)
        self.end_go_button.clicked.connect(lambda: self.controller.apply(ps.EndGo(self._p())))
        # The loser's Hold / Retreat and the picker's Take back / Record are the step's buttons.
        bar.add_row(self.combat.choice_box)
        bar.add_row(self.entry.bar_row)

        self.scroll = QScrollArea(objectName="panelScroll")
        self.scroll.setWidget(self.panel)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.side = QWidget(objectName="sideColumn")
        side = QVBoxLayout(self.side)
        side.setContentsMargins(0, 0, 0, 0)
        side.setSpacing(6)
        side.addWidget(self.scroll, 1)
        side.addWidget(self.action_bar)
        self._fit_side(PANEL_WIDTH)
        return self.side

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The side column takes a share of the window, so the tabletop keeps most of it."""
        super().resizeEvent(event)
        self._fit_side(side_width(self.width(), PANEL_SHARE, PANEL_MIN, PANEL_WIDTH))

    def _fit_side(self, width: int) -> None:
        if self.side.width() == width and self.side.minimumWidth() == width:
            return
        self.side.setFixedWidth(width)
        self.panel.setMaximumWidth(width - 18)
        texts = ((self.primary, self.primary.toolTip()), (self.fire_button, short(self.fire_button.toolTip())))
        for button, text in texts:
            if text:
                button.setText(button.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, width - 40))

    # --- the contract with the window and the base ----------------------------------------------
    def scores_widget(self) -> QWidget:
        if self._scores is None:
            self._scores = PowerSpikeScores()
            self.render_scores(self.match.state)
        return self._scores

    def render_scores(self, state: ps.PowerSpikeState) -> None:
        if self._scores is not None:
            self._scores.render(self.tallies(), state.passes, state.setup.passes_limit,
                                len(state.movement_deck.pile), len(state.combat_deck.pile))

    def tallies(self) -> list[SideTally]:
        state = self.match.state
        points = self.game.points(state)
        out = []
        for p, side in enumerate(SIDES):
            mine = [u for u in state.units if u.side == side]
            left = [u for u in mine if u.figures]
            out.append(SideTally(self.read.player_name(p), side, self.read.player_colour(p), len(left), len(mine),
                                 sum(len(u.figures) for u in left), sum(u.start_figures for u in mine),
                                 points[p]))
        return out

    def render_over(self, state: ps.PowerSpikeState) -> None:
        result = self.match.result
        self.final_table.set_units(self.markers() if self.positions else [])
        winners = result.winners if result else ()
        colour = self.read.player_colour(winners[0]) if len(winners) == 1 and not result.draw else None
        combats = sum(1 for a in self.match.actions if isinstance(a, ps.CombatDraw))
        self.over.render(self.game.result_text(state) or "Game over", colour,
                         f"{plural(state.passes, 'pass')} of the movement deck, "
                         f"{plural(state.draws, 'movement card')}, {plural(combats, 'combat')}.", self.tallies())

    def render_table(self, state: ps.PowerSpikeState) -> None:
        self.act_panel.sync(self.read)
        self._render_tabletop()
        self._render_banner()
        self._render_panel()
        self.show_page("board")

    # --- drawing --------------------------------------------------------------------------------
    def markers(self) -> list[TrayMarker]:
        """Trays on the table; a unit aboard an ornithopter shows only while it is activated
        (at its carrier's place), so it can be dragged off."""
        state = self.match.state
        active = self.read.active_unit()
        out = []
        for u in self.read.units():
            if not (u.placed and u.carried_by is None) and not (u.id == active and u.carried_by):
                continue
            prof = ps.profile(u)
            tray = self.game.unit_tray(state, u.id)
            out.append(TrayMarker(u.id, u.side, u.name or u.id, tray.centre, tray.facing_deg,
                                  tray.width_in, tray.depth_in, len(u.figures), u.start_figures, prof.move,
                                  prof.range, prof.commander))
        return out

    def _render_tabletop(self) -> None:
        if not self.positions:
            return
        state = self.match.state
        top = self.tabletop
        top.set_units(self.markers())
        phase = state.phase
        active = self.read.active_unit()
        act = state.activation
        movable = [active] if phase == "act" and active and act is not None and not act.moved else []
        top.set_movable(movable)
        top.set_move_checker(self._move_checker if movable else self._deploy_checker if phase == "deploy" else None)
        marks: dict[str, str] = {}
        ruler: tuple[str, str] | None = None
        attackers, target = self.act_panel.attackers, self.act_panel.target
        if phase == "act":
            marks.update((a, ATTACKER_MARK) for a in attackers)
            if active:
                marks[active] = ACTIVE_MARK
            if target and attackers:
                marks[target] = TARGET_MARK
                ruler = (attackers[0], target)
        c = state.combat
        if phase in ("combat", "loss") and c is not None:
            marks.update((a, ATTACKER_MARK) for a in c.attackers)
            marks[c.target] = TARGET_MARK
            if c.attackers:
                ruler = (c.attackers[0], c.target)
        top.set_marked({k: v for k, v in marks.items() if k in top.markers})
        if ruler and all(r in top.markers for r in ruler):
            top.set_ruler(*ruler)
        else:
            top.clear_ruler()
        if phase == "act" and active in top.markers and top.selected != active:
            top.select(active)
        elif phase in ("deploy", "draw") and top.selected is not None:
            top.select(None)

    def _render_banner(self) -> None:
        state = self.match.state
        p = self.read.acting_player()
        phase = state.phase
        text = self.game.phase_text(state)
        if p is not None:
            who = f"{self.read.player_name(p)} ({self.read.side_of(p)})"
            active = self.read.active_unit()
            text = {
                "deploy": f"{who}: deploy a unit in your zone",
                "activate": f"{who}: choose a unit to activate",
                "act": f"{who}: {self.read.unit_name(active) if active else 'your unit'} is activated \u2014 move and fire",
                "loss": f"{who}: your unit lost \u2014 hold or retreat?",
                "oas": f"{who}: aim an Orbital Artillery Strike",
            }.get(phase, text)
        elif phase == "draw":
            text = f"{self.read.player_name(state.drawer)} draws a movement card"
        elif phase == "combat":
            text = "Combat: draw the cards"
        self.banner.setText(text)
        self.banner.set_colour(self.read.player_colour(p) if p is not None else NEUTRAL)
        self.sub_banner.setText(self.game.phase_text(state))

    def _render_panel(self) -> None:
        """Show the phase's panel and the buttons the step offers."""
        r = self.read
        state = r.state
        phase = state.phase
        for b in self.action_bar.buttons():
            b.hide()
        self.combat.choice_box.hide()
        self.entry.set_offered(False)
        self.card_box.render(r)
        if phase == "deploy":
            self.deploy_panel.render(r)
        elif phase == "draw":
            self.draw_panel.render(r)
            self._offer_draw("move", [("Movement card", 1)], state.movement_deck, "Draw a movement card")
        elif phase == "activate":
            self.activate_panel.render(r)
            picked = self.activate_panel.picked
            self._primary(f"Activate {r.unit_name(picked) if picked else 'a unit'}", bool(picked))
            self.end_go_button.show()
        elif phase == "act":
            self._render_act()
        elif phase in ("combat", "loss"):
            self.combat.show_step(r)
            if phase == "combat":
                self._offer_draw("combat", self.combat.hands(r), state.combat_deck, "Draw the combat cards")
        elif phase == "oas":
            self.strike_panel.render(r)
        self._offer_placing()
        shown = self.panels.get(phase)
        for w in dict.fromkeys(self.panels.values()):
            w.setVisible(w is shown)
        self._show_instruction()

    def instruction(self) -> QWidget | None:
        """The line that says what to do in the step at hand (the top of its panel)."""
        return {"deploy": self.deploy_panel.info, "draw": self.draw_panel.info, "activate": self.activate_panel.title,
                "act": self.act_panel.info, "combat": self.combat.title, "loss": self.combat.title,
                "oas": self.strike_panel.info}.get(self.match.state.phase)

    def _show_instruction(self) -> None:
        """At each new step, scroll the side column so its instruction is in sight: from the top
        when the instruction and some of what follows fit, else with the instruction at the top
        (the movement card above it scrolls away; the banner still says whose go it is)."""
        state = self.match.state
        act = state.activation
        step = (state.phase, state.draws, act.unit if act else None, len(state.oas_strikes), len(state.losses))
        if step == self._step_shown:
            return
        self._step_shown = step
        target = self.instruction()
        if target is None:
            return
        self.panel.layout().activate()
        self.panel.resize(self.panel.width(), max(self.panel.height(), self.panel.sizeHint().height()))
        top = target.mapTo(self.panel, QPoint(0, 0)).y()
        room = self.scroll.viewport().height()
        bar = self.scroll.verticalScrollBar()
        bar.setRange(0, max(bar.maximum(), self.panel.height() - room))
        bar.setValue(0 if top + target.height() + INSTRUCTION_FOLLOW <= room else max(0, top - 6))

    def _render_act(self) -> None:
        act = self.match.state.activation
        self.act_panel.render(self.read)
        self.moved_button.setVisible(not act.moved and not self.positions)
        if self.act_panel.may_fire(self.read):
            target = self.act_panel.target
            text = f"Fire at {self.read.unit_name(target)}" if target else "Fire (choose a target first)"
            self.fire_button.setText(self._elide(self.fire_button, short(text)))
            self.fire_button.setToolTip(text)
            self.fire_button.setEnabled(target is not None)
            self.fire_button.show()
        self.end_activation_button.show()
        self.end_go_button.show()

    def _offer_draw(self, kind: str, hands: list[tuple[str, int]], deck: Any, button: str) -> None:
        """A draw: the seeded deck's (the primary button) or the real deck's (the card picker)."""
        if self.read.table_mode:
            self.entry.start(self.read, kind, hands, deck)
            self.entry.set_offered(True)
        else:
            self._primary(button)

    def _primary(self, text: str, enabled: bool = True) -> None:
        self.primary.setText(self._elide(self.primary, text))
        self.primary.setToolTip(text)
        self.primary.setEnabled(enabled)
        self.primary.show()

    def _elide(self, button: QPushButton, text: str) -> str:
        width = self.side.minimumWidth() - 40
        return button.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, width)

    def mark_hint(self, hint: Any) -> None:
        """The tray where the hint would deploy or move a unit (with its path), else the units it
        names, ringed."""
        if not self.positions:
            return
        action = None if hint is None else hint.action
        spots = []
        uid = getattr(action, "unit", None)
        if isinstance(action, (ps.Deploy, ps.Move)) and uid is not None:
            width, depth = ps.profile(self.read.unit(uid)).tray
            here = self.read.unit(uid).placed and not isinstance(action, ps.Deploy)
            origin = to_scene(*self.game.unit_tray(self.match.state, uid).centre) if here else None
            spots.append(HintSpot(to_scene(action.x, action.y), width * PX_PER_IN, depth * PX_PER_IN,
                                  action.facing, origin))
        else:
            for named in dict.fromkeys(x for x in (uid, getattr(action, "target", None)) if x):
                if self.read.unit(named).placed:
                    tray = self.game.unit_tray(self.match.state, named)
                    spots.append(HintSpot(to_scene(*tray.centre), (max(tray.width_in, tray.depth_in) + 2) * PX_PER_IN))
        self.tabletop.show_hint(spots)

    # --- deployment (the drop filter and the table's clicks) ----------------------------------
    def table_point(self, view_pos: QPoint) -> tuple[float, float]:
        """The table's inches under a point of the tabletop's viewport."""
        return to_table(self.tabletop.mapToScene(view_pos))

    def preview_deploy(self, uid: str, x: float, y: float) -> None:
        if self.match.state.phase == "deploy" and self.read.acting_player() is not None:
            self.deploy_panel.show_preview(self.read, uid, x, y)

    def deploy(self, uid: str, x: float, y: float) -> bool:
        if self.match.state.phase != "deploy" or self.read.acting_player() is None:
            return False
        self.deploy_panel.picked = uid
        return self.controller.apply(self.deploy_panel.action(self.read, uid, x, y))

    def _offer_placing(self) -> None:
        """Deployment by keyboard: the picked unit waits at the middle of its zone, facing the
        enemy, for Enter on the table to hold it (then the arrows nudge it, Enter places it)."""
        if not self.positions:
            return
        uid = self.deploy_panel.picked
        p = self.read.acting_player()
        if self.match.state.phase != "deploy" or p is None or uid is None:
            self.tabletop.set_placeable(None)
            return
        u = self.read.unit(uid)
        prof = ps.profile(u)
        side = self.read.side_of(p)
        c = self.table.zone(side).polygon.centroid
        self.tabletop.set_placeable(TrayMarker(uid, u.side, u.name or uid, (c.x, c.y),
                                               self.deploy_panel.default_facing(side), prof.tray[0], prof.tray[1],
                                               len(u.figures), u.start_figures, prof.move, prof.range,
                                               prof.commander))

    def _deploy_checker(self, uid: str, x: float, y: float, facing: float) -> str:
        if self.match.state.phase != "deploy" or self.read.acting_player() is None:
            return ""
        return self.read.legal(self.deploy_panel.action(self.read, uid, x, y))

    def _on_table_clicked(self, x: float, y: float) -> None:
        if self.match.state.phase == "deploy" and self.deploy_panel.picked:
            self.deploy(self.deploy_panel.picked, x, y)

    # --- gestures -> actions --------------------------------------------------------------------
    def _p(self) -> int | None:
        return self.read.acting_player()

    def _on_unit_clicked(self, uid: str) -> None:
        phase = self.match.state.phase
        p = self._p()
        if p is None:
            return
        mine = self.read.unit(uid).side == self.read.side_of(p)
        if phase == "activate" and mine:
            why = self.activate_panel.pick(self.read, uid)
            self.refresh()
            if why:
                self.show_refusal(why)
        elif phase == "act" and mine:
            self.act_panel.toggle_attacker(self.read, uid)
        elif phase == "act":
            self.act_panel.choose_enemy(self.read, uid)
        elif phase == "oas" and not mine:
            self._strike(uid)

    def _on_activate_picked(self, uid: str) -> None:
        if self.positions and uid in self.tabletop.markers:
            self.tabletop.select(uid)
        self.refresh()

    def _on_attack_changed(self) -> None:
        self._render_tabletop()
        self._render_panel()

    def _on_primary(self) -> None:
        phase = self.match.state.phase
        if phase in ("draw", "combat"):
            self.play_chance()
        elif phase == "activate" and self.activate_panel.picked:
            self.controller.apply(ps.Activate(self._p(), self.activate_panel.picked))

    def _on_fire(self) -> None:
        act = self.act_panel
        if act.target is not None:
            self.controller.apply(ps.Fire(self._p(), act.attackers, act.target, act.attack.declaration()))

    def _on_moved(self) -> None:
        uid = self.read.active_unit()
        if uid is not None:
            self.controller.apply(ps.Move(self._p(), uid, 0.0, 0.0, 0.0))

    def _on_move_requested(self, uid: str, x: float, y: float, facing: float) -> None:
        if self.match.state.phase == "deploy":
            self.deploy(uid, x, y)
            return
        self.controller.apply(ps.Move(self._p(), uid, round(x, 3), round(y, 3), round(facing, 2) % 360))

    def _move_checker(self, uid: str, x: float, y: float, facing: float) -> str:
        return "; ".join(self.game.move_problems(self.match.state, uid, x, y, facing))

    def _on_drag_moved(self, uid: str, x: float, y: float, facing: float) -> None:
        if self.match.state.phase == "act":
            self.act_panel.show_ghost((uid, x, y, facing))

    def _on_drag_ended(self, uid: str) -> None:
        if self.match.state.phase == "act":
            self.act_panel.show_ghost(None)

    def _on_loss(self, choice: str) -> None:
        state = self.match.state
        if state.phase == "loss":
            self.controller.apply(ps.TakeLosses(self._p(), state.losses[0].unit, choice))

    def _strike(self, uid: str) -> None:
        if self.match.state.phase == "oas":
            self.controller.apply(ps.OrbitalStrike(self._p(), uid))

    def _on_cards_entered(self, hands: tuple[tuple[int, ...], ...]) -> None:
        phase = self.match.state.phase
        if phase == "draw":
            self.controller.apply(ps.MovementDraw(hands[0][0]))
        elif phase == "combat":
            self.controller.apply(ps.CombatDraw(hands[0], hands[1]))
