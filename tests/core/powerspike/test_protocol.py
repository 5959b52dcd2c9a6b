"""Power Spike keeps the engine's promises: facts in the state (so rewording never breaks a
save), results with placings, chance that a seed decides, views that hide the undrawn order,
and small actions."""
from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

from core.chance import step_rng
from core.game import CHANCE
from core.match import Match
from core.powerspike import narration
from core.powerspike.cards import Deck
from core.powerspike.game import GAME, PowerSpikeState

SAVES = Path(__file__).resolve().parents[2] / "saves" / "0.1.0"
FULL_ARMIES = {"cdc_roster": "cdc-full-death-commando", "scs_roster": "scs-full-neon-samurai"}


def play(seed: int, stop: int | None = None, **setup: object) -> Match:
    match = Match(GAME, msgspec.structs.replace(GAME.default_setup(), **setup), seed)
    rng = random.Random(seed)
    while not match.is_over and (stop is None or len(match.actions) < stop):
        if match.actor == CHANCE:
            match.play_chance()
        else:
            match.apply(match.random_action(rng))
    return match


def states_of(match: Match) -> list[PowerSpikeState]:
    """Every state of the match, the first before any action (replayed, not read from Match)."""
    states = [GAME.new(match.setup)]
    for action in match.actions:
        states.append(GAME.apply(states[-1], action))
    return states


@pytest.fixture(scope="module")
def finished() -> list[Match]:
    """Finished games: tracked, at the table without positions, and on points."""
    return [play(1), play(2, mode="table", mirror_positions=False), play(3, passes_limit=1)]


# --- results -----------------------------------------------------------------------------------------
def test_results_give_placings_and_a_reason(finished):
    for match in finished:
        r = match.result
        assert r is not None and r.reason in ("wipe-out", "mutual-wipe-out", "points")
        assert len(r.placings) == 2
        if r.draw:
            assert r.placings == (1, 1) and r.winners == (0, 1)
        else:
            (w,) = r.winners
            assert r.placings[w] == 1 and r.placings[1 - w] == 2
        text = GAME.result_text(match.state)
        assert text.endswith(".") and (r.draw or match.state.name(r.winners[0]) in text)


def test_a_points_end_names_both_totals():
    match = play(3, passes_limit=1)
    cdc, scs = GAME.points(match.state)
    text = GAME.result_text(match.state)
    assert match.result.reason == "points" and str(max(cdc, scs)) in text and str(min(cdc, scs)) in text


# --- facts, never sentences ---------------------------------------------------------------------------------
def strings_in(obj: object, skip: frozenset[str] = frozenset({"setup", "name", "cover"})) -> list[str]:
    """Every string in a JSON-like tree, leaving out the setup, unit names and terrain names (data)."""
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [s for k, v in obj.items() if k not in skip for s in strings_in(v, skip)]
    if isinstance(obj, list):
        return [s for v in obj for s in strings_in(v, skip)]
    return []


def test_the_state_holds_no_sentences(finished):
    for match in finished:
        for state in (match.state, *states_of(match)[::7]):
            for s in strings_in(msgspec.to_builtins(state)):
                assert " " not in s, f"a sentence in the state: {s!r}"


def test_rewording_the_text_keeps_saves_loading(finished, tmp_path, monkeypatch):
    paths = []
    for i, match in enumerate(finished):
        paths.append(tmp_path / f"game{i}.battlebox.json")
        match.save(paths[-1])
    mid = play(4, stop=150)
    assert mid.state.combat is not None or any(m.state.combat for m in finished)
    paths.append(tmp_path / "mid.battlebox.json")
    mid.save(paths[-1])
    before = [GAME.result_text(m.state) for m in finished]

    monkeypatch.setattr(narration, "RESULT_TEXT", {k: "REWORDED " + v for k, v in narration.RESULT_TEXT.items()})
    monkeypatch.setattr(narration, "EXTRA_TEXT", {k: "REWORDED " + v for k, v in narration.EXTRA_TEXT.items()})
    monkeypatch.setattr(narration, "HOLD_TEXT", {k: "REWORDED " + v for k, v in narration.HOLD_TEXT.items()})
    for path, match in zip(paths, [*finished, mid]):
        loaded = Match.load(path)
        assert msgspec.json.encode(loaded.state) == msgspec.json.encode(match.state)
    for match, old in zip(finished, before):
        assert GAME.result_text(match.state) == "REWORDED " + old
    for path in sorted(SAVES.glob("power-spike*.json")):
        assert Match.load(path).actions


# --- chance ----------------------------------------------------------------------------------------------
def test_sample_chance_depends_only_on_the_state_and_the_generator():
    match = play(5, stop=300)
    chance_states = [s for s in states_of(match) if GAME.actor(s) == CHANCE]
    assert len(chance_states) > 20
    for k, state in enumerate(chance_states):
        twin = msgspec.json.decode(msgspec.json.encode(state), type=PowerSpikeState)
        first = GAME.sample_chance(state, step_rng(99, k))
        assert GAME.sample_chance(twin, step_rng(99, k)) == first
        assert GAME.sample_draws(state, step_rng(99, k)) == GAME.chance_draws(state, first)


def test_recorded_draws_are_the_seeded_ones():
    match = play(6, stop=200)
    for step, (state, action) in enumerate(zip(states_of(match), match.actions)):
        if GAME.actor(state) == CHANCE:
            assert GAME.sample_draws(state, step_rng(match.seed, step)) == GAME.chance_draws(state, action)


# --- hidden information --------------------------------------------------------------------------------------
def shuffled_piles(state: PowerSpikeState, rng: random.Random) -> PowerSpikeState:
    def shuffle(deck: Deck) -> Deck:
        pile = list(deck.pile)
        rng.shuffle(pile)
        return msgspec.structs.replace(deck, pile=tuple(pile))

    return msgspec.structs.replace(state, movement_deck=shuffle(state.movement_deck),
                                   combat_deck=shuffle(state.combat_deck))


def test_the_order_of_the_undrawn_cards_is_not_in_any_view():
    match = play(7, stop=250)
    rng = random.Random(7)
    for state in states_of(match)[::10]:
        other = shuffled_piles(state, rng)
        assert other.movement_deck.pile != state.movement_deck.pile or len(state.movement_deck.pile) < 2
        for seat in (0, 1, None):
            assert msgspec.json.encode(GAME.view(other, seat)) == msgspec.json.encode(GAME.view(state, seat))


def test_the_view_shows_the_table_and_the_discards():
    state = play(8, stop=120).state
    view = GAME.view(state, 0)
    assert view.units == state.units and view.combat_deck.discards == state.combat_deck.discards


# --- compact actions -------------------------------------------------------------------------------------------
def test_actions_average_at_most_200_bytes_over_a_long_game():
    match = next(m for seed in range(10) if len((m := play(seed, **FULL_ARMIES)).actions) >= 1000)
    sizes = [len(msgspec.json.encode(a)) for a in match.actions]
    assert sum(sizes) / len(sizes) <= 200, sum(sizes) / len(sizes)
