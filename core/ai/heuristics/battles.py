"""Domination! and All-Out War!, Easy: full fistfuls, sturdy armies, and the cheapest losses.

An army of mid-value fighters (threes and twos) can field six fighters worth fifteen points
battle after battle, as long as it lasts; every fistful is the fullest one the army allows. The
defender always flips a face-down fighter when the rules let it, a winning Hero takes a region,
and a loser gives up its lowest-value fighter. Regions are chosen among the legal ones, the
weakest opponent's first (fewest regions held), so a knock-out comes sooner.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from core.ai.heuristics.throwdown import best_fistful
from core.fistful.battle_state import (AMBUSH_FINISH, ARMY_SIZE, CHAMPION_FIGHTERS, BattleState, ChampionPick,
                                      ChooseArmy, ChooseFistful)
from core.fistful.roster import Fighter
from core.registry import GAMES

ARMY_VALUES = (3, 2)  # six of these alternating make a full fifteen-point fistful


class _Pool:
    """Just enough of a Roster for `best_fistful` to draw from one army."""

    def __init__(self, roster: Any, fighters: tuple[Fighter, ...]) -> None:
        self.fighters = fighters
        self.value = roster.value
        self.sculpt = roster.sculpt


def _army(roster: Any, rng: random.Random) -> tuple[Fighter, ...]:
    pool = list(roster.fighters)
    rng.shuffle(pool)
    pool.sort(key=lambda f: (roster.value(f) not in ARMY_VALUES, roster.sculpt(f).back))
    return tuple(pool[:ARMY_SIZE])


def _region_weakness(state: BattleState, region: str, seat: int) -> tuple[int, int]:
    owner = state.owner[state.index(region)]
    if owner is None or owner == seat:
        return (0, 0)
    return (len(state.owned(owner)), 0)


def make(game_id: str) -> Callable[[BattleState, int, random.Random], Any]:
    game = GAMES[game_id]
    roster = game.roster

    def choose(view: BattleState, seat: int, rng: random.Random) -> Any:
        phase = view.phase
        if phase == "army":
            return ChooseArmy(seat, _army(roster, rng))
        if phase in ("fistful", "reselect"):
            army = view.armies[seat]
            if phase == "reselect" and game._winner_keeps(view, seat):
                fighters = view.fistfuls[seat]
            else:
                fighters = best_fistful(_Pool(roster, army), rng)
            extra = None
            if view.ambush_right[seat]:
                shadows = [f for f in army if f.finish == AMBUSH_FINISH and f not in fighters]
                extra = max(shadows, key=roster.value) if shadows else None
            return ChooseFistful(seat, tuple(fighters), extra)
        if phase == "champion_pick":
            army = sorted(view.armies[seat], key=lambda f: (-roster.value(f), roster.sculpt(f).back))
            return ChampionPick(seat, tuple(army[:CHAMPION_FIGHTERS]))
        legal = game.legal_actions(view) or []
        legal = [a for a in legal if a.player == seat]
        if phase == "flip":
            flips = [a for a in legal if a.fighter is not None]
            return max(flips, key=lambda a: roster.value(a.fighter)) if flips else legal[0]
        if phase == "hero_claim":
            claims = [a for a in legal if a.region is not None]
            return max(claims, key=lambda a: (_region_weakness(view, a.region, seat), rng.random())) \
                if claims else legal[0]
        if phase in ("remove", "champion_remove"):
            return min(legal, key=lambda a: (roster.value(a.fighter), rng.random()))
        if phase == "attack":
            return min(legal, key=lambda a: (_region_weakness(view, a.region, seat), rng.random()))
        return rng.choice(legal)

    return choose



HEURISTICS = {"domination": make("domination"), "all-out-war": make("all-out-war")}
