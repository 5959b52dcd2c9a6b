"""Throwdown and Solitaire Challenge computer players: secrets, decisions and hint numbers."""
from __future__ import annotations

import random

import msgspec
import pytest

from core.ai import make_player
from core.ai.heuristics.solitaire import choose as solitaire_easy
from core.ai.ismcts import search
from core.ai.knowledge import knowledge
from core.ai.knowledge.solitaire import FULL, mask_of, solved
from core.ai.selfplay import run
from core.fistful.solitaire import GAME as SOLITAIRE
from core.fistful.solitaire import ChooseFive, Enter, SoloThrow
from core.fistful.throwdown import GAME as THROWDOWN
from core.fistful.throwdown import MAX_FIGHTERS, MAX_POINTS, Pick, Remove, Throw, fistful_problems
from core.game import CHANCE
from core.match import Match

ROSTER = THROWDOWN.roster


def fistful(*values: int, skip: int = 0) -> tuple:
    """Distinct fighters with these values (`skip` moves along the roster for a different pick)."""
    out, used = [], set()
    for v in values:
        f = [f for f in ROSTER.fighters if ROSTER.value(f) == v and f not in used][skip]
        used.add(f)
        out.append(f)
    return tuple(out)


def throwdown_match(players: int = 3, picks: dict[int, tuple] | None = None, seed: int = 5) -> Match:
    match = Match.new("throwdown", THROWDOWN.default_setup(players), seed=seed)
    for seat, fighters in (picks or {}).items():
        match.apply(Pick(seat, fighters))
    return match


# --- Throwdown: determinisation ----------------------------------------------------------------
def test_determinisation_fills_only_picked_rivals_with_legal_fistfuls() -> None:
    match = throwdown_match(4, {1: fistful(4, 4, 1), 3: fistful(2, 2)})
    view = match.view(0)
    assert view.fistfuls == ((), (), (), ())
    rng = random.Random(1)
    for _ in range(50):
        state = THROWDOWN.determinize(view, 0, rng)
        assert state.picked == view.picked
        assert state.fistfuls[0] == () and state.fistfuls[2] == ()  # nobody's pick is made up
        for rival in (1, 3):
            assert state.fistfuls[rival] and not fistful_problems(ROSTER, state.fistfuls[rival])


def test_determinisation_keeps_the_seats_own_fistful_and_hides_nothing_after_picking() -> None:
    mine = fistful(3, 3, 3)
    match = throwdown_match(3, {0: mine, 1: fistful(1)})
    state = THROWDOWN.determinize(match.view(0), 0, random.Random(2))
    assert state.fistfuls[0] == mine and state.fistfuls[1] and state.fistfuls[2] == ()
    match.apply(Pick(2, fistful(4)))
    assert match.state.phase == "throw"
    assert THROWDOWN.determinize(match.view(0), 0, random.Random(2)) == match.state


def test_determinisations_mix_the_full_shape_and_others() -> None:
    view = throwdown_match(2, {1: fistful(1)}).view(0)
    rng = random.Random(3)
    shapes = {tuple(sorted(ROSTER.value(f) for f in THROWDOWN.determinize(view, 0, rng).fistfuls[1]))
              for _ in range(60)}
    assert (1, 1, 1, 4, 4, 4) in shapes and len(shapes) > 3


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_same_choice_whatever_the_rivals_hidden_fistful(level: str) -> None:
    a = throwdown_match(3, {1: fistful(4, 4, 4, 1, 1, 1), 2: fistful(1)})
    b = throwdown_match(3, {1: fistful(2, 2, skip=1), 2: fistful(3, 3, 3, 2, 2, 2)})
    assert a.state != b.state and a.view(0) == b.view(0)
    assert make_player("throwdown", level, seed=9).choose(a, 0) == make_player("throwdown", level, seed=9).choose(b, 0)


def test_the_search_asked_anyway_sees_the_same_on_both_states() -> None:
    a = throwdown_match(2, {1: fistful(4, 4, 4, 1, 1, 1)})
    b = throwdown_match(2, {1: fistful(2, 2, 2)})
    choices = [search(THROWDOWN, m.view(0), 0, random.Random(4), "normal", iterations=12) for m in (a, b)]
    assert choices[0] == choices[1] and isinstance(choices[0], Pick) and choices[0].player == 0


# --- Throwdown: public history -------------------------------------------------------------------
def test_a_rivals_pick_is_blank_while_secret_and_shown_once_revealed() -> None:
    mine, theirs = fistful(3, 3), fistful(4, 4, 4, 1, 1, 1)
    match = throwdown_match(2, {1: theirs})
    assert list(match.public_history(0)) == [Pick(1, ())]
    assert list(match.public_history(1)) == [Pick(1, theirs)]
    match.apply(Pick(0, mine))
    assert list(match.public_history(0)) == [Pick(1, theirs), Pick(0, mine)]
    assert list(match.public_history(1)) == [Pick(1, theirs), Pick(0, mine)]


def test_throws_and_removals_are_public() -> None:
    match = throwdown_match(2, {0: fistful(1, 4), 1: fistful(2, 3)})
    match.apply(Throw(("dd", "dd")))
    match.apply(Remove(0, match.state.fistfuls[0][0]))
    assert list(match.public_history(1))[2:] == list(match.actions)[2:]


# --- Throwdown: Normal's decisions and hints --------------------------------------------------------
def test_normal_picks_a_full_fistful_and_removes_its_cheapest() -> None:
    match = throwdown_match(2, {1: fistful(2, 2)})
    pick = make_player("throwdown", "normal", seed=1).choose(match, 0)
    assert not fistful_problems(ROSTER, pick.fighters)
    assert len(pick.fighters) == MAX_FIGHTERS and sum(ROSTER.value(f) for f in pick.fighters) == MAX_POINTS
    match.apply(pick)
    match.apply(Throw(("d" * 6, "bb")))
    removal = make_player("throwdown", "normal", seed=1).choose(match, 0)
    assert ROSTER.value(removal.fighter) == 1


