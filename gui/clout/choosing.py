"""Choosing a chip and throwing it: the stack list, place-instead-of-throw, and the slingshot aim on the canvas.

The acting player picks a chip from the stack; the side panel says how to play it; a finished aim
becomes the engine's ThrowChip and the chance action that lands it. The aim point is where the chip
touches down: a throw with strength slides on, so while aiming the canvas shows the core's
prediction (`GAME.predict_throw`: the rest spot and its scatter ellipse) and warns of a throw that
would leave the area; one that probably will is asked about before it is thrown. At the table the
slingshot is skipped: the player clicks where the chip really landed (landing.py takes over).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidgetItem

from core.clout import game as cg
from core.clout.catalogue import describe_chip
from core.clout.geometry import CHIP_DIAMETER_CM, wholly_inside
from core.clout.throwing import Scatter
from core.game import CHANCE
from gui.clout import landing
from gui.clout.play_canvas import ELIGIBLE, FULL_PULL_CM, AimPreview
from gui.clout.prompts import Answer, Prompt
from gui.kit.style import set_role

if TYPE_CHECKING:
    from gui.clout.play_view import CloutPlayView


def throw_hint(name: str, table: bool = False) -> str:
    if table:
        return (f"At the table: throw {name} for real, then click where it landed on the area (or press "
                "\u201cShow where it landed\u201d). You can drag or nudge it after.")
    return (f"Throw {name}: press on the area where it should touch down and pull back \u2014 the longer the "
            f"pull, the harder the throw (a full pull is {FULL_PULL_CM:g} cm), and a hard throw slides on: the "
            "ellipse shows where it will probably stop. Let go to throw; a simulated throw cannot be undone. "
            "Keys: arrows aim, +/\u2212 strength, Enter throws.")


def prediction(view: CloutPlayView, x: float, y: float, strength: float) -> tuple[Scatter, str] | None:
    p = view.acting_player()
    if p is None:
        return None
    key = (p, round(x, 2), round(y, 2), round(strength, 3), len(view.match.actions))
    cached = getattr(view, "_prediction", None)
    if cached is None or cached[0] != key:
        sc = view.game.predict_throw(view.state, p, x, y, strength)
        cached = (key, (sc, view.game.leaving(view.state, sc)))
        view._prediction = cached
    return cached[1]


def preview(view: CloutPlayView, x: float, y: float, strength: float) -> AimPreview | None:
    """The canvas's picture of an aim: the rest spot, the ellipse, a warning and a short label."""
    got = prediction(view, x, y, strength)
    if got is None:
        return None
    sc, risk = got
    label = f"{strength:.0%}" + (f" \u00b7 slides ~{sc.slide_cm:.0f} cm" if sc.slide_cm >= 1 else "")
    if risk:
        label += " \u00b7 off the area?" if risk == "possible" else " \u00b7 OFF THE AREA"
    return AimPreview(sc.centre_cm, tuple(sc.outline()), bool(risk), label)


def readout(view: CloutPlayView, x: float, y: float, strength: float) -> tuple[str, bool]:
    """The side panel's words for an aim, and whether they warn."""
    got = prediction(view, x, y, strength)
    if got is None:
        return "", False
    sc, risk = got
    text = f"Strength {strength:.0%}. "
    if sc.slide_cm >= 1:
        text += (f"It touches down at the cross and slides about {sc.slide_cm:.0f} cm on; ")
    else:
        text += "It drops dead where it touches down; "
    text += f"{round(sc.coverage * 10)} throws in 10 stop inside the ellipse."
    if risk == "likely":
        text += " \u26a0 It will probably end off the area: out of play, without its abilities."
    elif risk == "possible":
        text += " \u26a0 It may end off the area."
    text += " Let go to throw: a simulated throw cannot be undone."
    return text, bool(risk)


def on_aim_changed(view: CloutPlayView, x: float, y: float, strength: float) -> None:
    text, warn = readout(view, x, y, strength)
    view.panel.aim_readout.setText(text)
    set_role(view.panel.aim_readout, "warning" if warn else "info")
    view.panel.aim_readout.setVisible(bool(text))


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
        view.how.setText(throw_hint(chip.name, view.table_mode))
        if view.table_mode:
            view.panel.button(view.primary, "Show where it landed")


