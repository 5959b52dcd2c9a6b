"""Fighter tokens draw the whole name at every size the app uses: shrunk to fit, never elided."""
from __future__ import annotations

import pytest
from PySide6.QtGui import QFontMetricsF, QPainter

import gui.kit.fighters.tokens as tokens
from core.fistful.roster import Fighter, default_roster
from gui.fistful.battle_panel import PANEL_TOKEN
from gui.kit.fighters.picker import FISTFUL_TOKEN
from gui.kit.fighters.tokens import BOARD_TOKEN, TOKEN_SIZE, FighterToken

pytestmark = pytest.mark.gui
ROSTER = default_roster()
SIZES = (TOKEN_SIZE, BOARD_TOKEN, FISTFUL_TOKEN, PANEL_TOKEN)
SMALLEST = min(SIZES, key=lambda s: s.width())


def longest_names(n: int = 4) -> list[str]:
    return sorted(ROSTER.sculpts, key=lambda sid: -len(ROSTER.sculpts[sid].name))[:n]


class _Recording(QPainter):
    texts: list[str] = []

    def drawText(self, *args):  # noqa: N802 (Qt's name)
        _Recording.texts.append(next(a for a in args if isinstance(a, str)))
        return super().drawText(*args)


@pytest.mark.parametrize("sculpt", longest_names())
@pytest.mark.parametrize("finish", ["hyper", "crystal", "shadow"])
def test_the_longest_names_are_drawn_whole_in_the_smallest_token(qapp, monkeypatch, sculpt, finish):
    monkeypatch.setattr(tokens, "QPainter", _Recording)
    _Recording.texts = []
    token = FighterToken(ROSTER, Fighter(sculpt, finish), "standing", size=SMALLEST)
    token.grab()
    name = ROSTER.sculpts[sculpt].name
    assert name in _Recording.texts
    assert not any("\u2026" in t for t in _Recording.texts)
    font = token.name_font()
    assert QFontMetricsF(font).horizontalAdvance(name) <= token.name_rect().width()
    assert font.pixelSize() >= 8, "shrunk past reading"


def test_a_short_name_keeps_the_full_size(qapp):
    short = min(ROSTER.sculpts, key=lambda sid: len(ROSTER.sculpts[sid].name))
    assert FighterToken(ROSTER, Fighter(short, "hyper"), size=TOKEN_SIZE).name_font().pixelSize() == 12


def test_board_tokens_grow_with_the_room_up_to_a_limit():
    from gui.kit.fighters.tokens import MAX_BOARD_SCALE, board_token_scale

    assert board_token_scale(300, 5) == 1.0, "never smaller than the design size"
    assert 1.0 < board_token_scale(600, 5) < MAX_BOARD_SCALE
    assert board_token_scale(5000, 5) == MAX_BOARD_SCALE


def test_a_scaled_token_draws_the_same_face_larger(qtbot):
    from gui.kit.fighters.tokens import BOARD_TOKEN, FighterToken
    from core.fistful.roster import default_roster

    roster = default_roster()
    fighter = roster.fighters[0]
    small = FighterToken(roster, fighter, "back", size=BOARD_TOKEN)
    big = FighterToken(roster, fighter, "back", size=BOARD_TOKEN, scale=1.5)
    qtbot.addWidget(small)
    qtbot.addWidget(big)
    assert big.size() == BOARD_TOKEN * 1.5
    assert big.name_rect() == small.name_rect(), "the face is laid out at its design size, then scaled"
    a = small.grab().toImage().scaled(big.size())
    b = big.grab().toImage()
    same = sum(a.pixelColor(x, y).name() == b.pixelColor(x, y).name()
               for x in range(0, b.width(), 7) for y in range(0, b.height(), 7))
    assert same > 0.5 * (b.width() // 7 + 1) * (b.height() // 7 + 1)
