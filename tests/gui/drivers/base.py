"""What every page object shares: finding widgets by object name and clicking, dragging, turning the wheel
and pressing keys the way a user would (QTest events on the real widgets)."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QListWidget, QScrollArea, QWidget

W = TypeVar("W", bound=QWidget)

LEFT = Qt.MouseButton.LeftButton
NO_MODIFIER = Qt.KeyboardModifier.NoModifier


def find(root: QWidget, name: str, kind: type[W] = QWidget) -> W:  # type: ignore[assignment]
    """The child of `root` (at any depth) called `name`, preferring one on screen (a rebuilt panel's old
    widget may linger until its deletion); LookupError when there is none."""
    found = root.findChildren(kind, name)
    if not found:
        raise LookupError(f"no {kind.__name__} named {name!r} under {root.objectName() or root}")
    shown = [w for w in found if w.isVisibleTo(root)]
    return (shown or found)[-1]


def click(widget: QWidget | None, on_screen_in: QWidget | None = None, enabled: bool = False) -> None:
    """Scroll the widget into view and click its centre; with `on_screen_in`, refuse a hidden one;
    with `enabled`, refuse a disabled one."""
    if widget is None:
        raise LookupError("no such widget on screen")
    if on_screen_in is not None:
        QApplication.processEvents()
        if not widget.isVisibleTo(on_screen_in):
            raise LookupError(f"{widget.objectName() or widget} is not on screen")
    if enabled and not widget.isEnabled():
        raise LookupError(f"{widget.objectName() or widget} is disabled")
    scroll = widget.parentWidget()
    while scroll is not None and not isinstance(scroll, QScrollArea):
        scroll = scroll.parentWidget()
    if scroll is not None:
        scroll.ensureWidgetVisible(widget)
    QTest.mouseClick(widget, LEFT, pos=widget.rect().center())


def click_at(view: QAbstractScrollArea | QWidget, point: QPoint, shift: bool = False) -> None:
    """A left click at `point` of a scroll area's viewport (or of a plain widget)."""
    target = view.viewport() if isinstance(view, QAbstractScrollArea) else view
    mods = Qt.KeyboardModifier.ShiftModifier if shift else NO_MODIFIER
    QTest.mouseClick(target, LEFT, mods, point)


def click_row(widget: QListWidget, key: object) -> None:
    """Click the list row whose user data is `key`."""
    for i in range(widget.count()):
        item = widget.item(i)
        if item.data(Qt.ItemDataRole.UserRole) == key:
            widget.scrollToItem(item)
            QApplication.processEvents()
            QTest.mouseClick(widget.viewport(), LEFT, pos=widget.visualItemRect(item).center())
            return
    raise LookupError(f"{key} is not in the list {widget.objectName() or widget}")


def wheel(view: QAbstractScrollArea, steps: int, at: QPoint | None = None) -> None:
    """Turn the mouse wheel `steps` notches (positive: away from the user) over the viewport."""
    vp = view.viewport()
    at = at if at is not None else vp.rect().center()
    event = QWheelEvent(QPointF(at), QPointF(vp.mapToGlobal(at)), QPoint(), QPoint(0, 120 * steps),
                        Qt.MouseButton.NoButton, NO_MODIFIER, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(vp, event)


def drag(view: QAbstractScrollArea, start: QPoint, end: QPoint, steps: int = 4, release: bool = True,
         turn_steps: int = 0) -> None:
    """Press at `start`, move to `end` in `steps` moves, optionally turn the wheel there, then release."""
    vp = view.viewport()
    QTest.mousePress(vp, LEFT, NO_MODIFIER, start)
    for k in range(1, steps + 1):
        t = k / steps
        QTest.mouseMove(vp, QPoint(round(start.x() + (end.x() - start.x()) * t),
                                   round(start.y() + (end.y() - start.y()) * t)))
    if turn_steps:
        wheel(view, turn_steps, end)
    if release:
        QTest.mouseRelease(vp, LEFT, NO_MODIFIER, end)


def key_click(widget: QWidget, key: Qt.Key) -> None:
    QTest.keyClick(widget, key)


class Driver:
    """A page object over one root widget (a game view or the main window)."""

    def __init__(self, root: QWidget) -> None:
        self.root = root

    def find(self, name: str, kind: type[W] = QWidget) -> W:  # type: ignore[assignment]
        return find(self.root, name, kind)

    def click(self, target: str | QWidget | None, on_screen: bool = False, enabled: bool = False) -> None:
        """Click a widget, or the child with that object name; with `on_screen` refuse one that is hidden,
        with `enabled` one that is disabled."""
        widget = self.find(target) if isinstance(target, str) else target
        click(widget, self.root if on_screen else None, enabled)

    def click_all(self, names: Iterable[str]) -> None:
        for name in names:
            self.click(name)

    # --- what every game view has (gui/kit/game_view.GameView) ---------------------------------
    def curtain_up(self) -> bool:
        return self.find("curtain").isVisibleTo(self.root)

    def reveal_curtain(self) -> None:
        assert self.curtain_up(), "no curtain is up"
        self.click("curtainReveal")

    def refusal(self) -> str:
        """The reason in the view's refusal banner ("" while none shows)."""
        banner = self.find("refusalBanner")
        return self.find("refusalText").text() if banner.isVisibleTo(self.root) else ""

    def activate_window(self) -> None:
        """Make the window active (and let it settle), as a player's click on it would."""
        window = self.root.window()
        window.activateWindow()
        for _ in range(100):
            if window.isActiveWindow():
                break
            QTest.qWait(20)
        QTest.qWait(20)
