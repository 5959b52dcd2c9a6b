"""A Fistful of Gold: every duel case, the forbidden-card rule, rounds, badges, variants, secrecy,
the gold supply, table-mode mistakes and the computer opponent (GAME-DATA.md section 3)."""
from __future__ import annotations

import random

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import IllegalAction, IllegalSetup
from core.game import Simultaneous, with_computers
from core.gold.cards import CARDS, DYNAMITE, HIDDEN, duel, is_forbidden
from core.gold.game import GAME, GOLD_IN_BOX, Discard, GoldState, Play, allowed_cards
from core.match import Match

D = DYNAMITE


def new(**options) -> Match:
    setup = msgspec.structs.replace(GAME.default_setup(), **options)
    return Match.new("fistful-of-gold", setup, seed=1)


def discard(match: Match, red: tuple[int, int], green: tuple[int, int]) -> None:
    match.apply(Discard(0, red))
    match.apply(Discard(1, green))


def duel_pair(match: Match, red: int, green: int) -> None:
    match.apply(Play(0, red))
    match.apply(Play(1, green))


def refused(match: Match, action, *words: str) -> str:
    before = (msgspec.json.encode(match.state), match.log, match.actions)
    with pytest.raises(IllegalAction) as err:
        match.apply(action)
    for w in words:
        assert w.casefold() in err.value.reason.casefold(), err.value.reason
    assert (msgspec.json.encode(match.state), match.log, match.actions) == before
    return err.value.reason


def red_wins_round_one(match: Match) -> None:
    """Red 4 beats Green 1 (3 gold), then five ties; Red's 1 and Green's 4 are left over."""
    discard(match, (7, 8), (7, 8))
    for r, g in ((4, 1), (D, D), (6, 6), (2, 2), (5, 5), (3, 3)):
        duel_pair(match, r, g)


# --- duels -----------------------------------------------------------------------------------
@pytest.mark.parametrize("other, winner, gold", [
    (1, 0, 1), (6, 0, 4), (7, 0, 5), (8, 0, 6),  # the 2 wins against 1, 6, 7 and 8
    (3, 1, 1), (4, 1, 2), (5, 1, 3), (D, 1, 3),  # ... and loses against 3, 4, 5 and Dynamite
    (2, None, 2),
])
def test_the_rulebook_example_for_the_2(other, winner, gold):
    assert duel(2, other, 3) == (winner, gold)


def test_difference_up_to_three_goes_to_the_higher_card_above_to_the_lower():
    for a in range(1, 9):
        for b in range(1, 9):
            winner, gold = duel(a, b, 3)
            if a == b:
                assert (winner, gold) == (None, 2)
                continue
            assert gold == abs(a - b)
            higher_won = (winner == 0) == (a > b)
            assert higher_won == (abs(a - b) <= 3)


@pytest.mark.parametrize("number", range(1, 9))
@pytest.mark.parametrize("payout", [1, 3, 8])
def test_dynamite_beats_one_to_four_and_loses_to_five_to_eight(number, payout):
    expected = 0 if number <= 4 else 1
    assert duel(D, number, payout) == (expected, payout)
    assert duel(number, D, payout) == (1 - expected, payout)


def test_dynamite_against_dynamite_is_a_tie():
    assert duel(D, D, 5) == (None, 2)


def test_green_2_against_red_5_red_puts_3_gold_on_the_card():
    match = new()
    discard(match, (7, 8), (7, 8))
    duel_pair(match, 5, 2)
    state = match.state
    assert state.duels[-1].winner == 0 and state.duels[-1].paid == 3
    assert (state.gold(0), state.gold(1), state.supply) == (3, 0, GOLD_IN_BOX - 3)
    assert "Red wins 3 gold" in match.log[-1]


@pytest.mark.parametrize("payout", [1, 3, 8])
def test_the_dynamite_payout_is_a_setup_option(payout):
    match = new(dynamite_gold=payout)
    discard(match, (7, 8), (7, 8))
    duel_pair(match, D, 3)
    assert match.state.gold(0) == payout


