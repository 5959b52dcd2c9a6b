"""A Fistful of Gold's computer: what its public history hides, and how its solved duels play."""
from __future__ import annotations

import random
from typing import Any

import pytest

from core.ai import make_player
from core.ai.gold_duel import LEVELS, TEST_LEVEL, Level, decide, duel_strategy, net_table, play
from core.ai.knowledge import knowledge
from core.game import actor_players
from core.ai.heuristics.common import play_out, score
from core.gold.cards import HIDDEN, is_forbidden
from core.gold.game import Discard, GoldSetup, Play, all_duels, allowed_cards
from core.match import Match
from core.registry import GAMES


def _match(open_discards: bool = False) -> Match:
    setup = GAMES["fistful-of-gold"].default_setup(2)
    if open_discards:
        setup = GoldSetup(setup.players, open_discards=True)
    return Match.new("fistful-of-gold", setup, seed=1)


def test_a_rivals_discard_is_hidden_and_ones_own_is_shown() -> None:
    match = _match()
    match.apply(Discard(0, (7, 8)))
    match.apply(Discard(1, (1, 2)))
    assert match.public_history(0) == (Discard(0, (7, 8)), Discard(1, (HIDDEN, HIDDEN)))
    assert match.public_history(1) == (Discard(0, (HIDDEN, HIDDEN)), Discard(1, (1, 2)))


def test_open_discards_are_shown_to_both() -> None:
    match = _match(open_discards=True)
    match.apply(Discard(0, (7, 8)))
    match.apply(Discard(1, (1, 2)))
    assert match.public_history(1)[0] == Discard(0, (7, 8))


def test_a_rivals_card_is_hidden_until_the_duel_reveals_it() -> None:
    match = _match()
    match.apply(Discard(0, (7, 8)))
    match.apply(Discard(1, (1, 2)))
    match.apply(Play(0, 5))
    assert match.public_history(1)[-1] == Play(0, HIDDEN)
    assert match.public_history(0)[-1] == Play(0, 5)
    match.apply(Play(1, 3))
    assert match.public_history(1)[-2:] == (Play(0, 5), Play(1, 3))
    assert match.public_history(0)[-2:] == (Play(0, 5), Play(1, 3))
    match.apply(Play(1, 6))
    assert match.public_history(0)[-1] == Play(1, HIDDEN)
    # the discards stay hidden after the game too, like the view keeps them
    assert match.public_history(0)[1] == Discard(1, (HIDDEN, HIDDEN))


# --- fixed strategies: each discards the two cards it would play last; Dynamite counts lowest ---
ORDER = (0, 1, 2, 3, 4, 5, 6, 7, 8)  # Dynamite, then 1-8


def _by_order(cards: list[int] | tuple[int, ...]) -> list[int]:
    return sorted(cards, key=ORDER.index)


def lowest(view: Any, seat: int, rng: random.Random) -> Any:
    if view.phase == "discard":
        return Discard(seat, tuple(_by_order(view.hands[seat])[-2:]))
    return Play(seat, _by_order(allowed_cards(view, seat))[0])


def highest(view: Any, seat: int, rng: random.Random) -> Any:
    if view.phase == "discard":
        return Discard(seat, tuple(_by_order(view.hands[seat])[:2]))
    return Play(seat, _by_order(allowed_cards(view, seat))[-1])


def mirror(view: Any, seat: int, rng: random.Random) -> Any:
    """The rival's card of the last duel if it may be played, else the lowest."""
    if view.phase == "discard":
        return lowest(view, seat, rng)
    duels = all_duels(view)
    allowed = allowed_cards(view, seat)
    if duels and duels[-1].cards[1 - seat] in allowed:
        return Play(seat, duels[-1].cards[1 - seat])
    return lowest(view, seat, rng)


def _greedy(cards: list[int], against: list[int], gold: int) -> int:
    net = net_table(gold)
    return max(cards, key=lambda c: (sum(net[c][o] for o in against), -ORDER.index(c)))


def predictor(view: Any, seat: int, rng: random.Random) -> Any:
    """Predicts the rival plays the greedy card (best mean gold against the cards it may face)
    and plays the best answer to it."""
    gold = view.setup.dynamite_gold
    if view.phase == "discard":
        worth = sorted(ORDER, key=lambda c: sum(net_table(gold)[c][o] for o in ORDER))
        return Discard(seat, tuple(_by_order(worth[:2])))
    rival = 1 - seat
    seen = set(view.played(rival)) | {c for c in view.discards[rival] if c != HIDDEN}
    prev = view.previous(rival)
    theirs = [c for c in ORDER if c not in seen and not is_forbidden(c, prev)] or list(ORDER)
    mine = [c for c in view.hands[seat]]
    guess = _greedy(theirs, mine, gold)
    net = net_table(gold)
    return Play(seat, max(allowed_cards(view, seat), key=lambda c: (net[c][guess], -ORDER.index(c))))


