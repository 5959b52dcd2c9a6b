"""Choosing a chip and throwing it: the stack list, place-instead-of-throw, and the slingshot aim on the canvas.

The acting player picks a chip from the stack; the side panel says how to play it; a finished aim
becomes the engine's ThrowChip (and, unless at the table, the chance action that lands it).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidgetItem

from core.clout import game as cg
from core.clout.catalogue import describe_chip
from core.game import CHANCE
from gui.clout.play_canvas import ELIGIBLE, FULL_PULL_CM

if TYPE_CHECKING:
    from gui.clout.play_view import CloutPlayView


def throw_hint(name: str) -> str:
    return (f"Throw {name}: press on the area where it should land and pull back \u2014 the longer the pull, "
            f"the harder the throw (a full pull is {FULL_PULL_CM:g} cm) \u2014 then let go.")


def render_choose(view: CloutPlayView, p: int) -> None:
    s = view.state
    ways = view.game.playable(s, p)
    if not ways:
        view.how.setText("None of your chips can be played now: your stack is shown to your opponent; "
                         "choose a chip to discard.")
        return
    if view.chosen is None or view.chosen not in ways:
        view.chosen = None
        first = "" if s.first_done[p] else " Your first chip must be a base."
        view.how.setText("Click a chip in your stack to play it." + first)
        return
    chip = view.cat.chip(s.kind(view.chosen))
    view.chip_info.setText(describe_chip(chip).replace("\n", "<br>"))
    view.chip_info.show()
    w = ways[view.chosen]
    if "replace" in w:
        view.how.setText(f"{chip.name} is not thrown: click one of your chips on the area (ringed) to "
                         "replace it.")
        return
    if "place" in w:
        view.place_button.show()
        view.place_button.setChecked(view.place_mode)
    if view.place_mode:
        view.how.setText(f"Click the spot on the area where {chip.name} goes.")
    else:
        view.how.setText(throw_hint(chip.name))


def aiming(view: CloutPlayView) -> bool:
    s = view.state
    if view.acting_player() is None or view.viewer() != view.acting_player():
        return False
    if s.phase == "choose":
        ways = view.game.playable(s, s.turn).get(view.chosen or "", ())
        return "throw" in ways and not view.place_mode
    return s.phase in ("throw", "precision")


def on_stack_clicked(view: CloutPlayView, item: QListWidgetItem) -> None:
    if not (item.flags() & Qt.ItemFlag.ItemIsEnabled):
        return
    s = view.state
    if s.phase != "choose" or view.acting_player() != s.turn:
        return
    view.chosen = item.data(Qt.ItemDataRole.UserRole)
    view.place_mode = False
    view._rerender()


def on_place_toggled(view: CloutPlayView, on: bool) -> None:
    if view.place_mode != on:
        view.place_mode = on
        view._rerender()


def on_aimed(view: CloutPlayView, x: float, y: float, strength: float) -> None:
    s = view.state
    p = view.acting_player()
    if p is None:
        return
    if s.phase == "choose" and view.chosen:
        action = cg.ThrowChip(p, view.chosen, round(x, 2), round(y, 2), strength)
    elif s.phase in ("throw", "precision") and s.ctx is not None:
        action = cg.ThrowChip(p, s.ctx.chip, round(x, 2), round(y, 2), strength)
    else:
        return
    if view.controller.apply(action) and not view.table_mode and view.match.actor == CHANCE:
        view.play_chance()


def on_area_clicked(view: CloutPlayView, x: float, y: float) -> None:
    s = view.state
    p = view.acting_player()
    if s.phase == "choose" and view.place_mode and view.chosen and p is not None:
        view.controller.apply(cg.PlaceChip(p, view.chosen, round(x, 2), round(y, 2)))


def replace_marks(view: CloutPlayView, p: int) -> dict[str, str]:
    """A chip that replaces rather than throws: ring the player's chips it may replace."""
    s = view.state
    marks: dict[str, str] = {}
    if "replace" in view.game.playable(s, p).get(view.chosen or "", ()):
        board = view.game.board(s)
        for u in board.on:
            if board.controller(u) == p and not view._legal(cg.ReplaceChip(p, view.chosen, u)):
                marks[u] = ELIGIBLE
    return marks
