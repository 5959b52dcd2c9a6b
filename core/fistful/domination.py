"""Domination! (Battle Arena game, 2-4 players): the battle engine with the arena's discs."""
from core.fistful.battles import DOMINATION as GAME
from core.fistful.battles import MAX_PLAYERS, MIN_PLAYERS

SPEC = GAME.spec

__all__ = ["GAME", "MAX_PLAYERS", "MIN_PLAYERS", "SPEC"]
