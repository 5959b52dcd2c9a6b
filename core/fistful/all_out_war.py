"""All-Out War! (2-4 players): the battle engine with counters on the map of Scar."""
from core.fistful.battles import ALL_OUT_WAR as GAME
from core.fistful.battles import MAX_PLAYERS, MIN_PLAYERS

SPEC = GAME.spec

__all__ = ["GAME", "MAX_PLAYERS", "MIN_PLAYERS", "SPEC"]
