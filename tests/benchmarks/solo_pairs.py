"""Solitaire strength in paired sessions: each player spec plays a session on the same seed (so
the same throws land the same way), the higher total wins the pair, a tie counts half."""
from __future__ import annotations

from core.ai import make_player
from core.game import CHANCE
from core.match import Match
from core.registry import GAMES


def session_total(spec: str, seed: int, games: int = 1, iterations: int | None = None) -> int:
    """The sheet total of one session of `games` games played by `spec` on the match seed `seed`."""
    game = GAMES["solitaire"]
    setup = game.default_setup(1)
    if games != 1:
        import msgspec
        setup = msgspec.structs.replace(setup, games=games)
    match = Match.new("solitaire", setup, seed=seed)
    player = make_player("solitaire", spec, seed=seed * 31 + 7, iterations=iterations)
    while not match.is_over:
        if match.actor == CHANCE:
            match.play_chance()
        else:
            match.apply(player.choose(match, 0))
    state = match.state
    return sum(state.sheet.total(g) for g in range(setup.games))


def paired_rate(spec: str, rival: str, sessions: int, first_seed: int = 0) -> float:
    """`spec`'s share of paired sessions won against `rival` (ties half)."""
    won = 0.0
    for seed in range(first_seed, first_seed + sessions):
        mine, theirs = session_total(spec, seed), session_total(rival, seed)
        won += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return won / sessions
