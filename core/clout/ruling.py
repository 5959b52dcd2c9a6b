"""A referee's measurements on a layout: who reaches whom, by how much, and the ruling's sentence.

Range disputes hinge on millimetres, so every figure here is the one the rules compare: the
edge-to-edge gap (plus one increment when the target's Fly counts), against the source's
printed range plus the support it gets, times its controller's increment. The sums are the
game's own (`core.clout.abilities.Board`), so the board can never rule otherwise than a game
would. A layout measured from a photo carries an uncertainty per centre; a margin within twice
that is "too close to call" rather than a verdict the photo cannot support.

Facts are plain frozen values; the only words built here are the ruling's sentence
(`ruling_sentence`) and a chip's numbered name (`numbered`), so every view says them alike.
"""
from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.clout.abilities import Board
from core.clout.catalogue import Catalogue
from core.clout.geometry import (
    CHIP_DIAMETER_CM,
    RANGE_TOLERANCE_CM,
    edge_distance_cm,
    in_range_of_each,
    inside_area,
    overlapping_pairs,
    reach_cm,
    wholly_inside,
)
from core.clout.layout import Layout

if TYPE_CHECKING:
    from maps.clout.areas import PlayArea

# Abilities that concern only the chip itself: reaching another chip allows nothing with them.
SELF_ONLY = frozenset({"fly", "unique", "place", "replace", "precision", "move", "provoke"})
# Sides for continuous abilities the game applies by hand rather than through Board.targets.
_SIDES = {"loyal": "friendly", "disloyal": "opponents", "team": "friendly", "aversion": "opponents"}
_ATTACKS = frozenset({"strike", "siege", "ambush", "counterattack"})
# The reach table stops here: two full stacks make a few dozen pairs, a crowded test table thousands.
MAX_TABLE_ROWS = 500


class Verdict(enum.Enum):
    REACHES = "reaches"
    SHORT = "does not reach"
    TOO_CLOSE = "too close to call"


@dataclass(frozen=True)
class Allowance:
    """One of the source's abilities that may be applied to the target at this distance.
    For attacks, `attack` and `defense` are the values compared (after boost, weaken, protect)."""

    ability: str
    value: int | None = None
    attack: int | None = None
    defense: int | None = None

    @property
    def succeeds(self) -> bool:
        return self.attack is None or self.defense is None or self.attack >= self.defense

    def label(self) -> str:
        name = self.ability.capitalize()
        if self.attack is None or self.defense is None:
            return name if self.value is None else f"{name} {self.value}"
        return f"{name} {self.attack} vs D{self.defense}" + ("" if self.succeeds else " (fails)")


@dataclass(frozen=True)
class Ruling:
    """Does chip `a` reach chip `b`? Distances in cm, margin and uncertainty in mm."""

    a: str
    b: str
    a_name: str
    b_name: str
    a_number: int | None
    b_number: int | None
    distance_cm: float  # edge to edge
    fly_cm: float  # added to the distance for the target's Fly (0 when it does not count)
    range_units: int  # printed range plus support
    support: int
    increment_cm: float  # the source's controller's
    reach_cm: float
    margin_mm: float  # reach minus (distance plus fly): negative is short
    uncertainty_mm: float  # one centre's, from the photo (0: placed by hand)
    verdict: Verdict
    allows: tuple[Allowance, ...] = ()

    @property
    def a_label(self) -> str:
        return numbered(self.a_name, self.a_number)

    @property
    def b_label(self) -> str:
        return numbered(self.b_name, self.b_number)


def numbered(name: str, number: int | None) -> str:
    """'Grave Creepers #2' for one of several chips of a name, the bare name for a single one."""
    return name if number is None else f"{name} #{number}"


def display_numbers(layout: Layout, catalogue: Catalogue) -> dict[str, int | None]:
    """Chips sharing a name are numbered #1, #2... in the layout's order; a lone chip has None."""
    names = [catalogue.chip(c.chip).name for c in layout.chips]
    counts: dict[str, int] = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    seen: dict[str, int] = {}
    numbers: dict[str, int | None] = {}
    for c, n in zip(layout.chips, names):
        if counts[n] > 1:
            seen[n] = seen.get(n, 0) + 1
            numbers[c.id] = seen[n]
        else:
            numbers[c.id] = None
    return numbers