def test_a_tie_puts_two_gold_aside_to_nobody():
    match = new()
    discard(match, (7, 8), (7, 8))
    duel_pair(match, 4, 4)
    assert (match.state.gold(0), match.state.gold(1), match.state.aside) == (0, 0, 2)


# --- the "immediately above" rule -------------------------------------------------------------------
def test_the_card_above_your_previous_card_is_refused_with_the_reason():
    match = new()
    discard(match, (7, 8), (7, 8))
    duel_pair(match, 4, 1)
    assert refused(match, Play(0, 5)) == "You played a 4 last: a 5 is not allowed now"
    assert Play(0, 5) not in match.legal_actions()
    assert 5 not in allowed_cards(match.state, 0)
    refused(match, Play(1, 2), "played a 1 last", "2 is not allowed")
    match.apply(Play(0, 6))  # any other card is fine


def test_dynamite_is_never_forbidden_and_forbids_nothing():
    assert not is_forbidden(D, 8) and not is_forbidden(D, 3)
    assert all(not is_forbidden(c, D) for c in CARDS)
    match = new()
    discard(match, (7, 8), (7, 8))
    duel_pair(match, 1, 2)
    duel_pair(match, D, 4)
    assert allowed_cards(match.state, 0) == list(match.state.hands[0]), "after Dynamite every card is allowed"
    assert 2 in allowed_cards(match.state, 0)
    duel_pair(match, 5, 1)
    duel_pair(match, 2, D)  # Green's 1 -> Dynamite is fine as well


def test_the_rule_resets_each_round():
    match = new()
    red_wins_round_one(match)
    assert match.state.round == 2 and match.state.duels == ()
    assert match.state.rounds[-1].duels[-1].cards[0] == 3
    match.apply(Play(0, 4))  # Red's last card of round 1 was a 3: a 4 opens round 2 fine


def test_table_mode_accepts_a_forbidden_card_and_its_player_loses_the_round():
    match = new(mode="table")
    discard(match, (7, 8), (7, 8))
    duel_pair(match, 4, 1)
    assert Play(0, 5) in match.legal_actions()
    duel_pair(match, 5, 3)
    state = match.state
    record = state.rounds[-1]
    assert (record.how, record.winner, state.badges) == ("mistake", 1, (0, 1))
    assert record.duels[-1].mistakes == (True, False)
    assert state.hands == ((1, 2, 3, 4, 5, 6, D), (1, 2, 3, 4, 5, 6, D)), "every card back, none discarded"
    assert state.round == 2 and state.duels == () and state.supply == GOLD_IN_BOX
    assert "Red broke the rule" in match.log[-1]


def test_table_mode_both_wrong_nobody_wins_the_round():
    match = new(mode="table")
    discard(match, (7, 8), (7, 8))
    duel_pair(match, 4, 1)
    duel_pair(match, 5, 2)
    assert match.state.rounds[-1].winner is None and match.state.badges == (0, 0)


# --- rounds -------------------------------------------------------------------------------------
def test_round_one_has_seven_cards_and_six_duels_and_the_richer_takes_a_badge():
    match = new()
    discard(match, (7, 8), (7, 8))
    assert (len(match.state.hands[0]), match.state.duels_this_round) == (7, 6)
    match = new()
    red_wins_round_one(match)
    state = match.state
    record = state.rounds[0]
    assert (record.gold, record.winner, record.how) == ((3, 0), 0, "gold")
    assert state.badges == (1, 0)
    assert record.discarded == (1, 4)
    assert state.discards == ((7, 8, 1), (7, 8, 4)), "the card left in hand leaves the game"
    assert state.hands == ((2, 3, 4, 5, 6, D), (1, 2, 3, 5, 6, D)), "played cards come back"
    assert state.duels_this_round == 5 and state.supply == GOLD_IN_BOX


