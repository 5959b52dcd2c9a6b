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
  the player seated after the champion;
- placings: the winner(s) first, then regions held, then later knock-out; level seats share.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from core.errors import IllegalAction, IllegalSetup
from core.fistful import battle_secrets
from core.fistful.battle_champion import ChampionFight
from core.fistful.battle_random import RandomPolicy
from core.fistful.battle_resolution import Resolution
from core.fistful.battle_state import (  # the records are this module's public names too
    ADVANCED_MIN_THROWN, AMBUSH_FINISH, ARMY_SIZE, CHAMPION_FIGHTERS, DISCS_TO_WIN, MAX_PLAYERS, MIN_PLAYERS,
    ALL_OUT_WAR_SPEC, DOMINATION_SPEC, WARLORD_COLOUR, QUOTA, SLAUGHTER_BONUS, TEAM_VICTORY_BONUS, TEAM_VICTORY_FIGHTERS, Attack, Battle, BattleAction,
    BattleScore, BattleSetup, BattleState, BattleThrow, Champion, ChampionPick, ChampionRemove, ChampionThrow,
    ChooseArmy, ChooseFistful, Claim, Flip, HeroClaim, Phase, Remove, Variant, replace_at, check_seat)
from core.fistful.battle_text import Narration
from core.fistful.roster import Fighter, Roster, default_roster
from core.fistful.throwdown import MAX_FIGHTERS, MAX_POINTS
from core.fistful.throws import (Landed, code_problem, is_face_up, migrate_fighter, migrate_fighters,
                                 migrate_landed)
from core.spec import refuse_reserved
from core.game import CHANCE, Actor, Mode, Result, Rules, Secret, Simultaneous, default_players, screen_secret, validate_mode, validate_players

if TYPE_CHECKING:
    from maps.scar import ScarMap

__all__ = ["ADVANCED_MIN_THROWN", "AMBUSH_FINISH", "ARMY_SIZE", "CHAMPION_FIGHTERS", "DISCS_TO_WIN", "MAX_PLAYERS",
           "MIN_PLAYERS", "WARLORD_COLOUR", "QUOTA", "SLAUGHTER_BONUS", "TEAM_VICTORY_BONUS", "TEAM_VICTORY_FIGHTERS",
           "Attack", "Battle", "BattleAction", "BattleGame", "BattleScore", "BattleSetup", "BattleState", "BattleThrow",
           "Champion", "ChampionPick", "ChampionRemove", "ChampionThrow", "ChooseArmy", "ChooseFistful", "Claim",
           "Flip", "HeroClaim", "Phase", "Remove", "Variant", "DOMINATION", "ALL_OUT_WAR"]


