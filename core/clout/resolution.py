"""The rulebook's resolution order once a chip is down, as functions over the state.

After a chip comes to rest its movement abilities resolve one at a time in the order the
player picks (Move, Push and Exchange only in the round of the throw that put it down); then
every other activating ability (and every triggered ambush, poison, bomb) is declared with its
targets, counterattacks are declared against the declared attacks, the turn's player settles
any chip claimed by two traps or two possessions (stage "settle"), and all apply together,
removals last (measured as declared, so their order never matters); then rally abilities
queue new rounds, each resolved separately. Every decision that is a real choice waits in
`state.slots` for its decider; the rest resolve here without asking.
"""
from __future__ import annotations

import math

import msgspec

from core.clout.abilities import Board, optional
from core.clout.catalogue import Ability
from core.clout.geometry import inside_area, push_inside
from core.clout.scoring import score_board, totals
from core.clout.state import (
    CloutState,
    Decl,
    Note,
    Round,
    Slot,
    Stage,
    ThrowCtx,
    catalogue,
    increments,
    owner,
    play_area,
    rep,
    with_,
)
from core.game import Result, rank

MOVEMENT = ("move", "push", "exchange", "attract", "repulse")
THROWN_ONLY = ("move", "push", "exchange")  # "on the turn this chip is thrown"
DECLARED = ("strike", "siege", "possess", "trap", "destroy", "raze", "poison", "bomb")
ATTACKS = ("strike", "siege", "ambush", "counterattack")
RALLY = ("command", "rethrow", "reanimate")
TIE_CM = 1e-6  # two chips this close in distance are equally near (destroy, raze: closer first)


_BOARDS: list[tuple[object, object, object, Board]] = []


def board(s: CloutState) -> Board:
    """The table's answers for this state. A board reads only the chips on the area, who they
    are and the setup; states are immutable and share unchanged parts, so the board of the last
    few tables asked about is reused (one step asks many questions of the same table)."""
    for chips, kinds, setup, b in _BOARDS:
        if chips is s.chips and kinds is s.kinds and setup is s.setup:
            return b
    b = Board(s, catalogue(), play_area(s.setup.area), increments(s.setup))
    _BOARDS.insert(0, (s.chips, s.kinds, s.setup, b))
    del _BOARDS[4:]
    return b


def note(s: CloutState, *notes: Note) -> CloutState:
    return rep(s, notes=s.notes + notes)


# --- rounds of activation ----------------------------------------------------------------------
def activate_thrown(s: CloutState) -> CloutState:
    assert s.ctx is not None
    r = Round((s.ctx.chip,), no_rally=s.ctx.purpose == "rally", thrown=True)
    return start_round(rep(s, ctx=None, rounds=(r,) + s.rounds))


def next_round_or_end(s: CloutState) -> CloutState:
    if s.rounds:
        return start_round(s)
    return end_turn(s)


def start_round(s: CloutState) -> CloutState:
    r, rest = s.rounds[0], s.rounds[1:]
    if r.throw is not None:
        return rep(s, rounds=rest, round=None, phase="throw", stage="", ctx=ThrowCtx(r.throw, "rally"))
    s = rep(s, rounds=rest, round=r, phase="resolve", stage="movement", decls=(), new_rounds=())
    return proceed(movement_slots(s))


def proceed(s: CloutState) -> CloutState:
    while True:
        s = auto(s)
        if s.slots:
            return s
        if s.stage == "movement":
            s = declare_slots(s)
        elif s.stage == "declare":
            s = counter_slots(s)
        elif s.stage == "counter":
            s = conflict_slots(s)
        elif s.stage == "settle":
            s = rally_slots(apply_declared(s))
        else:
            s = rep(s, rounds=s.new_rounds + s.rounds, new_rounds=(), round=None, stage="")
            return next_round_or_end(s)