def mirror_game(**options) -> Match:
    """Both players hold the same cards and always play the same one: every round ties."""
    match = new(**options)
    discard(match, (7, 8), (7, 8))
    sizes = []
    while not match.is_over:
        state = match.state
        if not state.duels:
            sizes.append((state.round, len(state.hands[0]), state.duels_this_round))
        card = allowed_cards(state, 0)[0]
        duel_pair(match, card, card)
    return match, sizes


def test_each_round_has_one_duel_less_until_the_cards_run_out():
    match, sizes = mirror_game(badges_to_win=3)
    assert sizes == [(1, 7, 6), (2, 6, 5), (3, 5, 4), (4, 4, 3), (5, 3, 2), (6, 2, 1)]
    rounds = match.state.rounds
    assert [r.number for r in rounds] == [1, 2, 3, 4, 5, 6, 7]
    assert [len(r.duels) for r in rounds] == [7, 6, 5, 4, 3, 2, 1], "six duels then a final one"
    assert all(r.how == "tie" and r.winner is None for r in rounds)
    assert match.state.badges == (0, 0)
    assert match.result.draw and match.result.winners == (0, 1)
    assert "ran out" in GAME.result_text(match.state)


def test_equal_gold_a_final_duel_with_the_last_card_decides():
    match = new()
    discard(match, (7, 8), (8, D))  # Red keeps Dynamite, Green keeps the 7
    for card in (1, 3, 5, 2, 4, 6):
        duel_pair(match, card, card)
    record = match.state.rounds[0]
    assert record.gold == (0, 0)
    final = record.duels[-1]
    assert final.final and final.cards == (D, 7) and final.winner == 1
    assert (record.winner, record.how) == (1, "final") and match.state.badges == (0, 1)
    assert "final duel" in match.log[-1]


def test_a_tied_final_duel_gives_the_round_to_nobody():
    match = new()
    discard(match, (7, 8), (7, 8))
    for card in (1, 3, 5, 2, 4, 6):
        duel_pair(match, card, card)
    record = match.state.rounds[0]
    assert record.duels[-1].cards == (D, D) and record.winner is None and record.how == "tie"
    assert match.state.badges == (0, 0) and "nobody wins the round" in match.log[-1]


def lose_round_by_mistake(match: Match, loser: int) -> None:
    """Table mode: the loser plays the card just above their previous one."""
    first = allowed_cards(match.state, loser)[0]
    other = [c for c in match.state.hands[1 - loser] if c != first + 1][0]
    cards = [other, other]
    cards[loser] = first
    duel_pair(match, *cards)
    cards = [c for c in match.state.hands[1 - loser] if not is_forbidden(c, match.state.previous(1 - loser))][:1] * 2
    cards[loser] = first + 1
    duel_pair(match, *cards)


@pytest.mark.parametrize("needed", [2, 3])
def test_the_first_to_the_needed_badges_wins(needed):
    match = new(mode="table", badges_to_win=needed)
    discard(match, (7, 8), (7, 8))
    for won in range(1, needed + 1):
        assert not match.is_over
        lose_round_by_mistake(match, 1)
        assert match.state.badges == (won, 0)
    assert match.is_over and match.result.winners == (0,) and not match.result.draw
    assert f"{needed} sheriff's badges" in GAME.result_text(match.state)


# --- secrecy and variants ------------------------------------------------------------------------------
def test_choices_stay_secret_until_both_chose():
    match = new()
    discard(match, (7, 8), (7, 8))
    match.apply(Play(0, 4))
    assert match.actor == Simultaneous((1,))
    assert match.view(0).pending == (4, None)
    assert match.view(1).pending == (HIDDEN, None)
    assert match.view(None).pending == (HIDDEN, None)
    assert match.log[-1] == "Red chose a card in secret."
    assert match.view(1).hands[0] == (HIDDEN,) * 7 and match.view(1).hands[1] == match.state.hands[1]
    assert match.can_undo, "the first choice reveals nothing"
    match.apply(Play(1, 2))
    assert not match.can_undo, "the completing choice reveals both cards"
    assert match.view(1).duels[-1].cards == (4, 2)


