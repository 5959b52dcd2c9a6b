"""Playing stacks: fifteen chip ids, the rulebook's construction rules in plain words, stack files.

A stack is plain data that may be wrong: the builder saves a half-built stack so work is never
lost, `problems` names every broken rule with the chips and numbers involved, and only a stack
without problems may start a game (`require_legal`). Beginners may agree to play "any fifteen
chips" (the rulebook allows it); `problems(..., casual=True)` checks only what still holds then.
"""
from __future__ import annotations

import functools
import os
from collections import Counter
from importlib import resources as importlib_resources
from typing import Any, Sequence

import msgspec

from core.clout.catalogue import FACTION_BY_ID, NEUTRAL, Catalogue, default_catalogue
from core.errors import IllegalSetup
from core.saves import write_atomic
from core.text import plural
from maps.datafile import DataError, read_versioned

STACK_SIZE = 15
MAX_COPIES = 3
MAX_UNIQUE_COPIES = 1
MAX_NEUTRAL = 2
MAX_STACK_POINTS = 25
BASES = 2

STACK_FORMAT = "battlebox-clout-stack"
STACK_VERSION = 1
STACK_SUFFIX = ".cfstack.json"
MAX_STACK_BYTES = 256 * 1024
# A half-built stack may be over size (it is saved so work is never lost), but not absurdly.
MAX_STACK_CHIPS = 1000


