"""Why a battle-panel fighter may not be chosen: the sentence the battle views show for a click on one
that is not offered (flips, removals, the champion fight)."""
from __future__ import annotations

import random

import msgspec

from core.fistful.battles import BattleGame, ChampionRemove, Flip, Remove
from core.match import Match


def sides(state):
    """Every (side, fighter) shown in the battle panel now."""
    if state.champion is not None and state.champion.landed:
        champ = state.champion
        return [(champ.player, x.fighter) for x in champ.landed[0]] + [("warlords", x.fighter) for x in champ.landed[1]]
    battle = state.battle
    return [(p, x.fighter) for p, landed in enumerate(battle.landed or ()) if landed for x in landed]


def test_every_offered_fighter_is_allowed_and_every_other_one_has_a_reason():
    seen = set()
    for game_id, seed, options in (("domination", 3, {}), ("all-out-war", 9, {}),
                                   ("domination", 1, {"ultimate_champion": True})):
        game: BattleGame = Match.new(game_id).game
        setup = msgspec.structs.replace(game.default_setup(2), **options)
        match = Match.new(game_id, setup, seed)
        rng = random.Random(4)
        while not match.is_over:
            state = match.state
            if state.phase in ("flip", "remove", "champion_remove"):
                seen.add(state.phase)
                offered = set()
                for a in game.legal_actions(state):
                    if isinstance(a, Flip) and a.fighter is not None:
                        offered.add((a.player, a.fighter))
                    elif isinstance(a, Remove):
                        offered.add((a.player, a.fighter))
                    elif isinstance(a, ChampionRemove):
                        champ = state.champion
                        offered.add((champ.player if champ.loser == "champion" else "warlords", a.fighter))
                for side, fighter in sides(state):
                    reason = game.why_not_fighter(state, side, fighter)
                    assert (reason is None) == ((side, fighter) in offered), (state.phase, side, fighter, reason)
            elif state.phase == "throw":
                assert game.why_not_fighter(state, 0, state.thrown(0)[0]).startswith("No fighter is chosen now.")
            match.apply(match.random_action(rng))
    assert seen >= {"flip", "remove"}