@pytest.mark.parametrize("open_discards", [False, True])
def test_discards_are_face_down_unless_the_easier_variant(open_discards):
    match = new(open_discards=open_discards)
    discard(match, (7, 8), (1, D))
    assert match.view(0).discards[0] == (7, 8)
    assert match.view(0).discards[1] == ((1, D) if open_discards else (HIDDEN, HIDDEN))
    assert match.view(1).discards[0] == ((7, 8) if open_discards else (HIDDEN, HIDDEN))
    assert ("face up" in match.log[0]) == open_discards


def test_discards_must_be_two_different_cards_of_your_own():
    match = new()
    refused(match, Discard(0, (7,)), "exactly 2")
    refused(match, Discard(0, (7, 7)), "exactly 2")
    refused(match, Discard(0, (7, 12)), "no card")
    refused(match, Play(0, 4), "discard")
    match.apply(Discard(0, (7, 8)))
    refused(match, Discard(0, (1, 2)), "already discarded")


def test_setup_validation():
    for bad in (dict(badges_to_win=4), dict(dynamite_gold=0), dict(dynamite_gold=9),
                dict(mode="dice")):
        with pytest.raises(IllegalSetup):
            GAME.validate_setup(msgspec.structs.replace(GAME.default_setup(), **bad))
    with pytest.raises(IllegalSetup):
        GAME.validate_setup(GAME.default_setup(3))
    with pytest.raises(IllegalSetup):
        GAME.validate_setup(with_computers(GAME.default_setup(), {1: "wizard"}))
    with pytest.raises(IllegalSetup, match="simulated"):
        GAME.validate_setup(with_computers(msgspec.structs.replace(GAME.default_setup(), mode="table"), {1: "easy"}))
    GAME.validate_setup(with_computers(GAME.default_setup(), {1: "easy"}))


# --- the gold supply ---------------------------------------------------------------------------------------
def test_the_box_never_pays_more_gold_than_it_holds():
    match = new()
    discard(match, (7, 8), (7, 8))
    state = msgspec.structs.replace(match.state, supply=1)
    after = GAME.apply(GAME.apply(state, Play(0, 1)), Play(1, 6))
    d = after.duels[-1]
    assert (d.winner, d.due, d.paid, after.supply) == (0, 5, 1, 0)
    assert "only had 1" in GAME.describe(GAME.apply(state, Play(0, 1)), Play(1, 6), after)


def random_game(seed: int, **options) -> list[GoldState]:
    match = new(**options)
    rng = random.Random(seed)
    states = [match.state]
    while not match.is_over:
        match.apply(match.random_action(rng))
        states.append(match.state)
    return states


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), payout=st.integers(1, 8), needed=st.sampled_from([2, 3]))
def test_gold_is_only_gained_as_the_duel_rule_says(seed, payout, needed):
    for state in random_game(seed, dynamite_gold=payout, badges_to_win=needed):
        assert 0 <= state.supply <= GOLD_IN_BOX
        assert GOLD_IN_BOX - state.supply == state.gold(0) + state.gold(1) + state.aside
        records = [(r.duels, r.gold, r.how) for r in state.rounds]
        for duels, gold, how in records + [(state.duels, None, None)]:
            left = GOLD_IN_BOX
            for d in duels:
                if any(d.mistakes):
                    assert d.paid == 0
                    continue
                winner, due = duel(*d.cards, payout)
                assert (d.winner, d.due) == (winner, due)
                assert d.paid == min(due, left) and d.paid >= 0
                left -= d.paid
            if gold is not None and how != "mistake":
                regular = [d for d in duels if not d.final]
                assert gold == tuple(sum(d.paid for d in regular if d.winner == p) for p in (0, 1))
        assert all(b >= 0 for b in state.badges)
        assert sum(state.badges) == sum(r.winner is not None for r in state.rounds)
