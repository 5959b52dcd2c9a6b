"""Throwdown rules and the project's rulings (GAME-DATA.md section 1), one test per rule."""
from __future__ import annotations

import msgspec
import pytest

from core.errors import IllegalAction, IllegalSetup
from core.fistful.roster import Fighter, default_roster
from core.fistful.throwdown import (
    DEFAULT_COLOURS, GAME, MAX_FIGHTERS, MAX_POINTS, Pick, Remove, Throw, ThrowdownSetup, fistful_problems,
)
from core.fistful.throws import Landed
from core.game import CHANCE, PlayerSetup, Secret, Simultaneous
from core.match import Match

ROSTER = default_roster()
POSE = {"b": "back", "s": "standing", "d": "down"}


def F(spec: str) -> Fighter:
    """'shadow skwall' -> Fighter('skwall', 'shadow')."""
    finish, sculpt = spec.split()
    return Fighter(sculpt, finish)


def fistful(*specs: str) -> tuple[Fighter, ...]:
    return tuple(F(s) for s in specs)


def setup(n: int, mode: str = "table") -> ThrowdownSetup:
    return msgspec.structs.replace(GAME.default_setup(n), mode=mode)


def picked(*fistfuls: tuple[Fighter, ...], mode: str = "table", seed: int = 7) -> Match:
    match = Match.new("throwdown", setup(len(fistfuls), mode), seed=seed)
    for p, f in enumerate(fistfuls):
        match.apply(Pick(p, f))
    return match


def throw(match: Match, *poses: str | None) -> Throw:
    """A Throw from one pose string per player ('bsd' = back, standing, down); None = out."""
    landed = []
    for p, spec in enumerate(poses):
        if spec is None:
            landed.append(None)
            continue
        fighters = match.state.fistfuls[p]
        assert len(spec) == len(fighters), f"player {p} has {len(fighters)} fighters"
        landed.append(tuple(Landed(f, POSE[c]) for f, c in zip(fighters, spec)))
    return Throw.of(landed)


def refused(match: Match, action, *words: str) -> str:
    """Apply must raise IllegalAction naming `words` and leave the match untouched."""
    before = (msgspec.json.encode(match.state), match.log, match.actions)
    with pytest.raises(IllegalAction) as err:
        match.apply(action)
    for w in words:
        assert w.casefold() in err.value.reason.casefold(), err.value.reason
    assert (msgspec.json.encode(match.state), match.log, match.actions) == before
    return err.value.reason


ONES = [f"{fin} {s}" for s in ("glacix", "warpling", "skylar") for fin in ("hyper", "crystal", "shadow")]


# --- Step 1: the fistful ------------------------------------------------------------------

def test_rulebook_step1_example_fistful_of_14_is_legal():
    f = fistful("hyper skwall", "hyper rimefang", "hyper frost", "hyper glacix", "hyper gregor", "hyper tremmor")
    assert [ROSTER.value(x) for x in f] == [2, 4, 3, 1, 2, 2]
    assert sum(ROSTER.value(x) for x in f) == 14
    assert fistful_problems(ROSTER, f) == []
    match = picked(f, fistful("hyper skwall"))
    assert match.state.fistfuls[0] == f


def test_limits_are_six_fighters_and_fifteen_points():
    assert (MAX_FIGHTERS, MAX_POINTS) == (6, 15)


def test_seven_fighters_refused():
    seven = fistful(*ONES[:7])
    assert sum(ROSTER.value(x) for x in seven) <= MAX_POINTS
    match = Match.new("throwdown", setup(2))
    refused(match, Pick(0, seven), "at most 6 fighters", "7")
    assert fistful_problems(ROSTER, seven[:6]) == []


def test_sixteen_points_refused_naming_the_limit():
    sixteen = fistful("hyper rimefang", "hyper nexa", "hyper cirrak", "hyper quagg")
    assert sum(ROSTER.value(x) for x in sixteen) == 16
    match = Match.new("throwdown", setup(2))
    refused(match, Pick(0, sixteen), "at most 15 points", "16")


