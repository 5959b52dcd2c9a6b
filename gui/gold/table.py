"""The duel table: both rows of played cards with their gold, the gold aside, badges, discards,
and the hand of whoever chooses now (or, in table mode, both hands as entry pads).

It only draws a state and reports clicks; the view turns clicks into actions.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import (QFrame, QHBoxLayout, QLabel, QLayout, QPushButton, QSizePolicy,
                               QVBoxLayout, QWidget)

from core.gold.cards import CARDS, HIDDEN, card_name, forbidden_reason, is_forbidden
from core.gold.game import Duel, GoldState
from core.text import plural
from gui.gold.cards import BadgeStrip, CardWidget, CoinPile, HandBacks
from gui.kit.style import set_role

ROW_CARD = QSize(70, 100)
HAND_CARD = QSize(84, 120)
# The nine cards of the discard step, a little smaller, fit a 1024x640 window without scrolling.
FULL_HAND_CARD = QSize(64, 92)
FULL_HAND_CARDS = 7  # more cards than this take the smaller size
MINI_CARD = QSize(30, 44)
BACK_CARD = QSize(18, 26)
# The played and hand cards grow with the room the table has (1.0 up to a 1280x800 window), so a
# large screen is not a strip of small cards over an empty page.
SCALE_ROOM = QSize(960, 600)
MAX_SCALE = 1.8


def card_scale(room: QSize) -> float:
    """How much larger than their base size the cards are drawn in this much room."""
    fit = min(room.width() / SCALE_ROOM.width(), room.height() / SCALE_ROOM.height())
    return round(min(MAX_SCALE, max(1.0, fit)), 2)


def scaled(size: QSize, scale: float) -> QSize:
    return QSize(round(size.width() * scale), round(size.height() * scale))


def clear(layout: QLayout) -> None:
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget()
        if widget is not None:
            widget.hide()
            widget.setParent(None)
            widget.deleteLater()
        elif item.layout() is not None:
            clear(item.layout())


class PlayerRow(QFrame):
    """One player's side: name, badges, round gold, hand size, discards, and the cards played."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("goldRow")
        self.name = QLabel(objectName="rowName")
        self.name.setWordWrap(True)  # a name of forty letters in the fixed column beside the cards
        self.badges = BadgeStrip()
        self.gold = QLabel(objectName="rowGold")
        self.hand = QLabel(objectName="rowHand")
        self.discard_label = QLabel("Discards:", objectName="rowDiscards")
        self.discard_box = QHBoxLayout()
        self.discard_box.setSpacing(3)
        info = QVBoxLayout()
        info.setSpacing(3)
        info.addWidget(self.name)
        info.addWidget(self.badges)
        info.addWidget(self.gold)
        # The hidden hand's backs sit beside its count, small: a row of their own pushed the
        # hand to choose from below the fold at 1024x640.
        hand_row = QHBoxLayout()
        hand_row.setSpacing(8)
        hand_row.addWidget(self.hand)
        self.hand_box = QHBoxLayout()
        hand_row.addLayout(self.hand_box, 1)
        info.addLayout(hand_row)
        info.addWidget(self.discard_label)
        info.addLayout(self.discard_box)
        info.addStretch(1)
        info_box = QWidget()
        info_box.setLayout(info)
        info_box.setFixedWidth(220)
        self.cards = QHBoxLayout()
        self.cards.setSpacing(8)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(10, 8, 10, 8)
        lay.addWidget(info_box)
        lay.addLayout(self.cards, 1)
        self.card_widgets: list[CardWidget] = []
        self.discard_widgets: list[CardWidget] = []
        self._colour = QColor("#9ca3af")
        self.scale = 1.0

    def set_scale(self, scale: float) -> None:
        self.scale = scale
        for w in self.card_widgets:
            w.setFixedSize(scaled(ROW_CARD, scale))

    def paintEvent(self, event: QPaintEvent) -> None:
        """The row's card in its player's colour, which no static style sheet can know."""
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(self._colour, 2))
        p.setBrush(QColor("#fffdf7"))
        p.drawRoundedRect(QRectF(self.rect()).adjusted(1, 1, -1, -1), 10, 10)
        p.end()

    def render(self, state: GoldState, p: int, duels: tuple[Duel, ...], gold: int) -> None:
        colour = state.setup.players[p].colour
        self._colour = QColor(colour)
        self.update()
        self.name.setText(state.name(p))
        palette = self.name.palette()
        palette.setColor(QPalette.ColorRole.WindowText, self._colour)
        self.name.setPalette(palette)
        self.badges.set_badges(state.badges[p], state.setup.badges_to_win)
        self.gold.setText(f"Gold this round: {gold}")
        n = len(state.hands[p])
        self.hand.setText(f"In hand: {plural(n, 'card')}")
        clear(self.hand_box)
        hidden = sum(1 for c in state.hands[p] if c == HIDDEN)
        if hidden:
            backs = HandBacks(hidden, colour, BACK_CARD)
            backs.setObjectName("handBacks")
            backs.setToolTip(f"{state.name(p)}'s hand: {plural(n, 'card')}")
            self.hand_box.addWidget(backs, 1)
        else:
            self.hand_box.addStretch(1)
        clear(self.discard_box)
        self.discard_widgets = []
        for c in state.discards[p]:
            mini = CardWidget(c, colour, MINI_CARD)
            self.discard_widgets.append(mini)
            mini.setToolTip("Face down" if c == HIDDEN else f"Discarded: {card_name(c)}")
            self.discard_box.addWidget(mini)
        self.discard_box.addStretch(1)
        clear(self.cards)
        self.card_widgets = []
        for d in duels:
            w = CardWidget(d.cards[p], colour, scaled(ROW_CARD, self.scale))
            w.gold = d.paid if d.winner == p else 0
            w.dim = d.mistakes[p]
            tip = card_name(d.cards[p]) + (" (final duel)" if d.final else "")
            if w.gold:
                tip += f": won {d.paid} gold"
            if d.mistakes[p]:
                tip += ": not allowed, the round was lost"
            w.setToolTip(tip)
            self.card_widgets.append(w)
            self.cards.addWidget(w)
        if not duels:
            empty = QLabel("No card played yet this round.", objectName="rowEmpty")
            self.cards.addWidget(empty)
        self.cards.addStretch(1)


