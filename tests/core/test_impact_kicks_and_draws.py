"""Impact rulings from GAME-DATA.md section 4 added after 0.1.0: knocked dice kicked out of the
game, and a draw when everyone still in goes out in the same turn."""
from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

from core.errors import IllegalAction, IllegalSetup
from core.game import Simultaneous
from core.impact.dice import side_faces
from core.impact.game import GAME, ImpactAction, Knock, Landing, RaceResult, StartingDie, Stop, Throw
from core.match import Match
from tests.core.impact_table import Table

SAVES = Path(__file__).resolve().parents[1] / "saves" / "0.1.0"


def setup(n: int = 3, mode: str = "table", **options):
    return msgspec.structs.replace(GAME.default_setup(n), mode=mode, **options)


def table(n: int = 3, start: str = "fire", **options) -> Table:
    t = Table(setup(n, **options))
    t.apply(StartingDie(start))
    return t


def play(t: Table, *actions) -> Table:
    for a in actions:
        t.apply(a)
    return t


def refused(t: Table, action, *words: str) -> None:
    before = msgspec.json.encode(t.state)
    with pytest.raises(IllegalAction) as err:
        t.apply(action)
    for w in words:
        assert w.casefold() in err.value.reason.casefold(), err.value.reason
    assert msgspec.json.encode(t.state) == before


# --- kicked out of the cauldron ------------------------------------------------------------------

def test_a_kicked_die_leaves_the_game_and_cannot_match():
    t = table(2, "fire").place(cauldron=("fire", "stone", "air"))
    play(t, Throw(0, "reckless"), Landing(("fire",), kicked=(0,)))
    s = t.state
    # the first fire was kicked out, so the thrown fire finds no partner
    assert s.cauldron == ("stone", "air", "fire") and s.removed == 1 and s.total_dice() == 26
    assert t.actor == 0 and "kicked out" in t.log[-1]


def test_a_die_turned_and_a_die_kicked_out_in_one_landing():
    t = table(2, "fire").place(cauldron=("fire", "stone", "water"))
    play(t, Throw(0, "reckless"), Landing(("air",), knocked=(Knock(1, "fire"),), kicked=(2,)))
    s = t.state
    assert s.cauldron == ("air",) and s.taken == ("fire", "fire") and s.removed == 1
    assert s.loose == (8 - 1 + 2, 8) and s.total_dice() == 26


def test_kicks_are_checked_like_knocks():
    t = table(2, "fire").place(cauldron=("fire", "stone"))
    play(t, Throw(0, "cautious"))
    refused(t, Landing(("air",), kicked=(0,)), "cautious")
    t.undo()
    play(t, Throw(0, "reckless"))
    refused(t, Landing(("air",), kicked=(2,)), "not in the cauldron")
    refused(t, Landing(("air",), kicked=(-1,)), "not in the cauldron")
    refused(t, Landing(("air",), kicked=(1, 1)), "twice")
    refused(t, Landing(("air",), knocked=(Knock(1, "fire"),), kicked=(1,)), "twice")


def test_every_kicked_die_is_counted_removed():
    t = table(3, "fire").place(cauldron=("fire", "stone", "air", "water", "lightning"))
    play(t, Throw(0, "reckless"), Landing((), missed=1, kicked=(0, 2, 4)))
    s = t.state
    assert s.cauldron == ("stone", "water") and s.removed == 1 + 3 and s.total_dice() == 26


def test_kick_out_share_is_a_setup_option_checked_like_the_others():
    assert GAME.default_setup().kick_out == 20
    with pytest.raises(IllegalSetup, match="kicked"):
        GAME.validate_setup(setup(3, kick_out=101))
    with pytest.raises(IllegalSetup):
        GAME.validate_setup(setup(3, kick_out=-1))


@pytest.mark.parametrize("kick_out,kicked_share", [(0, 0.0), (100, 1.0)])
def test_simulated_knocks_all_turn_or_all_kick(kick_out, kicked_share):
    t = Table(setup(2, mode="simulated", knock=100, kick_out=kick_out, reckless_miss=0, tilt=0))
    t.play_chance()
    t.place(cauldron=("fire", "water", "stone", "air"))
    play(t, Throw(0, "reckless"))
    landing = GAME.sample_chance(t.state, random.Random(1))
    assert len(landing.kicked) == 4 * kicked_share and len(landing.knocked) == 4 * (1 - kicked_share)
    for k in landing.knocked:
        assert k.face in side_faces(t.state.cauldron[k.die])


def test_one_knock_in_five_kicks_out_by_default():
    t = Table(setup(2, mode="simulated", knock=100, reckless_miss=0, tilt=0))
    t.play_chance()
    t.place(cauldron=("fire", "water", "stone", "air", "lightning"))
    play(t, Throw(0, "reckless"))
    kicked = knocked = 0
    for seed in range(800):
        landing = GAME.sample_chance(t.state, random.Random(seed))
        kicked += len(landing.kicked)
        knocked += len(landing.knocked)
    assert kicked + knocked == 800 * 5
    assert 0.17 < kicked / 4000 < 0.23


