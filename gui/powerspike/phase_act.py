"""The activated unit: moving it on the table, pooling fire, choosing a target, ending the go."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidgetItem

from core.powerspike import game as ps
from gui.powerspike.odds_panel import short


class ActPhase:
    """The activation in progress: move, pool attackers, pick the target, fire or end.

    Mixed into PowerSpikeView (gui/powerspike/view.py): its methods read the view's state and
    widgets through `self`, so the view's object names and behaviour stay as they were.
    """

    def _render_act(self) -> None:
        state = self.state
        p = self.acting_player()
        side = self.side_of(p)
        active = self.active_unit()
        act = state.activation
        me = self.unit(active)
        may_fire = not act.fired and me.carried_by is None
        may_move = not act.moved
        info = []
        if may_move and self.positions:
            info.append(f"Drag {me.name} to move it (the wheel or Q/E turns it; a green ghost is a legal end).")
        elif may_move:
            info.append(f"Move {me.name} on the real table, then click Moved.")
        if may_fire:
            pool = self._poolable()
            info.append("Click an enemy unit to fire at it" + (
                "; click your other units activated this go to pool their cards." if pool else "."))
        if act.moved and act.fired:
            info.append("It has moved and fired.")
        self.info.setText(" ".join(info))
        self.info.show()
        if may_move and not self.positions:
            self.moved_button.show()
        if may_fire:
            enemies = [u for u in self.units() if u.side != side and u.on_table]
            targets = set(self.game.fire_targets(state, self.attackers))
            rows = [(u.id, self._unit_line(u), "" if u.id in targets else
                     f"out of range of {self.names(self.attackers)}") for u in enemies]
            self._fill_list(self.enemy_list, rows, self.target)
            self.enemy_title.show()
            self.enemy_list.show()
            pool = self._poolable()
            if pool:
                self.list_title.setText("Your units that may join the attack (click to add or remove):")
                self._fill_list(self.unit_list, [(uid, ("\u2714 " if uid in self.attackers else "") +
                                                  self._unit_line(self.unit(uid)), "") for uid in pool], None)
                self.list_title.show()
                self.unit_list.show()
            if not self.positions:
                self._render_declare()
            self._render_odds()
            text = f"Fire at {self.unit_name(self.target)}" if self.target else "Fire (choose a target first)"
            self.fire_button.setText(self._elide(self.fire_button, short(text)))
            self.fire_button.setToolTip(text)
            self.fire_button.setEnabled(self.target is not None)
            self.fire_button.show()
        self.end_activation_button.show()
        self.end_go_button.show()

    def _poolable(self) -> list[str]:
        """Units of this go that have not fired: the engine's pooling rule, read from the state."""
        go = self.state.go
        active = self.active_unit()
        if go is None:
            return []
        return [u for u in go.activated if u != active and u not in go.fired and self.unit(u).on_table]

    def _toggle_attacker(self, uid: str) -> None:
        active = self.active_unit()
        if uid == active:
            return
        if uid not in self._poolable():
            self.refusal.setText(f"{self.unit_name(uid)} cannot join this attack: only units activated in "
                                 "this go that have not fired may pool their fire.")
            return
        if uid in self.attackers:
            self.attackers = tuple(a for a in self.attackers if a != uid)
        else:
            self.attackers = self.attackers + (uid,)
        self._rerender_act()

    def _choose_enemy(self, uid: str) -> None:
        if self.state.phase == "oas":
            p = self.acting_player()
            self.controller.apply(ps.OrbitalStrike(p, uid))
            return
        act = self.state.activation
        if self.state.phase != "act" or act is None or act.fired:
            return
        if self.positions and uid not in self.game.fire_targets(self.state, self.attackers):
            self.refusal.setText(f"{self.unit_name(uid)} is out of range of {self.names(self.attackers)}.")
            return
        self.target = uid
        self._rerender_act()

    def _rerender_act(self) -> None:
        self._render_table()
        self._render_panel()

    def _on_enemy_list_clicked(self, item: QListWidgetItem) -> None:
        uid = item.data(Qt.ItemDataRole.UserRole)
        if item.flags() & Qt.ItemFlag.ItemIsEnabled:
            self._choose_enemy(uid)
        else:
            self.refusal.setText(f"Cannot fire at {self.unit_name(uid)}: {item.toolTip()}")

    def _on_fire(self) -> None:
        if self.target is None:
            return
        self.controller.apply(ps.Fire(self.acting_player(), self.attackers, self.target, self.declaration()))

    def _on_end_activation(self) -> None:
        self.controller.apply(ps.EndActivation(self.acting_player()))

    def _on_end_go(self) -> None:
        self.controller.apply(ps.EndGo(self.acting_player()))

    def _on_moved(self) -> None:
        uid = self.active_unit()
        if uid is not None:
            self.controller.apply(ps.Move(self.acting_player(), uid, 0.0, 0.0, 0.0))

    def _on_drag_moved(self, uid: str, x: float, y: float, facing: float) -> None:
        if self.target is not None and self.state.phase == "act":
            self._render_odds((uid, x, y, facing))

    def _on_drag_ended(self, uid: str) -> None:
        if self.state.phase == "act":
            self._render_odds()

    def _on_move_requested(self, uid: str, x: float, y: float, facing: float) -> None:
        self.controller.apply(ps.Move(self.acting_player(), uid, round(x, 3), round(y, 3), round(facing, 2) % 360))

    def _move_checker(self, uid: str, x: float, y: float, facing: float) -> str:
        return "; ".join(self.game.move_problems(self.state, uid, x, y, facing))
