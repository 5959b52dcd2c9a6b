"""cut_name: a long name where a narrow place shows it."""
from __future__ import annotations

import pytest

from gui.kit.names import SHORT_NAME, cut_name


@pytest.mark.parametrize(("name", "shown"), [
    ("Ada", "Ada"),
    ("Wilhelmina Stokes-Ng", "Wilhelmina Stokes-Ng"),  # twenty letters stand whole
    ("Bartholomew the Unready of Lower Snoring", "Bartholomew the\u2026"),  # cut where a word ends
    ("Featherstonehaugh-Cholmondley", "Featherstonehaugh-C\u2026"),  # no word ends in time
    ("Al Featherstonehaugh-Cholmondley", "Al Featherstonehaug\u2026"),  # a word ending too soon is passed
])
def test_a_name_is_cut_at_a_word_where_it_can_be(name: str, shown: str) -> None:
    assert cut_name(name) == shown
    assert len(cut_name(name)) <= SHORT_NAME
