"""The Solitaire table: the five thrown fighters, the throw, and the challenges to enter it on.

Rebuilt from the state on every change. Which challenges match and what they pay comes
from core (`matching`, `entry_points`, `GAME.allowed`); the board only shows it. The one
thing it remembers is the poses being entered in table mode, until "Record throw". Its look
is in resources/style/solitaire.qss (a challenge button's role says how it stands: match, zero,
idle or used).
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from core.fistful.roster import Fighter, Roster
from core.fistful.solitaire import (
    BASIC,
    CHALLENGE_NAMES,
    GAME,
    POINTS_RULE,
    STANDING_BONUS,
    SUPER,
    THROWS_PER_GAME,
    SolitaireState,
    entry_points,
    matching,
    throw_summary,
)
from core.fistful.throws import POSES, Landed
from gui.kit.fighters.tokens import BOARD_TOKEN, POSE_BUTTON_LABELS, board_token_scale
from gui.kit.layouts import clear_layout
from gui.kit.fighters.tokens import FighterToken
from gui.kit.fighters.tumble import Tumble, play_throw

ENTRY_CAPTION = "Click or press Enter for the next pose; B, S or D sets Back, Standing or Face down."


def next_pose(pose: str | None) -> str:
    """Table entry by clicks or Enter on a token: Back, Standing, Face down, round again."""
    return POSES[(POSES.index(pose) + 1) % len(POSES)] if pose in POSES else POSES[0]
from gui.kit.style import ColourLabel, set_role


ACTIONS_WIDTH = 160  # the throw's summary and buttons beside the five: 1024x640 fits without scrolling
CHALLENGE_HEIGHT = (42, 84)  # a challenge button's least and most height: it grows with the window


def challenge_button_name(challenge: int) -> str:
    return f"challenge{challenge}"


def pose_button_name(fighter: Fighter, pose: str) -> str:
    return f"pose:{fighter.sculpt}:{fighter.finish}:{pose}"


class SoloBoard(QWidget):
    """Calls `on_throw()`, `on_record()` and `on_enter(challenge)`; decides nothing."""

    def __init__(self, roster: Roster, on_throw: Callable[[], None], on_record: Callable[[], None],
                 on_enter: Callable[[int], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("soloBoard")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.roster = roster
        self._on_enter = on_enter
        self.tumble: Tumble | None = None
        self._state: SolitaireState | None = None
        self._mode = "simulated"
        self._token_scale = 1.0
        self.poses: dict[Fighter, str] = {}
        self._poses_for = -1
        self.tokens: dict[Fighter, FighterToken] = {}
        self.pose_buttons: dict[tuple[Fighter, str], QPushButton] = {}
        self.challenge_buttons: dict[int, QPushButton] = {}

        self.banner = ColourLabel(objectName="banner")
        self.banner.setWordWrap(True)
        self.sub_banner = QLabel(objectName="subBanner")
        self.sub_banner.setWordWrap(True)
        self.sub_banner.setProperty("role", "hint")

        throw_panel = self.throw_panel = QFrame(objectName="throwPanel")
        tl = QHBoxLayout(throw_panel)
        tl.setContentsMargins(12, 10, 12, 10)
        tl.setSpacing(14)
        self.tokens_row = QHBoxLayout()
        self.tokens_row.setSpacing(6)
        tl.addLayout(self.tokens_row)
        tl.addStretch(1)
        actions = QVBoxLayout()
        actions.setSpacing(6)
        self.throw_summary = QLabel(objectName="throwSummary")
        self.throw_summary.setWordWrap(True)
        self.throw_summary.setMinimumWidth(ACTIONS_WIDTH)
        self.status = QLabel(objectName="actionStatus")
        self.status.setWordWrap(True)
        self.throw_button = QPushButton("Throw!", objectName="throwButton")
        self.throw_button.setToolTip("Throw your five (Enter or Space when the button has the focus).")
        self.throw_button.setMinimumSize(ACTIONS_WIDTH, 56)
        self.throw_button.setCursor(Qt.CursorShape.PointingHandCursor)
        set_role(self.throw_button, "primary")
        self.throw_button.clicked.connect(on_throw)
        self.record_button = QPushButton("Record throw", objectName="recordThrowButton")
        self.record_button.setMinimumSize(ACTIONS_WIDTH, 46)
        self.record_button.setCursor(Qt.CursorShape.PointingHandCursor)
        set_role(self.record_button, "primary")
        self.record_button.clicked.connect(on_record)
        actions.addWidget(self.throw_summary)
        actions.addWidget(self.status)
        actions.addStretch(1)
        actions.addWidget(self.throw_button)
        actions.addWidget(self.record_button)
        tl.addLayout(actions)

        challenges = self.challenge_panel = QFrame(objectName="challengePanel")
        cl = QVBoxLayout(challenges)
        cl.setContentsMargins(12, 10, 12, 12)
        cl.setSpacing(6)
        self.challenge_title = QLabel(objectName="challengeTitle")
        self.challenge_title.setProperty("role", "heading")
        self.explanation = QLabel(objectName="challengeExplanation")
        self.explanation.setWordWrap(True)
        grid = QGridLayout()
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(6)
        for col, (heading, group) in enumerate((("Basic: add the face-up fighters", BASIC),
                                                ("Super: points as shown", SUPER))):
            h = QLabel(heading, objectName="challengeGroup")
            h.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
            grid.addWidget(h, 0, col)
            for row, c in enumerate(group, start=1):
                b = QPushButton(objectName=challenge_button_name(c))
                b.setMinimumHeight(CHALLENGE_HEIGHT[0])
                b.setMaximumHeight(CHALLENGE_HEIGHT[1])
                b.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
                b.clicked.connect(lambda _=False, c=c: self._on_enter(c))
                self.challenge_buttons[c] = b
                grid.addWidget(b, row, col)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        for label in (self.challenge_title, self.explanation):
            label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        cl.addWidget(self.challenge_title)
        cl.addWidget(self.explanation)
        cl.addLayout(grid, 1)
        cl.setSizeConstraint(QLayout.SizeConstraint.SetMinAndMaxSize)  # the panel stops where its buttons do
        challenges.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)

        self.bests_line = QLabel(objectName="bestsLine")
        self.bests_line.setWordWrap(True)

        lay = QVBoxLayout(self)
        lay.setContentsMargins(20, 10, 20, 10)
        lay.setSpacing(8)
        lay.addWidget(self.banner)
        lay.addWidget(self.sub_banner)
        # the throw and the challenges it is entered on: Solitaire's board, grown to fill the page
        self.play_area = QWidget(objectName="playArea")
        play = QVBoxLayout(self.play_area)
        play.setContentsMargins(0, 0, 0, 0)
        play.setSpacing(8)
        play.addWidget(throw_panel)
        play.addWidget(challenges, 1)
        play.setSizeConstraint(QLayout.SizeConstraint.SetMinAndMaxSize)
        throw_panel.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        lay.addWidget(self.play_area, 1)
        lay.addStretch(0)  # what the challenges' buttons, at their tallest, leave
        lay.addWidget(self.bests_line)

    # --- table-mode poses (UI state) -----------------------------------------------------
    def set_pose(self, fighter: Fighter, pose: str) -> None:
        self.poses[fighter] = pose
        if self._state is not None:
            self.render(self._state, self._mode)

    def missing_poses(self) -> int:
        return sum(1 for f in self._state.five if f not in self.poses) if self._state else 0

    def entered_landed(self) -> tuple[Landed, ...]:
        return tuple(Landed(f, self.poses[f]) for f in self._state.five if f in self.poses)

    def set_bests_line(self, text: str) -> None:
        self.bests_line.setText(text)
        self.bests_line.setVisible(bool(text))

    # --- drawing ---------------------------------------------------------------------------
    def _fitting_token_scale(self) -> float:
        """Bigger tokens on a big window, leaving the challenges below room to stay in view."""
        by_height = max(1.0, self.height() * 0.22 / BOARD_TOKEN.height())
        return min(board_token_scale(self.throw_panel.width() - 260, 5), round(by_height, 2))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        QTimer.singleShot(0, self, self._refit_tokens)  # once the panels have their new sizes

    def _refit_tokens(self) -> None:
        if self._state is not None and self._fitting_token_scale() != self._token_scale:
            self.render(self._state, self._mode)

    @property
    def landing(self) -> bool:
        """True while a throw is being shown landing."""
        return self.tumble is not None and self.tumble.running

    def set_entry_pose(self, fighter: Fighter, pose: str | None = None) -> None:
        """A token's click or key in table entry: the pose named, or the next one."""
        self.set_pose(fighter, pose or next_pose(self.poses.get(fighter)))

    def render(self, state: SolitaireState, mode: str, landing: bool = False) -> None:
        """Draw the table; with `landing`, the five have just been thrown and land before the eyes."""
        if self.tumble is not None:
            self.tumble.skip()
            self.tumble = None
        focused = next((f for f, t in self.tokens.items() if t.hasFocus()), None)
        self._state = state
        self._mode = mode
        if self._poses_for != len(state.throws):
            self.poses = {}
            self._poses_for = len(state.throws)
        entering = mode == "table" and state.phase == "throw"
        thrown = state.phase == "enter"
        landed = {x.fighter: x.pose for x in state.last.landed} if thrown else {}

        self._render_banner(state, mode)
        clear_layout(self.tokens_row)
        self._token_scale = self._fitting_token_scale()
        self.tokens, self.pose_buttons = {}, {}
        for f in state.five:
            col = QVBoxLayout()
            col.setSpacing(2)
            pose = self.poses.get(f) if entering else landed.get(f)
            t = FighterToken(self.roster, f, pose, size=BOARD_TOKEN, scale=self._token_scale)
            t.setObjectName(f"token:{f.sculpt}:{f.finish}")
            self.tokens[f] = t
            if entering:
                t.set_clickable(True, ENTRY_CAPTION)
                t.clicked.connect(lambda f=f: self.set_entry_pose(f))
                t.pose_requested.connect(lambda pose, f=f: self.set_entry_pose(f, pose))
            col.addWidget(t)
            if entering:
                for pose_id in POSES:
                    b = QPushButton(POSE_BUTTON_LABELS[pose_id], objectName=pose_button_name(f, pose_id))
                    b.setCheckable(True)
                    b.setChecked(pose == pose_id)
                    b.setFixedSize(t.width(), 21)
                    b.setCursor(Qt.CursorShape.PointingHandCursor)
                    b.setProperty("role", "pose")
                    b.clicked.connect(lambda _=False, f=f, pose_id=pose_id: self.set_pose(f, pose_id))
                    self.pose_buttons[(f, pose_id)] = b
                    col.addWidget(b)
            col.addStretch(1)
            self.tokens_row.addLayout(col)

        self.throw_button.setVisible(state.phase == "throw" and mode == "simulated")
        self.record_button.setVisible(entering)
        missing = self.missing_poses() if entering else 0
        self.record_button.setEnabled(entering and missing == 0)
        if entering:
            self.status.setText(f"{missing} pose{'s' if missing != 1 else ''} still to enter." if missing
                                else "Every pose is set: record the throw.")
        elif state.phase == "throw":
            self.status.setText("Throw your five.")
        else:
            self.status.setText("")
        self.status.setVisible(bool(self.status.text()))
        self._render_summary(state)
        self._render_challenges(state)
        if focused in self.tokens:  # a new token is shown by its layout later: focus it then
            token = self.tokens[focused]
            QTimer.singleShot(0, token, lambda: token.setFocus(Qt.FocusReason.OtherFocusReason))
        if landing and thrown and mode == "simulated":
            self.tumble = play_throw(self, [list(self.tokens.values())])
            if self.tumble is not None:
                self.challenge_panel.setEnabled(False)
                self.throw_summary.hide()
                self.tumble.finished.connect(self._landed)

    def _landed(self) -> None:
        self.challenge_panel.setEnabled(True)
        self.throw_summary.setVisible(bool(self.throw_summary.text()))

    def _render_banner(self, state: SolitaireState, mode: str) -> None:
        games = state.setup.games
        where = f"Game {state.game + 1} of {games} \u00b7 " if games > 1 else ""
        text = f"{where}Throw {state.throw_number} of {THROWS_PER_GAME}"
        total = state.sheet.total(state.game)
        if state.phase == "enter":
            text += ": choose a challenge"  # the panel below says for what; a longer line wraps at 1024x640
            sub = f"Score so far in this game: {total}."
        else:
            text += ": ready to throw"
            sub = ("Press Throw! to throw your five." if mode == "simulated" else
                   "Throw your five on the table, then click how each one landed: Back, Standing or Face down.")
            sub = f"Score so far in this game: {total}. " + sub
        self.banner.setText(text)
        self.banner.set_colour(state.setup.players[0].colour)
        self.sub_banner.setText(sub)

    def _render_summary(self, state: SolitaireState) -> None:
        if state.phase != "enter":
            self.throw_summary.setText("")
            self.throw_summary.hide()
            return
        text = f"<b>{throw_summary(self.roster, state.last.landed)}</b>"
        if state.last.standing:
            text += f"<br><b style='color:#92400e'>Standing fighter: +{STANDING_BONUS} on this throw's entry</b>"
        self.throw_summary.setText(text)
        self.throw_summary.show()

    def _render_challenges(self, state: SolitaireState) -> None:
        entering = state.phase == "enter"
        throw = state.last.landed if entering else ()
        hits = matching(self.roster, throw) if entering else {}
        allowed = set(GAME.allowed(state))
        unused = state.sheet.unused(state.game)
        any_match = any(c in hits for c in unused)
        bonus = state.last.standing if entering else False
        for c, b in self.challenge_buttons.items():
            entered = state.sheet.entry(state.game, c)
            head = f"{c} \u00b7 {CHALLENGE_NAMES[c]}"
            if entered is not None:
                b.setText(f"{head}\nUsed: scored {entered}")
                kind = "used"
            elif not entering:
                b.setText(f"{head}\nOpen \u2014 {POINTS_RULE[c]}")
                kind = "idle"
            elif c in hits:
                pts = entry_points(self.roster, throw, c)
                extra = f" + {STANDING_BONUS} standing = {pts}" if bonus else ""
                b.setText(f"{head}\nMatches: {hits[c]} pts{extra} \u2014 click to enter")
                kind = "match"
            elif not any_match:
                pts = entry_points(self.roster, throw, c)
                extra = f" + {STANDING_BONUS} standing = {pts}" if bonus else ""
                b.setText(f"{head}\nNo match: enter 0{extra}")
                kind = "zero"
            else:
                b.setText(f"{head}\nDoes not match")
                kind = "idle"
            clickable = entering and c in allowed
            b.setEnabled(clickable)
            b.setCursor(Qt.CursorShape.PointingHandCursor if clickable else Qt.CursorShape.ArrowCursor)
            set_role(b, f"challenge-{kind}")
            b.setToolTip(f"Challenge {c}: {CHALLENGE_NAMES[c]} ({POINTS_RULE[c]}).")
        open_n = len(unused)
        if not entering:
            self.challenge_title.setText(f"Challenges \u2014 {open_n} still open")
            self.explanation.setText("After the throw, the open challenges it matches light up green.")
        elif any_match:
            n = len(allowed)
            self.challenge_title.setText("Enter this throw")
            self.explanation.setText(
                f"This throw matches {n} open challenge{'s' if n != 1 else ''}"
                + (": choose one of them (each can be used once per game)." if n > 1 else ": click it to enter.")
                + (f" The standing fighter adds {STANDING_BONUS} to the entry." if bonus else ""))
        else:
            self.challenge_title.setText("No open challenge matches")
            self.explanation.setText(
                "This throw matches none of the challenges still open, so you must enter 0 on one of them. "
                "Give up the one you are least likely to make later."
                + (f" The standing fighter still adds {STANDING_BONUS}, so the entry is {STANDING_BONUS}."
                   if bonus else ""))
