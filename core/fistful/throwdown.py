"""Throwdown (Fistful of Power, 1-10 players): last player with fighters wins.

Rulings (see resources/notes/throwdown.md for the players' version):
- Fistfuls are chosen once, secretly; each round repeats the throw, scoring and removal.
- Only players with a face-down fighter can be "lowest"; all tied on the lowest remove one.
- If every remaining player loses their last fighter in the same round, it is a draw.
- One player is a practice table: it ends when the fistful is gone; the score is the
  number of throws it lasted.
- Placings follow elimination: whoever went out later ranks higher, players out in the
  same throw share a place.

The state keeps only what the rules read, the latest throw and the counts, so applying an
action costs the same at throw 5 and throw 5,000; the scores table is rebuilt from the
action log (`RoundLog`).
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal

import msgspec

from core.errors import IllegalAction
from core.game import (CHANCE, PALETTE, Action, Actor, Mode, PlayerSetup, Result, Rules, Secret, Simultaneous,
                       actor_players, default_players, rank, screen_secret, validate_mode, validate_players)
from core.fistful import throwdown_secrets
from core.fistful.roster import Fighter, Roster, default_roster
from core.spec import GameSpec
from core.text import listing
from core.fistful.scoring import ThrowScore, lowest_total_removers, score_codes
from core.fistful.throws import (POSE_NAMES, Landed, code_problem, decode_poses, encode_poses,
                                 migrate_fighter, migrate_fighters, migrate_landed, throw_fistful)

MAX_FIGHTERS = 6
MAX_POINTS = 15
MIN_PLAYERS = 1
MAX_PLAYERS = 10
SPEC = GameSpec(MIN_PLAYERS, MAX_PLAYERS)

DEFAULT_COLOURS = PALETTE


class ThrowdownSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    players: tuple[PlayerSetup, ...]
    mode: Mode = "simulated"


class Pick(Action, tag="pick"):
    """A player's secret choice of fistful."""
    player: int
    fighters: tuple[Fighter, ...]


class Throw(Action, tag="throw"):
    """Chance (or the table): per seat the pose code of its fistful (see core.fistful.throws),
    None for players who are out."""
    poses: tuple[str | None, ...]

    @classmethod
    def of(cls, landed: Sequence[Sequence[Landed] | None]) -> Throw:
        """The throw that lands every seat's fighters as listed."""
        return cls(tuple(None if x is None else encode_poses(x) for x in landed))


class Remove(Action, tag="remove"):
    """A lowest-scoring player takes one of their face-down fighters out of the game."""
    player: int
    fighter: Fighter


ThrowdownAction = Pick | Throw | Remove

Phase = Literal["pick", "throw", "remove", "over"]


class RoundRecord(msgspec.Struct, frozen=True):
    """One throw: the fistfuls as thrown (shared with the state, not copied) and their pose codes."""

    number: int
    thrown: tuple[tuple[Fighter, ...], ...]
    poses: tuple[str | None, ...]
    scores: tuple[ThrowScore | None, ...]
    removers: tuple[int, ...]
    removed: tuple[Fighter | None, ...]

    @property
    def landed(self) -> tuple[tuple[Landed, ...] | None, ...]:
        """How each seat's fighters landed, in fistful order (None for players who were out)."""
        return tuple(None if code is None else decode_poses(fistful, code)
                     for fistful, code in zip(self.thrown, self.poses))


class ThrowdownState(msgspec.Struct, frozen=True):
    setup: ThrowdownSetup
    phase: Phase
    fistfuls: tuple[tuple[Fighter, ...], ...]
    picked: tuple[bool, ...]
    throws: int = 0  # throws made so far
    round: RoundRecord | None = None  # the latest throw, with its removals so far
    to_remove: tuple[int, ...] = ()
    out_after: tuple[int, ...] = ()  # per player: the round they lost their last fighter, 0 = in
    result: Result | None = None

    @property
    def players(self) -> int:
        return len(self.setup.players)

    def name(self, player: int) -> str:
        return self.setup.players[player].name

    def in_game(self, player: int) -> bool:
        return bool(self.fistfuls[player]) or self.phase == "pick"


