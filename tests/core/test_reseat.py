"""Seats that change hands mid-game (`Match.reseated`): the game goes on, the save keeps the change,
the curtain follows the new seats and the ledger rates nobody for the shared game."""
from __future__ import annotations

import json
import random

import msgspec
import pytest

from core import saves
from core.errors import IllegalSetup, SaveError
from core.match import Match
from ledger.identity import read_save
from tests.saves.make_saves import play


def _played(game_id: str, steps: int, seed: int = 3, mode: str | None = None) -> Match:
    setup = Match.new(game_id).setup
    match = Match.new(game_id, setup if mode is None else msgspec.structs.replace(setup, mode=mode), seed=seed)
    return play(match, random.Random(seed), stop=lambda m: m.steps >= steps)


def _finish(match: Match, seed: int = 3) -> Match:
    return play(match, random.Random(seed))


def _without_setup(state: object) -> dict:
    raw = json.loads(msgspec.json.encode(state))
    raw.pop("setup", None)
    return raw


@pytest.mark.parametrize("game_id", ["fistful-of-gold", "domination", "throwdown", "impact"])
def test_the_game_goes_on_with_the_same_history(game_id: str) -> None:
    match = _played(game_id, 9)
    new = match.reseated({1: "easy"})
    assert new.actions == match.actions and new.seed == match.seed
    assert new.setup.players[1].computer == "easy" and match.setup.players[1].computer is None
    assert new.setup.players[0] == match.setup.players[0]
    assert _without_setup(new.state) == _without_setup(match.state)
    assert new.reseats == (saves.Reseat(9, 1, "easy"),) and match.reseats == ()
    assert new.legal_actions() == match.legal_actions()


def test_a_seat_left_as_it_was_is_no_change() -> None:
    match = _played("domination", 5).reseated({1: "normal"})
    again = match.reseated({0: None, 1: "normal"})
    assert again.reseats == match.reseats and again.setup == match.setup


def test_undo_and_redo_survive_the_change() -> None:
    match = _played("throwdown", 12, mode="table")  # every entry at the table can be taken back
    while match.can_undo and len(match.actions) > 9:
        match.undo()
    assert match.can_redo
    new = match.reseated({2: "strong"})
    assert new.can_redo
    new.redo()
    assert new.actions[-1] == match._redo[-1]


def test_the_curtain_follows_the_seats() -> None:
    """States keep the setup they began from, so only a replay makes a computer's secret uncurtained."""
    match = _played("fistful-of-gold", 0)
    assert match.game.secret(match.state) is not None  # two people share the screen
    new = match.reseated({1: "normal"})
    assert new.game.secret(new.state) is None  # one person: nobody to hide from
    back = new.reseated({1: None})
    assert back.game.secret(back.state) == match.game.secret(match.state)
    assert [r.computer for r in back.reseats] == ["normal", None]


def test_a_level_the_game_does_not_know_is_refused() -> None:
    match = _played("domination", 4)
    with pytest.raises(IllegalSetup, match="computer level 'genius'"):
        match.reseated({1: "genius"})


def test_the_save_keeps_the_change_and_an_unchanged_save_is_as_before(tmp_path) -> None:
    match = _played("all-out-war", 10)
    plain = saves.encode_doc(match.to_doc())
    assert b"reseats" not in plain  # saves without a change read in any release that reads saves
    new = match.reseated({0: "easy"})
    path = tmp_path / "g.json"
    new.save(path)
    loaded = Match.load(path)
    assert loaded.reseats == new.reseats and loaded.setup == new.setup and loaded.state == new.state
    assert loaded.positioned(10).reseats == new.reseats


def test_a_game_continued_from_an_earlier_step_keeps_a_true_record(tmp_path) -> None:
    """A what-if continued before a seat changed hands plays on with the seats as they are now."""
    match = _played("all-out-war", 10).reseated({1: "easy"})
    match = play(match, random.Random(5), stop=lambda m: m.steps >= 14).reseated({1: None})
    for step, expected in ((12, [(10, 1, "easy"), (12, 1, None)]), (8, [(8, 1, None)]),
                           (14, [(10, 1, "easy"), (14, 1, None)])):
        copy = match.positioned(step, seed=77)
        assert [(r.step, r.seat, r.computer) for r in copy.reseats] == expected
        copy.save(tmp_path / f"{step}.json")
        assert Match.load(tmp_path / f"{step}.json").reseats == copy.reseats
    # A replay shows the past as it was: only the changes made by then.
    assert [(r.step, r.computer) for r in match.positioned(12).reseats] == [(10, "easy")]
    assert match.positioned(8).reseats == ()


@pytest.mark.parametrize(("reseats", "says"), [
    ([{"step": 11, "seat": 0, "computer": "easy"}], "out of range"),
    ([{"step": 4, "seat": 2, "computer": "easy"}], "out of range"),
    ([{"step": 4, "seat": 0, "computer": "wizard"}], "out of range"),
    ([{"step": 6, "seat": 0, "computer": "easy"}, {"step": 4, "seat": 1, "computer": "easy"}], "out of range"),
    ([{"step": 4, "seat": 1, "computer": "easy"}], "do not match"),
    ([{"step": 4, "seat": 0}], "do not match"),
])
def test_a_broken_seat_change_names_the_file(tmp_path, reseats, says) -> None:
    new = _played("all-out-war", 10).reseated({0: "easy"})
    raw = json.loads(saves.encode_doc(new.to_doc()))
    raw["reseats"] = reseats
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(SaveError, match=says) as caught:
        Match.load(path)
    assert "edited.json" in str(caught.value)


def test_the_ledger_records_a_shared_game_unrated() -> None:
    whole = _finish(_played("throwdown", 6))
    shared = _finish(_played("throwdown", 6).reseated({1: "normal"}))
    assert whole.result == shared.result
    facts = read_save(saves.encode_doc(whole.to_doc()), "whole.json", None)
    shared_facts = read_save(saves.encode_doc(shared.to_doc()), "shared.json", None)
    assert facts.rated and not shared_facts.rated
    assert [s.computer for s in shared_facts.seats] == [None, "normal", None]
