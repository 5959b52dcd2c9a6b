"""The table during throws and removals: every player's tokens, the round's scores, the next step.

Rebuilt from the state on every change; the only thing it remembers is the poses being
entered in table mode (UI state until "Record throw"). Its look is in
resources/style/throwdown.qss; the players' colours are painted (ColourLabel, PlayerPanel).
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QPainter, QPaintEvent, QPalette, QPen, QResizeEvent
from PySide6.QtWidgets import (QAbstractItemView, QFrame, QHBoxLayout, QHeaderView, QLabel, QPushButton,
                               QScrollArea, QSizePolicy, QTableWidget, QTableWidgetItem, QVBoxLayout,
                               QWidget)

from core.fistful.roster import Fighter, Roster
from core.fistful.throwdown import GAME, ThrowdownState
from core.fistful.throws import POSES, Landed
from core.text import plural
from gui.kit.fighters.tokens import BOARD_TOKEN, POSE_BUTTON_LABELS, FighterToken, board_token_scale
from gui.kit.fighters.tumble import Tumble, play_throw
from gui.kit.flow import WidgetFlow
from gui.kit.layouts import clear_layout, keep_in_view
from gui.kit.names import SHORT_NAME, ElidedLabel
from gui.kit.style import ColourLabel, set_role
from gui.kit.tables import keep_rows_fitted, whole_height
from gui.kit.theme import LOWEST_BG

PANEL_LINE = QColor("#d9dce3")
OUT_INK = QColor("#9ca3af")


def token_name(player: int, fighter: Fighter) -> str:
    return f"token:{player}:{fighter.sculpt}:{fighter.finish}"


def pose_button_name(player: int, fighter: Fighter, pose: str) -> str:
    return f"pose:{player}:{fighter.sculpt}:{fighter.finish}:{pose}"


def next_pose(pose: str | None) -> str:
    """Table entry by clicks or Enter on a token: Back, Standing, Face down, round again."""
    return POSES[(POSES.index(pose) + 1) % len(POSES)] if pose in POSES else POSES[0]


ENTRY_CAPTION = "Click or press Enter for the next pose; B, S or D sets Back, Standing or Face down."


class PlayerPanel(QFrame):
    """One player's row on the table, outlined in their colour while they must remove a fighter."""

    def __init__(self, player: int, colour: str, active: bool) -> None:
        super().__init__(objectName=f"playerPanel{player}")
        self._colour = QColor(colour)
        self.setProperty("active", active)
        border = 2 if active else 1
        self.setContentsMargins(border, border, border, border)

    def paintEvent(self, event: QPaintEvent) -> None:
        active = bool(self.property("active"))
        width = 2.0 if active else 1.0
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(self._colour if active else PANEL_LINE, width))
        p.setBrush(QColor("#fffbea") if active else QColor("#ffffff"))
        p.drawRoundedRect(QRectF(self.rect()).adjusted(width / 2, width / 2, -width / 2, -width / 2), 10, 10)
        p.end()


