"""A Clout Fantasy layout: chips lying on a playing area for two sides, with no turns.

Clubs use a layout to copy a real table into the app and settle "is it in range?" disputes,
so the document is a plain snapshot: the area, two player slots (name, colour, range
increment for handicapping) and the chips with their owners and centres in centimetres.
It is an immutable value; every edit returns a new layout, which keeps undo and tests simple.
Files are strict JSON written atomically; a broken file is refused with the file and the
entry named, never half-loaded.
"""
from __future__ import annotations

import base64
import binascii
import math
import os
import re
from collections.abc import Container
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from core.saves import write_atomic
from maps.datafile import DataError, Migration, migrate, read_json

if TYPE_CHECKING:
    from core.clout.catalogue import Catalogue
    from maps.clout.areas import PlayArea

FORMAT = "battlebox-clout-layout"
VERSION = 2
SUFFIX = ".clout-layout.json"


def _v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 2 added players' stacks and the photo; a version 1 layout has neither."""
    return {**doc, "version": 2}


# version -> function turning a layout document of that version into the next one.
MIGRATIONS: dict[int, Migration] = {1: _v1_to_v2}
PLAYERS = 2
DEFAULT_AREA = "standard"
# 100 m: beyond any playing area; a chip or increment farther out is damage.
MAX_CM = 10_000.0
# Two stacks of fifteen is a full table; far more is damage, and the board would crawl.
MAX_CHIPS = 1000
# The cap on the embedded photo: a JPEG of at most 1 MB (base64 adds a third).
MAX_PHOTO_BYTES = 1_000_000
MAX_STACK = 100
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
_ID = re.compile(r"^c(\d+)$")


