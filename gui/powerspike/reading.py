"""The battle as the panels read it: names, colours, unit lines and the engine's reasons.

Every phase panel is drawn from the same match; this keeps the few questions they all ask
(whose go, which unit is active, what a unit is called, why an action is illegal) in one place,
so a panel needs only a Reading to draw itself and nothing of the view.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from core.errors import IllegalAction
from core.game import lone_seat
from core.match import Match
from core.powerspike import game as ps
from core.powerspike.cards import SIDES
from gui.controller import MatchController


class Reading:
    """Questions about the controller's current match; it holds no state of its own."""

    def __init__(self, controller: MatchController) -> None:
        self.controller = controller

    @property
    def match(self) -> Match:
        return self.controller.match

    @property
    def state(self) -> ps.PowerSpikeState:
        return self.match.state

    @property
    def game(self) -> ps.PowerSpikeGame:
        return self.match.game

    @property
    def table_mode(self) -> bool:
        """The cards come from the real decks on the table (entered with the picker)."""
        return self.match.mode == "table"

    def acting_player(self) -> int | None:
        return lone_seat(self.match.actor)

    def active_unit(self) -> str | None:
        act = self.state.activation
        return act.unit if act is not None and self.state.phase == "act" else None

    def unit(self, uid: str) -> ps.UnitState:
        return self.state.unit(uid)

    def units(self, state: Any = None) -> list[ps.UnitState]:
        """The living units (aboard an ornithopter included)."""
        state = state if state is not None else self.state
        return [u for u in state.units if u.figures]

    def unit_name(self, uid: str) -> str:
        return self.unit(uid).name or uid

    def names(self, ids: Iterable[str]) -> str:
        names = [self.unit_name(i) for i in ids]
        if len(names) <= 1:
            return "".join(names)
        return ", ".join(names[:-1]) + " and " + names[-1]

    def player_name(self, p: int) -> str:
        return self.match.setup.players[p].name

    def player_colour(self, p: int) -> str:
        return self.match.setup.players[p].colour

    def side_of(self, player: int) -> str:
        return SIDES[player]

    def player_of(self, side: str) -> int:
        return SIDES.index(side)

    def colour_of_unit(self, uid: str) -> str:
        return self.player_colour(self.player_of(self.unit(uid).side))

    def legal(self, action: Any) -> str:
        """The engine's reason against an action, or '' when it is legal now."""
        try:
            self.game.validate(self.state, action)
        except IllegalAction as e:
            return e.reason
        return ""

    def unit_line(self, u: ps.UnitState) -> str:
        prof = ps.profile(u)
        aboard = f", aboard {self.unit_name(u.carried_by)}" if u.carried_by else ""
        return (f"{u.name or u.id} \u2014 {len(u.figures)}/{u.start_figures} figures, "
                f"move {prof.move:g}\", range {prof.range:g}\"{aboard}")

    def poolable(self) -> list[str]:
        """Units of this go that have not fired: the engine's pooling rule, read from the state."""
        go = self.state.go
        active = self.active_unit()
        if go is None:
            return []
        return [u for u in go.activated if u != active and u not in go.fired and self.unit(u).on_table]