def chip_labels(layout: Layout, catalogue: Catalogue) -> dict[str, str]:
    """Every chip's name as shown everywhere: numbered when the name is shared."""
    numbers = display_numbers(layout, catalogue)
    return {c.id: numbered(catalogue.chip(c.chip).name, numbers[c.id]) for c in layout.chips}


class Referee:
    """Measurements on one layout: the game's board built once, asked for many pairs."""

    def __init__(self, layout: Layout, catalogue: Catalogue, area: PlayArea) -> None:
        from core.clout.game import GAME
        from core.clout.state import CloutState, OnArea
        from maps.clout.areas import range_increment_cm

        self.layout, self.catalogue, self.area = layout, catalogue, area
        self.numbers = display_numbers(layout, catalogue)
        kinds: list[list[str]] = [[], []]
        on = []
        self.uid: dict[str, str] = {}
        for c in layout.chips:
            uid = f"{c.owner}.{len(kinds[c.owner])}"
            kinds[c.owner].append(c.chip)
            on.append(OnArea(uid, c.x_cm, c.y_cm))
            self.uid[c.id] = uid
        state = CloutState(GAME.default_setup(2), (tuple(kinds[0]), tuple(kinds[1])), ((), ()), ((), ()), tuple(on))
        default = range_increment_cm(area)
        self.board = Board(state, catalogue, area, tuple(layout.increment_cm(p, default) for p in range(2)))

    def rule(self, a: str, b: str) -> Ruling:
        """Does `a` reach `b`? (The other way round is `rule(b, a)`: ranges differ.)"""
        if a == b:
            raise ValueError("a chip is not measured against itself")
        board, ua, ub = self.board, self.uid[a], self.uid[b]
        pa, pb = self.layout.chip(a), self.layout.chip(b)
        me = board.controller(ua)
        inc = board.increment(me)
        gap = edge_distance_cm((pa.x_cm, pa.y_cm), (pb.x_cm, pb.y_cm))
        fly = board.fly_extra_cm(ua, ub, me)
        support = board.support(ua)
        units = board.reach_units(ua)
        reach = reach_cm(units, inc)
        margin_mm = (reach - gap - fly) * 10.0
        u = self.layout.uncertainty_mm() if self.layout.photo is not None else 0.0
        if u > 0 and abs(margin_mm) <= 2 * u:
            verdict = Verdict.TOO_CLOSE
        elif margin_mm >= -RANGE_TOLERANCE_CM * 10:
            verdict = Verdict.REACHES
        else:
            verdict = Verdict.SHORT
        return Ruling(a, b, self.catalogue.chip(pa.chip).name, self.catalogue.chip(pb.chip).name,
                      self.numbers[a], self.numbers[b], gap, fly, units, support, inc, reach, margin_mm, u,
                      verdict, self._allows(ua, ub) if verdict is not Verdict.SHORT else ())

    def _allows(self, ua: str, ub: str) -> tuple[Allowance, ...]:
        """What the source's abilities may do to the target, asked of the game's own targeting
        (side, type, immunity, the ability's ignores); attacks carry the values compared."""
        board = self.board
        found = []
        mine = board.controller(ua) == board.controller(ub)
        for ability in board.abilities(ua):
            if ability.name in SELF_ONLY:
                continue
            if ability.name in _SIDES:
                side = _SIDES[ability.name]
                if (side == "friendly") != mine or not board.within(ua, ub):
                    continue
                if ability.name == "team" and board.ability(ub, "team") is None:
                    continue
                if ability.name == "aversion" and board.chip(ub).type != "troop":
                    continue
            elif ub not in board.targets(ua, ability):
                continue
            if ability.name in _ATTACKS:
                found.append(Allowance(ability.name, ability.value, board.attack_value(ua, ability),
                                       board.defense(ub, ability.ignores)))
            else:
                found.append(Allowance(ability.name, ability.value))
        return tuple(found)

    def reach_table(self, limit: int = MAX_TABLE_ROWS) -> list[Ruling]:
        """Every ordered pair (chip, target) within the chip's reach, or too close to call,
        by chip in the layout's order then nearest target first; at most `limit` rows (a table
        of thousands of pairs is no help to a referee, and each row asks the rules)."""
        chips = self.layout.chips
        u_cm = 2 * self.layout.uncertainty_mm() / 10.0 if self.layout.photo is not None else 0.0
        board = self.board
        reaches = []
        for c in chips:  # the longest any target could need: reach, plus Fly's increment, plus doubt
            inc = board.increment(board.controller(self.uid[c.id]))
            reaches.append((board.reach_units(self.uid[c.id]) + 1) * inc + u_cm)
        pairs = in_range_of_each([(c.x_cm, c.y_cm) for c in chips], reaches)
        targets: dict[int, list[int]] = {}
        for i, j in pairs:
            targets.setdefault(i, []).append(j)
        rows: list[Ruling] = []
        for i in sorted(targets):
            found = [r for r in (self.rule(chips[i].id, chips[j].id) for j in targets[i])
                     if r.verdict is not Verdict.SHORT]
            rows.extend(sorted(found, key=lambda r: r.distance_cm + r.fly_cm))
            if len(rows) >= limit:
                return rows[:limit]
        return rows


