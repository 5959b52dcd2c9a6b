"""What just happened in Impact, as facts: the state keeps these and `core.impact.text` words them.

An event is an id (`what`) plus the seats, counts and faces it concerns, so a saved game never
holds a sentence and rewording the log or the table changes nothing in a save.
"""
from __future__ import annotations

import msgspec


class Event(msgspec.Struct, frozen=True, omit_defaults=True):
    """One fact of the last step. `what` is one of EVENTS; the other fields are read by it."""

    what: str
    player: int = -1
    count: int = 0
    faces: tuple[str, ...] = ()
    players: tuple[int, ...] = ()
    style: str = ""


EVENTS = (
    "starting-die",  # faces: the face it shows
    "activated",  # faces: the activated elements
    "big-bang",  # player must throw all `count` dice
    "throw-single", "throw-pile", "throw-bigbang",  # player, count, style
    "missed",  # count dice missed the cauldron
    "kicked",  # count dice kicked out of the cauldron
    "blanks",  # count blanks removed
    "storm",  # Lightning Storm: everyone else throws
    "big-bang-out",  # player found no match after a Big Bang
    "swamp",  # the Swamp holds the water
    "column",  # Column of Fire: everyone builds a tower
    "tower",  # player finished the tower first
    "boulders",  # player stacks `count` stones into a pile
    "wins",  # player wins the dice `faces`
    "hurricane",  # everyone passes their dice to the left
    "out",  # player has no dice and is out; count: points lost (tournament)
    "master",  # players won game `count` (several: a draw)
    "next-game",  # game `count` starts with player
)
