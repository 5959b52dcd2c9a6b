"""Solitaire Challenge (Fistful of Power, 1 player): ten throws, ten challenges, one score sheet.

Rulings (GAME-DATA.md section 1; players' version in resources/notes/solitaire.md):
- Challenges 1-5 need exactly N face-up fighters and score the sum of their values.
- Challenges 6-10 need the face-up fighters to contain the pattern and score a fixed amount.
- Each challenge is used once per game. If an unused challenge matches, one of the matching
  unused challenges must be chosen; otherwise 0 goes on any unused challenge.
- A standing fighter adds 50 to that throw's entry, a 0 entry included.
- Every throw uses any 5 distinct fighters of the collection.
- A session is 1 to 3 games (the sheet's three columns), played one after the other.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, Literal

import msgspec

from core.errors import IllegalAction, IllegalSetup
from core.fistful.roster import Fighter, Roster, default_roster
from core.fistful.throws import (POSE_NAMES, Landed, code_problem, decode_poses, encode_poses, is_face_up,
                                 migrate_fighters, migrate_landed, throw_fistful)
from core.spec import GameSpec, Option
from core.game import (
    Rules,
    CHANCE,
    default_players,
    Action,
    Actor,
    Mode,
    PlayerSetup,
    Result,
    validate_mode,
    validate_players,
)
from core.text import plural

FIVE = 5
THROWS_PER_GAME = 10
MAX_GAMES = 3
STANDING_BONUS = 50
MIN_PLAYERS = 1
MAX_PLAYERS = 1
SPEC = GameSpec(MIN_PLAYERS, MAX_PLAYERS, options=(
    Option("games", "Games in this session (one score sheet column each)", "int", 1, MAX_GAMES),))
BASIC = (1, 2, 3, 4, 5)
SUPER = (6, 7, 8, 9, 10)
CHALLENGES = BASIC + SUPER
SUPER_POINTS = {6: 10, 7: 15, 8: 20, 9: 25, 10: 30}
CHALLENGE_NAMES = {
    1: "1 face-up fighter", 2: "2 face-up fighters", 3: "3 face-up fighters",
    4: "4 face-up fighters", 5: "5 face-up fighters",
    6: "3 face-up with the same finish", 7: "3 face-up from different lands",
    8: "3 face-up from the same land", 9: "4 face-up: 2 pairs, each from one land",
    10: "One fighter face-up in all 3 finishes",
}
POINTS_RULE = {**{c: "Sum of face-up values" for c in BASIC}, **{c: f"{p} pts" for c, p in SUPER_POINTS.items()}}


class SolitaireSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    players: tuple[PlayerSetup, ...]
    mode: Mode = "simulated"
    games: int = 1


class ChooseFive(Action, tag="choose-five"):
    """The five fighters for the next throw (any five of the collection)."""
    fighters: tuple[Fighter, ...]


class SoloThrow(Action, tag="solo-throw"):
    """Chance (or the table): the pose code of the five (see core.fistful.throws)."""
    poses: str

    @classmethod
    def of(cls, landed: Sequence[Landed]) -> SoloThrow:
        return cls(encode_poses(landed))


class Enter(Action, tag="enter"):
    """Write this throw's score on one unused challenge of the sheet."""
    challenge: int


SolitaireAction = ChooseFive | SoloThrow | Enter

Phase = Literal["choose", "throw", "enter", "over"]


