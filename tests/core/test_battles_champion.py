"""The Ultimate Champion fight: the Domination winner's four fighters against the three Warlords."""
from __future__ import annotations

import msgspec
import pytest

from core.fistful.battles import (
    CHAMPION_FIGHTERS, DISCS_TO_WIN, DOMINATION, ChampionPick, ChampionRemove, ChampionThrow,
)
from core.errors import IllegalAction
from core.fistful.throws import Landed
from core.game import CHANCE
from tests.core.battle_helpers import (
    POSE, ROSTER, VALUES, F, attack, battle_throw, fistful, home, ready, refused, settle,
)

# Sub-0 (rimefang 4, frost 3, skwall 2, glacix 1) plus the three Nexas (Portal, 4).
CHAMP_ARMY = home("Sub-0") + fistful("hyper nexa", "crystal nexa", "shadow nexa")
BIG = fistful("hyper rimefang", "crystal rimefang", "shadow rimefang", "hyper nexa")  # 16 points


def champion_match(n: int = 2, champion: bool = True):
    """P1 wins Domination on discs; the champion fight (if on) is next."""
    armies = [CHAMP_ARMY] * n
    match = ready("domination", n, armies=armies, fistfuls=[fistful("hyper skwall")] * n, first_attacker=1,
                  ultimate_champion=champion)
    need = DISCS_TO_WIN[n]
    while len(match.state.owned(1)) < need:
        victim = max((p for p in match.state.in_play() if p != 1), key=lambda p: len(match.state.owned(p)))
        attack(match, match.state.owned(victim)[-1])
        battle_throw(match, *["b*" if p == 1 else "d*" for p in range(n)])
        settle(match)
    return match


def champion_throw(match, champ: str, warlords: str) -> ChampionThrow:
    c = match.state.champion
    return ChampionThrow.of(tuple(Landed(f, POSE[x]) for f, x in zip(c.fighters, champ)),
                            tuple(Landed(f, POSE[x]) for f, x in zip(c.warlords, warlords)))


def picked(n: int = 2, fighters=BIG):
    match = champion_match(n)
    match.apply(ChampionPick(1, fighters))
    return match


def test_the_winner_picks_four_fighters_from_their_army_with_no_point_limit():
    match = champion_match()
    assert match.state.phase == "champion_pick" and match.actor == 1 and match.result is None
    assert CHAMPION_FIGHTERS == 4
    assert sum(VALUES[f.sculpt] for f in BIG) == 16
    refused(match, ChampionPick(1, BIG[:3]), "Choose 4")
    refused(match, ChampionPick(1, BIG + fistful("hyper frost")), "Choose 4")
    refused(match, ChampionPick(1, BIG[:3] + BIG[:1]), "Choose 4")
    refused(match, ChampionPick(1, BIG[:3] + fistful("hyper marauk")), "remaining army")
    refused(match, ChampionPick(0, BIG), "turn")
    match.apply(ChampionPick(1, BIG))
    champ = match.state.champion
    assert champ.fighters == BIG and champ.player == 1
    assert match.actor == CHANCE


def test_fewer_than_four_only_when_the_army_has_fewer():
    match = champion_match()
    state = msgspec.structs.replace(match.state, armies=(match.state.armies[0], BIG[:3]))
    with pytest.raises(IllegalAction, match="Choose 3"):
        DOMINATION.validate(state, ChampionPick(1, BIG[:2]))
    DOMINATION.validate(state, ChampionPick(1, BIG[:3]))
    assert DOMINATION.apply(state, ChampionPick(1, BIG[:3])).champion.fighters == BIG[:3]


def test_the_warlords_are_the_three_from_the_roster_file():
    match = picked()
    warlords = match.state.champion.warlords
    assert warlords == ROSTER.warlord_fighters and len(warlords) == 3
    assert sorted(VALUES[w.sculpt] for w in warlords) == sorted(ROSTER.value(w) for w in warlords)
    assert {w.sculpt for w in warlords} >= {"xar"}


