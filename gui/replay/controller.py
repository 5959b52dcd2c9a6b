"""The replay in the window: a controller that shows steps instead of playing them, and the
host that ties the timeline to it and continues a what-if from the step shown.

The game's own view draws the replay: the controller hands it a match positioned at the step
(core.replay), and the view's replay mode (gui.kit.game_view) keeps curtains, secrets,
computer seats and hints out. Every action the view would apply is refused with one banner.
"""
from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

from core.replay import Replay
from gui.controller import MatchController
from gui.kit.game_view import REPLAY_REFUSAL
from gui.kit.timeline import Timeline

if TYPE_CHECKING:
    from gui.kit.game_view import GameView
    from gui.opening import MainWindow


class ReplayController(MatchController):
    """`match` is the replayed game at the step shown, as a spectator sees it (no seat's secrets);
    the replayed match is never changed."""

    replaying = True

    def __init__(self, replay: Replay, title: str, step: int = 0) -> None:
        super().__init__(replay.at(step))
        self.replay = replay
        self.step = step
        self.public = False  # until the view says it draws the spectator's state (set_public)
        self.origin = title  # the window's title names it; a replay is never saved back anywhere

    @property
    def dirty(self) -> bool:
        return False  # nothing to save: the replayed game is as it was

    @dirty.setter
    def dirty(self, value: bool) -> None:
        pass

    def show(self, step: int) -> None:
        step = max(0, min(self.replay.steps, step))
        if step != self.step:
            self.step = step
            self.match = self.replay.at(step, public=self.public)
            self.changed.emit()

    def set_public(self, public: bool) -> None:
        """Show the spectator's state (`GameView.PUBLIC_STATE`), or the whole state to a view that
        hides secrets itself; the view is built on the whole state and told before it paints."""
        if public != self.public:
            self.public = public
            self.match = self.replay.at(self.step, public=public)
            self.changed.emit()

    def apply(self, action: Any) -> bool:
        self.refused.emit(REPLAY_REFUSAL)
        return False

    def play_chance(self) -> bool:
        return self.apply(None)

    def undo(self) -> bool:
        return self.apply(None)

    def redo(self) -> bool:
        return self.apply(None)


class ReplayHost(QObject):
    """Owned by the view: the timeline asks for steps, the controller shows them."""

    def __init__(self, window: MainWindow, controller: ReplayController, view: GameView) -> None:
        super().__init__(view)
        self.window = window
        self.view = view
        self.controller = controller
        self.timeline = Timeline()
        replay = controller.replay
        self.timeline.set_range(replay.steps, replay.turn_starts)
        self.timeline.step_requested.connect(self.go)
        self._on_stop: Callable[[int], object] = self.go
        self.timeline.stop_requested.connect(lambda step: self._on_stop(step))
        self.timeline.continue_requested.connect(self.continue_from_here)
        view.set_timeline(self.timeline)
        view.advice_tried.connect(self.try_move)
        controller.set_public(view.PUBLIC_STATE)
        self._shown()

    def go(self, step: int) -> None:
        step = max(0, min(self.controller.replay.steps, step))
        if step != self.controller.step + 1:
            self.view.replay_jumped(step)  # a throw lands when stepped or played onto, not jumped past
        self.controller.show(step)
        self._shown()

    def set_stops(self, steps: tuple[int, ...], on_stop: Callable[[int], object]) -> None:
        """The steps a review lists, for the timeline's Decision buttons; `on_stop` shows one."""
        self._on_stop = on_stop
        self.timeline.set_stops(steps)

    def _shown(self) -> None:
        step, match = self.controller.step, self.controller.match
        self.timeline.show_step(step, self.controller.replay.turn_of(step), can_continue=not match.is_over)

    def try_move(self, action: Any) -> bool:
        """A reviewed decision's advice made: Continue from here, then the move."""
        step, title = self.controller.step, self.controller.origin
        if not self.continue_from_here():
            return False
        window = self.window
        if window.controller.apply(action):
            window.statusBar().showMessage(f"A new game from step {step:,} of {title}, with the computer's move "
                                           "made and fresh throws from here; the replayed game is unchanged.", 10000)
        return True

    def continue_from_here(self) -> bool:
        """A new, untitled game from the step shown, with fresh throws from there on."""
        self.timeline.pause()
        step, title = self.controller.step, self.controller.origin
        match = self.controller.replay.what_if(step, secrets.randbits(31))
        controller = MatchController(match)
        controller.origin = None
        controller.dirty = True
        window = self.window
        if not window._install(controller):
            return False
        window.statusBar().showMessage(f"A new game from step {step:,} of {title}, with fresh throws "
                                       "from here; the replayed game is unchanged.", 10000)
        return True
