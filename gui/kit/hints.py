"""Advice on request (View → Hints): the bar every game view shows, and the hint in words.

The core gives facts only (`core.ai.hints.Hint`: the Normal computer's action and named
numbers); the words are the app's. A move is worded by the game's own `describe`, played on the
asking seat's view; a secret choice, which the log words without its secret ("picked a
fistful"), gets its fighters or cards named, since the advice is for that seat's eyes only.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from gui import storage

SHORTCUT = "Ctrl+H"
PLAY_SHORTCUT = "Ctrl+Shift+H"
KEYS = ((SHORTCUT, "Ask for a hint: what the Normal computer would do, and why (View → Hints on)"),
        (PLAY_SHORTCUT, "Play the hint shown, as if you had made the move yourself"))
_TIP = f"What the Normal computer would do in your place, and why in numbers ({SHORTCUT})"
_PLAY_TIP = f"Make the move the hint advises, as if you had made it yourself ({PLAY_SHORTCUT})"
_TRY_TIP = (f"Continue from here as a new game, with the computer's move made and fresh throws after it; "
            f"the replayed game is not changed ({PLAY_SHORTCUT})")


class HintBar(QFrame):
    """A Hint button and the advice beside it; shown only while View → Hints is on. While a
    hint stands, "Play it" makes its move: an army or a fistful the advice names fighter by
    fighter would otherwise take a dozen clicks to copy."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, objectName="hintBar")
        self.button = QPushButton("Hint", objectName="hintButton")
        self.button.setToolTip(_TIP)
        self.button.setShortcut(QKeySequence(SHORTCUT))
        self.advice = QLabel(objectName="hintAdvice")
        self.advice.setWordWrap(True)
        self.play = QPushButton("Play it", objectName="hintPlay")
        self.play.setToolTip(_PLAY_TIP)
        self.play.setShortcut(QKeySequence(PLAY_SHORTCUT))
        self.play.hide()
        lay = QHBoxLayout(self)
        lay.setContentsMargins(16, 4, 16, 4)
        lay.addWidget(self.button)
        lay.addWidget(self.advice, 1)
        lay.addWidget(self.play)
        self.setVisible(storage.hints_on())

    def say_why_not(self, reason: str | None) -> None:
        """The Hint button's tooltip: what it does, or why it is greyed now."""
        self.button.setToolTip(_TIP if reason is None else f"{reason} ({SHORTCUT} asks when it is your turn)")

    def say(self, text: str, playable: bool = False, trial: bool = False) -> None:
        """Show `text`; `playable` while it is a hint whose move can still be made, and `trial`
        when the move is a replay's advice, made in a new game from the step (gui/review.py)."""
        self.advice.setText(text)
        self.play.setText("Try it" if trial else "Play it")
        self.play.setToolTip(_TRY_TIP if trial else _PLAY_TIP)
        self.play.setVisible(playable)


def add_hints_action(menu: Any, on_change: Callable[[bool], None]) -> QAction:
    """View → Hints: off until the player turns it on; saved with the other view settings."""
    action = menu.addAction("&Hints")
    action.setObjectName("hintsAction")
    action.setCheckable(True)
    action.setChecked(storage.hints_on())
    tip = f"Show a Hint button ({SHORTCUT}) that says what the Normal computer would do in your place"
    action.setToolTip(tip)
    action.setStatusTip(tip)

    def toggled(on: bool) -> None:
        storage.set_hints(on)
        on_change(on)

    action.toggled.connect(toggled)
    return action


# --- the hint in words ----------------------------------------------------------------------------
def _percent(p: float) -> str:
    """A no-break space before the sign, so a wrapped line never starts with "%"."""
    return f"{p * 100:.0f}\u00a0%" if 0.01 <= p <= 0.99 or p in (0, 1) else f"{p * 100:.1f}\u00a0%"


