"""Advice on request: what the Normal computer would do for a seat, and the numbers behind it.

A hint is the Normal player's own choice (`make_player(game_id, "normal", seed)`), so it sees
only what the seat's view shows, like any computer seat. Its reasons are facts, never prose:
the game's `Knowledge.explain` names figures under the keys the GUI knows how to word
(match_chance, expected_score, hit_chance, expected_hits, expected_gold, play_chance,
reach_chance, win_chance; a review's `explain_all` adds battle_chance); a game without one gives
an empty `Why`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.ai import decision_rng, make_player
from core.ai.knowledge import Why, knowledge
from core.errors import IllegalAction
from core.game import actor_players


@dataclass(frozen=True)
class Hint:
    """The advised action for the seat that asked, and why in numbers."""

    action: Any
    why: Why


def hint(match: Any, seat: int, seed: int, iterations: int | None = None) -> Hint:
    """The Normal computer's move for `seat` now; `iterations` caps the search (tests)."""
    if seat not in actor_players(match.actor):
        raise IllegalAction(f"it is not seat {seat}'s turn")
    view, step = match.view(seat), match.steps  # read once: the app may move on meanwhile
    action = make_player(match.game_id, "normal", seed=seed, iterations=iterations).choose_from_view(view, seat, step)
    explain = knowledge(match.game_id).explain
    why = explain(view, seat, action, decision_rng(seed, step, seat)) if explain is not None else Why()
    return Hint(action, why if isinstance(why, Why) else Why())
