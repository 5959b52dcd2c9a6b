"""How thrown fighters land: three poses and the per-sculpt throw model."""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal

import msgspec

from core.chance import sample
from core.fistful.roster import Fighter, Roster, Sculpt

Pose = Literal["back", "standing", "down"]
POSES: tuple[Pose, ...] = ("back", "standing", "down")
POSE_NAMES: dict[str, str] = {"back": "on its back", "standing": "standing", "down": "face down"}


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