NUMBERS: dict[str, Callable[[float], str]] = {
    "match_chance": lambda v: f"{_percent(v)} chance that throwing again finds a match",
    "expected_score": lambda v: f"expected score {v:.1f}",
    "hit_chance": lambda v: f"{_percent(v)} chance to hit",
    "expected_hits": lambda v: f"{v:.2f} hits expected",
    "expected_gold": lambda v: f"{v:+.1f} gold expected",
    "play_chance": lambda v: f"played {_percent(v)} of the time (a mixed strategy)",
    "reach_chance": lambda v: f"{_percent(v)} chance to reach them",
    "win_chance": lambda v: f"about {_percent(v)} chance to win",
    "battle_chance": lambda v: f"about {_percent(v)} chance to win the coming battle",
}


def number_text(key: str, value: float) -> str:
    """One figure in words; a key the app does not know yet is still shown, plainly."""
    words = NUMBERS.get(key)
    return words(value) if words is not None else f"{key.replace('_', ' ')}: {value:g}"


# A figure's lead over another's: (scale, decimals, unit); a chance's in percentage points.
GAP_UNITS: dict[str, tuple[int, int, str]] = {
    "win_chance": (100, 0, "pts to win"), "battle_chance": (100, 0, "pts in the battle"),
    "hit_chance": (100, 0, "pts to hit"), "expected_score": (1, 1, "score"), "expected_hits": (1, 2, "hits"),
}


def gap_text(key: str, value: float) -> str:
    """How far one move's figure is ahead of another's ("+21 pts to win")."""
    scale, decimals, unit = GAP_UNITS.get(key, (1, 2, ""))
    return f"{value * scale:+.{decimals}f} {unit}".rstrip()


def _secret_details(game: Any, view: Any, action: Any) -> str:
    """What the public wording of a secret choice leaves out: its fighters or its cards."""
    roster = getattr(game, "roster", None)
    fighters = getattr(action, "fighters", None)
    if fighters and roster is not None:
        return ", ".join(roster.name(f) for f in fighters)
    if game.id == "clout" and type(action).__name__ == "ThrowChip":
        return f"aimed at ({action.x:.0f}, {action.y:.0f}) cm on the area"
    if game.id == "fistful-of-gold":
        from core.gold.cards import card_name, cards_text

        if getattr(action, "cards", None):
            return cards_text(action.cards)
        if getattr(action, "card", None) is not None:
            return card_name(action.card)
    return ""


# Secret choices, worded as advice with what they hide named (the log's wording hides it).
SECRET_VERBS = {"Discard": "Discard", "Play": "Play", "Pick": "Pick", "ChooseFive": "Choose",
                "ChooseArmy": "Choose the army", "ChooseFistful": "Choose the fistful", "ChampionPick": "Pick"}


def move_text(game: Any, view: Any, action: Any) -> str:
    """A secret choice in a few words ("Discard 7 and 8"); any other move as the log would word
    it (its first sentence: what follows is played out on the seat's view, which may not know
    enough to tell it)."""
    try:
        text = game.describe(view, action, game.apply(view, action)).split(". ")[0].rstrip(".")
    except Exception:  # noqa: BLE001 (a view may lack what the rules need to play the move on)
        text = type(action).__name__
    details = _secret_details(game, view, action)
    verb = SECRET_VERBS.get(type(action).__name__)
    if details and verb:
        return f"{verb} {details}"
    return f"{text}: {details}" if details and details not in text else text


def chips_text(game: Any, view: Any, chips: tuple[str, ...]) -> str:
    if not chips:
        return ""
    if game.id == "clout":
        from core.clout.text import names

        try:
            return f"aims at {names(view, chips)}"
        except Exception:  # noqa: BLE001 (a chip the view no longer shows)
            pass
    return f"aims at {len(chips)} chip{'s' if len(chips) != 1 else ''}"


def hint_text(game: Any, view: Any, hint: Any) -> str:
    """"<move> — <figures>": the advice line, also the log line's body."""
    numbers = [number_text(k, v) for k, v in hint.why.numbers]
    if not hint.why.chips:  # "reach them" needs the chips named first
        numbers = [n.replace("to reach them", "to reach its aim") for n in numbers]
    why = [chips_text(game, view, hint.why.chips)] + numbers
    why = [w for w in why if w]
    move = move_text(game, view, hint.action)
    return f"{move} — {'; '.join(why)}" if why else move