class Stack(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A named playing stack; `chips` repeats an id once per copy, in the order the player chose."""

    name: str = ""
    chips: tuple[str, ...] = ()


class StackFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: str
    version: int
    name: str
    chips: tuple[str, ...]


def _ids(stack: Stack | Sequence[str]) -> tuple[str, ...]:
    return stack.chips if isinstance(stack, Stack) else tuple(stack)


def _listing(counts: Counter[str], catalogue: Catalogue) -> str:
    """'Sellsword ×2, Boulder' in stack order."""
    return ", ".join(catalogue.chips[c].name + (f" ×{n}" if n > 1 else "") for c, n in counts.items())


def stack_points(stack: Stack | Sequence[str], catalogue: Catalogue | None = None) -> int:
    catalogue = catalogue or default_catalogue()
    return sum(catalogue.chips[c].points for c in _ids(stack) if c in catalogue.chips)


def stack_faction(stack: Stack | Sequence[str], catalogue: Catalogue | None = None) -> str | None:
    """The one faction the stack's non-neutral chips share, or None (none, or several)."""
    catalogue = catalogue or default_catalogue()
    found = {catalogue.chips[c].faction for c in _ids(stack) if c in catalogue.chips} - {NEUTRAL}
    return next(iter(found)) if len(found) == 1 else None


def problems(stack: Stack | Sequence[str], catalogue: Catalogue | None = None,
             casual: bool = False) -> list[str]:
    """Every construction rule the stack breaks, in the rulebook's order; empty when legal.

    `casual` is the rulebook's beginners' allowance (any fifteen chips): only the size and the
    Unique ability's own one-copy limit still apply.
    """
    catalogue = catalogue or default_catalogue()
    ids = _ids(stack)
    found: list[str] = []
    unknown = [c for c in dict.fromkeys(ids) if c not in catalogue.chips]
    for c in unknown:
        found.append(f"'{c}' is not a chip in the catalogue; remove it")
    counts = Counter(c for c in ids if c in catalogue.chips)
    n = len(ids)
    if n != STACK_SIZE:
        fix = f"add {STACK_SIZE - n}" if n < STACK_SIZE else f"remove {n - STACK_SIZE}"
        found.append(f"A stack has exactly {STACK_SIZE} chips; this one has {n} ({fix})")
    for cid, k in counts.items():
        chip = catalogue.chips[cid]
        if chip.unique and k > MAX_UNIQUE_COPIES:
            found.append(f"{chip.name} has Unique, so a stack may hold only 1 copy; this one has {k}")
        elif not casual and k > MAX_COPIES:
            found.append(f"{chip.name}: {k} copies; a stack may hold at most {MAX_COPIES} of any chip")
    if casual:
        return found
    by_faction: dict[str, Counter[str]] = {}
    for cid, k in counts.items():
        by_faction.setdefault(catalogue.chips[cid].faction, Counter())[cid] = k
    factions = [f for f in by_faction if f != NEUTRAL]
    if len(factions) > 1:
        parts = "; ".join(f"{FACTION_BY_ID[f].name}: {_listing(by_faction[f], catalogue)}" for f in factions)
        found.append(f"The chips come from {len(factions)} factions ({parts}); a stack is one faction "
                     f"plus up to {MAX_NEUTRAL} neutral chips")
    neutral = by_faction.get(NEUTRAL, Counter())
    if sum(neutral.values()) > MAX_NEUTRAL:
        found.append(f"{plural(sum(neutral.values()), 'neutral chip')} ({_listing(neutral, catalogue)}); "
                     f"a stack may hold at most {MAX_NEUTRAL}")
    total = stack_points(ids, catalogue)
    if total > MAX_STACK_POINTS:
        found.append(f"The chips are worth {total} points; a stack may be worth at most {MAX_STACK_POINTS} "
                     f"({total - MAX_STACK_POINTS} too many)")
    bases = Counter({c: k for c, k in counts.items() if catalogue.chips[c].type == "base"})
    nb = sum(bases.values())
    if nb != BASES:
        which = f" ({_listing(bases, catalogue)})" if bases else ""
        found.append(f"A stack has exactly {BASES} bases; this one has {nb}{which}")
    return found


def is_legal(stack: Stack | Sequence[str], catalogue: Catalogue | None = None) -> bool:
    return not problems(stack, catalogue)


def require_legal(stack: Stack | Sequence[str], catalogue: Catalogue | None = None,
                  casual: bool = False) -> None:
    """For a game's setup check: refuse a stack that breaks a rule, giving every reason."""
    found = problems(stack, catalogue, casual)
    if found:
        name = (stack.name if isinstance(stack, Stack) else "") or "The stack"
        raise IllegalSetup(f"{name} cannot start a game: " + "; ".join(found))


# --- stack files -----------------------------------------------------------------------------

_encoder = msgspec.json.Encoder()


def encode_stack(stack: Stack) -> bytes:
    doc = StackFile(STACK_FORMAT, STACK_VERSION, stack.name, stack.chips)
    return msgspec.json.format(_encoder.encode(doc), indent=2) + b"\n"


def save_stack(path: str | os.PathLike[str], stack: Stack) -> None:
    """Write atomically; an illegal stack is saved too, so a half-built stack is never lost."""
    write_atomic(path, encode_stack(stack))


def decode_stack(data: bytes, file: str, catalogue: Catalogue | None = None) -> Stack:
    """Strictly decode a stack document: unknown fields, wrong types and unknown chips are errors."""
    return _checked(read_versioned(data, file_label=file, **_STACK_FILE), file, catalogue)


def load_stack(path: str | os.PathLike[str], catalogue: Catalogue | None = None) -> Stack:
    """Read a stack file; any damage is a DataError naming the file and the entry."""
    return _checked(read_versioned(path, **_STACK_FILE), str(path), catalogue)


_STACK_FILE: dict[str, Any] = dict(format=STACK_FORMAT, version=STACK_VERSION, type=StackFile,
                                   what="Clout Fantasy stack", max_bytes=MAX_STACK_BYTES)


def _checked(doc: StackFile, file: str, catalogue: Catalogue | None) -> Stack:
    catalogue = catalogue or default_catalogue()
    if len(doc.chips) > MAX_STACK_CHIPS:
        raise DataError(file, "chips", f"a stack file holds at most {MAX_STACK_CHIPS} chips, "
                                       f"this one lists {len(doc.chips)}")
    for i, cid in enumerate(doc.chips):
        if cid not in catalogue.chips:
            raise DataError(file, f"chips[{i}]", f"unknown chip '{cid}' (not in {catalogue.source})")
    return Stack(doc.name, doc.chips)


@functools.cache
def ready_stacks() -> dict[str, Stack]:
    """The bundled ready-to-play stacks (resources/clout/stacks/), by file name without suffix."""
    folder = importlib_resources.files("resources.clout").joinpath("stacks")
    found: dict[str, Stack] = {}
    for item in sorted(folder.iterdir(), key=lambda t: t.name):
        if item.name.endswith(".json"):
            key = item.name.removesuffix(".json").removesuffix(".cfstack")
            found[key] = decode_stack(item.read_bytes(), f"resources/clout/stacks/{item.name}")
    return found