@pytest.mark.parametrize("specs", [
    ("hyper rimefang", "hyper nexa", "hyper cirrak", "hyper frost"),
    ("hyper rimefang", "hyper nexa", "hyper cirrak", "hyper glacix", "crystal glacix", "shadow glacix"),
])
def test_exactly_fifteen_points_accepted(specs):
    f = fistful(*specs)
    assert sum(ROSTER.value(x) for x in f) == 15
    match = picked(f, fistful("hyper skwall"))
    assert match.state.fistfuls[0] == f


def test_duplicate_fighter_refused_but_other_finish_allowed():
    match = Match.new("throwdown", setup(2))
    refused(match, Pick(0, fistful("hyper skwall", "hyper skwall")), "twice")
    match.apply(Pick(0, fistful("hyper skwall", "shadow skwall")))
    assert match.state.picked[0]


def test_unknown_fighter_refused():
    match = Match.new("throwdown", setup(2))
    refused(match, Pick(0, (Fighter("nobody", "hyper"),)), "not in the roster")
    refused(match, Pick(0, (Fighter("skwall", "golden"),)), "not in the roster")


def test_empty_fistful_refused():
    refused(Match.new("throwdown", setup(2)), Pick(0, ()), "at least one")


def test_pick_for_a_seat_that_does_not_exist_refused():
    match = Match.new("throwdown", setup(2))
    refused(match, Pick(2, fistful("hyper skwall")), "no player 3")
    refused(match, Pick(-1, fistful("hyper skwall")))


# --- picking is simultaneous and secret -------------------------------------------------------

def test_picks_are_simultaneous_in_any_order_and_secret():
    a, b, c = fistful("hyper skwall"), fistful("crystal gregor", "hyper frost"), fistful("shadow tremmor")
    match = Match.new("throwdown", setup(3))
    assert match.actor == Simultaneous((0, 1, 2))
    match.apply(Pick(1, b))
    assert match.actor == Simultaneous((0, 2))
    assert match.view(1).fistfuls == ((), b, ())
    assert match.view(0).fistfuls == ((), (), ())
    assert match.view(None).fistfuls == ((), (), ())
    match.apply(Pick(2, c))
    assert match.actor == Simultaneous((0,))
    assert match.view(2).fistfuls == ((), (), c)
    assert match.view(1).fistfuls == ((), b, ())
    match.apply(Pick(0, a))
    assert match.actor == CHANCE
    assert match.state.phase == "throw"
    for p in (0, 1, 2, None):
        assert match.view(p).fistfuls == (a, b, c)


def test_a_player_cannot_pick_twice():
    match = Match.new("throwdown", setup(3))
    match.apply(Pick(0, fistful("hyper skwall")))
    refused(match, Pick(0, fistful("hyper gregor")), "Player 1", "already picked")


def test_fistfuls_are_kept_after_picking():
    match = picked(fistful("hyper skwall"), fistful("hyper gregor"))
    refused(match, Pick(0, fistful("hyper frost")), "already chosen")
    match.apply(throw(match, "b", "b"))
    refused(match, Pick(1, fistful("hyper frost")), "already chosen")
    assert match.state.fistfuls == (fistful("hyper skwall"), fistful("hyper gregor"))


# --- Step 4: the bonus, through the game ------------------------------------------------------

def test_bonus_recorded_in_the_round_for_the_single_most_face_up():
    match = picked(fistful("hyper glacix", "hyper warpling"), fistful("hyper rimefang", "hyper nexa"))
    match.apply(throw(match, "bs", "bd"))
    scores = match.state.round.scores
    assert (scores[0].points, scores[0].bonus, scores[0].total) == (2, 2, 4)
    assert (scores[1].points, scores[1].bonus, scores[1].total) == (4, 0, 4)
    assert match.state.round.removers == (1,)