def test_throwdown_hint_is_the_expected_face_up_points() -> None:
    explain = knowledge("throwdown").explain
    view = throwdown_match(2).view(0)
    why = explain(view, 0, Pick(0, fistful(4, 4, 4, 1, 1, 1)))
    assert why.numbers == (("expected_score", pytest.approx(15 * 0.42)),)
    match = throwdown_match(2, {0: fistful(4, 1), 1: fistful(2)})
    match.apply(Throw(("dd", "b")))
    removal = Remove(0, fistful(1)[0])
    assert explain(match.view(0), 0, removal).numbers == (("expected_score", pytest.approx(4 * 0.42)),)


def test_throwdown_normal_plays_a_whole_four_player_game() -> None:
    match = Match.new("throwdown", THROWDOWN.default_setup(4), seed=11)
    levels = ("normal", "random", "easy", "strong")
    players = [make_player("throwdown", level, seed=s) for s, level in enumerate(levels)]
    while not match.is_over:
        if match.actor == CHANCE:
            match.play_chance()
            continue
        seat = match.actor.players[0] if hasattr(match.actor, "players") else match.actor
        match.apply(players[seat].choose(match, seat))
    assert match.result is not None


# --- Solitaire ----------------------------------------------------------------------------------------
def play_solitaire(choose, seed: int) -> Match:  # type: ignore[no-untyped-def]
    match = Match.new("solitaire", SOLITAIRE.default_setup(1), seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        if match.actor == CHANCE:
            match.play_chance()
            continue
        action = choose(match.view(0), 0, rng)
        SOLITAIRE.validate(match.state, action)
        match.apply(action)
    return match


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_solitaire_players_make_legal_moves_to_the_end(level: str) -> None:
    player = make_player("solitaire", level, seed=3)
    match = play_solitaire(lambda view, seat, rng: player.choose_from_view(view, seat), seed=3)
    assert match.state.sheet.complete(0)
    assert sum(isinstance(a, ChooseFive) for a in match.actions) == 10


def paired_share(specs: list[str], sessions: int = 12) -> float:
    """The first spec's share of paired sessions (same seed each, higher total wins, ties half)."""
    return run("solitaire", sessions, 1, specs)["score"][0] / sessions


def test_solitaire_easy_and_normal_beat_random_and_normal_beats_easy_in_paired_sessions() -> None:
    assert paired_share(["easy", "random"]) >= 0.8
    assert paired_share(["normal", "random"]) >= 0.8
    assert paired_share(["normal", "easy"]) > 0.5


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_solitaire_players_fill_every_column_of_a_three_game_session(level: str) -> None:
    setup = msgspec.structs.replace(SOLITAIRE.default_setup(1), games=3)
    match = Match.new("solitaire", setup, seed=4)
    player = make_player("solitaire", level, seed=4)
    while not match.is_over:
        match.play_chance() if match.actor == CHANCE else match.apply(player.choose(match, 0))
    assert all(match.state.sheet.complete(g) for g in range(3))


def test_solitaire_easy_enters_a_nothing_throw_on_its_cheapest_challenge() -> None:
    match = Match.new("solitaire", SOLITAIRE.default_setup(1), seed=1)
    match.apply(ChooseFive(fistful(4, 4, 4, 4, 4)))
    match.apply(SoloThrow("ddddd"))
    assert solitaire_easy(match.view(0), 0, random.Random(0)) == Enter(1)


def test_solved_sheet_values_grow_with_every_unused_challenge() -> None:
    values, zero, shapes = solved()
    assert values[0] == 0.0
    for mask in range(1, FULL + 1):
        for c in range(10):
            if mask & (1 << c):
                assert values[mask] >= values[mask & ~(1 << c)]
    assert 60 < values[FULL] < 90 and shapes[FULL]
    assert values[mask_of((10,))] == pytest.approx(30 * 0.42 ** 3)  # one sculpt's three finishes all up


def test_normal_enters_five_face_up_fours_on_challenge_five() -> None:
    """Five fours of five lands, one finish, all up: 20 on challenge 5 (its only chance of being
    worth that much) rather than 10 on 6 or 15 on 7."""
    match = Match.new("solitaire", SOLITAIRE.default_setup(1), seed=1)
    fours = [f for f in ROSTER.fighters if ROSTER.value(f) == 4 and f.finish == "hyper"][:5]
    match.apply(ChooseFive(tuple(fours)))
    match.apply(SoloThrow("bbbbb"))
    assert dict(match.state.last.matches) == {5: 20, 6: 10, 7: 15}
    action = make_player("solitaire", "normal", seed=0).choose(match, 0)
    assert action == Enter(5)


def test_solitaire_hint_is_the_games_expected_total() -> None:
    explain = knowledge("solitaire").explain
    match = Match.new("solitaire", SOLITAIRE.default_setup(1), seed=2)
    view = match.view(0)
    action = make_player("solitaire", "normal", seed=0).choose(match, 0)
    (key, value), = explain(view, 0, action).numbers
    values, _, _ = solved()
    assert key == "expected_score" and value == pytest.approx(values[FULL] + 10 * 50 * 0.096, abs=1.0)
    match.apply(action)
    match.play_chance()
    entry = make_player("solitaire", "normal", seed=0).choose(match, 0)
    (key, after), = explain(match.view(0), 0, entry).numbers
    assert key == "expected_score" and after > 0
