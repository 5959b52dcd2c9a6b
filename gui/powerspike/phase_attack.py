"""Declaring an attack: what the table shows (untracked positions) and the exact odds."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QLabel, QVBoxLayout, QWidget

from core.errors import IllegalAction
from core.powerspike import game as ps
from core.powerspike import geometry as geo
from gui.kit.style import set_role
from gui.powerspike.odds_panel import OddsPanel
from gui.powerspike.reading import Reading

Ghost = tuple[str, float, float, float]  # a unit dragged to (x, y) facing (degrees): the odds as if it stood there


class AttackPanel(QWidget):
    """The attack being prepared: the declaration checks (when positions are not tracked) and the
    engine's odds before firing. `problem` carries the engine's reason when there are no odds."""

    problem = Signal(str)

    def __init__(self, positions: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("attackPanel")
        self.positions = positions
        self._reading: Reading | None = None
        self._attack: tuple[tuple[str, ...], str | None] = ((), None)
        self._declare_key: object = None
        self.declare_checks: dict[str, QCheckBox] = {}
        self.declare_box = QWidget(objectName="declareBox")
        self.declare_layout = QVBoxLayout(self.declare_box)
        self.declare_layout.setContentsMargins(0, 0, 0, 0)
        self.declare_layout.setSpacing(1)
        title = QLabel("What the table shows:", objectName="declareTitle")
        set_role(title, "psSmallTitle")
        self.declare_layout.addWidget(title)
        self.odds = OddsPanel()
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(7)
        lay.addWidget(self.declare_box)
        lay.addWidget(self.odds)
        self.declare_box.hide()
        self.odds.hide()

    def render(self, r: Reading, attackers: tuple[str, ...], target: str | None, ghost: Ghost | None = None) -> None:
        self._reading, self._attack = r, (attackers, target)
        self.declare_box.setVisible(not self.positions)
        if not self.positions:
            self._render_declare(r, attackers, target)
        self._render_odds(r, attackers, target, ghost)

    def declared_flags(self) -> dict[str, bool]:
        return {k: b.isChecked() for k, b in self.declare_checks.items()}

    def declaration(self) -> ps.Declared | None:
        """What the players said the table shows (None when Battlebox tracks the positions)."""
        if self.positions:
            return None
        f = self.declared_flags()
        arc = "flank" if f.get("arc:flank") else "rear" if f.get("arc:rear") else "front"
        near = tuple(k.removeprefix("near:") for k, on in f.items() if k.startswith("near:") and on)
        return ps.Declared(in_range=f.get("in_range", True), in_contact=f.get("in_contact", False), arc=arc,
                           target_in_cover=f.get("target_in_cover", False), near_commander=near)

    def _render_declare(self, r: Reading, attackers: tuple[str, ...], target: str | None) -> None:
        """Without tracked positions, the players say what the table shows."""
        ids = (*attackers, *((target,) if target else ()))
        if self._declare_key == ids:
            return
        self._declare_key = ids
        kept = self.declared_flags()
        while self.declare_layout.count() > 1:
            item = self.declare_layout.takeAt(1)
            if item.widget() is not None:
                item.widget().hide()
                item.widget().deleteLater()
        self.declare_checks = {}
        t = r.unit_name(target) if target else "the target"
        for name, label in (("in_range", f"The attackers are within {t}'s range (it fires back)"),
                            ("in_contact", "In base contact (close assault)"),
                            ("target_in_cover", f"{t} is in cover")):
            self._declare_check(name, label, kept.get(name, name == "in_range"))
        for arc in ("flank", "rear"):
            self._declare_check(f"arc:{arc}", f"The attackers stand in {t}'s {arc}", kept.get(f"arc:{arc}", False))
        for uid in ids:
            self._declare_check(f"near:{uid}", f"{r.unit_name(uid)} is within 12\" of its Commander",
                                kept.get(f"near:{uid}", False))

    def _declare_check(self, key: str, label: str, on: bool) -> None:
        box = QCheckBox(label, objectName=f"declare:{key}")
        box.setToolTip(label)  # a narrow column cuts the longer ones
        box.setChecked(on)
        box.toggled.connect(lambda checked, k=key: self._on_declare_toggled(k, checked))
        self.declare_layout.addWidget(box)
        self.declare_checks[key] = box

    def _on_declare_toggled(self, key: str, checked: bool) -> None:
        other = {"arc:flank": "arc:rear", "arc:rear": "arc:flank"}.get(key)
        if checked and other and self.declare_checks.get(other) is not None:
            self.declare_checks[other].setChecked(False)
        if self._reading is not None:
            self._render_odds(self._reading, *self._attack)

    def _exchange(self, r: Reading, state: Any, attackers: tuple[str, ...], target: str) -> bool:
        """Does the target reach back (an outscored attack is answered, a tie costs both)?"""
        d = self.declaration()
        if d is not None:
            return d.in_range or d.in_contact
        t = r.game.unit_tray(state, target)
        reach = ps.profile(r.unit(target)).range
        return any(geo.in_range(r.game.unit_tray(state, a), t, reach) for a in attackers)

    def _render_odds(self, r: Reading, attackers: tuple[str, ...], target: str | None,
                     ghost: Ghost | None = None) -> None:
        """The odds of the attack being prepared; with a ghost, as if that unit stood where it is
        being dragged (the engine's hypothetical table)."""
        if target is None or not attackers or r.state.phase != "act":
            self.odds.hide()
            return
        state = r.state
        d = self.declaration()
        note = ""
        try:
            if ghost is not None:
                state = r.game.as_if_moved(state, *ghost)
                note = "as if moved to the ghost"
                if target not in r.game.fire_targets(state, attackers):
                    note += " (from there the target is out of range)"
            odds = r.game.odds(state, attackers, target, d)
            ea, et = r.game.entitlements(state, attackers, target, d)
        except (IllegalAction, ValueError, KeyError) as e:
            self.odds.hide()
            self.problem.emit(getattr(e, "reason", str(e)))
            return
        exchange = self._exchange(r, state, attackers, target)
        self.odds.render(odds, r.names(attackers), r.unit_name(target), ea, et, exchange=exchange, mutual=exchange,
                         attacker_colour=r.colour_of_unit(attackers[0]), target_colour=r.colour_of_unit(target),
                         hypothetical=note)
        self.odds.show()
