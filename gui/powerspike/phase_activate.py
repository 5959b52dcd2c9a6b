"""The movement card and the activation: whose go it is, and which unit acts next."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QListWidgetItem, QVBoxLayout, QWidget

from core.powerspike import game as ps
from core.powerspike.cards import card_name
from gui.kit.layouts import clear_layout
from gui.kit.style import set_role
from gui.powerspike.cards_panel import PlayingCard
from gui.powerspike.reading import Reading
from gui.powerspike.unit_list import UnitList, fill_list


class MovementCardBox(QWidget):
    """The last movement card and the go it gave: shown above every phase's panel."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("movementBox")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.slot = QHBoxLayout()
        self.text = QLabel(objectName="movementText")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.note = QLabel(objectName="movementNote")
        self.note.setWordWrap(True)
        words = QVBoxLayout()
        words.setSpacing(2)
        words.addWidget(self.text)
        words.addWidget(self.note)
        words.addStretch(1)
        lay.addLayout(self.slot)
        lay.addLayout(words, 1)

    def render(self, r: Reading) -> None:
        state = r.state
        clear_layout(self.slot)
        go = state.go
        if go is None:
            self.slot.addWidget(PlayingCard(state.card, "medium"))
            last = f"Last card: {card_name(state.card)}. " if state.card is not None else ""
            self.text.setText(f"{last}No go in progress.")
            self.note.setText(f"{len(state.movement_deck.pile)} cards left in the movement deck; "
                              f"{state.passes} pass{'es' if state.passes != 1 else ''} completed.")
            self.note.show()
            return
        self.note.hide()
        self.slot.addWidget(PlayingCard(go.card, "medium"))
        colour = r.player_colour(go.seat)
        lines = [(f"<b>{card_name(go.card)}</b>: <b style='color:{colour}'>{r.player_name(go.seat)} "
                  f"({r.side_of(go.seat)})</b> \u2014 a go of {go.activations} "
                  f"activation{'s' if go.activations != 1 else ''}."),
                 f"Activations left: <b>{go.left}</b>"]
        if go.activated:
            lines.append("Activated this go: " + r.names(go.activated))
        self.text.setText("<br>".join(lines))


class ActivatePanel(QWidget):
    """The acting side's units, greyed with the engine's reason when one may not be activated.

    `picked` is the unit the primary button would activate; `picked_changed` tells the view
    when a click in the list picked another (to select it on the table and reword the button).
    """

    picked_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("activatePanel")
        self.picked: str | None = None
        self.title = QLabel(objectName="activateTitle")
        self.title.setWordWrap(True)
        set_role(self.title, "psListTitle")
        self.units = UnitList()
        self.units.setObjectName("activateList")
        self.units.setDragEnabled(False)
        self.units.setMinimumHeight(150)
        self.units.itemClicked.connect(self._on_clicked)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(7)
        lay.addWidget(self.title)
        lay.addWidget(self.units)

    def render(self, r: Reading) -> None:
        p = r.acting_player()
        side = r.side_of(p)
        mine = [u for u in r.units() if u.side == side]
        reasons = {u.id: r.legal(ps.Activate(p, u.id)) for u in mine}
        ok = [uid for uid, why in reasons.items() if not why]
        if self.picked not in ok:
            self.picked = ok[0] if ok else None
        self.title.setText(f"{side} units: pick one to activate (greyed: why not)")
        fill_list(self.units, [(u.id, r.unit_line(u), reasons[u.id]) for u in mine], self.picked)

    def pick(self, r: Reading, uid: str) -> str:
        """Pick a unit clicked on the table; the engine's reason when it may not be activated."""
        self.picked = uid
        why = r.legal(ps.Activate(r.acting_player(), uid))
        self.render(r)
        return f"{r.unit_name(uid)} cannot be activated: {why}" if why else ""

    def _on_clicked(self, item: QListWidgetItem) -> None:
        if item.flags() & Qt.ItemFlag.ItemIsEnabled:
            self.picked = item.data(Qt.ItemDataRole.UserRole)
            self.picked_changed.emit(self.picked)
