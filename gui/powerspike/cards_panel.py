"""Playing cards drawn as cards, and the picker that enters cards drawn from real decks.

Power Spike's cards are ints (core/powerspike/cards.py); a `PlayingCard` paints one face up
(rank and suit in the corners, a big pip, red or black) or as a joker, and can be highlighted
(the best card of a hand) or faded (a joker set aside). The `CardPicker` is the table-mode
input: the players draw from their real decks and click what they drew, rank then suit;
only cards that can still come out of the pile are enabled, so a typo cannot be entered.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from core.powerspike.cards import (
    JOKERS,
    RANK_NAMES,
    RANKS,
    SUIT_SYMBOLS,
    SUITS,
    card,
    card_name,
    is_joker,
    rank,
    suit,
)
from gui.kit.flow import WidgetFlow
from gui.kit.style import set_role

RED = QColor("#c62828")
BLACK = QColor("#1b1b1f")
JOKER_INK = QColor("#6a1b9a")
HIGHLIGHT = QColor("#f5b301")
CARD_SIZES = {"small": QSize(46, 66), "medium": QSize(62, 88), "large": QSize(84, 120)}


def rank_label(r: int) -> str:
    return RANK_NAMES.get(r, str(r))


def card_ink(c: int) -> QColor:
    if is_joker(c):
        return JOKER_INK if c == JOKERS[0] else BLACK
    return RED if suit(c) in (1, 2) else BLACK


def card_words(c: int) -> str:
    """'Queen of hearts', 'Joker' — for tooltips and accessible names."""
    if is_joker(c):
        return "Joker"
    names = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}
    return f"{names.get(rank(c), str(rank(c)))} of {SUITS[suit(c)]}"


class PlayingCard(QWidget):
    """One card, face up (or its back when `c` is None)."""

    def __init__(self, c: int | None, size: str = "medium", highlight: bool = False, faded: bool = False,
                 caption: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card = c
        self.highlight = highlight
        self.faded = faded
        self.caption = caption
        self.setFixedSize(CARD_SIZES[size])
        self.setObjectName(f"card:{c}" if c is not None else "card:back")
        if c is not None:
            tip = card_words(c) + (f" \u2014 {caption}" if caption else "")
            self.setToolTip(tip)
            self.setAccessibleName(tip)

    @property
    def text(self) -> str:
        return card_name(self.card) if self.card is not None else ""

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        if self.faded:
            p.setOpacity(0.55)
        r = QRectF(self.rect()).adjusted(2.5, 2.5, -2.5, -2.5)
        radius = r.width() * 0.09
        if self.highlight:
            p.setPen(QPen(HIGHLIGHT, 4))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r.adjusted(-0.5, -0.5, 0.5, 0.5), radius + 1, radius + 1)
        if self.card is None:
            g = QLinearGradient(r.topLeft(), r.bottomRight())
            g.setColorAt(0, QColor("#1e3a8a"))
            g.setColorAt(1, QColor("#172554"))
            p.setBrush(g)
            p.setPen(QPen(QColor("#f8fafc"), 2))
            p.drawRoundedRect(r, radius, radius)
            p.setPen(QPen(QColor(255, 255, 255, 70), 1))
            inner = r.adjusted(5, 5, -5, -5)
            step = 6.0
            x = inner.left() - inner.height()
            while x < inner.right():
                p.drawLine(int(x), int(inner.bottom()), int(x + inner.height()), int(inner.top()))
                x += step
            p.end()
            return
        p.setBrush(QColor("#fffdf7"))
        p.setPen(QPen(QColor("#6b7280"), 1.2))
        p.drawRoundedRect(r, radius, radius)
        ink = card_ink(self.card)
        w = r.width()
        if is_joker(self.card):
            self._paint_joker(p, r, ink)
        else:
            corner = QFont()
            corner.setPixelSize(max(9, round(w * 0.24)))
            corner.setBold(True)
            p.setFont(corner)
            p.setPen(ink)
            label = f"{rank_label(rank(self.card))}\n{SUIT_SYMBOLS[suit(self.card)]}"
            box = QRectF(r.left() + w * 0.06, r.top() + w * 0.04, w * 0.4, r.height() * 0.5)
            p.drawText(box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, label)
            p.save()
            p.translate(r.center())
            p.rotate(180)
            p.translate(-r.center())
            p.drawText(box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, label)
            p.restore()
            pip = QFont()
            pip.setPixelSize(max(14, round(w * 0.5)))
            p.setFont(pip)
            p.drawText(r.adjusted(0, r.height() * 0.08, 0, 0), Qt.AlignmentFlag.AlignCenter,
                       SUIT_SYMBOLS[suit(self.card)])
        if self.caption:
            f = QFont()
            f.setPixelSize(max(8, round(w * 0.15)))
            f.setBold(True)
            p.setFont(f)
            band = QRectF(r.left(), r.bottom() - r.height() * 0.2, r.width(), r.height() * 0.2)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(0, 0, 0, 150))
            path = QPainterPath()
            path.addRoundedRect(band, radius, radius)
            p.drawPath(path)
            p.setPen(QColor("#ffffff"))
            p.drawText(band, Qt.AlignmentFlag.AlignCenter, self.caption)
        p.end()

    def _paint_joker(self, p: QPainter, r: QRectF, ink: QColor) -> None:
        w = r.width()
        f = QFont()
        f.setPixelSize(max(8, round(w * 0.17)))
        f.setBold(True)
        f.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 90)
        p.setFont(f)
        p.setPen(ink)
        p.drawText(QRectF(r.left(), r.top() + 3, r.width(), r.height() * 0.22), Qt.AlignmentFlag.AlignCenter, "JOKER")
        star = QFont()
        star.setPixelSize(max(14, round(w * 0.55)))
        p.setFont(star)
        p.drawText(r.adjusted(0, r.height() * 0.06, 0, 0), Qt.AlignmentFlag.AlignCenter, "\u2605")


class CardRow(QWidget):
    """A hand of cards side by side, with a title above; highlights and fades by card."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel(objectName="cardRowTitle")
        self.title.setWordWrap(True)
        self.flow = WidgetFlow()
        self._cards: list[PlayingCard] = []
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(3)
        lay.addWidget(self.title)
        lay.addWidget(self.flow)

    @property
    def cards(self) -> list[PlayingCard]:
        return self._cards

    def set_cards(self, title: str, cards: Sequence[int | None], size: str = "medium",
                  best: int | None = None, set_aside: Iterable[int] = (), colour: str = "#1f2937") -> None:
        aside = set(set_aside)
        self.title.setText(title)
        palette = self.title.palette()
        palette.setColor(QPalette.ColorRole.WindowText, QColor(colour))  # the side's colour: no sheet sets it
        self.title.setPalette(palette)
        widgets = []
        for c in cards:
            caption = "best" if c is not None and c == best else ("aside" if c in aside else "")
            widgets.append(PlayingCard(c, size, highlight=c is not None and c == best, faded=c in aside,
                                       caption=caption))
        self._cards = widgets
        self.flow.set_items(widgets)


