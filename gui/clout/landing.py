"""Landing a thrown chip: simulated, one click lets it land; at the table, drag it where it really came to rest.

At the table the thrown chip is drawn at the aim point until dragged; chips it knocked are nudged by
drag too; the confirm button records every spot as the engine's Landed action.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from core.clout import game as cg
from gui.clout.chip_items import ChipMarker

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
        return
    if not view.table_mode:
        view.play_chance()
        return
    assert s.ctx is not None
    uid = s.ctx.chip
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
                         "nudge any chip it knocked, then confirm. If it ended entirely off the area, say so.")
        view.panel.button(view.primary, "Confirm where the chips are")
        view.panel.button(view.secondary, "It landed off the area")
    else:
        view.panel.button(view.primary, "Let the chip land")