class BattleGame(Resolution, ChampionFight, Narration, RandomPolicy, Rules):
    setup_type = BattleSetup
    action_type = BattleAction
    state_type = BattleState

    def __init__(self, variant: Variant, roster: Roster | None = None) -> None:
        self.variant: Variant = variant
        self.id = variant
        self.title = "Domination!" if variant == "domination" else "All-Out War!"
        self.spec = DOMINATION_SPEC if variant == "domination" else ALL_OUT_WAR_SPEC
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
        refuse_reserved(self.spec, tuple(p.colour for p in setup.players))
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
            slaughter_next=(0,) * n, slaughter_now=(0,) * n, out=(False,) * n, knocked_out=(0,) * n,
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
        check_seat(state, action.player, action)
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

    def why_not_region(self, state: BattleState, region: str) -> str | None:
        """Why a click on this region chooses nothing now (None when it may be chosen), for the refusal banner."""
        if region not in state.regions:
            return f"There is no region called {region!r}."
        i = state.index(region)
        owner, closed = state.owner[i], state.closed[i]
        phase = state.phase
        if phase == "claim":
            if owner is None:
                return None
            return f"{region} is already taken by {state.name(owner)}: choose a region nobody holds."
        if phase == "attack":
            if region in self.attackable(state, state.attacker):
                return None
            first = self.variant == "all-out-war" and not state.history
            if not closed and not first:
                if owner is None:
                    return f"Nobody holds {region}: attack a region an opponent holds."
                if owner != state.attacker and state.out[owner]:
                    return f"{state.name(owner)} is out of the game: {region} cannot be attacked."
            return self._why_not_attack(state, Attack(state.attacker, region))
        if phase == "hero_claim":
            battle = state.battle
            if region in self.hero_claimable(state) or battle is None:
                return None
            if closed:
                return f"{region} is out of the game: no {self.region_word} can go there."
            if region == battle.region:
                return f"{region} was just fought for: the Hero's {self.region_word} goes on another region."
            if owner is None:
                return f"Nobody holds {region}: the Hero claims a region another player holds."
            return f"{region} is already yours: the Hero claims a region another player holds."
        return "No region is chosen now. " + self.phase_text(state)

    def why_not_fighter(self, state: BattleState, side: int | str, fighter: Fighter) -> str | None:
        """Why a click on this fighter chooses nothing now (None when it may be chosen), for the refusal
        banner. `side` is the player whose fighter it is, or "warlords" in the champion fight."""
        name = self._name(fighter)
        phase = state.phase
        battle = state.battle
        if phase == "flip" and battle is not None:
            if fighter in self.flippable(state) and side == battle.defender:
                return None
            region = battle.region
            if side != battle.defender:
                return (f"Only the defender, {state.name(battle.defender)}, may flip a fighter now: one of "
                        f"their own from {region} that landed face down.")
            pose = next((x.pose for x in battle.landed[side] or () if x.fighter == fighter), None)
            if pose is not None and is_face_up(pose):
                return f"{name} landed face up already: only a face-down fighter can be flipped."
            return f"{name} is not from {region}: only a fighter from the region fought for can be flipped."
        if phase == "remove":
            remover = state.to_remove[0]
            if side == remover and fighter in self.removable(state, remover):
                return None
            if side != remover:
                return (f"It is {state.name(remover)} who removes a fighter now, one of their own that "
                        "landed face down.")
            return f"{name} landed face up, so it stays: only a fighter that landed face down can be removed."
        if phase == "champion_remove" and state.champion is not None:
            champ = state.champion
            losing = champ.player if champ.loser == "champion" else "warlords"
            if side == losing and fighter in self._champion_removable(state):
                return None
            if side != losing:
                who = state.name(champ.player) if losing != "warlords" else "the Warlords"
                return f"The losing side, {who}, loses a fighter now: choose one of theirs that landed face down."
            return f"{name} landed face up, so it stays: only a fighter that landed face down can be removed."
        return "No fighter is chosen now. " + self.phase_text(state)

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
        def check(code: object, expected: Sequence[Fighter], who: str) -> None:
            problem = code_problem(expected, code)
            if problem:
                raise IllegalAction(f"{who}'s throw must {problem}.", action)

        if isinstance(action, ChampionThrow):
            champ = state.champion
            assert champ is not None
            check(action.champion, champ.fighters, state.name(champ.player))
            check(action.warlords, champ.warlords, "The Warlords")
            return
        battle = state.battle
        assert battle is not None
        if not isinstance(action.poses, tuple) or len(action.poses) != state.players:
            count = len(action.poses) if isinstance(action.poses, tuple) else "no"
            raise IllegalAction(f"The throw must list {state.players} players, not {count}.", action)
        for i, code in enumerate(action.poses):
            if i not in battle.throwers:
                if code is not None:
                    raise IllegalAction(f"{state.name(i)} does not throw now.", action)
                continue
            if code is None:
                raise IllegalAction(f"{state.name(i)} throws in this battle.", action)
            check(code, state.thrown(i), state.name(i))

    # --- applying --------------------------------------------------------------------------------
    def apply(self, state: BattleState, action: BattleAction) -> BattleState:
        rep = msgspec.structs.replace
        if isinstance(action, Claim):
            i = state.index(action.region)
            claims = replace_at(state.claims, action.player, state.claims[action.player] + 1)
            state = rep(state, owner=replace_at(state.owner, i, action.player), claims=claims)
            nxt = self._next_claimer(state, action.player)
            if nxt is not None:
                return rep(state, claim_turn=nxt)
            if self.variant == "domination":
                return rep(state, phase="army", pending=tuple(range(state.players)))
            return rep(state, phase="attack")
        if isinstance(action, ChooseArmy):
            state = rep(state, armies=replace_at(state.armies, action.player, tuple(action.fighters)),
                        pending=tuple(p for p in state.pending if p != action.player))
            if state.pending:
                return state
            return rep(state, phase="fistful", pending=tuple(range(state.players)))
        if isinstance(action, ChooseFistful):
            p = action.player
            state = rep(state, fistfuls=replace_at(state.fistfuls, p, tuple(action.fighters)),
                        extra=replace_at(state.extra, p, action.extra),
                        ambush_right=replace_at(state.ambush_right, p, False),
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
                battle = rep(battle, landed=replace_at(battle.landed, d, landed), flipped=action.fighter)
            return self._resolve(rep(state, battle=battle))
        if isinstance(action, HeroClaim):
            if action.region is not None:
                i = state.index(action.region)
                state = rep(state, owner=replace_at(state.owner, i, action.player))
            return self._after_ownership(state)
        if isinstance(action, Remove):
            p = action.player
            armies = replace_at(state.armies, p, tuple(f for f in state.armies[p] if f != action.fighter))
            fistfuls = replace_at(state.fistfuls, p, tuple(f for f in state.fistfuls[p] if f != action.fighter))
            extra = state.extra if state.extra[p] != action.fighter else replace_at(state.extra, p, None)
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
                armies = replace_at(state.armies, champ.player,
                                  tuple(f for f in state.armies[champ.player] if f != action.fighter))
                state = rep(state, armies=armies)
            else:
                champ = rep(champ, warlords=tuple(f for f in champ.warlords if f != action.fighter))
            return self._champion_next(rep(state, champion=champ, to_remove=()))
        raise IllegalAction(f"{self.title} has no action {type(action).__name__}.", action)

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

    def secret(self, state: BattleState) -> Secret | None:
        """An army or a fistful is chosen in secret by each player in turn on the shared screen
        (in table mode too: the fighters are picked here, not at the table)."""
        if state.phase in ("army", "fistful", "reselect") and state.pending:
            return screen_secret(state.setup, Secret(state.pending[0], state.phase))
        return None

    def result(self, state: BattleState) -> Result | None:
        return state.result

    def determinize(self, state_view: BattleState, seat: int, rng: random.Random) -> BattleState:
        """Rivals' secret armies or fistfuls drawn consistently with the view (core.fistful.battle_secrets)."""
        return battle_secrets.determinize(self, state_view, seat, rng)

    def redact(self, action: Any, seat: int, before: BattleState, now: BattleState) -> Any:
        """A rival's army or fistful blanked while it is still secret (core.fistful.battle_secrets)."""
        return battle_secrets.redact(action, seat, before, now)

    def migrate_action(self, action: dict[str, Any], version: int) -> dict[str, Any]:
        """Format 1 spelled every fighter out ({"sculpt", "finish"}, and each throw as fighter and
        pose); format 2 keeps [sculpt, finish] and pose codes."""
        if version != 1 or not isinstance(action, dict):
            return action
        out = dict(action)
        for key in ("fighters",):
            if key in out:
                out[key] = migrate_fighters(out[key])
        for key in ("fighter", "extra"):
            if key in out:
                out[key] = migrate_fighter(out[key])
        if out.get("kind") == "battle_throw" and "landed" in out:
            landed = out.pop("landed")
            out["poses"] = [None if x is None else migrate_landed(x) for x in landed] \
                if isinstance(landed, list) else landed
        elif out.get("kind") == "champion_throw":
            for key in ("champion", "warlords"):
                if key in out:
                    out[key] = migrate_landed(out[key])
        return out

    def is_barrier(self, state: BattleState, action: BattleAction) -> bool:
        if isinstance(action, (BattleThrow, ChampionThrow)):
            return True
        if isinstance(action, (ChooseArmy, ChooseFistful)):
            return len(state.pending) == 1
        return False


DOMINATION = BattleGame("domination")
ALL_OUT_WAR = BattleGame("all-out-war")
