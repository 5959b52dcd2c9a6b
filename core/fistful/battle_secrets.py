"""What a seat may not know in the battle games, for the computer's search and the public history.

Only two things are ever secret: an army while the armies are being chosen (the game's first
choice; every army is shown once all are in) and a fistful (with any Ambush fighter) while
the fistfuls are being chosen, up to the moment the last player has chosen. So a rival's
hidden choice is one made in the current choosing round, and nothing earlier constrains it
beyond what the view shows: an army is 15 of the rival's fighters (each player owns one of
every fighter), a fistful comes from the rival's army, which is public by then. The rules draw
a rival's secret choice among the legal ones; the computer players pass their own model of a
sensible rival (`draw`), so the rules need know nothing of them.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import msgspec

from core.fistful.battle_state import (ADVANCED_MIN_THROWN, BattleState, ChooseArmy, ChooseFistful, replace_at)
from core.fistful.throws import is_face_up

if TYPE_CHECKING:
    from core.fistful.battles import BattleGame

Draw = Callable[[BattleState, int, random.Random], Any]  # (state asking the player, player, rng) -> choice
CHOOSING = ("army", "fistful", "reselect")


def keeper(state: BattleState) -> int | None:
    """The last battle's winner while fistfuls are reselected: their fistful stays and is seen."""
    if state.phase == "reselect" and state.history:
        return state.history[-1].winner
    return None


def _had_ambush_right(state: BattleState, player: int) -> bool:
    """Whether `player` was owed an Ambush fighter before choosing (a choice spends the right):
    another thrower of the last battle landed four or more fighters all face down."""
    if not state.setup.ambush or state.phase != "reselect" or not state.history:
        return False
    last = state.history[-1]
    return any(q != player and len(landed or ()) >= ADVANCED_MIN_THROWN
               and not any(is_face_up(x.pose) for x in landed or ())
               for q, landed in enumerate(last.landed) if q in last.throwers)


def _drawn_choice(game: BattleGame, state: BattleState, player: int, rng: random.Random,
                  draw: Draw | None) -> Any:
    """A choice `player` could have made in this choosing round: `draw`'s, else any legal one."""
    asking = msgspec.structs.replace(state, pending=(player,))
    return draw(asking, player, rng) if draw is not None else game.random_action(asking, rng)


def determinize(game: BattleGame, view: BattleState, seat: int, rng: random.Random,
                draw: Draw | None = None) -> BattleState:
    """The view with every rival's hidden, already made choice drawn consistently with it.

    Rivals still choosing keep nothing (they choose in the search). A rival who has chosen gets
    an army of their own fighters, or a legal fistful from their public army; an Ambush fighter
    only when the last battle owed them one. `draw` makes the choice, asked as if the rival
    were choosing now (legal ones only), else it is drawn among the legal ones."""
    if view.phase not in CHOOSING:
        return view
    rep = msgspec.structs.replace
    state = view
    kept = keeper(view)
    for p in range(view.players):
        if p == seat or p in view.pending or view.out[p]:
            continue
        if view.phase == "army":
            if view.armies[p]:
                continue
            choice = _drawn_choice(game, state, p, rng, draw)
            assert isinstance(choice, ChooseArmy)
            state = rep(state, armies=replace_at(state.armies, p, tuple(choice.fighters)))
            continue
        if p == kept and not _had_ambush_right(view, p):
            continue
        asking = rep(state, ambush_right=replace_at(state.ambush_right, p, _had_ambush_right(view, p)))
        if p == kept:
            asking = rep(asking, fistfuls=replace_at(asking.fistfuls, p, view.fistfuls[p]))
        choice = _drawn_choice(game, asking, p, rng, draw)
        assert isinstance(choice, ChooseFistful)
        fighters = view.fistfuls[p] if p == kept else tuple(choice.fighters)
        state = rep(state, fistfuls=replace_at(state.fistfuls, p, fighters),
                    extra=replace_at(state.extra, p, choice.extra))
    return state


def secret_now(action: Any, seat: int, before: BattleState, now: BattleState) -> bool:
    """Whether a rival's army or fistful choice is still hidden from `seat` in `now`: its choosing
    round (the same phase, no battle fought since) is not over yet."""
    if not isinstance(action, (ChooseArmy, ChooseFistful)) or action.player == seat:
        return False
    return (now.phase == before.phase and now.phase in CHOOSING
            and len(now.history) == len(before.history))


def redact(action: Any, seat: int, before: BattleState, now: BattleState) -> Any:
    """A rival's army or fistful blanked while it is secret; the reselecting round's keeper
    shows their (unchanged) fistful and hides only the Ambush fighter."""
    if not secret_now(action, seat, before, now):
        return action
    if isinstance(action, ChooseArmy):
        return msgspec.structs.replace(action, fighters=())
    fighters = action.fighters if action.player == keeper(before) else ()
    return msgspec.structs.replace(action, fighters=fighters, extra=None)
