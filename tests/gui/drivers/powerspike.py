"""Power Spike as a player drives it: the unit lists, the tabletop (clicks, drags, the wheel), the card
picker, the combat buttons and the game-over page."""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QComboBox, QGraphicsView, QListWidget, QListWidgetItem, QWidget

from core.powerspike.cards import is_joker, rank, suit
from gui.powerspike.labels import UnitLabel
from gui.powerspike.tabletop import to_scene, to_table
from tests.gui.drivers.base import Driver, click, find, click_at, click_row, drag, wheel


class TabletopDriver:
    """The measured table: positions in inches become real mouse events on its viewport."""

    def __init__(self, view: QGraphicsView) -> None:
        self.view = view

    def unit_pos(self, unit_id: str) -> QPoint:
        return self.view.mapFromScene(to_scene(*self.view.markers[unit_id].centre))

    def table_pos(self, x_in: float, y_in: float) -> QPoint:
        return self.view.mapFromScene(to_scene(x_in, y_in))

    def click_unit(self, unit_id: str, shift: bool = False) -> None:
        click_at(self.view, self.unit_pos(unit_id), shift)

    def click_table(self, x_in: float, y_in: float) -> None:
        click_at(self.view, self.table_pos(x_in, y_in))

    def wheel(self, steps: int, at: QPoint | None = None) -> None:
        wheel(self.view, steps, at)

    def drag_unit(self, unit_id: str, to: tuple[float, float], turn_steps: int = 0, release: bool = True) -> None:
        """Press on the tray, move it in a few steps to `to` (inches), turn it with the wheel, drop it."""
        drag(self.view, self.unit_pos(unit_id), self.table_pos(*to), turn_steps=turn_steps, release=release)

    # --- the keyboard -----------------------------------------------------------------------
    def key(self, key: Qt.Key, shift: bool = False) -> None:
        self.view.setFocus()
        QTest.keyClick(self.view, key, Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier)

    @property
    def focused(self) -> str | None:
        """The unit the keyboard's focus ring is on."""
        return self.view.focused_piece

    def focus_by_arrows(self, unit_id: str, limit: int = 40) -> None:
        """Walk the focus ring with the arrow keys until it stands on `unit_id`."""
        self.key(Qt.Key.Key_Right)
        for _ in range(limit):
            if self.focused == unit_id:
                return
            here = self.view.markers[self.focused].centre
            there = self.view.markers[unit_id].centre
            dx, dy = there[0] - here[0], there[1] - here[1]
            horizontal = Qt.Key.Key_Right if dx > 0 else Qt.Key.Key_Left
            vertical = Qt.Key.Key_Down if dy > 0 else Qt.Key.Key_Up
            before = self.focused
            for k in ((horizontal, vertical) if abs(dx) >= abs(dy) else (vertical, horizontal)):
                self.key(k)
                if self.focused != before:
                    break
        assert self.focused == unit_id, f"the arrows did not reach {unit_id} (stuck on {self.focused})"

    @property
    def ghost_pose(self) -> tuple[float, float, float] | None:
        """Where the unit being moved would stand (x, y, facing), or None while none is held."""
        ghost = self.view.ghost
        if self.view.dragging is None or ghost is None:
            return None
        x, y = to_table(ghost.pos())
        return x, y, ghost.rotation() % 360

    # Reading what the table shows (these were test-only methods of TabletopView and its labels).
    def unit_at(self, view_pos: QPoint) -> str | None:
        """The unit whose tray is under a viewport point, as the view's hit test sees it."""
        return self.view.piece_at(view_pos)

    def ring_visible(self, name: str) -> bool:
        """'move', 'range' or 'command': is that ring on the table."""
        return self.view.rings[name].isVisible()

    @property
    def ruler_text(self) -> str:
        """The ruler's label, or "" while no ruler is laid."""
        return self.view.ruler.text if self.view.ruler.isVisible() else ""

    @property
    def labels(self) -> dict[str, UnitLabel]:
        """Each unit's short label on the table (a fixed size on screen, never overlapping another)."""
        return self.view.label_layer.labels

    @property
    def table_names(self) -> dict[str, QRectF]:
        """Each terrain piece's and deployment zone's name on the table, and its scene rect."""
        return self.view.name_layer.rects()

    def legend_names(self, side: str | None = None) -> list[str]:
        """The formations the legend lists, for one side or both."""
        return [f.name for f in self.view.label_layer.legend.entries if side is None or f.side == side]


def cargo_combo(builder: QWidget, ornithopter_id: str, thopter: int) -> QComboBox:
    """The army builder's choice of what rides on one 'thopter of an ornithopter unit."""
    return find(builder, f"cargo:{ornithopter_id}:{thopter}", QComboBox)


def enter_cards(picker: QWidget, cards: Iterable[int]) -> None:
    """Click the picker's rank and suit (or joker) buttons for each card."""
    for c in cards:
        if is_joker(c):
            click(picker.findChild(QWidget, f"joker:{c}"))
        else:
            click(picker.findChild(QWidget, f"rank:{rank(c)}"))
            click(picker.findChild(QWidget, f"suit:{suit(c)}"))


