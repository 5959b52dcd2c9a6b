"""Power Spike's computer players: determinisations keep what the seat sees, the pile order
(the game's only secret) never changes a choice, and every level plays legal moves."""
from __future__ import annotations

import dataclasses
import random

import msgspec
import pytest

from core.ai import make_player
from core.ai.heuristics import powerspike as easy
from core.ai.heuristics.powerspike import choose as choose_easy
from core.ai.knowledge import KNOWLEDGE
from core.ai.knowledge import powerspike as powerspike_knowledge
from core.game import CHANCE
from core.match import Match
from core.powerspike.determinize import determinize
from core.powerspike.measure import board, combat_for
from core.powerspike.state import Fire, profile

GAME_ID = "power-spike"


def after(steps: int, seed: int) -> Match:
    """A game of random play stopped after `steps` steps (or at its end)."""
    match = Match.new(GAME_ID, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.is_over:
            break
        if match.actor == CHANCE:
            match.play_chance()
        else:
            match.apply(match.random_action(rng))
    return match


def acting(steps: int, seed: int) -> Match:
    """As `after`, then on to the next step a seat (not chance) takes."""
    match = after(steps, seed)
    while match.actor == CHANCE:
        match.play_chance()
    return match


def test_determinisations_keep_every_visible_fact() -> None:
    for seed, steps in ((1, 0), (2, 40), (3, 120), (4, 200)):
        match = after(steps, seed)
        for seat in (0, 1):
            view = match.view(seat)
            orders = set()
            for draw in range(4):
                state = determinize(view, seat, random.Random(draw))
                assert match.game.view(state, seat) == view
                assert sorted(state.movement_deck.pile) == list(view.movement_deck.pile)
                assert sorted(state.combat_deck.pile) == list(view.combat_deck.pile)
                assert msgspec.structs.replace(state, movement_deck=view.movement_deck,
                                               combat_deck=view.combat_deck) == view
                orders.add(state.combat_deck.pile)
            assert len(orders) > 1 or len(view.combat_deck.pile) < 2


def test_the_game_determinizes_through_its_rules() -> None:
    match = after(60, 7)
    state = match.game.determinize(match.view(0), 0, random.Random(1))
    assert match.game.view(state, 0) == match.view(0)


@pytest.fixture
def tiny_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Normal and Strong weigh a handful of short playouts: the same code, quickly."""
    monkeypatch.setitem(KNOWLEDGE, GAME_ID, dataclasses.replace(KNOWLEDGE[GAME_ID], iterations=(8, 16)))
    monkeypatch.setattr(powerspike_knowledge, "PLAYOUT_DEPTH", 6)


@pytest.mark.usefixtures("tiny_budget")
def test_pile_order_does_not_change_the_normal_choice() -> None:
    match = acting(60, 5)
    seat = match.actor
    state = match.state
    twin = msgspec.structs.replace(state, combat_deck=msgspec.structs.replace(
        state.combat_deck, pile=tuple(reversed(state.combat_deck.pile))), movement_deck=msgspec.structs.replace(
        state.movement_deck, pile=tuple(reversed(state.movement_deck.pile))))
    assert twin != state
    game = match.game
    assert game.view(twin, seat) == game.view(state, seat)
    a = make_player(GAME_ID, "normal", seed=3, iterations=12).choose_from_view(game.view(state, seat), seat, 60)
    b = make_player(GAME_ID, "normal", seed=3, iterations=12).choose_from_view(game.view(twin, seat), seat, 60)
    assert a == b
    game.validate(state, a)


def short_game(seed: int) -> Match:
    """A game that ends on points after one pass of the movement deck: a whole game, quickly."""
    game = Match.new(GAME_ID).game
    setup = msgspec.structs.replace(game.default_setup(2), passes_limit=1)
    return Match.new(GAME_ID, setup, seed=seed)


def play(match: Match, players: dict[int, object], check: bool = True) -> Match:
    while not match.is_over:
        if match.actor == CHANCE:
            match.play_chance()
            continue
        seat = match.actor
        action = players[seat].choose(match, seat)  # type: ignore[attr-defined]
        if check:
            match.game.validate(match.state, action)
        match.apply(action)
    return match


def test_easy_plays_a_whole_game_legally() -> None:
    match = play(short_game(11), {0: make_player(GAME_ID, "easy", seed=1), 1: make_player(GAME_ID, "random", seed=2)})
    assert match.result is not None


@pytest.mark.parametrize("level", ["normal", "strong"])  # Strong: sequential halving over more moves
def test_a_tiny_budget_plays_a_whole_game_legally(monkeypatch: pytest.MonkeyPatch, level: str) -> None:
    monkeypatch.setitem(KNOWLEDGE, GAME_ID, dataclasses.replace(KNOWLEDGE[GAME_ID], iterations=(1, 2)))
    monkeypatch.setattr(powerspike_knowledge, "PLAYOUT_DEPTH", 3)
    match = play(short_game(12), {0: make_player(GAME_ID, "random", seed=1), 1: make_player(GAME_ID, level, seed=2)})
    assert match.result is not None


def test_the_search_hooks_answer_in_range() -> None:
    match = acting(90, 13)
    state = match.state
    seat = match.actor
    rng = random.Random(0)
    assert all(0.0 <= r <= 1.0 for r in powerspike_knowledge.evaluate(state))
    assert abs(sum(powerspike_knowledge.evaluate(state)) - 1.0) < 1e-9
    for action in powerspike_knowledge.candidates(state, seat, rng):
        match.game.validate(state, action)
    for _ in range(20):
        if match.actor in (None, CHANCE):
            break
        match.game.validate(match.state, powerspike_knowledge.playout(match.state, rng))
        match.apply(powerspike_knowledge.playout(match.state, random.Random(1)))


def test_explain_gives_the_exact_hit_chance() -> None:
    found = 0
    for seed in range(8):
        match = Match.new(GAME_ID, seed=seed)
        rng = random.Random(seed)
        while not match.is_over and found < 6:
            if match.actor == CHANCE:
                match.play_chance()
                continue
            seat = match.actor
            view = match.view(seat)
            action = choose_easy(view, seat, rng)
            why = powerspike_knowledge.explain(view, seat, action)
            for key, value in why.numbers:
                assert key == "hit_chance" and 0.0 <= value <= 1.0
            if isinstance(action, Fire):
                found += 1
                odds = match.game.odds(view, action.attackers, action.target)
                assert dict(why.numbers)["hit_chance"] == pytest.approx(float(odds.attacker_win))
            match.apply(action if rng.random() < 0.5 else match.random_action(rng))
    assert found > 0


def test_a_dragging_game_makes_easy_accept_worse_fights() -> None:
    """Two units in cover facing each other both expect to lose an attack: without the pressure of
    passing time Easy waited for ever (a game of Easy against Easy ran past 20000 steps)."""
    state = after(60, 3).state
    early = msgspec.structs.replace(state, passes=0)
    late = msgspec.structs.replace(state, passes=easy.PATIENCE + 8)
    assert easy.fire_at(early) == easy.FIRE_AT
    assert easy.fire_at(late) < easy.FIRE_AT - 1.5
    assert easy.urgency(late) > easy.urgency(early) == 0.0


def test_playouts_fire_only_the_attacks_easy_would_make() -> None:
    """Random fire made every position near the enemy look like a brawl of even trades."""
    seen = {True: 0, False: 0}
    for seed in range(40):
        state = acting(120 + seed, seed).state
        if state.phase != "act" or state.activation is None or state.activation.fired:
            continue
        best = easy.best_attack(state, state.activation.unit)
        if best is None:
            continue
        worth = best[0] > easy.fire_at(state)
        action = powerspike_knowledge.playout(state, random.Random(seed))
        assert isinstance(action, Fire) == worth
        if worth:
            assert (action.attackers, action.target) == (best[1], best[2])
        seen[worth] += 1
    assert seen[True] >= 3


def cornered_units(limit: int) -> list[tuple[object, str]]:
    """(state, unit) pairs from random games where an enemy in reach leaves the unit no retreat."""
    found = []
    for seed in range(60):
        state = after(80 + 7 * seed, seed).state
        found += [(state, uid) for uid in board(state.units) if easy.cornered(state, uid)][:1]
        if len(found) >= limit:
            break
    return found


def test_easy_marks_down_a_spot_it_could_not_retreat_from(monkeypatch: pytest.MonkeyPatch) -> None:
    """Easy lost its games against random when its units had no room to retreat and had to hold,
    losing a figure more: a spot with an enemy in reach and no retreat from it is worth less."""
    cases = cornered_units(3)
    assert cases, "no cornered unit found in the sampled games"
    for state, uid in cases:
        with_penalty = easy.position_value(state, uid)
        monkeypatch.setattr(easy, "CORNERED", 0.0)
        without = easy.position_value(state, uid)
        monkeypatch.undo()
        assert without - with_penalty >= easy.CORNERED * profile(state.unit(uid)).cards - 1e-9


def test_easy_counts_the_strikes_a_joker_earns(monkeypatch: pytest.MonkeyPatch) -> None:
    """A joker drawn in combat earns an Orbital Artillery Strike: an attack is worth that chance
    times the best strike's expected gain, for each side."""
    checked = 0
    for seed in range(30):
        state = acting(120 + seed, seed).state
        if state.phase != "act" or state.activation is None:
            continue
        unit = state.activation.unit
        for target in easy.fire_targets(state, (unit,)):
            c = combat_for(state, (unit,), target, None)
            aj, tj = easy.joker_odds(state, c.attacker_entitlement.total, c.target_entitlement.total)
            mine, theirs = 1 - easy._seat(state.unit(target)), easy._seat(state.unit(target))
            full = easy.attack_value(state, (unit,), target)
            monkeypatch.setattr(easy, "strike_value", lambda s, seat: 0.0)
            bare = easy.attack_value(state, (unit,), target)
            monkeypatch.undo()
            expected = aj * easy.strike_value(state, mine) - tj * easy.strike_value(state, theirs)
            assert full - bare == pytest.approx(expected)
            if aj > 0.0 and easy.strike_value(state, mine) > 0.0:
                assert full > bare - tj * easy.strike_value(state, theirs)
                checked += 1
    assert checked >= 3
    # A strike earned is valued at its best target (a Commander's extra card aside, so never
    # below the real gain), and the strike itself goes where it gains most.
    for seed in range(30):
        state = acting(150 + seed, seed).state
        gains = {u.id: easy._strike_gain(state, u) for u in state.units if easy._seat(u) != 0 and u.on_table}
        if gains:
            assert easy.strike_value(state, 0) >= max(gains.values()) - 1e-9
            state = msgspec.structs.replace(state, phase="oas", oas_strikes=(0,))
            assert gains[easy._strike(state).target] == max(gains.values())
