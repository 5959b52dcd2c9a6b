"""Match: one played game of any registered game — setup, action log, undo/redo, save/load.

The one entry point for playing headless (`Match.new("throwdown")`): the GUI, the CLI,
tests and benchmarks all go through it, so every game gets undo, saves and replay for free.
"""
from __future__ import annotations

import os
import random
import secrets
from typing import Any

import msgspec

from core import registry, saves
from core.chance import step_rng
from core.errors import IllegalAction, IllegalSetup, SaveError
from core.game import CHANCE, Actor, Game, Mode, Result
from core.version import __version__


class Match:
    def __init__(self, game: Game, setup: Any, seed: int) -> None:
        game.validate_setup(setup)
        self.game = game
        self.setup = setup
        self.seed = seed
        self._actions: list[Any] = []
        self._states: list[Any] = [game.new(setup)]
        self._log: list[str] = []
        self._barrier: list[bool] = []
        self._redo: list[Any] = []

    @classmethod
    def new(cls, game_id: str, setup: Any = None, seed: int | None = None) -> Match:
        game = registry.get(game_id)
        if setup is None:
            setup = game.default_setup()
        elif isinstance(setup, dict):
            try:
                setup = msgspec.convert(setup, game.setup_type)
            except msgspec.ValidationError as e:
                raise IllegalSetup(f"setup for {game.title}: {e}") from None
        if seed is None:
            seed = secrets.randbits(31)
        return cls(game, setup, seed)

    # --- reading -------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.game.id

    @property
    def mode(self) -> Mode:
        return self.game.mode(self.setup)

    @property
    def state(self) -> Any:
        return self._states[-1]

    @property
    def actor(self) -> Actor:
        return self.game.actor(self.state)

    @property
    def actions(self) -> tuple[Any, ...]:
        return tuple(self._actions)

    @property
    def log(self) -> list[str]:
        return list(self._log)

    @property
    def is_over(self) -> bool:
        return self.game.actor(self.state) is None

    @property
    def result(self) -> Result | None:
        return self.game.result(self.state)

    def view(self, player: int | None) -> Any:
        return self.game.view(self.state, player)

    def legal_actions(self) -> list[Any] | None:
        return self.game.legal_actions(self.state)

    def random_action(self, rng: random.Random) -> Any:
        """A random legal action for whoever acts now, chance included."""
        if self.is_over:
            raise IllegalAction("the game is over")
        if self.actor == CHANCE:
            return self.game.sample_chance(self.state, rng)
        return self.game.random_action(self.state, rng)

    def chance_action(self) -> Any:
        """The chance outcome this match's seed gives at this step (simulated throws)."""
        if self.actor != CHANCE:
            raise IllegalAction("it is not chance's turn")
        return self.game.sample_chance(self.state, step_rng(self.seed, len(self._actions)))

    # --- changing --------------------------------------------------------------------
    def apply(self, action: Any) -> Any:
        """Validate and apply; raises IllegalAction with the reason and changes nothing."""
        state = self.state
        if self.game.actor(state) is None:
            raise IllegalAction("the game is over", action)
        self.game.validate(state, action)
        new_state = self.game.apply(state, action)
        self._log.append(self.game.describe(state, action, new_state))
        self._barrier.append(self.game.is_barrier(state, action))
        self._actions.append(action)
        self._states.append(new_state)
        if self._redo and self._redo[-1] == action:
            self._redo.pop()
        else:
            self._redo.clear()
        return new_state

    def play_chance(self) -> Any:
        return self.apply(self.chance_action())

    @property
    def can_undo(self) -> bool:
        if not self._actions:
            return False
        return self.mode == "table" or not self._barrier[-1]

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> Any:
        """Take back the last action, unless it revealed chance or secrets (simulated mode)."""
        if not self.can_undo:
            if not self._actions:
                raise IllegalAction("there is nothing to undo")
            raise IllegalAction("the last action revealed a throw or a secret choice and cannot be undone")
        self._redo.append(self._actions.pop())
        self._states.pop()
        self._log.pop()
        self._barrier.pop()
        return self.state

    def redo(self) -> Any:
        if not self._redo:
            raise IllegalAction("there is nothing to redo")
        return self.apply(self._redo[-1])

    # --- saving ------------------------------------------------------------------------
    def to_doc(self) -> saves.SaveDoc:
        return saves.SaveDoc(
            format=saves.FORMAT,
            version=saves.VERSION,
            game=self.game.id,
            seed=self.seed,
            setup=saves.encode(self.setup),
            actions=[saves.encode(a) for a in self._actions],
            state_sha256=saves.state_digest(self.state),
            app_version=__version__,
        )

    def save(self, path: str | os.PathLike[str]) -> None:
        saves.write_atomic(path, saves.encode_doc(self.to_doc()))

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Match:
        """Read a save and replay it; any problem is one SaveError naming file, step and reason."""
        return cls.from_doc(saves.read_doc(path), str(path))

    @classmethod
    def from_doc(cls, doc: saves.SaveDoc, name: str = "<save>") -> Match:
        try:
            game = registry.get(doc.game)
        except KeyError:
            raise SaveError(name, f"unknown game {doc.game!r}") from None
        try:
            setup = msgspec.json.decode(doc.setup, type=game.setup_type)
            match = cls(game, setup, doc.seed)
        except (msgspec.ValidationError, msgspec.DecodeError, IllegalSetup) as e:
            raise SaveError(name, f"the game setup is invalid: {e}") from None
        decoder = msgspec.json.Decoder(game.action_type)
        for step, raw in enumerate(doc.actions, start=1):
            try:
                action = decoder.decode(raw)
            except (msgspec.ValidationError, msgspec.DecodeError) as e:
                raise SaveError(name, f"unreadable action ({e})", step) from None
            try:
                match.apply(action)
            except IllegalAction as e:
                raise SaveError(name, f"illegal action: {e.reason}", step) from None
        if saves.state_digest(match.state) != doc.state_sha256:
            raise SaveError(name, "the replayed game does not match the saved checksum "
                                  "(the file was edited or damaged)", len(doc.actions))
        return match
