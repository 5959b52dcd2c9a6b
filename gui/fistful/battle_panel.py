"""The battle beside the board: each side's fighters with their poses, the score breakdown,
what happened and what comes next, and the buttons for the step at hand.

Rebuilt from the state on every change. Which tokens are clickable comes from the engine's
legal actions (flips, removals); the panel only remembers the poses typed in table mode. A
simulated throw just made lands before the eyes (gui/kit/fighters/tumble), one fistful after
another; while it lands the buttons wait, so nothing acts twice.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.fistful.battles import BattleScore
from core.fistful.roster import Fighter, Roster
from core.fistful.throws import POSES, Landed
from core.text import plural
from gui.kit.fighters.tokens import POSE_BUTTON_LABELS, FighterToken
from gui.kit.fighters.tumble import Tumble, play_throw
from gui.kit.flow import WidgetFlow
from gui.kit.layouts import clear_layout, keep_in_view
from gui.kit.style import ColourLabel, set_role
from gui.kit.tables import keep_rows_fitted, whole_height

PANEL_TOKEN = QSize(78, 118)
WARLORDS = "warlords"
WINNER_BG = QColor("#e7f7ec")
OUT_COLOUR = "#c7cbd3"  # the stripe of a player knocked out
OUT_INK = "#9ca3af"

Side = Hashable  # a player index, or WARLORDS in the champion fight
ENTRY_CAPTION = "Click or press Enter for the next pose; B, S or D sets Back, Standing or Face down."


def next_pose(pose: str | None) -> str:
    """Table entry by clicks or Enter on a token: Back, Standing, Face down, round again."""
    return POSES[(POSES.index(pose) + 1) % len(POSES)] if pose in POSES else POSES[0]


def token_name(side: Side, fighter: Fighter) -> str:
    return f"btoken:{side}:{fighter.sculpt}:{fighter.finish}"


def pose_button_name(side: Side, fighter: Fighter, pose: str) -> str:
    return f"bpose:{side}:{fighter.sculpt}:{fighter.finish}:{pose}"


class SideCard:
    """What one card shows: a side's name, colour, fighters (with poses) and a status line."""

    def __init__(self, side: Side, name: str, colour: str, fighters: Sequence[Fighter],
                 poses: dict[Fighter, str], status: str = "", score: BattleScore | None = None,
                 entering: bool = False, active: bool = False, out: bool = False) -> None:
        self.side, self.name, self.colour = side, name, colour
        self.fighters, self.poses, self.status, self.score = tuple(fighters), poses, status, score
        self.entering, self.active, self.out = entering, active, out


