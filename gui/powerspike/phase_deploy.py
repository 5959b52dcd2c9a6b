"""Deployment: the units still to place, dropped or clicked onto the side's zone."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint

from core.powerspike import game as ps


class DeployPhase:
    """The deployment step: placing units by drag and drop or pick-and-click.

    Mixed into PowerSpikeView (gui/powerspike/view.py): its methods read the view's state and
    widgets through `self`, so the view's object names and behaviour stay as they were.
    """

    def table_point(self, view_pos: QPoint) -> tuple[float, float]:
        pt = self.tabletop.mapToScene(view_pos)
        from gui.powerspike.tabletop import to_table
        return to_table(pt)

    def default_facing(self, side: str) -> float:
        """Facing the middle of the table from the side's zone."""
        c = self.table.zone(side).polygon.centroid
        dx, dy = self.table.width_in / 2 - c.x, self.table.depth_in / 2 - c.y
        if abs(dy) >= abs(dx):
            return 90.0 if dy > 0 else 270.0
        return 0.0 if dx > 0 else 180.0

    def deploy_action(self, uid: str, x: float, y: float) -> Any:
        p = self.acting_player()
        return ps.Deploy(p, uid, round(x, 2), round(y, 2), self.default_facing(self.side_of(p)))

    def preview_deploy(self, uid: str, x: float, y: float) -> None:
        if self.state.phase != "deploy" or self.acting_player() is None:
            return
        why = self._legal(self.deploy_action(uid, x, y))
        self.refusal.setStyleSheet("color: %s; font-size: 13px; font-weight: 600;" % ("#b91c1c" if why else "#15803d"))
        self.refusal.setText(f"Cannot deploy here: {why}" if why else f"{self.unit_name(uid)} may deploy here.")

    def deploy(self, uid: str, x: float, y: float) -> bool:
        if self.state.phase != "deploy" or self.acting_player() is None:
            return False
        self.picked = uid
        return self.controller.apply(self.deploy_action(uid, x, y))

    def _on_table_clicked(self, x: float, y: float) -> None:
        if self.state.phase == "deploy" and self.picked:
            self.deploy(self.picked, x, y)

    def _render_deploy(self) -> None:
        p = self.acting_player()
        side = self.side_of(p)
        waiting = self.game.to_deploy(self.state, p)
        if self.picked not in waiting:
            self.picked = waiting[0] if waiting else None
        self.list_title.setText(f"{side} units to deploy ({len(waiting)} left): drag one into the "
                                f"{self.table.zone(side).label}, or pick it and click the table")
        self._fill_list(self.unit_list, [(uid, self._unit_line(self.unit(uid)), "") for uid in waiting],
                        self.picked)
        self.list_title.show()
        self.unit_list.show()
        self.info.setText("The sides take turns to place one unit each, the CDC first. Trays are placed "
                          "facing the enemy's side of the table.")
        self.info.show()
