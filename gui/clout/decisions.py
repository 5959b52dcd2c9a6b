"""The decisions the engine waits on (`state.slots`, precision, a discard) as prompts and canvas clicks.

Each pending choice becomes a `Prompt` (question, hint, answers); the chips that answer are ringed and
clickable, chips that may move draggable. Every answer becomes one of the engine's actions.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from core.clout import game as cg
from core.clout.catalogue import ABILITIES
from gui.clout import choosing, landing
from gui.clout.play_canvas import ELIGIBLE, PICKED, SOURCE
from gui.clout.prompts import Answer, Prompt

MULTI_PICK = ("command", "trap", "attract", "repulse", "destroy", "raze")  # several chips, then confirm

if TYPE_CHECKING:
    from gui.clout.play_view import CloutPlayView


def current_prompt(view: CloutPlayView) -> Prompt | None:
    s = view.state
    p = view.acting_player()
    if s.phase == "land":
        return landing.doubt_prompt(view) if view.viewer() == s.turn else None
    if p is None or view.viewer() != p:
        return None
    asked = choosing.leave_prompt(view)
    if asked is not None:
        return asked
    if s.phase == "precision" and s.ctx is not None:
        name = view.chip_name(s.ctx.chip)
        again = ("click where it landed this time" if view.table_mode else "aim on the area as before")
        return Prompt(f"Precision: keep {name} where it landed, or throw it again?",
                      f"{s.ctx.precision_left} rethrow{'s' if s.ctx.precision_left != 1 else ''} left. To "
                      f"throw again, {again}.",
                      (Answer("Keep it here", "keep", True),), (), key=("precision", len(view.match.actions)))
    if s.phase == "choose" and not view.game.playable(s, p):
        answers = tuple(Answer(f"Discard {view.chip_name(u)}", ("discard", u)) for u in s.stacks[p])
        return Prompt("You cannot play any chip: reveal your stack and discard one.", "", answers,
                      key=("discard", len(view.match.actions)))
    slot = view.current_slot()
    if slot is None:
        return None
    return slot_prompt(view, slot)


def slot_prompt(view: CloutPlayView, slot: cg.Slot) -> Prompt:
    s = view.state
    source = view.chip_name(slot.source)
    ability = ABILITIES[slot.ability].name
    printed = None if slot.kind == "conflict" else view.cat.chip(s.kind(slot.source)).ability(slot.ability)
    removes = bool(printed and "remove" in printed.modifiers)
    answers: list[Answer] = []
    hint = ""
    name = slot.ability
    if slot.fixed:
        if slot.optional:
            answers.append(Answer(f"Use {ability}", ("use",), True))
        hint = "Affects: " + ", ".join(view.chip_name(t) for t in slot.options) + "."
    elif name == "move":
        hint = (f"Drag {source} to its new spot (within {slot.value} range increment"
                f"{'s' if slot.value != 1 else ''}, the dashed ring).")
    elif name == "push":
        hint = ("Drag one of the ringed chips to its new spot (within "
                f"{slot.value} range increment{'s' if slot.value != 1 else ''}).")
    elif name == "reanimate":
        hint = "First click the troop on the area to remove (ringed), then choose who comes back."
        if view.picked:
            answers += [Answer(f"Bring back {view.chip_name(d)}", ("reanimate", d), True) for d in slot.extra]
    elif slot.kind == "conflict":
        hint = "Click the ringed chip whose effect applies."
    elif name in MULTI_PICK:
        need = min(slot.count, len(slot.options))
        if name == "command":
            hint = f"Click 1 to {slot.count} of the ringed chips, then confirm."
            ok = 1 <= len(view.picked) <= slot.count
        else:
            hint = f"Click {need} of the ringed chips, then confirm."
            ok = len(view.picked) == need
        answers.append(Answer(f"Confirm ({len(view.picked)} chosen)" if ok else
                              f"Choose {'up to ' if name == 'command' else ''}"
                              f"{slot.count if name == 'command' else need} ({len(view.picked)} chosen)",
                              ("confirm",) if ok else ("not-yet",), ok))
    else:
        hint = "Click one of the ringed chips."
    if slot.source in view.canvas.markers and name != "move":
        hint += f" {source} is ringed in violet."
    if removes:
        hint += f" Using {ability} removes {source} from play at the end of the turn."
    if "master" in (printed.modifiers if printed else ()):
        hint += " (A Master ability: it works only within range of a chip with Master.)"
    if slot.optional:
        answers.append(Answer(f"Don't use {ability}", ("decline",)))
    others = [x for x in view.my_slots() if x.id != slot.id]
    for o in others:
        where = ""
        if sum(1 for x in view.my_slots() if view.chip_name(x.source) == view.chip_name(o.source)) > 1:
            on = s.on_area(o.source)
            where = f" at ({on.x:.0f}, {on.y:.0f})" if on else ""
        answers.append(Answer(f"First: {view.chip_name(o.source)}{where}'s {ABILITIES[o.ability].name}",
                              ("first", o.id), tooltip=view.game.slot_text(s, o)))
    question = view.game.slot_text(s, slot) or f"{source}: {ability}"
    if others:
        question += f"  ({len(others) + 1} decisions waiting: you choose the order)"
    return Prompt(question, hint.strip(), tuple(answers), tuple(slot.options), slot.needs_point,
                  key=(slot.id, view.picked, len(view.match.actions)))


def movable(view: CloutPlayView) -> list[str]:
    s = view.state
    if s.phase == "land" and view.table_mode:
        return [m for m in view.canvas.markers]
    slot = view.current_slot()
    if slot is None or not slot.needs_point:
        return []
    return [slot.source] if slot.ability == "move" else list(slot.options)


def on_chip_clicked(view: CloutPlayView, uid: str) -> None:
    s = view.state
    p = view.acting_player()
    if s.phase == "land" and view.table_mode:
        if uid in view.canvas.movable_ids:
            view.canvas.held = uid  # the arrows nudge the chip clicked (or reached by the keyboard)
        return
    if p is None or view.viewer() != p:
        return
    if s.phase == "choose" and view.chosen:
        if "replace" in view.game.playable(s, p).get(view.chosen, ()):
            view.controller.apply(cg.ReplaceChip(p, view.chosen, uid))
        return
    slot = view.current_slot()
    if slot is None or slot.fixed or uid not in slot.options:
        if slot is not None and not slot.fixed and uid not in slot.options and uid in view.canvas.markers:
            view.show_refusal(f"{view.chip_name(uid)} cannot be chosen for this.")
        return
    name = slot.ability
    if name in MULTI_PICK and slot.kind != "conflict":
        view.picked = tuple(x for x in view.picked if x != uid) if uid in view.picked else view.picked + (uid,)
        view._rerender()
    elif name == "reanimate" or slot.needs_point:
        view.picked = (uid,)
        view._rerender()
    else:
        view.controller.apply(cg.Choose(p, slot.id, True, (uid,)))


def on_answer(view: CloutPlayView, value: object) -> None:
    p = view.acting_player()
    if isinstance(value, tuple) and value[0] in ("went-out", "keep-it", "move-it"):
        landing.on_doubt_answer(view, value)
        return
    if p is None or not isinstance(value, tuple):
        if value == "keep" and p is not None:
            view.controller.apply(cg.Keep(p))
        return
    kind = value[0]
    slot = view.current_slot()
    if kind == "aim-again":
        view.pending_throw = None
        view._rerender()
    elif kind == "throw-anyway" and view.pending_throw is not None:
        choosing.throw(view, *view.pending_throw)
    elif kind == "discard":
        view.controller.apply(cg.DiscardChip(p, value[1]))
    elif kind == "first":
        view.slot_first = value[1]
        view.picked = ()
        view._rerender()
    elif slot is None:
        return
    elif kind == "use":
        view.controller.apply(cg.Choose(p, slot.id, True))
    elif kind == "decline":
        view.controller.apply(cg.Choose(p, slot.id, False))
    elif kind == "confirm":
        view.controller.apply(cg.Choose(p, slot.id, True, view.picked))
    elif kind == "reanimate" and view.picked:
        view.controller.apply(cg.Choose(p, slot.id, True, (view.picked[0], value[1])))
    elif kind == "not-yet":
        view.show_refusal("Click the ringed chips on the area first.")


def slot_marks(view: CloutPlayView) -> tuple[dict[str, str], tuple[tuple[float, float], float] | None]:
    """The rings for the pending decision (eligible, picked, the asking chip) and a moving chip's limit."""
    s = view.state
    slot = view.current_slot()
    marks: dict[str, str] = {}
    limit: tuple[tuple[float, float], float] | None = None
    if slot is None:
        return marks, limit
    for o in slot.options:
        marks[o] = PICKED if o in view.picked else ELIGIBLE
    if slot.ability == "move":
        marks[slot.source] = ELIGIBLE
    elif slot.source not in marks:
        marks[slot.source] = SOURCE
    if slot.needs_point:
        mover = slot.source if slot.ability == "move" else (view.picked[0] if view.picked else None)
        if mover is not None and mover in view.canvas.markers:
            board = view.game.board(s)
            limit = (board.pos(mover), slot.value * board.increment(board.controller(slot.source)))
    return marks, limit