# --- Step 5: who removes -------------------------------------------------------------------

def test_lowest_total_with_a_face_down_fighter_removes():
    match = picked(fistful("hyper skwall", "hyper frost"), fistful("hyper gregor", "hyper rimefang"),
                   fistful("hyper tremmor", "hyper nexa"))
    match.apply(throw(match, "bd", "db", "bd"))
    assert match.state.phase == "remove"
    assert match.state.round.removers == (0, 2)
    assert match.actor == 0
    assert match.legal_actions() == [Remove(0, F("hyper frost"))]


def test_ties_on_lowest_all_remove_in_seat_order():
    match = picked(fistful("hyper skwall", "hyper frost"), fistful("hyper rimefang", "hyper nexa"),
                   fistful("hyper gregor", "hyper mantorr"))
    match.apply(throw(match, "bd", "bb", "bd"))
    assert match.state.to_remove == (0, 2)
    refused(match, Remove(2, F("hyper mantorr")), "Player 1", "who removes")
    match.apply(Remove(0, F("hyper frost")))
    assert match.actor == 2
    assert match.state.phase == "remove"
    match.apply(Remove(2, F("hyper mantorr")))
    assert match.state.phase == "throw"
    assert match.state.round.removed == (F("hyper frost"), None, F("hyper mantorr"))
    assert match.state.fistfuls == (fistful("hyper skwall"), fistful("hyper rimefang", "hyper nexa"),
                                    fistful("hyper gregor"))


def test_a_player_with_all_face_up_is_not_a_candidate_even_when_lowest():
    match = picked(fistful("hyper glacix"), fistful("hyper rimefang", "hyper nexa"))
    match.apply(throw(match, "b", "bd"))
    scores = match.state.round.scores
    assert scores[0].total < scores[1].total
    assert match.state.to_remove == (1,)


def test_nobody_removes_when_no_one_has_a_face_down_fighter():
    match = picked(fistful("hyper glacix"), fistful("hyper rimefang", "hyper nexa"))
    match.apply(throw(match, "b", "bs"))
    assert match.state.phase == "throw"
    assert match.actor == CHANCE
    assert match.state.round.removers == ()
    assert match.legal_actions() is None
    assert "Nobody" in match.log[-1]
    refused(match, Remove(0, F("hyper glacix")), "Nobody has to remove")


def test_only_a_face_down_fighter_of_this_round_can_be_removed():
    match = picked(fistful("hyper skwall", "hyper frost", "hyper gregor"), fistful("hyper rimefang", "hyper nexa"))
    match.apply(throw(match, "ddb", "bb"))
    match.apply(Remove(0, F("hyper skwall")))
    match.apply(throw(match, "bd", "bb"))
    assert match.actor == 0
    refused(match, Remove(0, F("hyper skwall")), "face down")   # already gone
    refused(match, Remove(0, F("hyper frost")), "face down")   # face down last round, face up now
    refused(match, Remove(0, F("hyper rimefang")), "face down")  # someone else's fighter
    refused(match, Remove(1, F("hyper rimefang")), "Player 1", "who removes")
    refused(match, Remove(0, Fighter("nobody", "hyper")), "face down")
    assert match.legal_actions() == [Remove(0, F("hyper gregor"))]
    assert GAME.removable(match.state, 0) == [F("hyper gregor")]
    assert GAME.removable(match.state, 1) == []


def test_throw_is_refused_while_a_removal_is_pending():
    match = picked(fistful("hyper skwall"), fistful("hyper gregor", "hyper frost"))
    match.apply(throw(match, "b", "bd"))
    refused(match, throw(match, "b", "bb"), "not time to throw")


# --- Step 6: the end ------------------------------------------------------------------

