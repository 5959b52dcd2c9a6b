"""Fistful of Power battle games: Domination! (arena discs) and All-Out War! (map of Scar).

One engine for both: the two differ only in set-up order, who picks the first battle,
what a tie does, and how the game is won (see `BattleGame.variant`). Our rulings follow
GAME-DATA.md section 1; the ones we had to add are in resources/notes/domination.md and
resources/notes/all-out-war.md and listed here:
- every player throws in every battle; everyone but the defender attacks;
- the defender's flip, the +2 bonus and Team Victory all count the flipped fighter face up;
- after a battle every non-winner removes a face-down fighter from their latest throw;
  a battle with no winner (All-Out War tie, Hero draw) makes everyone remove one;
- a player knocked out hands their remaining regions to the battle's winner, or, when
  the battle had no winner, those regions leave the game;
- Slaughter's +3 counts in every throw of the player's next battle; an Ambush lets each
  opponent add one Shadow fighter from their army to their fistful for the next battle;
  both are judged on how the fighters landed (the defender's flip does not make or undo them);
- when the next attacker would be a player who was knocked out, the next seat still in play attacks;
- a tie in an Ultimate Champion fight is thrown again; the Warlords' choices are made by
  the player seated after the champion.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

import msgspec

from core.errors import IllegalAction, IllegalSetup
from core.fistful.roster import Fighter, Roster, default_roster
from core.fistful.scoring import score_throws
from core.fistful.throws import POSES, Landed, is_face_up, throw_fistful
from core.fistful.throwdown import MAX_FIGHTERS, MAX_POINTS, random_fistful
from core.game import (CHANCE, Action, Actor, Mode, PlayerSetup, Result, Simultaneous, default_players, Rules,
                       validate_mode, validate_players)

if TYPE_CHECKING:
    from maps.scar import ScarMap

Variant = Literal["domination", "all-out-war"]

MIN_PLAYERS = 2
MAX_PLAYERS = 4
ARMY_SIZE = 15
CHAMPION_FIGHTERS = 4
QUOTA = {2: 6, 3: 4, 4: 3}
DISCS_TO_WIN = {2: 10, 3: 8, 4: 7}
SLAUGHTER_BONUS = 3
TEAM_VICTORY_BONUS = 5
TEAM_VICTORY_FIGHTERS = 3
ADVANCED_MIN_THROWN = 4
AMBUSH_FINISH = "shadow"

OPTION_LABELS = {
    "hero": "Hero: a fighter landing on its feet wins the battle (advanced)",
    "slaughter": "Slaughter: all face up (4+ thrown) gives +3 next battle (advanced)",
    "ambush": "Ambush: all face down (4+ thrown) gives opponents a bonus Shadow fighter (advanced)",
    "team_victory": "Team Victory: 3 face-up fighters from the battle's region give +5 (advanced)",
    "frontline": "Frontline (not in the rulebook): attack only regions bordering your own",
    "ultimate_champion": "Ultimate Champion fight against the three Warlords at the end",
}



class BattleSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    players: tuple[PlayerSetup, ...]
    mode: Mode = "simulated"
    first_defender: int = 0  # Domination: the oldest player; All-Out War: who defends first
    first_attacker: int = 1  # Domination only: the youngest player
    hero: bool = False
    slaughter: bool = False
    ambush: bool = False
    team_victory: bool = False
    frontline: bool = False
    ultimate_champion: bool = True  # Domination only


# --- actions ----------------------------------------------------------------------------
class Claim(Action, tag="claim"):
    """Domination: turn a disc to your colour. All-Out War: place a counter on a region."""
    player: int
    region: str


class ChooseArmy(Action, tag="army"):
    player: int
    fighters: tuple[Fighter, ...]


class ChooseFistful(Action, tag="fistful"):
    """A secret fistful from the army; `extra` is an Ambush's bonus Shadow fighter."""
    player: int
    fighters: tuple[Fighter, ...]
    extra: Fighter | None = None


class Attack(Action, tag="attack"):
    """The attacker names the battle's region (All-Out War's first: the defender, own region)."""
    player: int
    region: str


class BattleThrow(Action, tag="battle_throw"):
    """Chance or the table: how each thrower's fighters landed; None for those not throwing."""
    landed: tuple[tuple[Landed, ...] | None, ...]


class Flip(Action, tag="flip"):
    """The defender's optional flip of one face-down fighter from the battle's region."""
    player: int
    fighter: Fighter | None


class HeroClaim(Action, tag="hero_claim"):
    """After a Hero win: one more region of the Hero thrower's choice (None: decline)."""
    player: int
    region: str | None


class Remove(Action, tag="remove"):
    player: int
    fighter: Fighter


class ChampionPick(Action, tag="champion_pick"):
    player: int
    fighters: tuple[Fighter, ...]


class ChampionThrow(Action, tag="champion_throw"):
    champion: tuple[Landed, ...]
    warlords: tuple[Landed, ...]


class ChampionRemove(Action, tag="champion_remove"):
    """The side that lost a champion fight removes a face-down fighter; `player` is who decides."""
    player: int
    fighter: Fighter


BattleAction = (Claim | ChooseArmy | ChooseFistful | Attack | BattleThrow | Flip | HeroClaim | Remove
                | ChampionPick | ChampionThrow | ChampionRemove)

Phase = Literal["claim", "army", "fistful", "attack", "throw", "flip", "hero_claim", "remove",
                "reselect", "champion_pick", "champion_throw", "champion_remove", "over"]


# --- state ------------------------------------------------------------------------------
class BattleScore(msgspec.Struct, frozen=True):
    face_up: int
    face_down: int
    standing: int
    points: int
    bonus: int  # +2 most face-up
    slaughter: int  # +3 carried from the previous battle
    team_victory: int  # +5
    total: int
    best: int  # highest single face-up value (Domination tie-break)


