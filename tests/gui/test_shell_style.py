"""The shell takes its look from the one stylesheet (resources/style/shell.qss), applied by the
window before it builds the start page: no inline styles, and the first paint is already styled."""
from __future__ import annotations

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel

from gui.about import AboutDialog
from gui.kit.stylesheet import palette
from gui.main_window import MainWindow
from gui.new_game import NewGameDialog
from resources import style as style_package

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def window(qtbot) -> MainWindow:
    w = MainWindow(autosave=False)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    return w


def page_colour() -> QColor:
    from importlib import resources

    colours = palette(resources.files(style_package).joinpath("palette.json").read_bytes())
    return QColor(colours["page"])


def test_the_start_page_paints_styled_from_its_first_show(window):
    page = window.start_page
    image = page.grab().toImage()
    assert image.pixelColor(4, 4) == page_colour()
    card = page.cards[0]
    corner = card.mapTo(page, card.rect().topLeft())
    assert image.pixelColor(corner.x() + card.width() - 6, corner.y() + card.height() // 2) == QColor("#ffffff")
    title = page.findChild(QLabel, "appTitle")
    assert title.font().pointSize() == 22 and title.font().bold()


def test_the_new_game_dialog_styles_its_heading_and_paints_each_players_colour(window, qtbot):
    dialog = NewGameDialog("throwdown", window)
    qtbot.addWidget(dialog)
    dialog.show()
    heading = dialog.findChild(QLabel, "newGameHeading")
    assert heading.font().pointSize() == 16 and heading.font().bold()
    button = dialog.colour_buttons[0]
    button.set_colour("#1d4ed8")
    assert button.grab().toImage().pixelColor(button.width() // 2, button.height() // 2) == QColor("#1d4ed8")
    assert not button.styleSheet()


def test_the_about_title_is_large(window, qtbot):
    about = AboutDialog(window)
    qtbot.addWidget(about)
    about.show()
    title = about.findChild(QLabel, "aboutTitle")
    assert title.font().pointSize() == 22 and title.font().bold()
