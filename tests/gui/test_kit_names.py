"""cut_name: a long name where a narrow place shows it."""
from __future__ import annotations

import pytest
from PySide6.QtGui import QFont

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


def test_an_elided_label_ends_in_an_ellipsis_only_when_short_of_room(qtbot) -> None:
    from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

    from gui.kit.names import ElidedLabel

    long = "Bartholomew the Unready of Lower Snoring"
    row = QWidget()
    qtbot.addWidget(row)
    lay = QHBoxLayout(row)
    label = ElidedLabel(long, asks=SHORT_NAME)
    neighbour = QLabel("5 fighters · 14 pts")
    lay.addWidget(label, 1)
    lay.addWidget(neighbour)
    lay.addStretch(1)
    row.resize(1400, 40)
    row.show()
    qtbot.waitExposed(row)
    assert label.text() == long and label.toolTip() == "" and label.width() <= label.maximumWidth()
    assert neighbour.x() < label.x() + label.maximumWidth() + 40  # the neighbour follows the name
    row.resize(260, 40)
    qtbot.waitUntil(lambda: label.text() != long)
    assert label.text().endswith("\u2026") and long.startswith(label.text()[:-1])
    assert label.toolTip() == long and label.whole() == long
    assert neighbour.x() + neighbour.width() <= row.width()  # the neighbour keeps its room
    label.setFont(QFont(label.font().family(), label.font().pointSize() * 2))
    assert label.maximumWidth() >= label.fontMetrics().horizontalAdvance(long)  # measured in its font


def test_a_winners_band_is_whole_where_it_fits_and_cut_where_it_does_not(qtbot) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QVBoxLayout, QWidget

    from gui.kit.names import ElidedColourLabel

    long = "Bartholomew the Unready of Lower Snoring"
    page = QWidget()
    qtbot.addWidget(page)
    band = ElidedColourLabel(objectName="winnerName", radius=14.0)
    band.setFont(QFont(band.font().family(), 28))
    band.setText(long)
    band.set_colour("#d62828")
    QVBoxLayout(page).addWidget(band, 0, Qt.AlignmentFlag.AlignHCenter)
    page.resize(1800, 200)
    page.show()
    qtbot.waitExposed(page)
    assert band.text() == long and band.colour is not None
    page.resize(400, 200)
    qtbot.waitUntil(lambda: band.text() != long)
    assert band.text().endswith("\u2026") and band.width() <= 400 and band.toolTip() == long
