"""Impact: Battle of Elements (2-5 players): throw element dice into the cauldron, win sets.

Rulings (see resources/notes/impact.md for the players' version):
- Chance is an actor: the starting die, every landing (faces, misses, knocked and tilted
  dice) and every tip are actions, so table mode enters exactly what the simulator draws.
- Races (Lightning Storm, Column of Fire) are skill, not chance: a Simultaneous actor of the
  racers submits one RaceResult(order), fastest first, from the shared-keyboard race screen.
- At the end of every turn, every player with no dice (loose or in boulder piles) is out.
- A tournament is one match: the state holds the game number and the points lost.
- A reckless throw knocks each cauldron die with the setup's chance; `kick_out` percent of
  those knocks send the die out of the cauldron and out of the game, the rest turn it.
- When everyone still in goes out in the same turn, those players draw (and in a tournament
  share the game's placing: each loses no points, like a winner).
- The state holds facts only (events are ids with seats and counts); core.impact.text words them.
"""
from __future__ import annotations

import itertools
import random

import msgspec

from core.chance import sample
from core.errors import IllegalAction, IllegalSetup
from core.game import (CHANCE, Actor, Mode, Result, Rules, Simultaneous, default_players, rank,
                       validate_mode, validate_players)
from core.impact.dice import (AIR, BLANK, DICE_PER_PLAYER, ELEMENTS, FACES, FIRE, LIGHTNING, STONE,
                              TOTAL_DICE, WATER, matching_faces, roll, roll_element, side_faces, tip)
from core.impact.events import Event
from core.impact.races import race_order
from core.impact.state import (  # noqa: F401  (re-exported: the game module is the public face)
    MIN_PLAYERS,
    MAX_PLAYERS,
    DEFAULT_COLOURS,
    LOOSE,
    POWER_ORDER,
    SPEC,
    AVATAR_FIELDS,
    ImpactSetup,
    Knock,
    StartingDie,
    Tip,
    Tipped,
    Throw,
    Landing,
    Stop,
    RaceResult,
    GameRecord,
    ImpactState,
    dice_per_player,
    next_seat,
    ImpactAction,
    CAUTIOUS,
    RECKLESS,
    ThrowKind,
)
from core.impact.text import POWER_NAMES, describe, phase_text, result_text

