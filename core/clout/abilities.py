"""What the chips on the area do to each other right now: control, traps, ranges and the
continuous effects (protect, support, team, boost, weaken, stop, fly, master, provoke).

Everything here is derived from positions and from who trapped or possessed whom, never
stored: a continuous effect is "always in effect", so recomputing it from the table is the
only way it can never go stale when its source moves or leaves play. `Board` caches per
state, so one engine step asks each question once.

Rulings (players' words in resources/notes/clout.md):
- support extends reach by its value but a chip's support never counts toward another
  support's own reach (no chains);
- stop blocks movement abilities of every chip in its range, either side's;
- a trapped chip has no abilities and no points; a trap (or possess) ends when its source
  leaves play or is itself trapped; possess also ends when the chip leaves the source's range.
"""
from __future__ import annotations

import math
from collections.abc import Iterable

from core.clout.catalogue import ABILITIES, Ability, Catalogue, Chip
from core.clout.geometry import CHIP_DIAMETER_CM, RANGE_TOLERANCE_CM, edge_distance_cm, in_range, reach_cm
from core.clout.state import CloutState, OnArea
from maps.clout.areas import PlayArea


# Whose chips an ability touches when it carries no all/friendly/opponents modifier.
DEFAULT_SIDE: dict[str, str] = {
    "ambush": "opponents", "strike": "opponents", "siege": "opponents", "trap": "opponents",
    "possess": "opponents", "repulse": "opponents", "bomb": "opponents", "weaken": "opponents",
    "counterattack": "opponents",
    "attract": "all", "destroy": "all", "raze": "all", "poison": "all",
    "command": "friendly", "rethrow": "friendly", "push": "friendly", "exchange": "friendly",
    "reanimate": "friendly", "protect": "friendly", "support": "friendly", "boost": "friendly",
}
# The chip types each targeting ability may pick (actions can never be targeted at all).
TARGET_TYPES: dict[str, frozenset[str]] = {
    "ambush": frozenset({"troop"}), "strike": frozenset({"troop"}), "counterattack": frozenset({"troop"}),
    "siege": frozenset({"base", "relic"}), "trap": frozenset({"troop"}),
    "possess": frozenset({"troop", "base", "relic"}), "attract": frozenset({"troop"}),
    "repulse": frozenset({"troop"}), "bomb": frozenset({"troop"}),
    "destroy": frozenset({"troop", "relic"}), "raze": frozenset({"base", "relic"}),
    "poison": frozenset({"troop", "base", "relic"}),
    "command": frozenset({"troop", "base", "relic"}), "rethrow": frozenset({"troop", "base", "relic"}),
    "push": frozenset({"troop", "base", "relic"}), "exchange": frozenset({"troop", "base", "relic"}),
    "reanimate": frozenset({"troop"}),
}


def side_of(ability: Ability) -> str:
    """'all', 'friendly' or 'opponents': the modifier if printed, else the ability's own default."""
    for m in ("all", "friendly", "opponents"):
        if m in ability.modifiers:
            return m
    return DEFAULT_SIDE.get(ability.name, "all")


def optional(ability: Ability) -> bool:
    """Friendly makes an optional ability compulsory; remove makes any ability optional."""
    if "remove" in ability.modifiers:
        return True
    return ABILITIES[ability.name].optional and "friendly" not in ability.modifiers


_LOOKUPS: list[tuple[tuple[tuple[str, ...], ...], Catalogue, dict[str, Chip], dict[str, dict[str, Ability]]]] = []


def _lookups(kinds: tuple[tuple[str, ...], ...], cat: Catalogue) -> tuple[dict[str, Chip], dict[str, dict[str, Ability]]]:
    """uid -> chip and uid -> printed abilities, shared by every board of one game (the states
    of a game share their `kinds` tuple), so each chip is looked up once per game, not per step."""
    for known, known_cat, chips, printed in _LOOKUPS:
        if known is kinds and known_cat is cat:
            return chips, printed
    chips: dict[str, Chip] = {}
    printed: dict[str, dict[str, Ability]] = {}
    _LOOKUPS.insert(0, (kinds, cat, chips, printed))
    del _LOOKUPS[8:]
    return chips, printed


def _first(pair: tuple[float, str]) -> float:
    return pair[0]