def test_game_ends_when_one_player_has_fighters():
    match = picked(fistful("hyper skwall"), fistful("hyper gregor", "hyper frost"), fistful("hyper tremmor"))
    match.apply(throw(match, "d", "bb", "b"))
    match.apply(Remove(0, F("hyper skwall")))
    assert not match.is_over
    match.apply(throw(match, None, "bb", "d"))
    match.apply(Remove(2, F("hyper tremmor")))
    assert match.is_over
    assert match.actor is None
    assert match.state.phase == "over"
    assert match.result.winners == (1,) and not match.result.draw
    assert "Player 2 wins" in GAME.result_text(match.state)
    assert match.result.reason == "last-standing"
    assert match.result.placings == (3, 1, 2)
    assert match.state.out_after == (1, 0, 2)
    assert match.legal_actions() == []
    refused(match, throw(match, None, "bb", None), "over")


def test_simultaneous_wipe_out_is_a_draw_between_exactly_those_players():
    match = picked(fistful("hyper skwall"), fistful("hyper gregor"), fistful("hyper tremmor"))
    match.apply(throw(match, "b", "b", "d"))
    match.apply(Remove(2, F("hyper tremmor")))
    match.apply(throw(match, "d", "d", None))
    assert match.state.to_remove == (0, 1)
    match.apply(Remove(0, F("hyper skwall")))
    assert not match.is_over
    match.apply(Remove(1, F("hyper gregor")))
    assert match.is_over
    assert match.result.draw
    assert match.result.winners == (0, 1)
    assert "Player 3" not in GAME.result_text(match.state)
    assert match.result.placings == (1, 1, 3)


def test_two_out_at_once_while_a_third_stands_is_a_win_not_a_draw():
    match = picked(fistful("hyper skwall"), fistful("hyper gregor"), fistful("hyper tremmor", "hyper frost"))
    match.apply(throw(match, "d", "d", "bb"))
    match.apply(Remove(0, F("hyper skwall")))
    match.apply(Remove(1, F("hyper gregor")))
    assert match.result.winners == (2,) and not match.result.draw
    assert match.result.placings == (2, 2, 1)


def test_one_player_practice_ends_when_the_fistful_is_gone_with_no_winner():
    match = picked(fistful("hyper skwall", "hyper frost"))
    match.apply(throw(match, "bb"))
    assert match.state.phase == "throw"
    match.apply(throw(match, "bd"))
    match.apply(Remove(0, F("hyper frost")))
    assert not match.is_over
    match.apply(throw(match, "d"))
    match.apply(Remove(0, F("hyper skwall")))
    assert match.is_over
    assert match.result.winners == () and not match.result.draw
    assert match.result.placings == (1,) and match.result.reason == "practice"
    text = GAME.result_text(match.state)
    assert "Practice" in text and "3 throws" in text


def test_players_out_do_not_throw():
    match = picked(fistful("hyper skwall"), fistful("hyper gregor", "hyper frost"), fistful("hyper tremmor", "hyper nexa"))
    match.apply(throw(match, "d", "bb", "bb"))
    match.apply(Remove(0, F("hyper skwall")))
    out_throwing = Throw(("", *throw(match, None, "bb", "bb").poses[1:]))
    refused(match, out_throwing, "Player 1", "out")
    refused(match, Throw(("b", *out_throwing.poses[1:])), "out")
    refused(match, throw(match, None, None, "bb"), "Player 2")
    match.apply(throw(match, None, "bb", "bb"))
    assert match.state.round.scores[0] is None


def test_throw_must_cover_exactly_each_fistful():
    match = picked(fistful("hyper skwall", "hyper frost"), fistful("hyper gregor"))
    good = throw(match, "bd", "b")
    refused(match, Throw(good.poses[:1]), "2 players")
    refused(match, Throw((good.poses[0][:1], good.poses[1])), "Player 1", "2 fighters")
    refused(match, Throw((good.poses[0] + good.poses[0][:1], good.poses[1])), "Player 1")
    refused(match, Throw((good.poses[0], None)), "Player 2")
    refused(match, Throw((good.poses[0], "bb")), "Player 2")
    match.apply(good)


