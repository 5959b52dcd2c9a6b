"""Landing a thrown chip: simulated, one click lets it land; at the table, drag it where it really came to rest.

At the table the thrown chip is drawn where the player clicked until dragged; chips it knocked are
dragged too, and the arrows nudge the held chip (1 mm, 1 cm with Shift); the confirm button records
every spot as the engine's Landed action. A dropped chip is never moved by the app: one that overlaps
another chip or hangs over the area's edge turns red and the prompt asks whether to keep it there or
move it (nothing is pushed apart, as the physics would do for a simulated throw).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import math

from core.clout import game as cg
from core.clout.geometry import CHIP_DIAMETER_CM, RANGE_TOLERANCE_CM, entirely_outside, wholly_inside
from gui.clout.chip_items import ChipMarker
from gui.clout.play_canvas import DOUBT, PICKED
from gui.clout.prompts import Answer, Prompt

if TYPE_CHECKING:
    from gui.clout.play_view import CloutPlayView


def aim_point(view: CloutPlayView) -> tuple[float, float]:
    ctx = view.state.ctx
    if ctx is not None and ctx.aim is not None:
        return ctx.aim[0], ctx.aim[1]
    minx, miny, maxx, maxy = view.area.bounds_cm
    return (minx + maxx) / 2, (miny + maxy) / 2


def on_confirm(view: CloutPlayView) -> None:
    s = view.state
    if s.phase != "land":
        from gui.clout import choosing  # choosing imports this module
        if view.table_mode and choosing.throwing_chip(view) is not None:
            choosing.table_throw(view, *choosing.free_spot(view))
        return
    if not view.table_mode:
        view.play_chance()
        return
    assert s.ctx is not None
    uid = s.ctx.chip
    view.doubt = None
    spots = [cg.Spot(uid, *view.table_spots.get(uid, aim_point(view)))]
    spots += [cg.Spot(c, x, y) for c, (x, y) in sorted(view.table_spots.items()) if c != uid]
    view.controller.apply(cg.Landed(uid, tuple(spots), False))


def on_off_area(view: CloutPlayView) -> None:
    s = view.state
    if s.phase == "land" and view.table_mode and s.ctx is not None:
        spots = tuple(cg.Spot(c, x, y) for c, (x, y) in sorted(view.table_spots.items()) if c != s.ctx.chip)
        view.controller.apply(cg.Landed(s.ctx.chip, spots, True))


def in_air_marker(view: CloutPlayView) -> list[ChipMarker]:
    """At the table, the thrown chip not yet on the area, drawn where it was dragged (or at the aim)."""
    s = view.state
    if s.ctx is None or s.on_area(s.ctx.chip) is not None:
        return []
    uid = s.ctx.chip
    x, y = view.table_spots.get(uid, aim_point(view))
    return [ChipMarker.from_chip(uid, view.cat.chip(s.kind(uid)), int(uid.split(".")[0]), x, y,
                                 "Drag me to where I really landed")]


def render_land(view: CloutPlayView) -> None:
    """The side panel while the thrown chip is in the air."""
    if view.table_mode:
        view.how.setText("At the table: drag the thrown chip (ringed blue) to where it really landed and "
                         "any chip it knocked, or nudge the held chip with the arrows (Shift: 1 cm); then "
                         "confirm. If it ended entirely off the area, say so.")
        view.panel.button(view.primary, "Confirm where the chips are")
        view.panel.button(view.secondary, "It landed off the area")
    else:
        view.panel.button(view.primary, "Let the chip land")


# --- table entry: where the chips are, and chips that need a second look ---------------------------------
def spots_now(view: CloutPlayView) -> dict[str, tuple[float, float]]:
    """Every chip's centre as the players have entered it so far (the thrown chip included)."""
    s = view.state
    here = {c.uid: (c.x, c.y) for c in s.chips}
    if s.ctx is not None and s.on_area(s.ctx.chip) is None:
        here[s.ctx.chip] = aim_point(view)
    here.update(view.table_spots)
    return here


