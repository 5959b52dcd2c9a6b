"""A headless Impact table for tests that arrange a position: the rules over a list of states.

Tests edit the current state (`place`) to set up one rule; a Match rebuilds states from its
log, so an edited position would not survive its undo. This table keeps every state.
"""
from __future__ import annotations

from typing import Any

import msgspec

from core.chance import step_rng
from core.impact.game import GAME, ImpactSetup


class Table:
    def __init__(self, setup: ImpactSetup, seed: int = 11) -> None:
        GAME.validate_setup(setup)
        self.setup = setup
        self.seed = seed
        self.states = [GAME.new(setup)]
        self.actions: list[Any] = []
        self.log: list[str] = []

    @property
    def state(self):
        return self.states[-1]

    @property
    def actor(self):
        return GAME.actor(self.state)

    @property
    def is_over(self) -> bool:
        return self.actor is None

    @property
    def result(self):
        return GAME.result(self.state)

    def legal_actions(self):
        return GAME.legal_actions(self.state)

    def chance_action(self):
        return GAME.sample_chance(self.state, step_rng(self.seed, len(self.actions)))

    def play_chance(self):
        return self.apply(self.chance_action())

    def apply(self, action):
        before = self.state
        GAME.validate(before, action)
        after = GAME.apply(before, action)
        self.log.append(GAME.describe(before, action, after))
        self.actions.append(action)
        self.states.append(after)
        return after

    def undo(self) -> None:
        self.states.pop()
        self.actions.pop()
        self.log.pop()

    def place(self, **fields) -> Table:
        """Edit the current position; the dice set aside absorb the difference so the box
        still holds 26."""
        state = msgspec.structs.replace(self.state, **fields)
        if "aside" not in fields:
            state = msgspec.structs.replace(state, aside=state.aside + 26 - state.total_dice())
        self.states[-1] = state
        return self