def add_slots(s: CloutState, slots: list[Slot], stage: Stage) -> CloutState:
    if not slots:
        return rep(s, stage=stage)
    numbered = tuple(msgspec.structs.replace(x, id=s.next_slot + i) for i, x in enumerate(slots))
    return rep(s, slots=s.slots + numbered, next_slot=s.next_slot + len(slots), stage=stage)


def auto(s: CloutState) -> CloutState:
    """Resolve decisions that are no decision: compulsory, with exactly what the rules give."""
    while True:
        for slot in s.slots:
            if slot.optional or slot.needs_point:
                continue
            if slot.fixed or slot.ability in ("attract", "repulse", "trap") and len(slot.options) <= slot.count \
                    or len(slot.options) == 1 and slot.ability not in ("reanimate",) \
                    or slot.ability == "reanimate" and len(slot.options) == 1 and len(slot.extra) == 1:
                targets = slot.options[:slot.count] if slot.ability != "reanimate" else slot.options + slot.extra
                s = resolve(s, slot, True, tuple(targets), None)
                break
        else:
            return s


def movement_slots(s: CloutState) -> CloutState:
    assert s.round is not None
    b = board(s)
    slots: list[Slot] = []
    for uid in s.round.chips:
        if uid not in b.on:
            continue
        stopped = b.stopped(uid)
        for a in b.abilities(uid):
            if a.name not in MOVEMENT or not b.usable(uid, a):
                continue
            if a.name in THROWN_ONLY and not s.round.thrown:
                continue
            if stopped:
                s = note(s, Note("stopped", (uid,), ability=a.name))
                continue
            opts = () if a.name == "move" else tuple(b.targets(uid, a, exclude=(uid,)))
            if a.name != "move" and not opts:
                continue
            slots.append(Slot(0, uid, a.name, b.controller(uid), opts, a.value or 1, optional(a),
                              a.name in ("move", "push"), value=a.value or 0))
    return add_slots(s, slots, "movement")


def declare_slots(s: CloutState) -> CloutState:
    assert s.round is not None
    b = board(s)
    slots: list[Slot] = []
    activated = [u for u in s.round.chips if u in b.on]
    for uid in activated:
        for a in b.abilities(uid):
            if a.name not in DECLARED or not b.usable(uid, a):
                continue
            slot = declared_slot(s, b, uid, a, resting=None)
            if slot:
                slots.append(slot)
    resting = [u for u in activated if b.chip(u).type != "action"]
    triggered = dict.fromkeys(b.sources("ambush") + b.sources("poison") + b.sources("bomb"))
    for src in (u for u in b.on if u in triggered):
        for a in b.abilities(src):
            if a.name not in ("ambush", "poison", "bomb") or not b.usable(src, a):
                continue
            if a.name != "ambush" and src in activated:
                continue
            # Triggered by the resting chips only: one range check per chip before the
            # source's whole range is measured (most sources reach none of them).
            if not any(b.within(src, t, a.ignores) for t in resting):
                continue
            if a.name == "ambush":
                for t in resting:
                    if t in b.targets(src, a):
                        slots.append(Slot(0, src, "ambush", b.controller(src), (t,), 1, optional(a), fixed=True,
                                          subject=t, value=b.attack_value(src, a), against=b.defense(t, a.ignores)))
            else:
                slot = declared_slot(s, b, src, a, resting=resting)
                if slot:
                    slots.append(slot)
    return add_slots(s, slots, "declare")


def declared_slot(s: CloutState, b: Board, uid: str, a: Ability, resting: list[str] | None) -> Slot | None:
    me = b.controller(uid)
    if a.name in ("strike", "siege"):
        opts = b.attack_targets(uid, a)
        v, fixed = b.attack_value(uid, a), False
    elif a.name in ("possess", "trap"):
        opts = b.targets(uid, a)
        v, fixed = a.value or 1, False
    elif a.name in ("destroy", "raze"):
        sure, tied, need = nearest(b, uid, a)
        v = a.value or 1
        if tied:
            # Chips at the same distance tie for "closer first": the turn's player picks.
            return Slot(0, uid, a.name, s.turn, tied, need, optional(a), extra=sure, value=v)
        opts, fixed = list(sure), True
    elif a.name == "poison":
        opts = [t for t in b.targets(uid, a) if not b.ability(t, "poison") and (resting is None or t in resting)]
        v, fixed = 0, True
    else:  # bomb
        opts = [t for t in b.targets(uid, a) if resting is None or t in resting]
        v, fixed = 0, True
    if not opts:
        return None
    count = len(opts) if fixed else (a.value or 1) if a.name == "trap" else 1
    return Slot(0, uid, a.name, me, tuple(opts), count, optional(a), fixed=fixed, value=v)


