"""A throw of fighters landing before the players' eyes: every fistful in turn, each fighter in it
tumbling and landing one after another, about a second a fistful.

The state already holds the result when this plays: the animation only delays showing it on the
tokens (FighterToken.set_landing), so skipping it can never change what happened. Any click or key
in the window while it plays finishes it at once and is used up by that (the click that skips never
also presses a button, so Throw! cannot act twice). With View → Animations off it never starts,
and a view starts it only for a simulated throw it has just seen made (`ThrowWatch`), never for
results typed in at the table.
"""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, QVariantAnimation, Signal
from PySide6.QtWidgets import QApplication, QWidget

from core.match import Match
from gui import storage
from gui.kit.fighters.tokens import WAITING, FighterToken

FISTFUL_MS = 1000
SKIPPING_EVENTS = (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick, QEvent.Type.KeyPress)


class ThrowWatch:
    """Remembers how many actions a view has drawn, to tell when a throw by chance has just been made."""

    def __init__(self) -> None:
        self._seen: int | None = None

    def pending(self, match: Match, kinds: type | tuple[type, ...]) -> bool:
        """True when an action not yet drawn is a throw of `kinds` that should land visibly."""
        seen = self._seen
        n = len(match.actions)
        return (seen is not None and seen < n and match.mode == "simulated" and storage.animations_on()
                and any(isinstance(a, kinds) for a in match.actions[seen:]))

    def seen_to(self, steps: int) -> None:
        """Count the first `steps` actions as drawn (a replay's jump: none of them lands now)."""
        self._seen = steps

    def fresh(self, match: Match, kinds: type | tuple[type, ...]) -> bool:
        """`pending`, and from now on these actions count as drawn."""
        answer = self.pending(match, kinds)
        self._seen = len(match.actions)
        return answer


class Tumble(QObject):
    """Plays one throw on the given tokens; emits `finished` once every fighter shows its pose."""

    finished = Signal()

    def __init__(self, host: QWidget, fistfuls: Sequence[Sequence[FighterToken]]) -> None:
        super().__init__(host)
        self._host = host
        self._fistfuls = [list(f) for f in fistfuls if f]
        self._anim: QVariantAnimation | None = None
        self._done = False

    @property
    def running(self) -> bool:
        return self._anim is not None and not self._done

    def start(self) -> None:
        if not self._fistfuls:
            self._finish()
            return
        for fistful in self._fistfuls:
            for t in fistful:
                t.set_landing(WAITING)
        anim = self._anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(float(len(self._fistfuls)))
        anim.setDuration(FISTFUL_MS * len(self._fistfuls))
        anim.valueChanged.connect(self._show)
        anim.finished.connect(self._finish)
        QApplication.instance().installEventFilter(self)
        anim.start()

    def skip(self) -> None:
        """Show every pose now (a click, a key, or the board being redrawn)."""
        if not self._done:
            if self._anim is not None:
                self._anim.stop()
            self._finish()

    def _show(self, value: float) -> None:
        for i, fistful in enumerate(self._fistfuls):
            for k, token in enumerate(fistful):
                at = (value - i) * len(fistful) - k  # <0: still in the hand, 0..1 tumbling, >1 landed
                token.set_landing(WAITING if at < 0 else None if at >= 1 else at)

    def _finish(self) -> None:
        if self._done:
            return
        self._done = True
        QApplication.instance().removeEventFilter(self)
        for fistful in self._fistfuls:
            for t in fistful:
                try:
                    t.set_landing(None)
                except RuntimeError:  # the token was already deleted with a redrawn board
                    pass
        self.finished.emit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in SKIPPING_EVENTS and isinstance(watched, QWidget) and not self._done:
            window = self._host.window()
            if watched.window() is window:
                self.skip()
                return True
        return False


def play_throw(host: QWidget, fistfuls: Sequence[Sequence[FighterToken]]) -> Tumble | None:
    """Start showing a throw land on these tokens (a fistful per thrower), or None when animations are off."""
    if not storage.animations_on():
        return None
    tumble = Tumble(host, fistfuls)
    tumble.start()
    return tumble if tumble.running else None