class ImpactGame(Rules):
    id = "impact"
    title = "Impact: Battle of Elements"
    spec = SPEC
    setup_type = ImpactSetup
    action_type = ImpactAction
    state_type = ImpactState
    chance_model = 2  # 2: a reckless landing also draws which knocked dice are kicked out

    # --- setup ---------------------------------------------------------------------
    def default_setup(self, players: int | None = None) -> ImpactSetup:
        n = 3 if players is None else players
        return ImpactSetup(default_players(n, DEFAULT_COLOURS))

    def validate_setup(self, setup: ImpactSetup) -> None:
        validate_players(setup.players, self.title, MIN_PLAYERS, MAX_PLAYERS)
        validate_mode(setup.mode)
        for option in SPEC.options:
            if option.kind != "int":
                continue
            value, low, high = getattr(setup, option.field), int(option.low or 0), int(option.high or 0)
            if type(value) is not int or not low <= value <= high:
                raise IllegalSetup(f"{option.label} must be a whole number from {low} to {high}, "
                                   f"not {value!r}.")

    def mode(self, setup: ImpactSetup) -> Mode:
        return setup.mode

    def new(self, setup: ImpactSetup) -> ImpactState:
        n = len(setup.players)
        return _new_game(setup, 0, 0, (0,) * n, ())

    # --- turn flow ------------------------------------------------------------------
    def actor(self, state: ImpactState) -> Actor:
        if state.phase in ("start", "tip", "landing"):
            return CHANCE
        if state.phase == "turn":
            return state.active
        if state.phase == "race":
            return Simultaneous(state.racers)
        return None

    def legal_actions(self, state: ImpactState) -> list[ImpactAction] | None:
        """The full list where it is finite and small; None while chance acts or a tip is
        possible (any set of cauldron dice may be tipped)."""
        if state.phase == "over":
            return []
        if state.phase == "race":
            return [RaceResult(order) for order in itertools.permutations(state.racers)]
        if state.phase == "turn" and (state.tipped or not self.may_tip(state)):
            return self.throw_options(state) + ([Stop(state.active)] if self.may_stop(state) else [])
        return None

    def throw_options(self, state: ImpactState) -> list[Throw]:
        if state.phase != "turn":
            return []
        p = state.active
        if state.big_bang:
            return [Throw(p, s) for s in (CAUTIOUS, RECKLESS)] if state.dice(p) else []
        sources = ([LOOSE] if state.loose[p] else []) + list(range(len(state.piles[p])))
        return [Throw(p, s, src) for src in sources for s in (CAUTIOUS, RECKLESS)]

    def may_stop(self, state: ImpactState) -> bool:
        return state.phase == "turn" and state.throws > 0 and not state.tipped and not state.big_bang

    def may_tip(self, state: ImpactState) -> bool:
        return (state.phase == "turn" and not state.tipped and not state.big_bang and bool(state.cauldron)
                and state.dice(state.active) > 0)

    def validate(self, state: ImpactState, action: ImpactAction) -> None:
        if state.phase == "over":
            raise IllegalAction("The game is over.", action)
        if isinstance(action, StartingDie):
            if state.phase != "start":
                raise IllegalAction("The starting die is already in the cauldron.", action)
            _check_face(action.face, action)
            if action.face == BLANK:
                raise IllegalAction("The starting die never shows the blank: roll it again.", action)
        elif isinstance(action, (Tip, Throw, Stop)):
            if state.phase != "turn":
                raise IllegalAction(_busy(state), action)
            _check_seat(state, action.player, action)
            if action.player != state.active:
                raise IllegalAction(f"It is {state.name(state.active)}'s turn.", action)
            if isinstance(action, Tip):
                self._validate_tip(state, action)
            elif isinstance(action, Throw):
                self._validate_throw(state, action)
            elif not self.may_stop(state):
                if state.big_bang:
                    raise IllegalAction("Big Bang! You must throw all your dice.", action)
                if state.tipped:
                    raise IllegalAction("You tipped dice: now throw.", action)
                raise IllegalAction("Your first throw of the turn is mandatory.", action)
        elif isinstance(action, Tipped):
            if state.phase != "tip":
                raise IllegalAction("No dice are being tipped.", action)
            if len(action.faces) != len(state.tipping):
                raise IllegalAction(f"Give a face for each of the {len(state.tipping)} tipped dice.", action)
            for i, face in zip(state.tipping, action.faces):
                _check_face(face, action)
                old = state.cauldron[i]
                if face not in side_faces(old):
                    raise IllegalAction(f"A tipped {old} die turns to a side face "
                                        f"({', '.join(side_faces(old))}), not {face}.", action)
        elif isinstance(action, Landing):
            self._validate_landing(state, action)
        elif isinstance(action, RaceResult):
            if state.phase != "race":
                raise IllegalAction("There is no race now.", action)
            if sorted(action.order) != sorted(state.racers) or len(set(action.order)) != len(action.order):
                names = ", ".join(state.name(p) for p in state.racers)
                raise IllegalAction(f"The race result must rank each racer once: {names}.", action)
        else:
            raise IllegalAction(f"Impact has no action {type(action).__name__}.", action)

    def _validate_tip(self, state: ImpactState, action: Tip) -> None:
        if state.big_bang:
            raise IllegalAction("The cauldron is empty: there is nothing to tip.", action)
        if state.tipped:
            raise IllegalAction("You have already tipped dice before this throw.", action)
        if not state.dice(state.active):
            raise IllegalAction("You have no die left to throw after tipping.", action)
        if not action.dice:
            raise IllegalAction("Choose at least one die in the cauldron to tip.", action)
        if len(set(action.dice)) != len(action.dice):
            raise IllegalAction("Each die can be tipped once before a throw.", action)
        for i in action.dice:
            if type(i) is not int or not 0 <= i < len(state.cauldron):
                raise IllegalAction(f"There is no die {i!r} in the cauldron.", action)

    def _validate_throw(self, state: ImpactState, action: Throw) -> None:
        p = action.player
        if action.style not in (CAUTIOUS, RECKLESS):
            raise IllegalAction(f"{action.style!r} is not a way to throw: drop cautiously or throw recklessly.",
                                action)
        if not state.dice(p):
            raise IllegalAction("You have no dice left to throw: end your turn.", action)
        if state.big_bang:
            if action.pile != LOOSE:
                raise IllegalAction("Big Bang! All your dice go in together.", action)
            return
        if action.pile == LOOSE:
            if not state.loose[p]:
                raise IllegalAction("You have no loose die: throw a pile of boulders.", action)
        elif type(action.pile) is not int or not 0 <= action.pile < len(state.piles[p]):
            raise IllegalAction(f"You have no boulder pile {action.pile!r}.", action)

    def _validate_landing(self, state: ImpactState, action: Landing) -> None:
        if state.phase != "landing":
            raise IllegalAction("No dice are in the air.", action)
        if type(action.missed) is not int or not 0 <= action.missed <= state.flying:
            raise IllegalAction(f"{state.flying} dice were thrown; {action.missed!r} of them cannot have missed.",
                                action)
        if len(action.faces) != state.flying - action.missed:
            raise IllegalAction(f"{state.flying - action.missed} dice landed in the cauldron: "
                                f"give a face for each, not {len(action.faces)}.", action)
        for face in action.faces:
            _check_face(face, action)
        seen = set()
        for k in action.knocked:
            if state.style != RECKLESS:
                raise IllegalAction("A cautious drop never knocks over the dice in the cauldron.", action)
            if type(k.die) is not int or not 0 <= k.die < len(state.cauldron) or k.die in seen:
                raise IllegalAction(f"Die {k.die!r} is not in the cauldron (or is knocked twice).", action)
            seen.add(k.die)
            _check_face(k.face, action)
            old = state.cauldron[k.die]
            if k.face not in side_faces(old):
                raise IllegalAction(f"A knocked {old} die falls to a side face "
                                    f"({', '.join(side_faces(old))}), not {k.face}.", action)
        for i in action.kicked:
            if state.style != RECKLESS:
                raise IllegalAction("A cautious drop never kicks a die out of the cauldron.", action)
            if type(i) is not int or not 0 <= i < len(state.cauldron) or i in seen:
                raise IllegalAction(f"Die {i!r} is not in the cauldron (or is knocked or kicked out twice).",
                                    action)
            seen.add(i)
        if len(set(action.tilted)) != len(action.tilted) or any(
                type(i) is not int or not 0 <= i < len(action.faces) for i in action.tilted):
            raise IllegalAction("Tilted dice must be named by their place among the landed dice, once each.",
                                action)

    def apply(self, state: ImpactState, action: ImpactAction) -> ImpactState:
        if isinstance(action, StartingDie):
            activated = tuple(e for e in POWER_ORDER
                              if e in state.setup.avatar() or (state.setup.powers and e == action.face))
            events = (Event("starting-die", faces=(action.face,)),)
            if activated:
                events += (Event("activated", faces=activated),)
            return _start_turn(msgspec.structs.replace(state, cauldron=(action.face,), activated=activated,
                                                       aside=state.aside - 1, events=events), state.first)
        if isinstance(action, Tip):
            return msgspec.structs.replace(state, phase="tip", tipping=tuple(action.dice), events=())
        if isinstance(action, Tipped):
            cauldron = list(state.cauldron)
            for i, face in zip(state.tipping, action.faces):
                cauldron[i] = face
            return msgspec.structs.replace(state, phase="turn", cauldron=tuple(cauldron), tipping=(),
                                           tipped=True, events=())
        if isinstance(action, Throw):
            return _throw(state, action)
        if isinstance(action, Landing):
            return _land(state, action)
        if isinstance(action, Stop):
            return _end_turn(msgspec.structs.replace(state, events=()), next_seat(state, state.active))
        if isinstance(action, RaceResult):
            return _race_done(state, action.order)
        raise IllegalAction(f"Impact has no action {type(action).__name__}.", action)

    # --- information -------------------------------------------------------------------
    def view(self, state: ImpactState, player: int | None) -> ImpactState:
        """Nothing is secret in Impact: supplies must be visible to all."""
        return state

    def result(self, state: ImpactState) -> Result | None:
        return state.result

    def result_text(self, state: ImpactState) -> str:
        return result_text(state)

    def phase_text(self, state: ImpactState) -> str:
        return phase_text(state)

    def is_barrier(self, state: ImpactState, action: ImpactAction) -> bool:
        return isinstance(action, (StartingDie, Tipped, Landing))

    def race_presses(self, state: ImpactState) -> dict[int, int]:
        """Key presses each racer needs: one die for a storm; for a column, one per loose die
        and one per boulder pile (a pile is already stacked)."""
        if state.race == "column":
            return {p: state.loose[p] + len(state.piles[p]) for p in state.racers}
        return {p: 1 for p in state.racers}

    # --- chance and random play ----------------------------------------------------------
    def sample_chance(self, state: ImpactState, rng: random.Random) -> ImpactAction:
        if state.phase == "start":
            return StartingDie(roll_element(rng))
        if state.phase == "tip":
            return Tipped(tuple(tip(rng, state.cauldron[i]) for i in state.tipping))
        if state.phase == "landing":
            s = state.setup
            miss = (s.reckless_miss if state.style == RECKLESS else s.cautious_miss) / 100
            faces: list[str] = []
            tilted: list[int] = []
            missed = 0
            for _ in range(state.flying):
                if rng.random() < miss:
                    missed += 1
                    continue
                if rng.random() < s.tilt / 100:
                    tilted.append(len(faces))
                faces.append(roll(rng))
            knocked: list[Knock] = []
            kicked: list[int] = []
            if state.style == RECKLESS:
                for i, face in enumerate(state.cauldron):
                    if rng.random() < s.knock / 100:
                        if rng.random() < s.kick_out / 100:
                            kicked.append(i)
                        else:
                            knocked.append(Knock(i, tip(rng, face)))
            return Landing(tuple(faces), missed, tuple(knocked), tuple(tilted), tuple(kicked))
        raise IllegalAction("It is not chance's turn.")

    def random_action(self, state: ImpactState, rng: random.Random) -> ImpactAction:
        if state.phase in ("start", "tip", "landing"):
            return self.sample_chance(state, rng)
        if state.phase == "race":
            return RaceResult(race_order(self.race_presses(state), rng))
        if state.phase != "turn":
            raise IllegalAction("The game is over.")
        if self.may_tip(state) and rng.random() < 0.15:
            k = rng.randint(1, min(3, len(state.cauldron)))
            return Tip(state.active, tuple(sorted(rng.sample(range(len(state.cauldron)), k))))
        throws = self.throw_options(state)
        if self.may_stop(state) and (not throws or rng.random() < 0.5):
            return Stop(state.active)
        return sample(rng, [(t, 1.0) for t in throws])

    def describe(self, state: ImpactState, action: ImpactAction, after: ImpactState) -> str:
        return describe(state, action, after)


