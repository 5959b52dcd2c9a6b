"""The combat cards, the loser's Hold/Retreat choice and the Orbital Artillery Strikes."""
from __future__ import annotations

from core.powerspike import game as ps
from core.powerspike import narration


class CombatPhase:
    """The combat in progress, the loss choice and the strikes to aim.

    Mixed into PowerSpikeView (gui/powerspike/view.py): its methods read the view's state and
    widgets through `self`, so the view's object names and behaviour stay as they were.
    """

    def _render_combat(self, phase: str, table_mode: bool) -> None:
        state = self.state
        c = state.combat
        if c is None:
            return
        strike = c.strike is not None
        t = state.unit(c.target)
        t_name = t.name
        t_col = self.player_colour(self.player_of(t.side))
        if strike:
            a_name = "Orbital Artillery Strike"
            a_col = self.player_colour(c.strike)
        else:
            a_name = self.names(c.attackers)
            a_col = self.player_colour(self.player_of(state.unit(c.attackers[0]).side))
        n_a, n_t = c.attacker_entitlement.total, c.target_entitlement.total
        title = (f"Orbital Artillery Strike on {t_name}" if strike else f"Combat: {a_name} against {t_name}")
        notes = "\n".join(narration.combat_notes(state, c))
        if phase == "combat":
            self.combat.render(title, a_name, a_col, [None] * n_a, t_name, t_col, [None] * n_t, None,
                               note=notes)
            self.combat.show()
            if table_mode:
                self._enter_cards("combat", [(a_name, n_a), (t_name, n_t)], state.combat_deck)
            else:
                self._primary("Draw the combat cards")
            return
        self.combat.render(title, a_name, a_col, c.attacker_cards, t_name, t_col, c.target_cards, c.result)
        self.combat.show()
        if phase == "loss":
            pl = state.losses[0]
            opts = {o.kind: o.losses for o in pl.options}
            self.combat.offer_choice(self.unit_name(pl.unit), opts.get("hold", 0), opts.get("retreat"),
                                     narration.hold_reason_text(state, pl)
                                     or ("" if "retreat" in opts else "the loser must hold"))
        elif phase == "oas":
            p = self.acting_player()
            n = sum(1 for s in state.oas_strikes if s == p)
            self.info.setText(f"{self.player_name(p)} earned {n} Orbital Artillery Strike{'s' if n != 1 else ''}: "
                              "click any enemy unit on the table (or in the list) to strike it with 4 cards.")
            self.info.show()
            enemies = [u for u in self.units() if u.side != self.side_of(p) and u.on_table]
            self._fill_list(self.enemy_list, [(u.id, self._unit_line(u), "") for u in enemies], None)
            self.enemy_title.setText("Enemy units (click one to strike it)")
            self.enemy_title.show()
            self.enemy_list.show()

    def _on_loss(self, choice: str) -> None:
        if self.state.phase == "loss":
            self.controller.apply(ps.TakeLosses(self.acting_player(), self.state.losses[0].unit, choice))