def fistful_problems(roster: Roster, fighters: tuple[Fighter, ...] | list[Fighter]) -> list[str]:
    """Every reason a fistful is refused, in plain words (empty when it is legal)."""
    problems = []
    if not fighters:
        problems.append("Pick at least one fighter.")
    if len(fighters) > MAX_FIGHTERS:
        problems.append(f"A fistful holds at most {MAX_FIGHTERS} fighters; this one has {len(fighters)}.")
    unknown = [f for f in fighters if not roster.has(f)]
    for f in unknown:
        problems.append(f"{f.finish} {f.sculpt} is not in the roster.")
    if len(set(fighters)) != len(fighters):
        problems.append("The same fighter is picked twice; you own one of each.")
    if not unknown:
        points = sum(roster.value(f) for f in fighters)
        if points > MAX_POINTS:
            problems.append(f"A fistful is worth at most {MAX_POINTS} points; this one is worth {points}.")
    return problems


def random_fistful(roster: Roster, rng: random.Random) -> tuple[Fighter, ...]:
    pool = list(roster.fighters)
    rng.shuffle(pool)
    size = rng.randint(1, MAX_FIGHTERS)
    chosen: list[Fighter] = []
    points = 0
    for f in pool:
        if len(chosen) == size:
            break
        v = roster.value(f)
        if points + v <= MAX_POINTS:
            chosen.append(f)
            points += v
    return tuple(chosen)