class BattlePanel(QWidget):
    """Calls `on_token(side, fighter)`, `on_refused(side, fighter)` (a click or Enter on a fighter that may
    not be chosen), `on_throw()`, `on_record()`, `on_skip()` and `on_landed()` (a throw has finished
    landing); decides nothing."""

    def __init__(self, roster: Roster, on_token: Callable[[Side, Fighter], None], on_throw: Callable[[], None],
                 on_record: Callable[[], None], on_skip: Callable[[], None],
                 parent: QWidget | None = None, on_refused: Callable[[Side, Fighter], None] | None = None,
                 on_landed: Callable[[], None] | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("battlePanel")
        self.roster = roster
        self._on_token = on_token
        self._on_refused = on_refused
        self._on_landed = on_landed
        self.tumble: Tumble | None = None
        self._hidden: list[QWidget] = []  # the outcome, hidden while a throw lands
        self._score_lines: list[QLabel] = []
        self.poses: dict[tuple[Side, Fighter], str] = {}
        self._poses_key: object = None
        self.tokens: dict[tuple[Side, Fighter], FighterToken] = {}
        self.pose_buttons: dict[tuple[Side, Fighter, str], QPushButton] = {}
        self._cards: list[SideCard] = []

        self.title = QLabel(objectName="battleTitle")
        self.title.setWordWrap(True)
        self.result = QLabel(objectName="battleResult")
        self.result.setWordWrap(True)
        self.table = QTableWidget(0, 7, objectName="breakdownTable")
        keep_rows_fitted(self.table, lambda: self.table.setFixedHeight(whole_height(self.table)))
        self.table.setHorizontalHeaderLabels(["Player", "Up", "Points", "+2", "Slaughter", "Team", "Total"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setShowGrid(False)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        hh = self.table.horizontalHeader()
        hh.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for c in range(1, 7):
            hh.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        self.cards_box = QWidget(objectName="cardsBox")
        self.cards_layout = QVBoxLayout(self.cards_box)
        self.cards_layout.setContentsMargins(0, 0, 0, 0)
        self.cards_layout.setSpacing(8)

        content = QWidget(objectName="panelContent")
        cl = QVBoxLayout(content)
        cl.setContentsMargins(0, 0, 6, 0)
        cl.setSpacing(8)
        cl.addWidget(self.title)
        cl.addWidget(self.result)
        cl.addWidget(self.table)
        cl.addWidget(self.cards_box)
        cl.addStretch(1)
        self.scroll = QScrollArea(objectName="panelScroll")
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setWidget(content)
        self._in_view: QWidget | None = None  # the active side's card, kept in view as the cards settle
        # a card's fistful wraps once the card has its width, which makes it taller: scroll again then
        self._show_active = keep_in_view(self.scroll, lambda: self._in_view)

        self.next = QLabel(objectName="battleNext")
        self.next.setWordWrap(True)
        self.throw_button = QPushButton("Throw!", objectName="throwButton")
        self.throw_button.setToolTip("Throw every fistful (Enter or Space when the button has the focus).")
        self.throw_button.setMinimumHeight(50)
        self.throw_button.setCursor(Qt.CursorShape.PointingHandCursor)
        set_role(self.throw_button, "primary")
        self.throw_button.clicked.connect(on_throw)
        self.record_button = QPushButton("Record throw", objectName="recordThrowButton")
        self.record_button.setMinimumHeight(44)
        self.record_button.setCursor(Qt.CursorShape.PointingHandCursor)
        set_role(self.record_button, "primary")
        self.record_button.clicked.connect(on_record)
        self.skip_button = QPushButton(objectName="skipButton")
        self.skip_button.setMinimumHeight(40)
        self.skip_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.skip_button.clicked.connect(on_skip)

        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(6)
        lay.addWidget(self.scroll, 1)
        lay.addWidget(self.next)
        lay.addWidget(self.throw_button)
        lay.addWidget(self.record_button)
        lay.addWidget(self.skip_button)

    # --- table-mode poses (UI state) --------------------------------------------------
    def reset_poses(self, key: object) -> None:
        """Forget typed poses when a new throw starts (`key` names the throw)."""
        if key != self._poses_key:
            self.poses = {}
            self._poses_key = key

    def set_pose(self, side: Side, fighter: Fighter, pose: str) -> None:
        self.poses[(side, fighter)] = pose
        for p in POSES:
            b = self.pose_buttons.get((side, fighter, p))
            if b is not None:
                b.setChecked(p == pose)
        t = self.tokens.get((side, fighter))
        if t is not None:
            t.set_pose(pose)
        self._update_record()

    def set_entry_pose(self, side: Side, fighter: Fighter, pose: str | None = None) -> None:
        """A token's click or key in table entry: the pose named, or the next one."""
        self.set_pose(side, fighter, pose or next_pose(self.poses.get((side, fighter))))

    @property
    def landing(self) -> bool:
        """True while a throw is being shown landing."""
        return self.tumble is not None and self.tumble.running

    def entered(self, side: Side, fighters: Sequence[Fighter]) -> tuple[Landed, ...]:
        return tuple(Landed(f, self.poses[(side, f)]) for f in fighters if (side, f) in self.poses)

    def missing_poses(self) -> int:
        return sum(1 for c in self._cards if c.entering for f in c.fighters if (c.side, f) not in self.poses)

    def _update_record(self) -> None:
        if not self.record_button.isHidden():
            missing = self.missing_poses()
            self.record_button.setEnabled(missing == 0)
            self.record_button.setText("Record throw" if not missing else
                                       f"Record throw ({plural(missing, 'pose')} to set)")

    # --- drawing ----------------------------------------------------------------------
    def render(self, title: str, result: str, next_step: str, cards: Sequence[SideCard],
               scores: Sequence[tuple[str, str, BattleScore, bool, bool]], clickable: dict[Side, set[Fighter]],
               click_caption: str, throw: bool, record: bool, skip: str,
               landing: Sequence[Side] = ()) -> None:
        """`scores` rows are (name, colour, score, winner, hero); `landing` names the sides whose fistfuls
        were just thrown by chance, shown landing in that order."""
        old, self.tumble = self.tumble, None
        if old is not None:
            old.finished.disconnect()
            old.skip()
        self._hidden = []
        focused = next((key for key, t in self.tokens.items() if t.hasFocus()), None)
        self._cards = list(cards)
        self.title.setText(title)
        self.title.setVisible(bool(title))
        self.result.setText(result)
        self.result.setVisible(bool(result))
        self.next.setText(next_step)
        self.next.setVisible(bool(next_step))
        self._render_table(scores)
        clear_layout(self.cards_layout)
        self.tokens, self.pose_buttons, self._score_lines = {}, {}, []
        active = None
        for card in cards:
            widget = self._card(card, clickable.get(card.side, set()), click_caption)
            self.cards_layout.addWidget(widget)
            if card.active and active is None:
                active = widget
        self._in_view = active
        if active is not None:
            QTimer.singleShot(0, active, self._show_active)
        self.throw_button.setVisible(throw)
        self.record_button.setVisible(record)
        self.skip_button.setText(skip)
        self.skip_button.setVisible(bool(skip))
        for b in (self.throw_button, self.skip_button):
            b.setEnabled(True)
        self._update_record()
        if focused in self.tokens:  # a new token is shown by its layout later: focus it then
            token = self.tokens[focused]
            QTimer.singleShot(0, token, lambda: token.setFocus(Qt.FocusReason.OtherFocusReason))
        if landing:
            fistfuls = [[t for (s, _f), t in self.tokens.items() if s == side] for side in landing]
            self.tumble = play_throw(self, fistfuls)
            if self.tumble is not None:
                for b in (self.throw_button, self.skip_button):
                    b.setEnabled(False)
                # the outcome waits until the fighters have landed, so the table sees who stood up first
                self._hidden = [w for w in [self.result, self.table, *self._score_lines]
                                if not w.isHidden()]
                for w in self._hidden:
                    w.hide()
                self.tumble.finished.connect(self._landed)

    def _landed(self) -> None:
        for b in (self.throw_button, self.skip_button):
            b.setEnabled(True)
        for w in self._hidden:
            w.show()
        self._hidden = []
        if self._on_landed is not None:
            self._on_landed()

    def show_bonus_columns(self, slaughter: bool, team_victory: bool) -> None:
        """The Slaughter and Team columns only where their advanced rules are played: at 1024x640
        two columns of dashes squeezed the players' names to "Pl…"."""
        self.table.setColumnHidden(4, not slaughter)
        self.table.setColumnHidden(5, not team_victory)

    def _render_table(self, rows: Sequence[tuple[str, str, BattleScore, bool, bool]]) -> None:
        self.table.setRowCount(len(rows))
        self.table.setVisible(bool(rows))
        for r, (name, colour, s, winner, hero) in enumerate(rows):
            cells = [("\u2605 Hero \u00b7 " if hero else "") + name, str(s.face_up), str(s.points),
                     f"+{s.bonus}" if s.bonus else "\u2013", f"+{s.slaughter}" if s.slaughter else "\u2013",
                     f"+{s.team_victory}" if s.team_victory else "\u2013", str(s.total)]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setTextAlignment((Qt.AlignmentFlag.AlignLeft if c == 0 else Qt.AlignmentFlag.AlignCenter)
                                      | Qt.AlignmentFlag.AlignVCenter)
                if c == 0:
                    item.setForeground(QBrush(QColor(colour)))
                if c in (0, 6):
                    f = item.font()
                    f.setBold(True)
                    item.setFont(f)
                if winner:
                    item.setBackground(QBrush(WINNER_BG))
                self.table.setItem(r, c, item)
        self.table.resizeRowsToContents()
        self.table.setFixedHeight(whole_height(self.table))

    def _card(self, card: SideCard, clickable: set[Fighter], caption: str) -> QWidget:
        key = f"sideCard{card.side}"
        panel = QFrame(objectName=key)
        panel.setProperty("role", "sideCard")
        panel.setProperty("active", card.active)
        outer = QHBoxLayout(panel)
        outer.setContentsMargins(8, 8, 8, 8)
        outer.setSpacing(8)
        stripe = ColourLabel(role="sideStripe", radius=3, objectName="sideStripe")
        stripe.setFixedWidth(6)
        stripe.set_colour(OUT_COLOUR if card.out else card.colour)
        outer.addWidget(stripe)
        inner = QVBoxLayout()
        inner.setSpacing(4)
        outer.addLayout(inner, 1)
        head = QHBoxLayout()
        name = QLabel(card.name, objectName="sideName")
        ink = name.palette()
        ink.setColor(QPalette.ColorRole.WindowText, QColor(OUT_INK if card.out else card.colour))
        name.setPalette(ink)
        head.addWidget(name)
        status = QLabel(card.status, objectName="sideStatus")
        status.setWordWrap(True)
        head.addWidget(status, 1)
        inner.addLayout(head)
        if card.score is not None and not card.entering:
            s = card.score
            parts = [f"{s.face_up} up = {s.points}"]
            for value, label in ((s.bonus, "most up"), (s.slaughter, "Slaughter"), (s.team_victory, "Team Victory")):
                if value:
                    parts.append(f"+{value} {label}")
            line = QLabel(" ".join(parts) + f" \u2192 {s.total}", objectName="sideScore")
            self._score_lines.append(line)
            inner.addWidget(line)
        cells = []
        for f in card.fighters:
            cell = QWidget(objectName="fighterCell")
            col = QVBoxLayout(cell)
            col.setContentsMargins(0, 0, 0, 0)
            col.setSpacing(2)
            pose = self.poses.get((card.side, f)) if card.entering else card.poses.get(f)
            t = FighterToken(self.roster, f, pose, size=PANEL_TOKEN)
            t.setObjectName(token_name(card.side, f))
            self.tokens[(card.side, f)] = t
            if f in clickable:
                t.set_clickable(True, caption)
                t.set_highlight("#ef4444")
                t.clicked.connect(lambda side=card.side, f=f: self._on_token(side, f))
            elif card.entering:
                t.set_clickable(True, ENTRY_CAPTION)
                t.clicked.connect(lambda side=card.side, f=f: self.set_entry_pose(side, f))
                t.pose_requested.connect(lambda pose, side=card.side, f=f: self.set_entry_pose(side, f, pose))
            if self._on_refused is not None:
                t.refused.connect(lambda side=card.side, f=f: self._on_refused(side, f))
            col.addWidget(t)
            if card.entering:
                for pose_id in POSES:
                    b = QPushButton(POSE_BUTTON_LABELS[pose_id], objectName=pose_button_name(card.side, f, pose_id))
                    self.pose_buttons[(card.side, f, pose_id)] = b
                    b.setCheckable(True)
                    b.setChecked(pose == pose_id)
                    b.setFixedSize(PANEL_TOKEN.width(), 21)
                    b.setCursor(Qt.CursorShape.PointingHandCursor)
                    b.setProperty("role", "pose")
                    b.clicked.connect(lambda _=False, s=card.side, f=f, p=pose_id: self.set_pose(s, f, p))
                    col.addWidget(b)
            cell.setFixedSize(col.sizeHint())
            cells.append(cell)
        flow = WidgetFlow(spacing=5)
        flow.setObjectName("fistfulFlow")
        flow.set_items(cells)
        inner.addWidget(flow)
        if card.out:
            gone = QLabel("Out of the game.", objectName="sideOut")
            inner.addWidget(gone)
        # the card's height follows its width (a status line that wraps in a narrow panel, the
        # fistful's rows): a fixed height was its one-line size hint, and cut the last row's foot
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        panel.setSizePolicy(policy)
        return panel
