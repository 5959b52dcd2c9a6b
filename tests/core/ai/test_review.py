"""A finished game reviewed with the Normal computer (core/ai/review.py): the decisions a person
made, each beside the move a hint would have advised there, with figures weighed alike."""
from __future__ import annotations

import random

import pytest

from core import registry
from core.ai import action_seat, make_player
from core.ai.hints import hint
from core.ai.knowledge import knowledge
from core.ai.review import decisions, person_at, review
from core.game import CHANCE, actor_players, with_computers
from core.match import Match
from tests.saves.make_saves import play

TINY = 4  # search iterations: the review asks the same player as a hint, whatever its budget


@pytest.fixture(autouse=True)
def quick_battle_figures(monkeypatch):
    """The battles weigh a review's two moves on fewer draws here (the same draws all the same)."""
    monkeypatch.setattr("core.ai.knowledge.battles.REVIEW_PLAYOUTS", 8)
    monkeypatch.setattr("core.ai.knowledge.battles.REVIEW_SAMPLES", 100)


def against_easy(game_id: str, seed: int, person_plays=None) -> Match:
    """Seat 0 a person (random moves, or `person_plays`), every other seat the Easy computer."""
    setup = registry.get(game_id).default_setup()
    setup = with_computers(setup, {s: "easy" for s in range(1, len(setup.players))})
    match = Match.new(game_id, setup, seed)
    rng, easy = random.Random(seed), make_player(game_id, "easy", seed=seed)
    while not match.is_over:
        if match.actor == CHANCE:
            match.play_chance()
            continue
        seat = actor_players(match.actor)[0]
        if seat == 0 and person_plays is not None:
            match.apply(person_plays(match, seat))
        elif seat == 0:
            match.apply(make_player(game_id, "random", seed=rng.randrange(10**6)).choose(match, seat))
        else:
            match.apply(easy.choose(match, seat))
    return match


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_only_a_persons_choices_with_an_alternative_are_reviewed(game_id):
    match = against_easy(game_id, seed=7)
    asked = decisions(match)
    assert asked, "seat 0 made choices"
    states = [match.state_at(s) for s in range(match.steps)]
    game = match.game
    for step, seat in asked:
        actor = game.actor(states[step])
        assert actor != CHANCE and seat == 0 and seat in actor_players(actor)
        assert action_seat(match.actions[step], seat) == seat
        legal = game.legal_actions(states[step])
        assert legal is None or sum(1 for a in legal if action_seat(a, seat) == seat) > 1
    # every choice of seat 0 with an alternative is there
    for step, state in enumerate(states):
        actor = game.actor(state)
        if actor == CHANCE or 0 not in actor_players(actor) or action_seat(match.actions[step], 0) != 0:
            continue
        legal = game.legal_actions(state)
        if legal is None or sum(1 for a in legal if action_seat(a, 0) == 0) > 1:
            assert (step, 0) in asked


@pytest.mark.parametrize("game_id", ["throwdown", "solitaire", "domination", "clout", "power-spike",
                                     "fistful-of-gold", "impact"])
def test_the_advice_is_the_hint_the_seat_would_have_had_then(game_id):
    match = against_easy(game_id, seed=3)
    moments = review(match, match.seed, iterations=TINY)
    assert [(m.step, m.seat) for m in moments] == decisions(match)
    for moment in moments[:6] + moments[-3:]:
        then = match.positioned(moment.step)
        assert moment.played == match.actions[moment.step]
        assert moment.advised == hint(then, moment.seat, seed=match.seed, iterations=TINY).action
        assert moment.view == then.view(moment.seat)
        alike = knowledge(game_id).alike or (lambda a, b: False)
        assert moment.agrees == (moment.played == moment.advised or alike(moment.played, moment.advised))


@pytest.mark.parametrize("game_id", ["solitaire", "fistful-of-gold", "domination", "throwdown"])
def test_a_person_who_played_every_hint_agrees_with_the_computer_throughout(game_id):
    seed = 11

    def hinted(match, seat):
        return hint(match, seat, seed=match.seed, iterations=TINY).action

    match = against_easy(game_id, seed, person_plays=hinted)
    moments = review(match, match.seed, iterations=TINY)
    assert moments and all(m.agrees for m in moments)
    assert all(m.played_why == m.advised_why for m in moments)


def test_a_random_player_is_told_where_the_computer_would_choose_otherwise():
    match = against_easy("solitaire", seed=5)
    moments = review(match, match.seed)
    differ = [m for m in moments if not m.agrees]
    assert differ, "random entries are not the solved ones"
    # Solitaire's figure is the expected total as Normal plays on: the advice never scores less.
    for m in differ:
        (key, played), = m.played_why.numbers
        (_, advised), = m.advised_why.numbers
        assert key == "expected_score" and advised >= played


