"""The one plural rule the games' texts share (core/text.py)."""
from __future__ import annotations

import pytest

from core.text import plural


@pytest.mark.parametrize(("n", "word", "many", "said"), [
    (1, "card", None, "1 card"),
    (0, "combat", None, "0 combats"),
    (2, "movement card", None, "2 movement cards"),
    (1, "pass", None, "1 pass"),
    (3, "pass", None, "3 passes"),
    (2, "die", "dice", "2 dice"),
    (1, "die", "dice", "1 die"),
])
def test_plural_counts_a_word(n, word, many, said):
    assert plural(n, word, many) == said
