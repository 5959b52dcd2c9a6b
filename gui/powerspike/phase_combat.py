"""The combat cards, the loser's Hold/Retreat choice and the Orbital Artillery Strikes."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QListWidgetItem, QVBoxLayout, QWidget

from core.powerspike import narration
from gui.kit.style import set_role
from gui.powerspike.combat_panel import CombatPanel
from gui.powerspike.reading import Reading
from gui.powerspike.unit_list import UnitList, fill_list


class CombatStep(CombatPanel):
    """The combat in progress (face down before the draw), and the loser's choice once drawn.
    Hold and Retreat are CombatPanel's `hold_requested` / `retreat_requested`."""

    def hands(self, r: Reading) -> list[tuple[str, int]]:
        """The two hands of a combat draw, for the card picker: (whose, how many cards)."""
        c = r.state.combat
        a_name = "Orbital Artillery Strike" if c.strike is not None else r.names(c.attackers)
        return [(a_name, c.attacker_entitlement.total), (r.unit_name(c.target), c.target_entitlement.total)]

    def show_step(self, r: Reading) -> None:
        state = r.state
        c = state.combat
        if c is None:
            return
        strike = c.strike is not None
        t_name = r.unit_name(c.target)
        t_col = r.colour_of_unit(c.target)
        a_name = "Orbital Artillery Strike" if strike else r.names(c.attackers)
        a_col = r.player_colour(c.strike) if strike else r.colour_of_unit(c.attackers[0])
        title = f"Orbital Artillery Strike on {t_name}" if strike else f"Combat: {a_name} against {t_name}"
        if state.phase == "combat":
            n_a, n_t = c.attacker_entitlement.total, c.target_entitlement.total
            self.render(title, a_name, a_col, [None] * n_a, t_name, t_col, [None] * n_t, None,
                        note="\n".join(narration.combat_notes(state, c)))
            return
        self.render(title, a_name, a_col, c.attacker_cards, t_name, t_col, c.target_cards, c.result)
        if state.phase == "loss":
            pl = state.losses[0]
            opts = {o.kind: o.losses for o in pl.options}
            self.offer_choice(r.unit_name(pl.unit), opts.get("hold", 0), opts.get("retreat"),
                              narration.hold_reason_text(state, pl)
                              or ("" if "retreat" in opts else "the loser must hold"))


class StrikePanel(QWidget):
    """The Orbital Artillery Strikes earned by a joker: the enemy units to strike (`strike`)."""

    strike = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("strikePanel")
        self.info = QLabel(objectName="strikeInfo")
        self.info.setWordWrap(True)
        set_role(self.info, "psInfo")
        title = QLabel("Enemy units (click one to strike it)", objectName="strikeTitle")
        title.setWordWrap(True)
        set_role(title, "psListTitle")
        self.enemies = UnitList()
        self.enemies.setObjectName("strikeList")
        self.enemies.setDragEnabled(False)
        self.enemies.setMinimumHeight(110)
        self.enemies.itemClicked.connect(self._on_clicked)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(7)
        for w in (self.info, title, self.enemies):
            lay.addWidget(w)

    def render(self, r: Reading) -> None:
        p = r.acting_player()
        n = sum(1 for s in r.state.oas_strikes if s == p)
        self.info.setText(f"{r.player_name(p)} earned {n} Orbital Artillery Strike{'s' if n != 1 else ''}: "
                          "click any enemy unit on the table (or in the list) to strike it with 4 cards.")
        enemies = [u for u in r.units() if u.side != r.side_of(p) and u.on_table]
        fill_list(self.enemies, [(u.id, r.unit_line(u), "") for u in enemies], None)

    def _on_clicked(self, item: QListWidgetItem) -> None:
        if item.flags() & Qt.ItemFlag.ItemIsEnabled:
            self.strike.emit(item.data(Qt.ItemDataRole.UserRole))