def nearest(b: Board, uid: str, a: Ability) -> tuple[tuple[str, ...], tuple[str, ...], int]:
    """Destroy / raze: the chips surely removed, and the tied group at the cut (with how many of it go).

    The tied group is empty when the nearest `value` chips are unambiguous."""
    found = b.targets(uid, a, side="all")
    n = a.value or 1
    if len(found) <= n:
        return tuple(found), (), 0
    cut = b.gap_cm(uid, found[n - 1])
    if abs(b.gap_cm(uid, found[n]) - cut) > TIE_CM:
        return tuple(found[:n]), (), 0
    sure = tuple(t for t in found if b.gap_cm(uid, t) < cut - TIE_CM)
    tied = tuple(t for t in found if abs(b.gap_cm(uid, t) - cut) <= TIE_CM)
    return sure, tied, n - len(sure)


def conflict_slots(s: CloutState) -> CloutState:
    """Two traps or two possessions declared on one chip: the turn's player picks the one that applies."""
    slots: list[Slot] = []
    for ability in ("trap", "possess"):
        claims: dict[str, list[str]] = {}
        for d in s.decls:
            if d.ability == ability:
                for t in d.targets:
                    if d.source not in claims.setdefault(t, []):
                        claims[t].append(d.source)
        for t, sources in claims.items():
            if len(sources) >= 2:
                slots.append(Slot(0, t, ability, s.turn, tuple(sources), 1, False, subject=t, kind="conflict"))
    return add_slots(s, slots, "settle")


def counter_slots(s: CloutState) -> CloutState:
    b = board(s)
    slots: list[Slot] = []
    for d in s.decls:
        if d.ability not in ("strike", "siege", "ambush") or b.chip(d.source).type != "troop":
            continue
        for t in d.targets:
            ca = b.ability(t, "counterattack", d.ignores)
            if not ca or not b.usable(t, ca) or b.controller(t) == b.controller(d.source):
                continue
            if b.immune(d.source, "counterattack") or not b.within(t, d.source):
                continue
            slots.append(Slot(0, t, "counterattack", b.controller(t), (d.source,), 1, optional(ca), fixed=True,
                              subject=d.source, value=b.attack_value(t, ca), against=b.defense(d.source)))
    return add_slots(s, slots, "counter")


def rally_slots(s: CloutState) -> CloutState:
    assert s.round is not None
    b = board(s)
    slots: list[Slot] = []
    if not s.round.no_rally:
        for uid in s.round.chips:
            if uid not in b.on:
                continue
            for a in b.abilities(uid):
                if a.name not in RALLY or not b.usable(uid, a):
                    continue
                opts = tuple(b.targets(uid, a, exclude=(uid,)))
                extra: tuple[str, ...] = ()
                if a.name == "reanimate":
                    me = b.controller(uid)
                    extra = tuple(d for d in s.discards[me] if b.cat.chip(s.kind(d)).type == "troop")
                    if not extra:
                        continue
                if not opts:
                    continue
                slots.append(Slot(0, uid, a.name, b.controller(uid), opts, a.value or 1, optional(a),
                                  extra=extra, value=a.value or 0))
    return add_slots(s, slots, "rally")