def test_the_chance_model_is_bumped_for_the_new_draws():
    assert GAME.chance_model == 2


def test_a_landing_written_by_0_1_0_has_nothing_kicked():
    old = b'{"kind":"landing","faces":["fire"],"missed":0,"knocked":[{"die":0,"face":"air"}],"tilted":[]}'
    landing = msgspec.json.decode(old, type=ImpactAction)
    assert landing == Landing(("fire",), 0, (Knock(0, "air"),), (), ())


def test_an_old_setup_gets_the_default_kick_out():
    old = SAVES / "impact-finished.battlebox.json"
    doc = msgspec.json.decode(old.read_bytes())
    assert "kick_out" not in doc["setup"]
    assert msgspec.convert(doc["setup"], GAME.setup_type).kick_out == 20


@pytest.mark.parametrize("path", sorted(SAVES.glob("impact*.json")), ids=lambda p: p.name)
def test_impact_saves_of_0_1_0_still_load(path):
    match = Match.load(path)
    assert match.game_id == "impact" and match.is_over == ("finished" in path.name)
    assert match.state.total_dice() == 26


# --- everyone out in the same turn ---------------------------------------------------------------

def storm_puts_everyone_out(t: Table) -> Table:
    """Seat 0 throws its last die, a Lightning Storm makes the others throw their last dice and
    the storm knocks the lightning apart: no match, nobody has a die left."""
    play(t, Throw(0, "reckless"), Landing(("lightning",)))
    assert t.actor == Simultaneous((1, 2))
    play(t, RaceResult((1, 2)), Landing((), missed=2, knocked=(Knock(0, "fire"),), kicked=(1,)))
    assert t.state.cauldron == ("fire",) and t.actor == 0
    return play(t, Stop(0))


def test_everyone_out_in_the_same_turn_is_a_draw_not_the_highest_seat():
    t = table(3, "lightning", powers=True).place(cauldron=("lightning",), loose=(1, 1, 1))
    storm_puts_everyone_out(t)
    r = t.result
    assert t.is_over and r.draw and r.winners == (0, 1, 2) and r.placings == (1, 1, 1)
    assert r.reason == "all-out" and t.state.out_order == ((0, 1, 2),)
    assert "draw" in GAME.result_text(t.state)


def test_those_out_earlier_keep_their_lower_places_in_a_draw():
    t = table(4, "lightning", powers=True).place(cauldron=("lightning",), loose=(1, 1, 1, 0),
                                                  out=(False, False, False, True), out_order=((3,),))
    storm_puts_everyone_out(t)
    assert t.result.winners == (0, 1, 2) and t.result.placings == (1, 1, 1, 4)


def test_in_a_tournament_those_out_together_share_the_game():
    t = table(3, "lightning", powers=True, tournament=True).place(cauldron=("lightning",), loose=(1, 1, 1))
    storm_puts_everyone_out(t)
    s = t.state
    assert not t.is_over and s.game == 1 and s.lost == (0, 0, 0)
    assert s.games[0].winners == (0, 1, 2) and s.games[0].out_order == ((0, 1, 2),)


def test_ordinary_game_places_by_the_order_players_went_out():
    t = table(3, "fire")
    for p in (1, 0):
        s = t.state
        t.place(loose=tuple(1 if q == p else s.loose[q] for q in range(3)), active=p, cauldron=("fire",),
                big_bang=False, throws=0)
        play(t, Throw(p), Landing((), missed=1), Stop(p))
    r = t.result
    assert r.winners == (2,) and not r.draw and r.placings == (2, 3, 1) and r.reason == "last-standing"
    assert GAME.result_text(t.state) == "Player 3 is the Master of Elements."


def test_tournament_places_by_points_lost_with_ties_shared():
    t = table(3, "fire", tournament=True)
    for game, losers in enumerate(([0, 1], [1, 2], [1, 2])):
        if game:
            play(t, StartingDie("air"))
        for p in losers:
            s = t.state
            t.place(loose=tuple(1 if q == p else s.loose[q] for q in range(3)), active=p, cauldron=("fire",),
                    big_bang=False, throws=0)
            play(t, Throw(p), Landing((), missed=1), Stop(p))
    r = t.result
    assert t.state.lost == (2, 1 + 2 + 2, 1 + 1)
    assert r.winners == (0, 2) and r.draw and r.placings == (1, 3, 1) and r.reason == "points"
    assert GAME.result_text(t.state) == ("Player 1 and Player 3 share the Tournament of the Elements, "
                                         "each losing 2 points.")
