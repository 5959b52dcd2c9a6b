"""The element die: six faces, which faces sit opposite, and how a die lands or tips."""
from __future__ import annotations

import random

FIRE, WATER, STONE, AIR, LIGHTNING, BLANK = "fire", "water", "stone", "air", "lightning", "blank"
FACES: tuple[str, ...] = (FIRE, WATER, STONE, AIR, LIGHTNING, BLANK)
ELEMENTS: tuple[str, ...] = FACES[:-1]
TOTAL_DICE = 26
DICE_PER_PLAYER = {2: 8, 3: 7, 4: 6, 5: 5}

# A ruling (GAME-DATA.md 4): the printed die's layout is unknown, so these pairs are invented.
OPPOSITE = {FIRE: WATER, WATER: FIRE, STONE: AIR, AIR: STONE, LIGHTNING: BLANK, BLANK: LIGHTNING}


def side_faces(face: str) -> tuple[str, ...]:
    """The four faces a tipped or knocked die can turn to: neither its own nor the opposite."""
    return tuple(f for f in FACES if f != face and f != OPPOSITE[face])


def roll(rng: random.Random) -> str:
    return rng.choice(FACES)


def roll_element(rng: random.Random) -> str:
    """A die that is re-rolled until it shows an element (the starting die)."""
    return rng.choice(ELEMENTS)


def tip(rng: random.Random, face: str) -> str:
    return rng.choice(side_faces(face))


def matching_faces(cauldron: tuple[str, ...] | list[str], swamp: bool = False) -> tuple[str, ...]:
    """Elements showing on two or more dice, in face order; a swamp keeps water out of every set."""
    return tuple(f for f in ELEMENTS if cauldron.count(f) >= 2 and not (swamp and f == WATER))
