"""Whose hand a chance step is in: a throw after a seat's move is that seat's to make.

The app lets a computer seat throw by itself when the throw is its own, and waits for the
human otherwise. The owner is read from facts only: the actor of the last step that was not
chance. After a simultaneous step every seat in it owns the throw, so a human among them
throws (a computer does not throw for the table while a person is in the exchange).
"""
from __future__ import annotations

from typing import Any

from core.game import CHANCE, Simultaneous, lone_seat


def chance_owners(match: Any) -> tuple[int, ...]:
    """The seats whose throw the current chance step is (empty before anyone has acted).

    A simultaneous exchange narrows as seats choose (both, then the one still to choose), so
    the walk back gathers every seat of the exchange, not only the one that chose last."""
    owners: set[int] = set()
    for step in range(match.steps - 1, -1, -1):
        actor = match.game.actor(match.state_at(step))
        if actor == CHANCE and not owners:
            continue
        if isinstance(actor, Simultaneous) and owners <= set(actor.players):
            owners |= set(actor.players)
            continue
        if owners:
            break
        seat = lone_seat(actor)
        return () if seat is None else (seat,)
    return tuple(sorted(owners))


def computer_throws(match: Any) -> bool:
    """Whether the chance step now belongs to computer seats only (a table of computers, or the
    computer whose move it follows)."""
    if match.actor != CHANCE or match.mode != "simulated":
        return False
    players = match.setup.players
    owners = chance_owners(match) or tuple(range(len(players)))
    return all(players[s].computer is not None for s in owners)
