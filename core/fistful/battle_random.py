"""Random play for the battle games: chance's throws and a random legal choice for any seat."""
from __future__ import annotations

import random
from collections.abc import Sequence

from core.errors import IllegalAction
from core.fistful.battle_state import (AMBUSH_FINISH, ARMY_SIZE, CHAMPION_FIGHTERS, BattleAction, BattleState,
                                       BattleThrow, ChampionPick, ChampionThrow, ChooseArmy, ChooseFistful)
from core.fistful.roster import Fighter, Roster
from core.fistful.throwdown import random_fistful
from core.fistful.throws import throw_fistful


class RandomPolicy:
    """Chance and random play (mixed into BattleGame)."""

    def sample_chance(self, state: BattleState, rng: random.Random) -> BattleAction:
        """Each thrower in seat order draws one pose per fighter in fistful order, as 0.1.0 drew them."""
        if state.phase == "champion_throw":
            champ = state.champion
            assert champ is not None
            return ChampionThrow.of(throw_fistful(rng, self.roster, champ.fighters),
                                    throw_fistful(rng, self.roster, champ.warlords))
        battle = state.battle
        assert battle is not None
        return BattleThrow.of(tuple(throw_fistful(rng, self.roster, state.thrown(i)) if i in battle.throwers
                                    else None for i in range(state.players)))

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


class _ArmyPool:
    """Just enough of a Roster for random_fistful to draw from one army."""

    def __init__(self, roster: Roster, army: Sequence[Fighter]) -> None:
        self.fighters = tuple(army)
        self.value = roster.value