# --- the rules as state changes -------------------------------------------------------------

def _new_game(setup: ImpactSetup, game: int, first: int, lost: tuple[int, ...],
              games: tuple[GameRecord, ...]) -> ImpactState:
    n = len(setup.players)
    each = DICE_PER_PLAYER[n]
    return ImpactState(setup=setup, phase="start", active=first, loose=(each,) * n, piles=((),) * n,
                       out=(False,) * n, aside=TOTAL_DICE - each * n, game=game, first=first, lost=lost,
                       games=games)


def _start_turn(state: ImpactState, player: int) -> ImpactState:
    big_bang = not state.cauldron
    events = state.events + (Event("big-bang", player, state.dice(player)),) if big_bang else state.events
    return msgspec.structs.replace(state, phase="turn", active=player, throws=0, tipped=False, tipping=(),
                                   big_bang=big_bang, stormed=False, race="", racers=(), flying=0,
                                   throwers=(), events=events)


def _throw(state: ImpactState, action: Throw) -> ImpactState:
    p = action.player
    loose, piles = list(state.loose), list(state.piles)
    if state.big_bang:
        count = state.dice(p)
        loose[p], piles[p] = 0, ()
        kind: ThrowKind = "bigbang"
    elif action.pile == LOOSE:
        count = 1
        loose[p] -= 1
        kind = "single"
    else:
        count = piles[p][action.pile]
        piles[p] = piles[p][:action.pile] + piles[p][action.pile + 1:]
        kind = "pile"
    event = Event(f"throw-{kind}", p, count, style=action.style)
    return msgspec.structs.replace(state, phase="landing", loose=tuple(loose), piles=tuple(piles), flying=count,
                                   throwers=(p,), style=action.style, kind=kind, throws=state.throws + 1,
                                   tipped=False, stormed=False, events=(event,), taken=(), taken_by=-1)