def test_throw_before_all_picked_refused():
    match = Match.new("throwdown", setup(2))
    match.apply(Pick(0, fistful("hyper skwall")))
    refused(match, Throw(("b", None)), "not time")


def test_unknown_pose_refused():
    match = picked(fistful("hyper skwall"), fistful("hyper gregor"))
    refused(match, Throw(("x", "d")), "pose")


# --- setup -------------------------------------------------------------------------

@pytest.mark.parametrize("n", [1, 2, 10])
def test_one_to_ten_players_valid(n):
    match = Match.new("throwdown", GAME.default_setup(n))
    assert match.actor == Simultaneous(tuple(range(n)))
    assert len({p.colour for p in match.setup.players}) == n


@pytest.mark.parametrize("n", [0, 11])
def test_zero_and_eleven_players_refused(n):
    players = tuple(PlayerSetup(f"P{i}", DEFAULT_COLOURS[i % 10]) for i in range(n))
    with pytest.raises(IllegalSetup, match=str(n)):
        Match.new("throwdown", ThrowdownSetup(players))


@pytest.mark.parametrize("players, words", [
    ((("Ann", "#112233"), ("ann ", "#445566")), "Two players"),
    ((("Ann", "#112233"), ("Bob", "red")), "colour"),
    ((("Ann", "#112233"), ("Bob", "#12345")), "colour"),
    ((("Ann", "#112233"), ("Bob", "#gg0000")), "colour"),
    ((("Ann", "#112233"), ("  ", "#445566")), "name"),
    ((("Ann", "#112233"), ("B" * 41, "#445566")), "40"),
])
def test_bad_player_setup_refused(players, words):
    setup_ = ThrowdownSetup(tuple(PlayerSetup(n, c) for n, c in players))
    with pytest.raises(IllegalSetup, match=words):
        Match.new("throwdown", setup_)


def test_setup_from_dict_is_checked():
    with pytest.raises(IllegalSetup):
        Match.new("throwdown", {"players": [{"name": "A", "colour": "#000000"}], "mode": "sideways"})
    match = Match.new("throwdown", {"players": [{"name": "A", "colour": "#000000"}], "mode": "table"})
    assert match.mode == "table"


# --- the round history, rebuilt from the log ------------------------------------------------

def test_round_log_follows_the_log_through_undo():
    from core.fistful.throwdown import RoundLog

    match = picked(fistful("hyper skwall", "hyper frost"), fistful("hyper gregor", "hyper nexa"))
    log = RoundLog(GAME, match.setup)
    match.apply(throw(match, "bd", "bb"))
    assert [r.number for r in log.update(match.actions)] == [1]
    match.apply(Remove(0, F("hyper frost")))
    rounds = log.update(match.actions)
    assert rounds[-1].removed == (F("hyper frost"), None)
    match.apply(throw(match, "b", "bb"))
    assert len(log.update(match.actions)) == 2
    match.undo()
    match.apply(throw(match, "d", "bs"))
    assert [r.number for r in log.update(match.actions)] == [1, 2]
    assert log.rounds[-1].removed == (None, None) and log.rounds[-1].removers == (0,)
    assert log.rounds == GAME.rounds(match.setup, match.actions)
    assert log.rounds[-1] == match.state.round


def test_each_picker_is_curtained_while_fistfuls_are_chosen():
    match = Match.new("throwdown", setup(3, "simulated"), seed=1)
    assert GAME.secret(match.state) == Secret(0, "fistful")
    match.apply(Pick(0, fistful("shadow skwall")))
    assert GAME.secret(match.state) == Secret(1, "fistful")
    match = picked(fistful("shadow skwall"), fistful("shadow gregor"), mode="table")
    assert GAME.secret(match.state) is None, "nothing is hidden once every fistful is revealed"


def test_a_lone_practice_player_is_never_curtained():
    match = Match.new("throwdown", setup(1), seed=1)
    assert match.state.phase == "pick"
    assert GAME.secret(match.state) is None
