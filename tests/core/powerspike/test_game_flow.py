"""Power Spike's turn flow: deployment, the movement deck's goes and activations, the
consecutive rule, reshuffles, the points-based end, table mode, undo barriers and saves."""
from __future__ import annotations

import random

import msgspec
import pytest

from core.errors import IllegalAction, IllegalSetup
from core.game import CHANCE
from core.match import Match
from core.powerspike.cards import FULL_DECK, Deck, card
from core.powerspike.game import (GAME, Activate, Declared, Deploy, EndActivation, EndGo, Fire, Move,
                                  MovementDraw, side_points)
from tests.core.powerspike.game_helpers import combat_draw, draw_go, fresh, hurt, setup, step

DC, DC2, NS = "CDC:u2", "CDC:u3", "SCS:u2"
CDC_ALL = tuple(f"CDC:u{i}" for i in range(1, 8))
DUEL = {DC: (36, 4, 90.0), NS: (36, 14, 270.0)}


# --- setup ------------------------------------------------------------------------------------------
def test_default_setup_is_valid_and_starts_with_deployment():
    s = GAME.new(GAME.default_setup())
    GAME.validate_setup(GAME.default_setup())
    assert s.phase == "deploy" and GAME.actor(s) == 0
    assert len(GAME.to_deploy(s, 0)) == 7 and len(GAME.to_deploy(s, 1)) == 7


@pytest.mark.parametrize("change, words", [
    ({"cdc_roster": "scs-small-neon-samurai"}, "not the CDC"),
    ({"scs_roster": "nope"}, "no ready-made army"),
    ({"table": "moon"}, "no table"),
    ({"passes_limit": 11}, "passes limit"),
])
def test_bad_setups_are_refused(change, words):
    with pytest.raises(IllegalSetup, match=words):
        GAME.validate_setup(setup(**change))


def test_three_players_are_refused():
    with pytest.raises(IllegalSetup):
        GAME.validate_setup(GAME.default_setup(3))


# --- deployment ---------------------------------------------------------------------------------------
def test_deployment_alternates_cdc_first_and_checks_the_zone():
    s = GAME.new(GAME.default_setup())
    with pytest.raises(IllegalAction, match="deployment zone|inside"):
        step(s, Deploy(0, DC, 36, 40, 90))  # the SCS's zone
    with pytest.raises(IllegalAction, match="not .*turn"):
        step(s, Deploy(1, NS, 36, 40, 270))
    s = step(s, Deploy(0, DC, 36, 6, 90))
    assert GAME.actor(s) == 1
    s = step(s, Deploy(1, NS, 36, 42, 270))
    with pytest.raises(IllegalAction, match="overlap"):
        step(s, Deploy(0, DC2, 36.5, 6, 90))
    rng = random.Random(1)
    while s.phase == "deploy":
        s = step(s, GAME.random_action(s, rng))
    assert s.phase == "draw" and GAME.actor(s) == CHANCE
    assert all(u.placed for u in s.units)


def test_table_mode_without_positions_skips_deployment():
    s = GAME.new(setup(mode="table", mirror_positions=False))
    assert s.phase == "draw" and not any(u.placed for u in s.units)


# --- the movement deck ----------------------------------------------------------------------------------
@pytest.mark.parametrize("rank, activations", [(r, 1) for r in range(2, 11)] + [(11, 2), (12, 3), (13, 4), (1, 5)])
@pytest.mark.parametrize("suit, seat", [(1, 0), (2, 0), (0, 1), (3, 1)])
def test_each_card_gives_its_colour_a_go_of_so_many_activations(rank, activations, suit, seat):
    s = step(fresh(DUEL), MovementDraw(card(rank, suit)))
    assert s.phase == "activate" and GAME.actor(s) == seat
    assert s.go.activations == s.go.left == activations
    assert s.drawer == 1  # the other player draws next


def test_a_go_activates_distinct_units_and_ends_when_they_are_used():
    s = step(draw_go(fresh(DUEL), "CDC", 11), Activate(0, DC), EndActivation(0))
    with pytest.raises(IllegalAction, match="already been activated"):
        step(s, Activate(0, DC))
    s = step(s, Activate(0, DC2), EndActivation(0))
    assert s.phase == "draw" and s.go.left == 0  # the finished go stays on show until the next draw


def test_ending_the_go_gives_up_its_activations():
    s = step(draw_go(fresh(DUEL), "CDC", 13), Activate(0, DC), EndActivation(0), EndGo(0))
    assert s.phase == "draw"
    assert [u.id for u in s.units if u.activated_last] == [DC]


