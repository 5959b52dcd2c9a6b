"""The one stylesheet: assembled from resources/style, with named colours and no inline styles."""
from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from gui.kit.style import ColourLabel, set_role
from gui.kit.stylesheet import assemble, expand, palette, stylesheet
from maps.datafile import DataError


def test_every_sheet_uses_only_named_colours_the_palette_has():
    sheet = stylesheet()
    assert "@" not in sheet.replace("@media", "")
    assert 'QPushButton[role="primary"]' in sheet


def test_an_unknown_colour_name_is_refused_with_file_and_line():
    with pytest.raises(DataError) as e:
        expand("QLabel {\n  color: @nope; }", {"ink": "#000000"}, "game.qss")
    assert "game.qss: line 2" in str(e.value) and "@nope" in str(e.value)


def test_names_in_comments_are_not_colours():
    assert "@name" not in expand("/* write @name */ QLabel { color: @ink; }", {"ink": "#010203"}, "x.qss")
    assert "#010203" in expand("/* write @name */ QLabel { color: @ink; }", {"ink": "#010203"}, "x.qss")


def test_a_bad_palette_entry_names_the_entry():
    with pytest.raises(DataError) as e:
        palette(b'{"ink": "black"}')
    assert "palette.json: ink" in str(e.value)


def test_shared_sheets_come_before_the_games():
    joined = assemble({"zz.qss": "Z {}", "base.qss": "B {}", "impact.qss": "I {}", "kit.qss": "K {}"}, {})
    assert joined.index("B {}") < joined.index("K {}") < joined.index("I {}") < joined.index("Z {}")


def test_colour_label_picks_readable_ink(qapp):
    label = ColourLabel("Alice")
    label.set_colour("#1d4ed8")
    assert label.property("ink") == "light"
    label.set_colour("#fde047")
    assert label.property("ink") == "dark"
    assert label.colour == QColor("#fde047")
    label.set_colour(None)
    assert label.property("ink") is None


def test_set_role_changes_the_look(qapp):
    from gui.kit.stylesheet import apply_theme
    apply_theme(qapp)
    label = ColourLabel("x")
    set_role(label, "caption")
    small = label.font().pixelSize()
    set_role(label, "title")
    assert label.font().pixelSize() > small


class _App:
    """Just what apply_theme touches of a QApplication (a real one would restyle every live widget)."""

    def __init__(self) -> None:
        self.props: dict[str, object] = {}
        self.sheet = ""

    def property(self, name: str) -> object:
        return self.props.get(name)

    def setProperty(self, name: str, value: object) -> None:
        self.props[name] = value

    def setStyleSheet(self, sheet: str) -> None:
        self.sheet = sheet


def test_the_start_sheet_is_part_of_the_whole_and_the_whole_replaces_it():
    from gui.kit.stylesheet import START, apply_theme

    start, whole = stylesheet(START), stylesheet()
    assert start and len(start) < len(whole)
    assert "#impactView" not in start and "#impactView" in whole
    app = _App()
    apply_theme(app, start=True)
    assert app.sheet == start
    apply_theme(app)
    assert app.sheet == whole
    apply_theme(app, start=True)
    assert app.sheet == whole, "the start sheet never replaces the whole one"
