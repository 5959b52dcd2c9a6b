"""Match.undo_blocked_reason: the reason `undo` refuses with, asked before trying (the window says it)."""
from __future__ import annotations

import pytest

from core.errors import IllegalAction
from core.match import Match
from tests.core.test_match import three
from tests.core.test_throwdown_rules import throw


def test_nothing_to_undo_at_the_start():
    match = Match.new("throwdown", seed=3)
    assert match.undo_blocked_reason() == "there is nothing to undo"
    with pytest.raises(IllegalAction, match=match.undo_blocked_reason()):
        match.undo()


def test_a_simulated_throw_blocks_undo_and_the_query_says_why():
    match = three("simulated")
    match.play_chance()
    reason = match.undo_blocked_reason()
    assert reason is not None and "cannot be undone" in reason
    assert not match.can_undo
    with pytest.raises(IllegalAction) as refused:
        match.undo()
    assert refused.value.reason == reason


def test_table_mode_never_blocks_after_a_throw():
    match = three("table")
    match.apply(throw(match, "bb", "bb", "d"))
    assert match.undo_blocked_reason() is None and match.can_undo