def aiming(view: CloutPlayView) -> bool:
    """Is the slingshot up (simulated throws only: at the table the player shows where it landed)."""
    s = view.state
    if view.table_mode or view.acting_player() is None or view.viewer() != view.acting_player():
        return False
    if view.pending_throw is not None:
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


def throwing_chip(view: CloutPlayView) -> str | None:
    """The chip a throw now would throw: the chosen stack chip, or the chip thrown again."""
    s = view.state
    if s.phase == "choose" and view.chosen and "throw" in view.game.playable(s, s.turn).get(view.chosen, ()):
        return view.chosen
    if s.phase in ("throw", "precision") and s.ctx is not None:
        return s.ctx.chip
    return None


def on_aimed(view: CloutPlayView, x: float, y: float, strength: float) -> None:
    """A finished aim: thrown, unless it would probably leave the area (then asked first)."""
    if view.acting_player() is None or throwing_chip(view) is None:
        return
    got = prediction(view, x, y, strength)
    if got is not None and got[1] == "likely":
        view.pending_throw = (x, y, strength)
        view._rerender()
        return
    throw(view, x, y, strength)


def throw(view: CloutPlayView, x: float, y: float, strength: float) -> None:
    p = view.acting_player()
    uid = throwing_chip(view)
    view.pending_throw = None
    if p is None or uid is None:
        return
    if view.controller.apply(cg.ThrowChip(p, uid, round(x, 2), round(y, 2), strength)) \
            and not view.table_mode and view.match.actor == CHANCE:
        view.play_chance()


def leave_prompt(view: CloutPlayView) -> Prompt | None:
    """The question before a throw that will probably end off the area."""
    if view.pending_throw is None:
        return None
    return Prompt("This throw will probably end off the area: the chip would leave play without its abilities.",
                  "Throw it anyway, or aim again. A simulated throw cannot be undone.",
                  (Answer("Aim again", ("aim-again",), True), Answer("Throw anyway", ("throw-anyway",))),
                  key=("leave", view.pending_throw))


def on_area_clicked(view: CloutPlayView, x: float, y: float) -> None:
    s = view.state
    p = view.acting_player()
    if p is None or view.viewer() != p:
        return
    if s.phase == "choose" and view.place_mode and view.chosen:
        view.controller.apply(cg.PlaceChip(p, view.chosen, round(x, 2), round(y, 2)))
    elif view.table_mode and throwing_chip(view) is not None:
        table_throw(view, x, y)


def table_throw(view: CloutPlayView, x: float, y: float) -> None:
    """At the table the chip was thrown for real: record the throw, with the chip where it landed."""
    uid = throwing_chip(view)
    p = view.acting_player()
    if uid is None or p is None:
        return
    if view.controller.apply(cg.ThrowChip(p, uid, round(x, 2), round(y, 2), 0.0)) and view.state.phase == "land":
        landing.on_dropped(view, uid, x, y)


def free_spot(view: CloutPlayView) -> tuple[float, float]:
    """Where a chip shown by the button starts: inside the area on the thrower's side, clear of chips."""
    s = view.state
    area = view.area
    minx, miny, maxx, maxy = area.bounds_cm
    cx, cy = (minx + maxx) / 2, (miny + maxy) / 2
    ox, oy = view.game.throw_origin(s, s.turn)
    d = max(1e-6, ((ox - cx) ** 2 + (oy - cy) ** 2) ** 0.5)
    ux, uy = (ox - cx) / d, (oy - cy) / d
    taken = [(c.x, c.y) for c in s.chips]
    for k in range(0, 60):
        r = max(maxx - minx, maxy - miny) / 2 - 6 - k
        for side in (0, 1, -1, 2, -2, 3, -3):
            x, y = cx + ux * r - uy * side * 5, cy + uy * r + ux * side * 5
            if wholly_inside((x, y), area) and all((x - a) ** 2 + (y - b) ** 2 > (CHIP_DIAMETER_CM + 0.5) ** 2
                                                   for a, b in taken):
                return x, y
    return cx, cy


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
