"""Why a region may not be chosen: the sentence the battle views show for a click on one not offered."""
from __future__ import annotations

import random

from core.fistful.battles import Attack, BattleGame, Claim
from core.match import Match


def play_until(match: Match, phase: str) -> None:
    rng = random.Random(3)
    for _ in range(2000):
        if match.state.phase == phase:
            return
        match.apply(match.random_action(rng))
    raise AssertionError(phase)


def test_every_offered_region_is_allowed_and_every_other_one_has_a_reason():
    for game_id, phase in (("domination", "claim"), ("all-out-war", "attack"), ("domination", "attack")):
        match = Match.new(game_id, None, 7)
        play_until(match, phase)
        game: BattleGame = match.game
        state = match.state
        offered = {a.region for a in game.legal_actions(state) if isinstance(a, (Claim, Attack))}
        for region in state.regions:
            reason = game.why_not_region(state, region)
            assert (reason is None) == (region in offered), (game_id, region, reason)


def test_a_taken_region_and_a_region_outside_a_choice_are_explained():
    match = Match.new("domination", None, 7)
    game = match.game
    match.apply(Claim(match.state.claim_turn, "Mar"))
    assert "Mar is already taken by Player 1" in game.why_not_region(match.state, "Mar")
    play_until(match, "throw")
    assert game.why_not_region(match.state, "Mar").startswith("No region is chosen now.")
