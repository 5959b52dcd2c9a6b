"""Issue 11: View → UI scale is saved and read at the next start (QT_SCALE_FACTOR before the
QApplication); the docks fold below NARROW_WIDTH so a small window keeps its room for the game."""
from __future__ import annotations

import pytest

from gui import app, docks, screen, storage
from gui.main_window import MainWindow
from tests.gui import stand_in as stand_in_views


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def window(qtbot, monkeypatch) -> MainWindow:
    from gui import views

    monkeypatch.setattr(views, "VIEWS", stand_in_views.VIEWS)
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.show()
    return window


def _scale_menu_texts(window: MainWindow) -> list[str]:
    window.view_menu.aboutToShow.emit()
    (menu,) = [a.menu() for a in window.view_menu.actions() if a.menu() is not None and "scale" in a.text()]
    return [a.text() for a in menu.actions()]


def test_the_view_menu_offers_the_five_scales(window):
    assert _scale_menu_texts(window) == ["100 %", "125 %", "150 %", "175 %", "200 %"]
    assert [p for p, a in window.scale_actions.items() if a.isChecked()] == [100]


def test_choosing_a_scale_saves_it_and_says_when_it_applies(window, monkeypatch):
    monkeypatch.setattr(screen, "USER_SCALE_FACTOR", None)
    _scale_menu_texts(window)
    window.scale_actions[150].trigger()
    assert storage.ui_scale() == 150
    assert [p for p, a in window.scale_actions.items() if a.isChecked()] == [150]
    assert "next time" in window.statusBar().currentMessage()


def test_the_status_bar_says_when_the_users_environment_overrides(window, monkeypatch):
    monkeypatch.setattr(screen, "USER_SCALE_FACTOR", "1.25")
    window.view_menu.aboutToShow.emit()
    window.scale_actions[200].trigger()
    assert storage.ui_scale() == 200
    assert "QT_SCALE_FACTOR=1.25" in window.statusBar().currentMessage()


def test_a_saved_scale_is_checked_in_a_new_window(qtbot):
    storage.set_ui_scale(175)
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.view_menu.aboutToShow.emit()
    assert [p for p, a in window.scale_actions.items() if a.isChecked()] == [175]


def test_only_the_offered_scales_are_saved_or_read(tmp_path):
    with pytest.raises(ValueError):
        storage.set_ui_scale(130)
    s = storage.settings()
    s.setValue("view/ui_scale", "300")
    s.sync()
    assert storage.ui_scale() is None


def test_start_scale_reads_the_setting_unless_the_command_or_environment_says():
    assert screen.start_scale(None, {}) is None
    storage.set_ui_scale(150)
    assert screen.start_scale(None, {}) == 150
    assert screen.start_scale(None, {"QT_SCALE_FACTOR": "2"}) is None  # the user's own stands
    assert screen.start_scale(125, {"QT_SCALE_FACTOR": "2"}) == 125  # --scale says so explicitly


def test_run_sets_the_saved_factor_before_the_application(monkeypatch):
    storage.set_ui_scale(175)
    monkeypatch.delenv("QT_SCALE_FACTOR", raising=False)
    seen = []

    def stop() -> None:
        seen.append(app.os.environ.get("QT_SCALE_FACTOR"))
        raise SystemExit

    monkeypatch.setattr(app, "_application", stop)
    with pytest.raises(SystemExit):
        app.run()
    assert seen == ["1.75"]


# --- docks at small widths ---------------------------------------------------------------------
def test_the_log_folds_under_the_scores_in_a_narrow_window(window, qtbot):
    window.resize(1024, 640)
    window.start_new_game("throwdown", seed=1)
    qtbot.waitUntil(lambda: window.width() == 1024)
    assert window.tabifiedDockWidgets(window.scores_dock) == [window.log_dock]
    assert window.scores_dock.width() <= docks.DOCK_WIDTH[True] + 20
    qtbot.waitUntil(lambda: window.rect().contains(window.scores_dock.geometry()))  # the scores tab on top
    assert not window.rect().intersects(window.log_dock.geometry())
    window.show_start_page()
    window.show_game()
    qtbot.waitUntil(lambda: window.rect().contains(window.scores_dock.geometry()))
    assert not window.rect().intersects(window.log_dock.geometry())
    assert not window.log_dock.isHidden()  # a tab away, not switched off

    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.width() == 1280)
    assert window.tabifiedDockWidgets(window.scores_dock) == []
    assert window.log_dock.isVisible() and window.scores_dock.isVisible()
    assert window.log_dock.y() > window.scores_dock.y()

    window.resize(1000, 700)
    qtbot.waitUntil(lambda: window.width() == 1000)
    assert window.tabifiedDockWidgets(window.scores_dock) == [window.log_dock]


def test_a_hidden_log_stays_hidden_when_the_docks_reflow(window, qtbot):
    window.resize(1024, 640)
    window.start_new_game("throwdown", seed=1)
    window.log_dock.toggleViewAction().trigger()
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.width() == 1280)
    assert window.log_dock.isHidden() and window.scores_dock.isVisible()
    window.log_dock.toggleViewAction().trigger()
    assert window.log_dock.isVisible()


def test_a_floated_dock_is_left_alone(window, qtbot):
    window.resize(1280, 800)
    window.start_new_game("throwdown", seed=1)
    window.log_dock.setFloating(True)
    window.resize(1024, 640)
    qtbot.waitUntil(lambda: window.width() == 1024)
    assert window.log_dock.isFloating()
    assert window.tabifiedDockWidgets(window.scores_dock) == []


def test_animations_are_a_saved_setting_that_tests_switch_off(monkeypatch):
    assert not storage.animations_on(), "the test run switches animations off"
    monkeypatch.setenv(storage.ENV_ANIMATIONS, "1")
    assert storage.animations_on()
    storage.set_animations(False)
    assert not storage.animations_on()
    storage.set_animations(True)
    assert storage.animations_on()