class HandPanel(QFrame):
    """The cards a player may choose from; forbidden ones greyed out, with why.

    By keyboard: the arrows walk the focus over the cards that may be clicked (Up and Down
    between the two hands of table mode), Enter or Space plays or picks the focused one (Enter
    on the discard button is the main window's, as on every button)."""

    def __init__(self, on_card: Callable[[int, int], None], on_discard: Callable[[int, tuple[int, ...]], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("handPanel")
        self._on_card = on_card
        self._on_discard = on_discard
        self.rows = QVBoxLayout(self)
        self.rows.setContentsMargins(12, 8, 12, 8)
        self.rows.setSpacing(4)
        self.cards: dict[tuple[int, int], CardWidget] = {}
        self.selection: list[int] = []
        self.discard_player: int | None = None
        self.confirm: QPushButton | None = None
        self.reasons: dict[int, QLabel] = {}
        self.scale = 1.0

    def set_scale(self, scale: float) -> None:
        """Resize the cards shown in place (a rebuild would drop a half-made discard choice)."""
        self.scale = scale
        held = Counter(p for p, _c in self.cards)
        for (p, _c), w in self.cards.items():
            w.setFixedSize(self._card_size(held[p]))

    def _card_size(self, cards: int) -> QSize:
        return scaled(HAND_CARD if cards <= FULL_HAND_CARDS else FULL_HAND_CARD, self.scale)

    def show_discard(self, state: GoldState, p: int) -> None:
        self._reset()
        self.discard_player = p
        self._title(f"{state.name(p)}: choose 2 cards to put out of the game "
                    f"({'face up' if state.setup.open_discards else 'face down'}).")
        row = self._card_row(state, p, state.hands[p], lambda c, pp=p: self._toggle(c))
        self.confirm = QPushButton("Discard the 2 chosen cards", objectName="confirmDiscard")
        self.confirm.setToolTip("Put the 2 chosen cards out of the game (Enter or Space)")
        set_role(self.confirm, "primary")
        self.confirm.setCursor(Qt.CursorShape.PointingHandCursor)
        self.confirm.clicked.connect(lambda: self._on_discard(p, tuple(self.selection)))
        self.confirm.setEnabled(False)
        row.addStretch(1)
        self.rows.addWidget(self.confirm, 0, Qt.AlignmentFlag.AlignLeft)

    def show_choice(self, state: GoldState, seats: tuple[int, ...], table: bool) -> None:
        self._reset()
        for p in seats:
            duel_no = len(state.duels) + 1
            if table:
                self._title(f"Enter the card {state.name(p)} played in duel {duel_no}:")
            else:
                self._title(f"{state.name(p)}: choose your card for duel {duel_no} of {state.duels_this_round}.")
            row = self._card_row(state, p, state.hands[p], lambda c, pp=p: self._on_card(pp, c), forbid=True,
                                 table=table)
            row.addStretch(1)
            reason = QLabel(objectName=f"forbiddenReason{p}")
            set_role(reason, "forbidden")
            prev = state.previous(p)
            bad = [c for c in state.hands[p] if is_forbidden(c, prev)]
            if bad:
                text = forbidden_reason(bad[0], prev) + "."
                if table:
                    text += f" Entering it means {state.name(p)} loses the round."
                reason.setText(text)
            reason.setVisible(bool(bad))
            self.reasons[p] = reason
            self.rows.addWidget(reason)

    def mark(self, player: int | None, cards: tuple[int, ...] = ()) -> None:
        """Frame the cards a hint names in `player`'s hand (None: no card)."""
        for (p, c), w in self.cards.items():
            w.set_hinted(p == player and c in cards)

    def show_waiting(self, text: str) -> None:
        self._reset()
        self._title(text)

    def _reset(self) -> None:
        clear(self.rows)
        self.cards = {}
        self.selection = []
        self.discard_player = None
        self.confirm = None
        self.reasons = {}

    def _title(self, text: str) -> None:
        label = QLabel(text, objectName="handTitle")
        label.setWordWrap(True)
        self.rows.addWidget(label)

    def _card_row(self, state: GoldState, p: int, hand: tuple[int, ...], clicked: Callable[[int], None],
                  forbid: bool = False, table: bool = False) -> QHBoxLayout:
        row = QHBoxLayout()
        row.setSpacing(8)
        prev = state.previous(p) if forbid else None
        size = self._card_size(len(hand))
        for c in sorted(hand, key=lambda c: CARDS.index(c) if c in CARDS else 99):
            w = CardWidget(c, state.setup.players[p].colour, size)
            bad = is_forbidden(c, prev)
            w.blocked = bad
            w.set_clickable(not bad or table)
            if bad:
                w.setToolTip(forbidden_reason(c, prev) + ("; entering it loses the round (Enter)" if table else ""))
            else:
                w.setToolTip((f"Play {card_name(c)}" if forbid else f"Pick {card_name(c)} to discard")
                             + " (Enter or Space; arrows move between the cards)")
            w.clicked.connect(clicked)
            w.step.connect(lambda dx, dy, w=w: self._step(w, dx, dy))
            self.cards[(p, c)] = w
            row.addWidget(w)
        self.rows.addLayout(row)
        return row

    def focusable(self) -> list[list[CardWidget]]:
        """The cards the keyboard may visit, one list per hand shown, left to right."""
        rows: dict[int, list[CardWidget]] = {}
        for (p, _), w in self.cards.items():
            if w.clickable:
                rows.setdefault(p, []).append(w)
        return list(rows.values())

    def focus_first(self) -> bool:
        """Give the focus to the first card that may be clicked (after the hand is rebuilt)."""
        rows = self.focusable()
        if not rows:
            return False
        card = rows[0][0]
        if self.isVisible():
            card.show()  # the layout would show a new card only on the next turn of the event loop
        card.setFocus(Qt.FocusReason.OtherFocusReason)  # a hidden card takes no focus
        return True

    def _step(self, card: CardWidget, dx: int, dy: int) -> None:
        rows = self.focusable()
        where = next(((r, row.index(card)) for r, row in enumerate(rows) if card in row), None)
        if where is None:
            return
        r = max(0, min(len(rows) - 1, where[0] + dy))
        col = max(0, min(len(rows[r]) - 1, where[1] + dx))
        rows[r][col].setFocus(Qt.FocusReason.OtherFocusReason)

    def _toggle(self, card: int) -> None:
        if card in self.selection:
            self.selection.remove(card)
        elif len(self.selection) < 2:
            self.selection.append(card)
        for (p, c), w in self.cards.items():
            w.selected = c in self.selection
            w.update()
        if self.confirm is not None:
            self.confirm.setEnabled(len(self.selection) == 2)


class GoldTable(QWidget):
    def __init__(self, on_card: Callable[[int, int], None], on_discard: Callable[[int, tuple[int, ...]], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("goldTable")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.header = QLabel(objectName="goldHeader")
        # it wraps: at 1024x640 with the hint bar shown, its one line scrolled the table sideways
        self.header.setWordWrap(True)
        self.box = QLabel(objectName="goldBox")
        self.rows = (PlayerRow(), PlayerRow())
        self.aside = CoinPile()
        self.aside_label = QLabel("Aside:", objectName="asideLabel")
        self.sentence = QLabel(objectName="duelSentence")
        self.sentence.setWordWrap(True)
        self.sentence.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.hand = HandPanel(on_card, on_discard)

        top = QHBoxLayout()
        top.addWidget(self.header, 1)
        top.addWidget(self.box)
        middle = QHBoxLayout()
        middle.setContentsMargins(10, 0, 10, 0)
        middle.addWidget(self.aside_label)
        middle.addWidget(self.aside)
        middle.addSpacing(12)
        middle.addWidget(self.sentence, 1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(16, 12, 16, 12)
        lay.setSpacing(8)
        lay.addLayout(top)
        lay.addWidget(self.rows[0])
        lay.addLayout(middle)
        lay.addWidget(self.rows[1])
        lay.addWidget(self.hand)
        lay.addStretch(1)

    def fit_cards(self, room: QSize) -> bool:
        """Size the cards for the room the table is shown in; True if they changed."""
        scale = card_scale(room)
        if scale == self.hand.scale:
            return False
        for row in self.rows:
            row.set_scale(scale)
        self.hand.set_scale(scale)
        return True

    def render(self, state: GoldState, sentence: str) -> None:
        """Draw the rows: this round's duels, or the round just finished if none is played yet."""
        duels = state.duels
        gold = (state.gold(0), state.gold(1))
        aside = state.aside
        if state.phase == "discard":
            self.header.setText("Set-up: each player puts 2 of their 9 cards out of the game")
        elif state.phase == "over":
            self.header.setText(f"Game over after {len(state.rounds)} rounds")
        else:
            self.header.setText(f"Round {state.round} \u00b7 {len(state.hands[0])} cards each \u00b7 "
                                f"duel {len(duels) + 1} of {state.duels_this_round}")
        if not duels and state.rounds:
            last = state.rounds[-1]
            duels = last.duels
            gold = last.gold
            aside = sum(d.paid for d in duels if d.winner is None and not any(d.mistakes))
            self.header.setText(self.header.text() + f"  (showing round {last.number}, just finished)")
        self.box.setText(f"Gold in the box: {state.supply} of 30")
        for p in (0, 1):
            self.rows[p].render(state, p, duels, gold[p])
        self.aside.set_count(aside)
        self.aside_label.setVisible(aside > 0)
        self.aside.setVisible(aside > 0)
        self.sentence.setText(sentence)
        self.sentence.setVisible(bool(sentence))