def _land(state: ImpactState, action: Landing) -> ImpactState:
    cauldron = list(state.cauldron)
    for k in action.knocked:
        cauldron[k.die] = k.face
    kicked = set(action.kicked)
    cauldron = [f for i, f in enumerate(cauldron) if i not in kicked] + list(action.faces)
    blanks = cauldron.count(BLANK)
    events: list[Event] = []
    if action.missed:
        events.append(Event("missed", count=action.missed))
    if kicked:
        events.append(Event("kicked", count=len(kicked)))
    if blanks:
        events.append(Event("blanks", count=blanks))
    state = msgspec.structs.replace(state, cauldron=tuple(f for f in cauldron if f != BLANK), flying=0,
                                    removed=state.removed + action.missed + len(kicked) + blanks, throwers=(),
                                    stormed=state.stormed or state.kind == "storm", events=tuple(events))
    return _resolve(state)


def _resolve(state: ImpactState) -> ImpactState:
    """After dice settle: powers in the recommended order, then the matches are taken."""
    if (LIGHTNING in state.activated and not state.stormed and state.cauldron.count(LIGHTNING) >= 2):
        racers = tuple(p for p in state.in_game() if p != state.active and state.dice(p))
        state = msgspec.structs.replace(state, stormed=True,
                                        events=state.events + (Event("storm"),))
        if len(racers) >= 2:
            return msgspec.structs.replace(state, phase="race", race="storm", racers=racers)
        if racers:
            return _storm_throw(state, racers)
    matches = matching_faces(state.cauldron, state.swamp)
    if not matches:
        if state.big_bang:
            state = msgspec.structs.replace(state, events=state.events + (Event("big-bang-out", state.active),))
            return _end_turn(state, next_seat(state, state.active))
        if state.swamp and state.cauldron.count(WATER) >= 2:
            state = msgspec.structs.replace(state, events=state.events + (Event("swamp"),))
        return msgspec.structs.replace(state, phase="turn", kind="single")
    if FIRE in state.activated and FIRE in matches:
        racers = tuple(p for p in state.in_game() if state.dice(p))
        state = msgspec.structs.replace(state, events=state.events + (Event("column"),))
        if len(racers) >= 2:
            return msgspec.structs.replace(state, phase="race", race="column", racers=racers)
        if racers:
            return _take(state, racers[0], column=True)
    return _take(state, state.active)