def test_a_unit_may_not_be_activated_in_two_goes_in_a_row():
    s = step(draw_go(fresh(DUEL), "CDC", 5), Activate(0, DC), EndActivation(0))
    s = draw_go(s, "SCS", 5)
    s = step(s, Activate(1, NS), EndActivation(1))
    s = draw_go(s, "CDC", 6)
    assert DC not in GAME.activatable(s)
    with pytest.raises(IllegalAction, match="previous go"):
        step(s, Activate(0, DC))
    s = step(s, Activate(0, DC2), EndActivation(0))
    s = draw_go(s, "CDC", 7)
    assert DC in GAME.activatable(s) and DC2 not in GAME.activatable(s)


def test_a_sides_only_unit_may_be_activated_every_go():
    s = fresh(DUEL, remove=tuple(u for u in CDC_ALL if u != DC))
    s = step(draw_go(s, "CDC", 5), Activate(0, DC), EndActivation(0))
    s = draw_go(s, "CDC", 6)
    assert GAME.activatable(s) == [DC]
    s = step(s, Activate(0, DC))
    assert s.phase == "act"


def test_a_go_with_no_unit_to_activate_is_lost():
    s = fresh(DUEL, remove=tuple(u for u in CDC_ALL if u not in (DC, DC2)))
    s = step(draw_go(s, "CDC", 13), Activate(0, DC), EndActivation(0), Activate(0, DC2), EndActivation(0))
    assert s.phase == "draw"  # the King's other two activations had no unit
    before = s
    s = draw_go(s, "CDC", 6)
    assert s.phase == "draw"
    assert "go is lost" in GAME.describe(before, MovementDraw(card(6, 2)), s)
    s = draw_go(s, "CDC", 7)  # a go without activations came in between: both may act again
    assert set(GAME.activatable(s)) == {DC, DC2}


def test_a_joker_reshuffles_and_the_same_player_draws_again():
    s = step(fresh(DUEL), MovementDraw(card(5, 2)))
    s = step(s, EndGo(0))
    assert s.drawer == 1 and s.passes == 0
    s = step(s, MovementDraw(52))
    assert s.phase == "draw" and s.drawer == 1 and s.passes == 1
    assert s.movement_deck.pile == FULL_DECK


def test_the_last_card_reshuffles_the_deck_after_giving_its_go():
    last = card(9, 3)
    s = fresh(DUEL)
    s = msgspec.structs.replace(s, movement_deck=Deck((last,), tuple(c for c in FULL_DECK if c != last)))
    s = step(s, MovementDraw(last))
    assert s.phase == "activate" and GAME.actor(s) == 1
    assert s.movement_deck.pile == FULL_DECK and s.passes == 1


def test_a_card_not_in_the_pile_is_refused():
    s = step(fresh(DUEL), MovementDraw(card(5, 2)), EndGo(0))
    with pytest.raises(IllegalAction, match="not in the movement deck"):
        step(s, MovementDraw(card(5, 2)))


# --- activations --------------------------------------------------------------------------------------------
def test_move_then_fire_ends_the_activation_by_itself():
    s = step(draw_go(fresh(DUEL), "CDC", 11), Activate(0, DC))
    with pytest.raises(IllegalAction, match="its move is 6"):
        step(s, Move(0, DC, 36, 11, 90))
    s = step(s, Move(0, DC, 36, 5, 90))
    with pytest.raises(IllegalAction, match="already moved"):
        step(s, Move(0, DC, 36, 6, 90))
    s = step(s, Fire(0, (DC,), NS))
    s = step(s, combat_draw(s, [9], [2]))
    s = step(s, GAME.legal_actions(s)[0])  # the target holds
    assert s.phase == "activate" and s.go.left == 1


def test_fire_then_move_and_no_second_shot():
    s = step(draw_go(fresh(DUEL), "CDC"), Activate(0, DC), Fire(0, (DC,), NS))
    s = step(s, combat_draw(s, [6], [6]))  # a tie in range: both lose one
    assert s.phase == "act" and s.activation.step == "fired"
    with pytest.raises(IllegalAction, match="already fired"):
        step(s, Fire(0, (DC,), NS))
    s = step(s, Move(0, DC, 36, 2, 90))
    assert s.phase == "draw"


def test_only_the_activated_unit_moves():
    s = step(draw_go(fresh(DUEL), "CDC"), Activate(0, DC))
    with pytest.raises(IllegalAction, match="Only the activated unit"):
        step(s, Move(0, DC2, 20, 20, 0))


