"""A finished game reviewed with the computer: each decision a person made, beside what the Normal
computer would have made there, and the numbers behind both.

A hint answers during play, for one move; the review answers afterwards, for the whole game, so a
player learns where their choices and the computer's parted. Each decision is asked of the same
player a hint asks (`make_player(game_id, "normal", seed)`) on the seat's own view then, with
the match's seed: a hint taken during the game and the review agree on that step. The figures
are the game's `Knowledge.explain`, for the move played and the move advised alike.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from core.ai import action_seat, decision_rng, make_player
from core.ai.knowledge import Knowledge, Why, knowledge
from core.game import CHANCE, actor_players
from core.match import Progress

# Figures that value the move itself, the higher the better, so the two moves' figures compare; the
# others describe the position (Impact's chance of a match), this duel alone where the strategy
# weighs the whole game (Gold's expected gold), or aims at different chips (Clout's reach).
VALUES = ("win_chance", "battle_chance", "expected_score", "hit_chance", "expected_hits")
MIXED = "play_chance"  # how often a mixed strategy plays the move: any move it plays is as good


@dataclass(frozen=True)
class Moment:
    """One decision: `step` actions had been played when `seat` chose `played`; `view` is what
    the seat saw then, on which both moves are worded."""

    step: int
    seat: int
    view: Any
    played: Any
    advised: Any
    played_why: Why
    advised_why: Why
    agrees: bool  # the same choice: equal, or alike as the game counts them (`Knowledge.alike`)

    @property
    def edge(self) -> tuple[str, float] | None:
        """How much better the advised move's figure is than the played one's, under the last
        figure both name that values a move (`VALUES`); None where none compares."""
        played, advised = dict(self.played_why.numbers), dict(self.advised_why.numbers)
        keys = [k for k, _ in self.advised_why.numbers if k in VALUES and k in played]
        if self.agrees or not keys:
            return None
        return keys[-1], advised[keys[-1]] - played[keys[-1]]

    @property
    def even(self) -> bool:
        """Another move, but one the figures rate as well as the computer's: equal shapes of
        fistful, say, where only a tie-break chose; or a move the computer's mixed strategy
        plays too (Gold's cards), which by the strategy's own balance is worth as much."""
        if self.agrees:
            return False
        edge = self.edge
        if edge is not None:
            return abs(edge[1]) < 1e-9
        return dict(self.played_why.numbers).get(MIXED, 0.0) > 0 and MIXED in dict(self.advised_why.numbers)


def person_at(match: Any, seat: int, step: int) -> bool:
    """Whether a person made `seat`'s choice at `step`, by the seat changes the match keeps.

    A seat's first change says only who took it over; before a change to a person the seat was
    the computer's, and before a change to a computer it is taken to be a person's (a player who
    left), since the save does not keep which level, if any, played it first."""
    changes = [r for r in match.reseats if r.seat == seat]
    if not changes:
        return match.setup.players[seat].computer is None
    current = [r for r in changes if r.step <= step]
    if current:
        return current[-1].computer is None
    return changes[0].computer is not None


def decisions(match: Any) -> list[tuple[int, int]]:
    """(step, seat) of every choice a person made that had an alternative: chance steps, a
    computer seat's moves and forced moves are left out."""
    return [(step, seat) for step, seat, _ in _decided(match)]


def _decided(match: Any) -> list[tuple[int, int, Any]]:
    """`decisions` with the state each was made in, from one walk through the game."""
    game, out = match.game, []
    state = match.state_at(0)
    for step, action in enumerate(match.actions):
        actor = game.actor(state)
        seats = actor_players(actor)
        if actor != CHANCE and seats:
            seat = action_seat(action, seats[0])
            if seat in seats and person_at(match, seat, step) and not _forced(game, state, seat):
                out.append((step, seat, state))
        state = game.apply(state, action)
    return out


def _forced(game: Any, state: Any, seat: int) -> bool:
    legal = game.legal_actions(state)
    return legal is not None and sum(1 for a in legal if action_seat(a, seat) == seat) <= 1


def _figures(known: Knowledge, view: Any, seat: int, moves: list[Any], rng: random.Random) -> list[Why]:
    """Each move's figures: weighed together where the game can (`explain_all`), else one by one,
    each from a fresh copy of the decision's generator, as a hint words it."""
    if known.explain_all is not None and len(moves) > 1:
        found = known.explain_all(view, seat, moves, rng)
    elif known.explain is not None:
        state = rng.getstate()
        found = []
        for move in moves:
            rng.setstate(state)
            found.append(known.explain(view, seat, move, rng))
    else:
        found = [Why() for _ in moves]
    return [w if isinstance(w, Why) else Why() for w in found]


def review(match: Any, seed: int, progress: Progress | None = None,
           iterations: int | None = None) -> tuple[Moment, ...]:
    """Every decision of `decisions(match)`, with the Normal computer's choice there; `progress`
    hears (done, total) after each, and may raise to stop; `iterations` caps the search (tests)."""
    game = match.game
    player = make_player(game.id, "normal", seed=seed, iterations=iterations)
    known = knowledge(game.id)
    asked = _decided(match)
    moments = []
    for done, (step, seat, state) in enumerate(asked, start=1):
        view = game.view(state, seat)
        played = match.actions[step]
        advised = player.choose_from_view(view, seat, step)
        moves = [played] if played == advised else [played, advised]
        whys = _figures(known, view, seat, moves, decision_rng(seed, step, seat))
        agrees = played == advised or (known.alike is not None and known.alike(played, advised))
        moments.append(Moment(step, seat, view, played, advised, whys[0], whys[-1], bool(agrees)))
        if progress is not None:
            progress(done, len(asked))
    return tuple(moments)