def _storm_throw(state: ImpactState, racers: tuple[int, ...]) -> ImpactState:
    """Every racer throws one die (a loose one, else their first boulder pile) recklessly."""
    loose, piles = list(state.loose), list(state.piles)
    count = 0
    for p in racers:
        if loose[p]:
            loose[p] -= 1
            count += 1
        else:
            count += piles[p][0]
            piles[p] = piles[p][1:]
    return msgspec.structs.replace(state, phase="landing", loose=tuple(loose), piles=tuple(piles), flying=count,
                                   throwers=racers, style=RECKLESS, kind="storm", race="", racers=())


def _race_done(state: ImpactState, order: tuple[int, ...]) -> ImpactState:
    state = msgspec.structs.replace(state, events=())
    if state.race == "storm":
        return _storm_throw(state, order)
    state = msgspec.structs.replace(state, race="", racers=(),
                                    events=(Event("tower", order[0]),))
    return _take(state, order[0], column=True)


def _take(state: ImpactState, taker: int, column: bool = False) -> ImpactState:
    matches = matching_faces(state.cauldron, state.swamp)
    won = tuple(f for f in state.cauldron if f in matches)
    rest = tuple(f for f in state.cauldron if f not in matches)
    loose, piles = list(state.loose), list(state.piles)
    events = list(state.events)
    stones = won.count(STONE)
    if STONE in state.activated and stones:
        piles[taker] = piles[taker] + (stones,)
        loose[taker] += len(won) - stones
        events.append(Event("boulders", taker, stones))
    else:
        loose[taker] += len(won)
    events.append(Event("wins", taker, faces=won))
    if AIR in state.activated and AIR in matches:
        seats = state.in_game()
        new_loose, new_piles = list(loose), list(piles)
        for p in seats:
            left = next_seat(state, p)
            new_loose[left], new_piles[left] = loose[p], piles[p]
        loose, piles = new_loose, new_piles
        events.append(Event("hurricane"))
    state = msgspec.structs.replace(state, cauldron=rest, loose=tuple(loose), piles=tuple(piles),
                                    taken=won, taken_by=taker, events=tuple(events))
    return _end_turn(state, next_seat(state, taker if column else state.active))