class CardPicker(QWidget):
    """Enter real cards: pick a rank (or Joker), then a suit; `entered(tuple of hands)` on Record.

    `start` names the hands to fill in drawing order, e.g. [("Attacker", 4), ("Target", 3)], with
    the pile and discards of the deck they come from. A card is enabled only if it can be the
    next one drawn: from the pile while it lasts, then (the pile reshuffled) from the discards.
    """

    entered = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cardPicker")
        self.hands: list[tuple[str, int]] = []
        self.picked: list[int] = []
        self.pile: tuple[int, ...] = ()
        self.discards: tuple[int, ...] = ()
        self.rank: int | None = None
        self._key: object = None
        self.prompt = QLabel(objectName="pickerPrompt")
        self.prompt.setWordWrap(True)
        self.rank_buttons: dict[int, QPushButton] = {}
        self.suit_buttons: dict[int, QPushButton] = {}
        self.joker_buttons: dict[int, QPushButton] = {}
        ranks = QGridLayout()
        ranks.setSpacing(3)
        for i, r in enumerate(RANKS):
            b = QPushButton(rank_label(r), objectName=f"rank:{r}")
            b.setCheckable(True)
            b.setFixedSize(34, 28)
            set_role(b, "psPick")
            b.clicked.connect(lambda _=False, r=r: self.choose_rank(r))
            ranks.addWidget(b, i // 7, i % 7)
            self.rank_buttons[r] = b
        suits = QHBoxLayout()
        suits.setSpacing(4)
        for s, sym in enumerate(SUIT_SYMBOLS):
            b = QPushButton(sym, objectName=f"suit:{s}")
            b.setFixedSize(40, 32)
            b.setProperty("suit", "red" if s in (1, 2) else "black")
            set_role(b, "psPick")
            b.setToolTip(SUITS[s])
            b.clicked.connect(lambda _=False, s=s: self.choose_suit(s))
            suits.addWidget(b)
            self.suit_buttons[s] = b
        suits.addStretch(1)
        jokers = QHBoxLayout()
        jokers.setSpacing(4)
        for j in JOKERS:
            b = QPushButton("Joker", objectName=f"joker:{j}")
            b.setFixedSize(76, 30)
            set_role(b, "psPick")
            b.clicked.connect(lambda _=False, j=j: self.add(j))
            jokers.addWidget(b)
            self.joker_buttons[j] = b
        jokers.addStretch(1)
        self.shown = CardRow()
        self.undo_button = QPushButton("Take back last card", objectName="pickerUndo")
        self.undo_button.clicked.connect(self.take_back)
        self.record_button = QPushButton("Record cards", objectName="pickerRecord")
        self.record_button.clicked.connect(self._record)
        buttons = QHBoxLayout()
        buttons.addWidget(self.undo_button)
        buttons.addStretch(1)
        buttons.addWidget(self.record_button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(6)
        lay.addWidget(self.prompt)
        lay.addLayout(ranks)
        lay.addLayout(suits)
        lay.addLayout(jokers)
        lay.addWidget(self.shown)
        lay.addLayout(buttons)

    def start(self, key: object, hands: Sequence[tuple[str, int]], pile: Iterable[int],
              discards: Iterable[int] = ()) -> None:
        """Begin entering (kept as is when `key` is unchanged, so a redraw keeps the clicks)."""
        if key == self._key:
            return
        self._key = key
        self.hands = list(hands)
        self.picked = []
        self.pile = tuple(pile)
        self.discards = tuple(discards)
        self.rank = None
        self._refresh()

    @property
    def needed(self) -> int:
        return sum(n for _name, n in self.hands)

    def available(self) -> set[int]:
        """The cards that may be the next one drawn."""
        if len(self.picked) < len(self.pile):
            return set(self.pile) - set(self.picked)
        return set(self.discards) - set(self.picked)

    def choose_rank(self, r: int) -> None:
        self.rank = r
        self._refresh()

    def choose_suit(self, s: int) -> None:
        if self.rank is not None:
            self.add(card(self.rank, s))

    def add(self, c: int) -> None:
        if len(self.picked) >= self.needed or c not in self.available():
            return
        self.picked.append(c)
        self.rank = None
        self._refresh()

    def take_back(self) -> None:
        if self.picked:
            self.picked.pop()
            self._refresh()

    def split(self) -> tuple[tuple[int, ...], ...]:
        out, k = [], 0
        for _name, n in self.hands:
            out.append(tuple(self.picked[k:k + n]))
            k += n
        return tuple(out)

    def _current_hand(self) -> str:
        k = len(self.picked)
        for name, n in self.hands:
            if k < n:
                return name
            k -= n
        return ""

    def _refresh(self) -> None:
        avail = self.available()
        full = len(self.picked) >= self.needed
        for r, b in self.rank_buttons.items():
            b.setEnabled(not full and any(card(r, s) in avail for s in range(4)))
            b.setChecked(r == self.rank)
        for s, b in self.suit_buttons.items():
            b.setEnabled(not full and self.rank is not None and card(self.rank, s) in avail)
        for j, b in self.joker_buttons.items():
            b.setEnabled(not full and j in avail)
        if full:
            self.prompt.setText("All cards entered: check them and click Record cards.")
        else:
            name = self._current_hand()
            k = len(self.picked) - sum(n for nm, n in self.hands[:[h[0] for h in self.hands].index(name)])
            total = dict(self.hands)[name]
            step = "now the suit" if self.rank is not None else "its rank (or Joker)"
            self.prompt.setText(f"{name}: card {k + 1} of {total} drawn from the real deck \u2014 click {step}.")
        lines = []
        k = 0
        for name, n in self.hands:
            got = self.picked[k:k + n]
            lines.append(f"{name}: " + (" ".join(card_name(c) for c in got) if got else "\u2014"))
            k += n
        self.shown.set_cards("  \u00b7  ".join(lines), self.picked, "small")
        self.undo_button.setEnabled(bool(self.picked))
        self.record_button.setEnabled(full and self.needed > 0)

    def _record(self) -> None:
        if len(self.picked) == self.needed:
            self.entered.emit(self.split())