# --- answering ------------------------------------------------------------------------------------
def resolve(s: CloutState, slot: Slot, use: bool, targets: tuple[str, ...],
            point: tuple[float, float] | None) -> CloutState:
    s = rep(s, slots=tuple(x for x in s.slots if x.id != slot.id))
    if slot.kind == "conflict":
        return settle_conflict(s, slot, targets[0])
    if not use:
        return note(s, Note("declines", (slot.source,), ability=slot.ability))
    b = board(s)
    if slot.source not in b.on and s.stage != "counter":
        return s
    mods = b.chip(slot.source).ability(slot.ability)
    remove_self = bool(mods and "remove" in mods.modifiers)
    if remove_self:
        s = rep(s, chips=tuple(msgspec.structs.replace(c, marked=True) if c.uid == slot.source else c
                               for c in s.chips))
    if s.stage == "movement":
        if b.stopped(slot.source):
            return note(s, Note("lost", (slot.source,), ability=slot.ability))
        return move_effect(s, b, slot, targets, point)
    if s.stage in ("declare", "counter"):
        if slot.ability in ("destroy", "raze") and not slot.fixed:
            targets = slot.extra + targets
        ability = mods or Ability(slot.ability)
        d = Decl(slot.source, slot.ability, targets, slot.value, ability.ignores, remove_self)
        return note(rep(s, decls=s.decls + (d,)), Note("declares", (slot.source, *targets), ability=slot.ability))
    # rally
    if slot.ability == "command":
        return note(rep(s, new_rounds=s.new_rounds + (Round(targets, no_rally=True),)),
                    Note("command", (slot.source, *targets)))
    if slot.ability == "rethrow":
        return note(rep(s, new_rounds=s.new_rounds + (Round((), True, throw=targets[0]),)),
                    Note("rethrow", (slot.source, targets[0])))
    gone, back = targets
    s = remove(s, (gone,), "")
    return note(rep(s, new_rounds=s.new_rounds + (Round((), True, throw=back),)),
                Note("reanimate", (slot.source, gone, back)))


def settle_conflict(s: CloutState, slot: Slot, winner: str) -> CloutState:
    """Only the winner's effect reaches the contested chip; the other declarations keep their other targets."""
    t = slot.subject
    assert t is not None
    decls = tuple(msgspec.structs.replace(d, targets=tuple(x for x in d.targets if x != t))
                  if d.ability == slot.ability and d.source != winner else d for d in s.decls)
    losers = tuple(o for o in slot.options if o != winner)
    return note(rep(s, decls=decls), Note("settle", (winner, t, *losers), player=slot.decider, ability=slot.ability))


def move_effect(s: CloutState, b: Board, slot: Slot, targets: tuple[str, ...],
                point: tuple[float, float] | None) -> CloutState:
    pos = {c.uid: (c.x, c.y) for c in s.chips}
    src = b.pos(slot.source)
    if slot.ability == "move":
        assert point is not None
        pos[slot.source] = point
    elif slot.ability == "push":
        assert point is not None
        pos[targets[0]] = point
    elif slot.ability == "exchange":
        t = targets[0]
        pos[slot.source], pos[t] = pos[t], pos[slot.source]
    elif slot.ability == "attract":
        for t in targets:
            tx, ty = pos[t]
            d = math.dist(src, (tx, ty)) or 1.0
            k = 4.0 / d
            pos[t] = (src[0] + (tx - src[0]) * k, src[1] + (ty - src[1]) * k)
    else:  # repulse
        reach = b.reach_units(slot.source) * b.increment(b.controller(slot.source))
        for t in targets:
            tx, ty = pos[t]
            d = math.dist(src, (tx, ty))
            ux, uy = ((tx - src[0]) / d, (ty - src[1]) / d) if d > 1e-9 else (0.0, 1.0)
            far = 4.0 + reach + 0.01
            pt = (src[0] + ux * far, src[1] + uy * far)
            if not inside_area(pt, b.area):
                pt = push_inside(pt, b.area, [p for u, p in pos.items() if u != t])
            pos[t] = pt
    chips = tuple(msgspec.structs.replace(c, x=round(pos[c.uid][0], 4), y=round(pos[c.uid][1], 4))
                  for c in s.chips)
    return note(rep(s, chips=chips), Note(slot.ability, (slot.source, *targets)))  # type: ignore[arg-type]