class PowerSpikeDriver(Driver):
    """A PowerSpikeView; reads what is on screen from the view, acts only by clicks and drags."""

    @property
    def table(self) -> TabletopDriver:
        return TabletopDriver(self.find("tabletop", QGraphicsView))

    def press(self, name: str) -> None:
        self.click(name, on_screen=True, enabled=True)

    def list_item(self, name: str, uid: str) -> QListWidgetItem | None:
        """The row of unit `uid` in the unit list called `name` (it carries the reason it is greyed)."""
        widget = self.find(name, QListWidget)
        rows = (widget.item(i) for i in range(widget.count()))
        return next((item for item in rows if item.data(Qt.ItemDataRole.UserRole) == uid), None)

    def click_list(self, name: str, uid: str) -> None:
        click_row(self.find(name, QListWidget), uid)

    def _on_table(self, uid: str) -> bool:
        return bool(self.root.positions) and uid in self.find("tabletop", QGraphicsView).markers

    # --- what the screen shows (read from the view's panels) ------------------------------------
    @property
    def state(self):
        return self.root.match.state

    def picked(self) -> str | None:
        """The unit the step's list has picked (deployment or activation)."""
        phase = self.state.phase
        return self.root.deploy_panel.picked if phase == "deploy" else self.root.activate_panel.picked

    def attackers(self) -> tuple[str, ...]:
        return self.root.act_panel.attackers

    def target(self) -> str | None:
        return self.root.act_panel.target

    def odds(self) -> QWidget:
        return self.root.act_panel.attack.odds

    def declaration(self):
        return self.root.act_panel.attack.declaration()

    def poolable(self) -> list[str]:
        return self.root.read.poolable()

    def deploy_preview(self) -> str:
        label = self.find("deployPreview")
        return label.text() if label.isVisibleTo(self.root) else ""

    def deploy_spots(self, uid: str) -> list[tuple[float, float]]:
        """Candidate centres across the acting side's zone, nearest the enemy first."""
        view = self.root
        side = self.state.unit(uid).side
        minx, miny, maxx, maxy = view.table.zone(side).polygon.bounds
        facing = view.deploy_panel.default_facing(side)
        xs = [minx + 2.5 + 3.5 * k for k in range(int((maxx - minx - 4) // 3.5) + 1)]
        ys = [miny + 2.0 + 2.5 * k for k in range(int((maxy - miny - 3) // 2.5) + 1)]
        if facing in (90.0, 270.0):
            ys.sort(key=lambda v: -v if facing == 90.0 else v)
            mid = (minx + maxx) / 2
            xs.sort(key=lambda v: abs(v - mid))
            return [(x, y) for y in ys for x in xs]
        xs.sort(key=lambda v: -v if facing == 0.0 else v)
        mid = (miny + maxy) / 2
        ys.sort(key=lambda v: abs(v - mid))
        return [(x, y) for x in xs for y in ys]

    def deploy_one(self) -> str:
        """Place the picked unit at the first legal spot by clicking the list and the table."""
        view = self.root
        read = view.read
        assert self.state.phase == "deploy" and read.acting_player() is not None, "not deploying now"
        uid = self.picked()
        assert uid is not None, "no unit left to deploy"
        self.click_list("unitList", uid)
        table = self.table
        for x, y in self.deploy_spots(uid):
            # Judge the point the click really lands on (pixels round the inches).
            landed = view.table_point(table.table_pos(x, y))
            if not read.legal(view.deploy_panel.action(read, uid, *landed)):
                table.click_table(x, y)
                return uid
        raise AssertionError(f"no legal deployment spot found for {uid}")

    def deploy_all_default(self, limit: int = 200) -> int:
        n = 0
        while self.state.phase == "deploy" and n < limit:
            before = len(self.root.match.actions)
            self.deploy_one()
            assert len(self.root.match.actions) == before + 1, f"deployment was refused: {self.refusal()}"
            n += 1
        return n

    def click_table(self, x: float, y: float) -> None:
        self.table.click_table(x, y)

    def draw(self) -> None:
        self.press("primaryButton")

    def enter_cards(self, *hands: Sequence[int]) -> None:
        """Table mode: click the cards drawn from the real decks, then Record."""
        picker = self.find("cardPicker")
        for hand in hands:
            enter_cards(picker, hand)
        self.press("pickerRecord")

    def activate(self, uid: str) -> None:
        if self._on_table(uid):
            self.table.click_unit(uid)
        else:
            self.click_list("activateList", uid)
        self.press("primaryButton")

    def drag_unit(self, uid: str, x: float, y: float, turn_steps: int = 0) -> None:
        self.table.drag_unit(uid, (x, y), turn_steps)

    def fire(self, attackers: Sequence[str], target: str) -> None:
        for a in attackers:
            if a != self.root.read.active_unit() and a not in self.attackers():
                self.click_list("poolList", a)
        self.strike(target)
        self.press("fireButton")

    def end_activation(self) -> None:
        self.press("endActivation")

    def end_go(self) -> None:
        self.press("endGo")

    def hold(self) -> None:
        self.press("holdButton")

    def retreat(self) -> None:
        self.press("retreatButton")

    def strike(self, target: str) -> None:
        """Click an enemy: the target of the attack being prepared, or of an Orbital Artillery Strike."""
        if self._on_table(target):
            self.table.click_unit(target)
        else:
            self.click_list("strikeList" if self.state.phase == "oas" else "enemyList", target)

    def back_to_start(self) -> None:
        self.press("backToStart")


def drive(view: QWidget) -> PowerSpikeDriver:
    return PowerSpikeDriver(view)