def trouble(view: CloutPlayView, uid: str) -> tuple[str, tuple[str, ...]]:
    """What is wrong with where `uid` lies: "off" (entirely off the area), "edge" (over the edge),
    "overlap" (on other chips, named), or "" (nothing)."""
    here = spots_now(view)
    if uid not in here:
        return "", ()
    at = here[uid]
    if entirely_outside(at, view.area):
        return "off", ()
    under = tuple(c for c, p in here.items()
                  if c != uid and math.dist(p, at) < CHIP_DIAMETER_CM - RANGE_TOLERANCE_CM - 0.01)
    if under:
        return "overlap", under
    if not wholly_inside(at, view.area):
        return "edge", ()
    return "", ()


def on_dropped(view: CloutPlayView, uid: str, x: float, y: float) -> None:
    """A chip dropped or nudged at the table: it stays exactly there; if it lies on another chip or
    over the edge, it turns red and the players are asked whether to keep it."""
    view.table_spots[uid] = (round(x, 2), round(y, 2))
    view.kept.discard(uid)
    view.doubt = uid if trouble(view, uid)[0] else None
    view._rerender()


def held_chip(view: CloutPlayView) -> str | None:
    """The chip the arrows nudge at the table: the one last dropped or clicked, else the thrown chip."""
    s = view.state
    if s.phase != "land" or not view.table_mode or s.ctx is None:
        return None
    selected = view.canvas.selected
    return selected if selected in view.canvas.movable_ids else s.ctx.chip


def table_marks(view: CloutPlayView) -> dict[str, str]:
    """The thrown chip ringed blue; any chip lying on another or over the edge, red."""
    s = view.state
    assert s.ctx is not None
    marks = {s.ctx.chip: PICKED}
    for uid in spots_now(view):
        if uid not in view.kept and (uid == view.doubt or uid in view.table_spots) and trouble(view, uid)[0]:
            marks[uid] = DOUBT
    return marks


def doubt_prompt(view: CloutPlayView) -> Prompt | None:
    """Keep the dropped chip where it is, or move it: the question for a chip in red."""
    s = view.state
    uid = view.doubt
    if uid is None or s.phase != "land" or not view.table_mode or s.ctx is None:
        return None
    what, under = trouble(view, uid)
    if not what:
        return None
    name = view.chip_name(uid)
    thrown = uid == s.ctx.chip
    if what == "off":
        if thrown:
            return Prompt(f"{name} lies entirely off the area: it is out of play, without its abilities.",
                          "Say it went out, or drag it to where it really is.",
                          (Answer("It went out", ("went-out",), True), Answer("Move it", ("move-it", uid))),
                          key=("doubt", uid, what))
        return Prompt(f"{name} lies entirely off the area: a knocked chip that leaves goes back just inside "
                      "the nearest edge.", "Drag it back onto the area where it was put (the app moves nothing).",
                      (Answer("Move it", ("move-it", uid), True),), key=("doubt", uid, what))
    if what == "overlap":
        others = ", ".join(view.chip_name(c) for c in under)
        question = f"{name} lies on {others}. Keep it there, or move it?"
    else:
        question = f"{name} hangs over the edge of the area (it is still in play). Keep it there, or move it?"
    return Prompt(question, "Nothing is pushed: the chips stay exactly where you put them.",
                  (Answer("Keep it there", ("keep-it", uid), True), Answer("Move it", ("move-it", uid))),
                  key=("doubt", uid, what, view.table_spots.get(uid)))


def on_doubt_answer(view: CloutPlayView, value: tuple) -> None:
    kind = value[0]
    if kind == "went-out":
        view.doubt = None
        on_off_area(view)
    elif kind == "keep-it":
        view.kept.add(value[1])
        view.doubt = None
        view._rerender()
    elif kind == "move-it":
        view.doubt = None
        if value[1] in view.canvas.markers:
            view.canvas.select(value[1])
        view._rerender()
        view.canvas.setFocus()