class Sheet(msgspec.Struct, frozen=True):
    """The paper score sheet: per game column, per challenge (1-10) the entry or None."""

    columns: tuple[tuple[int | None, ...], ...]

    @classmethod
    def blank(cls, games: int) -> Sheet:
        return cls(((None,) * len(CHALLENGES),) * games)

    def entry(self, game: int, challenge: int) -> int | None:
        return self.columns[game][challenge - 1]

    def used(self, game: int) -> tuple[int, ...]:
        return tuple(c for c in CHALLENGES if self.entry(game, c) is not None)

    def unused(self, game: int) -> tuple[int, ...]:
        return tuple(c for c in CHALLENGES if self.entry(game, c) is None)

    def complete(self, game: int) -> bool:
        return not self.unused(game)

    def basic(self, game: int) -> int:
        return sum(self.entry(game, c) or 0 for c in BASIC)

    def super(self, game: int) -> int:
        return sum(self.entry(game, c) or 0 for c in SUPER)

    def total(self, game: int) -> int:
        return self.basic(game) + self.super(game)

    def with_entry(self, game: int, challenge: int, points: int) -> Sheet:
        col = self.columns[game]
        col = col[:challenge - 1] + (points,) + col[challenge:]
        return Sheet(self.columns[:game] + (col,) + self.columns[game + 1:])


class ThrowRecord(msgspec.Struct, frozen=True):
    game: int  # 0-based column
    number: int  # 1..10 within the game
    landed: tuple[Landed, ...]
    matches: tuple[tuple[int, int], ...]  # (challenge, points) for every matching challenge
    standing: bool
    challenge: int | None = None
    entry: int | None = None


class SolitaireState(msgspec.Struct, frozen=True):
    setup: SolitaireSetup
    phase: Phase
    sheet: Sheet
    game: int = 0
    five: tuple[Fighter, ...] = ()
    throws: tuple[ThrowRecord, ...] = ()
    result: Result | None = None

    @property
    def name(self) -> str:
        return self.setup.players[0].name

    @property
    def throw_number(self) -> int:
        """The throw being chosen, made or entered in the current game, 1..10."""
        return min(len(self.sheet.used(self.game)) + 1, THROWS_PER_GAME)

    @property
    def last(self) -> ThrowRecord | None:
        return self.throws[-1] if self.throws else None


# --- the rules as pure functions -----------------------------------------------------------
def matching(roster: Roster, landed: Sequence[Landed]) -> dict[int, int]:
    """Every challenge (used or not) this throw matches, with the points it is worth."""
    up = [x.fighter for x in landed if is_face_up(x.pose)]
    out: dict[int, int] = {}
    if 1 <= len(up) <= FIVE:
        out[len(up)] = sum(roster.value(f) for f in up)
    finishes = Counter(f.finish for f in up)
    lands = Counter(roster.region(f) for f in up)
    if finishes and max(finishes.values()) >= 3:
        out[6] = SUPER_POINTS[6]
    if len(lands) >= 3:
        out[7] = SUPER_POINTS[7]
    if lands and max(lands.values()) >= 3:
        out[8] = SUPER_POINTS[8]
    if len(up) >= 4 and sum(1 for n in lands.values() if n >= 2) >= 2:
        out[9] = SUPER_POINTS[9]
    sculpts: dict[str, set[str]] = {}
    for f in up:
        sculpts.setdefault(f.sculpt, set()).add(f.finish)
    if any(len(fs) >= 3 for fs in sculpts.values()):
        out[10] = SUPER_POINTS[10]
    return dict(sorted(out.items()))


def has_standing(landed: Sequence[Landed]) -> bool:
    return any(x.pose == "standing" for x in landed)


def entry_points(roster: Roster, landed: Sequence[Landed], challenge: int) -> int:
    """What entering this throw on `challenge` writes: its points (0 if it does not match), +50 standing."""
    points = matching(roster, landed).get(challenge, 0)
    return points + (STANDING_BONUS if has_standing(landed) else 0)


def standing_bonuses(state: SolitaireState) -> dict[tuple[int, int], int]:
    """(game, challenge) -> the standing bonus inside that entry, for every entry that has one."""
    return {(r.game, r.challenge): STANDING_BONUS for r in state.throws
            if r.standing and r.challenge is not None}


def bonus_total(state: SolitaireState, game: int) -> int:
    """How much of a game's total came from standing fighters."""
    return sum(v for (g, _c), v in standing_bonuses(state).items() if g == game)