class PlayerSlot(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One side at the table. `increment_cm=None` means the area's own range increment; `stack`
    is the side's whole stack (catalogue ids) when the club entered it, else empty."""

    name: str
    colour: str
    increment_cm: float | None = None
    stack: tuple[str, ...] = ()


class LayoutPhoto(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The photo a layout was measured from, kept so anyone can check the layout against it.

    The marks are in the embedded JPEG's pixels (Qt's convention: pixel (0,0) spans 0 to 1):
    the area's corners (top-left, top-right, bottom-right, bottom-left), or for the round rug
    points on its edge and the one at its top. `uncertainty_mm` is one measured centre's
    expected error, which a ruling compares with its margin."""

    jpeg_base64: str
    width_px: int
    height_px: int
    corners_px: tuple[tuple[float, float], ...] = ()
    outline_px: tuple[tuple[float, float], ...] = ()
    top_px: tuple[float, float] | None = None
    uncertainty_mm: float = 0.0
    thickness_mm: float = 3.3
    focal_35mm: float | None = None

    def jpeg(self) -> bytes:
        return base64.b64decode(self.jpeg_base64, validate=True)

    @staticmethod
    def of(jpeg: bytes, width_px: int, height_px: int, **marks: Any) -> LayoutPhoto:
        return LayoutPhoto(base64.b64encode(jpeg).decode("ascii"), width_px, height_px, **marks)


class PlacedChip(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A chip on the area: `id` tells copies of the same catalogue chip apart; owner is 0 or 1."""

    id: str
    chip: str
    owner: int
    x_cm: float
    y_cm: float


DEFAULT_PLAYERS: tuple[PlayerSlot, PlayerSlot] = (
    PlayerSlot("Player 1", "#1e88e5"),
    PlayerSlot("Player 2", "#e53935"),
)


class Layout(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    area: str = DEFAULT_AREA
    players: tuple[PlayerSlot, PlayerSlot] = DEFAULT_PLAYERS
    chips: tuple[PlacedChip, ...] = ()
    photo: LayoutPhoto | None = None

    # --- reading ------------------------------------------------------------------------
    def chip(self, chip_id: str) -> PlacedChip:
        for c in self.chips:
            if c.id == chip_id:
                return c
        raise KeyError(f"no chip {chip_id!r} in the layout")

    def has(self, chip_id: str) -> bool:
        return any(c.id == chip_id for c in self.chips)

    def uncertainty_mm(self) -> float:
        """How far one centre may be off: the photo's measurement, 0 for chips placed by hand."""
        return self.photo.uncertainty_mm if self.photo is not None else 0.0

    def increment_cm(self, owner: int, area_default_cm: float) -> float:
        """The owner's range increment: their handicap if set, else the area's default."""
        own = self.players[owner].increment_cm
        return area_default_cm if own is None else own

    def next_id(self) -> str:
        """A fresh id, never one in use: one more than the highest `cN` seen."""
        taken = [int(m.group(1)) for c in self.chips if (m := _ID.match(c.id))]
        return f"c{max(taken, default=0) + 1}"

    # --- editing (each returns a new layout) -------------------------------------------------
    def place(self, chip: str, owner: int, x_cm: float, y_cm: float) -> tuple[Layout, str]:
        """Add a chip for `owner`; returns the new layout and the placed chip's id."""
        _check_owner(owner)
        _check_point(x_cm, y_cm)
        new_id = self.next_id()
        placed = PlacedChip(new_id, chip, owner, float(x_cm), float(y_cm))
        return msgspec.structs.replace(self, chips=(*self.chips, placed)), new_id

    def move(self, chip_id: str, x_cm: float, y_cm: float) -> Layout:
        _check_point(x_cm, y_cm)
        self.chip(chip_id)
        chips = tuple(msgspec.structs.replace(c, x_cm=float(x_cm), y_cm=float(y_cm)) if c.id == chip_id else c
                      for c in self.chips)
        return msgspec.structs.replace(self, chips=chips)

    def set_owner(self, chip_id: str, owner: int) -> Layout:
        _check_owner(owner)
        self.chip(chip_id)
        chips = tuple(msgspec.structs.replace(c, owner=owner) if c.id == chip_id else c for c in self.chips)
        return msgspec.structs.replace(self, chips=chips)

    def remove(self, chip_id: str) -> Layout:
        self.chip(chip_id)
        return msgspec.structs.replace(self, chips=tuple(c for c in self.chips if c.id != chip_id))

    def clear(self) -> Layout:
        return msgspec.structs.replace(self, chips=())

    def with_area(self, area: str) -> Layout:
        """Another area; chips keep their coordinates (a club re-lays them if needed)."""
        return msgspec.structs.replace(self, area=area)

    def with_photo(self, photo: LayoutPhoto | None) -> Layout:
        if photo is not None:
            problem = _photo_problem(photo)
            if problem:
                raise ValueError(problem)
        return msgspec.structs.replace(self, photo=photo)

    def with_player(self, index: int, slot: PlayerSlot) -> Layout:
        _check_owner(index)
        _check_slot(slot)
        players = list(self.players)
        players[index] = slot
        return msgspec.structs.replace(self, players=(players[0], players[1]))


def _check_owner(owner: int) -> None:
    if isinstance(owner, bool) or not isinstance(owner, int) or not 0 <= owner < PLAYERS:
        raise ValueError(f"owner must be 0 or 1, got {owner!r}")


def _check_point(x_cm: float, y_cm: float) -> None:
    if not (math.isfinite(x_cm) and math.isfinite(y_cm)):
        raise ValueError(f"a chip's centre must be finite, got ({x_cm}, {y_cm})")


def _slot_problem(slot: PlayerSlot) -> str | None:
    if not slot.name.strip():
        return "the name is empty"
    if not _COLOUR.match(slot.colour):
        return f"colour must look like #rrggbb, got {slot.colour!r}"
    inc = slot.increment_cm
    if inc is not None and not (math.isfinite(inc) and 0 < inc <= MAX_CM):
        return f"increment_cm must be a positive number of centimetres (at most {MAX_CM:g}) or null, got {inc!r}"
    if len(slot.stack) > MAX_STACK:
        return f"a stack holds at most {MAX_STACK} chips, got {len(slot.stack)}"
    return None


def _photo_problem(photo: LayoutPhoto) -> str | None:
    if len(photo.jpeg_base64) > MAX_PHOTO_BYTES * 4 // 3 + 4:
        return f"the photo is over {MAX_PHOTO_BYTES // 1000} kB"
    try:
        jpeg = photo.jpeg()
    except (binascii.Error, ValueError):
        return "the photo is not base64 text"
    if not jpeg.startswith(b"\xff\xd8"):
        return "the photo is not a JPEG"
    if not (0 < photo.width_px <= 20_000 and 0 < photo.height_px <= 20_000):
        return f"the photo's size must be 1 to 20000 pixels a side, got {photo.width_px} x {photo.height_px}"
    marks = [*photo.corners_px, *photo.outline_px, *([photo.top_px] if photo.top_px else [])]
    if not all(math.isfinite(v) and abs(v) <= 100_000 for point in marks for v in point):
        return "a mark on the photo is not a finite pixel position"
    if photo.corners_px and len(photo.corners_px) != 4:
        return f"the area has 4 corners, the photo marks {len(photo.corners_px)}"
    for name, value in (("uncertainty_mm", photo.uncertainty_mm), ("thickness_mm", photo.thickness_mm)):
        if not (math.isfinite(value) and 0 <= value <= 1000):
            return f"{name} must be 0 to 1000 millimetres, got {value!r}"
    if photo.focal_35mm is not None and not (math.isfinite(photo.focal_35mm) and 1 <= photo.focal_35mm <= 2000):
        return f"focal_35mm must be 1 to 2000 millimetres or null, got {photo.focal_35mm!r}"
    return None


def _check_slot(slot: PlayerSlot) -> None:
    problem = _slot_problem(slot)
    if problem:
        raise ValueError(problem)


# --- files ----------------------------------------------------------------------------------
class _LayoutDoc(msgspec.Struct, forbid_unknown_fields=True):
    format: str
    version: int
    area: str
    players: list[PlayerSlot]
    chips: list[PlacedChip]
    photo: LayoutPhoto | None = None


_encoder = msgspec.json.Encoder()


def to_json(layout: Layout) -> bytes:
    doc = _LayoutDoc(FORMAT, VERSION, layout.area, list(layout.players), list(layout.chips), layout.photo)
    return msgspec.json.format(_encoder.encode(doc), indent=2) + b"\n"


def save_layout(layout: Layout, path: str | os.PathLike[str]) -> None:
    """Atomic: a crash while saving never leaves half a layout where the old one was."""
    write_atomic(path, to_json(layout))


def load_layout(path: str | os.PathLike[str], known_chips: Container[str] | None = None,
                known_areas: Container[str] | None = None) -> Layout:
    """Read a layout file; `known_*` (catalogue chip ids, area ids) reject chips or areas this
    version does not have. Raises DataError naming the file and the entry at fault."""
    doc, file = read_json(Path(path), "", "", str(path))
    return parse_layout(doc, file, known_chips, known_areas)


def parse_layout(doc: Any, file: str, known_chips: Container[str] | None = None,
                 known_areas: Container[str] | None = None) -> Layout:
    doc = migrate(doc, file, format=FORMAT, version=VERSION, what="Clout Fantasy layout", migrations=MIGRATIONS)
    extra = sorted(set(doc) - {"format", "version", "area", "players", "chips", "photo"})
    if extra:
        raise DataError(file, "top level", f"unknown field {extra[0]!r}")
    for key, typ in (("area", str), ("players", list), ("chips", list)):
        if key not in doc:
            raise DataError(file, "top level", f"missing field '{key}'")
        if not isinstance(doc[key], typ):
            raise DataError(file, key, f"must be a {'string' if typ is str else 'list'}")
    area = doc["area"]
    if known_areas is not None and area not in known_areas:
        raise DataError(file, "area", f"unknown playing area {area!r}")

    raw_players = doc["players"]
    if len(raw_players) != PLAYERS:
        raise DataError(file, "players", f"a layout has exactly {PLAYERS} players, the file lists {len(raw_players)}")
    players = []
    for i, raw in enumerate(raw_players):
        entry = f"players[{i}]"
        slot = _convert(raw, PlayerSlot, file, entry)
        problem = _slot_problem(slot)
        if problem:
            raise DataError(file, f"{entry} '{slot.name}'", problem)
        unknown = [c for c in slot.stack if known_chips is not None and c not in known_chips]
        if unknown:
            raise DataError(file, f"{entry} '{slot.name}' stack", f"unknown chip {unknown[0]!r} (not in the catalogue)")
        players.append(slot)

    if len(doc["chips"]) > MAX_CHIPS:
        raise DataError(file, "chips", f"a layout holds at most {MAX_CHIPS} chips, the file lists {len(doc['chips'])}")
    chips: list[PlacedChip] = []
    seen: set[str] = set()
    for i, raw in enumerate(doc["chips"]):
        entry = f"chips[{i}]"
        if isinstance(raw, dict) and isinstance(raw.get("id"), str):
            entry = f"{entry} '{raw['id']}'"
        chip = _convert(raw, PlacedChip, file, entry)
        if chip.id in seen:
            raise DataError(file, entry, "id used twice")
        seen.add(chip.id)
        if not 0 <= chip.owner < PLAYERS:
            raise DataError(file, entry, f"owner must be 0 or 1, got {chip.owner}")
        if not all(math.isfinite(v) and abs(v) <= MAX_CM for v in (chip.x_cm, chip.y_cm)):
            raise DataError(file, entry, f"the centre must be numbers of centimetres within {MAX_CM:g} "
                                         f"of the corner, got ({chip.x_cm!r}, {chip.y_cm!r})")
        if known_chips is not None and chip.chip not in known_chips:
            raise DataError(file, entry, f"unknown chip {chip.chip!r} (not in the catalogue)")
        chips.append(chip)
    photo = None
    if doc.get("photo") is not None:
        photo = _convert(doc["photo"], LayoutPhoto, file, "photo")
        problem = _photo_problem(photo)
        if problem:
            raise DataError(file, "photo", problem)
    return Layout(area, (players[0], players[1]), tuple(chips), photo)


def _convert(raw: Any, typ: type, file: str, entry: str) -> Any:
    try:
        return msgspec.convert(raw, typ, strict=True)
    except msgspec.ValidationError as e:
        raise DataError(file, entry, _plain(str(e))) from None


def _plain(message: str) -> str:
    """msgspec's '... - at `$.x`' becomes '... (field x)', readable by a club member."""
    m = re.match(r"^(.*?)(?: - at `\$\.?(.*)`)?$", message)
    if m and m.group(2):
        return f"{m.group(1)} (field {m.group(2)})"
    return message


# --- reading a table: ranges and the score -----------------------------------------------------
# The score is the game's own (core.clout.scoring) on the table as it lies. A layout records no
# history, so what depends on it cannot be worked out: who trapped or possesses whom, and which
# chip was thrown last (worth 0).
UNSCORED_ABILITIES = ("trap", "possess")
SCORE_INCLUDES = ("the game's scoring of every chip on the area (actions excluded: they leave play at the "
                  "end of their turn): printed points; +1 for a chip in range of one of its owner's bases "
                  "(at most 1); Loyal and Disloyal, with Support and Fly measured as in play")
SCORE_EXCLUDES = ("Trap and Possess (a layout does not record who trapped or possesses whom) and the last "
                  "chip thrown being worth 0 (a layout has no order of play)")


@dataclass(frozen=True)
class ChipScore:
    id: str
    points: int  # printed points
    base_bonus: int  # 0 or 1
    loyalty: int  # +1 loyal, minus one per opponent's chip for disloyal
    total: int  # never below 0
    notes: tuple[str, ...] = ()  # what was left out for this chip, in plain words


@dataclass(frozen=True)
class LayoutScore:
    chips: dict[str, ChipScore]  # chips that score (in play, not actions)
    totals: tuple[int, int]
    unscored: tuple[str, ...]  # chips and effects left out, in plain words


def _increment(layout: Layout, area: PlayArea, owner: int) -> float:
    from maps.clout.areas import range_increment_cm

    return layout.increment_cm(owner, range_increment_cm(area))


def chips_in_range_of(layout: Layout, chip_id: str, catalogue: Catalogue, area: PlayArea) -> list[str]:
    """The chips within a chip's printed range (its owner's increment, fly counted), nearest first.

    Every chip on the layout is measured, actions and chips hanging off the area included:
    this is the club's "is it in range?" question, not scoring.
    """
    return _in_range(layout, chip_id, catalogue, area, layout.chips)


def _in_range(layout: Layout, chip_id: str, catalogue: Catalogue, area: PlayArea,
              among: tuple[PlacedChip, ...] | list[PlacedChip], index: Any = None) -> list[str]:
    from core.clout.geometry import ChipIndex, chips_in_range, fly_counts

    source = layout.chip(chip_id)
    spec = catalogue.chip(source.chip)
    if index is None:
        index = ChipIndex({c.id: (c.x_cm, c.y_cm) for c in among})
    flies = spec.has("fly")
    flying = [c.id for c in among if c.id != chip_id and fly_counts(
        target_flies=catalogue.chip(c.chip).has("fly"), source_flies=flies, opponents=c.owner != source.owner)]
    return [str(c) for c in chips_in_range(index, chip_id, spec.range, _increment(layout, area, source.owner),
                                           flying_against=flying)]


def score_layout(layout: Layout, catalogue: Catalogue, area: PlayArea) -> LayoutScore:
    """The score as the table lies now, by the game's own scoring (see SCORE_INCLUDES)."""
    from core.clout.abilities import Board
    from core.clout.game import GAME, CloutState, OnArea
    from core.clout.geometry import inside_area
    from core.clout.scoring import score_board

    notes: list[str] = []
    kinds: list[list[str]] = [[] for _ in range(PLAYERS)]
    on: list[OnArea] = []
    uid_to_id: dict[str, str] = {}
    for c in layout.chips:
        spec = catalogue.chip(c.chip)
        if not inside_area((c.x_cm, c.y_cm), area):
            notes.append(f"{spec.name} ({c.id}) lies outside the area: not in play")
        elif spec.type == "action":
            notes.append(f"{spec.name} ({c.id}) is an action: it would leave play at the end of its turn")
        else:
            uid = f"{c.owner}.{len(kinds[c.owner])}"
            kinds[c.owner].append(c.chip)
            on.append(OnArea(uid, c.x_cm, c.y_cm))
            uid_to_id[uid] = c.id
            for ability in spec.abilities:
                if ability.name in UNSCORED_ABILITIES:
                    notes.append(f"{spec.name} ({c.id}): {ability.name.capitalize()} is not scored yet "
                                 f"(the layout does not say what it holds)")
    state = CloutState(GAME.default_setup(PLAYERS), tuple(tuple(k) for k in kinds), ((),) * PLAYERS,
                       ((),) * PLAYERS, tuple(on))
    increments = tuple(_increment(layout, area, p) for p in range(PLAYERS))
    board = Board(state, catalogue, area, increments)
    scores: dict[str, ChipScore] = {}
    totals = [0, 0]
    for s in score_board(board, None):
        cid = uid_to_id[s.uid]
        scores[cid] = ChipScore(cid, s.printed, s.base_bonus, s.loyal + s.disloyal, s.total)
        totals[s.player] += s.total
    return LayoutScore(scores, (totals[0], totals[1]), tuple(notes))
