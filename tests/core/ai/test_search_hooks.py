"""The search honours every `Knowledge` hook: on a tiny made-up game, so each hook's effect shows."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import msgspec
import pytest

from core.ai import knowledge as knowledge_module
from core.ai import make_player
from core.ai.ismcts import ITERATIONS, search
from core.ai.knowledge import Knowledge
from core.errors import IllegalAction
from core.game import Result, rank
from core.match import Match


class Pick(msgspec.Struct, frozen=True):
    player: int
    value: float


@dataclass(frozen=True)
class State:
    values: tuple[float, ...] = ()


@dataclass
class Race:
    """Seats take turns picking a value in [0, 1]; after `length` picks the highest sum wins.
    `discrete` offers only 0, 1/2 and 1; otherwise the choice is continuous (no legal list)."""

    seats: int = 2
    length: int = 2
    discrete: bool = False
    choices: tuple[float, ...] = (0.0, 0.5, 1.0)
    id: str = "race"
    determinized: list[int] = field(default_factory=list)
    random_actions: list[State] = field(default_factory=list)

    def actor(self, state: State) -> int | None:
        return None if len(state.values) >= self.length else len(state.values) % self.seats

    def legal_actions(self, state: State) -> list[Pick] | None:
        p = self.actor(state)
        if not self.discrete or p is None:
            return None
        return [Pick(p, v) for v in self.choices]

    def validate(self, state: State, action: Pick) -> None:
        if action.player != self.actor(state) or not 0.0 <= action.value <= 1.0:
            raise IllegalAction("no")

    def apply(self, state: State, action: Pick) -> State:
        return State(state.values + (action.value,))

    def view(self, state: State, player: int | None) -> State:
        return state

    def totals(self, state: State) -> list[float]:
        return [sum(state.values[s::self.seats]) for s in range(self.seats)]

    def result(self, state: State) -> Result | None:
        if self.actor(state) is not None:
            return None
        if self.seats == 1:
            return Result(winners=(), draw=False, placings=(1,), reason="practice")
        places = rank(self.totals(state))
        return Result(tuple(s for s, p in enumerate(places) if p == 1), False, places, "points")

    def random_action(self, state: State, rng: random.Random) -> Pick:
        self.random_actions.append(state)
        return Pick(self.actor(state), rng.random())

    def sample_chance(self, state: State, rng: random.Random) -> Any:
        raise AssertionError("no chance in a race")

    def determinize(self, view: State, seat: int, rng: random.Random) -> State:
        self.determinized.append(seat)
        return view


@pytest.fixture
def know(monkeypatch: pytest.MonkeyPatch):
    """Install a Knowledge for a game id for one test."""
    def install(game_id: str, entry: Knowledge) -> None:
        monkeypatch.setitem(knowledge_module.KNOWLEDGE, game_id, entry)
    return install


def test_candidates_are_tried_for_continuous_choices(know) -> None:
    seen: list[tuple[State, int]] = []

    def candidates(state: State, seat: int, rng: random.Random) -> list[Pick]:
        seen.append((state, seat))
        return [Pick(seat, 2.0), Pick(seat, 1.0)]  # the first is illegal and must be skipped

    know("race", Knowledge(candidates=candidates))
    game = Race()
    choice = search(game, State(), 0, random.Random(1), "normal", iterations=150)
    assert seen and seen[0] == (State(), 0)
    assert choice == Pick(0, 1.0)  # a sure win: only a candidate reaches it


def test_without_candidates_the_choice_is_one_of_the_random_ones(know) -> None:
    know("race", Knowledge())
    game = Race()
    choice = search(game, State(), 0, random.Random(1), "normal", iterations=60)
    assert 0.0 <= choice.value < 1.0 and choice.player == 0


def test_the_playout_policy_plays_the_playouts(know) -> None:
    played: list[State] = []

    def playout(state: State, rng: random.Random) -> Pick:
        played.append(state)
        return Pick(len(state.values) % 2, 1.0)

    know("race", Knowledge(playout=playout))
    game = Race(length=6, discrete=True)
    search(game, State(), 0, random.Random(3), "normal", iterations=20)
    assert played
    assert not game.random_actions  # legal lists in the tree, the policy outside it


def test_playouts_stop_at_the_depth_and_the_evaluation_scores_them(know) -> None:
    evaluated: list[State] = []

    def evaluate(state: State) -> list[float]:
        # Perverse on purpose: seat 0 is told a low first pick is best.
        evaluated.append(state)
        return [1.0 - state.values[0], state.values[0]]

    know("race", Knowledge(evaluate=evaluate, playout_depth=2))
    game = Race(length=40, discrete=True)
    choice = search(game, State(), 0, random.Random(5), "normal", iterations=90)
    assert evaluated
    assert all(game.actor(s) is not None for s in evaluated)  # stopped early, not at the end
    assert max(len(s.values) for s in evaluated) < 40
    assert choice == Pick(0, 0.0)


def test_a_one_seat_game_is_searched_by_its_evaluation_at_the_end(know) -> None:
    # A one-seat game ranks nobody: the evaluation of the finished state is its reward.
    know("race", Knowledge(evaluate=lambda s: [sum(s.values) / 3]))
    game = Race(seats=1, length=3, discrete=True)
    assert search(game, State(), 0, random.Random(2), "normal", iterations=60) == Pick(0, 1.0)


@pytest.mark.parametrize(("level", "expected"), [("normal", 7), ("strong", 13)])
def test_the_calibrated_budget_sets_the_iterations(know, level: str, expected: int) -> None:
    know("race", Knowledge(iterations=(7, 13)))
    game = Race(length=8, discrete=True)
    search(game, State(), 0, random.Random(0), level)
    assert len(game.determinized) == expected
    game.determinized.clear()
    search(game, State(), 0, random.Random(0), level, iterations=4)
    assert len(game.determinized) == 4


def test_without_a_calibrated_budget_the_common_one_applies(know) -> None:
    know("race", Knowledge())
    game = Race(length=4, discrete=True)
    search(game, State(), 0, random.Random(0), "normal")
    assert len(game.determinized) == ITERATIONS["normal"]


def test_a_lone_legal_move_is_played_without_searching(know) -> None:
    know("race", Knowledge())
    game = Race(length=4, discrete=True, choices=(0.5,))
    assert search(game, State(), 0, random.Random(0), "strong") == Pick(0, 0.5)
    assert not game.determinized


def test_the_same_seed_gives_the_same_choice(know) -> None:
    know("race", Knowledge())
    first = search(Race(length=6), State(), 0, random.Random(8), "normal", iterations=40)
    assert search(Race(length=6), State(), 0, random.Random(8), "normal", iterations=40) == first


def test_the_games_own_decision_replaces_the_search(know) -> None:
    match = Match.new("impact", seed=3)
    while match.actor == "chance":
        match.play_chance()
    seat = match.actor
    legal = match.game.random_action(match.view(seat), random.Random(0))
    asked: list[tuple[int, str]] = []

    def decide(view: Any, s: int, rng: random.Random, level: str) -> Any:
        asked.append((s, level))
        return legal

    know("impact", Knowledge(decide=decide))
    assert make_player("impact", "strong", seed=1, iterations=1).choose(match, seat) == legal
    assert asked == [(seat, "strong")]


def test_a_decision_of_none_falls_back_to_the_search(know) -> None:
    match = Match.new("impact", seed=3)
    while match.actor == "chance":
        match.play_chance()
    seat = match.actor
    asked: list[str] = []
    know("impact", Knowledge(decide=lambda view, s, rng, level: asked.append(level)))
    action = make_player("impact", "normal", seed=1, iterations=3).choose(match, seat)
    match.apply(action)  # legal
    assert asked == ["normal"]


def test_easy_and_random_never_ask_the_games_decision(know) -> None:
    match = Match.new("impact", seed=3)
    while match.actor == "chance":
        match.play_chance()
    know("impact", Knowledge(decide=lambda *a: pytest.fail("asked")))
    for level in ("random", "easy"):
        match.game.validate(match.state, make_player("impact", level, seed=1).choose(match, match.actor))


def test_a_players_iterations_reach_the_games_own_decision(know) -> None:
    from core.ai.ismcts import budget

    match = Match.new("impact", seed=3)
    while match.actor == "chance":
        match.play_chance()
    legal = match.game.random_action(match.view(match.actor), random.Random(0))
    budgets: list[int] = []

    def decide(view: Any, s: int, rng: random.Random, level: str) -> Any:
        budgets.append(budget("impact", level))
        return legal

    know("impact", Knowledge(decide=decide, iterations=(50, 70)))
    make_player("impact", "strong", seed=1, iterations=3).choose(match, match.actor)
    make_player("impact", "strong", seed=1).choose(match, match.actor)
    assert budgets == [3, 70]
    assert budget("impact", "strong") == 70  # the override ends with the decision


def test_a_search_cut_short_by_the_rules_says_so(know, caplog: pytest.LogCaptureFixture) -> None:
    def evaluate(state: State) -> list[float]:
        raise KeyError("a hidden part the determinisation missed")

    know("race", Knowledge(evaluate=evaluate, playout_depth=1))
    choice = search(Race(length=6, discrete=True), State(), 0, random.Random(0), "normal", iterations=20)
    assert choice.player == 0  # still a move
    assert "race: the search stopped after" in caplog.text


def test_a_simultaneous_continuous_choice_is_searched_for_the_seat_asking(monkeypatch: pytest.MonkeyPatch) -> None:
    """Throwdown's picks are simultaneous and unlisted: without the game's candidates, the
    search's random widening must still draw only the asking seat's picks."""
    monkeypatch.setitem(knowledge_module.KNOWLEDGE, "throwdown", Knowledge())
    from core.registry import GAMES
    game = GAMES["throwdown"]
    match = Match.new("throwdown", game.default_setup(4), seed=3)
    for seed in range(6):
        for seat in (1, 2, 3):
            action = search(game, match.view(seat), seat, random.Random(seed), "normal", iterations=12)
            assert action.player == seat
