"""Scoring a throw (rulebook steps 3-5): face-up points, the +2 bonus, who is lowest."""
from __future__ import annotations

import pytest

from core.fistful.roster import Fighter, default_roster
from core.fistful.scoring import MOST_FACE_UP_BONUS, lowest_total_removers, score_throws
from core.fistful.throws import POSES, Landed, is_face_up, pose_outcomes

ROSTER = default_roster()
POSE = {"b": "back", "s": "standing", "d": "down"}


def thrown(*pairs: str) -> tuple[Landed, ...]:
    """thrown('b hyper skwall', 'd shadow frost') -> landed fighters."""
    out = []
    for p in pairs:
        pose, finish, sculpt = p.split()
        out.append(Landed(Fighter(sculpt, finish), POSE[pose]))
    return tuple(out)


def test_rulebook_scoring_examples():
    team1 = thrown("b hyper rimefang", "b hyper skwall", "d hyper frost", "d hyper glacix")
    team2 = thrown("b hyper gregor", "b hyper nexa", "b hyper tremmor", "d crystal frost")
    assert [ROSTER.value(x.fighter) for x in team1 if is_face_up(x.pose)] == [4, 2]
    assert [ROSTER.value(x.fighter) for x in team2 if is_face_up(x.pose)] == [2, 4, 2]
    s1, s2 = score_throws(ROSTER, [team1, team2])
    assert (s1.face_up, s1.points, s1.bonus, s1.total) == (2, 6, 0, 6)
    assert (s2.face_up, s2.points, s2.bonus, s2.total) == (3, 8, 2, 10)
    assert lowest_total_removers((s1, s2)) == (0,)


def test_bonus_is_two():
    assert MOST_FACE_UP_BONUS == 2


def test_bonus_goes_to_the_single_player_with_most_face_up():
    scores = score_throws(ROSTER, [
        thrown("b hyper glacix", "b hyper warpling", "b hyper skylar"),
        thrown("b hyper rimefang", "b hyper nexa", "d hyper cirrak"),
        thrown("d hyper quagg"),
    ])
    assert [s.bonus for s in scores] == [2, 0, 0]
    assert [s.total for s in scores] == [5, 8, 0]


def test_tie_for_most_face_up_gives_nobody_the_bonus():
    scores = score_throws(ROSTER, [
        thrown("b hyper glacix", "b hyper warpling"),
        thrown("b hyper rimefang", "b hyper nexa", "d hyper cirrak"),
        thrown("b hyper quagg"),
    ])
    assert [s.bonus for s in scores] == [0, 0, 0]
    assert [s.total for s in scores] == [2, 8, 4]


def test_standing_counts_as_face_up_for_points_and_bonus():
    scores = score_throws(ROSTER, [
        thrown("s hyper glacix", "b hyper warpling"),
        thrown("b hyper rimefang", "d hyper nexa"),
    ])
    assert (scores[0].face_up, scores[0].standing, scores[0].points, scores[0].bonus) == (2, 1, 2, 2)
    assert (scores[1].face_up, scores[1].standing, scores[1].bonus) == (1, 0, 0)


def test_no_bonus_with_zero_face_up():
    alone = score_throws(ROSTER, [thrown("d hyper glacix", "d hyper nexa"), None])
    assert alone[0].bonus == 0 and alone[0].total == 0 and alone[1] is None
    everyone_down = score_throws(ROSTER, [thrown("d hyper glacix"), thrown("d hyper nexa", "d hyper skwall")])
    assert [s.bonus for s in everyone_down] == [0, 0]


def test_players_out_are_skipped_and_do_not_block_the_bonus():
    scores = score_throws(ROSTER, [None, thrown("b hyper glacix"), None, thrown("d hyper nexa")])
    assert scores[0] is None and scores[2] is None
    assert scores[1].bonus == 2 and scores[3].bonus == 0


def test_lowest_total_only_among_players_with_a_face_down_fighter():
    scores = score_throws(ROSTER, [
        thrown("b hyper glacix"),                       # all face up, total 1
        thrown("b hyper rimefang", "d hyper nexa"),     # 4
        thrown("b hyper frost", "d hyper cirrak"),      # 3
    ])
    assert [s.total for s in scores] == [1, 4, 3]
    assert lowest_total_removers(scores) == (2,)


def test_all_tied_on_lowest_remove():
    scores = score_throws(ROSTER, [
        thrown("b hyper skwall", "d hyper nexa"),
        thrown("b hyper rimefang", "d hyper nexa"),
        thrown("b hyper gregor", "d crystal nexa"),
        None,
        thrown("b hyper tremmor", "d shadow nexa"),
    ])
    assert lowest_total_removers(scores) == (0, 2, 4)


def test_nobody_removes_without_face_down_fighters():
    scores = score_throws(ROSTER, [thrown("b hyper skwall"), thrown("s hyper gregor", "b hyper nexa"), None])
    assert lowest_total_removers(scores) == ()
    assert lowest_total_removers([None, None]) == ()


@pytest.mark.parametrize("pose, up", [("back", True), ("standing", True), ("down", False)])
def test_poses(pose, up):
    assert pose in POSES
    assert is_face_up(pose) is up


def test_default_throw_model_is_40_2_58():
    outcomes = dict(pose_outcomes(ROSTER.sculpts["skwall"]))
    assert outcomes["back"] == pytest.approx(0.40)
    assert outcomes["standing"] == pytest.approx(0.02)
    assert outcomes["down"] == pytest.approx(0.58)