def test_fight_scoring_and_the_warlords_remove_a_face_down_fighter():
    match = picked()
    match.apply(champion_throw(match, "bbdd", "bdd"))  # 4 + 4 + 2 = 10 against Xar's 5
    champ = match.state.champion
    a, b = champ.scores
    w0 = VALUES[champ.warlords[0].sculpt]
    assert (a.points, a.bonus, a.total) == (8, 2, 10)
    assert (b.points, b.bonus, b.total) == (w0, 0, w0)
    assert champ.loser == "warlords"
    assert match.state.phase == "champion_remove"
    assert match.actor == DOMINATION.warlords_player(match.state) == 0  # the seat after the champion
    refused(match, ChampionRemove(0, champ.warlords[0]), "did not land face down")  # face up
    refused(match, ChampionRemove(1, champ.warlords[1]), "turn")
    match.apply(ChampionRemove(0, champ.warlords[2]))
    assert match.state.champion.warlords == champ.warlords[:2]
    assert match.state.phase == "champion_throw"


def test_a_tie_is_thrown_again_with_no_removal():
    match = picked()
    warlords = match.state.champion.warlords
    up = next(i for i, w in enumerate(warlords) if VALUES[w.sculpt] == 4)
    match.apply(champion_throw(match, "bddd", "".join("b" if i == up else "d" for i in range(3))))
    champ = match.state.champion
    assert [s.total for s in champ.scores] == [4, 4] and champ.loser == "tie"
    assert match.state.phase == "champion_throw"
    assert champ.fighters == BIG and champ.warlords == warlords
    assert len(match.state.armies[1]) == 15


def test_the_champion_loses_a_fighter_from_their_army_when_beaten():
    match = picked()
    match.apply(champion_throw(match, "dddd", "bdd"))
    assert match.state.champion.loser == "champion"
    assert match.actor == 1
    match.apply(ChampionRemove(1, F("crystal rimefang")))
    assert F("crystal rimefang") not in match.state.champion.fighters
    assert F("crystal rimefang") not in match.state.armies[1]


def test_beating_all_three_warlords_makes_the_ultimate_champion():
    match = picked()
    for _ in range(3):
        match.apply(champion_throw(match, "bbbb", "d" * len(match.state.champion.warlords)))
        match.apply(ChampionRemove(0, match.state.champion.warlords[0]))
    assert match.is_over
    assert match.result.winners == (1,) and not match.result.draw
    assert match.result.reason == "ultimate-champion" and match.result.placings == (2, 1)
    assert "Ultimate Champion" in DOMINATION.result_text(match.state)
    assert "10 discs" in DOMINATION.result_text(match.state)


def test_the_warlords_can_win_the_fight():
    match = picked()
    while not match.is_over:
        match.apply(champion_throw(match, "d" * len(match.state.champion.fighters), "bbb"))
        match.apply(ChampionRemove(1, match.state.champion.fighters[0]))
    assert match.state.champion.fighters == () and len(match.state.champion.warlords) == 3
    assert match.result.winners == (1,)  # still the winner of Domination
    assert match.result.reason == "warlords-win"
    assert "Warlords win" in DOMINATION.result_text(match.state)
    assert "Ultimate Champion!" not in DOMINATION.result_text(match.state)


def test_a_losing_side_with_nothing_face_down_removes_nothing():
    match = picked()
    match.apply(champion_throw(match, "bddd", "bbb"))  # warlords win; the champion has face-down fighters
    assert match.state.phase == "champion_remove"
    match2 = picked(fighters=fistful("hyper glacix", "crystal glacix", "shadow glacix", "hyper skwall"))
    match2.apply(champion_throw(match2, "bbbb", "bbb"))  # 5 + 2 against 13: beaten, but all face up
    assert match2.state.champion.loser == "champion"
    assert match2.state.phase == "champion_throw" and len(match2.state.champion.fighters) == 4


def test_three_players_the_warlords_are_played_by_the_next_seat():
    match = picked(3)
    match.apply(champion_throw(match, "bbbb", "ddd"))
    assert match.actor == 2


def test_without_the_champion_fight_the_game_ends_at_the_disc_threshold():
    match = champion_match(champion=False)
    assert match.is_over and match.state.champion is None
    assert match.result.winners == (1,)
    assert "Ultimate Champion" not in DOMINATION.result_text(match.state)
