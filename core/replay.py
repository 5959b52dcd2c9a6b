"""Replay: any match shown at any step, and a what-if match continued from one.

A replay walks the whole log once, when it is made (off the UI thread for long saves): it
words the log, finds where each turn begins and keeps a state every `DENSE` steps. After
that `at(step)` costs at most `DENSE - 1` rule steps, or one when stepping forward, whatever
the game's length, so a jump stays quick in the longest Clout or Power Spike game.

Turns: step i belongs to the seat acting before it; the steps of one simultaneous choice (the
seats choosing at once, until the last has chosen) belong to them together, as one turn; a
chance step (a throw, a draw) belongs to the run before it, since it resolves what that seat
just did. A turn starts at each step whose seat differs from the seat of the run before, and
where a new simultaneous choice begins (as many seats to choose as before, or more); the
first turn starts at 0.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.game import CHANCE, Simultaneous
from core.match import Match

TOGETHER = "together"  # the seats of a simultaneous step, choosing at once: one turn for them all
DENSE = 16  # a kept state every this many steps: 20,000 steps keep 1,250 (shared, immutable)
Progress = Callable[[int, int], None]


def _seat(actor: Any) -> int | str | None:
    """Whose step this is; None for chance (it joins the run before it)."""
    if actor == CHANCE or actor is None:
        return None
    if isinstance(actor, Simultaneous):
        return TOGETHER
    return actor


class Replay:
    """A finished or unfinished match, seen step by step; the match itself is never changed."""

    def __init__(self, match: Match, progress: Progress | None = None) -> None:
        self.match = match
        match.log  # worded once here, so every positioned copy shares the lines
        game = match.game
        actions = self._actions = match.actions
        self._states: dict[int, Any] = {}
        starts: list[int] = []
        last: int | str | None = None
        waiting = 0  # seats still to choose in the simultaneous step before
        state = match.state_at(0)
        for step, action in enumerate(actions):
            if step % DENSE == 0:
                self._states[step] = state
            actor = game.actor(state)
            seat = _seat(actor)
            if seat is not None:
                pending = len(actor.players) if seat == TOGETHER else 0
                if seat != last or (seat == TOGETHER and pending >= waiting):
                    starts.append(step)
                last, waiting = seat, pending
            state = game.apply(state, action)
            if progress is not None and step % 256 == 255:
                progress(step + 1, len(actions))
        self._states[len(actions)] = match.state
        if not starts or starts[0] != 0:
            starts.insert(0, 0)
        self.turn_starts: tuple[int, ...] = tuple(starts)
        self._shown: tuple[int, Any] = (0, self._states[0])

    @property
    def steps(self) -> int:
        return self.match.steps

    def turn_of(self, step: int) -> int:
        """The index in `turn_starts` of the turn that `step` shows (the turn holding action `step`)."""
        lo, hi = 0, len(self.turn_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.turn_starts[mid] <= step:
                lo = mid
            else:
                hi = mid - 1
        return lo

    def state_at(self, step: int) -> Any:
        """The state after `step` actions, from the nearest kept state (or the last one shown)."""
        if not 0 <= step <= self.steps:
            raise IndexError(step)
        base = step - step % DENSE
        state = self._states.get(step)
        if state is None:
            shown, shown_state = self._shown
            if base <= shown <= step:
                base, state = shown, shown_state
            else:
                state = self._states[base]
            apply = self.match.game.apply
            for action in self._actions[base:step]:
                state = apply(state, action)
        self._shown = (step, state)
        return state

    def at(self, step: int, *, public: bool = False) -> Match:
        """A match positioned at `step` (its own object: the original is untouched). With
        `public`, its state is what a spectator may see then (`view(state, None)`): a seat's
        secret choices stay hidden until the step where the game revealed them."""
        state = self.state_at(step)
        return self.match.positioned(step, self.match.game.view(state, None) if public else state)

    def what_if(self, step: int, seed: int) -> Match:
        """A new match from the first `step` actions whose later throws follow `seed`.

        It starts as a fresh game would at that point: seeded from `step`, so its save checks the
        draws after `step` against the new seed, and nothing after `step` is carried over."""
        return self.match.positioned(step, self.state_at(step), seed=seed)