class Board:
    """Questions about one state's table, answered once each."""

    def __init__(self, state: CloutState, catalogue: Catalogue, area: PlayArea,
                 increments_cm: tuple[float, ...]) -> None:
        self.state = state
        self.cat = catalogue
        self.area = area
        self.increments_cm = increments_cm
        self.on: dict[str, OnArea] = {c.uid: c for c in state.chips}
        self._pos: dict[str, tuple[float, float]] = {c.uid: (c.x, c.y) for c in state.chips}
        self._trapped: dict[str, bool] = {}
        self._any_trap = any(c.trapped_by is not None for c in state.chips)
        self._control: dict[str, int] = {}
        self._support: dict[str, int] = {}
        self._chips, self._printed = _lookups(state.kinds, catalogue)
        self._within: dict[tuple[str, str, tuple[str, ...], float | None], bool] = {}
        self._in_range: dict[tuple[str, tuple[str, ...], float | None], list[str]] = {}
        self._in_range_sets: dict[tuple[str, tuple[str, ...], float | None], frozenset[str]] = {}
        self._sources: dict[str, list[str]] | None = None
        self._types: dict[str, list[str]] | None = None

    # --- identity -----------------------------------------------------------------------------
    def chip(self, uid: str) -> Chip:
        try:
            return self._chips[uid]
        except KeyError:
            chip = self._chips[uid] = self.cat.chip(self.state.kind(uid))
            return chip

    def printed(self, uid: str) -> dict[str, Ability]:
        """The chip's printed abilities by name (whether they work now is `ability`'s question)."""
        try:
            return self._printed[uid]
        except KeyError:
            found = self._printed[uid] = {a.name: a for a in self.chip(uid).abilities}
            return found

    def pos(self, uid: str) -> tuple[float, float]:
        return self._pos[uid]

    def owner(self, uid: str) -> int:
        return int(uid.split(".")[0])

    def uids(self) -> list[str]:
        return list(self.on)

    def bases(self) -> list[str]:
        """The bases on the area, in order of arrival (every chip's score asks)."""
        return self.of_type("base")

    def of_type(self, chip_type: str) -> list[str]:
        """The chips of one type (troop, base, relic, action) on the area, in order of arrival."""
        if self._types is None:
            types: dict[str, list[str]] = {}
            for u in self.on:
                types.setdefault(self.chip(u).type, []).append(u)
            self._types = types
        return self._types.get(chip_type, [])

    def trapped(self, uid: str) -> bool:
        """Trapped while the trap's source is in play and not itself trapped.

        The whole chain of trappers is settled at once, so no answer depends on which chip was
        asked about first. Play cannot close a loop of traps (a trapped chip has no abilities
        to trap with); should a loaded position hold one, every chip in the loop is trapped.
        """
        if not self._any_trap:
            return False
        known = self._trapped
        if uid in known:
            return known[uid]
        chain = [uid]
        at = {uid: 0}
        while True:
            c = self.on.get(chain[-1])
            src = c.trapped_by if c is not None else None
            if src is None or src not in self.on:
                value = False  # the last chip of the chain has no working trapper
                break
            if src in known:
                value = not known[src]
                chain.append(src)
                break
            if src in at:
                for member in chain[at[src]:]:
                    known[member] = True
                chain = chain[:at[src] + 1]
                value = True
                break
            at[src] = len(chain)
            chain.append(src)
        known.setdefault(chain[-1], value)
        for i in range(len(chain) - 2, -1, -1):
            if chain[i] not in known:
                known[chain[i]] = not known[chain[i + 1]]
        return known[uid]

    def controller(self, uid: str) -> int:
        """The owner, or the possessor's controller while the possession holds.

        Play cannot close a loop of possessions (a possessed chip changes sides, so its
        possessor is no longer an opponent to possess); should a loaded position hold one,
        the chips in the loop stay with their owners, whichever is asked about first.
        """
        if uid in self._control:
            return self._control[uid]
        if self._in_possession_loop(uid):
            result = self.owner(uid)
        else:
            result = self.owner(uid)
            c = self.on.get(uid)
            src = c.possessed_by if c is not None else None
            if src is not None and src in self.on and not self.trapped(src):
                who = self.controller(src)
                if who != result and in_range(self.pos(src), self.pos(uid), self.chip(src).range,
                                              self.increment(who), opponents=True,
                                              target_flies=self.ability(uid, "fly") is not None,
                                              source_flies=self.ability(src, "fly") is not None):
                    result = who
        self._control[uid] = result
        return result

    def _in_possession_loop(self, uid: str) -> bool:
        seen = {uid}
        c = self.on.get(uid)
        while c is not None and c.possessed_by is not None and c.possessed_by in self.on:
            if c.possessed_by == uid:
                return True
            if c.possessed_by in seen:
                return False  # a loop further along the chain, not through uid
            seen.add(c.possessed_by)
            c = self.on.get(c.possessed_by)
        return False

    def ability(self, uid: str, name: str, ignored: Iterable[str] = ()) -> Ability | None:
        """The chip's ability `name` if it works now (not trapped, not ignored by the asker)."""
        if name in ignored or self.trapped(uid):
            return None
        return self.printed(uid).get(name)

    def abilities(self, uid: str) -> tuple[Ability, ...]:
        return () if self.trapped(uid) else self.chip(uid).abilities

    def immune(self, uid: str, name: str) -> bool:
        return name in self.chip(uid).immunities

    def increment(self, player: int) -> float:
        return self.increments_cm[player]

    # --- ranges -----------------------------------------------------------------------------------
    def support(self, uid: str) -> int:
        """Range bonus from the controller's other support chips that reach this one (printed range)."""
        if uid in self._support:
            return self._support[uid]
        total = 0
        if not self.immune(uid, "support"):
            me = self.controller(uid)
            for s in self.sources("support"):
                if s == uid or self.controller(s) != me:
                    continue
                a = self.ability(s, "support")
                if a and self._reaches(s, uid, self.chip(s).range, me, ()):
                    total += a.value or 0
        self._support[uid] = total
        return total

    def reach_units(self, uid: str) -> int:
        return self.chip(uid).range + self.support(uid)

    def _reaches(self, src: str, tgt: str, units: float, measurer: int, ignores: Iterable[str]) -> bool:
        """`geometry.in_range` for two chips on the table (the same sums, without its keywords)."""
        inc = self.increments_cm[measurer]
        gap = math.dist(self._pos[src], self._pos[tgt]) - CHIP_DIAMETER_CM
        if gap < 0.0:
            gap = 0.0
        return gap + self.fly_extra_cm(src, tgt, measurer, ignores) <= reach_cm(units, inc) + RANGE_TOLERANCE_CM

    def fly_extra_cm(self, src: str, tgt: str, measurer: int, ignores: Iterable[str] = ()) -> float:
        """The increment Fly adds to the distance to a flying opponent (0 when Fly does not count)."""
        if "fly" not in ignores and self.ability(tgt, "fly") is not None and self.ability(src, "fly") is None \
                and (self.controller(tgt) != measurer if tgt in self.on else True):
            return self.increments_cm[measurer]
        return 0.0

    def within(self, src: str, tgt: str, ignores: Iterable[str] = (), units: float | None = None) -> bool:
        """Is `tgt` within `src`'s range (support, fly and the asking ability's ignores applied)?"""
        if src == tgt:
            return False
        key = (src, tgt, tuple(ignores), units)
        hit = self._within.get(key)
        if hit is None:
            u = self.reach_units(src) if units is None else units
            hit = self._within[key] = self._reaches(src, tgt, u, self.controller(src), key[2])
        return hit

    def in_range_of(self, src: str, ignores: Iterable[str] = (), units: float | None = None) -> list[str]:
        """Chips in `src`'s range, nearest first (ties in order of arrival)."""
        key = (src, tuple(ignores), units)
        found = self._in_range.get(key)
        if found is None:
            found = self._in_range[key] = self._measure(src, key[1], units)
        return list(found)

    def in_range_set(self, src: str, ignores: Iterable[str] = (), units: float | None = None) -> frozenset[str]:
        """`in_range_of` as a set, for asking about many chips one by one (scoring)."""
        key = (src, tuple(ignores), units)
        found = self._in_range_sets.get(key)
        if found is None:
            found = self._in_range_sets[key] = frozenset(self.in_range_of(src, key[1], units))
        return found

    def _measure(self, src: str, ignores: tuple[str, ...], units: float | None) -> list[str]:
        """`in_range_of` worked out: the same sums as `geometry.in_range` (edge gap, plus one
        increment for a flying opponent, against range times increment plus the tolerance),
        with what depends only on the source taken out of the loop over the table."""
        u = self.reach_units(src) if units is None else units
        me = self.controller(src)
        inc = self.increment(me)
        reach = reach_cm(u, inc) + RANGE_TOLERANCE_CM
        fly_counts = "fly" not in ignores and self.ability(src, "fly") is None
        hx, hy = self._pos[src]
        dist = math.dist
        near = []
        for t, there in self._pos.items():
            gap = dist((hx, hy), there) - CHIP_DIAMETER_CM
            if gap < 0.0:
                gap = 0.0
            if gap > reach or t == src:
                continue
            if fly_counts and gap + inc > reach and self.controller(t) != me and self.ability(t, "fly") is not None:
                continue
            near.append((gap, t))
        near.sort(key=_first)
        return [t for _, t in near]

    def sources(self, name: str) -> list[str]:
        """Chips on the area whose ability `name` works now (not trapped), in order of arrival."""
        if self._sources is None:
            index: dict[str, list[str]] = {}
            printed = self.printed
            trapped = self.trapped if self._any_trap else None
            for u in self.on:
                if trapped is None or not trapped(u):
                    for ability in printed(u):
                        if ability in index:
                            index[ability].append(u)
                        else:
                            index[ability] = [u]
            self._sources = index
        return self._sources.get(name, [])

    def gap_cm(self, a: str, b: str) -> float:
        return edge_distance_cm(self.pos(a), self.pos(b))

    # --- continuous effects -------------------------------------------------------------------
    def stopped(self, uid: str) -> bool:
        """Within range of another chip with stop (either side's): no movement abilities."""
        if self.immune(uid, "stop"):
            return False
        return any(s != uid and self.within(s, uid) for s in self.sources("stop"))

    def stopped_at(self, point: tuple[float, float], player: int, uid: str | None = None) -> bool:
        """Would a chip of `player` put at `point` be within a stop chip's range (place, replace)?"""
        for s in self.sources("stop"):
            if s == uid:
                continue
            opp = self.controller(s) != player
            tflies = uid is not None and self.chip(uid).has("fly")
            if in_range(self.pos(s), point, self.reach_units(s), self.increment(self.controller(s)),
                        target_flies=tflies, source_flies=self.ability(s, "fly") is not None, opponents=opp):
                return True
        return False

    def mastered(self, uid: str) -> bool:
        """Master abilities work only within range of a chip with master."""
        return any(m != uid and self.within(m, uid) for m in self.sources("master"))

    def usable(self, uid: str, ability: Ability) -> bool:
        return not self.trapped(uid) and ("master" not in ability.modifiers or self.mastered(uid))

    def defense(self, uid: str, ignores: Iterable[str] = ()) -> int:
        """Printed defense plus the protect of the controller's chips reaching this troop."""
        chip = self.chip(uid)
        d = chip.defense or 0
        if chip.type != "troop" or "protect" in ignores or self.immune(uid, "protect"):
            return d
        me = self.controller(uid)
        for p in self.sources("protect"):
            if p != uid and self.controller(p) == me:
                a = self.ability(p, "protect")
                if a and self.usable(p, a) and self.within(p, uid):
                    d += a.value or 0
        return d

    def attack_value(self, uid: str, ability: Ability) -> int:
        """An attack ability's value after team, boost and weaken (never below 0)."""
        v = ability.value or 0
        me = self.controller(uid)
        if self.ability(uid, "team"):
            v += sum(1 for o in self.in_range_of(uid) if self.controller(o) == me and self.ability(o, "team"))
        for o in dict.fromkeys(self.sources("boost") + self.sources("weaken")):
            if o == uid:
                continue
            b = self.ability(o, "boost")
            if b and self.controller(o) == me and self.usable(o, b) and not self.immune(uid, "boost") \
                    and self.within(o, uid):
                v += b.value or 0
            w = self.ability(o, "weaken")
            if w and self.controller(o) != me and self.usable(o, w) and not self.immune(uid, "weaken") \
                    and self.within(o, uid):
                v -= w.value or 0
        return max(0, v)

    def provoking(self, uid: str, ignores: Iterable[str]) -> bool:
        return self.ability(uid, "provoke", ignores) is not None

    def targets(self, src: str, ability: Ability, *, types: frozenset[str] | None = None,
                side: str | None = None, exclude: Iterable[str] = ()) -> list[str]:
        """Chips `ability` on `src` may be applied to now: in range, right side and type, not immune."""
        types = TARGET_TYPES.get(ability.name, frozenset({"troop", "base", "relic"})) if types is None else types
        side = side_of(ability) if side is None else side
        me = self.controller(src)
        skip = set(exclude)
        found = []
        for t in self.in_range_of(src, ability.ignores):
            if t in skip or self.chip(t).type not in types or self.immune(t, ability.name):
                continue
            mine = self.controller(t) == me
            if (side == "friendly" and not mine) or (side == "opponents" and mine):
                continue
            found.append(t)
        return found

    def attack_targets(self, src: str, ability: Ability) -> list[str]:
        """Provoke: chips with provoke must be chosen before chips without it."""
        found = self.targets(src, ability)
        forced = [t for t in found if self.provoking(t, ability.ignores)]
        return forced or found

    def free_spot(self, point: tuple[float, float], moving: Iterable[str] = ()) -> bool:
        """No chip (other than those moving) lies under a chip put at `point`."""
        skip = set(moving)
        return all(math.dist(point, self.pos(u)) >= CHIP_DIAMETER_CM - 1e-6 for u in self.on if u not in skip)