class Battle(msgspec.Struct, frozen=True):
    number: int
    region: str
    defender: int
    throwers: tuple[int, ...]  # who throws the next (or last) throw
    throws: int = 0
    landed: tuple[tuple[Landed, ...] | None, ...] = ()  # each player's latest throw in this battle
    flipped: Fighter | None = None
    scores: tuple[BattleScore | None, ...] = ()
    winner: int | None = None
    outcome: str = ""  # "", "won", "hero", "tie", "hero-draw"


class Champion(msgspec.Struct, frozen=True):
    player: int
    fighters: tuple[Fighter, ...] = ()
    warlords: tuple[Fighter, ...] = ()
    fights: int = 0
    landed: tuple[tuple[Landed, ...], tuple[Landed, ...]] | None = None
    scores: tuple[BattleScore, BattleScore] | None = None
    loser: str = ""  # "", "champion", "warlords", "tie"


class BattleState(msgspec.Struct, frozen=True):
    setup: BattleSetup
    variant: Variant
    phase: Phase
    regions: tuple[str, ...]
    owner: tuple[int | None, ...]  # per region; None = unclaimed or out of the game
    closed: tuple[bool, ...]  # per region: its disc/counter left the game
    claims: tuple[int, ...]  # per player, during set-up
    claim_turn: int
    armies: tuple[tuple[Fighter, ...], ...]
    fistfuls: tuple[tuple[Fighter, ...], ...]
    extra: tuple[Fighter | None, ...]
    pending: tuple[int, ...] = ()  # players still to pick (army/fistful/reselect)
    ambush_right: tuple[bool, ...] = ()
    slaughter_next: tuple[int, ...] = ()
    slaughter_now: tuple[int, ...] = ()
    out: tuple[bool, ...] = ()
    attacker: int = 0
    battle: Battle | None = None
    history: tuple[Battle, ...] = ()
    to_remove: tuple[int, ...] = ()
    champion: Champion | None = None
    result: Result | None = None

    @property
    def players(self) -> int:
        return len(self.setup.players)

    def name(self, player: int) -> str:
        return self.setup.players[player].name

    def index(self, region: str) -> int:
        return self.regions.index(region)

    def owned(self, player: int) -> tuple[str, ...]:
        return tuple(r for r, o in zip(self.regions, self.owner) if o == player)

    def in_play(self) -> tuple[int, ...]:
        return tuple(i for i in range(self.players) if not self.out[i])

    def thrown(self, player: int) -> tuple[Fighter, ...]:
        extra = self.extra[player]
        return self.fistfuls[player] + ((extra,) if extra is not None else ())


def _replace(t: tuple, i: int, value: object) -> tuple:
    return t[:i] + (value,) + t[i + 1:]


def _seat(state: BattleState, player: object, action: object) -> None:
    if type(player) is not int or not 0 <= player < state.players:
        seat = player + 1 if type(player) is int else repr(player)
        raise IllegalAction(f"There is no player {seat} in this game.", action)