STANDING_BONUS_RULE = (f"Standing bonus: a throw with a fighter landed standing on its feet adds "
                       f"{STANDING_BONUS} to the entry of that throw, even when the entry is 0. "
                       "It is already counted in the entries and totals.")


def throw_summary(roster: Roster, landed: Sequence[Landed]) -> str:
    """How a throw of five landed, by pose: face up splits into on the back and standing."""
    back = [x.fighter for x in landed if x.pose == "back"]
    standing = [x.fighter for x in landed if x.pose == "standing"]
    up = len(back) + len(standing)
    points = sum(roster.value(f) for f in back + standing)
    parts = []
    if back:
        parts.append(f"{len(back)} on {'its' if len(back) == 1 else 'their'} back")
    if standing:
        parts.append(f"{len(standing)} standing")
    down = len(landed) - up
    if down:
        parts.append(f"{down} face down")
    head = f"{up} face up, worth {plural(points, 'point')}" if up else "Nothing face up"
    return f"{head} ({', '.join(parts)})" if parts else head


def allowed_challenges(roster: Roster, landed: Sequence[Landed], unused: Sequence[int]) -> tuple[int, ...]:
    """The matching unused challenges, or every unused one (for 0) when none matches."""
    hits = matching(roster, landed)
    matched = tuple(c for c in unused if c in hits)
    return matched or tuple(unused)


def five_problems(roster: Roster, fighters: Sequence[Fighter]) -> list[str]:
    """Every reason a choice of five is refused, in plain words (empty when it is legal)."""
    problems = []
    if len(fighters) != FIVE:
        problems.append(f"Choose exactly {FIVE} fighters; {len(fighters)} chosen.")
    for f in fighters:
        if not roster.has(f):
            problems.append(f"{f.finish} {f.sculpt} is not in the collection.")
    if len(set(fighters)) != len(fighters):
        problems.append("The same fighter is chosen twice; you own one of each.")
    return problems


