"""How thrown fighters land: three poses, the per-sculpt throw model, and the compact pose code.

A recorded throw names no fighter: the state already knows who threw what, so a throw is
one short string per thrower, a pose letter for each of their fighters in sorted fighter
order ("bdd": the first on its back, the other two face down). Sorted order needs nothing
but the fighters themselves, so an old save's throw, which listed fighter and pose, converts
without the state, whatever order its table entry listed the fighters in.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, Literal

import msgspec

from core.chance import sample
from core.fistful.roster import Fighter, Roster, Sculpt

Pose = Literal["back", "standing", "down"]
POSES: tuple[Pose, ...] = ("back", "standing", "down")
POSE_NAMES: dict[str, str] = {"back": "on its back", "standing": "standing", "down": "face down"}
POSE_CODE: dict[str, str] = {"back": "b", "standing": "s", "down": "d"}
CODE_POSE: dict[str, Pose] = {c: p for p, c in POSE_CODE.items()}


class Landed(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    fighter: Fighter
    pose: Pose


def is_face_up(pose: str) -> bool:
    """Back and standing both count as face up (a standing fighter is also a Hero)."""
    return pose != "down"


def pose_outcomes(sculpt: Sculpt) -> list[tuple[Pose, float]]:
    return [("back", sculpt.back), ("standing", sculpt.standing),
            ("down", max(0.0, 1.0 - sculpt.back - sculpt.standing))]


def throw_fistful(rng: random.Random, roster: Roster, fighters: Sequence[Fighter]) -> tuple[Landed, ...]:
    return tuple(Landed(f, sample(rng, pose_outcomes(roster.sculpt(f)))) for f in fighters)


def encode_poses(landed: Iterable[Landed]) -> str:
    """The compact code of one thrower's landing: a pose letter per fighter, in sorted fighter order."""
    return "".join(POSE_CODE[x.pose] for x in sorted(landed, key=lambda x: x.fighter))


def decode_poses(fighters: Sequence[Fighter], code: str) -> tuple[Landed, ...]:
    """The landing a valid code gives these fighters, listed in the fighters' own order."""
    if len(fighters) == 1:
        return (Landed(fighters[0], CODE_POSE[code]),)
    pose = dict(zip(sorted(fighters), code))
    return tuple(Landed(f, CODE_POSE[pose[f]]) for f in fighters)


def code_problem(fighters: Sequence[Fighter], code: object) -> str | None:
    """Why `code` is not a landing of these fighters, in plain words (None when it is)."""
    if not isinstance(code, str) or len(code) != len(fighters):
        return f"give a pose for each of the {len(fighters)} fighters"
    if code.strip("bsd"):
        bad = [c for c in code if c not in CODE_POSE]
        return (f"{bad[0]!r} is not a pose; a fighter lands on its back (b), standing (s) "
                "or face down (d)")
    return None


def migrate_fighter(value: Any) -> Any:
    """A v1 fighter ({"sculpt", "finish"}) in today's shape ([sculpt, finish]); other values unchanged."""
    if isinstance(value, dict) and set(value) == {"sculpt", "finish"}:
        return [value["sculpt"], value["finish"]]
    return value


def migrate_fighters(values: Any) -> Any:
    return [migrate_fighter(v) for v in values] if isinstance(values, list) else values


def migrate_landed(landed: Any) -> Any:
    """A v1 list of {"fighter", "pose"} as today's pose code; anything malformed is left as it
    was, so decoding the migrated save refuses it with a reason."""
    if not isinstance(landed, list):
        return landed
    try:
        items = sorted(((x["fighter"]["sculpt"], x["fighter"]["finish"]), x["pose"]) for x in landed)
        return "".join(POSE_CODE.get(pose, "?") if isinstance(pose, str) else "?" for _, pose in items)
    except (TypeError, KeyError):
        return landed