class BattleGame(Rules):
    setup_type = BattleSetup
    action_type = BattleAction
    state_type = BattleState

    def __init__(self, variant: Variant, roster: Roster | None = None) -> None:
        self.variant: Variant = variant
        self.id = variant
        self.title = "Domination!" if variant == "domination" else "All-Out War!"
        self._roster = roster
        self._board: ScarMap | None = None

    @property
    def roster(self) -> Roster:
        return self._roster or default_roster()

    def board(self) -> ScarMap:
        """The map of Scar, checked once against the roster: every fighter's home region is on it."""
        if self._board is None:
            from maps.scar import default_scar, validate_home_regions

            scar = default_scar()
            validate_home_regions(scar, self.roster.regions)
            self._board = scar
        return self._board

    @property
    def region_word(self) -> str:
        return "disc" if self.variant == "domination" else "counter"

    # --- setup ---------------------------------------------------------------------------
    def default_setup(self, players: int | None = None) -> BattleSetup:
        n = 2 if players is None else players
        return BattleSetup(default_players(n), first_attacker=min(1, n - 1))

    def validate_setup(self, setup: BattleSetup) -> None:
        validate_players(setup.players, self.title, MIN_PLAYERS, MAX_PLAYERS)
        validate_mode(setup.mode)
        n = len(setup.players)
        if not 0 <= setup.first_defender < n:
            raise IllegalSetup(f"The first defender must be one of the {n} players.")
        if self.variant == "domination":
            if not 0 <= setup.first_attacker < n:
                raise IllegalSetup(f"The first attacker must be one of the {n} players.")
            if setup.first_attacker == setup.first_defender:
                raise IllegalSetup("The first attacker (the youngest) and the first defender "
                                   "(the oldest) must be different players.")

    def mode(self, setup: BattleSetup) -> Mode:
        return setup.mode

    def new(self, setup: BattleSetup) -> BattleState:
        n = len(setup.players)
        regions = self.roster.regions
        first: Phase = "claim" if self.variant == "domination" else "army"
        return BattleState(
            setup=setup, variant=self.variant, phase=first, regions=regions,
            owner=(None,) * len(regions), closed=(False,) * len(regions), claims=(0,) * n,
            claim_turn=setup.first_defender, armies=((),) * n, fistfuls=((),) * n, extra=(None,) * n,
            pending=() if first == "claim" else tuple(range(n)), ambush_right=(False,) * n,
            slaughter_next=(0,) * n, slaughter_now=(0,) * n, out=(False,) * n,
            attacker=setup.first_attacker if self.variant == "domination" else setup.first_defender)

    # --- turn flow ------------------------------------------------------------------------
    def actor(self, state: BattleState) -> Actor:
        phase = state.phase
        if phase == "claim":
            return state.claim_turn
        if phase in ("army", "fistful", "reselect"):
            return Simultaneous(state.pending)
        if phase == "attack":
            return state.attacker
        if phase in ("throw", "champion_throw"):
            return CHANCE
        if phase == "flip":
            assert state.battle is not None
            return state.battle.defender
        if phase == "hero_claim":
            assert state.battle is not None and state.battle.winner is not None
            return state.battle.winner
        if phase in ("remove", "champion_remove"):
            return state.to_remove[0]
        if phase == "champion_pick":
            assert state.champion is not None
            return state.champion.player
        return None

    def warlords_player(self, state: BattleState) -> int:
        """Who makes the Warlords' choices: the player seated after the champion."""
        assert state.champion is not None
        return (state.champion.player + 1) % state.players

    # legal choices ------------------------------------------------------------------------
    def claimable(self, state: BattleState) -> list[str]:
        return [r for r, o in zip(state.regions, state.owner) if o is None]

    def attackable(self, state: BattleState, player: int) -> list[str]:
        """Regions the player may choose for the next battle."""
        open_regions = [(r, o) for r, o, c in zip(state.regions, state.owner, state.closed) if not c]
        if self.variant == "all-out-war" and not state.history and state.battle is None:
            return [r for r, o in open_regions if o == player]
        targets = [r for r, o in open_regions if o is not None and o != player and not state.out[o]]
        if state.setup.frontline:
            scar = self.board()
            own = set(state.owned(player))
            front = [r for r in targets if own.intersection(scar.neighbours(r))]
            if front:
                return front
        return targets

    def flippable(self, state: BattleState) -> list[Fighter]:
        battle = state.battle
        if battle is None:
            return []
        landed = battle.landed[battle.defender] or ()
        return [x.fighter for x in landed
                if not is_face_up(x.pose) and self.roster.region(x.fighter) == battle.region]

    def hero_claimable(self, state: BattleState) -> list[str]:
        battle = state.battle
        if battle is None or battle.winner is None:
            return []
        return [r for r, o, c in zip(state.regions, state.owner, state.closed)
                if not c and o is not None and o != battle.winner and r != battle.region]

    def removable(self, state: BattleState, player: int) -> list[Fighter]:
        """Face-down fighters of the player's latest throw that can leave their army."""
        battle = state.battle
        if battle is None or not battle.landed or battle.landed[player] is None:
            return []
        army = set(state.armies[player])
        return [x.fighter for x in battle.landed[player] if not is_face_up(x.pose) and x.fighter in army]

    def _champion_removable(self, state: BattleState) -> list[Fighter]:
        champ = state.champion
        if champ is None or champ.landed is None or champ.loser not in ("champion", "warlords"):
            return []
        side = 0 if champ.loser == "champion" else 1
        still = set(champ.fighters if side == 0 else champ.warlords)
        return [x.fighter for x in champ.landed[side] if not is_face_up(x.pose) and x.fighter in still]

    def legal_actions(self, state: BattleState) -> list[BattleAction] | None:
        phase = state.phase
        actor = self.actor(state)
        if phase == "claim":
            return [Claim(state.claim_turn, r) for r in self.claimable(state)]
        if phase == "attack":
            return [Attack(state.attacker, r) for r in self.attackable(state, state.attacker)]
        if phase == "flip":
            assert isinstance(actor, int)
            return [Flip(actor, None)] + [Flip(actor, f) for f in self.flippable(state)]
        if phase == "hero_claim":
            assert isinstance(actor, int)
            options: list[BattleAction] = [HeroClaim(actor, r) for r in self.hero_claimable(state)]
            if not self._hero_claim_required(state) or not options:
                options.insert(0, HeroClaim(actor, None))
            return options
        if phase == "remove":
            p = state.to_remove[0]
            return [Remove(p, f) for f in self.removable(state, p)]
        if phase == "champion_remove":
            p = state.to_remove[0]
            return [ChampionRemove(p, f) for f in self._champion_removable(state)]
        if phase == "over":
            return []
        return None

    def _hero_claim_required(self, state: BattleState) -> bool:
        """An attacking Hero places a second counter; a defending Hero only may."""
        battle = state.battle
        return battle is not None and battle.winner != battle.defender

    # --- validation ---------------------------------------------------------------------------
    def fistful_problems(self, state: BattleState, player: int, fighters: Sequence[Fighter],
                         extra: Fighter | None = None) -> list[str]:
        """Every reason this fistful is refused, in plain words (empty when legal)."""
        problems: list[str] = []
        army = set(state.armies[player])
        if not fighters:
            problems.append("Pick at least one fighter.")
        if len(fighters) > MAX_FIGHTERS:
            problems.append(f"A fistful holds at most {MAX_FIGHTERS} fighters; this one has {len(fighters)}.")
        if len(set(fighters)) != len(fighters):
            problems.append("The same fighter is picked twice.")
        outside = [f for f in fighters if f not in army]
        for f in outside:
            problems.append(f"{self._name(f)} is not in your army.")
        if not outside:
            points = sum(self.roster.value(f) for f in fighters)
            if points > MAX_POINTS:
                problems.append(f"A fistful is worth at most {MAX_POINTS} points; this one is worth {points}.")
        if extra is not None:
            if not state.ambush_right[player]:
                problems.append("Only a player ambushed in the last battle may add a bonus Shadow fighter.")
            elif extra.finish != AMBUSH_FINISH:
                problems.append("The Ambush bonus fighter must be a Shadow fighter.")
            elif extra not in army:
                problems.append(f"{self._name(extra)} is not in your army.")
            elif extra in fighters:
                problems.append(f"{self._name(extra)} is already in the fistful.")
        if state.phase == "reselect" and self._winner_keeps(state, player):
            if tuple(sorted(fighters)) != tuple(sorted(state.fistfuls[player])):
                problems.append("The battle's winner keeps the same fistful (only an Ambush bonus may be added).")
        return problems

    def army_problems(self, fighters: Sequence[Fighter]) -> list[str]:
        problems = []
        if len(fighters) != ARMY_SIZE:
            problems.append(f"An army has exactly {ARMY_SIZE} fighters; this one has {len(fighters)}.")
        if len(set(fighters)) != len(fighters):
            problems.append("The same fighter is in the army twice; you own one of each.")
        for f in fighters:
            if not self.roster.has(f):
                problems.append(f"{f.finish} {f.sculpt} is not in the roster.")
        return problems

    def _winner_keeps(self, state: BattleState, player: int) -> bool:
        last = state.history[-1] if state.history else None
        return last is not None and last.winner == player

    def _name(self, f: Fighter) -> str:
        try:
            return self.roster.name(f)
        except KeyError:
            return f"{f.finish} {f.sculpt}"

    def validate(self, state: BattleState, action: BattleAction) -> None:
        phase = state.phase
        if phase == "over":
            raise IllegalAction("The game is over.", action)
        expected: dict[type, tuple[str, ...]] = {
            Claim: ("claim",), ChooseArmy: ("army",), ChooseFistful: ("fistful", "reselect"),
            Attack: ("attack",), BattleThrow: ("throw",), Flip: ("flip",), HeroClaim: ("hero_claim",),
            Remove: ("remove",), ChampionPick: ("champion_pick",), ChampionThrow: ("champion_throw",),
            ChampionRemove: ("champion_remove",)}
        phases = expected.get(type(action))
        if phases is None:
            raise IllegalAction(f"{self.title} has no action {type(action).__name__}.", action)
        if phase not in phases:
            raise IllegalAction(f"That is not possible now: {self.phase_text(state)}", action)
        if isinstance(action, (BattleThrow, ChampionThrow)):
            self._validate_throw(state, action)
            return
        _seat(state, action.player, action)
        actor = self.actor(state)
        if isinstance(actor, Simultaneous):
            if action.player not in actor.players:
                raise IllegalAction(f"{state.name(action.player)} has nothing to choose now.", action)
        elif action.player != actor:
            raise IllegalAction(f"It is {state.name(actor)}'s turn, not {state.name(action.player)}'s.", action)

        if isinstance(action, Claim):
            if action.region not in state.regions:
                raise IllegalAction(f"There is no region called {action.region!r}.", action)
            if state.owner[state.index(action.region)] is not None:
                raise IllegalAction(f"{action.region} is already taken.", action)
        elif isinstance(action, ChooseArmy):
            problems = self.army_problems(action.fighters)
            if problems:
                raise IllegalAction(" ".join(problems), action)
        elif isinstance(action, ChooseFistful):
            problems = self.fistful_problems(state, action.player, action.fighters, action.extra)
            if problems:
                raise IllegalAction(" ".join(problems), action)
        elif isinstance(action, Attack):
            if action.region not in self.attackable(state, action.player):
                raise IllegalAction(self._why_not_attack(state, action), action)
        elif isinstance(action, Flip):
            if action.fighter is not None and action.fighter not in self.flippable(state):
                assert state.battle is not None
                raise IllegalAction(f"Only a face-down fighter from {state.battle.region} "
                                    "may be flipped face up.", action)
        elif isinstance(action, HeroClaim):
            options = self.hero_claimable(state)
            if action.region is None:
                if self._hero_claim_required(state) and options:
                    raise IllegalAction("An attacking Hero must place a counter on one more region.", action)
            elif action.region not in options:
                raise IllegalAction(f"{action.region} cannot be claimed: choose a region in play "
                                    "that is not already yours.", action)
        elif isinstance(action, Remove):
            if action.fighter not in self.removable(state, action.player):
                raise IllegalAction(f"{self._name(action.fighter)} did not land face down in "
                                    f"{state.name(action.player)}'s last throw.", action)
        elif isinstance(action, ChampionPick):
            army = state.armies[action.player]
            need = min(CHAMPION_FIGHTERS, len(army))
            if len(action.fighters) != need or len(set(action.fighters)) != need:
                raise IllegalAction(f"Choose {need} different fighters to face the Warlords.", action)
            if any(f not in army for f in action.fighters):
                raise IllegalAction("The champion's fighters must come from their remaining army.", action)
        elif isinstance(action, ChampionRemove):
            if action.fighter not in self._champion_removable(state):
                raise IllegalAction(f"{self._name(action.fighter)} did not land face down in the losing "
                                    "side's throw.", action)

    def _why_not_attack(self, state: BattleState, action: Attack) -> str:
        if action.region not in state.regions:
            return f"There is no region called {action.region!r}."
        i = state.index(action.region)
        if state.closed[i]:
            return f"{action.region} is out of the game: no battles can be fought there."
        if self.variant == "all-out-war" and not state.history:
            return "The defender chooses one of their own regions for the first battle."
        if state.owner[i] == action.player:
            return f"{action.region} is already yours: attack an opponent's region."
        if state.setup.frontline:
            return f"Frontline rule: {action.region} does not border any of your regions."
        return f"{action.region} cannot be attacked."

    def _validate_throw(self, state: BattleState, action: BattleThrow | ChampionThrow) -> None:
        def check(landed: Sequence[Landed], expected: Sequence[Fighter], who: str) -> None:
            if sorted(x.fighter for x in landed) != sorted(expected):
                raise IllegalAction(f"{who}'s throw must give a pose for each of their "
                                    f"{len(expected)} fighters.", action)
            for x in landed:
                if x.pose not in POSES:
                    raise IllegalAction(f"{x.pose!r} is not a pose; a fighter lands on its back, "
                                        "standing or face down.", action)

        if isinstance(action, ChampionThrow):
            champ = state.champion
            assert champ is not None
            check(action.champion, champ.fighters, state.name(champ.player))
            check(action.warlords, champ.warlords, "The Warlords")
            return
        battle = state.battle
        assert battle is not None
        if len(action.landed) != state.players:
            raise IllegalAction(f"The throw must list {state.players} players, not {len(action.landed)}.", action)
        for i, landed in enumerate(action.landed):
            if i not in battle.throwers:
                if landed is not None:
                    raise IllegalAction(f"{state.name(i)} does not throw now.", action)
                continue
            if landed is None:
                raise IllegalAction(f"{state.name(i)} throws in this battle.", action)
            check(landed, state.thrown(i), state.name(i))

    # --- applying --------------------------------------------------------------------------------
    def apply(self, state: BattleState, action: BattleAction) -> BattleState:
        rep = msgspec.structs.replace
        if isinstance(action, Claim):
            i = state.index(action.region)
            claims = _replace(state.claims, action.player, state.claims[action.player] + 1)
            state = rep(state, owner=_replace(state.owner, i, action.player), claims=claims)
            nxt = self._next_claimer(state, action.player)
            if nxt is not None:
                return rep(state, claim_turn=nxt)
            if self.variant == "domination":
                return rep(state, phase="army", pending=tuple(range(state.players)))
            return rep(state, phase="attack")
        if isinstance(action, ChooseArmy):
            state = rep(state, armies=_replace(state.armies, action.player, tuple(action.fighters)),
                        pending=tuple(p for p in state.pending if p != action.player))
            if state.pending:
                return state
            return rep(state, phase="fistful", pending=tuple(range(state.players)))
        if isinstance(action, ChooseFistful):
            p = action.player
            state = rep(state, fistfuls=_replace(state.fistfuls, p, tuple(action.fighters)),
                        extra=_replace(state.extra, p, action.extra),
                        ambush_right=_replace(state.ambush_right, p, False),
                        pending=tuple(q for q in state.pending if q != p))
            if state.pending:
                return state
            if state.phase == "fistful" and self.variant == "all-out-war":
                return rep(state, phase="claim", claim_turn=state.setup.first_defender)
            return rep(state, phase="attack")
        if isinstance(action, Attack):
            region = action.region
            first_aow = self.variant == "all-out-war" and not state.history
            defender = action.player if first_aow else state.owner[state.index(region)]
            assert defender is not None
            battle = Battle(number=len(state.history) + 1, region=region, defender=defender,
                            throwers=state.in_play(), landed=(None,) * state.players)
            return rep(state, phase="throw", battle=battle, slaughter_now=state.slaughter_next,
                       slaughter_next=(0,) * state.players)
        if isinstance(action, BattleThrow):
            return self._after_throw(state, action)
        if isinstance(action, Flip):
            battle = state.battle
            assert battle is not None
            if action.fighter is not None:
                d = battle.defender
                landed = tuple(Landed(x.fighter, "back") if x.fighter == action.fighter else x
                               for x in battle.landed[d] or ())
                battle = rep(battle, landed=_replace(battle.landed, d, landed), flipped=action.fighter)
            return self._resolve(rep(state, battle=battle))
        if isinstance(action, HeroClaim):
            if action.region is not None:
                i = state.index(action.region)
                state = rep(state, owner=_replace(state.owner, i, action.player))
            return self._after_ownership(state)
        if isinstance(action, Remove):
            p = action.player
            armies = _replace(state.armies, p, tuple(f for f in state.armies[p] if f != action.fighter))
            fistfuls = _replace(state.fistfuls, p, tuple(f for f in state.fistfuls[p] if f != action.fighter))
            extra = state.extra if state.extra[p] != action.fighter else _replace(state.extra, p, None)
            state = rep(state, armies=armies, fistfuls=fistfuls, extra=extra, to_remove=state.to_remove[1:])
            if state.to_remove:
                return state
            return self._end_of_battle(state)
        if isinstance(action, ChampionPick):
            champ = Champion(player=action.player, fighters=tuple(action.fighters),
                             warlords=self.roster.warlord_fighters)
            return rep(state, phase="champion_throw", champion=champ)
        if isinstance(action, ChampionThrow):
            return self._champion_fight(state, action)
        if isinstance(action, ChampionRemove):
            champ = state.champion
            assert champ is not None
            if champ.loser == "champion":
                champ = rep(champ, fighters=tuple(f for f in champ.fighters if f != action.fighter))
                armies = _replace(state.armies, champ.player,
                                  tuple(f for f in state.armies[champ.player] if f != action.fighter))
                state = rep(state, armies=armies)
            else:
                champ = rep(champ, warlords=tuple(f for f in champ.warlords if f != action.fighter))
            return self._champion_next(rep(state, champion=champ, to_remove=()))
        raise IllegalAction(f"{self.title} has no action {type(action).__name__}.", action)

    def _next_claimer(self, state: BattleState, last: int) -> int | None:
        """The first defender claims twice, then seats take turns until every quota is met."""
        quota = QUOTA[state.players]
        first = state.setup.first_defender
        if last == first and state.claims[first] == 1 and sum(state.claims) == 1:
            return first
        for step in range(1, state.players + 1):
            p = (last + step) % state.players
            if state.claims[p] < quota:
                return p
        return None

    def _after_throw(self, state: BattleState, action: BattleThrow) -> BattleState:
        rep = msgspec.structs.replace
        battle = state.battle
        assert battle is not None
        landed = tuple(action.landed[i] if i in battle.throwers else battle.landed[i]
                       for i in range(state.players))
        battle = rep(battle, landed=landed, throws=battle.throws + 1, flipped=None)
        state = rep(state, battle=battle)
        slaughter_next, ambush = list(state.slaughter_next), list(state.ambush_right)
        for p in battle.throwers:
            thrown = landed[p] or ()
            if len(thrown) < ADVANCED_MIN_THROWN:
                continue
            if state.setup.slaughter and all(is_face_up(x.pose) for x in thrown):
                slaughter_next[p] = SLAUGHTER_BONUS
            if state.setup.ambush and not any(is_face_up(x.pose) for x in thrown):
                for q in state.in_play():
                    if q != p:
                        ambush[q] = True
        state = rep(state, slaughter_next=tuple(slaughter_next), ambush_right=tuple(ambush))
        if battle.defender in battle.throwers and self.flippable(state):
            return rep(state, phase="flip")
        return self._resolve(state)

    def score(self, state: BattleState, battle: Battle) -> tuple[BattleScore | None, ...]:
        throws = [battle.landed[i] if i in battle.throwers else None for i in range(state.players)]
        base = score_throws(self.roster, throws)
        out: list[BattleScore | None] = []
        for i, s in enumerate(base):
            if s is None:
                out.append(None)
                continue
            up = [x.fighter for x in throws[i] or () if is_face_up(x.pose)]
            team = 0
            if state.setup.team_victory:
                home = sum(1 for f in up if self.roster.region(f) == battle.region)
                team = TEAM_VICTORY_BONUS if home >= TEAM_VICTORY_FIGHTERS else 0
            slaughter = state.slaughter_now[i]
            out.append(BattleScore(s.face_up, s.face_down, s.standing, s.points, s.bonus, slaughter, team,
                                   s.total + slaughter + team, max((self.roster.value(f) for f in up), default=0)))
        return tuple(out)

    def _resolve(self, state: BattleState) -> BattleState:
        rep = msgspec.structs.replace
        battle = state.battle
        assert battle is not None
        scores = self.score(state, battle)
        battle = rep(battle, scores=scores)
        throwers = battle.throwers
        heroes = [p for p in throwers if state.setup.hero and (scores[p] and scores[p].standing)]
        winner: int | None = None
        outcome = "won"
        if len(heroes) == 1:
            winner, outcome = heroes[0], "hero"
        elif len(heroes) >= 2:
            outcome = "hero-draw"
        else:
            top = max(scores[p].total for p in throwers)  # type: ignore[union-attr]
            tied = [p for p in throwers if scores[p].total == top]  # type: ignore[union-attr]
            if len(tied) == 1:
                winner = tied[0]
            elif self.variant == "domination":
                best = max(scores[p].best for p in tied)  # type: ignore[union-attr]
                still = tuple(p for p in tied if scores[p].best == best)  # type: ignore[union-attr]
                if len(still) == 1:
                    winner = still[0]
                else:
                    return rep(state, phase="throw", battle=rep(battle, throwers=still, outcome="rethrow"))
            else:
                outcome = "tie"
        battle = rep(battle, winner=winner, outcome=outcome)
        i = state.index(battle.region)
        if winner is None:
            state = rep(state, owner=_replace(state.owner, i, None), closed=_replace(state.closed, i, True))
        elif winner != battle.defender:
            state = rep(state, owner=_replace(state.owner, i, winner))
        state = rep(state, battle=battle)
        if outcome == "hero" and self.hero_claimable(state):
            return rep(state, phase="hero_claim")
        return self._after_ownership(state)

    def _after_ownership(self, state: BattleState) -> BattleState:
        """Regions are settled: knock out the landless, then non-winners remove a fighter."""
        battle = state.battle
        assert battle is not None
        state = self._knock_out(state)
        removers = tuple(p for p in state.in_play() if p != battle.winner and self.removable(state, p))
        if removers:
            return msgspec.structs.replace(state, phase="remove", to_remove=removers)
        return self._end_of_battle(state)

    def _knock_out(self, state: BattleState) -> BattleState:
        rep = msgspec.structs.replace
        battle = state.battle
        assert battle is not None
        out = list(state.out)
        owner = list(state.owner)
        closed = list(state.closed)
        for p in state.in_play():
            if state.owned(p) and state.armies[p]:
                continue
            out[p] = True
            for r in state.owned(p):
                i = state.index(r)
                if battle.winner is not None and battle.winner != p:
                    owner[i] = battle.winner
                else:
                    owner[i], closed[i] = None, True
        return rep(state, out=tuple(out), owner=tuple(owner), closed=tuple(closed))

    def _end_of_battle(self, state: BattleState) -> BattleState:
        rep = msgspec.structs.replace
        state = self._knock_out(state)
        battle = state.battle
        assert battle is not None
        state = rep(state, history=state.history + (battle,), battle=None, extra=(None,) * state.players,
                    slaughter_now=(0,) * state.players)
        alive = state.in_play()
        if self.variant == "domination":
            need = DISCS_TO_WIN[state.players]
            leader = next((p for p in alive if len(state.owned(p)) >= need), None)
            if leader is None and len(alive) == 1:
                leader = alive[0]
            if leader is not None:
                return self._domination_won(state, leader)
        elif len(alive) == 1:
            return rep(state, phase="over", result=Result(
                (alive[0],), False, f"{state.name(alive[0])} rules Scar: the last player with counters on the map, "
                                    f"after {len(state.history)} battles."))
        if not alive:
            tied = tuple(p for p in range(state.players) if battle.landed[p] is not None)
            names = " and ".join(state.name(p) for p in tied)
            return rep(state, phase="over", result=Result(tied, True, f"Draw: {names} were knocked out "
                                                                       "in the same battle."))
        if battle.winner is None or battle.winner == battle.defender:
            attacker = battle.defender
        else:
            attacker = battle.winner
        if state.out[attacker]:
            attacker = next(p for k in range(1, state.players + 1)
                            if not state.out[p := (attacker + k) % state.players])
        pending = tuple(p for p in alive if p != battle.winner or state.ambush_right[p])
        state = rep(state, attacker=attacker, to_remove=())
        if pending:
            return rep(state, phase="reselect", pending=pending)
        return rep(state, phase="attack")

    def _domination_won(self, state: BattleState, leader: int) -> BattleState:
        rep = msgspec.structs.replace
        discs = len(state.owned(leader))
        if state.setup.ultimate_champion and state.armies[leader]:
            return rep(state, phase="champion_pick", champion=Champion(player=leader))
        return rep(state, phase="over", result=Result(
            (leader,), False, f"{state.name(leader)} rules Scar with {discs} discs."))

    def _champion_fight(self, state: BattleState, action: ChampionThrow) -> BattleState:
        rep = msgspec.structs.replace
        champ = state.champion
        assert champ is not None
        base = score_throws(self.roster, [action.champion, action.warlords])
        scores = []
        for side, s in zip((action.champion, action.warlords), base):
            assert s is not None
            best = max((self.roster.value(x.fighter) for x in side if is_face_up(x.pose)), default=0)
            scores.append(BattleScore(s.face_up, s.face_down, s.standing, s.points, s.bonus, 0, 0, s.total, best))
        a, b = scores
        loser = "tie" if a.total == b.total else ("champion" if a.total < b.total else "warlords")
        champ = rep(champ, fights=champ.fights + 1, landed=(action.champion, action.warlords),
                    scores=(a, b), loser=loser)
        state = rep(state, champion=champ)
        if loser != "tie" and self._champion_removable(state):
            decider = champ.player if loser == "champion" else self.warlords_player(state)
            return rep(state, phase="champion_remove", to_remove=(decider,))
        return self._champion_next(state)

    def _champion_next(self, state: BattleState) -> BattleState:
        rep = msgspec.structs.replace
        champ = state.champion
        assert champ is not None
        name = state.name(champ.player)
        discs = len(state.owned(champ.player))
        if not champ.warlords:
            return rep(state, phase="over", result=Result(
                (champ.player,), False, f"{name} rules Scar with {discs} discs and defeats the three "
                                        f"Warlords: Ultimate Champion!"))
        if not champ.fighters:
            return rep(state, phase="over", result=Result(
                (champ.player,), False, f"{name} rules Scar with {discs} discs, but the Warlords "
                                        "win the Ultimate Champion fight."))
        return rep(state, phase="champion_throw")

    # --- information ----------------------------------------------------------------------------
    def view(self, state: BattleState, player: int | None) -> BattleState:
        """Armies and fistfuls being chosen stay secret until everyone has chosen."""
        rep = msgspec.structs.replace
        if state.phase == "army":
            return rep(state, armies=tuple(a if i == player else () for i, a in enumerate(state.armies)))
        if state.phase in ("fistful", "reselect"):
            keeper = state.history[-1].winner if state.phase == "reselect" and state.history else None
            fistfuls = tuple(f if i in (player, keeper) else () for i, f in enumerate(state.fistfuls))
            extra = tuple(e if i == player else None for i, e in enumerate(state.extra))
            return rep(state, fistfuls=fistfuls, extra=extra)
        return state

    def result(self, state: BattleState) -> Result | None:
        return state.result

    def is_barrier(self, state: BattleState, action: BattleAction) -> bool:
        if isinstance(action, (BattleThrow, ChampionThrow)):
            return True
        if isinstance(action, (ChooseArmy, ChooseFistful)):
            return len(state.pending) == 1
        return False

    def phase_text(self, state: BattleState) -> str:
        actor = self.actor(state)
        texts = {
            "claim": lambda: f"{state.name(state.claim_turn)} chooses a region for a {self.region_word}.",
            "army": lambda: "Players choose their armies.",
            "fistful": lambda: "Players choose their fistfuls.",
            "reselect": lambda: "Players may choose a new fistful.",
            "attack": lambda: f"{state.name(state.attacker)} chooses the region to fight for.",
            "throw": lambda: "Everyone in the battle throws.",
            "flip": lambda: f"{state.name(actor)} may flip a face-down fighter.",  # type: ignore[arg-type]
            "hero_claim": lambda: f"{state.name(actor)} places a {self.region_word} with their Hero.",  # type: ignore[arg-type]
            "remove": lambda: f"{state.name(actor)} removes a face-down fighter.",  # type: ignore[arg-type]
            "champion_pick": lambda: f"{state.name(actor)} picks four fighters to face the Warlords.",  # type: ignore[arg-type]
            "champion_throw": lambda: "The champion and the Warlords throw.",
            "champion_remove": lambda: "The losing side removes a face-down fighter.",
            "over": lambda: "The game is over.",
        }
        return texts[state.phase]()

    # --- chance and random play ---------------------------------------------------------------------
    def sample_chance(self, state: BattleState, rng: random.Random) -> BattleAction:
        if state.phase == "champion_throw":
            champ = state.champion
            assert champ is not None
            return ChampionThrow(throw_fistful(rng, self.roster, champ.fighters),
                                 throw_fistful(rng, self.roster, champ.warlords))
        battle = state.battle
        assert battle is not None
        return BattleThrow(tuple(throw_fistful(rng, self.roster, state.thrown(i)) if i in battle.throwers else None
                                 for i in range(state.players)))

    def random_action(self, state: BattleState, rng: random.Random) -> BattleAction:
        phase = state.phase
        if phase in ("throw", "champion_throw"):
            return self.sample_chance(state, rng)
        if phase == "army":
            p = rng.choice(state.pending)
            return ChooseArmy(p, tuple(rng.sample(self.roster.fighters, ARMY_SIZE)))
        if phase in ("fistful", "reselect"):
            p = rng.choice(state.pending)
            army = [f for f in state.armies[p]]
            if phase == "reselect" and self._winner_keeps(state, p):
                fighters = state.fistfuls[p]
            else:
                fighters = random_fistful(_ArmyPool(self.roster, army), rng)
            extra = None
            if state.ambush_right[p]:
                shadows = [f for f in army if f.finish == AMBUSH_FINISH and f not in fighters]
                if shadows and rng.random() < 0.7:
                    extra = rng.choice(shadows)
            return ChooseFistful(p, tuple(fighters), extra)
        if phase == "champion_pick":
            champ = state.champion
            assert champ is not None
            army = state.armies[champ.player]
            return ChampionPick(champ.player, tuple(rng.sample(army, min(CHAMPION_FIGHTERS, len(army)))))
        legal = self.legal_actions(state)
        if not legal:
            raise IllegalAction("The game is over.")
        return rng.choice(legal)

    # --- log -------------------------------------------------------------------------------------------
    def describe(self, before: BattleState, action: BattleAction, after: BattleState) -> str:
        s = before
        if isinstance(action, Claim):
            verb = "turns the" if self.variant == "domination" else "places a counter on"
            tail = " disc" if self.variant == "domination" else ""
            return f"{s.name(action.player)} {verb} {action.region}{tail}."
        if isinstance(action, ChooseArmy):
            return f"{s.name(action.player)} chose an army" + ("; all armies revealed." if len(s.pending) == 1 else ".")
        if isinstance(action, ChooseFistful):
            tail = "; all fistfuls revealed." if len(s.pending) == 1 else "."
            return f"{s.name(action.player)} chose a fistful" + tail
        if isinstance(action, Attack):
            b = after.battle
            assert b is not None
            if self.variant == "all-out-war" and not s.history:
                return f"Battle {b.number}: {s.name(action.player)} defends {action.region}; everyone else attacks."
            return (f"Battle {b.number}: {s.name(action.player)} attacks {action.region}, "
                    f"defended by {s.name(b.defender)}.")
        if isinstance(action, BattleThrow):
            assert before.battle is not None
            return self._describe_throw(before.battle.throwers, after)
        if isinstance(action, Flip):
            who = s.name(action.player)
            if action.fighter is None:
                return f"{who} does not flip a fighter. " + self._describe_outcome(after)
            return f"{who} flips {self._name(action.fighter)} face up. " + self._describe_outcome(after)
        if isinstance(action, HeroClaim):
            if action.region is None:
                return f"{s.name(action.player)} places no second {self.region_word}."
            return f"{s.name(action.player)}'s Hero also takes {action.region}."
        if isinstance(action, Remove):
            line = f"{s.name(action.player)} removes {self._name(action.fighter)} from their army"
            if after.out[action.player]:
                line += " and is out of the game"
            return line + "."
        if isinstance(action, ChampionPick):
            names = ", ".join(self._name(f) for f in action.fighters)
            return f"{s.name(action.player)} faces the Warlords with {names}."
        if isinstance(action, ChampionThrow):
            champ = after.champion
            assert champ is not None and champ.scores is not None
            a, b = champ.scores
            text = {"tie": "a tie: throw again", "champion": "the Warlords win the fight",
                    "warlords": f"{s.name(champ.player)} wins the fight"}[champ.loser]
            return (f"Ultimate Champion fight {champ.fights}: {s.name(champ.player)} {a.total} "
                    f"({a.face_up} up), Warlords {b.total} ({b.face_up} up): {text}.")
        if isinstance(action, ChampionRemove):
            return f"{self._name(action.fighter)} is removed from the fight."
        return str(action)

    def _describe_throw(self, throwers: tuple[int, ...], after: BattleState) -> str:
        battle = after.battle if after.battle is not None else after.history[-1]
        parts = []
        for p in throwers:
            x = battle.landed[p] or ()
            up = sum(1 for y in x if is_face_up(y.pose))
            parts.append(f"{after.name(p)} {up} of {len(x)} up")
        line = f"Battle {battle.number}, throw {battle.throws}: " + ", ".join(parts) + "."
        if after.phase == "flip":
            return line + f" {after.name(battle.defender)} may flip a fighter from {battle.region}."
        return line + " " + self._describe_outcome(after)

    def _describe_outcome(self, after: BattleState) -> str:
        battle = after.battle if after.battle is not None else after.history[-1]
        scores = ", ".join(f"{after.name(p)} {battle.scores[p].total}" for p in battle.throwers
                           if battle.scores and battle.scores[p] is not None)
        if battle.outcome == "rethrow":
            return f"Scores {scores}: tied, so the tied players throw again."
        if battle.outcome == "hero-draw":
            return f"Two Heroes: a draw, the {battle.region} {self.region_word} leaves the game."
        if battle.outcome == "tie":
            return f"Scores {scores}: a tie, the {battle.region} counter leaves the game."
        if battle.winner is None:
            return f"Scores {scores}."
        who = after.name(battle.winner)
        how = "with a Hero" if battle.outcome == "hero" else f"(scores {scores})"
        if battle.winner == battle.defender:
            return f"{who} holds {battle.region} {how}."
        return f"{who} wins {battle.region} {how}."


class _ArmyPool:
    """Just enough of a Roster for random_fistful to draw from one army."""

    def __init__(self, roster: Roster, army: Sequence[Fighter]) -> None:
        self.fighters = tuple(army)
        self.value = roster.value


DOMINATION = BattleGame("domination")
ALL_OUT_WAR = BattleGame("all-out-war")