class SolitaireGame(Rules):
    id = "solitaire"
    title = "Solitaire Challenge"
    spec = SPEC
    setup_type = SolitaireSetup
    action_type = SolitaireAction
    state_type = SolitaireState

    def __init__(self, roster: Roster | None = None) -> None:
        self._roster = roster

    @property
    def roster(self) -> Roster:
        return self._roster or default_roster()

    # --- setup ---------------------------------------------------------------------------
    def default_setup(self, players: int | None = None) -> SolitaireSetup:
        n = 1 if players is None else players
        return SolitaireSetup(default_players(n))

    def validate_setup(self, setup: SolitaireSetup) -> None:
        validate_players(setup.players, self.title, MIN_PLAYERS, MAX_PLAYERS)
        validate_mode(setup.mode)
        if type(setup.games) is not int or not 1 <= setup.games <= MAX_GAMES:
            raise IllegalSetup(f"A session is 1 to {MAX_GAMES} games (the sheet has {MAX_GAMES} columns), "
                               f"not {setup.games!r}.")

    def mode(self, setup: SolitaireSetup) -> Mode:
        return setup.mode

    def new(self, setup: SolitaireSetup) -> SolitaireState:
        return SolitaireState(setup=setup, phase="choose", sheet=Sheet.blank(setup.games))

    # --- turn flow -------------------------------------------------------------------------
    def actor(self, state: SolitaireState) -> Actor:
        if state.phase == "throw":
            return CHANCE
        if state.phase == "over":
            return None
        return 0

    def legal_actions(self, state: SolitaireState) -> list[SolitaireAction] | None:
        if state.phase == "enter":
            return [Enter(c) for c in self.allowed(state)]
        if state.phase == "over":
            return []
        return None

    def allowed(self, state: SolitaireState) -> tuple[int, ...]:
        """The challenges the current throw may be entered on (empty outside the enter phase)."""
        if state.phase != "enter":
            return ()
        return allowed_challenges(self.roster, state.last.landed, state.sheet.unused(state.game))

    def validate(self, state: SolitaireState, action: SolitaireAction) -> None:
        if state.phase == "over":
            raise IllegalAction("The game is over.", action)
        if isinstance(action, ChooseFive):
            if state.phase != "choose":
                raise IllegalAction("The five for this throw are already chosen.", action)
            problems = five_problems(self.roster, action.fighters)
            if problems:
                raise IllegalAction(" ".join(problems), action)
        elif isinstance(action, SoloThrow):
            if state.phase != "throw":
                raise IllegalAction("It is not time to throw.", action)
            problem = code_problem(state.five, action.poses)
            if problem:
                raise IllegalAction(f"The throw must {problem}.", action)
        elif isinstance(action, Enter):
            if state.phase != "enter":
                raise IllegalAction("There is no throw to enter yet.", action)
            c = action.challenge
            if type(c) is not int or c not in CHALLENGES:
                raise IllegalAction(f"There is no challenge {c!r}; the sheet has challenges 1 to 10.", action)
            if state.sheet.entry(state.game, c) is not None:
                raise IllegalAction(f"Challenge {c} is already used in this game.", action)
            allowed = self.allowed(state)
            if c not in allowed:
                listed = ", ".join(str(a) for a in allowed)
                raise IllegalAction(f"This throw matches challenge{'s' if len(allowed) > 1 else ''} {listed}; "
                                    f"it must go on {'one of them' if len(allowed) > 1 else 'that one'}.", action)
        else:
            raise IllegalAction(f"Solitaire Challenge has no action {type(action).__name__}.", action)

    def apply(self, state: SolitaireState, action: SolitaireAction) -> SolitaireState:
        if isinstance(action, ChooseFive):
            return msgspec.structs.replace(state, phase="throw", five=tuple(action.fighters))
        if isinstance(action, SoloThrow):
            landed = decode_poses(state.five, action.poses)
            hits = matching(self.roster, landed)
            record = ThrowRecord(game=state.game, number=len(state.sheet.used(state.game)) + 1,
                                 landed=landed, matches=tuple(hits.items()), standing=has_standing(landed))
            return msgspec.structs.replace(state, phase="enter", throws=state.throws + (record,))
        if isinstance(action, Enter):
            points = entry_points(self.roster, state.last.landed, action.challenge)
            record = msgspec.structs.replace(state.last, challenge=action.challenge, entry=points)
            sheet = state.sheet.with_entry(state.game, action.challenge, points)
            state = msgspec.structs.replace(state, sheet=sheet, throws=state.throws[:-1] + (record,),
                                            phase="choose")
            if not sheet.complete(state.game):
                return state
            if state.game + 1 < state.setup.games:
                return msgspec.structs.replace(state, game=state.game + 1)
            return msgspec.structs.replace(state, phase="over", result=self._result(state))
        raise IllegalAction(f"Solitaire Challenge has no action {type(action).__name__}.", action)

    def _result(self, state: SolitaireState) -> Result:
        """A solo session ranks nobody against anybody: its one seat is placed first."""
        return Result(winners=(), draw=False, placings=(1,), reason="sheet-complete")

    def result_text(self, state: SolitaireState) -> str:
        if state.result is None:
            return ""
        totals = [state.sheet.total(g) for g in range(state.setup.games)]
        if len(totals) == 1:
            return f"{state.name} scored {totals[0]} points."
        listed = ", ".join(f"game {g + 1}: {t}" for g, t in enumerate(totals))
        return f"{state.name}'s session: {listed}; best {max(totals)}."

    def phase_text(self, state: SolitaireState) -> str:
        """Which throw of which game, and what to do with it, worded like the view's banner."""
        if state.phase == "over":
            return self.result_text(state) or "Session over"
        games = state.setup.games
        where = f"Game {state.game + 1} of {games} \u00b7 " if games > 1 else ""
        todo = {"choose": f"choose {FIVE} fighters", "throw": "ready to throw",
                "enter": "choose a challenge for this throw"}[state.phase]
        return f"{where}Throw {state.throw_number} of {THROWS_PER_GAME}: {todo}."

    # --- information ---------------------------------------------------------------------------
    def view(self, state: SolitaireState, player: int | None) -> SolitaireState:
        return state

    def result(self, state: SolitaireState) -> Result | None:
        return state.result

    def is_barrier(self, state: SolitaireState, action: SolitaireAction) -> bool:
        return isinstance(action, SoloThrow)

    # --- chance and random play -----------------------------------------------------------------
    def sample_chance(self, state: SolitaireState, rng: random.Random) -> SoloThrow:
        """The five in their chosen order draw one pose each, as 0.1.0 drew them."""
        return SoloThrow(encode_poses(throw_fistful(rng, self.roster, state.five)))

    def migrate_action(self, action: dict[str, Any], version: int) -> dict[str, Any]:
        """Format 1 spelled fighters out as objects; format 2 keeps [sculpt, finish] and pose codes."""
        if version != 1 or not isinstance(action, dict):
            return action
        out = dict(action)
        if out.get("kind") == "choose-five":
            out["fighters"] = migrate_fighters(out.get("fighters"))
        elif out.get("kind") == "solo-throw" and "landed" in out:
            out["poses"] = migrate_landed(out.pop("landed"))
        return out

    def random_action(self, state: SolitaireState, rng: random.Random) -> SolitaireAction:
        if state.phase == "choose":
            return ChooseFive(tuple(rng.sample(self.roster.fighters, FIVE)))
        if state.phase == "throw":
            return self.sample_chance(state, rng)
        legal = self.legal_actions(state)
        if not legal:
            raise IllegalAction("The game is over.")
        return rng.choice(legal)

    def describe(self, state: SolitaireState, action: SolitaireAction, after: SolitaireState) -> str:
        """A log line; reads the throw's matches from `after` so they are computed once, in apply."""
        r = self.roster
        prefix = f"Game {state.game + 1}, throw {state.throw_number}" if state.setup.games > 1 \
            else f"Throw {state.throw_number}"
        if isinstance(action, ChooseFive):
            return f"{prefix}: {state.name} chose {', '.join(r.name(f) for f in action.fighters)}."
        if isinstance(action, SoloThrow):
            record = after.last
            up = [f"{r.name(x.fighter)} ({r.value(x.fighter)}{', standing' if x.pose == 'standing' else ''})"
                  for x in record.landed if is_face_up(x.pose)]
            line = f"{prefix}: " + (f"face up {', '.join(up)}" if up else "nothing face up")
            down = sum(1 for x in record.landed if not is_face_up(x.pose))
            line += f"; {down} face down." if down else "."
            unused = set(state.sheet.unused(state.game))
            hits = [(c, p) for c, p in record.matches if c in unused]
            used = [c for c, _ in record.matches if c not in unused]
            if hits:
                line += " Matches " + ", ".join(f"challenge {c} ({p} pts)" for c, p in hits) + "."
            else:
                line += " No unused challenge matches: 0 goes on a challenge of your choice."
            if used:
                line += f" Already used: {', '.join(str(c) for c in used)}."
            if record.standing:
                line += f" A fighter is standing: +{STANDING_BONUS} on this throw's entry."
            return line
        if isinstance(action, Enter):
            record = after.throws[-1]
            c = action.challenge
            base = dict(record.matches).get(c, 0)
            line = f"{prefix}: entered {record.entry} on challenge {c} ({CHALLENGE_NAMES[c]})"
            if record.standing:
                line += f" = {base} + {STANDING_BONUS} standing bonus"
            line += "."
            g = state.game
            if after.sheet.complete(g):
                line += f" Game {g + 1} complete: {after.sheet.total(g)} points."
            return line
        return str(action)

    def pose_name(self, pose: str) -> str:
        return POSE_NAMES[pose]


GAME = SolitaireGame()