FIXED = {"lowest": lowest, "highest": highest, "mirror": mirror, "predictor": predictor}


def computer(level: str | Level) -> Any:
    def choose(view: Any, seat: int, rng: random.Random) -> Any:
        if isinstance(level, str):
            return decide(view, seat, rng, level)
        return play(view, seat, rng, level)
    return choose


def score_against(player: Any, rival: Any, games: int, seed: int = 0) -> float:
    """`player`'s score (a draw counts half) over `games`, seats alternating; None plays at random."""
    total = 0.0
    for g in range(games):
        seat = g % 2
        match = play_out("fistful-of-gold", {seat: player, 1 - seat: rival}, seed=seed + g)
        total += score(match, seat)
    return total / games


# The solver at a tiny budget keeps this file quick; tests/benchmarks/test_ai_gold_impact.py
# holds Normal and Strong to issue 13's bars over 200 games. 30 games cannot tell 45 % from
# 50 % (one standard error is 9 points), so here the bar only says the strategy is not
# exploited: the old greedy player lost 200 games of 200 to the lowest-card and predicting players.
QUICK_GAMES = 30
NOT_EXPLOITED = 0.35


@pytest.mark.parametrize("name", sorted(FIXED))
def test_the_solved_duels_are_not_exploited_by_a_fixed_strategy(name: str) -> None:
    assert score_against(computer(TEST_LEVEL), FIXED[name], QUICK_GAMES) >= NOT_EXPLOITED


def test_the_solved_duels_beat_random_play() -> None:
    assert score_against(computer(TEST_LEVEL), None, QUICK_GAMES) >= 0.65


def test_the_duel_is_a_mixed_strategy_drawn_with_the_generator() -> None:
    match = _match()
    match.apply(Discard(0, (7, 8)))
    match.apply(Discard(1, (7, 8)))
    view = match.view(0)
    rows, x, cols, y = duel_strategy(view, 0, random.Random(0), LEVELS["normal"])
    assert sorted(rows) == sorted(allowed_cards(view, 0))
    assert abs(sum(x) - 1) < 1e-9 and abs(sum(y) - 1) < 1e-9
    assert sum(p > 0 for p in x) >= 2, "a pure first card would be exploitable"
    picks = {decide(view, 0, random.Random(seed), "normal").card for seed in range(6)}
    assert len(picks) >= 2
    assert decide(view, 0, random.Random(5), "normal") == decide(view, 0, random.Random(5), "normal")


def test_the_discards_are_mixed_and_legal() -> None:
    view = _match().view(1)
    picks = {decide(view, 1, random.Random(seed), "normal") for seed in range(20)}
    assert len(picks) >= 2
    for action in picks:
        assert action.player == 1 and len(set(action.cards)) == 2


def test_a_hint_gives_the_cards_expected_gold_and_chance() -> None:
    match = _match()
    match.apply(Discard(0, (7, 8)))
    match.apply(Discard(1, (7, 8)))
    view = match.view(0)
    why = knowledge("fistful-of-gold").explain(view, 0, Play(0, 1))
    numbers = dict(why.numbers)
    assert set(numbers) == {"expected_gold", "play_chance"}
    assert 0.0 <= numbers["play_chance"] <= 1.0
    assert -7 <= numbers["expected_gold"] <= 7


def test_normal_plays_through_make_player_only_legal_cards() -> None:
    match = _match()
    players = [make_player("fistful-of-gold", "normal", seed=2), make_player("fistful-of-gold", "random", seed=3)]
    while not match.is_over:
        seat = actor_players(match.actor)[0]
        match.apply(players[seat].choose(match, seat))
    assert match.result is not None


def test_the_trembling_rival_makes_the_best_card_against_any_card_count() -> None:
    """A card that does well against every card the rival may play gains weight when the
    rival errs; the unerring game mixes, the wholly erring one plays the best mean."""
    from core.ai.gold_duel import _trembled, solve
    grid = [[1.0, 0.0], [0.0, 0.6]]  # row 0's mean 0.5 beats row 1's 0.3
    _, pure, _ = solve(grid, 2000)
    _, sure, _ = solve(_trembled(grid, 1.0), 2000)
    _, some, _ = solve(_trembled(grid, 0.5), 2000)
    assert 0.2 < pure[0] < 0.6
    assert sure[0] > 0.99
    assert some[0] > pure[0]
