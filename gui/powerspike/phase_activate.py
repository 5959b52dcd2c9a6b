"""The movement card and the activation: whose go it is, and which unit acts next."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidgetItem

from core.powerspike import game as ps
from core.powerspike.cards import card_name
from gui.powerspike.cards_panel import PlayingCard
from gui.kit.layouts import clear_layout


class ActivatePhase:
    """The movement card box and the choice of the unit to activate.

    Mixed into PowerSpikeView (gui/powerspike/view.py): its methods read the view's state and
    widgets through `self`, so the view's object names and behaviour stay as they were.
    """

    def _render_card_box(self) -> None:
        state = self.state
        clear_layout(self.card_slot)
        go = state.go
        if go is None:
            self.card_slot.addWidget(PlayingCard(state.card, "medium") if state.card is not None
                                     else PlayingCard(None, "medium"))
            last = f"Last card: {card_name(state.card)}. " if state.card is not None else ""
            self.card_text.setText(f"{last}No go in progress.<br><span style='color:#6b7280'>"
                                   f"{len(state.movement_deck.pile)} cards left in the movement deck; "
                                   f"{state.passes} pass{'es' if state.passes != 1 else ''} completed.</span>")
            return
        self.card_slot.addWidget(PlayingCard(go.card, "medium"))
        colour = self.player_colour(go.seat)
        lines = [(f"<b>{card_name(go.card)}</b>: <b style='color:{colour}'>{self.player_name(go.seat)} "
                  f"({self.side_of(go.seat)})</b> \u2014 a go of {go.activations} "
                  f"activation{'s' if go.activations != 1 else ''}."),
                 f"Activations left: <b>{go.left}</b>"]
        if go.activated:
            lines.append("Activated this go: " + self.names(go.activated))
        self.card_text.setText("<br>".join(lines))

    def _render_activate(self) -> None:
        p = self.acting_player()
        side = self.side_of(p)
        reasons = {u.id: self._legal(ps.Activate(p, u.id)) for u in self.units() if u.side == side}
        ok = [uid for uid, r in reasons.items() if not r]
        if self.picked not in ok:
            self.picked = ok[0] if ok else None
        self.list_title.setText(f"{side} units: pick one to activate (greyed: why not)")
        self._fill_list(self.unit_list, [(u.id, self._unit_line(u), reasons[u.id])
                                         for u in self.units() if u.side == side], self.picked)
        self.list_title.show()
        self.unit_list.show()
        name = self.unit_name(self.picked) if self.picked else "a unit"
        self._primary(f"Activate {name}", bool(self.picked))
        self.end_go_button.show()
        self.end_go_button.setEnabled(True)

    def _on_list_clicked(self, item: QListWidgetItem) -> None:
        uid = item.data(Qt.ItemDataRole.UserRole)
        phase = self.state.phase
        if not (item.flags() & Qt.ItemFlag.ItemIsEnabled):
            return
        if phase == "act":
            self._toggle_attacker(uid)
            return
        self.picked = uid
        if self.positions and uid in self.tabletop.markers:
            self.tabletop.select(uid)
        self.refresh()

    def _on_unit_clicked(self, uid: str) -> None:
        state = self.state
        phase = state.phase
        p = self.acting_player()
        if p is None:
            return
        u = self.unit(uid)
        mine = u.side == self.side_of(p)
        if phase == "activate" and mine:
            self.picked = uid
            why = self._legal(ps.Activate(p, uid))
            self.refresh()
            if why:
                self.refusal.setText(f"{self.unit_name(uid)} cannot be activated: {why}")
        elif phase == "act":
            if mine:
                self._toggle_attacker(uid)
            else:
                self._choose_enemy(uid)
        elif phase == "oas" and not mine:
            self.controller.apply(ps.OrbitalStrike(p, uid))

    def _on_primary(self) -> None:
        phase = self.state.phase
        if phase in ("draw", "combat"):
            self.controller.play_chance()
        elif phase == "activate" and self.picked:
            self.controller.apply(ps.Activate(self.acting_player(), self.picked))
