"""The shared board view (gui/kit/board_view.py) on a tiny board: fit, zoom limits, click versus pan, ruler, LOD."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QGraphicsEllipseItem

from gui.kit.board_view import BoardView

pytestmark = pytest.mark.gui
BOARD = QRectF(0, 0, 400, 200)  # 40 x 20 units at UNIT 10


class TinyBoard(BoardView):
    """One round piece at (100, 100); it moves only when `movable` says so."""

    UNIT = 10.0

    def __init__(self) -> None:
        super().__init__(scene_rect=BOARD)
        self.events: list[tuple] = []
        self.movable = True
        self.disc = QGraphicsEllipseItem(-20, -20, 40, 40)
        self.disc.setPos(100, 100)
        self.scene().addItem(self.disc)

    def piece_at(self, view_pos: QPoint):
        at = self.mapToScene(view_pos)
        return "disc" if (at - self.disc.pos()).manhattanLength() <= 20 else None

    def piece_clicked(self, piece, scene_pos, modifiers) -> None:
        self.events.append(("piece", piece))

    def board_clicked(self, scene_pos, modifiers) -> None:
        self.events.append(("board", round(scene_pos.x()), round(scene_pos.y())))

    def piece_drag_started(self, piece, scene_pos) -> bool:
        self.events.append(("start", piece))
        return self.movable

    def piece_drag_moved(self, piece, scene_pos) -> None:
        self.disc.setPos(scene_pos)

    def piece_drag_ended(self, piece, commit) -> None:
        self.events.append(("end", piece, commit))

    def detail_changed(self, px_per_unit: float) -> None:
        self.events.append(("lod", round(px_per_unit, 6)))


@pytest.fixture
def board(qtbot) -> TinyBoard:
    b = TinyBoard()
    qtbot.addWidget(b)
    b.resize(800, 600)
    b.show()
    qtbot.waitExposed(b)
    b.events.clear()
    return b


def wheel(view: BoardView, steps: int) -> None:
    at = view.viewport().rect().center()
    event = QWheelEvent(QPointF(at), QPointF(view.viewport().mapToGlobal(at)), QPoint(), QPoint(0, 120 * steps),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), event)


def press_move_release(view: BoardView, start: QPoint, end: QPoint) -> None:
    vp = view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(vp, end)
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def empty_spot(view: BoardView) -> QPoint:
    """A point right of the centre, well clear of the disc at any zoom."""
    view.events.clear()
    return view.viewport().rect().center() + QPoint(150, 40)


def test_fit_fills_the_viewport_and_follows_the_window(board):
    shown = board.mapToScene(board.viewport().rect()).boundingRect()
    assert board.fitted and board.zoom == pytest.approx(1.0)
    assert board.px_per_unit() == pytest.approx(800 / 400 * 10)  # the width binds: 800 px for 400 units
    assert shown.width() == pytest.approx(BOARD.width(), abs=1)
    assert shown.center().x() == pytest.approx(BOARD.center().x(), abs=1)
    board.resize(400, 600)
    assert board.px_per_unit() == pytest.approx(400 / 400 * 10)


def test_zoom_stays_within_limits_relative_to_the_fitted_scale(board):
    fitted = board.px_per_unit()
    wheel(board, 2)
    assert board.zoom == pytest.approx(1.2 ** 2) and not board.fitted
    wheel(board, 100)
    assert board.zoom == pytest.approx(BoardView.MAX_ZOOM)
    assert board.px_per_unit() == pytest.approx(fitted * BoardView.MAX_ZOOM)
    wheel(board, -100)
    assert board.zoom == pytest.approx(1.0) and board.fitted


def test_keys_zoom_and_fit(board):
    board.setFocus()
    QTest.keyClick(board, Qt.Key.Key_Plus)
    assert board.zoom == pytest.approx(1.2)
    QTest.keyClick(board, Qt.Key.Key_Minus)
    QTest.keyClick(board, Qt.Key.Key_Equal)
    QTest.keyClick(board, Qt.Key.Key_Equal)
    assert board.zoom == pytest.approx(1.44)
    QTest.keyClick(board, Qt.Key.Key_0)
    assert board.fitted and board.zoom == pytest.approx(1.0)


def test_a_zoomed_view_keeps_its_scale_when_the_window_changes(board):
    board.zoom_by(2)
    before = board.px_per_unit()
    board.resize(700, 600)
    assert board.px_per_unit() == pytest.approx(before) and not board.fitted


def test_double_click_on_empty_board_fits_again(board):
    board.zoom_by(3)
    QTest.mouseDClick(board.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                      board.viewport().rect().center() + QPoint(200, 0))
    assert board.fitted and board.zoom == pytest.approx(1.0)


def test_a_2px_move_is_a_click_and_a_30px_move_is_a_pan(board):
    board.zoom_by(4)  # room to pan
    start = empty_spot(board)
    at = board.mapToScene(start + QPoint(2, 0))  # a click reports where the button came up
    press_move_release(board, start, start + QPoint(2, 0))
    assert board.events == [("board", round(at.x()), round(at.y()))]
    board.events.clear()
    start += QPoint(0, 60)  # not where the last click was: two quick presses there are a double-click
    before = board.mapToScene(board.viewport().rect().center())
    press_move_release(board, start, start + QPoint(30, 0))
    after = board.mapToScene(board.viewport().rect().center())
    assert board.events == []
    assert before.x() - after.x() == pytest.approx(30 / board.transform().m11(), abs=1 / board.transform().m11())


def test_the_click_threshold_is_the_platform_drag_distance(board):
    board.zoom_by(4)
    start = empty_spot(board)
    d = QApplication.startDragDistance()
    press_move_release(board, start, start + QPoint(d - 1, 0))
    assert [e[0] for e in board.events] == ["board"]
    board.events.clear()
    press_move_release(board, start + QPoint(0, 60), start + QPoint(d, 60))
    assert board.events == []


def test_a_piece_is_clicked_or_dragged(board):
    disc = board.mapFromScene(board.disc.pos())
    press_move_release(board, disc, disc + QPoint(2, 1))
    assert board.events == [("piece", "disc")]
    board.events.clear()
    press_move_release(board, disc, disc + QPoint(30, 0))
    assert board.events == [("start", "disc"), ("end", "disc", True)]
    assert board.mapFromScene(board.disc.pos()) == disc + QPoint(30, 0)


def test_a_piece_that_may_not_move_is_clicked_and_the_board_does_not_pan(board):
    board.movable = False
    board.zoom_by(2)
    board.events.clear()
    disc = board.mapFromScene(board.disc.pos())
    centre = board.mapToScene(board.viewport().rect().center())
    press_move_release(board, disc, disc + QPoint(40, 0))
    assert board.events == [("start", "disc"), ("piece", "disc")]
    assert board.mapToScene(board.viewport().rect().center()) == centre


def test_escape_cancels_a_drag(board):
    disc = board.mapFromScene(board.disc.pos())
    vp = board.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, disc)
    QTest.mouseMove(vp, disc + QPoint(30, 0))
    assert board.dragged_piece == "disc"
    QTest.keyClick(board, Qt.Key.Key_Escape)
    assert board.dragged_piece is None
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, disc + QPoint(30, 0))
    assert board.events == [("start", "disc"), ("end", "disc", False)]


def test_the_ruler_shows_and_hides_with_the_subclass_text(board):
    assert not board.ruler.isVisible()
    board.show_ruler(QPointF(10, 10), QPointF(110, 10), "10.0 cm")
    assert board.ruler.isVisible() and board.ruler.text == "10.0 cm"
    assert board.ruler.a == QPointF(10, 10) and board.ruler.b == QPointF(110, 10)
    board.hide_ruler()
    assert not board.ruler.isVisible()


def test_level_of_detail_hook_fires_once_per_zoom_step(board):
    seen: list[float] = []
    board.scale_changed.connect(seen.append)
    fitted = board.px_per_unit()
    wheel(board, 1)
    wheel(board, 1)
    assert [e[0] for e in board.events] == ["lod", "lod"]
    assert seen == pytest.approx([fitted * 1.2, fitted * 1.44])
    wheel(board, 100)
    wheel(board, 100)  # already at the limit: no change, no call
    assert len(seen) == 3
    board.fit()
    board.fit()
    assert seen[-1] == pytest.approx(fitted) and len(seen) == 4


def test_the_wheel_zooms_about_the_point_under_the_mouse(board):
    at = QPoint(600, 300)  # the board is wider than the window is: only x can be held
    held = board.mapToScene(at)
    event = QWheelEvent(QPointF(at), QPointF(board.viewport().mapToGlobal(at)), QPoint(), QPoint(0, 240),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(board.viewport(), event)
    assert board.zoom == pytest.approx(1.44)
    now = board.mapToScene(at)
    assert (now.x(), now.y()) == pytest.approx((held.x(), held.y()), abs=1.5 / board.transform().m11())


def test_arrow_keys_pan_a_zoomed_board(board):
    board.zoom_by(3)
    before = board.mapToScene(board.viewport().rect().center())
    board.setFocus()
    QTest.keyClick(board, Qt.Key.Key_Right)
    assert board.mapToScene(board.viewport().rect().center()).x() > before.x()


def test_fit_leaves_the_padding_free(qtbot):
    class Padded(TinyBoard):
        FIT_PADDING_PX = 20

    b = Padded()
    qtbot.addWidget(b)
    b.resize(800, 600)
    b.show()
    qtbot.waitExposed(b)
    assert b.px_per_unit() == pytest.approx((800 - 40) / 400 * 10)
    left = b.mapFromScene(BOARD.topLeft())
    assert left.x() == pytest.approx(20, abs=1)


class Keyed(TinyBoard):
    """Three pieces in a row (left, middle, right) for the keyboard; `held` is nudged by arrows."""

    SPOTS = {"left": QPointF(60, 100), "middle": QPointF(200, 100), "right": QPointF(340, 100),
             "below": QPointF(200, 180)}

    def __init__(self) -> None:
        super().__init__()
        self.held = None
        self.nudges: list[tuple] = []

    def focus_pieces(self):
        return [(name, QRectF(at.x() - 10, at.y() - 10, 20, 20)) for name, at in self.SPOTS.items()]

    def nudge_target(self):
        return self.held

    def piece_nudged(self, piece, dx, dy) -> None:
        self.nudges.append((piece, round(dx, 3), round(dy, 3)))


@pytest.fixture
def keyed(qtbot) -> Keyed:
    b = Keyed()
    qtbot.addWidget(b)
    b.resize(800, 600)
    b.show()
    qtbot.waitExposed(b)
    b.setFocus()
    return b


def test_arrows_walk_the_pieces_and_enter_clicks_the_focused_one(keyed):
    QTest.keyClick(keyed, Qt.Key.Key_Right)
    assert keyed.focused_piece == "middle", "the first press picks the piece nearest the centre"
    QTest.keyClick(keyed, Qt.Key.Key_Right)
    assert keyed.focused_piece == "right"
    QTest.keyClick(keyed, Qt.Key.Key_Right)
    assert keyed.focused_piece == "right", "nothing further right"
    QTest.keyClick(keyed, Qt.Key.Key_Left)
    QTest.keyClick(keyed, Qt.Key.Key_Down)
    assert keyed.focused_piece == "below"
    keyed.events.clear()
    QTest.keyClick(keyed, Qt.Key.Key_Return)
    QTest.keyClick(keyed, Qt.Key.Key_Space)
    assert keyed.events == [("piece", "below"), ("piece", "below")]


def test_a_held_piece_is_nudged_by_the_arrows_ten_times_with_shift(keyed):
    keyed.held = "middle"
    QTest.keyClick(keyed, Qt.Key.Key_Left)
    QTest.keyClick(keyed, Qt.Key.Key_Down, Qt.KeyboardModifier.ShiftModifier)
    assert keyed.nudges == [("middle", -0.1, 0.0), ("middle", 0.0, 1.0)]
    assert keyed.focused_piece is None, "nudging does not move the focus"


def test_ctrl_arrows_pan_even_where_pieces_can_be_visited(keyed):
    keyed.zoom_by(3)
    before = keyed.mapToScene(keyed.viewport().rect().center())
    QTest.keyClick(keyed, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    assert keyed.mapToScene(keyed.viewport().rect().center()).x() > before.x()
    assert keyed.focused_piece is None


def test_tab_leaves_the_board(qtbot):
    from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget

    host = QWidget()
    qtbot.addWidget(host)
    lay = QVBoxLayout(host)
    board, after = Keyed(), QPushButton("after")
    lay.addWidget(board)
    lay.addWidget(after)
    host.show()
    host.activateWindow()
    qtbot.waitUntil(host.isActiveWindow)
    board.setFocus()
    QTest.keyClick(board, Qt.Key.Key_Right)
    assert board.focused_piece is not None
    QTest.keyClick(board, Qt.Key.Key_Tab)
    assert after.hasFocus()


def test_a_piece_the_keyboard_can_visit_names_the_keys_in_its_tooltip(keyed, monkeypatch):
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QToolTip

    from gui.kit.board_view import KEY_HINT

    shown: list[str] = []
    monkeypatch.setattr(QToolTip, "showText", lambda pos, text, w=None: shown.append(text))
    monkeypatch.setattr(keyed, "piece_at", lambda pos: "middle")
    monkeypatch.setattr(keyed, "piece_tooltip", lambda piece: f"The {piece} piece")
    at = keyed.mapFromScene(Keyed.SPOTS["middle"])
    keyed.viewportEvent(QHelpEvent(QHelpEvent.Type.ToolTip, at, keyed.viewport().mapToGlobal(at)))
    assert shown == [f"The middle piece\n{KEY_HINT}"]