def apply_declared(s: CloutState) -> CloutState:
    """All declared effects at once; removals after every effect has been applied."""
    b = board(s)
    removed: list[str] = []
    notes: list[Note] = []
    traps: dict[str, str] = {}
    poss: dict[str, str] = {}
    for d in s.decls:
        if d.ability in ATTACKS:
            for t in d.targets:
                if t not in b.on:
                    continue
                df = b.defense(t, d.ignores)
                ok = df <= d.value
                notes.append(Note("attack", (d.source, t), ability=d.ability, numbers=(df, d.value), ok=ok))
                if ok:
                    removed.append(t)
        elif d.ability in ("destroy", "raze", "poison"):
            removed += d.targets
            notes.append(Note("removes", (d.source, *d.targets), ability=d.ability))
        elif d.ability == "bomb":
            removed += list(d.targets) + [d.source]
            notes.append(Note("bomb", (d.source, *d.targets)))
        elif d.ability == "trap":
            for t in d.targets:
                traps[t] = d.source
            notes.append(Note("trap", (d.source, *d.targets)))
        elif d.ability == "possess":
            for t in d.targets:
                poss[t] = d.source
            notes.append(Note("possess", (d.source, *d.targets)))
    chips = s.chips
    if traps or poss:
        chips = tuple(msgspec.structs.replace(c, trapped_by=traps.get(c.uid, c.trapped_by),
                                              possessed_by=poss.get(c.uid, c.possessed_by))
                      if c.uid in traps or c.uid in poss else c for c in chips)
    s = rep(s, chips=chips, decls=(), notes=s.notes + tuple(notes))
    gone = tuple(dict.fromkeys(u for u in removed if u in b.on))
    return remove(s, gone, "") if gone else s


# --- removing and ending ------------------------------------------------------------------------
def clear_links(s: CloutState, gone: tuple[str, ...]) -> CloutState:
    g = set(gone)
    if not any(c.trapped_by in g or c.possessed_by in g for c in s.chips):
        return s
    return rep(s, chips=tuple(msgspec.structs.replace(
        c, trapped_by=None if c.trapped_by in g else c.trapped_by,
        possessed_by=None if c.possessed_by in g else c.possessed_by)
        if c.trapped_by in g or c.possessed_by in g else c for c in s.chips))


def remove(s: CloutState, uids: tuple[str, ...], why: str) -> CloutState:
    """Off the area into each owner's discard stack; traps and possessions they held end."""
    g = set(uids)
    discards = s.discards
    for u in uids:
        discards = with_(discards, owner(u), u)
    s = rep(s, chips=tuple(c for c in s.chips if c.uid not in g), discards=discards)
    if why:
        s = note(s, Note("removed", uids, why=why))  # type: ignore[arg-type]
    return clear_links(s, uids)


def end_turn(s: CloutState) -> CloutState:
    b = board(s)
    actions = b.of_type("action")
    gone = tuple(c.uid for c in s.chips if c.marked or c.uid in actions)
    if gone:
        s = remove(s, gone, "end-of-turn")
    return next_turn(s)


def next_turn(s: CloutState) -> CloutState:
    n = len(s.setup.players)
    for k in range(1, n + 1):
        p = (s.turn + k) % n
        if s.stacks[p]:
            return rep(s, ctx=None, round=None, rounds=(), slots=(), decls=(), stage="",
                       turn=p, turn_no=s.turn_no + 1, phase="choose")
    s = rep(s, ctx=None, round=None, rounds=(), slots=(), decls=(), stage="")
    scores = totals(score_board(board(s), s.last_thrown), n)
    best = max(scores)
    winners = tuple(p for p in range(n) if scores[p] == best)
    res = Result(winners=winners, draw=len(winners) > 1, placings=rank(scores), reason="points")
    return note(rep(s, phase="over", result=res), Note("over"))
