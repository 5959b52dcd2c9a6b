"""The activated unit: moving it, pooling fire, choosing a target; the attack's odds below."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QListWidgetItem, QVBoxLayout, QWidget

from gui.kit.style import set_role
from gui.powerspike.phase_attack import AttackPanel, Ghost
from gui.powerspike.reading import Reading
from gui.powerspike.unit_list import UnitList, fill_list


class ActPanel(QWidget):
    """The activation in progress: the attackers pooled (UI state the view marks on the table),
    the target, the enemy list, and the AttackPanel with the odds.

    The target is the engine's: choosing one asks for an Aim (`aim_requested`, a logged action
    that undo takes back and a save keeps) and `sync` reads it back from the activation.
    `changed` fires when the attack being prepared changes (the view redraws the table's marks
    and the Fire button); `problem` carries why a click could not change it.
    """

    changed = Signal()
    problem = Signal(str)
    aim_requested = Signal(str)

    def __init__(self, positions: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("actPanel")
        self.positions = positions
        self.attackers: tuple[str, ...] = ()
        self.target: str | None = None
        self._reading: Reading | None = None
        self.info = QLabel(objectName="actInfo")
        self.info.setWordWrap(True)
        set_role(self.info, "psInfo")
        self.pool_title = QLabel("Your units that may join the attack (click to add or remove):",
                                 objectName="poolTitle")
        self.pool_title.setWordWrap(True)
        set_role(self.pool_title, "psListTitle")
        self.pool = UnitList()
        self.pool.setObjectName("poolList")
        self.pool.setDragEnabled(False)
        self.pool.setMinimumHeight(90)
        self.pool.itemClicked.connect(self._on_pool_clicked)
        self.enemy_title = QLabel("Enemy units (click one to fire at it)", objectName="enemyTitle")
        self.enemy_title.setWordWrap(True)
        set_role(self.enemy_title, "psListTitle")
        self.enemies = UnitList()
        self.enemies.setObjectName("enemyList")
        self.enemies.setDragEnabled(False)
        self.enemies.setMinimumHeight(110)
        self.enemies.itemClicked.connect(self._on_enemy_clicked)
        self.attack = AttackPanel(positions)
        self.attack.problem.connect(self.problem)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(7)
        for w in (self.info, self.pool_title, self.pool, self.enemy_title, self.enemies, self.attack):
            lay.addWidget(w)

    def sync(self, r: Reading) -> None:
        """Follow the state: a new activation starts a new attack; the dead leave it."""
        active = r.active_unit()
        if active is None:
            self.attackers = ()
        elif not self.attackers or self.attackers[0] != active:
            self.attackers = (active,)
        living = {u.id for u in r.units()}
        self.attackers = tuple(a for a in self.attackers if a in living)
        act = r.state.activation
        aimed = act.target if act is not None and r.state.phase in ("act", "combat", "loss") else None
        self.target = aimed if aimed in living else None

    def may_fire(self, r: Reading) -> bool:
        act = r.state.activation
        return act is not None and not act.fired and r.unit(act.unit).carried_by is None

    def render(self, r: Reading) -> None:
        self._reading = r
        state = r.state
        act = state.activation
        me = r.unit(act.unit)
        may_fire, may_move = self.may_fire(r), not act.moved
        info = []
        if may_move and self.positions:
            info.append(f"Drag {me.name} to move it (the wheel or Q/E turns it; a green ghost is a legal end).")
        elif may_move:
            info.append(f"Move {me.name} on the real table, then click Moved.")
        pool = r.poolable()
        if may_fire:
            info.append("Click an enemy unit to fire at it" + (
                "; click your other units activated this go to pool their cards." if pool else "."))
        if act.moved and act.fired:
            info.append("It has moved and fired.")
        self.info.setText(" ".join(info))
        for w in (self.pool_title, self.pool, self.enemy_title, self.enemies, self.attack):
            w.setVisible(may_fire)
        if not may_fire:
            return
        side = r.side_of(r.acting_player())
        enemies = [u for u in r.units() if u.side != side and u.on_table]
        targets = set(r.game.fire_targets(state, self.attackers))
        fill_list(self.enemies, [(u.id, r.unit_line(u), "" if u.id in targets else
                                  f"out of range of {r.names(self.attackers)}") for u in enemies], self.target)
        self.pool_title.setVisible(bool(pool))
        self.pool.setVisible(bool(pool))
        fill_list(self.pool, [(uid, ("\u2714 " if uid in self.attackers else "") + r.unit_line(r.unit(uid)), "")
                              for uid in pool], None)
        self.attack.render(r, self.attackers, self.target)

    def show_ghost(self, ghost: Ghost | None) -> None:
        """The odds as if the dragged unit stood at the ghost (None: where it really stands)."""
        if self._reading is not None and self.target is not None:
            self.attack.render(self._reading, self.attackers, self.target, ghost)

    def toggle_attacker(self, r: Reading, uid: str) -> None:
        if uid == r.active_unit():
            return
        if uid not in r.poolable():
            self.problem.emit(f"{r.unit_name(uid)} cannot join this attack: only units activated in "
                              "this go that have not fired may pool their fire.")
            return
        if uid in self.attackers:
            self.attackers = tuple(a for a in self.attackers if a != uid)
        else:
            self.attackers = self.attackers + (uid,)
        self.changed.emit()

    def choose_enemy(self, r: Reading, uid: str) -> None:
        act = r.state.activation
        if r.state.phase != "act" or act is None or act.fired:
            return
        if self.positions and uid not in r.game.fire_targets(r.state, self.attackers):
            self.problem.emit(f"{r.unit_name(uid)} is out of range of {r.names(self.attackers)}.")
            return
        if uid != self.target:
            self.aim_requested.emit(uid)

    def _on_pool_clicked(self, item: QListWidgetItem) -> None:
        if self._reading is not None and item.flags() & Qt.ItemFlag.ItemIsEnabled:
            self.toggle_attacker(self._reading, item.data(Qt.ItemDataRole.UserRole))

    def _on_enemy_clicked(self, item: QListWidgetItem) -> None:
        if self._reading is None:
            return
        uid = item.data(Qt.ItemDataRole.UserRole)
        if item.flags() & Qt.ItemFlag.ItemIsEnabled:
            self.choose_enemy(self._reading, uid)
        else:
            self.problem.emit(f"Cannot fire at {self._reading.unit_name(uid)}: {item.toolTip()}")
