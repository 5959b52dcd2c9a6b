"""The odds while a unit is dragged: `odds_if_moved` measures a table on which only the dragged
tray has moved, and must agree with the odds once the move is really made."""
from __future__ import annotations

import pytest

from core.powerspike.game import GAME, Activate, Move
from tests.core.powerspike.game_helpers import draw_go, fresh, hurt, step

DC, NS, CDC_CMD, SCS_CMD = "CDC:u2", "SCS:u2", "CDC:u1", "SCS:u1"
FACE_UP, FACE_DOWN, FACE_RIGHT = 270.0, 90.0, 0.0
CLOSE = {DC: (36, 9, FACE_DOWN), NS: (36, 14, FACE_UP)}  # 4" apart, face to face


def activated(places=CLOSE, **kw):
    return step(draw_go(fresh(places, **kw), "CDC"), Activate(0, DC))


@pytest.mark.parametrize("to", [(33, 14, FACE_RIGHT), (32.5, 13, FACE_RIGHT), (36, 10, FACE_DOWN)])
def test_odds_if_moved_equal_the_odds_after_the_real_move(to):
    s = activated()
    assert GAME.move_problems(s, DC, *to) == []
    moved = step(s, Move(0, DC, *to))
    assert GAME.odds_if_moved(s, DC, *to, (DC,), NS) == GAME.odds(moved, (DC,), NS)
    assert (GAME.entitlements(GAME.as_if_moved(s, DC, *to), (DC,), NS)
            == GAME.entitlements(moved, (DC,), NS))


def test_moving_from_the_front_to_the_flank_adds_a_card_and_changes_the_odds():
    s = activated()
    before = GAME.odds(s, (DC,), NS)
    after = GAME.odds_if_moved(s, DC, 33, 14, FACE_RIGHT, (DC,), NS)
    a, _ = GAME.entitlements(GAME.as_if_moved(s, DC, 33, 14, FACE_RIGHT), (DC,), NS)
    assert a.extras == ("flank or rear",)
    assert after.attacker_win > before.attacker_win


def test_the_hypothetical_state_changes_only_the_tray():
    s = activated()
    h = GAME.as_if_moved(s, DC, 33, 14, 360 + FACE_RIGHT)
    assert (h.unit(DC).x, h.unit(DC).y, h.unit(DC).facing) == (33.0, 14.0, 0.0)
    assert [u for u in h.units if u.id != DC] == [u for u in s.units if u.id != DC]
    assert (h.phase, h.activation, h.combat_deck) == (s.phase, s.activation, s.combat_deck)
    assert s.unit(DC).x == 36.0  # the real state is untouched


def test_dragging_a_target_into_cover_or_out_of_it_changes_its_cards():
    s = activated({DC: (36, 15, FACE_DOWN), NS: (36, 25, FACE_UP)})  # NS in the Ruined outpost
    _, t = GAME.entitlements(s, (DC,), NS)
    assert "cover" in t.extras
    out = GAME.as_if_moved(s, NS, 36, 20, FACE_UP)
    assert "cover" not in GAME.entitlements(out, (DC,), NS)[1].extras
    assert GAME.odds_if_moved(s, NS, 36, 20, FACE_UP, (DC,), NS) == GAME.odds(out, (DC,), NS)


def test_dragging_the_commander_away_takes_its_card_away():
    s = activated({DC: (36, 9, FACE_DOWN), NS: (36, 14, FACE_UP), CDC_CMD: (40, 6, FACE_DOWN)})
    assert "commander" in GAME.entitlements(s, (DC,), NS)[0].extras
    far = GAME.as_if_moved(s, CDC_CMD, 70, 6, FACE_DOWN)
    assert "commander" not in GAME.entitlements(far, (DC,), NS)[0].extras
    assert GAME.odds_if_moved(s, CDC_CMD, 70, 6, FACE_DOWN, (DC,), NS) != GAME.odds(s, (DC,), NS)


def test_without_tracked_positions_the_state_is_unchanged():
    s = activated(mode="table", mirror_positions=False)
    assert GAME.as_if_moved(s, DC, 33, 14, FACE_RIGHT) is s


def test_a_hurt_unit_keeps_its_losses_in_the_hypothetical_table():
    s = hurt(activated(), NS)
    assert GAME.odds_if_moved(s, DC, 33, 14, FACE_RIGHT, (DC,), NS) == GAME.odds(
        step(s, Move(0, DC, 33, 14, FACE_RIGHT)), (DC,), NS)
