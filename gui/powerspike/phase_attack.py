"""Declaring an attack: what the table shows (untracked positions) and the exact odds."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QCheckBox, QLabel, QVBoxLayout, QWidget

from core.errors import IllegalAction
from core.powerspike import game as ps


class AttackPhase:
    """The attack being prepared: the declaration checks and the odds before firing.

    Mixed into PowerSpikeView (gui/powerspike/view.py): its methods read the view's state and
    widgets through `self`, so the view's object names and behaviour stay as they were.
    """

    def _build_declare_box(self) -> QWidget:
        self.declare_box = QWidget(objectName="declareBox")
        dl = QVBoxLayout(self.declare_box)
        dl.setContentsMargins(0, 0, 0, 0)
        dl.setSpacing(1)
        title = QLabel("What the table shows:")
        title.setStyleSheet("font-weight: 700; font-size: 12px;")
        dl.addWidget(title)
        self.declare_checks: dict[str, QCheckBox] = {}
        self.declare_layout = dl
        return self.declare_box

    def _render_declare(self) -> None:
        """Without tracked positions, the players say what the table shows."""
        ids = (*self.attackers, *((self.target,) if self.target else ()))
        key = ids
        if self._declare_key != key:
            self._declare_key = key
            kept = self.declared_flags()
            while self.declare_layout.count() > 1:
                item = self.declare_layout.takeAt(1)
                if item.widget() is not None:
                    item.widget().hide()
                    item.widget().deleteLater()
            self.declare_checks = {}
            t = self.unit_name(self.target) if self.target else "the target"
            for name, label in (("in_range", f"The attackers are within {t}'s range (it fires back)"),
                                ("in_contact", "In base contact (close assault)"),
                                ("target_in_cover", f"{t} is in cover")):
                self._declare_check(name, label, kept.get(name, name == "in_range"))
            for arc in ("flank", "rear"):
                self._declare_check(f"arc:{arc}", f"The attackers stand in {t}'s {arc}", kept.get(f"arc:{arc}", False))
            for uid in ids:
                self._declare_check(f"near:{uid}", f"{self.unit_name(uid)} is within 12\" of its Commander",
                                    kept.get(f"near:{uid}", False))
        self.declare_box.show()

    def _declare_check(self, key: str, label: str, on: bool) -> None:
        box = QCheckBox(label, objectName=f"declare:{key}")
        box.setStyleSheet("font-size: 12px;")
        box.setChecked(on)
        box.toggled.connect(lambda checked, k=key: self._on_declare_toggled(k, checked))
        self.declare_layout.addWidget(box)
        self.declare_checks[key] = box

    def _on_declare_toggled(self, key: str, checked: bool) -> None:
        other = {"arc:flank": "arc:rear", "arc:rear": "arc:flank"}.get(key)
        if checked and other and self.declare_checks.get(other) is not None:
            self.declare_checks[other].setChecked(False)
        self._render_odds()

    def declared_flags(self) -> dict[str, bool]:
        return {k: b.isChecked() for k, b in self.declare_checks.items()}

    def declaration(self) -> ps.Declared | None:
        if self.positions:
            return None
        f = self.declared_flags()
        arc = "flank" if f.get("arc:flank") else "rear" if f.get("arc:rear") else "front"
        near = tuple(k.removeprefix("near:") for k, on in f.items() if k.startswith("near:") and on)
        return ps.Declared(in_range=f.get("in_range", True), in_contact=f.get("in_contact", False), arc=arc,
                           target_in_cover=f.get("target_in_cover", False), near_commander=near)

    def _exchange(self, state: Any = None) -> bool:
        """Does the target reach back (an outscored attack is answered, a tie costs both)?"""
        d = self.declaration()
        if d is not None:
            return d.in_range or d.in_contact
        from core.powerspike import geometry as geo

        state = state if state is not None else self.state
        t = self.game.unit_tray(state, self.target)
        reach = self.profile(self.unit(self.target)).range
        return any(geo.in_range(self.game.unit_tray(state, a), t, reach) for a in self.attackers)

    def _render_odds(self, ghost: tuple[str, float, float, float] | None = None) -> None:
        """The odds of the attack being prepared; with `ghost` (unit, x, y, facing), as if that
        unit stood where it is being dragged (the engine's hypothetical table)."""
        if self.target is None or not self.attackers or self.state.phase != "act":
            self.odds.hide()
            return
        state = self.state
        d = self.declaration()
        note = ""
        try:
            if ghost is not None:
                state = self.game.as_if_moved(state, *ghost)
                note = "as if moved to the ghost"
                if self.target not in self.game.fire_targets(state, self.attackers):
                    note += " (from there the target is out of range)"
            odds = self.game.odds(state, self.attackers, self.target, d)
            ea, et = self.game.entitlements(state, self.attackers, self.target, d)
        except (IllegalAction, ValueError, KeyError) as e:
            self.odds.hide()
            self.refusal.setText(getattr(e, "reason", str(e)))
            return
        exchange = self._exchange(state)
        self.odds.render(odds, self.names(self.attackers), self.unit_name(self.target), ea, et,
                         exchange=exchange, mutual=exchange,
                         attacker_colour=self.player_colour(self.player_of(self.unit(self.attackers[0]).side)),
                         target_colour=self.player_colour(self.player_of(self.unit(self.target).side)),
                         hypothetical=note)
        self.odds.show()