class ThrowdownGame(Rules):
    id = "throwdown"
    title = "Throwdown"
    spec = SPEC
    setup_type = ThrowdownSetup
    action_type = ThrowdownAction
    state_type = ThrowdownState

    def __init__(self, roster: Roster | None = None) -> None:
        self._roster = roster
        self._values: dict[tuple[Fighter, ...], tuple[int, ...]] = {}

    def _sorted_values(self, fistful: tuple[Fighter, ...]) -> tuple[int, ...]:
        """The fistful's values in pose-code order, remembered: a fistful is thrown many times."""
        values = self._values.get(fistful)
        if values is None:
            if len(self._values) > 4096:
                self._values.clear()
            values = self._values[fistful] = tuple(self.roster.value(f) for f in sorted(fistful))
        return values

    @property
    def roster(self) -> Roster:
        return self._roster or default_roster()

    # --- setup ---------------------------------------------------------------------
    def default_setup(self, players: int | None = None) -> ThrowdownSetup:
        n = 3 if players is None else players
        return ThrowdownSetup(default_players(n))

    def validate_setup(self, setup: ThrowdownSetup) -> None:
        validate_players(setup.players, self.title, MIN_PLAYERS, MAX_PLAYERS)
        validate_mode(setup.mode)

    def mode(self, setup: ThrowdownSetup) -> Mode:
        return setup.mode

    def new(self, setup: ThrowdownSetup) -> ThrowdownState:
        n = len(setup.players)
        return ThrowdownState(setup=setup, phase="pick", fistfuls=((),) * n, picked=(False,) * n,
                              out_after=(0,) * n)

    # --- turn flow ------------------------------------------------------------------
    def actor(self, state: ThrowdownState) -> Actor:
        if state.phase == "pick":
            return Simultaneous(tuple(i for i, p in enumerate(state.picked) if not p))
        if state.phase == "throw":
            return CHANCE
        if state.phase == "remove":
            return state.to_remove[0]
        return None

    def legal_actions(self, state: ThrowdownState) -> list[ThrowdownAction] | None:
        if state.phase == "remove":
            p = state.to_remove[0]
            return [Remove(p, f) for f in self.removable(state, p)]
        if state.phase == "over":
            return []
        return None

    def removable(self, state: ThrowdownState, player: int) -> list[Fighter]:
        """The face-down fighters of this round that the player may take out."""
        last = state.round
        if last is None or last.poses[player] is None:
            return []
        down = {f for f, c in zip(sorted(last.thrown[player]), last.poses[player]) if c == "d"}
        left = state.fistfuls[player]
        return [f for f in last.thrown[player] if f in down and f in left]

    def removal_problem(self, state: ThrowdownState, player: int, fighter: object) -> str | None:
        """Why `player` may not remove `fighter` now, in the players' words (None when they may)."""
        if state.phase != "remove":
            return "Nobody removes a fighter now: fighters are removed only after a throw, by the lowest total."
        remover = state.to_remove[0]
        if player != remover:
            return (f"It is {state.name(remover)} who removes a fighter now, "
                    "and only one of their own that landed face down.")
        if not isinstance(fighter, Fighter) or not self.roster.has(fighter) \
                or fighter not in state.fistfuls[player]:
            name = self.roster.name(fighter) if isinstance(fighter, Fighter) and self.roster.has(fighter) else fighter
            return (f"{name} is not in {state.name(player)}'s fistful: only one of their own fighters "
                    "that landed face down can be removed.")
        if fighter not in self.removable(state, player):
            return (f"{self.roster.name(fighter)} landed face up this throw, so it stays: "
                    "only a fighter that landed face down can be removed.")
        return None

    def validate(self, state: ThrowdownState, action: ThrowdownAction) -> None:
        if state.phase == "over":
            raise IllegalAction("The game is over.", action)
        if isinstance(action, Pick):
            if state.phase != "pick":
                raise IllegalAction("Fistfuls are already chosen; they are kept for the whole game.", action)
            _check_seat(state, action.player, action)
            if state.picked[action.player]:
                raise IllegalAction(f"{state.name(action.player)} has already picked a fistful.", action)
            problems = fistful_problems(self.roster, action.fighters)
            if problems:
                raise IllegalAction(" ".join(problems), action)
        elif isinstance(action, Throw):
            if state.phase != "throw":
                raise IllegalAction("It is not time to throw.", action)
            if not isinstance(action.poses, tuple) or len(action.poses) != state.players:
                count = len(action.poses) if isinstance(action.poses, tuple) else "no"
                raise IllegalAction(f"The throw must list {state.players} players, not {count}.", action)
            for i, code in enumerate(action.poses):
                fistful = state.fistfuls[i]
                if not fistful:
                    if code is not None:
                        raise IllegalAction(f"{state.name(i)} is out and does not throw.", action)
                    continue
                problem = code_problem(fistful, code)
                if problem:
                    raise IllegalAction(f"{state.name(i)}'s throw must {problem}.", action)
        elif isinstance(action, Remove):
            if state.phase != "remove":
                raise IllegalAction("Nobody has to remove a fighter now.", action)
            _check_seat(state, action.player, action)
            problem = self.removal_problem(state, action.player, action.fighter)
            if problem:
                raise IllegalAction(problem, action)
        else:
            raise IllegalAction(f"Throwdown has no action {type(action).__name__}.", action)

    def apply(self, state: ThrowdownState, action: ThrowdownAction) -> ThrowdownState:
        if isinstance(action, Pick):
            fistfuls = _replace(state.fistfuls, action.player, tuple(action.fighters))
            picked = _replace(state.picked, action.player, True)
            return msgspec.structs.replace(state, fistfuls=fistfuls, picked=picked,
                                           phase="throw" if all(picked) else "pick")
        if isinstance(action, Throw):
            scores = score_codes([self._sorted_values(f) for f in state.fistfuls], action.poses)
            removers = lowest_total_removers(scores)
            record = RoundRecord(state.throws + 1, state.fistfuls, action.poses, scores, removers,
                                 (None,) * state.players)
            return msgspec.structs.replace(state, throws=state.throws + 1, round=record, to_remove=removers,
                                           phase="remove" if removers else "throw")
        if isinstance(action, Remove):
            p = action.player
            fistful = tuple(f for f in state.fistfuls[p] if f != action.fighter)
            last = state.round
            assert last is not None
            record = msgspec.structs.replace(last, removed=_replace(last.removed, p, action.fighter))
            out_after = state.out_after if fistful else _replace(state.out_after, p, last.number)
            state = msgspec.structs.replace(state, fistfuls=_replace(state.fistfuls, p, fistful), round=record,
                                            to_remove=state.to_remove[1:], out_after=out_after)
            if state.to_remove:
                return state
            return self._end_of_round(state)
        raise IllegalAction(f"Throwdown has no action {type(action).__name__}.", action)

    def _end_of_round(self, state: ThrowdownState) -> ThrowdownState:
        alive = [i for i in range(state.players) if state.fistfuls[i]]
        number = state.throws
        lasted = [number + 1 if state.fistfuls[i] else state.out_after[i] for i in range(state.players)]
        result = None
        if state.players == 1:
            if not alive:
                result = Result(winners=(), draw=False, placings=(1,), reason="practice")
        elif len(alive) == 1:
            result = Result(winners=(alive[0],), draw=False, placings=rank(lasted), reason="last-standing")
        elif not alive:
            tied = tuple(i for i in range(state.players) if state.out_after[i] == number)
            result = Result(winners=tied, draw=True, placings=rank(lasted), reason="out-together")
        if result is None:
            return msgspec.structs.replace(state, phase="throw")
        return msgspec.structs.replace(state, phase="over", result=result)

    def result_text(self, state: ThrowdownState) -> str:
        """The result sentence, worded now from the facts in the state."""
        result = state.result
        if result is None:
            return ""
        if result.reason == "practice":
            return PRACTICE_TEXT.format(throws=state.throws)
        if result.draw:
            names = " and ".join(state.name(i) for i in result.winners)
            return DRAW_TEXT.format(names=names, throws=state.throws)
        return WIN_TEXT.format(name=state.name(result.winners[0]), throws=state.throws)

    def phase_text(self, state: ThrowdownState) -> str:
        """Who acts and what to do, worded like the view's banner and curtain."""
        if state.phase == "over":
            return self.result_text(state) or "Game over"
        if state.phase == "pick":
            waiting = [state.name(i) for i, p in enumerate(state.picked) if not p]
            return f"{listing(waiting)} to choose {'a fistful' if len(waiting) == 1 else 'fistfuls'} in secret."
        if state.phase == "remove":
            return (f"{state.name(state.to_remove[0])} has the lowest total: "
                    "choose a face-down fighter to remove.")
        if state.throws == 0:
            return "All fistfuls are revealed \u2014 ready for throw 1."
        return f"Ready for throw {state.throws + 1}."

    def rounds(self, setup: ThrowdownSetup, actions: Sequence[ThrowdownAction]) -> list[RoundRecord]:
        """Every throw of a match with its scores and removals, rebuilt from its action log."""
        log = RoundLog(self, setup)
        log.update(actions)
        return log.rounds

    # --- information -------------------------------------------------------------------
    def view(self, state: ThrowdownState, player: int | None) -> ThrowdownState:
        """During picking, a player sees only their own fistful (others' stay secret)."""
        if state.phase != "pick":
            return state
        hidden = tuple(f if i == player else () for i, f in enumerate(state.fistfuls))
        return msgspec.structs.replace(state, fistfuls=hidden)

    def secret(self, state: ThrowdownState) -> Secret | None:
        """While fistfuls are being picked, the next picker's choice is secret from the others at
        the screen (in table mode too: the fistfuls are chosen on the screen, not at the table).
        A lone player has nobody to hide it from."""
        seats = actor_players(self.actor(state))
        if state.phase != "pick" or not seats or state.players < 2:
            return None
        return screen_secret(state.setup, Secret(seats[0], "fistful"))

    def result(self, state: ThrowdownState) -> Result | None:
        return state.result

    def determinize(self, state_view: ThrowdownState, seat: int, rng: random.Random) -> ThrowdownState:
        return throwdown_secrets.determinize(self.roster, state_view, seat, rng)

    def redact(self, action: ThrowdownAction, seat: int, before: ThrowdownState,
               now: ThrowdownState) -> ThrowdownAction:
        return throwdown_secrets.redact(action, seat, now)

    def is_barrier(self, state: ThrowdownState, action: ThrowdownAction) -> bool:
        if isinstance(action, Throw):
            return True
        if isinstance(action, Pick):
            return sum(state.picked) == state.players - 1
        return False

    # --- chance and random play ----------------------------------------------------------
    def sample_chance(self, state: ThrowdownState, rng: random.Random) -> Throw:
        """Each fistful in seat and pick order draws one pose per fighter, as 0.1.0 drew them."""
        return Throw(tuple(encode_poses(throw_fistful(rng, self.roster, f)) if f else None
                           for f in state.fistfuls))

    def migrate_action(self, action: dict[str, Any], version: int) -> dict[str, Any]:
        """Format 1 spelled every fighter out ({"sculpt", "finish"}, and each throw as fighter and
        pose); format 2 keeps [sculpt, finish] and a throw's pose codes."""
        if version != 1 or not isinstance(action, dict):
            return action
        out = dict(action)
        kind = out.get("kind")
        if kind == "pick":
            out["fighters"] = migrate_fighters(out.get("fighters"))
        elif kind == "remove":
            out["fighter"] = migrate_fighter(out.get("fighter"))
        elif kind == "throw" and "landed" in out:
            landed = out.pop("landed")
            out["poses"] = [None if x is None else migrate_landed(x) for x in landed] \
                if isinstance(landed, list) else landed
        return out

    def random_action(self, state: ThrowdownState, rng: random.Random) -> ThrowdownAction:
        if state.phase == "pick":
            pending = [i for i, p in enumerate(state.picked) if not p]
            return Pick(rng.choice(pending), random_fistful(self.roster, rng))
        if state.phase == "throw":
            return self.sample_chance(state, rng)
        legal = self.legal_actions(state)
        if not legal:
            raise IllegalAction("The game is over.")
        return rng.choice(legal)

    def describe(self, state: ThrowdownState, action: ThrowdownAction, after: ThrowdownState) -> str:
        """A log line; reads scores from `after` so a throw is scored once, in apply."""
        if isinstance(action, Pick):
            last = sum(state.picked) == state.players - 1
            return f"{state.name(action.player)} picked a fistful" + ("; all fistfuls revealed." if last else ".")
        if isinstance(action, Throw):
            record = after.round
            assert record is not None
            scores = record.scores
            parts = []
            for i, s in enumerate(scores):
                if s is None:
                    continue
                text = f"{state.name(i)} {s.face_up} up = {s.points}"
                if s.bonus:
                    text += f" + {s.bonus} bonus = {s.total}"
                parts.append(text)
            line = f"Throw {record.number}: " + "; ".join(parts) + "."
            removers = record.removers
            if removers:
                line += " Lowest: " + ", ".join(state.name(i) for i in removers) + " must remove a face-down fighter."
            else:
                line += " Nobody has a face-down fighter to remove."
            return line
        if isinstance(action, Remove):
            left = len(state.fistfuls[action.player]) - 1
            line = f"{state.name(action.player)} removed {self.roster.name(action.fighter)}"
            return line + ("; they are out." if left == 0 else f"; {left} left.")
        return str(action)

    def pose_name(self, pose: str) -> str:
        return POSE_NAMES[pose]