class ThrowBoard(QWidget):
    """Calls `on_remove(player, fighter)`, `on_refused(player, fighter)` (a click on a fighter that may not
    be chosen), `on_throw()` and `on_record()`; decides nothing."""

    def __init__(self, roster: Roster, on_remove: Callable[[int, Fighter], None],
                 on_throw: Callable[[], None], on_record: Callable[[], None],
                 parent: QWidget | None = None,
                 on_refused: Callable[[int, Fighter], None] | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("throwBoard")
        self.roster = roster
        self._on_remove = on_remove
        self._on_refused = on_refused
        self.tumble: Tumble | None = None
        self.poses: dict[tuple[int, Fighter], str] = {}
        self._poses_round = -1
        self._state: ThrowdownState | None = None
        self._mode = "simulated"
        self._token_scale = 1.0
        self.tokens: dict[tuple[int, Fighter], FighterToken] = {}
        self.panels: list[QFrame] = []
        self.pose_buttons: dict[tuple[int, Fighter, str], QPushButton] = {}

        self.banner = ColourLabel(objectName="banner")
        self.banner.setWordWrap(True)
        self.banner.setMinimumHeight(48)
        self.sub_banner = QLabel(objectName="subBanner")
        self.sub_banner.setWordWrap(True)
        self.sub_banner.setProperty("role", "hint")

        self.players_box = QWidget(objectName="playersBox")
        self.players_layout = QVBoxLayout(self.players_box)
        self.players_layout.setContentsMargins(0, 0, 6, 0)
        self.players_layout.setSpacing(10)
        scroll = QScrollArea(objectName="boardScroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.players_box)
        self.scroll = scroll
        self._remover_panel: QWidget | None = None  # kept in view while its fistful wraps
        self._show_remover = keep_in_view(scroll, lambda: self._remover_panel)

        side = QFrame(objectName="sidePanel")
        side.setFixedWidth(250)
        sl = QVBoxLayout(side)
        sl.setContentsMargins(12, 12, 12, 12)
        sl.setSpacing(8)
        self.table_title = QLabel(objectName="roundTitle")
        self.table_title.setProperty("role", "heading")
        self.table = QTableWidget(0, 5, objectName="roundTable")
        keep_rows_fitted(self.table, lambda: self.table.setMaximumHeight(whole_height(self.table)))
        self.table.setHorizontalHeaderLabels(["Player", "Up", "Pts", "Bonus", "Total"])
        for c, tip in enumerate(("", "Fighters face up", "Points of the face-up fighters", "+2 for the single player "
                                 "with the most face up", "Points plus bonus")):
            if tip:
                self.table.horizontalHeaderItem(c).setToolTip(tip)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setShowGrid(False)
        self.table.setAlternatingRowColors(False)
        hh = self.table.horizontalHeader()
        hh.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for c in range(1, 5):
            hh.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        self.rules_hint = QLabel(
            "Everyone throws their whole fistful. Face-up fighters (on their back or standing) "
            "score their value; the single player with the most face up gets +2. The lowest total "
            "among players with a face-down fighter removes one of them.", objectName="rulesHint")
        self.rules_hint.setWordWrap(True)
        self.status = QLabel(objectName="actionStatus")
        self.status.setWordWrap(True)
        self.throw_button = QPushButton("Throw!", objectName="throwButton")
        self.throw_button.setToolTip("Throw every fistful at once (Enter or Space when the button has the focus).")
        self.throw_button.setMinimumHeight(56)
        self.throw_button.setCursor(Qt.CursorShape.PointingHandCursor)
        set_role(self.throw_button, "primary")
        self.throw_button.clicked.connect(on_throw)
        self.record_button = QPushButton("Record throw", objectName="recordThrowButton")
        self.record_button.setMinimumHeight(48)
        self.record_button.setCursor(Qt.CursorShape.PointingHandCursor)
        set_role(self.record_button, "primary")
        self.record_button.clicked.connect(on_record)
        sl.addWidget(self.table_title)
        sl.addWidget(self.table, 1)
        sl.addWidget(self.rules_hint)
        sl.addStretch(0)
        sl.addWidget(self.status)
        sl.addWidget(self.throw_button)
        sl.addWidget(self.record_button)

        body = QHBoxLayout()
        body.setSpacing(14)
        body.addWidget(scroll, 1)
        body.addWidget(side)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(20, 14, 20, 16)
        lay.setSpacing(6)
        lay.addWidget(self.banner)
        lay.addWidget(self.sub_banner)
        lay.addSpacing(4)
        lay.addLayout(body, 1)

    # --- table-mode poses (UI state) --------------------------------------------------
    def set_pose(self, player: int, fighter: Fighter, pose: str) -> None:
        self.poses[(player, fighter)] = pose
        if self._state is not None:
            self.render(self._state, self._mode)

    def missing_poses(self) -> int:
        s = self._state
        if s is None:
            return 0
        return sum(1 for p in range(s.players) for f in s.fistfuls[p] if (p, f) not in self.poses)

    def entered_landed(self) -> tuple:
        """The poses entered so far, as the per-player shape a Throw needs (None for players out)."""
        s = self._state
        return tuple(tuple(Landed(f, self.poses[(p, f)]) for f in s.fistfuls[p]) if s.fistfuls[p] else None
                     for p in range(s.players))

    # --- drawing ----------------------------------------------------------------------
    def _fitting_token_scale(self, state: ThrowdownState) -> float:
        widest = max((len(f) for f in state.fistfuls), default=0) or 5
        return board_token_scale(self.scroll.viewport().width() - 80, widest)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        QTimer.singleShot(0, self, self._refit_tokens)  # once the scroll area has its new width

    def _refit_tokens(self) -> None:
        if self._state is not None and self._fitting_token_scale(self._state) != self._token_scale:
            self.render(self._state, self._mode)

    @property
    def landing(self) -> bool:
        """True while a throw is being shown landing."""
        return self.tumble is not None and self.tumble.running

    def render(self, state: ThrowdownState, mode: str, landing: bool = False) -> None:
        """Draw the table; with `landing`, the last throw has just been made and lands before the eyes."""
        if self.tumble is not None:
            self.tumble.skip()
            self.tumble = None
        focused = next((key for key, t in self.tokens.items() if t.hasFocus()), None)
        self._state = state
        self._mode = mode
        if self._poses_round != state.throws:
            self.poses = {}
            self._poses_round = state.throws
        entering = mode == "table" and state.phase == "throw"
        remover = state.to_remove[0] if state.phase == "remove" else None
        removable = set(GAME.removable(state, remover)) if remover is not None else set()
        last = state.round

        self._render_banner(state, mode, remover)
        scroll_pos = self.scroll.verticalScrollBar().value()
        clear_layout(self.players_layout)
        self._token_scale = self._fitting_token_scale(state)
        self.tokens, self.pose_buttons = {}, {}
        self.panels = [self._player_panel(state, p, last, entering, remover, removable)
                       for p in range(state.players)]
        for panel in self.panels:
            self.players_layout.addWidget(panel)
        self.players_layout.addStretch(1)
        self.scroll.verticalScrollBar().setValue(scroll_pos)
        self._remover_panel = self.panels[remover] if remover is not None else None
        if remover is not None:
            QTimer.singleShot(0, self._remover_panel, self._show_remover)
        self._render_table(state)
        if focused in self.tokens:  # a new token is shown by its layout later: focus it then
            token = self.tokens[focused]
            QTimer.singleShot(0, token, lambda: token.setFocus(Qt.FocusReason.OtherFocusReason))

        self.throw_button.setVisible(state.phase == "throw" and mode == "simulated")
        self.throw_button.setEnabled(True)
        self.record_button.setVisible(entering)
        missing = self.missing_poses() if entering else 0
        self.record_button.setEnabled(entering and missing == 0)
        if entering:
            self.status.setText(f"{plural(missing, 'pose')} still to enter." if missing
                                else "Every pose is set: record the throw.")
        elif remover is not None:
            self.status.setText(f"{state.name(remover)}: click one of your highlighted face-down fighters.")
        else:
            self.status.setText("")
        self.status.setVisible(bool(self.status.text()))
        self.rules_hint.setVisible(last is None)
        if landing and last is not None and mode == "simulated":
            fistfuls = [[t for (p, _f), t in self.tokens.items() if p == player] for player in range(state.players)
                        if last.landed[player] is not None]
            self.tumble = play_throw(self, fistfuls)
            if self.tumble is not None:
                self.throw_button.setEnabled(False)
                self.tumble.finished.connect(lambda: self.throw_button.setEnabled(True))

    def set_entry_pose(self, player: int, fighter: Fighter, pose: str | None = None) -> None:
        """A token's click or key in table entry: the pose named, or the next one."""
        self.set_pose(player, fighter, pose or next_pose(self.poses.get((player, fighter))))

    def _render_banner(self, state: ThrowdownState, mode: str, remover: int | None) -> None:
        n = state.throws
        if remover is not None:
            colour = state.setup.players[remover].colour
            text = f"{state.name(remover)} has the lowest total: choose a face-down fighter to remove"
            others = [state.name(i) for i in state.to_remove[1:]]
            sub = f"Throw {n} is scored. Then {' and '.join(others)} also removes one." if others else \
                f"Throw {n} is scored."
        else:
            colour = "#1f2937"
            if n == 0:
                text = "All fistfuls are revealed \u2014 ready for throw 1"
            else:
                text = f"Ready for throw {n + 1}"
            if mode == "simulated":
                sub = "Press Throw! to throw every fistful at once."
            else:
                sub = "Throw your fighters on the table, then click how each one landed: Back, Standing or Face down."
            if n and not state.round.removers:
                sub = f"Throw {n}: nobody had a face-down fighter, so nobody removes one. " + sub
        self.banner.setText(text)
        self.banner.set_colour(colour)
        self.sub_banner.setText(sub)

    def _player_panel(self, state: ThrowdownState, p: int, last, entering: bool,
                      remover: int | None, removable: set[Fighter]) -> QWidget:
        colour = state.setup.players[p].colour
        out = not state.fistfuls[p] and state.phase != "pick"
        panel = PlayerPanel(p, colour, remover == p)
        outer = QHBoxLayout(panel)
        outer.setContentsMargins(8, 8, 10, 8)
        outer.setSpacing(10)
        stripe = ColourLabel(role="stripe", radius=3)
        stripe.setFixedWidth(6)
        stripe.set_colour(colour if not out else "#c7cbd3")
        outer.addWidget(stripe)
        inner = QVBoxLayout()
        inner.setSpacing(6)
        outer.addLayout(inner, 1)

        header = QHBoxLayout()
        header.setSpacing(12)
        name = ElidedLabel(state.name(p), objectName="playerName", asks=SHORT_NAME)
        ink = name.palette()
        ink.setColor(QPalette.ColorRole.WindowText, OUT_INK if out else QColor(colour))
        name.setPalette(ink)
        header.addWidget(name, 1)
        fistful = state.fistfuls[p]
        if out:
            status = QLabel(f"Out after throw {state.out_after[p]}")
            status.setObjectName(f"outLabel{p}")
            status.setProperty("role", "out")
        else:
            pts = sum(self.roster.value(f) for f in fistful)
            status = QLabel(f"{plural(len(fistful), 'fighter')} \u00b7 {pts} pts",
                            objectName="fistfulSize")
        header.addWidget(status)
        score = last.scores[p] if last is not None else None
        if score is not None and not entering:
            lowest = p in last.removers
            line = f"Throw {last.number}: {score.face_up} up = {score.points}"
            if score.bonus:
                line += f" + {score.bonus} bonus"
            line += f" \u2192 {score.total}"
            if lowest:
                line = "\u25bc lowest \u00b7 " + line
            sl = QLabel(line)
            sl.setWordWrap(True)  # on a narrow board the line wraps under itself, not cut
            sl.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            sl.setProperty("role", "score-lowest" if lowest else "score")
            header.addWidget(sl, 1)
        if score is None or entering:
            header.addStretch(1)
        inner.addLayout(header)

        cells: list[QWidget] = []
        landed = {}
        if last is not None and last.landed[p] is not None and not entering:
            landed = {x.fighter: x.pose for x in last.landed[p]}
        for f in fistful:
            cell = QWidget()
            col = QVBoxLayout(cell)
            col.setContentsMargins(0, 0, 0, 0)
            col.setSpacing(2)
            pose = self.poses.get((p, f)) if entering else landed.get(f)
            t = FighterToken(self.roster, f, pose, size=BOARD_TOKEN, scale=self._token_scale)
            t.setObjectName(token_name(p, f))
            self.tokens[(p, f)] = t
            if p == remover and f in removable:
                t.set_clickable(True, "Click or press Enter to remove this fighter from the game.")
                t.set_highlight("#ef4444")
                t.clicked.connect(lambda p=p, f=f: self._on_remove(p, f))
            elif entering:
                t.set_clickable(True, ENTRY_CAPTION)
                t.clicked.connect(lambda p=p, f=f: self.set_entry_pose(p, f))
                t.pose_requested.connect(lambda pose, p=p, f=f: self.set_entry_pose(p, f, pose))
            if self._on_refused is not None:
                t.refused.connect(lambda p=p, f=f: self._on_refused(p, f))
            col.addWidget(t)
            if entering:
                for pose_id in POSES:
                    b = QPushButton(POSE_BUTTON_LABELS[pose_id], objectName=pose_button_name(p, f, pose_id))
                    self.pose_buttons[(p, f, pose_id)] = b
                    b.setCheckable(True)
                    b.setChecked(pose == pose_id)
                    b.setFixedSize(t.width(), 21)
                    b.setCursor(Qt.CursorShape.PointingHandCursor)
                    b.setProperty("role", "pose")
                    b.clicked.connect(lambda _=False, p=p, f=f, pose_id=pose_id: self.set_pose(p, f, pose_id))
                    col.addWidget(b)
            cell.setFixedSize(cell.sizeHint())
            cells.append(cell)
        flow = WidgetFlow(spacing=6)  # a narrow board wraps the fistful rather than cut it
        flow.set_items(cells)
        inner.addWidget(flow)
        if out:
            gone = QLabel("No fighters left.")
            gone.setProperty("role", "gone")
            inner.addWidget(gone)
        panel.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        return panel

    def _render_table(self, state: ThrowdownState) -> None:
        last = state.round
        self.table.setRowCount(0)
        if last is None:
            self.table_title.setText("Scores")
            self.table.hide()
            return
        self.table.show()
        self.table_title.setText(f"Throw {last.number} scores")
        rows = [p for p in range(state.players) if last.scores[p] is not None]
        self.table.setRowCount(len(rows))
        for r, p in enumerate(rows):
            s = last.scores[p]
            lowest = p in last.removers
            cells = [state.name(p), str(s.face_up), str(s.points), f"+{s.bonus}" if s.bonus else "\u2013",
                     str(s.total)]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(("\u25bc " if lowest and c == 0 else "") + text)
                item.setTextAlignment((Qt.AlignmentFlag.AlignLeft if c == 0 else Qt.AlignmentFlag.AlignCenter)
                                      | Qt.AlignmentFlag.AlignVCenter)
                if c == 0:
                    item.setForeground(QBrush(QColor(state.setup.players[p].colour)))
                if c == 4:
                    f = item.font()
                    f.setBold(True)
                    item.setFont(f)
                if lowest:
                    item.setBackground(QBrush(LOWEST_BG))
                    item.setToolTip("Lowest total with a face-down fighter: removes one.")
                self.table.setItem(r, c, item)
        self.table.resizeRowsToContents()
        self.table.setMaximumHeight(whole_height(self.table))