def _end_turn(state: ImpactState, after: int) -> ImpactState:
    """Everyone with no dice is out; the last one with dice wins the game (and the tournament
    moves on). When the last ones go out together, they draw. `after` is the seat the next
    turn starts from, computed before anyone goes out."""
    gone = tuple(p for p in state.in_game() if not state.dice(p))
    lost = list(state.lost)
    out = list(state.out)
    for p in gone:
        out[p] = True
    remaining = sum(1 for o in out if not o)
    events = list(state.events)
    for p in gone:
        if state.setup.tournament:
            lost[p] += remaining
        events.append(Event("out", p, remaining))
    state = msgspec.structs.replace(state, out=tuple(out), lost=tuple(lost),
                                    out_order=state.out_order + ((gone,) if gone else ()),
                                    events=tuple(events), kind="single", race="", racers=(), flying=0)
    alive = state.in_game()
    if len(alive) > 1:
        nxt = after if not state.out[after] else next_seat(state, after)
        return _start_turn(state, nxt)
    return _game_over(state, alive if alive else gone)


def _game_over(state: ImpactState, winners: tuple[int, ...]) -> ImpactState:
    record = GameRecord(state.game + 1, winners, state.out_order, state.lost)
    games = state.games + (record,)
    events = state.events + (Event("master", count=state.game + 1, players=winners),)
    if state.setup.tournament and state.game + 1 < state.players:
        nxt = _new_game(state.setup, state.game + 1, (state.first + 1) % state.players, state.lost, games)
        return msgspec.structs.replace(nxt, events=events + (Event("next-game", nxt.first, state.game + 2),))
    if state.setup.tournament:
        best = min(state.lost)
        winners = tuple(p for p in range(state.players) if state.lost[p] == best)
        result = Result(winners=winners, draw=len(winners) > 1, placings=rank([-x for x in state.lost]),
                        reason="points")
    else:
        result = Result(winners=winners, draw=len(winners) > 1, placings=game_placings(state, winners),
                        reason="all-out" if len(winners) > 1 else "last-standing")
    return msgspec.structs.replace(state, phase="over", games=games, events=events, result=result)


def game_placings(state: ImpactState, winners: tuple[int, ...]) -> tuple[int, ...]:
    """One game's ranks: the winners first, then the later a player went out the better;
    players who went out in the same turn share their rank."""
    keys = [len(state.out_order)] * state.players
    for turn, group in enumerate(state.out_order):
        for p in group:
            keys[p] = len(state.out_order) if p in winners else turn
    return rank(keys)


def _busy(state: ImpactState) -> str:
    return {"start": "The starting die must be thrown first.", "tip": "The tipped dice are still falling.",
            "landing": "The dice are still in the air.", "race": "Finish the race first."}.get(
        state.phase, "It is not time for that.")


def _check_face(face: object, action: ImpactAction) -> None:
    if face not in FACES:
        raise IllegalAction(f"{face!r} is not a face of an element die ({', '.join(FACES)}).", action)


def _check_seat(state: ImpactState, player: object, action: ImpactAction) -> None:
    if type(player) is not int or not 0 <= player < state.players:
        raise IllegalAction(f"There is no player {player!r} in this game.", action)


GAME = ImpactGame()

__all__ = ["GAME", "ELEMENTS", "FACES", "ImpactSetup", "ImpactState", "Knock", "Landing", "RaceResult",
           "StartingDie", "Stop", "Throw", "Tip", "Tipped", "POWER_NAMES", "Event", "GameRecord"]