def test_seat_changes_say_who_made_each_choice():
    match = against_easy("domination", seed=4)
    whole = decisions(match)
    middle = match.steps // 2
    handed = match.positioned(middle)  # the person left here: the computer finished their game
    handed = handed.reseated({0: "normal"})
    assert not person_at(handed, 0, middle) and person_at(handed, 0, middle - 1)
    assert [d for d in decisions(handed)] == [d for d in whole if d[0] < middle]
    for action in match.actions[middle:middle + 4]:
        handed.apply(action)
    later = middle + 4
    back = handed.reseated({0: None, 1: None})  # two people take the seats over at the same step
    assert person_at(back, 1, later) and not person_at(back, 1, later - 1)
    assert person_at(back, 0, middle - 1) and not person_at(back, 0, later - 1) and person_at(back, 0, later)


def test_a_table_of_computers_has_nobody_to_review():
    setup = registry.get("throwdown").default_setup()
    setup = with_computers(setup, {s: "easy" for s in range(len(setup.players))})
    match = play(Match.new("throwdown", setup, 2), random.Random(2))
    assert not match.person_played and decisions(match) == []
    assert review(match, match.seed) == ()
    assert Match.new("throwdown", seed=2).person_played


def test_progress_hears_each_decision_and_may_stop_the_review():
    match = against_easy("fistful-of-gold", seed=9)
    heard = []
    review(match, match.seed, progress=lambda done, total: heard.append((done, total)))
    total = len(decisions(match))
    assert heard == [(i, total) for i in range(1, total + 1)]

    class Stop(Exception):
        pass

    def stop(done, total):
        raise Stop

    with pytest.raises(Stop):
        review(match, match.seed, progress=stop)


@pytest.mark.parametrize("game_id", ["domination", "all-out-war"])
def test_a_battle_reviews_two_moves_on_the_same_draws(game_id):
    explain_all = knowledge(game_id).explain_all
    match = against_easy(game_id, seed=6)
    seen = set()
    for step, seat in decisions(match):
        view = match.positioned(step).view(seat)
        action = match.actions[step]
        kind = type(action).__name__
        if kind in seen:
            continue
        seen.add(kind)
        first, second = explain_all(view, seat, [action, action], random.Random(1))
        assert first == second and first.numbers, f"{kind}: the same move weighs the same"
        keys = [k for k, _ in first.numbers]
        assert keys == (["expected_score", "battle_chance"] if kind == "ChooseFistful" else ["win_chance"])
    assert {"ChooseFistful", "ChooseArmy"} <= seen


def test_a_position_or_an_aim_a_little_apart_is_the_same_choice():
    from core.clout.state import PlaceChip, ThrowChip
    from core.powerspike.state import Deploy, Fire, Move

    spike, clout = knowledge("power-spike").alike, knowledge("clout").alike
    move = Move(0, "u1", 10.0, 10.0, 350.0)
    assert spike(move, Move(0, "u1", 10.6, 10.7, 20.0)), "under an inch, and 30 degrees round north"
    assert not spike(move, Move(0, "u1", 10.8, 10.8, 350.0)), "over an inch"
    assert not spike(move, Move(0, "u1", 10.0, 10.0, 280.0)), "over 45 degrees"
    assert not spike(move, Move(0, "u2", 10.0, 10.0, 350.0)) and not spike(move, Deploy(0, "u1", 10.0, 10.0, 350.0))
    assert spike(Fire(0, ("u1",), "e1"), Fire(0, ("u1",), "e1")) and not spike(Fire(0, ("u1",), "e1"),
                                                                               Fire(0, ("u1",), "e2"))
    throw = ThrowChip(0, "0.3", 40.0, 40.0, 0.3)
    assert clout(throw, ThrowChip(0, "0.3", 42.0, 42.0, 0.35))
    assert not clout(throw, ThrowChip(0, "0.3", 43.0, 43.0, 0.3)) and not clout(throw, ThrowChip(0, "0.3", 40, 40, 0.5))
    assert not clout(throw, ThrowChip(0, "0.4", 40.0, 40.0, 0.3))
    assert clout(PlaceChip(0, "0.3", 40.0, 40.0), PlaceChip(0, "0.3", 41.0, 41.0))
    assert not clout(PlaceChip(0, "0.3", 40.0, 40.0), PlaceChip(0, "0.3", 42.0, 42.0))


def _finished_saves() -> list:
    """The shortest finished save of each game kept from every earlier release."""
    import json
    from pathlib import Path

    shortest: dict = {}
    for path in (Path(__file__).resolve().parents[2] / "saves").glob("*/*finished*.json"):
        doc = json.loads(path.read_text())
        key = (path.parent.name, doc["game"])
        if key not in shortest or len(doc["actions"]) < shortest[key][0]:
            shortest[key] = (len(doc["actions"]), path)
    return sorted(path for _, path in shortest.values())


@pytest.mark.parametrize("path", _finished_saves(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_finished_game_saved_by_an_earlier_release_is_reviewed(path):
    match = Match.load(path)
    assert match.is_over
    moments = review(match, match.seed, iterations=TINY)
    assert [(m.step, m.seat) for m in moments] == decisions(match) and moments
