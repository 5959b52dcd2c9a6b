"""Deployment: the units still to place, dropped or clicked onto the side's zone."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QListWidgetItem, QVBoxLayout, QWidget

from core.powerspike import game as ps
from gui.kit.style import set_role
from gui.powerspike.reading import Reading
from gui.powerspike.unit_list import UnitList, fill_list
from maps.powerspike.table import Table


class DeployPanel(QWidget):
    """The units the acting side has still to place, one picked; where a dragged unit may land.

    The tabletop (in the view) takes the drop or the click; the panel answers which unit is
    picked, the action that places it at a point, and says whether a point under a dragged unit is
    legal while the drag goes on.
    """

    picked_changed = Signal(str)

    def __init__(self, table: Table, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("deployPanel")
        self.table = table
        self.picked: str | None = None
        self._reading: Reading | None = None
        self.info = QLabel("The sides take turns to place one unit each, the CDC first. Trays are placed "
                           "facing the enemy's side of the table.", objectName="deployInfo")
        self.info.setWordWrap(True)
        set_role(self.info, "psInfo")
        self.preview = QLabel(objectName="deployPreview")
        self.preview.setWordWrap(True)
        self.preview.hide()
        self.title = QLabel(objectName="listTitle")
        self.title.setWordWrap(True)
        set_role(self.title, "psListTitle")
        self.units = UnitList()
        self.units.setObjectName("unitList")
        self.units.setMinimumHeight(150)
        self.units.itemClicked.connect(self._on_clicked)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(7)
        for w in (self.info, self.preview, self.title, self.units):
            lay.addWidget(w)

    def render(self, r: Reading) -> None:
        self._reading = r
        p = r.acting_player()
        side = r.side_of(p)
        waiting = r.game.to_deploy(r.state, p)
        if self.picked not in waiting:
            self.picked = waiting[0] if waiting else None
        self.title.setText(f"{side} units to deploy ({len(waiting)} left): drag one into the "
                           f"{self.table.zone(side).label}, or pick it and click the table")
        fill_list(self.units, [(uid, r.unit_line(r.unit(uid)), "") for uid in waiting], self.picked)
        self.preview.hide()

    def default_facing(self, side: str) -> float:
        """Facing the middle of the table from the side's zone."""
        c = self.table.zone(side).polygon.centroid
        dx, dy = self.table.width_in / 2 - c.x, self.table.depth_in / 2 - c.y
        if abs(dy) >= abs(dx):
            return 90.0 if dy > 0 else 270.0
        return 0.0 if dx > 0 else 180.0

    def action(self, r: Reading, uid: str, x: float, y: float) -> Any:
        p = r.acting_player()
        return ps.Deploy(p, uid, round(x, 2), round(y, 2), self.default_facing(r.side_of(p)))

    def show_preview(self, r: Reading, uid: str, x: float, y: float) -> None:
        """While a unit is dragged over the table: may it land here, or why not."""
        why = r.legal(self.action(r, uid, x, y))
        self.preview.setText(f"Cannot deploy here: {why}" if why else f"{r.unit_name(uid)} may deploy here.")
        set_role(self.preview, "psBad" if why else "psGood")
        self.preview.show()

    def _on_clicked(self, item: QListWidgetItem) -> None:
        if item.flags() & Qt.ItemFlag.ItemIsEnabled:
            self.picked = item.data(Qt.ItemDataRole.UserRole)
            self.picked_changed.emit(self.picked)
