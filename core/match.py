"""Match: one played game of any registered game — setup, action log, undo/redo, save/load.

The one entry point for playing headless (`Match.new("throwdown")`): the GUI, the CLI,
tests and benchmarks all go through it, so every game gets undo, saves and replay for free.

Memory stays flat in long games: the match keeps the current state and a checkpoint every
`CHECKPOINT` steps, and rebuilds any other state by replaying from the checkpoint before it.
Log lines are worded lazily, when someone reads them, so loading a save replays only rules.
"""
from __future__ import annotations

import os
import random
import secrets
from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any

import msgspec

from core import registry, saves
from core.chance import step_rng
from core.errors import IllegalAction, IllegalSetup, SaveError
from core.game import CHANCE, LEVELS, Actor, Game, Mode, Result, actor_players, with_computers
from core.version import __version__

CHECKPOINT = 64
Progress = Callable[[int, int], None]
_decoders: dict[str, msgspec.json.Decoder[Any]] = {}


def _action_decoder(game: Game) -> msgspec.json.Decoder[Any]:
    decoder = _decoders.get(game.id)
    if decoder is None:
        decoder = _decoders[game.id] = msgspec.json.Decoder(game.action_type)
    return decoder


class Match:
    def __init__(self, game: Game, setup: Any, seed: int) -> None:
        game.validate_setup(setup)
        self.game = game
        self.setup = setup
        self.seed = seed
        self._actions: list[Any] = []
        self._state: Any = game.new(setup)
        self._previous: Any = None  # the state before the last action, for its log line
        self._checkpoints: dict[int, Any] = {0: self._state}
        self._log: list[str | None] = []
        self._barrier: list[bool] = []
        self._movers: list[tuple[int, ...]] = []  # the seats that were to act before each step
        self._redo: list[Any] = []
        # Chance outcomes from this step on follow this build's chance model and the seed
        # (a game saved under an older model keeps its earlier outcomes as they were).
        self.seeded_from = 0
        self.finished_at = ""  # when the game ended (ISO 8601 UTC), for the ledger; "" until then
        self.reseats: tuple[saves.Reseat, ...] = ()  # seats that changed hands during play

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
        return self._state

    @property
    def actor(self) -> Actor:
        return self.game.actor(self._state)

    @property
    def actions(self) -> tuple[Any, ...]:
        return tuple(self._actions)

    @property
    def steps(self) -> int:
        return len(self._actions)

    @property
    def log(self) -> list[str]:
        """One line per action, worded now from the states around it."""
        missing = [i for i, line in enumerate(self._log) if line is None]
        if missing:
            self._word(missing[0])
        return list(self._log)  # type: ignore[arg-type]

    @property
    def is_over(self) -> bool:
        return self.game.actor(self._state) is None

    @property
    def person_played(self) -> bool:
        """Whether a person played a seat at some point (a seat that changed hands counts): a
        finished game has someone's play to review (core.ai.review)."""
        return bool(self.reseats) or any(p.computer is None for p in self.setup.players)

    @property
    def result(self) -> Result | None:
        return self.game.result(self._state)

    @property
    def result_text(self) -> str:
        return self.game.result_text(self._state) if self.is_over else ""

    def view(self, player: int | None) -> Any:
        return self.game.view(self._state, player)

    def legal_actions(self) -> list[Any] | None:
        return self.game.legal_actions(self._state)

    def random_action(self, rng: random.Random) -> Any:
        """A random legal action for whoever acts now, chance included."""
        if self.is_over:
            raise IllegalAction("the game is over")
        if self.actor == CHANCE:
            return self.game.sample_chance(self._state, rng)
        return self.game.random_action(self._state, rng)

    def chance_action(self) -> Any:
        """The chance outcome this match's seed gives at this step (simulated throws)."""
        if self.actor != CHANCE:
            raise IllegalAction("it is not chance's turn")
        return self.game.sample_chance(self._state, step_rng(self.seed, len(self._actions)))

    def public_history(self, seat: int) -> tuple[Any, ...]:
        """Every action so far as `seat` may know it (the game's `redact`): what a computer
        player may read of the past, since `actions` holds every seat's secrets."""
        out = []
        state = self._checkpoints[0]
        for action in self._actions:
            out.append(self.game.redact(action, seat, state, self._state))
            state = self.game.apply(state, action)
        return tuple(out)

    def state_at(self, step: int) -> Any:
        """The state after `step` actions, replayed from the checkpoint before it."""
        if not 0 <= step <= len(self._actions):
            raise IndexError(step)
        if step == len(self._actions):
            return self._state
        if step == len(self._actions) - 1 and self._previous is not None:
            return self._previous
        base = step - step % CHECKPOINT
        state = self._checkpoints[base]
        for action in self._actions[base:step]:
            state = self.game.apply(state, action)
        return state

    def positioned(self, step: int, state: Any = None, seed: int | None = None) -> Match:
        """A new match holding this one's first `step` actions, sharing its immutable states (no
        replay beyond the checkpoint before `step`): what a replay shows, and where a what-if
        starts. `state`, when given, is the state after `step` (a replay's closer checkpoint).
        A new `seed` draws the later throws afresh: chance from `step` on follows that seed."""
        if state is None:
            state = self.state_at(step)
        copy = Match.__new__(Match)
        copy.game, copy.setup = self.game, self.setup
        copy.seed = self.seed if seed is None else seed
        copy._actions = self._actions[:step]
        copy._state = state
        copy._previous = None
        copy._checkpoints = {k: v for k, v in self._checkpoints.items() if k <= step}
        copy._log = self._log[:step]
        copy._barrier = self._barrier[:step]
        copy._movers = self._movers[:step]
        copy._redo = []
        copy.seeded_from = step if seed is not None else min(self.seeded_from, step)
        copy.finished_at = self.finished_at if step == len(self._actions) and seed is None else ""
        # A what-if plays on with today's seats: a seat that changed hands after `step` changes at it.
        later = sorted({r.seat for r in self.reseats if r.step > step}) if seed is not None else []
        copy.reseats = tuple(r for r in self.reseats if r.step <= step) + tuple(
            saves.Reseat(step, seat, self.setup.players[seat].computer) for seat in later)
        return copy

    def reseated(self, levels: dict[int, str | None], progress: Progress | None = None) -> Match:
        """This match with seats changing hands now: `levels[seat]` is the computer's level that
        plays it from here, or None for a person. Every state keeps the setup it began from, so
        the actions are replayed on the new one; IllegalSetup when the game refuses those seats."""
        changed = {seat: level for seat, level in sorted(levels.items())
                   if self.setup.players[seat].computer != level}
        copy = Match(self.game, with_computers(self.setup, changed), self.seed)
        total = len(self._actions)
        for step, action in enumerate(self._actions, start=1):
            state = copy._state
            copy._push(state, action, self.game.apply(state, action))
            if progress is not None and step % 256 == 0:
                progress(step, total)
        copy._redo = list(self._redo)
        copy.seeded_from, copy.finished_at = self.seeded_from, self.finished_at
        copy.reseats = self.reseats + tuple(saves.Reseat(total, seat, level) for seat, level in changed.items())
        return copy

    # --- changing --------------------------------------------------------------------
    def apply(self, action: Any) -> Any:
        """Validate and apply; raises IllegalAction with the reason and changes nothing."""
        state = self._state
        if self.game.actor(state) is None:
            raise IllegalAction("the game is over", action)
        self.game.validate(state, action)
        self._push(state, action, self.game.apply(state, action))
        if self.game.actor(self._state) is None:
            self.finished_at = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        if self._redo and self._redo[-1] == action:
            self._redo.pop()
        else:
            self._redo.clear()
        return self._state

    def _push(self, before: Any, action: Any, after: Any) -> None:
        self._barrier.append(self.game.is_barrier(before, action))
        self._movers.append(actor_players(self.game.actor(before)))
        self._actions.append(action)
        self._log.append(None)
        self._previous = before
        self._state = after
        if len(self._actions) % CHECKPOINT == 0:
            self._checkpoints[len(self._actions)] = after

    def _word(self, first: int) -> None:
        state = self.state_at(first)
        for i in range(first, len(self._actions)):
            action = self._actions[i]
            after = self._state if i == len(self._actions) - 1 else self.game.apply(state, action)
            if self._log[i] is None:
                self._log[i] = self.game.describe(state, action, after)
            state = after

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

    def undo_blocked_reason(self) -> str | None:
        """Why `undo` would refuse now, in the words it refuses with; None when it may undo.
        The window says it where the player looks (the status bar), not only in a disabled menu."""
        if self.can_undo:
            return None
        if not self._actions:
            return "there is nothing to undo"
        return "the last action revealed a throw or a secret choice and cannot be undone"

    def undo(self) -> Any:
        """Take back the last action, unless it revealed chance or secrets (simulated mode)."""
        reason = self.undo_blocked_reason()
        if reason is not None:
            raise IllegalAction(reason)
        step = len(self._actions)
        self._checkpoints.pop(step, None)
        self._state = self.state_at(step - 1)
        self._redo.append(self._actions.pop())
        self._log.pop()
        self._barrier.pop()
        self._movers.pop()
        self._previous = None
        self.seeded_from = min(self.seeded_from, len(self._actions))
        self.finished_at = ""
        return self._state

    def turn_steps(self) -> int:
        """The steps the app's Undo takes back: the last action taken where a person was to act,
        and the computers' moves since. Undoing only a computer's move would have it play that
        move again at once, so Undo seemed to do nothing; at a table of computers it is one step."""
        people = {seat for seat, player in enumerate(self.setup.players) if player.computer is None}
        if not people:
            return min(1, len(self._actions))
        back = 0
        while back < len(self._actions):
            back += 1
            seats = self._movers[-back]
            if not seats or people.intersection(seats):
                break  # a person's choice, or chance: a throw is where a turn's undo stops
        return back

    def turn_undo_blocked_reason(self) -> str | None:
        """Why `undo_turn` would refuse now, in the words it refuses with; None when it may."""
        back = self.turn_steps()
        if back <= 1:
            return self.undo_blocked_reason()
        if self.mode == "table" or not any(self._barrier[-back:]):
            return None
        return "a throw or a secret choice was revealed since your last move, and that cannot be undone"

    def undo_turn(self) -> Any:
        """Take back the last action a person was to act for, with the computers' moves since."""
        reason = self.turn_undo_blocked_reason()
        if reason is not None:
            raise IllegalAction(reason)
        for _ in range(self.turn_steps()):
            self.undo()
        return self._state

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
            chance_model=self.game.chance_model,
            seeded_from=self.seeded_from,
            setup=saves.encode(self.setup),
            actions=[saves.encode(a) for a in self._actions],
            checksum=saves.checksum(self.game.id, self.seed, self.game.chance_model,
                                    self.seeded_from, self.setup, self._state),
            app_version=__version__,
            finished_at=self.finished_at,
            reseats=list(self.reseats),
        )

    def save(self, path: str | os.PathLike[str]) -> None:
        saves.write_atomic(path, saves.encode_doc(self.to_doc()))

    @classmethod
    def load(cls, path: str | os.PathLike[str], *, upto: int | None = None,
             progress: Progress | None = None) -> Match:
        """Read a save and replay it; any problem is one SaveError naming file, step and reason.

        `upto` replays only the first steps (to open an old save before a step that a rules fix
        made illegal; the checksum is then not checked). `progress(done, total)` is called as
        the replay goes, for long saves.
        """
        return cls.from_doc(saves.read_doc(path), str(path), upto=upto, progress=progress)

    @classmethod
    def from_doc(cls, loaded: saves.Loaded, name: str = "<save>", *, upto: int | None = None,
                 progress: Progress | None = None) -> Match:
        try:
            return cls._replay(loaded, name, upto, progress)
        except SaveError:
            raise
        except RecursionError:
            raise SaveError(name, "the save is nested too deeply to be a Battlebox save") from None

    @classmethod
    def _replay(cls, loaded: saves.Loaded, name: str, upto: int | None,
                progress: Progress | None) -> Match:
        doc = loaded.doc
        try:
            game = registry.get(doc.game)
        except KeyError:
            raise SaveError(name, f"unknown game {doc.game!r}") from None
        try:
            setup = msgspec.json.decode(doc.setup, type=game.setup_type)
            match = cls(game, setup, doc.seed)
        except (msgspec.ValidationError, msgspec.DecodeError, IllegalSetup) as e:
            raise SaveError(name, f"the game setup is invalid: {e}") from None
        except Exception as e:  # a setup the rules cannot start from, however it fails
            raise SaveError(name, f"the game setup is invalid ({type(e).__name__}: {e})") from None
        current = loaded.written_version == saves.VERSION
        same_model = current and doc.chance_model == game.chance_model
        check_from = doc.seeded_from if same_model else len(doc.actions)
        if not 0 <= check_from <= len(doc.actions):
            raise SaveError(name, "the save's structure is wrong: seeded_from is out of range")
        check_draws = match.mode == "simulated"
        decoder = _action_decoder(game)
        total = len(doc.actions) if upto is None else max(0, min(upto, len(doc.actions)))
        for step, raw in enumerate(doc.actions[:total], start=1):
            try:
                action = decoder.decode(raw)
            except (msgspec.ValidationError, msgspec.DecodeError) as e:
                err = SaveError(name, f"unreadable action ({e})", step)
                err.resume_steps = step - 1
                raise err from None
            match._replay_step(action, step, name, check_draws and step > check_from)
            if progress is not None and step % 256 == 0:
                progress(step, total)
        if progress is not None:
            progress(total, total)
        match.seeded_from = min(check_from, total)
        match.finished_at = doc.finished_at if match.is_over else ""
        match.reseats = tuple(r for r in _reseats(doc, setup, name) if r.step <= total)
        if upto is None and current:
            digest = saves.checksum(game.id, doc.seed, doc.chance_model, doc.seeded_from, setup,
                                    match.state)
            if digest != doc.checksum:
                raise SaveError(name, "the replayed game does not match the saved checksum "
                                      "(the file was edited or damaged)", len(doc.actions))
        return match

    def _replay_step(self, action: Any, step: int, name: str, check_draws: bool) -> None:
        state = self._state
        try:
            actor = self.game.actor(state)
            if actor is None:
                raise IllegalAction("the game is already over")
            drawn = False
            if check_draws and actor == CHANCE:
                seeded = self.game.sample_draws(state, step_rng(self.seed, step - 1))
                recorded = self.game.chance_draws(state, action)
                if recorded != seeded:
                    raise SaveError(name, "this throw is not the one the game's seed gives "
                                          "(the file was edited)", step)
                drawn = recorded is action  # the whole outcome is the one the rules drew
            if not drawn:
                self.game.validate(state, action)
            after = self.game.apply(state, action)
        except IllegalAction as e:
            err = SaveError(name, f"illegal action: {e.reason}", step)
            err.resume_steps = step - 1
            raise err from None
        except SaveError:
            raise
        except Exception as e:  # the rules must refuse with IllegalAction; never let a bug through
            raise SaveError(name, f"the rules could not replay this action "
                                  f"({type(e).__name__}: {e})", step) from None
        self._push(state, action, after)


def _reseats(doc: saves.SaveDoc, setup: Any, name: str) -> tuple[saves.Reseat, ...]:
    """The save's seat changes, checked against its setup: each seat's last change leaves it with
    the player the setup names."""
    seats, last = len(setup.players), 0
    for r in doc.reseats:
        if not (last <= r.step <= len(doc.actions) and 0 <= r.seat < seats
                and (r.computer is None or r.computer in LEVELS)):
            raise SaveError(name, f"the save's structure is wrong: a seat change ({r.step}, {r.seat}, "
                                  f"{r.computer!r}) is out of range")
        last = r.step
    now = {r.seat: r.computer for r in doc.reseats}
    if any(setup.players[seat].computer != level for seat, level in now.items()):
        raise SaveError(name, "the save's seat changes do not match who plays each seat in its setup")
    return tuple(doc.reseats)