def ruling_sentence(r: Ruling) -> str:
    """The ruling in one sentence, every figure the verdict rests on included."""
    fly = f" (+{cm_text(r.fly_cm)} cm for {r.b_label}'s Fly)" if r.fly_cm else ""
    support = f", support +{r.support}" if r.support else ""
    figures = (f"{cm_text(r.distance_cm)} cm edge to edge{fly}, reach {cm_text(r.reach_cm)} cm "
               f"(range {r.range_units} x {r.increment_cm:g} cm{support})")
    spare = f"{mm_text(abs(r.margin_mm))} mm {'to spare' if r.margin_mm >= 0 else 'short'}"
    if r.verdict is Verdict.TOO_CLOSE:
        return (f"Too close to call whether {r.a_label} reaches {r.b_label}: {figures}, {spare}, "
                f"within the photo's ±{mm_text(r.uncertainty_mm)} mm x 2.")
    if r.verdict is Verdict.REACHES:
        return f"{r.a_label} reaches {r.b_label}: {figures}, {spare}."
    return f"{r.a_label} does not reach {r.b_label}: {figures}, {spare}."


def cm_text(value: float) -> str:
    """To 0.1 mm, a trailing zero dropped: 9.7, 9.72, 10.0."""
    text = f"{value:.2f}"
    return text[:-1] if text.endswith("0") else text


def mm_text(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


@dataclass(frozen=True)
class Overlap:
    a: str
    b: str
    depth_mm: float  # how far the two discs lie on each other


@dataclass(frozen=True)
class Warnings:
    overlaps: tuple[Overlap, ...]
    partly_off: tuple[str, ...]  # hanging over the edge, still in play
    off_area: tuple[str, ...]  # no part on the area: out of play

    def __bool__(self) -> bool:
        return bool(self.overlaps or self.partly_off or self.off_area)

    def count(self) -> int:
        return len(self.overlaps) + len(self.partly_off) + len(self.off_area)


def layout_warnings(layout: Layout, area: PlayArea) -> Warnings:
    """Chips lying on each other (never so at rest on a real table: a mis-entered layout) and
    chips not wholly on the area."""
    chips = layout.chips
    centres = [(c.x_cm, c.y_cm) for c in chips]
    overlaps = tuple(Overlap(chips[i].id, chips[j].id, (CHIP_DIAMETER_CM - math.dist(centres[i], centres[j])) * 10.0)
                     for i, j in overlapping_pairs(centres))
    out = tuple(c.id for c in chips if not inside_area((c.x_cm, c.y_cm), area))
    partly = tuple(c.id for c in chips if c.id not in out and not wholly_inside((c.x_cm, c.y_cm), area))
    return Warnings(overlaps, partly, out)


def warning_lines(warnings: Warnings, labels: dict[str, str]) -> list[str]:
    """The warnings in plain words, one line each, chips by their shown names."""
    lines = [f"{labels[o.a]} and {labels[o.b]} overlap by {mm_text(o.depth_mm)} mm" for o in warnings.overlaps]
    lines += [f"{labels[c]} hangs over the area's edge (still in play)" for c in warnings.partly_off]
    lines += [f"{labels[c]} lies off the area (out of play)" for c in warnings.off_area]
    return lines