# --- the points-based end --------------------------------------------------------------------------------------
def test_points_end_after_the_set_number_of_passes():
    s = fresh(DUEL, passes_limit=1)
    assert side_points(s, "CDC") == side_points(s, "SCS")  # the default armies are worth the same
    drawn = step(s, MovementDraw(53))
    assert drawn.phase == "over" and drawn.result.draw and drawn.result.winners == (0, 1)
    ahead = step(hurt(s, NS), MovementDraw(53))
    assert ahead.result.winners == (0,) and not ahead.result.draw
    assert ahead.result.reason == "points" and ahead.result.placings == (1, 2)
    assert "points" in GAME.result_text(ahead)


def test_without_a_limit_passes_do_not_end_the_game():
    s = step(fresh(DUEL), MovementDraw(53))
    assert s.phase == "draw" and s.result is None


# --- table mode ------------------------------------------------------------------------------------------------------
def test_table_mode_without_positions_takes_declared_flags():
    s = GAME.new(setup(mode="table", mirror_positions=False))
    s = step(s, MovementDraw(card(5, 2)), Activate(0, DC), Move(0, DC, 0, 0, 0))
    assert not s.unit(DC).placed
    flags = Declared(in_range=False, arc="flank", target_in_cover=True, near_commander=(DC,))
    s = step(s, Fire(0, (DC,), NS, flags))
    assert set(s.combat.attacker_entitlement.extras) == {"flank or rear", "commander"}
    assert set(s.combat.target_entitlement.extras) == {"cover"}
    s = step(s, combat_draw(s, [2], [13]))
    assert not s.losses and len(s.unit(DC).figures) == 4  # out of the target's range: no exchange


def test_declared_flags_are_refused_when_positions_are_tracked():
    s = step(draw_go(fresh(DUEL), "CDC"), Activate(0, DC))
    with pytest.raises(IllegalAction, match="measured"):
        step(s, Fire(0, (DC,), NS, Declared()))


def test_combat_cards_must_be_in_the_deck_and_of_the_right_number():
    s = step(draw_go(fresh(DUEL), "CDC"), Activate(0, DC), Fire(0, (DC,), NS))
    good = combat_draw(s, [9], [4])
    with pytest.raises(IllegalAction, match="draw 3 cards"):
        step(s, msgspec.structs.replace(good, attacker_cards=good.attacker_cards[:2]))
    gone = msgspec.structs.replace(s, combat_deck=Deck(tuple(c for c in FULL_DECK if c != good.target_cards[0]),
                                                      (good.target_cards[0],)))
    with pytest.raises(IllegalAction, match="not in the draw pile"):
        step(gone, good)
    after = step(s, good)
    assert set(after.combat_deck.discards) == set(good.attacker_cards + good.target_cards)


# --- undo, saves, the log ------------------------------------------------------------------------------
def play_random(match: Match, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        if match.is_over:
            return
        if match.actor == CHANCE:
            match.play_chance()
        else:
            match.apply(match.random_action(rng))


@pytest.mark.parametrize("mode", ["simulated", "table"])
def test_card_draws_are_undo_barriers_in_simulated_play_only(mode):
    m = Match(GAME, setup(mode=mode), seed=4)
    rng = random.Random(4)
    while m.actor != CHANCE:
        m.apply(m.random_action(rng))
    m.play_chance()
    assert m.can_undo == (mode == "table")


def test_a_game_saved_mid_combat_reloads_exactly(tmp_path):
    m = Match(GAME, GAME.default_setup(), seed=11)
    rng = random.Random(11)
    play_random(m, 40, rng)
    while m.state.phase != "combat" and not m.is_over:
        play_random(m, 1, rng)
    m.save(tmp_path / "ps.json")
    loaded = Match.load(tmp_path / "ps.json")
    assert msgspec.json.encode(loaded.state) == msgspec.json.encode(m.state)
    assert loaded.log == m.log


def test_every_log_line_and_phase_text_is_a_sentence():
    m = Match(GAME, GAME.default_setup(), seed=2)
    rng = random.Random(2)
    seen = set()
    while not m.is_over and len(m.log) < 3000:
        seen.add(m.state.phase)
        assert GAME.phase_text(m.state).strip()
        play_random(m, 1, rng)
    assert {"deploy", "draw", "activate", "act", "combat", "loss"} <= seen
    assert all(line.strip() and "<" not in line for line in m.log)
    assert any("draws the" in line for line in m.log) and any("best" in line for line in m.log)