PRACTICE_TEXT = "Practice over: your fistful lasted {throws} throws."
WIN_TEXT = "{name} wins: the last player with fighters, after {throws} throws."
DRAW_TEXT = "Draw between {names}: all lost their last fighter in throw {throws}."


class RoundLog:
    """The rounds of a match, rebuilt from its action log and extended as the log grows, so a
    scores table costs one apply per new action (and a full rebuild only after an undo)."""

    def __init__(self, game: ThrowdownGame, setup: ThrowdownSetup) -> None:
        self.game = game
        self.setup = setup
        self._restart()

    def _restart(self) -> None:
        self.rounds: list[RoundRecord] = []
        self._actions: tuple[Any, ...] = ()
        self._state = self.game.new(self.setup)

    def update(self, actions: Sequence[ThrowdownAction]) -> list[RoundRecord]:
        actions = tuple(actions)
        seen = len(self._actions)
        if actions[:seen] != self._actions:
            self._restart()
            seen = 0
        state = self._state
        for action in actions[seen:]:
            state = self.game.apply(state, action)
            if isinstance(action, Throw):
                self.rounds.append(state.round)
            elif isinstance(action, Remove):
                self.rounds[-1] = state.round
        self._state, self._actions = state, actions
        return self.rounds


def _check_seat(state: ThrowdownState, player: object, action: ThrowdownAction) -> None:
    if type(player) is not int or not 0 <= player < state.players:
        seat = player + 1 if type(player) is int else repr(player)
        raise IllegalAction(f"There is no player {seat} in this game.", action)


def _replace(t: tuple, i: int, value: object) -> tuple:
    return t[:i] + (value,) + t[i + 1:]


GAME = ThrowdownGame()
