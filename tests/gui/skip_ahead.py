"""Skip the middle of a long game played through the window.

A whole battle clicked through the window costs tens of seconds, mostly painting. The end-to-end
tests click the parts they are about (the opening, a save and undo, the end); the rounds between
add nothing the earlier rounds did not already show, so they are played by the rules alone on a
copy of the window's match and the window opens the result, as a user opens a save.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from core.game import CHANCE
from core.match import Match

LIMIT = 20000


def play_on(match: Match, rng: random.Random, until: Callable[[Match], bool]) -> None:
    """Random legal play by the rules alone, throws from the match's own seed (as the window makes them)."""
    for _ in range(LIMIT):
        if until(match):
            return
        if match.actor == CHANCE:
            match.play_chance()
        else:
            match.apply(match.random_action(rng))
    raise AssertionError("the wanted situation did not come up")


def skip_ahead(window: Any, save_path: Path, until: Callable[[Match], bool], seed: int) -> Match:
    """Save the window's match, play on by the rules until `until(match)` holds, open that in the window."""
    window.save_as_action.trigger()
    assert not window.errors
    match = Match.load(save_path)
    play_on(match, random.Random(seed), until)
    match.save(save_path)
    window.open_action.trigger()
    assert not window.errors and window.match.actions == match.actions
    return match


def near_the_end(window: Any, save_path: Path, seed: int, left: int) -> Match:
    """`skip_ahead` to `left` actions before the end that random play from here reaches.

    Random play is looked ahead on a copy; the window then finishes from a position that
    is nearly decided, by its own gestures (which need not end it the same way). It stops where a
    player acts, as the window does (a throw's chance outcome follows the throw at once)."""
    window.save_as_action.trigger()
    assert not window.errors
    probe = Match.load(save_path)
    play_on(probe, random.Random(seed), lambda m: m.is_over)
    target = max(len(window.match.actions), len(probe.actions) - left)
    return skip_ahead(window, save_path, lambda m: len(m.actions) >= target and m.actor != CHANCE, seed)
